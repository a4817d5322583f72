//! The app's tests: commands over Tauri's mock runtime, and the whole app under Xvfb through
//! tauri-driver and WebKitWebDriver.

// Helpers outside #[test] fns panic on purpose too (clippy.toml covers only the test fns).
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::print_stderr)]

mod suite;
