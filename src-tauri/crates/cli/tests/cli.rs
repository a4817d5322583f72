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
    let rows = config_rows(
        dir.path(),
        &[
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
        ],
    );
    assert_eq!(row(&rows, "approval"), ("auto", "command line"));
    assert_eq!(row(&rows, "max_output"), ("9", "command line"));
    assert_eq!(row(&rows, "context_window"), ("Some(4096)", "command line"));
    assert_eq!(row(&rows, "api_key"), ("(set, hidden)", "command line"));
    assert!(
        rows.iter().all(|(_, value, _)| !value.contains("\"k\"")),
        "the key is never printed: {rows:?}"
    );
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
    let text = run_ok(dir.path(), &["--profiles"]);
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

/// `interpreter ARGS` with its config and data in `dir`, which must succeed: its stdout.
fn run_ok(dir: &std::path::Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_interpreter"))
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_DATA_HOME", dir)
        .current_dir(dir)
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `--config` rows as (setting, value, source).
fn config_rows(dir: &std::path::Path, args: &[&str]) -> Vec<(String, String, String)> {
    let args: Vec<&str> = std::iter::once("--config")
        .chain(args.iter().copied())
        .collect();
    run_ok(dir, &args)
        .lines()
        .filter_map(|l| {
            let (key, rest) = l.split_once(' ')?;
            let (value, source) = rest.trim().rsplit_once('(')?;
            Some((
                key.to_string(),
                value.trim().to_string(),
                source.trim_end_matches(')').to_string(),
            ))
        })
        .collect()
}

fn row<'a>(rows: &'a [(String, String, String)], key: &str) -> (&'a str, &'a str) {
    let (_, value, source) = rows
        .iter()
        .find(|(k, _, _)| k == key)
        .unwrap_or_else(|| panic!("no {key} in {rows:?}"));
    (value, source)
}

#[test]
fn a_profiles_approval_and_sandbox_apply_unless_the_person_chose() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // codex asks and runs code in a workspace-write sandbox of its own accord.
    let rows = config_rows(d, &["--profile", "codex"]);
    assert_eq!(row(&rows, "approval"), ("ask", "profile codex"));
    assert_eq!(row(&rows, "sandbox"), ("native", "profile codex"));
    assert_eq!(
        row(&rows, "sandbox_level"),
        ("workspace-write", "profile codex")
    );
    // The person's flags win, and a backend they chose takes the profile's level.
    let rows = config_rows(d, &["--profile", "codex", "--sandbox", "none", "-y"]);
    assert_eq!(row(&rows, "approval"), ("auto", "command line"));
    assert_eq!(row(&rows, "sandbox"), ("none", "command line"));
    let rows = config_rows(d, &["--profile", "codex", "-s", "read-only"]);
    assert_eq!(row(&rows, "sandbox_level"), ("read-only", "command line"));
    // classic sets no sandbox.
    let rows = config_rows(d, &[]);
    assert_eq!(row(&rows, "sandbox"), ("none", "default"));
    assert_eq!(row(&rows, "approval"), ("ask", "profile classic"));

    // config.toml wins over the profile; a person's own profile sets its own defaults.
    let conf = d.join("open-interpreter");
    let mine = conf.join("profiles/yolo");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(
        mine.join("profile.toml"),
        "id = \"yolo\"\nname = \"Yolo\"\nemulates = \"nothing\"\ntool_style = \"native\"\n\
         tools = [\"Bash\"]\nsystem = [\"system.md\"]\n[defaults]\napproval = \"auto\"\nsandbox = \"read-only\"\n",
    )
    .unwrap();
    std::fs::write(mine.join("system.md"), "Go.\n").unwrap();
    let rows = config_rows(d, &["--profile", "yolo"]);
    assert_eq!(row(&rows, "approval"), ("auto", "profile yolo"));
    assert_eq!(row(&rows, "sandbox_level"), ("read-only", "profile yolo"));
    std::fs::write(
        conf.join("config.toml"),
        "auto_run = false\nsandbox = \"none\"\n",
    )
    .unwrap();
    let rows = config_rows(d, &["--profile", "yolo"]);
    let file = conf.join("config.toml").display().to_string();
    assert_eq!(row(&rows, "approval"), ("ask", file.as_str()));
    assert_eq!(row(&rows, "sandbox"), ("none", file.as_str()));
}
