//! The binaries start and describe themselves. (Having an integration test here also makes
//! `cargo test --workspace` build `interpreter` and `i`, which the product tests in tests/ run.)
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::process::Command;

#[test]
fn version_and_help() {
    let out = Command::new(env!("CARGO_BIN_EXE_interpreter"))
        .arg("--version")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("interpreter {}", env!("CARGO_PKG_VERSION"))
    );
    let out = Command::new(env!("CARGO_BIN_EXE_interpreter"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    for flag in [
        "--model",
        "--api-base",
        "--auto-run",
        "--max-output",
        "--resume",
        "--conversations",
        "--profiles",
        "exec",
    ] {
        assert!(help.contains(flag), "{flag} missing from --help:\n{help}");
    }
    let out = Command::new(env!("CARGO_BIN_EXE_i"))
        .arg("--version")
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn classic_flag_spellings_are_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_interpreter"))
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .args([
            "--config",
            "--auto_run",
            "--api_base",
            "http://x",
            "--max_output",
            "9",
            "--context_window",
            "4096",
            "--max_tokens",
            "100",
            "--system_message",
            "s",
            "--custom_instructions",
            "c",
            "--api_key",
            "k",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("auto_run") && text.contains("true"), "{text}");
    assert!(!text.contains("\"k\""), "the key is never printed: {text}");
}
