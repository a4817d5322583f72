//! Each harness profile end to end: a scripted model uses every tool of the harness on a real
//! temporary directory, through the approval gate.

use oi_protocol::{
    ApprovalDecision, CallOrigin, EventMsg, FileChangeKind, PlanItem, PlanStatus, ToolAction,
    TurnEndReason,
};
use oi_test_support::{Script, ScriptedResponse, SessionFixture};
use pretty_assertions::assert_eq;
use serde_json::json;

/// Everything a turn did, with every approval request answered yes.
/// Each tool result's output and whether it is an error, in order.
pub(crate) fn tool_results(events: &[EventMsg]) -> Vec<(String, bool)> {
    events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ToolResult {
                output, is_error, ..
            } => Some((output.clone(), *is_error)),
            _ => None,
        })
        .collect()
}

pub(crate) struct Turn {
    pub events: Vec<EventMsg>,
    /// Names of the calls the gate asked about.
    pub asked: Vec<String>,
}

impl Turn {
    pub fn results(&self) -> Vec<(String, bool)> {
        tool_results(&self.events)
    }

    /// Each task list the engine took, in order.
    pub fn plans(&self) -> Vec<Vec<PlanItem>> {
        self.events
            .iter()
            .filter_map(|e| match e {
                EventMsg::PlanUpdated { items, .. } => Some(items.clone()),
                _ => None,
            })
            .collect()
    }

    /// What each proposed call will do, as front ends get it.
    pub fn actions(&self) -> Vec<ToolAction> {
        self.events
            .iter()
            .filter_map(|e| match e {
                EventMsg::ToolCallProposed { call } => Some(call.action.clone()),
                _ => None,
            })
            .collect()
    }

    pub fn result_texts(&self) -> Vec<String> {
        self.results().into_iter().map(|r| r.0).collect()
    }

    pub fn changes(&self) -> Vec<oi_protocol::FileChange> {
        self.events
            .iter()
            .filter_map(|e| match e {
                EventMsg::FilesChanged { changes, .. } => Some(changes.clone()),
                _ => None,
            })
            .flatten()
            .collect()
    }

    pub fn end(&self) -> Option<TurnEndReason> {
        self.events.iter().rev().find_map(|e| match e {
            EventMsg::TurnEnded { reason, .. } => Some(*reason),
            _ => None,
        })
    }
}

/// Says `text` and runs the turn to its end, approving whatever the gate asks about.
pub(crate) async fn turn(s: &mut SessionFixture, text: &str) -> Turn {
    s.say(text);
    let mut events = Vec::new();
    let mut asked = Vec::new();
    loop {
        let ev = s.wait_for(|_| true).await;
        if let EventMsg::ApprovalRequested { call, .. } = &ev.msg {
            asked.push(call.name.clone());
            s.approve(&call.call_id, ApprovalDecision::Approve);
        }
        let end = matches!(ev.msg, EventMsg::TurnEnded { .. });
        events.push(ev.msg);
        if end {
            return Turn { events, asked };
        }
    }
}

pub(crate) async fn session(
    profile: &'static str,
    script: Vec<ScriptedResponse>,
) -> SessionFixture {
    SessionFixture::builder(Script::new(script))
        .configure(move |c| c.profile = profile.into())
        .start()
        .await
}

fn call(name: &str, args: serde_json::Value) -> ScriptedResponse {
    ScriptedResponse::tool_call(name, args)
}

#[tokio::test]
async fn claude_code_reads_writes_edits_and_searches() {
    let mut s = session(
        "claude-code",
        vec![
            call("TodoWrite", json!({"todos": [{"content": "Fix b", "status": "in_progress", "activeForm": "Fixing b"}]})),
            call("Write", json!({"file_path": "calc.py", "content": "a = 1\nb = 1\nc = 1\n"})),
            call("Read", json!({"file_path": "calc.py", "offset": 2, "limit": 1})),
            call("Edit", json!({"file_path": "calc.py", "old_string": " = 1", "new_string": " = 2"})),
            call("Edit", json!({"file_path": "calc.py", "old_string": "b = 1", "new_string": "b = 2"})),
            call("MultiEdit", json!({"file_path": "calc.py", "edits": [
                {"old_string": "a = 1", "new_string": "a = 3"},
                {"old_string": "c = 1", "new_string": "c = 3"}
            ]})),
            call("Glob", json!({"pattern": "**/*.py"})),
            call("Grep", json!({"pattern": "b = \\d", "output_mode": "content", "-n": true})),
            call("Bash", json!({"command": "python3 -c 'import calc; print(calc.b)'", "description": "Print b"})),
            ScriptedResponse::text("b is 2 now."),
        ],
    )
    .await;
    let t = turn(&mut s, "set b to 2 in calc.py").await;
    assert_eq!(t.end(), Some(TurnEndReason::Completed));
    // Reads, searches and the todo list run without asking; writes and commands ask.
    assert_eq!(t.asked, vec!["Write", "Edit", "Edit", "MultiEdit", "Bash"]);
    let r = t.result_texts();
    assert!(r[0].starts_with("Todos have been updated"), "{}", r[0]);
    // Front ends get the plan and the places read in the engine's terms, not the profile's.
    let item = |text: &str, status| PlanItem {
        text: text.into(),
        status,
    };
    assert_eq!(t.plans(), vec![vec![item("Fix b", PlanStatus::InProgress)]]);
    let actions = t.actions();
    assert_eq!(
        actions[0],
        ToolAction::Plan {
            items: vec![item("Fix b", PlanStatus::InProgress)]
        }
    );
    let read_paths: Vec<Option<String>> = actions
        .iter()
        .filter_map(|a| match a {
            ToolAction::Read { path, .. } => Some(path.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(read_paths, vec![Some("calc.py".into()), None, None]);
    assert!(r[1].starts_with("File created at: "), "{}", r[1]);
    assert_eq!(r[2], "     2\tb = 1\n");
    assert!(
        r[3].starts_with("Found 3 matches of the string to replace, but replace_all is false."),
        "{}",
        r[3]
    );
    assert!(t.results()[3].1, "a non-unique edit is an error");
    assert!(
        r[4].contains("has been updated") && r[4].contains("     2\tb = 2"),
        "{}",
        r[4]
    );
    assert!(r[5].starts_with("Applied 2 edits to"), "{}", r[5]);
    assert!(r[6].ends_with("calc.py"), "{}", r[6]);
    assert_eq!(r[7], "calc.py:2:b = 2");
    assert_eq!(r[8], "2\n");
    assert_eq!(
        std::fs::read_to_string(s.workdir.join("calc.py")).unwrap(),
        "a = 3\nb = 2\nc = 3\n"
    );
    let changes = t.changes();
    assert_eq!(changes[0].kind, FileChangeKind::Created);
    assert_eq!(changes[1].path, "calc.py");
    assert!(
        changes[1]
            .diff
            .as_deref()
            .unwrap()
            .contains("-b = 1\n+b = 2\n"),
        "{:?}",
        changes[1]
    );
    let multi = changes[2].diff.as_deref().unwrap();
    assert!(
        multi.contains("-a = 1\n+a = 3\n") && multi.contains("-c = 1\n+c = 3\n"),
        "{multi}"
    );
    // Results go back as native tool messages.
    let last = s
        .server
        .model_requests()
        .last()
        .unwrap()
        .messages()
        .to_vec();
    assert_eq!(
        last.iter().filter(|m| m["role"] == json!("tool")).count(),
        9
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn claude_code_write_refuses_an_unread_file() {
    let mut s = session(
        "claude-code",
        vec![
            call("Write", json!({"file_path": "keep.txt", "content": "new"})),
            ScriptedResponse::text("ok"),
        ],
    )
    .await;
    std::fs::write(s.workdir.join("keep.txt"), "old").unwrap();
    let t = turn(&mut s, "overwrite it").await;
    assert!(
        t.result_texts()[0].contains("has not been read"),
        "{:?}",
        t.result_texts()
    );
    assert_eq!(
        std::fs::read_to_string(s.workdir.join("keep.txt")).unwrap(),
        "old"
    );
}

const PATCH: &str = "*** Begin Patch
*** Add File: docs/new.md
+# New
+hello
*** Update File: app.py
@@ def main():
-    print(\"hi\")
+    print(\"hello\")
*** Update File: old_name.py
*** Move to: pkg/new_name.py
@@
-X = 1
+X = 2
*** Delete File: obsolete.txt
*** End Patch";

#[tokio::test]
async fn codex_applies_patches_runs_argv_commands_and_keeps_a_plan() {
    let mut s = session(
        "codex",
        vec![
            call("update_plan", json!({"plan": [{"step": "Patch files", "status": "in_progress"}, {"step": "Check", "status": "pending"}]})),
            call("shell", json!({"command": ["bash", "-lc", "ls"], "workdir": "."})),
            call("apply_patch", json!({"input": PATCH})),
            call("apply_patch", json!({"input": "*** Begin Patch\n*** Update File: app.py\n@@\n-nothing like this\n+x\n*** End Patch"})),
            call("shell", json!({"command": ["bash", "-lc", "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: via_shell.txt\n+ok\n*** End Patch\nEOF"]})),
            call("shell", json!({"command": ["python3", "app.py"]})),
            ScriptedResponse::text("Patched."),
        ],
    )
    .await;
    std::fs::write(
        s.workdir.join("app.py"),
        "def main():\n    print(\"hi\")\n\nmain()\n",
    )
    .unwrap();
    std::fs::write(s.workdir.join("old_name.py"), "X = 1\n").unwrap();
    std::fs::write(s.workdir.join("obsolete.txt"), "bye\n").unwrap();
    let t = turn(&mut s, "apply the changes").await;
    assert_eq!(
        t.asked,
        vec!["shell", "apply_patch", "apply_patch", "shell", "shell"]
    );
    let r = t.result_texts();
    assert!(r[0].starts_with("Plan updated"), "{}", r[0]);
    assert_eq!(
        t.plans(),
        vec![vec![
            PlanItem {
                text: "Patch files".into(),
                status: PlanStatus::InProgress
            },
            PlanItem {
                text: "Check".into(),
                status: PlanStatus::Pending
            },
        ]]
    );
    assert!(
        r[1].contains("app.py") && r[1].contains("obsolete.txt"),
        "{}",
        r[1]
    );
    assert_eq!(
        r[2],
        "Success. Updated the following files:\nA docs/new.md\nM app.py\nM pkg/new_name.py\nD obsolete.txt"
    );
    assert!(
        r[3].starts_with("Failed to find the expected lines in app.py"),
        "{}",
        r[3]
    );
    assert_eq!(
        r[4],
        "Success. Updated the following files:\nA via_shell.txt"
    );
    assert_eq!(r[5], "hello\n");
    let w = &s.workdir;
    assert_eq!(
        std::fs::read_to_string(w.join("docs/new.md")).unwrap(),
        "# New\nhello\n"
    );
    assert_eq!(
        std::fs::read_to_string(w.join("pkg/new_name.py")).unwrap(),
        "X = 2\n"
    );
    assert!(!w.join("old_name.py").exists() && !w.join("obsolete.txt").exists());
    assert_eq!(
        std::fs::read_to_string(w.join("via_shell.txt")).unwrap(),
        "ok\n"
    );
    let kinds: Vec<(String, FileChangeKind)> =
        t.changes().into_iter().map(|c| (c.path, c.kind)).collect();
    assert_eq!(
        kinds,
        vec![
            ("docs/new.md".into(), FileChangeKind::Created),
            ("app.py".into(), FileChangeKind::Modified),
            ("pkg/new_name.py".into(), FileChangeKind::Created),
            ("old_name.py".into(), FileChangeKind::Deleted),
            ("obsolete.txt".into(), FileChangeKind::Deleted),
            ("via_shell.txt".into(), FileChangeKind::Created),
        ]
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn qwen_code_uses_its_own_tools_and_argument_shapes() {
    let mut s = session(
        "qwen-code",
        vec![
            call("todo_write", json!({"todos": [{"id": "1", "content": "Explore", "status": "completed"}, {"id": "2", "content": "Edit", "status": "in_progress"}]})),
            call("list_directory", json!({"path": "src"})),
            call("glob", json!({"pattern": "**/*.txt"})),
            call("grep_search", json!({"pattern": "^port", "glob": "*.txt"})),
            call("read_file", json!({"file_path": "src/config.txt", "offset": 1, "limit": 1})),
            call("edit", json!({"file_path": "src/config.txt", "old_string": "= 1", "new_string": "= 2"})),
            call("edit", json!({"file_path": "src/config.txt", "old_string": "port = 1", "new_string": "port = 8080"})),
            call("write_file", json!({"file_path": "README.md", "content": "config lives in src/\n"})),
            call("run_shell_command", json!({"command": "cat src/config.txt", "description": "Show the config"})),
            ScriptedResponse::text("Port is 8080."),
        ],
    )
    .await;
    std::fs::create_dir_all(s.workdir.join("src")).unwrap();
    std::fs::write(s.workdir.join("src/config.txt"), "port = 1\nretries = 1\n").unwrap();
    let t = turn(&mut s, "set the port to 8080").await;
    assert_eq!(
        t.asked,
        vec!["edit", "edit", "write_file", "run_shell_command"]
    );
    let r = t.result_texts();
    assert_eq!(
        r[0],
        "Todo list updated (1/2 done)\n1. [x] Explore\n2. [~] Edit"
    );
    assert_eq!(r[1], "config.txt");
    let read_paths: Vec<Option<String>> = t
        .actions()
        .into_iter()
        .filter_map(|a| match a {
            ToolAction::Read { path, .. } => Some(path),
            _ => None,
        })
        .collect();
    assert_eq!(
        read_paths,
        vec![
            Some("src".into()),
            None,
            None,
            Some("src/config.txt".into())
        ]
    );
    // Qwen Code's glob answers absolute paths.
    let config = s.workdir.join("src/config.txt").display().to_string();
    assert_eq!(r[2], config);
    assert_eq!(r[3], "src/config.txt:1:port = 1");
    assert_eq!(
        r[4],
        "Showing lines 2-2 of 2; read on with offset 2.\nretries = 1"
    );
    assert!(r[5].contains("occurs 2 times"), "{}", r[5]);
    assert_eq!(r[6], "Edited src/config.txt");
    assert_eq!(r[7], "Created README.md");
    assert_eq!(r[8], "port = 8080\nretries = 1\n");
    assert_eq!(t.changes().len(), 2);
    let first = &s.server.model_requests()[0];
    let offered: Vec<&str> = first.tool_names();
    assert_eq!(
        offered,
        vec![
            "run_shell_command",
            "read_file",
            "write_file",
            "edit",
            "glob",
            "grep_search",
            "list_directory",
            "todo_write"
        ]
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn deepseek_tui_uses_its_file_search_and_todo_tools() {
    let mut s = session(
        "deepseek-tui",
        vec![
            call("todo_write", json!({"todos": [{"content": "Explore", "status": "completed"}, {"content": "Edit", "status": "in_progress"}]})),
            call("list_dir", json!({})),
            call("file_search", json!({"query": "conf"})),
            call("read_file", json!({"path": "src/config.txt"})),
            call("grep_files", json!({"pattern": "^port", "include": "*.txt"})),
            call("edit_file", json!({"path": "src/config.txt", "search": "= 1", "replace": "= 2"})),
            call("edit_file", json!({"path": "src/config.txt", "search": "port = 1", "replace": "port = 8080"})),
            call("write_file", json!({"path": "README.md", "content": "config lives in src/\n"})),
            call("exec_shell", json!({"command": "cat src/config.txt"})),
            call("update_plan", json!({"explanation": "all done", "plan": [{"step": "Edit", "status": "completed"}]})),
            ScriptedResponse::text("Port is 8080."),
        ],
    )
    .await;
    std::fs::create_dir_all(s.workdir.join("src")).unwrap();
    std::fs::write(s.workdir.join("src/config.txt"), "port = 1\nretries = 1\n").unwrap();
    let t = turn(&mut s, "set the port to 8080").await;
    assert_eq!(
        t.asked,
        vec!["edit_file", "edit_file", "write_file", "exec_shell"]
    );
    let r = t.result_texts();
    assert_eq!(
        r[0],
        "Todo list updated (1/2 done)\n1. [x] Explore\n2. [~] Edit"
    );
    assert_eq!(r[1], "src/");
    assert_eq!(r[2], "src/config.txt");
    assert_eq!(r[3], "port = 1\nretries = 1\n");
    assert_eq!(r[4], "src/config.txt:1: port = 1");
    assert!(r[5].starts_with("search text found 2 times"), "{}", r[5]);
    assert_eq!(r[6], "Edited src/config.txt");
    assert_eq!(r[7], "Created README.md (21 bytes)");
    assert_eq!(r[8], "port = 8080\nretries = 1\n");
    assert_eq!(r[9], "Plan updated (all done)");
    assert_eq!(t.changes().len(), 2);
    s.server.assert_invariants();
}

fn reply(discussion: &str, command: &str) -> ScriptedResponse {
    ScriptedResponse::text(format!("DISCUSSION\n{discussion}\n\n```\n{command}\n```\n"))
}

#[tokio::test]
async fn swe_agent_drives_the_aci_with_one_command_per_reply() {
    let body: String = (1..=150).map(|n| format!("v{n} = {n}\n")).collect();
    let mut s = session(
        "swe-agent",
        vec![
            reply("Find the module.", "find_file \"*.py\""),
            reply("Open it.", "open big.py 120"),
            reply("To the top.", "goto 1"),
            reply("Down.", "scroll_down"),
            reply("Up.", "scroll_up"),
            reply("Where is v7?", "search_file \"v7 \""),
            reply("Anywhere else?", "search_dir v150"),
            reply("A new module.", "create fix.py"),
            reply(
                "Write it.",
                "edit 1:1\ndef f():\n    return 41\nend_of_edit",
            ),
            reply("Break it.", "edit 2:2\n    return (41\nend_of_edit"),
            ScriptedResponse::text("I will run two things.\n```\nls\n```\n```\npwd\n```"),
            reply("Fix the value.", "edit 2:2\n    return 42\nend_of_edit"),
            reply("Check.", "python3 -c 'import fix; print(fix.f())'"),
            reply("Done.", "submit"),
            ScriptedResponse::text("unused"),
        ],
    )
    .await;
    std::fs::write(s.workdir.join("big.py"), &body).unwrap();
    let t = turn(&mut s, "make f return 42").await;
    assert_eq!(
        t.end(),
        Some(TurnEndReason::Completed),
        "submit ends the turn"
    );
    assert_eq!(t.asked, vec!["create", "edit", "edit", "edit", "bash"]);
    let r = t.result_texts();
    let cwd = s.workdir.display().to_string();
    assert_eq!(
        r[0],
        format!(
            "Found 1 matches for \"*.py\" in {cwd}:\n./big.py\n(Open file: n/a)\n(Current directory: {cwd})"
        )
    );
    assert!(
        r[1].starts_with(&format!(
            "[File: {cwd}/big.py (150 lines total)]\n(50 more lines above)\n51:v51 = 51\n"
        )),
        "{}",
        r[1]
    );
    assert!(
        r[1].ends_with(&format!(
            "150:v150 = 150\n(Open file: {cwd}/big.py)\n(Current directory: {cwd})"
        )),
        "{}",
        r[1]
    );
    assert!(
        r[2].contains("\n1:v1 = 1\n") && r[2].contains("100:v100 = 100\n(50 more lines below)"),
        "{}",
        r[2]
    );
    assert!(
        r[3].contains("(50 more lines above)\n51:v51 = 51"),
        "{}",
        r[3]
    );
    assert!(r[4].contains("]\n1:v1 = 1\n"), "{}", r[4]);
    assert!(
        r[5].starts_with(&format!(
            "Found 1 matches for \"v7 \" in {cwd}/big.py:\nLine 7:v7 = 7\nEnd of matches"
        )),
        "{}",
        r[5]
    );
    assert!(
        r[6].starts_with("Found 1 matches for \"v150\"") && r[6].contains("./big.py (1 matches)"),
        "{}",
        r[6]
    );
    assert!(
        r[7].starts_with(&format!("[File: {cwd}/fix.py (0 lines total)]\n1:")),
        "{}",
        r[7]
    );
    assert!(
        r[8].contains("1:def f():\n2:    return 41") && r[8].contains("File updated."),
        "{}",
        r[8]
    );
    assert!(
        r[9].contains("introduced new syntax error(s)") && r[9].contains("NOT been applied"),
        "{}",
        r[9]
    );
    assert!(
        r[10].starts_with(
            "Your output was not in the expected format: your reply had 2 fenced blocks"
        ),
        "{}",
        r[10]
    );
    assert!(r[11].contains("2:    return 42"), "{}", r[11]);
    assert_eq!(r[12], "42\n");
    assert!(r[13].starts_with("Submitted."), "{}", r[13]);
    assert_eq!(
        std::fs::read_to_string(s.workdir.join("fix.py")).unwrap(),
        "def f():\n    return 42\n"
    );
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 14);
    // No native tools: commands stay in the assistant's text, output comes back as user text.
    let second = &requests[1];
    assert!(
        second
            .body
            .get("tools")
            .is_none_or(|t| t.as_array().is_some_and(|a| a.is_empty())),
        "{:?}",
        second.body["tools"]
    );
    let msgs = second.messages();
    assert_eq!(msgs.last().unwrap()["role"], json!("user"));
    assert!(
        msgs.last().unwrap()["content"]
            .as_str()
            .unwrap()
            .starts_with("OBSERVATION:\nFound 1 matches")
    );
    // The lint gate left the file as it was before the broken edit.
    let after_lint = requests[10].messages().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(after_lint.contains("This is the original code before your edit\n-------------------------------------------------\n1:def f():\n2:    return 41"), "{after_lint}");
    s.server.assert_invariants();
}

#[tokio::test]
async fn swe_agent_gives_up_after_three_format_errors() {
    let mut s = session(
        "swe-agent",
        vec![
            ScriptedResponse::text("I think the answer is 4."),
            ScriptedResponse::text("It is 4."),
            ScriptedResponse::text("Four."),
            ScriptedResponse::text("unused"),
        ],
    )
    .await;
    let t = turn(&mut s, "what is 2+2?").await;
    assert_eq!(t.end(), Some(TurnEndReason::Error));
    assert_eq!(t.results().len(), 3);
    assert!(
        t.events.iter().any(
            |e| matches!(e, EventMsg::Error(i) if i.kind == oi_protocol::ErrorKind::ModelOutput)
        )
    );
    assert_eq!(s.server.model_requests().len(), 3);
}

#[tokio::test]
async fn minimal_runs_its_one_shell_tool_and_shell_blocks_only() {
    let mut s = session(
        "minimal",
        vec![
            call("bash", json!({"command": "echo native"})),
            ScriptedResponse::text("Next:\n```bash\necho fenced\n```"),
            ScriptedResponse::text("Python is not my tool:\n```python\nprint('no')\n```"),
        ],
    )
    .await;
    let t = turn(&mut s, "say hi").await;
    assert_eq!(t.result_texts(), vec!["native\n", "fenced\n"]);
    assert_eq!(t.end(), Some(TurnEndReason::Completed));
    let first = &s.server.model_requests()[0];
    let names: Vec<&str> = first.body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["function"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, vec!["bash"]);
    s.server.assert_invariants();
}

#[tokio::test]
async fn text_tool_calls_run_in_every_profile() {
    let cases: Vec<(&'static str, String, &str)> = vec![
        ("claude-code", "<tool_call>\n{\"name\": \"Bash\", \"arguments\": {\"command\": \"echo tagged\"}}\n</tool_call>".into(), "tagged\n"),
        ("codex", "{\"name\": \"shell\", \"arguments\": {\"command\": [\"bash\", \"-lc\", \"echo bare\"]}}".into(), "bare\n"),
        ("deepseek-tui", "```json\n{\"name\": \"exec_shell\", \"arguments\": {\"command\": \"echo fenced-json\"}}\n```".into(), "fenced-json\n"),
        ("minimal", "{\"name\": \"bash\", \"parameters\": {\"command\": \"echo params\"}}".into(), "params\n"),
        ("swe-agent", "<tool_call>{\"name\": \"bash\", \"arguments\": {\"command\": \"echo swe-json\"}}</tool_call>".into(), "swe-json\n"),
        ("classic", "<tool_call>{\"name\": \"execute\", \"arguments\": {\"language\": \"shell\", \"code\": \"echo classic\"}}</tool_call>".into(), "classic\n"),
    ];
    for (profile, text, expected) in cases {
        let mut s = session(
            profile,
            vec![
                ScriptedResponse::text(text),
                reply("done", "submit"),
                ScriptedResponse::text("done"),
            ],
        )
        .await;
        let t = turn(&mut s, "go").await;
        let proposed = t.events.iter().find_map(|e| match e {
            EventMsg::ToolCallProposed { call } => Some(call.clone()),
            _ => None,
        });
        let proposed = proposed.unwrap_or_else(|| panic!("{profile}: no call"));
        assert_eq!(proposed.origin, CallOrigin::Text, "{profile}");
        assert!(
            matches!(proposed.action, ToolAction::RunCode { .. }),
            "{profile}"
        );
        assert_eq!(t.result_texts()[0], expected, "{profile}");
        s.server.assert_invariants();
    }
}
