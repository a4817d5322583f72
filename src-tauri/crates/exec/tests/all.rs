//! One test binary for oi-exec: every test runs real interpreters (bash, python3, node).
// clippy.toml allows these inside #[test] functions; the shared helpers panic the same way.
#![allow(clippy::expect_used, clippy::unwrap_used)]
mod suite;
