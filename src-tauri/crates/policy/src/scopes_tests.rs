//! Scopes through the gate, as every front end reaches them: what "always" on one call offers,
//! and which later calls then pass without asking.

use std::path::{Path, PathBuf};

use oi_protocol::{
    ApprovalPolicy, ApprovalScope, CallOrigin, Decider, InputActionRecord, Remembered, ToolAction,
    ToolCall, WindowInfo,
};
use serde_json::json;

use super::*;
use crate::approvals::ApprovalStore;
use crate::gate::{ApprovalGate, GatePaths, Verdict};

fn call(name: &str, action: ToolAction) -> ToolCall {
    ToolCall {
        call_id: "c".into(),
        wire_id: None,
        name: name.into(),
        arguments: json!({}),
        origin: CallOrigin::Native,
        action,
    }
}

fn code(language: &str, code: &str) -> ToolCall {
    call(
        "execute",
        ToolAction::RunCode {
            language: language.into(),
            code: code.into(),
        },
    )
}

fn shell(text: &str) -> ToolCall {
    code("shell", text)
}

fn edit() -> ToolCall {
    call("Edit", ToolAction::edit(String::new(), json!({})))
}

fn screen(action: &str, app: &str) -> ToolCall {
    call(
        "computer",
        ToolAction::Computer {
            action: action.into(),
            arguments: json!({"action": action}),
            plan: Some(Box::new(InputActionRecord {
                action: action.into(),
                target_window: Some(WindowInfo {
                    id: None,
                    title: format!("{app} window"),
                    app_name: app.into(),
                    pid: None,
                    bounds: None,
                }),
                ..Default::default()
            })),
        },
    )
}

fn gate_in(project: &Path) -> ApprovalGate {
    ApprovalGate::new(ApprovalPolicy::Ask).with_paths(GatePaths {
        project: project.to_path_buf(),
        ..Default::default()
    })
}

/// Asks about `first`, answers "always" with the offer whose label starts with `pick`, and
/// returns the gate with it remembered.
fn approve_always(
    mut gate: ApprovalGate,
    first: &ToolCall,
    writes: &[PathBuf],
    pick: &str,
) -> ApprovalGate {
    let Verdict::Ask { scopes, .. } = gate.check(first, writes) else {
        panic!("{first:?} should ask")
    };
    let offer = scopes
        .iter()
        .find(|o| o.label.starts_with(pick))
        .unwrap_or_else(|| panic!("no offer `{pick}` in {scopes:?}"));
    gate.remember(&offer.scope, &scopes).unwrap();
    gate
}

fn passes(gate: &ApprovalGate, call: &ToolCall, writes: &[PathBuf]) -> bool {
    match gate.check(call, writes) {
        Verdict::Run(Decider::RememberedApproval) => true,
        Verdict::Ask { .. } => false,
        other => panic!("{call:?}: {other:?}"),
    }
}

#[test]
fn a_shell_prefix_approves_that_command_and_nothing_it_could_hide() {
    let gate = approve_always(
        gate_in(Path::new("/w")),
        &shell("git status"),
        &[],
        "commands starting `git status`",
    );
    for (code, pass) in [
        ("git status", true),
        ("git status -s", true),
        ("git status && git status -s", true),
        ("(git status)", true),
        ("git push", false),
        ("git", false),
        ("git statusx", false),
        ("git status; rm -rf x", false),
        ("git status && rm -rf x", false),
        ("git status | sh", false),
        ("(git status; rm -rf x)", false),
        ("sudo git status", false),
        ("env X=1 git status", false),
        ("X=1 git status", false),
        ("bash -c 'git push'", false),
        ("bash -c 'git status'", false),
        ("git status > out.txt", false),
        ("git status $(rm -rf x)", false),
        ("git status `rm -rf x`", false),
    ] {
        assert_eq!(passes(&gate, &shell(code), &[]), pass, "{code}");
    }
    // Shell approvals never approve other languages.
    assert!(!passes(&gate, &code("python", "git status"), &[]));
}

#[test]
fn prefixes_are_never_a_program_alone_and_wrappers_are_whole_commands() {
    let offered = |text: &str| -> Vec<String> {
        match gate_in(Path::new("/w")).check(&shell(text), &[]) {
            Verdict::Ask { scopes, .. } => scopes.into_iter().map(|o| o.label).collect(),
            other => panic!("{other:?}"),
        }
    };
    assert_eq!(
        offered("git push origin main"),
        ["commands starting `git push`, this session"]
    );
    assert_eq!(
        offered("sudo git status"),
        ["commands starting `sudo git status`, this session"]
    );
    assert_eq!(
        offered("bash -c 'git push'"),
        ["commands starting `bash -c 'git push'`, this session"]
    );
    assert_eq!(
        offered("git -C /x push"),
        ["commands starting `git -C /x push`, this session"]
    );
    assert_eq!(offered("ls"), ["the command `ls` (exactly), this session"]);
    // A compound block has no one prefix: "always" is not offered.
    assert!(offered("git status && git diff").is_empty());
    // `sudo git status` approved does not approve `sudo rm`.
    let gate = approve_always(
        gate_in(Path::new("/w")),
        &shell("sudo git status"),
        &[],
        "commands",
    );
    assert!(passes(&gate, &shell("sudo git status"), &[]));
    assert!(!passes(&gate, &shell("sudo rm -rf /"), &[]));
    assert!(!passes(&gate, &shell("git status"), &[]));
}

#[test]
fn code_is_approved_per_tool_and_canonical_language() {
    let gate = approve_always(
        gate_in(Path::new("/w")),
        &code("python", "print(1)"),
        &[],
        "python code through `execute`",
    );
    assert!(passes(
        &gate,
        &code("python", "import os; os.remove('x')"),
        &[]
    ));
    for other in [
        code("shell", "rm -rf x"),
        code("javascript", "1"),
        call(
            "python",
            ToolAction::RunCode {
                language: "python".into(),
                code: "1".into(),
            },
        ),
    ] {
        assert!(!passes(&gate, &other, &[]), "{other:?}");
    }
    // Shell code is never offered "every shell block".
    match gate_in(Path::new("/w")).check(&shell("echo a\necho b"), &[]) {
        Verdict::Ask { scopes, .. } => assert!(scopes.is_empty(), "{scopes:?}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_file_scope_approves_that_file_and_a_folder_scope_what_is_below_it() {
    let t = tempfile::tempdir().unwrap();
    let w = t.path().canonicalize().unwrap();
    std::fs::create_dir_all(w.join("src/deep")).unwrap();
    std::fs::create_dir_all(w.join("other")).unwrap();
    std::os::unix::fs::symlink(w.join("other"), w.join("src/link")).unwrap();
    let a = w.join("src/a.rs");
    let offers = match gate_in(&w).check(&edit(), std::slice::from_ref(&a)) {
        Verdict::Ask { scopes, .. } => scopes,
        other => panic!("{other:?}"),
    };
    let labels: Vec<&str> = offers.iter().map(|o| o.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "edits of src/a.rs, this session",
            "edits of files under src/, this session"
        ]
    );
    assert_eq!(
        offers[0].scope,
        ApprovalScope::File {
            path: a.display().to_string(),
            remembered: Remembered::Session
        }
    );
    let file = approve_always(
        gate_in(&w),
        &edit(),
        std::slice::from_ref(&a),
        "edits of src/a.rs",
    );
    let folder = approve_always(
        gate_in(&w),
        &edit(),
        std::slice::from_ref(&a),
        "edits of files under",
    );
    for (path, by_file, by_folder) in [
        ("src/a.rs", true, true),
        ("src/./a.rs", true, true),
        ("src/b.rs", false, true),
        ("src/deep/c.rs", false, true),
        ("src/../x", false, false),
        ("src/../../x", false, false),
        ("../x", false, false),
        ("src", false, false),
        ("src/link/escape.rs", false, false),
    ] {
        let writes = [w.join(path)];
        assert_eq!(passes(&file, &edit(), &writes), by_file, "file: {path}");
        assert_eq!(
            passes(&folder, &edit(), &writes),
            by_folder,
            "folder: {path}"
        );
    }
    // Every file a call writes must be covered; a call whose files are unknown asks.
    assert!(!passes(
        &folder,
        &edit(),
        &[w.join("src/b.rs"), w.join("x.rs")]
    ));
    assert!(passes(
        &folder,
        &edit(),
        &[w.join("src/b.rs"), w.join("src/deep/d.rs")]
    ));
    assert!(!passes(&folder, &edit(), &[]));
    // An edit approval is not a code approval.
    assert!(!passes(&folder, &shell("touch src/b.rs"), &[]));
}

#[test]
fn an_app_scope_approves_actions_in_that_app_only() {
    let gate = approve_always(
        gate_in(Path::new("/w")),
        &screen("left_click", "xterm"),
        &[],
        "screen actions in xterm",
    );
    assert!(passes(&gate, &screen("type", "xterm"), &[]));
    assert!(!passes(&gate, &screen("left_click", "Firefox"), &[]));
    assert!(!passes(&gate, &screen("left_click", ""), &[]));
    let unplanned = call(
        "computer",
        ToolAction::Computer {
            action: "left_click".into(),
            arguments: json!({}),
            plan: None,
        },
    );
    assert!(!passes(&gate, &unplanned, &[]));
    match gate_in(Path::new("/w")).check(&unplanned, &[]) {
        Verdict::Ask { scopes, .. } => assert!(scopes.is_empty()),
        other => panic!("{other:?}"),
    }
}

#[test]
fn project_approvals_keep_their_keys_across_restarts() {
    let t = tempfile::tempdir().unwrap();
    let w = t.path().join("w");
    std::fs::create_dir_all(w.join("src")).unwrap();
    let w = w.canonicalize().unwrap();
    let data = t.path().join("data");
    let fresh = || {
        gate_in(&w)
            .with_store(ApprovalStore::in_data_dir(&data))
            .unwrap()
    };
    let a = w.join("src/a.rs");
    let mut gate = approve_always(
        fresh(),
        &shell("git status"),
        &[],
        "commands starting `git status`, in this project",
    );
    gate = approve_always(
        gate,
        &code("python", "1"),
        &[],
        "python code through `execute`, in this project",
    );
    gate = approve_always(
        gate,
        &edit(),
        std::slice::from_ref(&a),
        "edits of src/a.rs, in this project",
    );
    approve_always(
        gate,
        &screen("key", "xterm"),
        &[],
        "screen actions in xterm, in this project",
    );
    // A new gate (a new session) loads them from the file.
    let gate = fresh();
    assert!(passes(&gate, &shell("git status -s"), &[]));
    assert!(!passes(&gate, &shell("git push"), &[]));
    assert!(passes(&gate, &code("python", "2"), &[]));
    assert!(!passes(&gate, &code("javascript", "2"), &[]));
    assert!(passes(&gate, &edit(), std::slice::from_ref(&a)));
    assert!(!passes(&gate, &edit(), &[w.join("src/b.rs")]));
    assert!(passes(&gate, &screen("key", "xterm"), &[]));
    assert!(!passes(&gate, &screen("key", "Firefox"), &[]));
    // Session-only answers are gone.
    let mut gate = fresh();
    let Verdict::Ask { scopes, .. } = gate.check(&shell("make test"), &[]) else {
        panic!()
    };
    gate.remember(&scopes[0].scope, &scopes).unwrap();
    assert!(!passes(&fresh(), &shell("make test"), &[]));
    // Another project inherits nothing.
    let elsewhere = gate_in(t.path())
        .with_store(ApprovalStore::in_data_dir(&data))
        .unwrap();
    assert!(!passes(&elsewhere, &shell("git status"), &[]));
}

#[test]
fn offers_name_keys_that_read_back_as_themselves() {
    let w = Path::new("/w");
    for key in [
        ScopeKey::CommandPrefix {
            command: crate::rules::CommandPattern::parse("bash -c 'a b'").unwrap(),
        },
        ScopeKey::Code {
            tool: "execute".into(),
            language: "python".into(),
        },
        ScopeKey::File {
            path: "/w/a b.rs".into(),
        },
        ScopeKey::Folder { path: "/w".into() },
        ScopeKey::App {
            app: "xterm".into(),
        },
        ScopeKey::Tool {
            tool: "mcp__x__y".into(),
        },
    ] {
        for r in [Remembered::Session, Remembered::Project] {
            let offer = key.offer(r, w);
            assert_eq!(ScopeKey::of(&offer.scope), Some((key.clone(), r)), "{key}");
        }
    }
    assert_eq!(ScopeKey::of(&ApprovalScope::Session), None);
}
