//! What may run without asking, what a person must see first, and what never runs.
//!
//! - [`gate`]: every side effect of a session passes [`gate::ApprovalGate::check`], which
//!   answers run, ask (with the findings and the "always" scopes it would accept) or deny.
//! - [`rules`]: the command rules (`forbid` / `prompt` / `allow`) and how a command is read
//!   through wrappers, interpreters and spawns, so other spellings of it are caught.
//! - [`scopes`]: what an "always" answer approves, and how a later call is matched against it.
//! - [`approvals`]: the approvals remembered per project, in one file in the data directory.
//!
//! It knows nothing of sessions, profiles or front ends: the engine (oi-core) asks it about a
//! [`oi_protocol::ToolCall`] and the files the call will write.

pub mod approvals;
pub mod gate;
pub mod rules;
pub mod scopes;
