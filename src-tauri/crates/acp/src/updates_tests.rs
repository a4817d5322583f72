use super::*;
use oi_protocol::{ApprovalDecision, CallOrigin, Decider, OutputStream};
use pretty_assertions::assert_eq;
use serde_json::Value;

fn call(name: &str, action: ToolAction, arguments: Value) -> ToolCall {
    ToolCall {
        call_id: "c1".into(),
        wire_id: None,
        name: name.into(),
        arguments,
        origin: CallOrigin::Native,
        action,
    }
}

fn json_of(updates: Vec<SessionUpdate>) -> Value {
    serde_json::to_value(updates).unwrap()
}

#[test]
fn a_shell_run_is_an_execute_call_with_its_output_and_final_status() {
    let mut m = UpdateMapper::live(Path::new("/w"), Default::default());
    let c = call(
        "execute",
        ToolAction::RunCode {
            language: "shell".into(),
            code: "echo hi".into(),
        },
        json!({"code": "echo hi"}),
    );
    assert_eq!(
        json_of(m.map(&EventMsg::ToolCallProposed { call: c })),
        json!([{"sessionUpdate": "tool_call", "toolCallId": "c1", "title": "`echo hi`", "kind": "execute",
                "rawInput": {"code": "echo hi"}}])
    );
    let approved = EventMsg::ApprovalDecided {
        call_id: "c1".into(),
        decision: ApprovalDecision::Approve,
        decider: Decider::User,
    };
    assert_eq!(json_of(m.map(&approved))[0]["status"], json!("in_progress"));
    let out = m.map(&EventMsg::ExecOutput {
        call_id: "c1".into(),
        stream: OutputStream::Stdout,
        chunk: "hi\n".into(),
    });
    assert_eq!(
        json_of(out)[0]["content"],
        json!([{"type": "content", "content": {"type": "text", "text": "```console\nhi\n```"}}])
    );
    let done = json_of(m.map(&EventMsg::ToolResult {
        call_id: "c1".into(),
        output: "hi\n".into(),
        is_error: false,
    }));
    assert_eq!(done[0]["status"], json!("completed"));
    assert_eq!(
        done[0]["content"][0]["content"]["text"],
        json!("```console\nhi\n```")
    );
}

#[test]
fn file_changes_are_diffs_at_absolute_paths() {
    let mut m = UpdateMapper::live(Path::new("/w"), Default::default());
    let changes = vec![FileChange {
        path: "a.txt".into(),
        kind: FileChangeKind::Modified,
        diff: Some("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n".into()),
    }];
    let u = json_of(m.map(&EventMsg::FilesChanged {
        call_id: "c1".into(),
        changes,
    }));
    assert_eq!(
        u[0]["content"],
        json!([{"type": "diff", "path": "/w/a.txt", "oldText": "old\n", "newText": "new\n"}])
    );
    assert_eq!(u[0]["locations"], json!([{"path": "/w/a.txt"}]));
}

#[test]
fn an_edit_shows_the_engines_diff_before_it_runs_and_what_it_did_after() {
    let mut m = UpdateMapper::live(Path::new("/w"), Default::default());
    // Arguments no front end knows how to read: the engine's preview is all that is shown.
    let arguments = json!({"some_profiles_name": "x"});
    let edit = call(
        "Edit",
        ToolAction::EditFiles {
            summary: "Edit a.txt".into(),
            arguments: arguments.clone(),
            changes: vec![FileChange {
                path: "a.txt".into(),
                kind: FileChangeKind::Modified,
                diff: Some("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+new\n".into()),
            }],
            preview_error: None,
        },
        arguments,
    );
    let diff =
        json!([{"type": "diff", "path": "/w/a.txt", "oldText": "old\n", "newText": "new\n"}]);
    let proposed = json_of(m.map(&EventMsg::ToolCallProposed { call: edit.clone() }));
    assert_eq!(proposed[0]["kind"], json!("edit"));
    assert_eq!(proposed[0]["content"], diff);
    assert_eq!(proposed[0]["locations"], json!([{"path": "/w/a.txt"}]));
    let asked = serde_json::to_value(permission_view(Path::new("/w"), &edit)).unwrap();
    assert_eq!(asked["content"], diff);
    assert_eq!(asked["locations"], json!([{"path": "/w/a.txt"}]));
    // Once it ran, what it did replaces the preview.
    let ran = json_of(m.map(&EventMsg::FilesChanged {
        call_id: "c1".into(),
        changes: vec![FileChange {
            path: "a.txt".into(),
            kind: FileChangeKind::Modified,
            diff: Some("--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-old\n+newer\n".into()),
        }],
    }));
    assert_eq!(
        ran[0]["content"],
        json!([{"type": "diff", "path": "/w/a.txt", "oldText": "old\n", "newText": "newer\n"}])
    );
    assert_eq!(ran[0]["locations"], json!([{"path": "/w/a.txt"}]));
    // No preview: the reason is shown.
    let failing = call(
        "Edit",
        ToolAction::EditFiles {
            summary: "Edit gone.txt".into(),
            arguments: json!({}),
            changes: Vec::new(),
            preview_error: Some("File does not exist: /w/gone.txt".into()),
        },
        json!({}),
    );
    let asked = serde_json::to_value(permission_view(Path::new("/w"), &failing)).unwrap();
    assert_eq!(
        asked["content"][0]["content"]["text"],
        json!("No preview: File does not exist: /w/gone.txt")
    );
}

#[test]
fn a_todo_list_is_a_plan_and_chunks_stream_as_they_come() {
    let mut m = UpdateMapper::live(Path::new("/w"), Default::default());
    let todos = json!({"todos": [{"content": "read", "status": "completed"}, {"content": "write", "status": "in_progress"}]});
    let items = vec![
        PlanItem {
            text: "read".into(),
            status: PlanStatus::Completed,
        },
        PlanItem {
            text: "write".into(),
            status: PlanStatus::InProgress,
        },
    ];
    let u = json_of(m.map(&EventMsg::ToolCallProposed {
        call: call(
            "TodoWrite",
            ToolAction::Plan {
                items: items.clone(),
            },
            todos,
        ),
    }));
    assert_eq!(u[0]["kind"], json!("think"));
    assert_eq!(u[0]["title"], json!("Update plan"));
    assert_eq!(
        u.as_array().map(Vec::len),
        Some(1),
        "the plan comes once taken"
    );
    assert_eq!(
        json_of(m.map(&EventMsg::PlanUpdated {
            call_id: "c1".into(),
            items
        })),
        json!([{"sessionUpdate": "plan", "entries": [
            {"content": "read", "priority": "medium", "status": "completed"},
            {"content": "write", "priority": "medium", "status": "in_progress"}]}])
    );
    assert_eq!(
        json_of(m.map(&EventMsg::ReasoningDelta {
            delta: "hmm".into()
        })),
        json!([{"sessionUpdate": "agent_thought_chunk", "content": {"type": "text", "text": "hmm"}}])
    );
    assert!(
        m.map(&EventMsg::UserMessage {
            items: vec![InputItem::text("x")]
        })
        .is_empty(),
        "live: the editor shows it already"
    );
}

#[test]
fn an_action_of_code_is_shown_when_it_asks_and_ended_by_its_decision() {
    let mut m = UpdateMapper::live(Path::new("/w"), Default::default());
    let arguments = json!({"action": "left_click", "coordinate": [300, 220]});
    let mut action = call(
        "computer",
        ToolAction::Computer {
            action: "left_click".into(),
            arguments: arguments.clone(),
            plan: None,
        },
        arguments,
    );
    action.call_id = "c0.computer_1".into();
    // Actions run without asking are not the editor's business: no update for an unknown call.
    let silent = EventMsg::ApprovalDecided {
        call_id: "c0.computer_2".into(),
        decision: ApprovalDecision::Approve,
        decider: Decider::Policy,
    };
    assert_eq!(json_of(m.map(&silent)), json!([]));
    let asked = json_of(m.map(&EventMsg::ApprovalRequested {
        call: action,
        warning: None,
        risks: Vec::new(),
        scopes: Vec::new(),
    }));
    assert_eq!(asked[0]["sessionUpdate"], json!("tool_call"));
    assert_eq!(asked[0]["toolCallId"], json!("c0.computer_1"));
    let denied = json_of(m.map(&EventMsg::ApprovalDecided {
        call_id: "c0.computer_1".into(),
        decision: ApprovalDecision::Deny,
        decider: Decider::User,
    }));
    assert_eq!(denied[0]["status"], json!("failed"));
}
