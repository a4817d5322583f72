//! The protocol between the engine and its front ends.
//!
//! A front end sends [`Submission`]s (an [`Op`] with an id) and receives [`Event`]s.
//! The same events, one JSON object per line, are the session log, the `exec --json`
//! output, the desktop app's feed and what the ACP adapter translates for editors.
//! This crate holds only types: no I/O, no async runtime.

mod computer;
mod error;
mod event;
mod listing;
mod op;
mod tool;

pub use computer::*;
pub use error::*;
pub use event::*;
pub use listing::*;
pub use op::*;
pub use tool::*;

/// Version of the event schema written at the top of every session log.
pub const PROTOCOL_VERSION: u32 = 1;
