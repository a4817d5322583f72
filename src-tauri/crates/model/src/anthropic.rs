//! Anthropic Messages API (SSE, tool_use / tool_result, image blocks, thinking).

use std::collections::BTreeMap;

use eventsource_stream::Eventsource;
use futures::StreamExt;
use serde_json::{Value, json};

use super::sse::{Endpoint, EventSender, post_with_retries, spawn_reader};
use super::{
    ContentPart, ModelClient, ModelError, ModelEvent, ModelRequest, ModelSpec, ModelStream,
    NativeToolCall, RetryPolicy, Role,
};

const API_VERSION: &str = "2023-06-01";
/// Anthropic requires max_tokens; this is what we ask for when nothing is configured.
const DEFAULT_MAX_TOKENS: u32 = 8192;

pub struct AnthropicClient {
    http: reqwest::Client,
    spec: ModelSpec,
    url: String,
    retry: RetryPolicy,
}

impl AnthropicClient {
    pub fn new(http: reqwest::Client, spec: ModelSpec, retry: RetryPolicy) -> Self {
        let base = spec.api_base.trim_end_matches("/v1").to_string();
        let url = format!("{base}/v1/messages");
        AnthropicClient {
            http,
            spec,
            url,
            retry,
        }
    }
}

pub(crate) fn request_body(req: &ModelRequest) -> Value {
    // Anthropic wants alternating roles, tool results inside user messages.
    let mut messages: Vec<Value> = Vec::new();
    for m in &req.messages {
        let (role, blocks) = match m.role {
            Role::Tool => {
                let mut block = json!({
                    "type": "tool_result",
                    "tool_use_id": m.tool_call_id.clone().unwrap_or_default(),
                });
                let mut content: Vec<Value> = Vec::new();
                for p in &m.content {
                    content.push(part_json(p));
                }
                block["content"] = Value::Array(content);
                ("user", vec![block])
            }
            Role::User => ("user", m.content.iter().map(part_json).collect()),
            Role::Assistant => {
                let mut blocks: Vec<Value> = Vec::new();
                let text = m.joined_text();
                if !text.is_empty() {
                    blocks.push(json!({"type": "text", "text": text}));
                }
                for c in &m.tool_calls {
                    let input = if c.arguments.is_object() {
                        c.arguments.clone()
                    } else {
                        json!({})
                    };
                    blocks.push(
                        json!({"type": "tool_use", "id": c.id, "name": c.name, "input": input}),
                    );
                }
                ("assistant", blocks)
            }
        };
        let blocks: Vec<Value> = blocks
            .into_iter()
            .filter(|b| b.get("type") != Some(&json!("text")) || b["text"] != json!(""))
            .collect();
        if blocks.is_empty() {
            continue;
        }
        match messages.last_mut() {
            Some(last) if last["role"] == role => {
                if let Some(arr) = last["content"].as_array_mut() {
                    arr.extend(blocks);
                }
            }
            _ => messages.push(json!({"role": role, "content": blocks})),
        }
    }
    let mut body = json!({
        "model": req.model,
        "messages": messages,
        "max_tokens": req.max_tokens.unwrap_or(DEFAULT_MAX_TOKENS),
        "stream": true,
    });
    if !req.system.is_empty() {
        body["system"] = json!(req.system);
    }
    if !req.tools.is_empty() {
        body["tools"] = req
            .tools
            .iter()
            .map(|t| json!({"name": t.name, "description": t.description, "input_schema": t.parameters}))
            .collect();
    }
    if let Some(t) = req.temperature {
        body["temperature"] = json!(t);
    }
    body
}

fn part_json(p: &ContentPart) -> Value {
    match p {
        ContentPart::Text(t) => json!({"type": "text", "text": t}),
        ContentPart::Image { mime, data } => json!({
            "type": "image",
            "source": {"type": "base64", "media_type": mime, "data": data}}),
    }
}

#[async_trait::async_trait]
impl ModelClient for AnthropicClient {
    async fn stream(&self, req: &ModelRequest) -> Result<ModelStream, ModelError> {
        let body = request_body(req);
        let endpoint = Endpoint {
            url: &self.url,
            model: &req.model,
            hint: None,
        };
        let resp = post_with_retries(
            || {
                let b = self
                    .http
                    .post(&self.url)
                    .header("anthropic-version", API_VERSION)
                    .json(&body);
                match &self.spec.api_key {
                    Some(k) => b.header("x-api-key", k),
                    None => b,
                }
            },
            &endpoint,
            &self.retry,
        )
        .await?;
        let url = self.url.clone();
        Ok(spawn_reader(move |tx| read_stream(resp, url, tx)))
    }

    fn endpoint(&self) -> &str {
        &self.url
    }
}

struct ToolBlock {
    id: String,
    name: String,
    json: String,
}

async fn read_stream(resp: reqwest::Response, url: String, tx: EventSender) {
    let mut events = resp.bytes_stream().eventsource();
    let mut tools: BTreeMap<u64, ToolBlock> = BTreeMap::new();
    let mut input_tokens = 0u32;
    let mut stop_reason = None;
    while let Some(next) = events.next().await {
        let event = match next {
            Ok(e) => e,
            Err(e) => {
                let err = ModelError::Transport {
                    endpoint: url.clone(),
                    message: e.to_string(),
                };
                let _ = tx.send(Err(err)).await;
                return;
            }
        };
        if event.data.trim().is_empty() {
            continue;
        }
        let data: Value = match serde_json::from_str(&event.data) {
            Ok(v) => v,
            Err(e) => {
                let message = format!("{e} in event {:.200}", event.data);
                let _ = tx
                    .send(Err(ModelError::Malformed {
                        endpoint: url.clone(),
                        message,
                    }))
                    .await;
                return;
            }
        };
        let kind = data
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or(event.event.as_str());
        let index = data.get("index").and_then(Value::as_u64).unwrap_or(0);
        let mut out = Vec::new();
        match kind {
            "message_start" => {
                input_tokens = data
                    .pointer("/message/usage/input_tokens")
                    .and_then(Value::as_u64)
                    .unwrap_or(0) as u32;
            }
            "content_block_start" => {
                let block = &data["content_block"];
                if block["type"] == "tool_use" {
                    tools.insert(
                        index,
                        ToolBlock {
                            id: block["id"].as_str().unwrap_or_default().to_string(),
                            name: block["name"].as_str().unwrap_or_default().to_string(),
                            json: String::new(),
                        },
                    );
                } else if let Some(t) = block
                    .get("text")
                    .and_then(Value::as_str)
                    .filter(|t| !t.is_empty())
                {
                    out.push(ModelEvent::TextDelta(t.to_string()));
                }
            }
            "content_block_delta" => {
                let delta = &data["delta"];
                match delta["type"].as_str().unwrap_or_default() {
                    "text_delta" => out.push(ModelEvent::TextDelta(
                        delta["text"].as_str().unwrap_or_default().to_string(),
                    )),
                    "thinking_delta" => out.push(ModelEvent::ReasoningDelta(
                        delta["thinking"].as_str().unwrap_or_default().to_string(),
                    )),
                    "input_json_delta" => {
                        if let Some(t) = tools.get_mut(&index) {
                            t.json
                                .push_str(delta["partial_json"].as_str().unwrap_or_default());
                        }
                    }
                    _ => {}
                }
            }
            "content_block_stop" => {
                if let Some(t) = tools.remove(&index) {
                    let arguments = if t.json.trim().is_empty() {
                        json!({})
                    } else {
                        serde_json::from_str(&t.json).unwrap_or(Value::String(t.json))
                    };
                    out.push(ModelEvent::ToolCall(NativeToolCall {
                        id: t.id,
                        name: t.name,
                        arguments,
                    }));
                }
            }
            "message_delta" => {
                if let Some(r) = data.pointer("/delta/stop_reason").and_then(Value::as_str) {
                    stop_reason = Some(r.to_string());
                }
                let output = data
                    .pointer("/usage/output_tokens")
                    .and_then(Value::as_u64)
                    .unwrap_or(0) as u32;
                out.push(ModelEvent::Usage {
                    input_tokens,
                    output_tokens: output,
                });
            }
            "message_stop" => {
                let _ = tx
                    .send(Ok(ModelEvent::Done {
                        stop_reason: stop_reason.take(),
                    }))
                    .await;
                return;
            }
            "error" => {
                let message = data
                    .pointer("/error/message")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown error")
                    .to_string();
                let status = if data.pointer("/error/type") == Some(&json!("overloaded_error")) {
                    529
                } else {
                    500
                };
                let _ = tx
                    .send(Err(ModelError::Http {
                        endpoint: url.clone(),
                        status,
                        message,
                    }))
                    .await;
                return;
            }
            _ => {}
        }
        for ev in out {
            if tx.send(Ok(ev)).await.is_err() {
                return;
            }
        }
    }
    let message = "the stream ended before message_stop".to_string();
    let _ = tx
        .send(Err(ModelError::Transport {
            endpoint: url,
            message,
        }))
        .await;
}
