use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// An error as front ends see it: a small kind to match on and a message for people.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ErrorInfo {
    pub kind: ErrorKind,
    pub message: String,
    /// What the person can do about it, when we know.
    pub hint: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ErrorKind {
    /// 401/403 from the provider.
    Authentication,
    /// The provider does not know the model.
    UnknownModel,
    /// The conversation no longer fits the model's context.
    ContextOverflow,
    /// Nothing answers at the model endpoint.
    ConnectionRefused,
    /// 429 after all retries.
    RateLimited,
    /// Any other provider failure (5xx after retries, malformed stream).
    Provider,
    /// The model wrote something the profile could not parse.
    ModelOutput,
    /// A kernel or command could not run.
    Execution,
    /// The sandbox asked for cannot be enforced here: nothing runs until another is chosen.
    SandboxUnavailable,
    /// Bad configuration or a bad request from a front end.
    InvalidRequest,
    /// The session log could not be written or read.
    SessionLog,
    Internal,
}
