//! Anthropic Messages format: the SSE event sequence, split tool input, thinking, errors.

use oi_test_support::{Part, Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

use super::common::{parse_sse, post_text};

const VERSION: (&str, &str) = ("anthropic-version", "2023-06-01");

fn messages(stream: bool) -> Value {
    json!({
        "model": "claude-sonnet-4-5",
        "max_tokens": 1024,
        "system": "You are a helpful assistant.",
        "messages": [{"role": "user", "content": "list the files"}],
        "stream": stream,
    })
}

#[tokio::test]
async fn stream_follows_the_event_sequence_and_splits_tool_input() {
    let input = json!({"language": "shell", "code": "ls -la /tmp | head -n 20"});
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::reasoning("The user wants a listing.")
            .then_text("Listing the files now.")
            .then_tool_call("execute", input.clone())
            .with_usage(200, 30),
    ]))
    .await;
    let url = format!("{}/v1/messages", server.base_url());
    let (status, content_type, text) =
        post_text(&url, &[VERSION, ("x-api-key", "sk-ant")], &messages(true)).await;
    assert_eq!(status, 200);
    assert!(content_type.starts_with("text/event-stream"));
    let events = parse_sse(&text);
    let data: Vec<Value> = events.iter().map(|e| e.json()).collect();
    for (event, data) in events.iter().zip(&data) {
        assert_eq!(
            event.event.as_deref(),
            data["type"].as_str(),
            "event name equals the data type"
        );
    }
    let names: Vec<&str> = data
        .iter()
        .map(|d| d["type"].as_str().expect("type"))
        .collect();
    // message_start, ping, three blocks of start/deltas/stop, message_delta, message_stop.
    assert_eq!(names[..2], ["message_start", "ping"]);
    assert_eq!(names[names.len() - 2..], ["message_delta", "message_stop"]);
    let mut blocks: Vec<(Value, Vec<Value>)> = Vec::new();
    let mut open: Option<usize> = None;
    for d in &data[2..data.len() - 2] {
        match d["type"].as_str().expect("type") {
            "content_block_start" => {
                assert!(open.is_none(), "blocks do not interleave");
                assert_eq!(d["index"], blocks.len());
                open = Some(blocks.len());
                blocks.push((d["content_block"].clone(), Vec::new()));
            }
            "content_block_delta" => {
                assert_eq!(d["index"].as_u64().map(|i| i as usize), open);
                blocks
                    .last_mut()
                    .expect("open block")
                    .1
                    .push(d["delta"].clone());
            }
            "content_block_stop" => {
                assert_eq!(d["index"].as_u64().map(|i| i as usize), open);
                open = None;
            }
            other => panic!("unexpected event {other}"),
        }
    }
    assert_eq!(blocks.len(), 3);

    let start = &data[0]["message"];
    assert_eq!(start["role"], "assistant");
    assert_eq!(start["content"], json!([]));
    assert_eq!(start["model"], "claude-sonnet-4-5");
    assert_eq!(start["usage"]["input_tokens"], 200);

    let (thinking, deltas) = &blocks[0];
    assert_eq!(thinking, &json!({"type": "thinking", "thinking": ""}));
    let (signature, thoughts) = deltas.split_last().expect("deltas");
    assert_eq!(signature["type"], "signature_delta");
    assert!(thoughts.len() >= 3);
    assert!(thoughts.iter().all(|d| d["type"] == "thinking_delta"));
    assert_eq!(
        thoughts
            .iter()
            .map(|d| d["thinking"].as_str().expect("thinking"))
            .collect::<String>(),
        "The user wants a listing."
    );

    let (text_block, deltas) = &blocks[1];
    assert_eq!(text_block, &json!({"type": "text", "text": ""}));
    assert!(deltas.len() >= 3 && deltas.iter().all(|d| d["type"] == "text_delta"));
    assert_eq!(
        deltas
            .iter()
            .map(|d| d["text"].as_str().expect("text"))
            .collect::<String>(),
        "Listing the files now."
    );

    let (tool, deltas) = &blocks[2];
    assert_eq!(tool["type"], "tool_use");
    assert_eq!(tool["name"], "execute");
    assert_eq!(tool["input"], json!({}));
    assert!(tool["id"].as_str().expect("id").starts_with("toolu_"));
    assert!(deltas.iter().all(|d| d["type"] == "input_json_delta"));
    assert_eq!(deltas[0]["partial_json"], "");
    assert!(
        deltas.len() >= 4,
        "input split over several deltas: {deltas:?}"
    );
    let joined: String = deltas
        .iter()
        .map(|d| d["partial_json"].as_str().expect("partial_json"))
        .collect();
    assert_eq!(
        serde_json::from_str::<Value>(&joined).expect("input JSON"),
        input
    );

    let delta = &data[data.len() - 2];
    assert_eq!(
        delta["delta"],
        json!({"stop_reason": "tool_use", "stop_sequence": null})
    );
    assert_eq!(delta["usage"]["output_tokens"], 30);
    server.assert_invariants();
}

#[tokio::test]
async fn non_streaming_body_is_a_message() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::reasoning("hmm")
            .then_text("Hello!")
            .then_tool_call("execute", json!({"code": "ls"})),
        ScriptedResponse::text("cut").truncated().with_usage(5, 1),
    ]))
    .await;
    let url = format!("{}/v1/messages", server.base_url());
    let (status, _, text) = post_text(&url, &[VERSION], &messages(false)).await;
    assert_eq!(status, 200);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["type"], "message");
    assert_eq!(body["role"], "assistant");
    assert_eq!(body["stop_reason"], "tool_use");
    let content = body["content"].as_array().expect("content");
    assert_eq!(content[0]["type"], "thinking");
    assert!(content[0]["signature"].is_string());
    assert_eq!(content[1], json!({"type": "text", "text": "Hello!"}));
    assert_eq!(content[2]["input"], json!({"code": "ls"}));

    let (_, _, text) = post_text(&url, &[VERSION], &messages(false)).await;
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["stop_reason"], "max_tokens");
    assert_eq!(body["usage"]["input_tokens"], 5);
    assert_eq!(body["usage"]["output_tokens"], 1);
}

#[tokio::test]
async fn errors_have_anthropic_shape() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::error(401, ""),
        ScriptedResponse::error(529, ""),
        ScriptedResponse::context_length_exceeded(),
        ScriptedResponse::text("partial").then(Part::HttpError {
            status: 529,
            message: String::new(),
            code: None,
            body: None,
        }),
    ]))
    .await;
    let url = format!("{}/v1/messages", server.base_url());
    let (status, _, text) = post_text(&url, &[VERSION], &messages(true)).await;
    assert_eq!(status, 401);
    assert_eq!(
        serde_json::from_str::<Value>(&text).expect("JSON"),
        json!({"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}})
    );
    let (status, _, text) = post_text(&url, &[VERSION], &messages(true)).await;
    assert_eq!(status, 529);
    assert_eq!(
        serde_json::from_str::<Value>(&text).expect("JSON")["error"]["type"],
        "overloaded_error"
    );
    let (status, _, text) = post_text(&url, &[VERSION], &messages(false)).await;
    assert_eq!(status, 400);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["error"]["type"], "invalid_request_error");
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("message")
            .starts_with("prompt is too long")
    );
    let (status, _, text) = post_text(&url, &[VERSION], &messages(true)).await;
    assert_eq!(status, 200);
    let events = parse_sse(&text);
    let last = events.last().expect("events");
    assert_eq!(last.event.as_deref(), Some("error"));
    assert_eq!(last.json()["error"]["type"], "overloaded_error");
    assert!(
        events
            .iter()
            .all(|e| e.event.as_deref() != Some("message_stop"))
    );
}

#[tokio::test]
async fn invariants_check_tool_results_max_tokens_and_version() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("a"),
        ScriptedResponse::text("b"),
    ]))
    .await;
    let url = format!("{}/v1/messages", server.base_url());
    let good = json!({"model": "c", "max_tokens": 10, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": [{"type": "text", "text": "running"}, {"type": "tool_use", "id": "toolu_1", "name": "execute", "input": {"code": "ls"}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": "a.txt"}]},
    ]});
    post_text(&url, &[VERSION], &good).await;
    server.assert_invariants();
    let bad = json!({"model": "c", "messages": [
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_ghost", "content": "x"}]},
    ]});
    post_text(&url, &[], &bad).await;
    let violations = server.violations();
    assert_eq!(violations.len(), 3, "{violations:#?}");
    assert!(violations.iter().any(|v| v.contains("max_tokens")));
    assert!(violations.iter().any(|v| v.contains("anthropic-version")));
    assert!(violations.iter().any(|v| v.contains("toolu_ghost")));
}
