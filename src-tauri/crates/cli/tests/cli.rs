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

#[test]
fn profiles_lists_the_builtins_and_the_persons_own() {
    let dir = tempfile::tempdir().unwrap();
    let own = dir.path().join("open-interpreter/profiles/terse");
    std::fs::create_dir_all(&own).unwrap();
    std::fs::write(
        own.join("profile.toml"),
        "id = \"terse\"\nname = \"Terse\"\nemulates = \"my own short prompt\"\ntool_style = \"native\"\ntools = [\"Bash\"]\nsystem = [\"system.md\"]\n",
    )
    .unwrap();
    std::fs::write(own.join("system.md"), "Be brief.\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_interpreter"))
        .env("XDG_CONFIG_HOME", dir.path())
        .env("XDG_DATA_HOME", dir.path())
        .arg("--profiles")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let rows: Vec<Vec<&str>> = text
        .lines()
        .map(|l| l.split_whitespace().collect())
        .collect();
    let ids: Vec<&str> = rows
        .iter()
        .skip(1)
        .filter_map(|r| r.first().copied())
        .take_while(|id| *id != "use")
        .collect();
    let mut expected = oi_core::profile::Profile::builtin_ids();
    expected.push("terse");
    assert_eq!(ids, expected, "{text}");
    assert!(text.contains("claude-code    native tools"), "{text}");
    assert!(text.contains("my own short prompt (yours)"), "{text}");
    assert!(!text.contains("NativeOrFenced"), "{text}");
}
