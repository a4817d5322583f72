//! Errors as the ui sees them: `{code, message}`, a small code to match on and a sentence for people.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

#[derive(Debug, thiserror::Error)]
pub enum CommandError {
    #[error("there is no session {0} in this window")]
    UnknownSession(String),
    #[error("the session {0} has ended")]
    SessionEnded(String),
    #[error("the session could not start: {0}")]
    SessionStart(#[from] oi_core::SessionError),
    #[error("{0}")]
    SessionLog(#[from] oi_core::store::StoreError),
    #[error("no data directory: set XDG_DATA_HOME or HOME")]
    NoDataDir,
    #[error("{0}")]
    InvalidRequest(String),
    #[error(transparent)]
    Folder(#[from] crate::folders::FolderError),
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
}

impl CommandError {
    /// The stable code the ui matches on.
    pub fn code(&self) -> &'static str {
        match self {
            CommandError::UnknownSession(_) => "unknown_session",
            CommandError::SessionEnded(_) => "session_ended",
            CommandError::SessionStart(_) => "session_start",
            CommandError::SessionLog(_) => "session_log",
            CommandError::NoDataDir => "no_data_dir",
            CommandError::InvalidRequest(_) => "invalid_request",
            CommandError::Folder(_) => "folder",
            CommandError::Read { .. } => "read",
        }
    }
}

impl Serialize for CommandError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("CommandError", 2)?;
        s.serialize_field("code", self.code())?;
        s.serialize_field("message", &self.to_string())?;
        s.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_code_and_message() {
        let v = serde_json::to_value(CommandError::UnknownSession("abc".into())).unwrap();
        assert_eq!(
            v,
            serde_json::json!({"code": "unknown_session", "message": "there is no session abc in this window"})
        );
    }
}
