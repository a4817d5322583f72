//! The product on a real local model: llama.cpp's server with Qwen2.5-Coder-0.5B-Instruct on
//! 127.0.0.1 (installed by .ci/local-model.sh). The model is asked to compute with Python; the
//! code is approved and runs; the result reaches the model and its answer is shown. The model's
//! wording is free: what is asserted is that the code ran, its output, and that an answer
//! followed it. Slow on two cores (each model request takes seconds): keep these few.

use std::time::Duration;

use std::time::Instant;

use expectrl::Eof;
use oi_product_tests::llama::{LlamaServer, MODEL_ALIAS};
use oi_product_tests::{Sandbox, expect_patiently, of_type, run_exec_within, spawn_pty, types};
use serde_json::{Value, json};

pub(super) const QUESTION: &str = "What is 123 * 457? Compute it with Python.";
pub(super) const PRODUCT: &str = "56211";

/// The model, greedy and short, and the question.
/// The same answer every run, kept short, and a turn that cannot run away.
pub(super) const STEADY: [&str; 6] = [
    "--temperature",
    "0",
    "--max-tokens",
    "200",
    "--max-turns",
    "4",
];

fn session_args(server: &LlamaServer) -> Vec<String> {
    let model = format!("llamacpp/{MODEL_ALIAS}");
    let base = server.api_base();
    ["--model", &model, "--api_base", &base]
        .into_iter()
        .chain(STEADY)
        .chain([QUESTION])
        .map(String::from)
        .collect()
}

/// The text of the assistant's messages after the first tool result.
pub(super) fn answers_after_the_result(events: &[Value]) -> Vec<String> {
    let first_result = events
        .iter()
        .position(|e| e["msg"]["type"] == "tool_result")
        .expect("a tool result");
    events[first_result..]
        .iter()
        .filter(|e| e["msg"]["type"] == "assistant_message")
        .map(|e| e["msg"]["text"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// The code ran through the gate with the right output, and the model answered after it.
fn assert_computed_and_answered(events: &[Value]) {
    assert_computed_and_answered_with(events, "context window 4096 tokens (from llama.cpp /props)");
}

/// The same, with the context window's notice as this runtime words it.
pub(super) fn assert_computed_and_answered_with(events: &[Value], window_notice: &str) {
    let ran: Vec<&Value> = of_type(events, "exec_end");
    assert!(!ran.is_empty(), "no code ran: {:?}", types(events));
    assert_eq!(ran[0]["msg"]["status"], json!("completed"), "{:?}", ran[0]);
    let results = of_type(events, "tool_result");
    assert!(
        results[0]["msg"]["output"]
            .as_str()
            .unwrap_or_default()
            .contains(PRODUCT),
        "the first run did not print {PRODUCT}: {:?}",
        results[0]
    );
    assert!(
        !of_type(events, "approval_decided").is_empty()
            && of_type(events, "approval_decided")[0]["msg"]["decision"]["type"] == "approve",
        "the run was not approved through the gate"
    );
    let answers = answers_after_the_result(events);
    assert!(
        answers.iter().any(|a| !a.trim().is_empty()),
        "no answer after the result: {answers:?}"
    );
    assert_eq!(
        of_type(events, "turn_ended").last().unwrap()["msg"]["reason"],
        json!("completed")
    );
    let notice = of_type(events, "notice")
        .iter()
        .any(|n| n["msg"]["message"] == window_notice);
    assert!(
        notice,
        "no notice `{window_notice}`: {:?}",
        of_type(events, "notice")
    );
}

/// Approves every run the model asks for until the turn has ended (the log says so), then
/// waits for the prompt; returns what the terminal showed.
pub(super) fn approve_until_the_turn_ends(p: &mut expectrl::Session, sb: &Sandbox) -> String {
    let deadline = Instant::now() + Duration::from_secs(600);
    let mut screen = String::new();
    while !turn_ended(sb) {
        assert!(
            Instant::now() < deadline,
            "the turn did not end within 10 minutes"
        );
        if let Ok(found) = expect_patiently(
            p,
            "Run this code? [y]es [n]o [e]dit",
            Duration::from_secs(2),
        ) {
            screen.push_str(&String::from_utf8_lossy(found.before()));
            p.send_line("y").unwrap();
        }
    }
    let found = expect_patiently(p, "> ", Duration::from_secs(60)).unwrap();
    screen.push_str(&String::from_utf8_lossy(found.before()));
    screen
}

fn turn_ended(sb: &Sandbox) -> bool {
    sb.session_logs()
        .first()
        .and_then(|log| std::fs::read_to_string(log).ok())
        .is_some_and(|text| text.contains("\"type\":\"turn_ended\""))
}

#[test]
fn exec_json_on_a_real_model_computes_with_python() {
    let server = LlamaServer::start();
    let sb = Sandbox::new();
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "-y"])
        .args(session_args(&server));
    let (out, events) = run_exec_within(&mut cmd, None, Duration::from_secs(600));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_computed_and_answered(&events);
    assert_eq!(sb.log_events(), events);
}

#[test]
fn terminal_on_a_real_model_asks_runs_and_shows_the_answer() {
    let server = LlamaServer::start();
    let sb = Sandbox::new();
    let mut cmd = sb.command("interpreter");
    cmd.arg("--plain").args(session_args(&server));
    let mut p = spawn_pty(cmd);
    let screen = approve_until_the_turn_ends(&mut p, &sb);
    assert!(
        screen.contains(PRODUCT),
        "the run's output was not shown:\n{screen}"
    );
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    let events = sb.log_events();
    assert_computed_and_answered(&events);
    let answer = answers_after_the_result(&events)
        .into_iter()
        .rfind(|a| !a.trim().is_empty())
        .unwrap();
    // The answer was shown (compared without markup and line breaks, which rendering changes).
    let letters = |s: &str| {
        s.chars()
            .filter(|c| c.is_alphanumeric())
            .collect::<String>()
    };
    let shown = letters(&screen);
    let start: String = letters(&answer).chars().take(30).collect();
    assert!(
        shown.contains(&start),
        "the answer {answer:?} was not shown:\n{screen}"
    );
}
