//! The gate (oi-policy) on calls as the engine builds them: actions parsed from a profile's
//! tool calls, and the files the engine's tools will write.

use std::path::{Path, PathBuf};

use oi_core::profile::action_for;
use oi_policy::gate::{ApprovalGate, GatePaths, Verdict};
use oi_policy::rules::{CommandLists, CommandRules};
use oi_protocol::{ApprovalPolicy, CallOrigin, Decider, ToolAction, ToolCall};
use oi_tools::{FileWindow, ToolState, planned_writes_of};
use serde_json::json;

fn call(language: &str, code: &str) -> ToolCall {
    ToolCall {
        call_id: "c".into(),
        wire_id: None,
        name: "execute".into(),
        arguments: json!({}),
        origin: CallOrigin::Native,
        action: ToolAction::RunCode {
            language: language.into(),
            code: code.into(),
        },
    }
}

fn run(code: &str) -> ToolCall {
    call("shell", code)
}

fn write(path: &str) -> ToolCall {
    ToolCall {
        call_id: "w".into(),
        wire_id: None,
        name: "Write".into(),
        arguments: json!({"file_path": path, "content": "x"}),
        origin: CallOrigin::Native,
        action: ToolAction::edit(
            format!("Write {path}"),
            json!({"file_path": path, "content": "x"}),
        ),
    }
}

fn paths() -> GatePaths {
    GatePaths {
        project: "/w".into(),
        home: Some("/home/u".into()),
        config_dir: Some("/home/u/.config/open-interpreter".into()),
        approvals_file: Some("/home/u/.local/share/open-interpreter/approvals.json".into()),
    }
}

fn asks(v: &Verdict) -> bool {
    matches!(v, Verdict::Ask { .. })
}

#[test]
fn looking_at_the_screen_runs_and_acting_on_it_asks() {
    let computer = |action: &str| ToolCall {
        call_id: "c".into(),
        wire_id: None,
        name: "computer".into(),
        arguments: serde_json::json!({"action": action}),
        origin: CallOrigin::Native,
        action: action_for("computer", &serde_json::json!({"action": action})),
    };
    let gate = ApprovalGate::new(ApprovalPolicy::Ask);
    for action in ["screenshot", "cursor_position", "zoom", "wait"] {
        assert_eq!(
            gate.check(&computer(action), &[]),
            Verdict::Run(Decider::Policy),
            "{action}"
        );
    }
    for action in [
        "left_click",
        "type",
        "key",
        "left_click_drag",
        "scroll",
        "mouse_move",
    ] {
        assert!(
            matches!(gate.check(&computer(action), &[]), Verdict::Ask { .. }),
            "{action}"
        );
    }
    // The protocol's list agrees with the action parser's.
    for action in oi_computer::action::ACTION_NAMES {
        assert_eq!(
            computer(action).action.is_read_only(),
            oi_computer::is_read_only_action(action),
            "{action}"
        );
    }
}

#[test]
fn protected_paths_always_ask_even_under_auto_run() {
    let gate = ApprovalGate::new(ApprovalPolicy::Auto).with_paths(paths());
    let state = ToolState::default();
    for (c, why) in [
        (write("/home/u/.bashrc"), "shell startup file"),
        (write(".git/hooks/pre-commit"), ".git"),
        (
            write("/home/u/.config/open-interpreter/config.toml"),
            "own configuration",
        ),
        (run("echo 'key' >> ~/.ssh/authorized_keys"), "SSH keys"),
    ] {
        match gate.check(&c, &planned_writes_of(&c, Path::new("/w"), &state)) {
            Verdict::Ask { risks, .. } => {
                assert_eq!(risks[0].rule, "protected-path");
                assert!(risks[0].reason.contains(why), "{:?}", risks[0]);
            }
            other => panic!("{c:?}: {other:?}"),
        }
    }
    let own = run("echo '{}' > ~/.local/share/open-interpreter/approvals.json");
    assert!(
        asks(&gate.check(&own, &[])),
        "the approvals file is protected"
    );
    let fine = write("notes.txt");
    assert_eq!(
        gate.check(&fine, &planned_writes_of(&fine, Path::new("/w"), &state)),
        Verdict::Run(Decider::Policy)
    );
    let input = json!({"input": "*** Begin Patch\n*** Add File: ok.txt\n+x\n*** Update File: .git/config\n@@\n-a\n+b\n*** End Patch"});
    let patch = ToolCall {
        name: "apply_patch".into(),
        arguments: input.clone(),
        action: ToolAction::edit(String::new(), input),
        ..fine
    };
    assert_eq!(
        planned_writes_of(&patch, Path::new("/w"), &state),
        vec![PathBuf::from("/w/ok.txt"), PathBuf::from("/w/.git/config")]
    );
    assert!(asks(&gate.check(
        &patch,
        &planned_writes_of(&patch, Path::new("/w"), &state)
    )));
    // SWE-agent's `edit` names no file: it writes the one open in its window.
    let lines = json!({"start_line": 1, "end_line": 1, "replacement": "x"});
    let edit = ToolCall {
        name: "edit".into(),
        arguments: lines.clone(),
        action: ToolAction::edit(String::new(), lines),
        ..patch
    };
    let mut state = state;
    state.window = Some(FileWindow {
        path: "/home/u/.bashrc".into(),
        first_line: 1,
    });
    assert!(asks(&gate.check(
        &edit,
        &planned_writes_of(&edit, Path::new("/w"), &state)
    )));
}

#[test]
fn the_language_is_the_canonical_one_or_nothing_runs() {
    let mut rules = CommandRules::default();
    rules
        .add(
            &CommandLists {
                forbid: vec!["touch".into()],
                ..Default::default()
            },
            Path::new("config.toml"),
            false,
        )
        .unwrap();
    let gate = ApprovalGate::new(ApprovalPolicy::Auto).with_rules(rules);
    let action =
        |language: &str| action_for("execute", &json!({"language": language, "code": "touch x"}));
    for alias in ["console", "terminal", "bash ", "SH", "zsh"] {
        let built = ToolCall {
            action: action(alias),
            ..call(alias, "")
        };
        assert_eq!(
            built.action,
            ToolAction::RunCode {
                language: "shell".into(),
                code: "touch x".into()
            }
        );
        assert!(
            matches!(
                gate.check(&built, &[]),
                Verdict::Deny {
                    decider: Decider::Rule,
                    ..
                }
            ),
            "{alias:?}"
        );
    }
    // An alias that skipped the canonical step is refused, not judged as something else.
    for language in ["console", "cobol"] {
        match gate.check(&call(language, "touch x"), &[]) {
            Verdict::Deny { decider, reason } => {
                assert_eq!(decider, Decider::Policy);
                assert!(
                    reason.contains(&format!("`{language}` is not a language this engine runs")),
                    "{reason}"
                );
            }
            other => panic!("{language}: {other:?}"),
        }
    }
}
