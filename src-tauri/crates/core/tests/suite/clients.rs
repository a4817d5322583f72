//! Each model client against the scripted server: streaming, split tool-call arguments,
//! usage, errors and retries.

use std::time::Duration;

use futures::StreamExt;
use oi_core::model::{
    ChatMessage, ModelError, ModelEvent, ModelRequest, ModelSpec, NativeToolCall, RetryPolicy,
    Role, ToolSpec, client_for,
};
use oi_test_support::local_model::text_of;
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use pretty_assertions::assert_eq;
use serde_json::json;

fn fast_retry() -> RetryPolicy {
    RetryPolicy {
        max_retries: 3,
        base_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(50),
    }
}

fn spec(model: &str, base: String) -> ModelSpec {
    ModelSpec::resolve(model, Some(&base), Some("test-key"), &|_| None)
}

fn request() -> ModelRequest {
    ModelRequest {
        model: "m".into(),
        system: "be brief".into(),
        messages: vec![ChatMessage::text(Role::User, "what is 2+2?")],
        tools: vec![ToolSpec {
            name: "execute".into(),
            description: "run code".into(),
            parameters: json!({"type": "object", "properties": {"language": {"type": "string"}, "code": {"type": "string"}}}),
        }],
        temperature: Some(0.0),
        max_tokens: Some(100),
        context_window: None,
        session_facts_at: None,
    }
}

async fn collect(spec: &ModelSpec, req: &ModelRequest) -> Result<Vec<ModelEvent>, ModelError> {
    let client = client_for(spec, fast_retry())?;
    let mut stream = client.stream(req).await?;
    let mut out = Vec::new();
    while let Some(ev) = stream.next().await {
        out.push(ev?);
    }
    Ok(out)
}

fn calls_of(events: &[ModelEvent]) -> Vec<NativeToolCall> {
    events
        .iter()
        .filter_map(|e| match e {
            ModelEvent::ToolCall(c) => Some(c.clone()),
            _ => None,
        })
        .collect()
}

fn scripted() -> Script {
    let args = json!({"language": "python", "code": "print(\"a, b\")\nx = {\"k\": [1, 2]}"});
    Script::new(vec![
        ScriptedResponse::reasoning("thinking it over")
            .then_text("I will run some code.")
            .then_tool_call("execute", args)
            .with_usage(42, 7),
    ])
}

async fn check_provider(model: &str, base_suffix: &str) {
    let server = ScriptedModelServer::start(scripted()).await;
    let spec = spec(model, format!("{}{}", server.base_url(), base_suffix));
    let events = collect(&spec, &request()).await.unwrap();
    assert_eq!(text_of(&events), "I will run some code.");
    let deltas = events
        .iter()
        .filter(|e| matches!(e, ModelEvent::TextDelta(_)))
        .count();
    assert!(deltas >= 2, "text arrives in several deltas: {events:?}");
    let reasoning: String = events
        .iter()
        .filter_map(|e| match e {
            ModelEvent::ReasoningDelta(r) => Some(r.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(reasoning, "thinking it over");
    let calls = calls_of(&events);
    assert_eq!(calls.len(), 1);
    assert_eq!(calls[0].name, "execute");
    assert_eq!(
        calls[0].arguments,
        json!({"language": "python", "code": "print(\"a, b\")\nx = {\"k\": [1, 2]}"})
    );
    assert!(
        events.iter().any(|e| matches!(
            e,
            ModelEvent::Usage {
                input_tokens: 42,
                output_tokens: 7
            }
        )),
        "{events:?}"
    );
    assert!(
        matches!(events.last(), Some(ModelEvent::Done { .. })),
        "{events:?}"
    );
    server.assert_invariants();
    let req = &server.model_requests()[0];
    assert_eq!(req.body["stream"], json!(true));
}

#[tokio::test]
async fn openai_streams_text_reasoning_and_split_tool_arguments() {
    check_provider("openai/m", "/v1").await;
}

#[tokio::test]
async fn anthropic_streams_text_thinking_and_split_tool_input() {
    check_provider("anthropic/m", "").await;
}

#[tokio::test]
async fn ollama_streams_ndjson_with_tools() {
    check_provider("ollama/m", "").await;
}

#[tokio::test]
async fn openai_request_carries_tools_results_and_images() {
    let server = ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text("ok")])).await;
    let spec = spec("openai/m", format!("{}/v1", server.base_url()));
    let mut req = request();
    let mut assistant = ChatMessage::text(Role::Assistant, "");
    assistant.tool_calls.push(NativeToolCall {
        id: "call_1".into(),
        name: "execute".into(),
        arguments: json!({"language": "shell", "code": "ls"}),
    });
    req.messages.push(assistant);
    let mut result = ChatMessage::text(Role::Tool, "a.txt");
    result.tool_call_id = Some("call_1".into());
    req.messages.push(result);
    let mut image = ChatMessage::text(Role::User, "and this?");
    image.content.push(oi_core::model::ContentPart::Image {
        mime: "image/png".into(),
        data: "iVBORw0KGgo=".into(),
    });
    req.messages.push(image);
    collect(&spec, &req).await.unwrap();
    server.assert_invariants();
    let body = &server.model_requests()[0].body;
    assert_eq!(
        server.model_requests()[0].header("authorization"),
        Some("Bearer test-key")
    );
    assert_eq!(
        body["messages"][0],
        json!({"role": "system", "content": "be brief"})
    );
    let sent_args = body["messages"][2]["tool_calls"][0]["function"]["arguments"]
        .as_str()
        .unwrap();
    assert_eq!(
        serde_json::from_str::<serde_json::Value>(sent_args).unwrap(),
        json!({"language": "shell", "code": "ls"})
    );
    assert_eq!(
        body["messages"][3],
        json!({"role": "tool", "tool_call_id": "call_1", "content": "a.txt"})
    );
    assert_eq!(
        body["messages"][4]["content"][1]["image_url"]["url"],
        json!("data:image/png;base64,iVBORw0KGgo=")
    );
    assert_eq!(body["tools"][0]["function"]["name"], json!("execute"));
}

#[tokio::test]
async fn anthropic_request_uses_blocks_and_headers() {
    let server = ScriptedModelServer::start(Script::new(vec![ScriptedResponse::text("ok")])).await;
    let spec = spec("anthropic/m", server.base_url());
    let mut req = request();
    let mut assistant = ChatMessage::text(Role::Assistant, "running");
    assistant.tool_calls.push(NativeToolCall {
        id: "toolu_1".into(),
        name: "execute".into(),
        arguments: json!({"language": "shell", "code": "ls"}),
    });
    req.messages.push(assistant);
    let mut result = ChatMessage::text(Role::Tool, "a.txt");
    result.tool_call_id = Some("toolu_1".into());
    req.messages.push(result);
    let mut image = ChatMessage::text(Role::User, "and this?");
    image.content.push(oi_core::model::ContentPart::Image {
        mime: "image/png".into(),
        data: "iVBORw0KGgo=".into(),
    });
    req.messages.push(image);
    collect(&spec, &req).await.unwrap();
    server.assert_invariants();
    let r = &server.model_requests()[0];
    assert_eq!(r.header("x-api-key"), Some("test-key"));
    assert_eq!(r.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(r.body["system"], json!("be brief"));
    assert_eq!(r.body["max_tokens"], json!(100));
    let msgs = r.body["messages"].as_array().unwrap();
    assert_eq!(
        msgs.len(),
        3,
        "tool result and the next user text share one user message: {msgs:?}"
    );
    assert_eq!(
        msgs[1]["content"][1],
        json!({"type": "tool_use", "id": "toolu_1", "name": "execute", "input": {"language": "shell", "code": "ls"}})
    );
    assert_eq!(msgs[2]["content"][0]["type"], json!("tool_result"));
    assert_eq!(msgs[2]["content"][0]["tool_use_id"], json!("toolu_1"));
    assert_eq!(
        msgs[2]["content"][2]["source"]["media_type"],
        json!("image/png")
    );
}

#[tokio::test]
async fn retries_rate_limits_and_server_errors_then_succeeds() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::error(429, "slow down"),
        ScriptedResponse::error(503, "overloaded"),
        ScriptedResponse::text("finally"),
    ]))
    .await;
    let spec = spec("openai/m", format!("{}/v1", server.base_url()));
    let events = collect(&spec, &request()).await.unwrap();
    assert_eq!(text_of(&events), "finally");
    assert_eq!(server.model_requests().len(), 3);
}

#[tokio::test]
async fn errors_are_classified_for_people() {
    let cases: Vec<(ScriptedResponse, fn(&ModelError) -> bool)> = vec![
        (ScriptedResponse::error(401, ""), |e| {
            matches!(e, ModelError::Authentication { .. })
        }),
        (
            ScriptedResponse::error(404, "The model `m` does not exist"),
            |e| matches!(e, ModelError::UnknownModel { .. }),
        ),
        (ScriptedResponse::context_length_exceeded(), |e| {
            matches!(e, ModelError::ContextOverflow { .. })
        }),
    ];
    for (model, base_suffix) in [("openai/m", "/v1"), ("anthropic/m", ""), ("ollama/m", "")] {
        for (response, check) in &cases {
            let server = ScriptedModelServer::start(Script::new(vec![response.clone()])).await;
            let spec = spec(model, format!("{}{}", server.base_url(), base_suffix));
            let err = collect(&spec, &request()).await.unwrap_err();
            assert!(check(&err), "{model}: {response:?} gave {err:?}");
            assert!(err.hint().is_some(), "{err}");
        }
    }
}

#[tokio::test]
async fn connection_refused_names_the_endpoint_and_how_to_start_it() {
    let closed = oi_test_support::ClosedPort::new();
    let port = closed.port();
    let spec = spec("ollama/qwen", format!("http://127.0.0.1:{port}"));
    let err = collect(&spec, &request()).await.unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "nothing answers at http://127.0.0.1:{port}/api/chat — is Ollama running? `ollama serve`"
        )
    );
}

#[tokio::test]
async fn a_stream_cut_mid_way_is_an_error_not_a_hang() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("partial answer").then_drop_connection(),
    ]))
    .await;
    for (model, suffix) in [("openai/m", "/v1")] {
        let spec = spec(model, format!("{}{}", server.base_url(), suffix));
        let client = client_for(&spec, fast_retry()).unwrap();
        let mut stream = client.stream(&request()).await.unwrap();
        let mut saw_error = false;
        let mut text = String::new();
        while let Some(ev) = tokio::time::timeout(Duration::from_secs(10), stream.next())
            .await
            .unwrap()
        {
            match ev {
                Ok(ModelEvent::TextDelta(t)) => text.push_str(&t),
                Ok(_) => {}
                Err(_) => saw_error = true,
            }
        }
        assert!(text.starts_with("partial"), "{text}");
        assert!(saw_error, "a dropped connection must surface as an error");
    }
}
