//! The turn loop end to end: scripted model, real kernels, the approval gate, the log.

use std::time::Duration;

use oi_protocol::{
    ApprovalDecision, ApprovalPolicy, ApprovalScope, EventMsg, ExecStatus, FileChangeKind, Op,
    Remembered, ToolAction, TurnEndReason,
};
use oi_test_support::{Script, ScriptedResponse, SessionFixture};
use pretty_assertions::assert_eq;
use serde_json::json;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

fn auto(c: &mut oi_core::SessionConfig) {
    c.approval_policy = ApprovalPolicy::Auto;
}

fn tool_results(events: &[EventMsg]) -> Vec<String> {
    events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ToolResult { output, .. } => Some(output.clone()),
            _ => None,
        })
        .collect()
}

fn notices(events: &[EventMsg]) -> Vec<&str> {
    events
        .iter()
        .filter_map(|e| match e {
            EventMsg::Notice { message } => Some(message.as_str()),
            _ => None,
        })
        .collect()
}

fn answers(events: &[EventMsg]) -> Vec<&str> {
    events
        .iter()
        .filter_map(|e| match e {
            EventMsg::AssistantMessage { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect()
}

fn runs_begun(events: &[EventMsg]) -> usize {
    events
        .iter()
        .filter(|e| matches!(e, EventMsg::ExecBegin { .. }))
        .count()
}

/// That the request shows the model none of its own replies (a view asked afresh).
fn assert_no_replies_in_view(request: &oi_test_support::RecordedRequest) {
    let messages = request.messages();
    assert!(
        !messages.iter().any(|m| m["role"] == "assistant"),
        "{messages:?}"
    );
}

/// The text of the last message of a recorded request.
fn last_message(request: &oi_test_support::RecordedRequest) -> String {
    request.messages().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn a_turn_runs_code_and_feeds_the_result_back() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("Computing.").then_tool_call(
            "execute",
            json!({"language": "python", "code": "x = 123 * 456\nx"}),
        ),
        ScriptedResponse::text("It is 56088."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("what is 123*456?");
    let events = s.until_turn_end().await;
    assert_eq!(tool_results(&events), vec!["56088\n".to_string()]);
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: TurnEndReason::Completed,
            ..
        })
    ));
    let second = &s.server.model_requests()[1];
    let last = second.messages().last().unwrap();
    assert_eq!(last["role"], json!("tool"));
    assert_eq!(last["content"], json!("56088\n"));
    s.server.assert_invariants();
}

#[tokio::test]
async fn approval_is_asked_and_deny_reaches_the_model() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("shell", "echo hi > made.txt"),
        ScriptedResponse::text("Understood, I will not."),
    ]))
    .start()
    .await;
    s.say("make a file");
    let (call, _) = s.next_approval().await;
    s.approve(&call.call_id, ApprovalDecision::Deny);
    let events = s.until_turn_end().await;
    assert!(!s.workdir.join("made.txt").exists());
    assert!(tool_results(&events)[0].contains("declined"));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, EventMsg::ExecBegin { .. }))
    );
}

#[tokio::test]
async fn always_with_a_scope_that_was_not_offered_runs_once_and_remembers_nothing() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("python", "print('one')"),
        run("python", "print('two')"),
        ScriptedResponse::text("done"),
    ]))
    .start()
    .await;
    s.say("go");
    let (call, scopes) = s.next_approval().await;
    assert_eq!(
        scopes.iter().map(|o| o.label.as_str()).collect::<Vec<_>>(),
        [
            "python code through `execute`, this session",
            "python code through `execute`, in this project, across sessions"
        ]
    );
    // The old tool-wide scope, which a front end may still send.
    s.approve(
        &call.call_id,
        ApprovalDecision::ApproveAlways {
            scope: ApprovalScope::Session,
        },
    );
    let (call, _) = s.next_approval().await;
    s.approve(&call.call_id, ApprovalDecision::Deny);
    let events = s.until_turn_end().await;
    let log = std::fs::read_to_string(s.log_path()).unwrap();
    // Its output, however the kernel's chunks fell.
    let ran: String = log
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter(|e| e["msg"]["type"] == "exec_output")
        .filter_map(|e| e["msg"]["chunk"].as_str().map(str::to_string))
        .collect();
    assert_eq!(ran, "one\n", "it ran once");
    assert!(log.contains("was not offered"), "an error says why");
    assert!(
        log.contains("\"decision\":{\"type\":\"approve\"}"),
        "logged as a plain approve"
    );
    assert!(tool_results(&events)[0].contains("declined"));
}

#[tokio::test]
async fn edited_code_runs_instead_and_always_is_remembered() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("shell", "echo original"),
        run("shell", "echo again second"),
        run("shell", "echo again third"),
        ScriptedResponse::text("done"),
    ]))
    .start()
    .await;
    s.say("go");
    let (call, _) = s.next_approval().await;
    s.approve(
        &call.call_id,
        ApprovalDecision::ApproveEdited {
            code: "echo edited".into(),
        },
    );
    let (call, scopes) = s.next_approval().await;
    assert_eq!(
        scopes[0].scope,
        ApprovalScope::CommandPrefix {
            prefix: "echo again".into(),
            remembered: Remembered::Session
        }
    );
    s.approve(
        &call.call_id,
        ApprovalDecision::ApproveAlways {
            scope: scopes[0].scope.clone(),
        },
    );
    let events = s.until_turn_end().await;
    assert_eq!(
        tool_results(&events),
        vec!["again second\n".to_string(), "again third\n".to_string()]
    );
    let outputs: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ApprovalDecided { decider, .. } => Some(format!("{decider:?}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        outputs,
        vec!["User", "RememberedApproval"],
        "the third call is not asked for"
    );
    let log = std::fs::read_to_string(s.log_path()).unwrap();
    assert!(
        log.contains("\"chunk\":\"edited\\n\""),
        "the edited code ran: {log}"
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn interrupting_an_infinite_loop_keeps_the_session_going() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("python", "n = 41\nwhile True:\n    pass"),
        run("python", "print('alive', 1 + 1)"),
        ScriptedResponse::text("ok"),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("loop forever");
    s.wait_for(|m| matches!(m, EventMsg::ExecBegin { .. }))
        .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let asked = std::time::Instant::now();
    s.submit(Op::Interrupt);
    let end = s.wait_for(|m| matches!(m, EventMsg::ExecEnd { .. })).await;
    assert!(
        matches!(
            end.msg,
            EventMsg::ExecEnd {
                status: ExecStatus::Interrupted,
                ..
            }
        ),
        "{end:?}"
    );
    assert!(
        asked.elapsed() < Duration::from_secs(5),
        "interrupt took {:?}",
        asked.elapsed()
    );
    let ended = s
        .wait_for(|m| matches!(m, EventMsg::TurnEnded { .. }))
        .await;
    assert!(matches!(
        ended.msg,
        EventMsg::TurnEnded {
            reason: TurnEndReason::Interrupted,
            ..
        }
    ));
    s.say("are you there?");
    let events = s.until_turn_end().await;
    assert!(
        tool_results(&events)[0].starts_with("alive 2\n"),
        "{:?}",
        tool_results(&events)
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn interrupting_the_model_stream_keeps_partial_text() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("I am thinking about").then_hang(),
        ScriptedResponse::text("back"),
    ]))
    .start()
    .await;
    s.say("think");
    s.wait_for(|m| matches!(m, EventMsg::AssistantTextDelta { .. }))
        .await;
    tokio::time::sleep(Duration::from_millis(200)).await;
    s.submit(Op::Interrupt);
    let msg = s
        .wait_for(|m| matches!(m, EventMsg::AssistantMessage { .. }))
        .await;
    let EventMsg::AssistantMessage { text, interrupted } = msg.msg else {
        unreachable!()
    };
    assert!(interrupted);
    assert!(text.starts_with("I am"), "{text}");
    s.wait_for(|m| {
        matches!(
            m,
            EventMsg::TurnEnded {
                reason: TurnEndReason::Interrupted,
                ..
            }
        )
    })
    .await;
    s.say("again");
    s.until_turn_end().await;
    let second = &s.server.model_requests()[1];
    assert_eq!(second.messages()[2]["role"], json!("assistant"));
    assert!(
        second.messages()[2]["content"]
            .as_str()
            .unwrap()
            .starts_with("I am")
    );
}

#[tokio::test]
async fn output_is_trimmed_for_the_model_but_logged_whole() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("python", "print('x' * 20000)"),
        ScriptedResponse::text("long"),
    ]))
    .configure(auto)
    .configure(|c| c.max_output = 500)
    .start()
    .await;
    s.say("print a lot");
    let events = s.until_turn_end().await;
    let result = &tool_results(&events)[0];
    assert!(result.len() < 700, "{}", result.len());
    assert!(result.contains("trimmed"), "{result}");
    let logged: usize = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ExecOutput { chunk, .. } => Some(chunk.matches('x').count()),
            _ => None,
        })
        .sum();
    assert_eq!(logged, 20000);
    let sent = s.server.model_requests()[1].messages().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(&sent, result);
}

#[tokio::test]
async fn file_changes_are_reported_with_diffs() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("shell", "printf 'one\\ntwo\\n' > notes.txt"),
        run(
            "shell",
            "printf 'one\\nthree\\n' > notes.txt && rm gone.txt",
        ),
        ScriptedResponse::text("edited"),
    ]))
    .configure(auto)
    .start()
    .await;
    std::fs::write(s.workdir.join("gone.txt"), "bye\n").unwrap();
    s.say("write notes");
    let events = s.until_turn_end().await;
    let changes: Vec<_> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::FilesChanged { changes, .. } => Some(changes.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(changes.len(), 2, "{changes:#?}");
    assert_eq!(changes[0][0].path, "notes.txt");
    assert_eq!(changes[0][0].kind, FileChangeKind::Created);
    let modified = changes[1].iter().find(|c| c.path == "notes.txt").unwrap();
    assert_eq!(modified.kind, FileChangeKind::Modified);
    let diff = modified.diff.as_deref().unwrap();
    assert!(diff.contains("-two") && diff.contains("+three"), "{diff}");
    let deleted = changes[1].iter().find(|c| c.path == "gone.txt").unwrap();
    assert_eq!(deleted.kind, FileChangeKind::Deleted);
}

#[tokio::test]
async fn fenced_code_and_bare_json_calls_run_through_the_gate() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("Let me check.\n```python\nprint(6 * 7)\n```\n"),
        ScriptedResponse::text("{\"name\": \"execute\", \"arguments\": {\"language\": \"shell\", \"code\": \"echo json-call\"}}"),
        ScriptedResponse::text("<tool_call>\n{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"print('tagged')\"}}\n</tool_call>"),
        ScriptedResponse::text("All done: it printed tagged."),
    ]))
    .start()
    .await;
    s.say("go");
    for _ in 0..3 {
        let (call, _) = s.next_approval().await;
        assert!(matches!(call.action, ToolAction::RunCode { .. }));
        s.approve(&call.call_id, ApprovalDecision::Approve);
    }
    let events = s.until_turn_end().await;
    let results = tool_results(&events);
    assert_eq!(results.last().unwrap(), "tagged\n");
    let log = std::fs::read_to_string(s.log_path()).unwrap();
    assert!(
        log.contains("\"chunk\":\"42\"") || log.contains("42\\n"),
        "fenced python ran"
    );
    assert!(log.contains("json-call"));
    // Text calls come back to the model as user text, not as tool messages.
    let second = &s.server.model_requests()[1];
    let last = second.messages().last().unwrap();
    assert_eq!(last["role"], json!("user"));
    assert!(last["content"].as_str().unwrap().contains("42"));
    s.server.assert_invariants();
}

/// A small model sends back the code that just failed, again and again (at temperature 0 the
/// same conversation gives the same reply): after the first correction it is asked afresh,
/// its tries out of view and the failure said after the request; after the second, sampled
/// warmer too. The log keeps every try.
#[tokio::test]
async fn code_that_failed_sent_back_unchanged_is_asked_for_afresh_then_sampled() {
    let failing = ScriptedResponse::text("```python\ntotl = 2 + 2\nprint(total)\n```");
    let mut s = SessionFixture::builder(Script::new(vec![
        failing.clone(),
        failing.clone(),
        failing,
        ScriptedResponse::text("```python\ntotal = 2 + 2\nprint(total)\n```"),
        ScriptedResponse::text("The total is 4."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("Add 2 and 2 with code.");
    let events = s.until_turn_end().await;
    let ran = runs_begun(&events);
    assert_eq!(ran, 2, "the failing code runs once, then the fixed code");
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 5);
    let last_user = |n: usize| last_message(&requests[n]);
    let temperature = |n: usize| requests[n].body["temperature"].as_f64().unwrap();
    // Each correction asks afresh: the request alone, with the failure after it, no
    // assistant message in view; the second time sampled warmer.
    for n in [2, 3] {
        let messages = requests[n].messages();
        assert!(
            !messages.iter().any(|m| m["role"] == "assistant"),
            "{messages:?}"
        );
        assert!(
            last_user(n).starts_with("Add 2 and 2 with code.\n\n(A first try at this failed with:\nNameError: name 'total' is not defined"),
            "{}",
            last_user(n)
        );
    }
    assert_eq!(temperature(2), 0.0);
    assert!((temperature(3) - 0.7).abs() < 1e-6, "{}", temperature(3));
    // Past it, the conversation is whole again, at the profile's temperature.
    assert!(last_user(4).starts_with("Output:\n4"), "{}", last_user(4));
    assert_eq!(temperature(4), 0.0);
    let notices = notices(&events);
    assert!(
        notices
            .iter()
            .any(|n| n.contains("asked afresh") && !n.contains("temperature"))
            && notices
                .iter()
                .any(|n| n.contains("sampled at temperature 0.7")),
        "{notices:?}"
    );
    // The log keeps every reply.
    let log = std::fs::read_to_string(s.log_path()).unwrap();
    assert_eq!(
        log.matches("\"type\":\"assistant_message\"").count(),
        5,
        "{log}"
    );
    let answers = answers(&events);
    assert_eq!(answers.last(), Some(&"The total is 4."));
    s.server.assert_invariants();
}

/// A reply of several blocks that all ran already this turn is a loop like one block sent back:
/// it does not run again, and what the last of them printed is quoted (the 1.5B model sent the
/// same two blocks back until the bench's 240 s ran out).
#[tokio::test]
async fn several_blocks_sent_back_unchanged_do_not_run_again() {
    let pair = ScriptedResponse::text("```python\nx = 6 * 7\n```\n\n```python\nprint(x)\n```");
    let mut s = SessionFixture::builder(Script::new(vec![
        pair.clone(),
        pair,
        ScriptedResponse::text("The answer is 42."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("What is 6 times 7? Use code.");
    let events = s.until_turn_end().await;
    assert_eq!(runs_begun(&events), 2, "the pair runs once");
    let results = tool_results(&events);
    assert!(
        results
            .iter()
            .any(|r| r.contains("42") && r.contains("You asked to run the same code again")),
        "{results:?}"
    );
    assert_eq!(answers(&events).last(), Some(&"The answer is 42."));
    s.server.assert_invariants();
}

/// What a 0.5B model does (tests/bench/local_tasks.py), and how the harness carries it: an
/// invented tool name, the same code twice, an answer that leaves out the output.
#[tokio::test]
async fn a_weak_models_slips_are_repaired_once_each_and_the_answer_holds_the_value() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(
            "```json\n{\"name\": \"power\", \"arguments\": {\"language\": \"python\", \"code\": \"print(2 ** 40)\"}}\n```",
        ),
        ScriptedResponse::text(
            "{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"print(2 ** 40)\"}}",
        ),
        ScriptedResponse::text("The task needs another step."),
        ScriptedResponse::text("The result is 1099511627776."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("Compute 2 to the power of 40 with code.");
    let events = s.until_turn_end().await;
    // The invented `power` ran as `execute`, and the events say so.
    let notices = notices(&events);
    assert!(
        notices
            .iter()
            .any(|n| n.contains("`power`") && n.contains("runs as `execute`")),
        "{notices:?}"
    );
    let ran = runs_begun(&events);
    assert_eq!(ran, 1, "the same code asked for twice runs once");
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 4);
    let last_user = |n: usize| last_message(&requests[n]);
    assert!(
        last_user(1).starts_with("Output:\n1099511627776"),
        "{}",
        last_user(1)
    );
    // Sent back after its output was quoted, the code gets the answer asked for with only the
    // request and that output in view.
    assert_no_replies_in_view(&requests[2]);
    // Nor the profile's instructions to write code, nor its tools.
    let system = requests[2].body["messages"][0]["content"].as_str().unwrap();
    assert!(
        system.starts_with("You tell the person the answer"),
        "{system}"
    );
    assert!(
        requests[2].body["tools"]
            .as_array()
            .is_none_or(|t| t.is_empty()),
        "{}",
        requests[2].body
    );
    assert!(
        requests[1].body["messages"][0]["content"]
            .as_str()
            .unwrap()
            .contains("execute"),
        "{}",
        requests[1].body
    );
    assert!(
        last_user(2).starts_with("Compute 2 to the power of 40 with code.\n\n(The code for this already ran, and it printed:\n1099511627776\n"),
        "{}",
        last_user(2)
    );
    assert!(
        notices
            .iter()
            .any(|n| n.contains("asked for its answer afresh")),
        "{notices:?}"
    );
    assert!(last_user(3).contains("did not use it"), "{}", last_user(3));
    assert!(last_user(3).contains("1099511627776"), "{}", last_user(3));
    let answers = answers(&events);
    assert_eq!(answers.last(), Some(&"The result is 1099511627776."));
    s.server.assert_invariants();
}

/// The engine mends a path the model got wrong once a turn: sent back again after the mended
/// run, the failing code gets the failure said, not another mended run (the 0.5B model
/// alternated its `/tmp/…/app.log` and the engine's `app.log` until the bench's time ran out).
#[tokio::test]
async fn code_the_engine_mended_runs_once_a_turn() {
    let wrong = "```python\nprint(open('/nowhere/here/app.log').read().count('WARN'))\n```";
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(wrong),
        ScriptedResponse::text(wrong),
        ScriptedResponse::text(wrong),
        ScriptedResponse::text(wrong),
        ScriptedResponse::text("There is 1 WARN line."),
    ]))
    .configure(auto)
    .start()
    .await;
    std::fs::write(
        s.workdir.join("app.log"),
        "2026-11-01 INFO start\n2026-11-02 WARN slow\n",
    )
    .unwrap();
    s.say("How many WARN lines does app.log have?");
    let events = s.until_turn_end().await;
    let mended: Vec<&str> = notices(&events)
        .into_iter()
        .filter(|n| n.contains("failed opening /nowhere/here/app.log"))
        .collect();
    assert_eq!(mended.len(), 1, "{:?}", notices(&events));
    // The failing code and the engine's mended run; sent back after it, the failing code is a
    // repeat of the mended run (what that printed is said, not another run, mended or not,
    // nor the failure the mended run did not have).
    assert_eq!(runs_begun(&events), 2);
    assert!(
        tool_results(&events).iter().any(|r| r.trim() == "1"),
        "{:?}",
        tool_results(&events)
    );
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 5);
    // Asked for the answer, with what the mended run printed.
    let told = last_message(&requests[3]);
    assert!(
        told.contains("(The code for this already ran, and it printed:\n1\n"),
        "{told}"
    );
    let told = last_message(&requests[4]);
    assert!(
        told.starts_with("You asked to run the same code again: it ran already and worked"),
        "{told}"
    );
    assert_eq!(answers(&events).last(), Some(&"There is 1 WARN line."));
    s.server.assert_invariants();
}

/// Code that did the first part of a request and printed nothing, sent back (the 0.5B model
/// wrote hello.txt, then sent that code again instead of printing its size): the model is asked
/// for the rest with only the request and that code in view, and goes on.
#[tokio::test]
async fn code_that_printed_nothing_sent_back_gets_the_rest_of_the_request_asked_afresh() {
    let write = "```python\nwith open('hello.txt', 'w') as f:\n    f.write('hi there')\n```";
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(write),
        ScriptedResponse::text(write),
        ScriptedResponse::text("```python\nimport os\nprint(os.path.getsize('hello.txt'))\n```"),
        ScriptedResponse::text("hello.txt is 8 bytes."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("Create a file hello.txt containing exactly the text hi there, then tell me its size in bytes.");
    let events = s.until_turn_end().await;
    assert_eq!(
        runs_begun(&events),
        2,
        "the code sent back does not run again"
    );
    assert!(
        notices(&events)
            .iter()
            .any(|n| n.contains("ran and printed nothing; it is asked afresh")),
        "{:?}",
        notices(&events)
    );
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 4);
    // After the run that wrote the file, what is left of the request is asked as a request of
    // its own, none of the turn's calls in view.
    assert!(
        notices(&events)
            .iter()
            .any(|n| n.contains("the rest of the request is asked as a request of its own")),
        "{:?}",
        notices(&events)
    );
    assert_no_replies_in_view(&requests[1]);
    assert_eq!(
        last_message(&requests[1]),
        "The file hello.txt is in the working directory. Tell me its size in bytes. Write the code, which prints the answer."
    );
    // The third request: the request and the code that ran, none of the turn's calls.
    assert_no_replies_in_view(&requests[2]);
    let asked = last_message(&requests[2]);
    assert!(
        asked.starts_with("Create a file hello.txt")
            && asked.contains("This code ran already and printed nothing:\n```python\nwith open('hello.txt', 'w') as f:")
            && asked.contains("Do not run it again. It made `hello.txt`; the rest of my request is still to do: tell me its size in bytes. Write the code for the rest"),
        "{asked}"
    );
    assert_eq!(
        std::fs::read_to_string(s.workdir.join("hello.txt")).unwrap(),
        "hi there"
    );
    assert_eq!(answers(&events).last(), Some(&"hello.txt is 8 bytes."));
    s.server.assert_invariants();
}

/// A small model that makes the same slip twice (a tool it made up, with values it made up:
/// held-out bench task 25) is asked afresh, its corrected replies out of view, sampled warm:
/// at temperature 0, shown them, it wrote the same reply a third time; and shown the
/// correction's JSON example, warm, it did too (third set, task 32).
#[tokio::test]
async fn the_same_slip_twice_is_asked_afresh_without_the_slips_in_view() {
    let made_up =
        "```json\n{\"name\": \"average\", \"arguments\": {\"values\": [\"10\", \"20\"]}}\n```";
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(made_up),
        ScriptedResponse::text(made_up),
        ScriptedResponse::text(
            "```python\nnums = [5, 12, 9, 31, 2, 19]\nprint(sum(nums) / len(nums))\n```",
        ),
        ScriptedResponse::text("The average is 13.0."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("What is the average of 5, 12, 9, 31, 2 and 19?");
    let events = s.until_turn_end().await;
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 4);
    let temperature = |n: usize| requests[n].body["temperature"].as_f64().unwrap();
    assert_eq!(temperature(1), 0.0);
    assert!((temperature(2) - 0.7).abs() < 1e-6, "{}", temperature(2));
    assert_no_replies_in_view(&requests[2]);
    let asked = last_message(&requests[2]);
    assert!(
        asked.starts_with("What is the average of 5, 12, 9, 31, 2 and 19?")
            && asked.ends_with(
                "(Your first replies to this were tool calls that ran nothing. Write Python code in a ```python block that does it and prints the answer.)"
            ),
        "{asked}"
    );
    assert!(
        notices(&events)
            .iter()
            .any(|n| n.contains("last two replies were both corrected")
                && n.contains("temperature 0.7")),
        "{:?}",
        notices(&events)
    );
    // Past it, the conversation is whole again.
    assert!(
        requests[3]
            .messages()
            .iter()
            .any(|m| m["role"] == "assistant")
    );
    assert_eq!(answers(&events).last(), Some(&"The average is 13.0."));
    s.server.assert_invariants();
}

#[tokio::test]
async fn max_turns_stops_a_model_that_never_finishes() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("shell", "true"),
        run("shell", "true"),
        run("shell", "true"),
    ]))
    .configure(auto)
    .configure(|c| c.max_turns = 2)
    .start()
    .await;
    s.say("loop");
    let events = s.until_turn_end().await;
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: TurnEndReason::MaxTurns,
            ..
        })
    ));
    assert_eq!(s.server.model_requests().len(), 2);
}

#[tokio::test]
async fn model_errors_end_the_turn_and_the_session_goes_on() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::error(401, ""),
        ScriptedResponse::text("fine now"),
    ]))
    .start()
    .await;
    s.say("hello");
    let events = s.until_turn_end().await;
    let err = events.iter().find_map(|e| match e {
        EventMsg::Error(info) => Some(info.clone()),
        _ => None,
    });
    assert_eq!(err.unwrap().kind, oi_protocol::ErrorKind::Authentication);
    s.say("hello again");
    let events = s.until_turn_end().await;
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: TurnEndReason::Completed,
            ..
        })
    ));
}

#[tokio::test]
async fn reset_and_undo_shape_what_the_model_sees() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("one"),
        ScriptedResponse::text("two"),
        ScriptedResponse::text("three"),
    ]))
    .start()
    .await;
    s.say("first");
    s.until_turn_end().await;
    s.say("second");
    s.until_turn_end().await;
    s.submit(Op::Undo);
    s.wait_for(|m| matches!(m, EventMsg::HistoryUndone { .. }))
        .await;
    s.say("third");
    s.until_turn_end().await;
    let texts: Vec<String> = s.server.model_requests()[2]
        .messages()
        .iter()
        .skip(1)
        .map(|m| m["content"].as_str().unwrap_or("").to_string())
        .collect();
    assert_eq!(texts, vec!["first", "one", "third"]);
    s.submit(Op::Reset);
    s.wait_for(|m| matches!(m, EventMsg::HistoryReset)).await;
    s.submit(Op::ReportTokens);
    let usage = s.wait_for(|m| matches!(m, EventMsg::TokenUsage(_))).await;
    let EventMsg::TokenUsage(u) = usage.msg else {
        unreachable!()
    };
    assert!(u.total_input_tokens > 0);
}

#[tokio::test]
async fn a_resumed_session_continues_the_conversation() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("python", "secret = 7\nprint('set')"),
        ScriptedResponse::text("stored"),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("remember 7");
    s.until_turn_end().await;
    let data_dir = s.data_dir.clone();
    let workdir = s.workdir.clone();
    let session_id = s.handle.session_id.clone();
    s.submit(Op::Shutdown);
    s.wait_for(|m| matches!(m, EventMsg::ShutdownComplete))
        .await;

    let server =
        oi_test_support::ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text(
            "It was 7.",
        )]))
        .await;
    let mut config = oi_core::SessionConfig::new("openai/scripted-model", workdir, data_dir);
    config.api_base = Some(format!("{}/v1", server.base_url()));
    let resume = oi_core::SessionRequest::resuming(Some(session_id[..8].to_string()));
    let mut handle = oi_core::spawn_session(config, resume).unwrap();
    let first = oi_test_support::wait_for_event(&mut handle.events, |_| true).await;
    let EventMsg::SessionConfigured(info) = first.msg else {
        panic!("{first:?}")
    };
    assert!(info.resumed);
    assert_eq!(info.session_id, session_id);
    handle
        .submissions
        .send(oi_protocol::Submission {
            id: "r".into(),
            op: Op::UserInput {
                items: vec![oi_protocol::InputItem::text("what was it?")],
            },
        })
        .unwrap();
    oi_test_support::wait_for_event(&mut handle.events, |m| {
        matches!(m, EventMsg::TurnEnded { .. })
    })
    .await;
    let msgs = server.model_requests()[0].messages().to_vec();
    let roles: Vec<&str> = msgs.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(
        roles,
        vec!["system", "user", "assistant", "tool", "assistant", "user"]
    );
    assert_eq!(msgs[3]["content"], json!("set\n"));
    server.assert_invariants();
}

#[tokio::test]
async fn an_interrupt_while_the_kernel_starts_is_not_lost() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("python", "while True:\n    pass"),
        ScriptedResponse::text("ok"),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("loop forever");
    s.wait_for(|m| matches!(m, EventMsg::ExecBegin { .. }))
        .await;
    s.submit(Op::Interrupt);
    let end = s.wait_for(|m| matches!(m, EventMsg::ExecEnd { .. })).await;
    assert!(
        matches!(
            end.msg,
            EventMsg::ExecEnd {
                status: ExecStatus::Interrupted,
                ..
            }
        ),
        "{end:?}"
    );
    s.wait_for(|m| {
        matches!(
            m,
            EventMsg::TurnEnded {
                reason: TurnEndReason::Interrupted,
                ..
            }
        )
    })
    .await;
}

/// A front end may answer TurnEnded at once with an op that needs an idle session (%reset,
/// %undo, a profile switch): the session must already be idle when TurnEnded is seen.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_op_sent_right_after_turn_ended_finds_the_session_idle() {
    let turns = 60;
    let script = (0..turns)
        .map(|i| ScriptedResponse::text(format!("reply {i}")))
        .collect();
    let mut f = SessionFixture::builder(Script::new(script)).start().await;
    let mut errors = Vec::new();
    for _ in 0..turns {
        f.submit(Op::Reset);
        f.say("hello");
        for event in f.until_turn_end().await {
            if let EventMsg::Error(error) = event {
                errors.push(error.message);
            }
        }
    }
    assert_eq!(errors, Vec::<String>::new());
}

/// The sandbox and the project's command rules are set up by `spawn_session` for the session's
/// own directory (an editor's or the app's session is not where the program started). The
/// sandbox's enforcement runs in the product tests: this test binary is not the `__sandbox`
/// helper, so here only its setup is seen.
#[tokio::test]
async fn the_sandbox_and_project_rules_are_the_sessions_own() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run("shell", "touch forbidden.txt"),
        ScriptedResponse::text("done"),
    ]))
    .configure(|c| {
        auto(c);
        let project = c.cwd.join(".interpreter");
        std::fs::create_dir_all(&project).unwrap();
        std::fs::write(
            project.join("config.toml"),
            "[commands]\nforbid = [\"touch\"]\n",
        )
        .unwrap();
        c.sandbox_setup = Some(oi_core::sandbox::SandboxSetup::of(
            oi_core::sandbox::SandboxRequest {
                backend: oi_sandbox::Backend::Native,
                ..Default::default()
            },
        ));
    })
    .start()
    .await;
    s.say("go");
    let events = s.until_turn_end().await;
    let sandbox = oi_core::store::read_events(&s.handle.log_path)
        .unwrap()
        .into_iter()
        .find_map(|e| match e.msg {
            EventMsg::SessionConfigured(info) => info.sandbox,
            _ => None,
        })
        .expect("the session says its sandbox");
    assert_eq!(
        (sandbox.backend.as_str(), sandbox.policy.as_str()),
        ("native", "workspace-write")
    );
    assert_eq!(sandbox.refusal, None);
    let r = tool_results(&events);
    assert!(
        r[0].contains("forbid `touch`") && r[0].contains(".interpreter/config.toml"),
        "{r:#?}"
    );
    assert!(!s.workdir.join("forbidden.txt").exists());
}

/// Providers and local servers repeat or leave out call ids. On every wire format each call is
/// still its own call (its own result, approval and card), and the provider's id goes back on
/// the wire only where it named one call of its reply.
#[tokio::test]
async fn repeated_or_missing_provider_ids_still_make_one_call_each_on_every_wire() {
    let shell = |code: &str| json!({"language": "shell", "code": code});
    for model in ["openai/scripted", "anthropic/scripted", "ollama/scripted"] {
        let mut s = SessionFixture::builder(Script::new(vec![
            ScriptedResponse::new(Vec::new())
                .then_tool_call_with_id("call_1", "execute", shell("echo one"))
                .then_tool_call_with_id("call_1", "execute", shell("echo two")),
            ScriptedResponse::new(Vec::new()).then_tool_call_with_id(
                "call_1",
                "execute",
                shell("echo three"),
            ),
            ScriptedResponse::new(Vec::new()).then_tool_call_with_id(
                "",
                "execute",
                shell("echo four"),
            ),
            ScriptedResponse::text("Done."),
        ]))
        .model(model)
        .configure(auto)
        .start()
        .await;
        s.say("count");
        let events = s.until_turn_end().await;
        let ids: Vec<String> = events
            .iter()
            .filter_map(|e| match e {
                EventMsg::ToolCallProposed { call } => Some(call.call_id.clone()),
                _ => None,
            })
            .collect();
        let distinct: std::collections::HashSet<&String> = ids.iter().collect();
        assert_eq!((ids.len(), distinct.len()), (4, 4), "{model}: {ids:?}");
        assert_eq!(
            tool_results(&events),
            vec!["one\n", "two\n", "three\n", "four\n"],
            "{model}"
        );
        // Every result on the wire answers a call on the wire, one for one.
        s.server.assert_invariants();
    }
}

/// `%sandbox` while a Python block runs waits for the block, and the block's own requests to
/// the engine (`computer.files`) are still answered meanwhile: no lock of the op's blocks them.
#[tokio::test]
async fn changing_the_sandbox_while_a_block_asks_the_engine_waits_for_the_block() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run(
            "python",
            "import os, time\n\
             print('waiting', flush=True)\n\
             while not os.path.exists('go'):\n    time.sleep(0.05)\n\
             print(computer.files.read('note.txt'))",
        ),
        ScriptedResponse::text("It says hello."),
    ]))
    .configure(auto)
    .start()
    .await;
    std::fs::write(s.workdir.join("note.txt"), "hello from the note\n").unwrap();
    s.say("read the note once I say go");
    s.wait_for(|m| matches!(m, EventMsg::ExecOutput { chunk, .. } if chunk.contains("waiting")))
        .await;
    s.submit(Op::SetSandbox {
        backend: "none".into(),
        level: None,
    });
    // The op is under way (waiting for the block) when the block asks the engine.
    tokio::time::sleep(Duration::from_millis(300)).await;
    std::fs::write(s.workdir.join("go"), "").unwrap();
    let events = s.until_turn_end().await;
    let results = tool_results(&events);
    assert!(
        results
            .first()
            .is_some_and(|r| r.contains("hello from the note")),
        "{results:?}"
    );
    // The new sandbox took effect once the block's run was over (its output all out); the
    // turn's next code would wait for it (the op holds the kernels until they are stopped).
    let at = |pred: fn(&EventMsg) -> bool| events.iter().position(pred);
    let ended = at(
        |m| matches!(m, EventMsg::ExecOutput { chunk, .. } if chunk.contains("hello from the note")),
    )
    .unwrap();
    let changed = at(|m| matches!(m, EventMsg::SandboxChanged { sandbox: None }));
    assert!(changed.is_some_and(|c| c > ended), "{events:#?}");
    s.server.assert_invariants();
}

/// An answer given before the document it is about was read: the engine reads it in the
/// model's stead, and the model is not shown that early answer again (the 0.5B model, shown
/// the report's text after its answer that named the file, said that answer again).
#[tokio::test]
async fn an_answer_the_engine_ran_code_in_place_of_is_not_shown_to_the_model_again() {
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text(
            "```python\nfor p in computer.files.find(kind='txt', folder='.'):\n    print(p)\n```",
        ),
        ScriptedResponse::text("The newest note is notes.txt."),
        ScriptedResponse::text("The notes say the meeting moved to Friday."),
    ]))
    .configure(auto)
    .start()
    .await;
    std::fs::write(
        s.workdir.join("notes.txt"),
        "The meeting moved to Friday.\n",
    )
    .unwrap();
    s.say("Summarize the notes text file in this folder.");
    let events = s.until_turn_end().await;
    let results = tool_results(&events);
    assert_eq!(results.len(), 2, "{results:?}");
    assert!(
        results[1].contains("The meeting moved to Friday."),
        "{results:?}"
    );
    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 3);
    let shown: Vec<String> = requests[2]
        .messages()
        .iter()
        .map(|m| m["content"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(
        !shown
            .iter()
            .any(|m| m.contains("The newest note is notes.txt.")),
        "{shown:?}"
    );
    assert!(last_message(&requests[2]).contains("The meeting moved to Friday."));
    // The person still saw it, and the log keeps it.
    assert!(
        answers(&events).contains(&"The newest note is notes.txt."),
        "{:?}",
        answers(&events)
    );
    assert_eq!(
        answers(&events).last(),
        Some(&"The notes say the meeting moved to Friday.")
    );
}

/// A whole plain text file read through `computer.files.read` is the file as it is (what
/// `open().read()` gives): counting its lines or words counts the file's. A document keeps
/// its header and page markers.
#[tokio::test]
async fn python_reads_a_plain_text_file_as_it_is() {
    let mut s = SessionFixture::builder(Script::new(vec![
        run(
            "python",
            "import os\n\
             text = computer.files.read('poem.txt')\n\
             print(text == open('poem.txt').read(), len(text.splitlines()), len(text.split()))\n\
             print(computer.files.read('pages.txt').splitlines()[:2])\n\
             print(sorted(os.path.basename(p) for p in computer.files.find(kind='txt', folder='.')))",
        ),
        ScriptedResponse::text("Four lines."),
    ]))
    .configure(auto)
    .start()
    .await;
    std::fs::write(
        s.workdir.join("poem.txt"),
        "roses are red\nviolets are blue\nsugar is sweet\nand so are you\n",
    )
    .unwrap();
    // A form feed starts a new page: two pages are shown with their markers.
    std::fs::write(s.workdir.join("pages.txt"), "one\n\x0ctwo\n").unwrap();
    // `kind='txt'` finds .txt files, not the Markdown beside them.
    std::fs::write(s.workdir.join("notes.md"), "# notes\n").unwrap();
    s.say("how many lines has poem.txt?");
    let events = s.until_turn_end().await;
    let results = tool_results(&events);
    let out = results.first().map(String::as_str).unwrap_or_default();
    assert!(out.contains("True 4 13"), "{results:?}");
    assert!(out.contains("'--- page 1 ---'"), "{results:?}");
    assert!(out.contains("['pages.txt', 'poem.txt']"), "{results:?}");
}

/// A reply that falls into repeating a few characters is cut there and not read any further
/// (the model keeps writing here: the stream hangs after the loop, so a turn that kept reading
/// would never end); nothing in it runs, and the model is asked again.
#[tokio::test]
async fn a_reply_caught_in_a_loop_is_cut_and_asked_again() {
    let lead = "Here's a script:\n\n```python\nimport re\nprint(len(re.findall(r'";
    let looping = ScriptedResponse::new(vec![
        oi_test_support::Part::Text(format!("{lead}{}", "\\d+%".repeat(400))),
        oi_test_support::Part::Hang,
    ]);
    let mut s = SessionFixture::builder(Script::new(vec![
        looping,
        ScriptedResponse::text("Two lines mention disk."),
    ]))
    .configure(auto)
    .start()
    .await;
    s.say("How many lines of app.log mention disk?");
    let events = s.until_turn_end().await;
    assert!(
        events
            .iter()
            .any(|m| matches!(m, EventMsg::Notice { message }
            if message.contains(r#"repeated "\\d+%""#))),
        "{events:#?}"
    );
    assert!(
        !events
            .iter()
            .any(|m| matches!(m, EventMsg::ExecBegin { .. })),
        "nothing runs"
    );
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: TurnEndReason::Completed,
            ..
        })
    ));
    let second = &s.server.model_requests()[1];
    let messages = second.messages();
    let cut = messages[messages.len() - 2]["content"].as_str().unwrap();
    assert!(
        cut.starts_with(lead) && cut.len() <= lead.len() + 4,
        "{cut}"
    );
    let asked = messages[messages.len() - 1]["content"].as_str().unwrap();
    assert!(asked.contains("kept repeating"), "{asked}");
}

/// Thinking that falls into a loop is cut the same way (a reasoning model can think in
/// circles until its context is full).
#[tokio::test]
async fn thinking_caught_in_a_loop_is_cut_and_asked_again() {
    let looping = ScriptedResponse::new(vec![
        oi_test_support::Part::Reasoning(format!("Let me count. {}", "wait, ".repeat(200))),
        oi_test_support::Part::Hang,
    ]);
    let mut s = SessionFixture::builder(Script::new(vec![looping, ScriptedResponse::text("Two.")]))
        .start()
        .await;
    s.say("How many?");
    let events = s.until_turn_end().await;
    assert!(
        events
            .iter()
            .any(|m| matches!(m, EventMsg::Notice { message }
            if message.contains("repeated") && message.contains("wait,"))),
        "{events:#?}"
    );
    assert!(matches!(
        events.last(),
        Some(EventMsg::TurnEnded {
            reason: TurnEndReason::Completed,
            ..
        })
    ));
}
