//! The ui's only way in: thin commands that turn calls into core Ops (or read the session store).
//! Each is listed in build.rs so the window's capability can grant exactly these.

pub mod app;
pub mod folders;
pub mod history;
pub mod session;
