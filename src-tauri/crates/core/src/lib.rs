//! The Open Interpreter engine: one task per session, the turn loop, model clients,
//! harness profiles, the approval gate and the session log.
//!
//! Front ends call [`spawn_session`] and talk to the session only through its queues.

mod client_shell;
mod coaching;
mod computer;
mod computer_api;
mod emitter;
mod files_api;
mod input;
pub mod mcp;
mod ops;
pub mod sandbox;
mod session;
pub mod settings;
pub mod store;
mod turn;

pub use oi_model as model;
use oi_model::context;
pub use oi_model::history;
pub use oi_profile as profile;

pub use session::{SessionConfig, SessionError, SessionHandle, SessionRequest, spawn_session};
