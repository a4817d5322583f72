//! Errors as the ui sees them: `{code, message}`, a small code to match on and a sentence for people.

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

/// The stable code the ui matches on, one per [`CommandError`] kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export_to = "app/")]
pub enum ErrorCode {
    UnknownSession,
    SessionEnded,
    SessionStart,
    SessionLog,
    NoDataDir,
    InvalidRequest,
    Read,
    Folder,
}

/// How a [`CommandError`] reaches the ui.
#[derive(Serialize, ts_rs::TS)]
#[ts(export_to = "app/", rename = "CommandError")]
pub(crate) struct Shown {
    code: ErrorCode,
    /// A sentence for people.
    message: String,
}

impl CommandError {
    /// The stable code the ui matches on.
    pub fn code(&self) -> ErrorCode {
        match self {
            CommandError::UnknownSession(_) => ErrorCode::UnknownSession,
            CommandError::SessionEnded(_) => ErrorCode::SessionEnded,
            CommandError::SessionStart(_) => ErrorCode::SessionStart,
            CommandError::SessionLog(_) => ErrorCode::SessionLog,
            CommandError::NoDataDir => ErrorCode::NoDataDir,
            CommandError::InvalidRequest(_) => ErrorCode::InvalidRequest,
            CommandError::Folder(_) => ErrorCode::Folder,
            CommandError::Read { .. } => ErrorCode::Read,
        }
    }
}

impl Serialize for CommandError {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Shown {
            code: self.code(),
            message: self.to_string(),
        }
        .serialize(serializer)
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
