//! OpenAI Chat Completions (also LM Studio, llama.cpp, vLLM and other compatible servers).

use std::collections::BTreeMap;

use eventsource_stream::Eventsource;
use futures::StreamExt;
use serde_json::{Value, json};

use super::sse::{Endpoint, EventSender, in_stream_error, post_with_retries, spawn_reader};
use super::{
    ChatMessage, ContentPart, ModelClient, ModelError, ModelEvent, ModelRequest, ModelSpec,
    ModelStream, NativeToolCall, RetryPolicy, Role, ToolSpec,
};

pub struct OpenAiClient {
    http: reqwest::Client,
    spec: ModelSpec,
    url: String,
    retry: RetryPolicy,
}

impl OpenAiClient {
    pub fn new(http: reqwest::Client, spec: ModelSpec, retry: RetryPolicy) -> Self {
        let url = format!("{}/chat/completions", spec.api_base);
        OpenAiClient {
            http,
            spec,
            url,
            retry,
        }
    }
}

/// The request body, exactly as sent.
pub(crate) fn request_body(req: &ModelRequest) -> Value {
    let mut messages = Vec::new();
    if !req.system.is_empty() {
        messages.push(json!({"role": "system", "content": req.system}));
    }
    // Tool messages take text only: their images follow, after the run of tool results, in
    // one user message (results must stay right after their calls).
    let mut pending_images: Vec<Value> = Vec::new();
    for m in &req.messages {
        if m.role != Role::Tool && !pending_images.is_empty() {
            messages.push(images_message(std::mem::take(&mut pending_images)));
        }
        if m.role == Role::Tool {
            pending_images.extend(m.content.iter().filter_map(|p| match p {
                ContentPart::Image { mime, data } => Some(image_json(mime, data)),
                ContentPart::Text(_) => None,
            }));
        }
        messages.push(message_json(m));
    }
    if !pending_images.is_empty() {
        messages.push(images_message(pending_images));
    }
    let mut body = json!({
        "model": req.model,
        "messages": messages,
        "stream": true,
        "stream_options": {"include_usage": true},
    });
    if !req.tools.is_empty() {
        body["tools"] = req.tools.iter().map(ToolSpec::as_function).collect();
    }
    if let Some(t) = req.temperature {
        body["temperature"] = json!(t);
    }
    if let Some(m) = req.max_tokens {
        body["max_tokens"] = json!(m);
    }
    body
}

fn message_json(m: &ChatMessage) -> Value {
    match m.role {
        Role::Tool => json!({
            "role": "tool",
            "tool_call_id": m.tool_call_id.clone().unwrap_or_default(),
            "content": m.joined_text(),
        }),
        Role::Assistant => {
            let mut v = json!({"role": "assistant", "content": m.joined_text()});
            if !m.tool_calls.is_empty() {
                v["tool_calls"] = m
                    .tool_calls
                    .iter()
                    .map(|c| {
                        json!({"id": c.id, "type": "function", "function": {
                            "name": c.name, "arguments": arguments_string(&c.arguments)}})
                    })
                    .collect();
            }
            v
        }
        Role::User => {
            let has_images = m
                .content
                .iter()
                .any(|p| matches!(p, ContentPart::Image { .. }));
            if !has_images {
                return json!({"role": "user", "content": m.joined_text()});
            }
            let parts: Vec<Value> = m
                .content
                .iter()
                .map(|p| match p {
                    ContentPart::Text(t) => json!({"type": "text", "text": t}),
                    ContentPart::Image { mime, data } => image_json(mime, data),
                })
                .collect();
            json!({"role": "user", "content": parts})
        }
    }
}

fn image_json(mime: &str, data: &str) -> Value {
    json!({"type": "image_url", "image_url": {"url": format!("data:{mime};base64,{data}")}})
}

fn images_message(mut parts: Vec<Value>) -> Value {
    parts.insert(
        0,
        json!({"type": "text", "text": "The screenshot(s) the tool results above refer to:"}),
    );
    json!({"role": "user", "content": parts})
}

fn arguments_string(args: &Value) -> String {
    match args {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// Streamed tool calls arrive as fragments keyed by index.
#[derive(Default)]
struct PartialCall {
    id: String,
    name: String,
    arguments: String,
}

fn finish_call(c: PartialCall, fallback_id: usize) -> NativeToolCall {
    let arguments = if c.arguments.trim().is_empty() {
        json!({})
    } else {
        serde_json::from_str(&c.arguments).unwrap_or(Value::String(c.arguments))
    };
    let id = if c.id.is_empty() {
        format!("call_{fallback_id}")
    } else {
        c.id
    };
    NativeToolCall {
        id,
        name: c.name,
        arguments,
    }
}

#[async_trait::async_trait]
impl ModelClient for OpenAiClient {
    async fn stream(&self, req: &ModelRequest) -> Result<ModelStream, ModelError> {
        let body = request_body(req);
        let endpoint = Endpoint {
            url: &self.url,
            model: &req.model,
            hint: self.spec.provider.start_hint(),
        };
        let resp = post_with_retries(
            || {
                let b = self.http.post(&self.url).json(&body);
                match &self.spec.api_key {
                    Some(k) => b.bearer_auth(k),
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

    /// llama.cpp's server continues a trailing assistant message (its "prefill", on unless
    /// started with `--no-prefill-assistant`).
    fn continues_reply(&self) -> bool {
        self.spec.provider == crate::Provider::LlamaCpp
    }
}

async fn read_stream(resp: reqwest::Response, url: String, tx: EventSender) {
    let mut events = resp.bytes_stream().eventsource();
    let mut calls = BTreeMap::<u64, PartialCall>::new();
    let mut queue = Vec::new();
    let mut stop_reason = None;
    loop {
        let Some(next) = events.next().await else {
            // Some servers end the stream without [DONE]; the message is still complete.
            break;
        };
        let event = match next {
            Ok(event) => event,
            Err(e) => {
                let err = ModelError::Transport {
                    endpoint: url.clone(),
                    message: e.to_string(),
                };
                let _ = tx.send(Err(err)).await;
                return;
            }
        };
        let data = event.data.trim();
        if data.is_empty() {
            continue;
        }
        if data == "[DONE]" {
            break;
        }
        let chunk: Value = match serde_json::from_str(data) {
            Ok(chunk) => chunk,
            Err(e) => {
                let message = format!("{e} in stream chunk {data:.200}");
                let _ = tx
                    .send(Err(ModelError::Malformed {
                        endpoint: url.clone(),
                        message,
                    }))
                    .await;
                return;
            }
        };
        if let Some(err) = chunk.get("error") {
            let _ = tx.send(Err(in_stream_error(&url, err))).await;
            return;
        }
        if let Some(reason) = apply_chunk(&chunk, &mut calls, &mut queue) {
            stop_reason = Some(reason);
        }
        for ev in queue.drain(..) {
            if tx.send(Ok(ev)).await.is_err() {
                return;
            }
        }
    }
    flush_calls(&mut calls, &mut queue);
    queue.push(ModelEvent::Done { stop_reason });
    for ev in queue {
        if tx.send(Ok(ev)).await.is_err() {
            return;
        }
    }
}

fn flush_calls(calls: &mut BTreeMap<u64, PartialCall>, queue: &mut Vec<ModelEvent>) {
    for (i, c) in std::mem::take(calls) {
        queue.push(ModelEvent::ToolCall(finish_call(c, i as usize)));
    }
}

/// Applies one chunk; returns the finish reason when the chunk carries one.
fn apply_chunk(
    chunk: &Value,
    calls: &mut BTreeMap<u64, PartialCall>,
    queue: &mut Vec<ModelEvent>,
) -> Option<String> {
    let mut finish = None;
    if let Some(choice) = chunk.pointer("/choices/0") {
        let delta = choice.get("delta").or_else(|| choice.get("message"));
        if let Some(delta) = delta {
            for key in ["reasoning_content", "reasoning"] {
                if let Some(r) = delta
                    .get(key)
                    .and_then(Value::as_str)
                    .filter(|s| !s.is_empty())
                {
                    queue.push(ModelEvent::ReasoningDelta(r.to_string()));
                }
            }
            if let Some(t) = delta
                .get("content")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                queue.push(ModelEvent::TextDelta(t.to_string()));
            }
            if let Some(tcs) = delta.get("tool_calls").and_then(Value::as_array) {
                for (pos, tc) in tcs.iter().enumerate() {
                    let index = tc
                        .get("index")
                        .and_then(Value::as_u64)
                        .unwrap_or(pos as u64);
                    let entry = calls.entry(index).or_default();
                    if let Some(id) = tc.get("id").and_then(Value::as_str) {
                        entry.id = id.to_string();
                    }
                    if let Some(f) = tc.get("function") {
                        if let Some(n) = f.get("name").and_then(Value::as_str) {
                            entry.name.push_str(n);
                        }
                        match f.get("arguments") {
                            Some(Value::String(a)) => entry.arguments.push_str(a),
                            Some(obj @ Value::Object(_)) => {
                                entry.arguments.push_str(&obj.to_string())
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        if let Some(reason) = choice.get("finish_reason").and_then(Value::as_str) {
            // Calls are complete; `Done` waits for [DONE] so the usage chunk after it is kept.
            flush_calls(calls, queue);
            finish = Some(reason.to_string());
        }
    }
    if let Some(usage) = chunk.get("usage").filter(|u| u.is_object()) {
        let input = usage
            .get("prompt_tokens")
            .and_then(Value::as_u64)
            .unwrap_or(0) as u32;
        let output = usage
            .get("completion_tokens")
            .and_then(Value::as_u64)
            .unwrap_or(0) as u32;
        queue.push(ModelEvent::Usage {
            input_tokens: input,
            output_tokens: output,
        });
    }
    finish
}
