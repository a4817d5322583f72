//! The Open Interpreter engine: one task per session, the turn loop, model clients,
//! harness profiles, the approval gate and the session log.
//!
//! Front ends call [`spawn_session`] and talk to the session only through its queues.

mod approval;
mod client_shell;
mod coaching;
mod computer;
mod computer_api;
mod emitter;
mod files_api;
mod input;
mod kernel_lines;
pub mod mcp;
mod ops;
mod repetition;
mod request_files;
mod run;
mod runtime;
pub mod sandbox;
mod screen;
mod session;
mod session_config;
pub mod settings;
pub mod store;
mod turn;

pub use oi_model as model;
use oi_model::context;
pub use oi_model::history;
pub use oi_profile as profile;

pub use session::{SessionError, SessionHandle, spawn_session};
pub use session_config::{SessionConfig, SessionRequest};
