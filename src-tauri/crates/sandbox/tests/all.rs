//! One test binary for the crate (see STYLE.md); the suites live in `suite/`.
// Helpers outside #[test] functions panic on purpose too.
#![allow(clippy::unwrap_used, clippy::expect_used)]
mod suite;
