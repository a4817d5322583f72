//! Ollama native format: NDJSON chat (streamed by default), tool calls, final counts, errors.

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

use super::common::{parse_ndjson, post_text};

fn chat(stream: Option<bool>) -> Value {
    let mut body =
        json!({"model": "llama3.2", "messages": [{"role": "user", "content": "list the files"}]});
    if let Some(stream) = stream {
        body["stream"] = json!(stream);
    }
    body
}

#[tokio::test]
async fn streams_ndjson_by_default_with_tool_calls_and_final_counts() {
    let arguments = json!({"language": "shell", "code": "ls"});
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::reasoning("They want files.")
            .then_text("Let me check.")
            .then_tool_call("execute", arguments.clone())
            .with_usage(42, 7),
    ]))
    .await;
    let (status, content_type, text) =
        post_text(&format!("{}/api/chat", server.base_url()), &[], &chat(None)).await;
    assert_eq!(status, 200);
    assert_eq!(content_type, "application/x-ndjson");
    let lines = parse_ndjson(&text);
    let (last, rest) = lines.split_last().expect("lines");
    for line in rest {
        assert_eq!(line["done"], false);
        assert_eq!(line["model"], "llama3.2");
        assert!(line["created_at"].is_string());
        assert_eq!(line["message"]["role"], "assistant");
    }
    let thinking: Vec<&str> = rest
        .iter()
        .filter_map(|l| l["message"]["thinking"].as_str())
        .collect();
    assert!(thinking.len() >= 3);
    assert_eq!(thinking.concat(), "They want files.");
    let content: Vec<&str> = rest
        .iter()
        .filter_map(|l| l["message"]["content"].as_str())
        .filter(|s| !s.is_empty())
        .collect();
    assert!(content.len() >= 3);
    assert_eq!(content.concat(), "Let me check.");
    let calls: Vec<&Value> = rest
        .iter()
        .filter_map(|l| l["message"].get("tool_calls"))
        .collect();
    assert_eq!(calls.len(), 1, "tool calls arrive whole in one line");
    assert_eq!(
        calls[0],
        &json!([{"function": {"name": "execute", "arguments": arguments}}])
    );

    assert_eq!(last["done"], true);
    assert_eq!(last["done_reason"], "stop");
    assert_eq!(last["message"], json!({"role": "assistant", "content": ""}));
    assert_eq!(last["prompt_eval_count"], 42);
    assert_eq!(last["eval_count"], 7);
    for field in [
        "total_duration",
        "load_duration",
        "prompt_eval_duration",
        "eval_duration",
    ] {
        assert!(last[field].is_u64(), "{field}");
    }
    server.assert_invariants();
}

#[tokio::test]
async fn stream_false_gives_one_body_and_errors_are_flat() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("All done.").then_tool_call_with_id(
            "call_7",
            "execute",
            json!({"code": "pwd"}),
        ),
        ScriptedResponse::error(404, ""),
    ]))
    .await;
    let url = format!("{}/api/chat", server.base_url());
    let (status, content_type, text) = post_text(&url, &[], &chat(Some(false))).await;
    assert_eq!((status, content_type.as_str()), (200, "application/json"));
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["done"], true);
    assert_eq!(body["message"]["content"], "All done.");
    assert_eq!(
        body["message"]["tool_calls"],
        json!([{"id": "call_7", "function": {"name": "execute", "arguments": {"code": "pwd"}}}])
    );
    let (status, _, text) = post_text(&url, &[], &chat(Some(true))).await;
    assert_eq!(status, 404);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert!(
        body["error"]
            .as_str()
            .expect("flat error string")
            .contains("not found")
    );
}

#[tokio::test]
async fn tool_message_without_calls_is_a_violation() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("ok"),
        ScriptedResponse::text("ok"),
    ]))
    .await;
    let url = format!("{}/api/chat", server.base_url());
    let good = json!({"model": "m", "stream": false, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "assistant", "content": "", "tool_calls": [{"function": {"name": "execute", "arguments": {"code": "ls"}}}]},
        {"role": "tool", "content": "a.txt", "tool_name": "execute"},
    ]});
    post_text(&url, &[], &good).await;
    server.assert_invariants();
    let bad = json!({"model": "m", "stream": false, "messages": [
        {"role": "user", "content": "hi"},
        {"role": "tool", "content": "a.txt"},
    ]});
    post_text(&url, &[], &bad).await;
    assert_eq!(server.violations().len(), 1, "{:?}", server.violations());
}
