//! The ui's own tests (vitest with Tauri's mockIPC), run here so the workspace's test command
//! covers them.

use std::process::Command;

#[test]
fn vitest_passes() {
    let ui = manifest_dir().join("../ui");
    assert!(
        ui.join("node_modules").is_dir(),
        "run `npm ci` in ui/ first (cargo build does it too)"
    );
    let out = Command::new("npm")
        .args(["run", "--silent", "test"])
        .current_dir(&ui)
        .output()
        .expect("npm is needed for the ui tests");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out.status.success(), "vitest failed:\n{text}");
    assert!(text.contains("passed"), "vitest ran no test:\n{text}");
}

/// This package's directory, read when the test runs (cargo and nextest set it): a test binary
/// built from another checkout of the same commit may be reused, so `env!` could name a stale path.
fn manifest_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
}
