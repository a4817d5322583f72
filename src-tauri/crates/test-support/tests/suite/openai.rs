//! OpenAI Chat Completions format: streaming chunks, split tool-call arguments, usage, errors.

use std::time::Duration;

use futures::StreamExt;
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

use super::common::{parse_sse, post, post_text, read_until};

fn chat(stream: bool) -> Value {
    json!({
        "model": "gpt-4o",
        "messages": [{"role": "user", "content": "list the files"}],
        "stream": stream,
        "stream_options": {"include_usage": true},
    })
}

#[tokio::test]
async fn stream_splits_text_and_tool_arguments_and_ends_with_usage_and_done() {
    let arguments = json!({"language": "python", "code": "import os\nprint(os.listdir('.'))"});
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::reasoning("The user wants files.")
            .then_text("Let me look at the files.")
            .then_tool_call("execute", arguments.clone())
            .then_tool_call_with_id("call_given", "execute", json!({"code": "ls"}))
            .with_usage(120, 14),
    ]))
    .await;
    let url = format!("{}/v1/chat/completions", server.base_url());
    let (status, content_type, text) = post_text(&url, &[], &chat(true)).await;
    assert_eq!(status, 200);
    assert!(
        content_type.starts_with("text/event-stream"),
        "{content_type}"
    );

    let events = parse_sse(&text);
    assert!(
        events.iter().all(|e| e.event.is_none()),
        "OpenAI sends data-only events"
    );
    assert_eq!(events.last().map(|e| e.data.as_str()), Some("[DONE]"));
    let chunks: Vec<Value> = events[..events.len() - 1]
        .iter()
        .map(|e| e.json())
        .collect();
    for chunk in &chunks {
        assert_eq!(chunk["object"], "chat.completion.chunk");
        assert_eq!(chunk["model"], "gpt-4o");
        assert_eq!(chunk["id"], chunks[0]["id"]);
        assert!(
            chunk.get("usage").is_some(),
            "include_usage puts usage (null) on every chunk"
        );
    }
    assert_eq!(chunks[0]["choices"][0]["delta"]["role"], "assistant");

    let (usage_chunk, choice_chunks) = chunks.split_last().expect("chunks");
    assert_eq!(usage_chunk["choices"], json!([]));
    assert_eq!(usage_chunk["usage"]["prompt_tokens"], 120);
    assert_eq!(usage_chunk["usage"]["completion_tokens"], 14);
    assert_eq!(usage_chunk["usage"]["total_tokens"], 134);

    let deltas: Vec<&Value> = choice_chunks
        .iter()
        .map(|c| &c["choices"][0]["delta"])
        .collect();
    let text_deltas: Vec<&str> = deltas
        .iter()
        .filter_map(|d| d["content"].as_str())
        .filter(|s| !s.is_empty())
        .collect();
    assert!(
        text_deltas.len() >= 3,
        "text in several deltas: {text_deltas:?}"
    );
    assert_eq!(text_deltas.concat(), "Let me look at the files.");
    let reasoning: String = deltas
        .iter()
        .filter_map(|d| d["reasoning_content"].as_str())
        .collect();
    assert_eq!(reasoning, "The user wants files.");

    // Reassemble tool calls by index, as a client must.
    let mut calls: Vec<(String, String, String)> = Vec::new();
    for delta in &deltas {
        for call in delta["tool_calls"].as_array().into_iter().flatten() {
            let index = call["index"].as_u64().expect("index") as usize;
            if let Some(id) = call["id"].as_str() {
                assert_eq!(index, calls.len(), "a new call starts at the next index");
                assert_eq!(call["type"], "function");
                assert_eq!(
                    call["function"]["arguments"], "",
                    "the first delta carries no arguments"
                );
                calls.push((
                    id.to_owned(),
                    call["function"]["name"].as_str().expect("name").to_owned(),
                    String::new(),
                ));
            } else {
                assert!(
                    call["function"].get("name").is_none(),
                    "later deltas carry only arguments"
                );
                calls[index]
                    .2
                    .push_str(call["function"]["arguments"].as_str().expect("fragment"));
            }
        }
    }
    assert_eq!(calls.len(), 2);
    assert!(calls[0].0.starts_with("call_"));
    assert_eq!(calls[0].1, "execute");
    assert_eq!(
        serde_json::from_str::<Value>(&calls[0].2).expect("arguments JSON"),
        arguments
    );
    let fragments = deltas
        .iter()
        .flat_map(|d| d["tool_calls"].as_array().cloned().unwrap_or_default())
        .filter(|c| c["index"] == 0 && c.get("id").is_none())
        .count();
    assert!(fragments >= 3, "arguments split over {fragments} deltas");
    assert_eq!(calls[1].0, "call_given");
    assert_eq!(
        serde_json::from_str::<Value>(&calls[1].2).expect("arguments JSON"),
        json!({"code": "ls"})
    );

    let finish = choice_chunks.last().expect("finish chunk");
    assert_eq!(finish["choices"][0]["finish_reason"], "tool_calls");
    assert_eq!(finish["choices"][0]["delta"], json!({}));
    assert!(
        choice_chunks[..choice_chunks.len() - 1]
            .iter()
            .all(|c| c["choices"][0]["finish_reason"].is_null())
    );

    assert_eq!(server.remaining(), 0);
    server.assert_invariants();
}

#[tokio::test]
async fn stream_without_include_usage_sends_no_usage() {
    let server =
        ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text("hello there")])).await;
    let body =
        json!({"model": "m", "messages": [{"role": "user", "content": "hi"}], "stream": true});
    let (_, _, text) = post_text(
        &format!("{}/chat/completions", server.base_url()),
        &[],
        &body,
    )
    .await;
    let events = parse_sse(&text);
    assert_eq!(events.last().map(|e| e.data.as_str()), Some("[DONE]"));
    for event in &events[..events.len() - 1] {
        let chunk = event.json();
        assert!(chunk.get("usage").is_none(), "{chunk}");
        assert_eq!(chunk["choices"].as_array().map(Vec::len), Some(1));
    }
    let finish = events[events.len() - 2].json();
    assert_eq!(finish["choices"][0]["finish_reason"], "stop");
}

#[tokio::test]
async fn non_streaming_body_is_a_chat_completion() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::code_block("python", "print(1)\n"),
        ScriptedResponse::tool_call("execute", json!({"code": "ls"})).with_usage(10, 3),
        ScriptedResponse::text("cut off").truncated(),
    ]))
    .await;
    let url = format!("{}/v1/chat/completions", server.base_url());
    let (status, content_type, text) = post_text(&url, &[], &chat(false)).await;
    assert_eq!((status, content_type.as_str()), (200, "application/json"));
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["object"], "chat.completion");
    assert_eq!(
        body["choices"][0]["message"]["content"],
        "```python\nprint(1)\n```"
    );
    assert_eq!(body["choices"][0]["finish_reason"], "stop");
    assert!(
        body["usage"]["prompt_tokens"]
            .as_u64()
            .expect("estimated usage")
            > 0
    );

    let body: Value = post(&url, &[], &chat(false))
        .await
        .json()
        .await
        .expect("JSON");
    let message = &body["choices"][0]["message"];
    assert_eq!(message["content"], Value::Null);
    assert_eq!(message["tool_calls"][0]["type"], "function");
    assert_eq!(message["tool_calls"][0]["function"]["name"], "execute");
    assert_eq!(
        message["tool_calls"][0]["function"]["arguments"],
        r#"{"code":"ls"}"#
    );
    assert_eq!(body["choices"][0]["finish_reason"], "tool_calls");
    assert_eq!(
        body["usage"],
        json!({
            "prompt_tokens": 10, "completion_tokens": 3, "total_tokens": 13,
            "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
            "completion_tokens_details": {"reasoning_tokens": 0, "audio_tokens": 0,
                "accepted_prediction_tokens": 0, "rejected_prediction_tokens": 0},
        })
    );

    let body: Value = post(&url, &[], &chat(false))
        .await
        .json()
        .await
        .expect("JSON");
    assert_eq!(body["choices"][0]["finish_reason"], "length");
}

#[tokio::test]
async fn errors_have_openai_shape_and_status() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::error(429, ""),
        ScriptedResponse::error(401, "bad key").delayed_ms(20),
        ScriptedResponse::context_length_exceeded(),
        ScriptedResponse::text("partial").then(oi_test_support::Part::HttpError {
            status: 500,
            message: "boom".into(),
            code: None,
            body: None,
        }),
    ]))
    .await;
    let url = format!("{}/v1/chat/completions", server.base_url());
    let (status, _, text) = post_text(&url, &[], &chat(true)).await;
    assert_eq!(status, 429);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["error"]["type"], "requests");
    assert_eq!(body["error"]["code"], "rate_limit_exceeded");
    assert!(body["error"]["message"].is_string());

    let (status, _, text) = post_text(&url, &[], &chat(false)).await;
    assert_eq!(status, 401);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(
        body["error"],
        json!({"message": "bad key", "type": "invalid_request_error", "param": null, "code": "invalid_api_key"})
    );

    let (status, _, text) = post_text(&url, &[], &chat(true)).await;
    assert_eq!(status, 400);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert_eq!(body["error"]["code"], "context_length_exceeded");
    assert_eq!(body["error"]["param"], "messages");

    // After content has streamed, an error is a data line with the error object and no [DONE].
    let (status, _, text) = post_text(&url, &[], &chat(true)).await;
    assert_eq!(status, 200);
    let events = parse_sse(&text);
    let last = events.last().expect("events").json();
    assert_eq!(last["error"]["message"], "boom");
    assert!(events.iter().all(|e| e.data != "[DONE]"));
}

#[tokio::test]
async fn exhausted_script_answers_500_and_records_a_violation() {
    let server =
        ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text("only one")])).await;
    let url = format!("{}/v1/chat/completions", server.base_url());
    assert_eq!(post(&url, &[], &chat(false)).await.status(), 200);
    let (status, _, text) = post_text(&url, &[], &chat(true)).await;
    assert_eq!(status, 500);
    let body: Value = serde_json::from_str(&text).expect("JSON");
    assert!(
        body["error"]["message"]
            .as_str()
            .expect("message")
            .contains("script ran out"),
        "{body}"
    );
    let violations = server.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(violations[0].contains("script ran out"));
}

#[tokio::test]
async fn tool_result_without_its_call_is_a_violation() {
    let server = ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text("ok")])).await;
    let body = json!({"model": "m", "messages": [
        {"role": "user", "content": "hi"},
        {"role": "tool", "tool_call_id": "call_nowhere", "content": "output"},
    ]});
    post(
        &format!("{}/v1/chat/completions", server.base_url()),
        &[],
        &body,
    )
    .await;
    let violations = server.violations();
    assert_eq!(violations.len(), 1, "{violations:?}");
    assert!(
        violations[0].contains("call_nowhere") && violations[0].contains("request #1"),
        "{violations:?}"
    );
    let panic =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| server.assert_invariants()))
            .expect_err("assert_invariants must panic");
    let message = panic.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(message.contains("call_nowhere"), "{message}");
}

#[tokio::test]
async fn requests_are_recorded_in_order_with_lowercased_headers() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("one"),
        ScriptedResponse::text("two"),
    ]))
    .await;
    let base = server.base_url();
    let first = json!({"model": "a", "messages": [{"role": "user", "content": "1"}]});
    let second = json!({"model": "b", "messages": [{"role": "user", "content": "2"}]});
    post(
        &format!("{base}/v1/chat/completions"),
        &[("Authorization", "Bearer sk-test")],
        &first,
    )
    .await;
    reqwest::get(format!("{base}/v1/models"))
        .await
        .expect("models");
    post(&format!("{base}/v1/chat/completions"), &[], &second).await;
    let requests = server.requests();
    let summary: Vec<(&str, &str)> = requests
        .iter()
        .map(|r| (r.method.as_str(), r.path.as_str()))
        .collect();
    assert_eq!(
        summary,
        vec![
            ("POST", "/v1/chat/completions"),
            ("GET", "/v1/models"),
            ("POST", "/v1/chat/completions")
        ]
    );
    assert_eq!(requests[0].header("authorization"), Some("Bearer sk-test"));
    assert_eq!(requests[0].body, first);
    assert_eq!(requests[2].body, second);
    assert_eq!(server.model_requests().len(), 2);
    assert_eq!(server.model_requests()[1].messages()[0]["content"], "2");
    server.assert_invariants();
}

#[tokio::test]
async fn hang_keeps_the_stream_open_until_the_server_drops() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("working on it").then_hang(),
    ]))
    .await;
    let response = post(
        &format!("{}/v1/chat/completions", server.base_url()),
        &[],
        &chat(true),
    )
    .await;
    let (text, mut stream) = read_until(response, "it\"").await;
    assert!(!text.contains("[DONE]"));
    let next = tokio::time::timeout(Duration::from_millis(300), stream.next()).await;
    assert!(
        next.is_err(),
        "the stream must stay open and silent, got {next:?}"
    );
    drop(server);
    let end = tokio::time::timeout(Duration::from_secs(5), stream.next())
        .await
        .expect("closed after drop");
    assert!(
        !matches!(end, Some(Ok(_))),
        "no more data after the hang: {end:?}"
    );
}

#[tokio::test]
async fn drop_connection_breaks_the_body() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("half a sentence").then_drop_connection(),
        ScriptedResponse::text("whole").then_drop_connection(),
    ]))
    .await;
    let url = format!("{}/v1/chat/completions", server.base_url());
    let response = post(&url, &[], &chat(true)).await;
    assert!(
        response.text().await.is_err(),
        "a dropped stream is an error for the client"
    );
    let response = post(&url, &[], &chat(false)).await;
    assert!(
        response.text().await.is_err(),
        "a dropped body is an error for the client"
    );
}

#[tokio::test]
async fn delays_pause_the_stream() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("a b c")
            .then_delay_ms(400)
            .then_text("d e f"),
    ]))
    .await;
    let response = post(
        &format!("{}/v1/chat/completions", server.base_url()),
        &[],
        &chat(true),
    )
    .await;
    let (_, mut stream) = read_until(response, "\"c\"").await;
    let paused = tokio::time::timeout(Duration::from_millis(100), stream.next()).await;
    assert!(paused.is_err(), "nothing is sent during the delay");
    let mut rest = String::new();
    while let Some(chunk) = stream.next().await {
        rest.push_str(std::str::from_utf8(&chunk.expect("chunk")).expect("utf-8"));
    }
    assert!(rest.contains("[DONE]"));
}

#[test]
fn start_blocking_serves_without_an_async_test() {
    use std::io::{Read, Write};
    let server =
        ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text("hi")]));
    let body = json!({"model": "m", "messages": [{"role": "user", "content": "hi"}]}).to_string();
    let mut socket = std::net::TcpStream::connect(server.addr()).expect("connect");
    write!(
        socket,
        "POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .expect("write");
    let mut response = String::new();
    socket.read_to_string(&mut response).expect("read");
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(response.contains("\"content\":\"hi\""), "{response}");
    assert_eq!(server.remaining(), 0);
    assert!(server.wait_for_model_requests(1, Duration::from_secs(1)));
}

#[tokio::test]
async fn raw_string_arguments_stream_verbatim_and_reasoning_field_is_configurable() {
    // A script can hand a client malformed arguments on purpose.
    let server = ScriptedModelServer::start(
        Script::new(vec![
            ScriptedResponse::reasoning("thinking")
                .then_tool_call("execute", json!("{\"code\": \"ls\"")),
        ])
        .with_openai_reasoning_field("reasoning"),
    )
    .await;
    let (_, _, text) = post_text(
        &format!("{}/v1/chat/completions", server.base_url()),
        &[],
        &chat(true),
    )
    .await;
    let events = parse_sse(&text);
    let deltas: Vec<Value> = events[..events.len() - 1]
        .iter()
        .map(|e| e.json())
        .filter(|c| !c["choices"].as_array().expect("choices").is_empty())
        .map(|c| c["choices"][0]["delta"].clone())
        .collect();
    let reasoning: String = deltas
        .iter()
        .filter_map(|d| d["reasoning"].as_str())
        .collect();
    assert_eq!(reasoning, "thinking");
    assert!(deltas.iter().all(|d| d.get("reasoning_content").is_none()));
    let arguments: String = deltas
        .iter()
        .flat_map(|d| d["tool_calls"].as_array().cloned().unwrap_or_default())
        .filter_map(|c| c["function"]["arguments"].as_str().map(str::to_owned))
        .collect();
    assert_eq!(arguments, "{\"code\": \"ls\"");
    assert!(
        server
            .wait_for_model_requests_async(1, Duration::from_secs(1))
            .await
    );
}

#[test]
fn a_bare_array_of_turns_is_a_script() {
    let script =
        Script::from_json(r#"[{"parts": [{"text": "hi"}]}, {"parts": ["drop_connection"]}]"#)
            .expect("parse");
    assert_eq!(script.turns.len(), 2);
    assert_eq!(
        script.turns[1].parts,
        vec![oi_test_support::Part::DropConnection]
    );
    assert!(Script::from_json(r#"{"turns": 3}"#).is_err());
}
