//! One test binary for the crate; the suites live in tests/suite/.
// clippy.toml allows these inside #[test] functions only; the shared helpers panic on purpose too.
#![allow(clippy::expect_used, clippy::unwrap_used)]

mod suite;
