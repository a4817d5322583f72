//! oi-acp's test binary: an ACP client in memory over pipes, plus the real binary under the
//! official TypeScript client.
// Test helpers outside `#[test]` functions may unwrap too (clippy.toml covers only the tests).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod suite;
