//! The ui's own tests (vitest with Tauri's mockIPC), run here so the workspace's test command
//! covers them.

use std::path::Path;
use std::process::Command;

#[test]
fn vitest_passes() {
    let ui = Path::new(env!("CARGO_MANIFEST_DIR")).join("../ui");
    assert!(ui.join("node_modules").is_dir(), "run `npm ci` in ui/ first (cargo build does it too)");
    let out = Command::new("npm").args(["run", "--silent", "test"]).current_dir(&ui).output().expect("npm is needed for the ui tests");
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "vitest failed:\n{text}");
    assert!(text.contains("passed"), "vitest ran no test:\n{text}");
}
