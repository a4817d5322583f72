//! Reasoning models that write their thinking inline (`<think>…</think>` in the content):
//! each real client against the scripted server, cut at every position, and a session in
//! which code the model only thought about is never run.

use std::time::Duration;

use futures::StreamExt;
use oi_core::model::{
    ChatMessage, ModelEvent, ModelRequest, ModelSpec, RetryPolicy, Role, client_for,
};
use oi_protocol::{ApprovalPolicy, EventMsg};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse, SessionFixture};
use pretty_assertions::assert_eq;
use serde_json::json;

/// A DeepSeek-R1-style answer: a code block thought about, then the real one.
const ANSWER: &str = "<think>Maybe ```python\nprint('thought-only')\n``` — no, simpler.</think>\n\nRunning it:\n```python\nprint('real-one')\n```\n";
const REASONING: &str = "Maybe ```python\nprint('thought-only')\n``` — no, simpler.";
const TEXT: &str = "Running it:\n```python\nprint('real-one')\n```\n";

fn request(model: &str) -> ModelRequest {
    ModelRequest {
        model: model.into(),
        system: "be brief".into(),
        messages: vec![ChatMessage::text(Role::User, "print something")],
        ..ModelRequest::default()
    }
}

/// (text, reasoning) of one streamed answer.
async fn stream_once(spec: &ModelSpec, req: &ModelRequest) -> (String, String) {
    let retry = RetryPolicy {
        max_retries: 0,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(10),
    };
    let client = client_for(spec, retry).unwrap();
    let mut stream = client.stream(req).await.unwrap();
    let (mut text, mut reasoning) = (String::new(), String::new());
    while let Some(ev) = stream.next().await {
        match ev.unwrap() {
            ModelEvent::TextDelta(t) => text.push_str(&t),
            ModelEvent::ReasoningDelta(r) => reasoning.push_str(&r),
            _ => {}
        }
    }
    (text, reasoning)
}

/// The answer cut in two at every character boundary (the server cuts each half further).
async fn split_at_every_position(model: &str, base_suffix: &str) {
    let cuts: Vec<usize> = (1..ANSWER.len())
        .filter(|at| ANSWER.is_char_boundary(*at))
        .collect();
    let turns = cuts
        .iter()
        .map(|&at| ScriptedResponse::text(&ANSWER[..at]).then_text(&ANSWER[at..]))
        .collect();
    let server = ScriptedModelServer::start(Script::new(turns)).await;
    let base = format!("{}{base_suffix}", server.base_url());
    let spec = ModelSpec::resolve(model, Some(&base), Some("test-key"), &|_| None);
    for at in cuts {
        let got = stream_once(&spec, &request(&spec.name)).await;
        assert_eq!(
            got,
            (TEXT.to_string(), REASONING.to_string()),
            "cut at byte {at}"
        );
    }
    server.assert_invariants();
    assert_eq!(server.remaining(), 0);
}

#[tokio::test]
async fn openai_inline_reasoning_is_split_at_every_position() {
    split_at_every_position("openai/deepseek-r1", "/v1").await;
}

#[tokio::test]
async fn anthropic_inline_reasoning_is_split_at_every_position() {
    split_at_every_position("anthropic/deepseek-r1", "").await;
}

#[tokio::test]
async fn ollama_inline_reasoning_is_split_at_every_position() {
    split_at_every_position("ollama/deepseek-r1", "").await;
}

#[tokio::test]
async fn ollama_asks_thinking_models_to_think_apart() {
    for thinks in [true, false] {
        let mut script = Script::new(vec![
            ScriptedResponse::reasoning("hm").then_text("ok"),
            ScriptedResponse::text("again"),
        ])
        .with_models(["deepseek-r1"]);
        if thinks {
            script = script.with_ollama_thinking();
        }
        let server = ScriptedModelServer::start(script).await;
        let spec = ModelSpec::resolve(
            "ollama/deepseek-r1",
            Some(&server.base_url()),
            None,
            &|_| None,
        );
        let client = client_for(&spec, RetryPolicy::default()).unwrap();
        for _ in 0..2 {
            let mut stream = client.stream(&request("deepseek-r1")).await.unwrap();
            while stream.next().await.is_some() {}
        }
        let bodies: Vec<_> = server
            .model_requests()
            .into_iter()
            .map(|r| r.body)
            .collect();
        for body in &bodies {
            assert_eq!(body.get("think"), thinks.then_some(&json!(true)), "{body}");
        }
        let shows = server
            .requests()
            .iter()
            .filter(|r| r.path == "/api/show")
            .count();
        assert_eq!(shows, 1, "the capability is asked for once per client");
        server.assert_invariants();
    }
}

async fn thought_code_is_not_run(model: &str) {
    let mut s = SessionFixture::builder(
        Script::new(vec![
            ScriptedResponse::text(ANSWER),
            ScriptedResponse::text("It printed real-one."),
        ])
        .with_models(["deepseek-r1"]),
    )
    .model(model)
    .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
    .start()
    .await;
    s.say("print something");
    let events = s.until_turn_end().await;
    let ran: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ToolResult { output, .. } => Some(output.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(ran, vec!["real-one\n".to_string()], "{events:#?}");
    let reasoning: String = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::ReasoningDelta { delta } => Some(delta.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(reasoning, REASONING);
    let answers: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            EventMsg::AssistantMessage { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(answers, vec![TEXT, "It printed real-one."]);
    // The thinking is not sent back as part of the answer.
    let second = &s.server.model_requests()[1];
    let sent = second.body.to_string();
    assert!(!sent.contains("thought-only"), "{sent}");
    assert!(sent.contains("real-one"), "{sent}");
    s.server.assert_invariants();
}

#[tokio::test]
async fn code_only_thought_about_is_not_run_openai() {
    thought_code_is_not_run("openai/deepseek-r1").await;
}

#[tokio::test]
async fn code_only_thought_about_is_not_run_ollama() {
    thought_code_is_not_run("ollama/deepseek-r1").await;
}
