//! The TypeScript bindings in ui/src/bindings are generated from these types.
//! This test fails when they drift; `UPDATE_BINDINGS=1 cargo test -p oi-protocol` rewrites them.
#![allow(clippy::unwrap_used)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use oi_protocol::{Event, SessionListing, Submission};
use ts_rs::TS;

fn bindings_dir() -> PathBuf {
    manifest_dir().join("../../../ui/src/bindings")
}

fn read_dir(dir: &Path) -> BTreeMap<String, String> {
    let mut files = BTreeMap::new();
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ts") {
                let name = entry.file_name().to_string_lossy().into_owned();
                files.insert(name, std::fs::read_to_string(&path).unwrap());
            }
        }
    }
    files
}

#[test]
fn typescript_bindings_match_the_protocol() {
    let tmp = tempfile::tempdir().unwrap();
    let cfg = ts_rs::Config::new().with_out_dir(tmp.path());
    Submission::export_all(&cfg).unwrap();
    Event::export_all(&cfg).unwrap();
    SessionListing::export_all(&cfg).unwrap();
    let generated = read_dir(tmp.path());
    assert!(
        generated.contains_key("EventMsg.ts"),
        "{:?}",
        generated.keys()
    );

    let dir = bindings_dir();
    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        std::fs::create_dir_all(&dir).unwrap();
        for old in read_dir(&dir).keys() {
            std::fs::remove_file(dir.join(old)).unwrap();
        }
        for (name, text) in &generated {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    let committed = read_dir(&dir);
    pretty_assertions::assert_eq!(
        committed.keys().collect::<Vec<_>>(),
        generated.keys().collect::<Vec<_>>(),
        "ui/src/bindings is out of date: run `UPDATE_BINDINGS=1 cargo test -p oi-protocol`"
    );
    for (name, text) in &generated {
        pretty_assertions::assert_eq!(
            &committed[name],
            text,
            "ui/src/bindings/{name} is out of date: run `UPDATE_BINDINGS=1 cargo test -p oi-protocol`"
        );
    }
}

#[test]
fn events_are_one_json_line_with_a_type_tag() {
    let event = Event {
        id: "s1".into(),
        seq: 3,
        time_ms: 1,
        msg: oi_protocol::EventMsg::AssistantTextDelta {
            delta: "a\nb".into(),
        },
    };
    let line = serde_json::to_string(&event).unwrap();
    assert!(!line.contains('\n'));
    let value: serde_json::Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["msg"]["type"], "assistant_text_delta");
    let back: Event = serde_json::from_str(&line).unwrap();
    assert_eq!(back, event);
}

#[test]
fn submissions_parse_from_front_end_json() {
    let sub: Submission = serde_json::from_str(
        r#"{"id":"1","op":{"type":"approval","call_id":"c1","decision":{"type":"approve_always","scope":{"type":"command_prefix","prefix":"git status","remembered":"project"}}}}"#,
    )
    .unwrap();
    assert_eq!(
        sub.op,
        oi_protocol::Op::Approval {
            call_id: "c1".into(),
            decision: oi_protocol::ApprovalDecision::ApproveAlways {
                scope: oi_protocol::ApprovalScope::CommandPrefix {
                    prefix: "git status".into(),
                    remembered: oi_protocol::Remembered::Project,
                }
            }
        }
    );
}

#[test]
fn decisions_of_older_logs_still_parse() {
    use oi_protocol::{ApprovalScope, Remembered};
    let scope = |json: &str| serde_json::from_str::<ApprovalScope>(json).unwrap();
    assert_eq!(scope(r#"{"type":"session"}"#), ApprovalScope::Session);
    assert_eq!(
        scope(r#"{"type":"command_prefix","prefix":"git status"}"#),
        ApprovalScope::CommandPrefix {
            prefix: "git status".into(),
            remembered: Remembered::Session
        }
    );
    assert_eq!(
        scope(r#"{"type":"project_command_prefix","prefix":"git status"}"#),
        ApprovalScope::ProjectCommandPrefix {
            prefix: "git status".into()
        }
    );
    // An approval request of an older log has no scopes.
    let asked: oi_protocol::EventMsg = serde_json::from_str(
        r#"{"type":"approval_requested","call":{"call_id":"c","name":"execute","arguments":{},"origin":"native","action":{"type":"run_code","language":"shell","code":"ls"}},"warning":null}"#,
    )
    .unwrap();
    assert!(
        matches!(asked, oi_protocol::EventMsg::ApprovalRequested { scopes, .. } if scopes.is_empty())
    );
}

/// This package's directory, read when the test runs (cargo and nextest set it): a test binary
/// built from another checkout of the same commit may be reused, so `env!` could name a stale path.
fn manifest_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
}
