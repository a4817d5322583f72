use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// What a logged session is doing, as session lists show it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SessionStatus {
    /// Its engine runs and an approval waits for a person.
    WaitingForApproval,
    /// Its engine runs a turn.
    Working,
    /// Its engine runs, between turns.
    Idle,
    /// No engine writes its log any more (shut down, or its process ended).
    Ended,
}

/// One session as lists show it: what the engine's index beside the logs says, never a
/// front end's own reading of a log.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SessionListing {
    pub id: String,
    /// The first words the person wrote (empty before the first message).
    pub title: String,
    /// The folder it works in (unknown for some old logs).
    pub cwd: Option<String>,
    pub model: String,
    pub profile: String,
    /// When its first event was logged, in milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub created_ms: u64,
    /// When its last event was logged.
    #[ts(type = "number")]
    pub updated_ms: u64,
    pub status: SessionStatus,
    /// Tokens the model read and wrote over the whole session.
    #[ts(type = "number")]
    pub input_tokens: u64,
    #[ts(type = "number")]
    pub output_tokens: u64,
    /// Events logged.
    #[ts(type = "number")]
    pub events: u64,
}
