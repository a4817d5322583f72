//! Ollama's native `/api/chat` (NDJSON streaming, tools).

use futures::StreamExt;
use serde_json::{Value, json};

use super::sse::{
    Endpoint, EventSender, LineBuffer, in_stream_error, post_with_retries, spawn_reader,
};
use super::{
    ContentPart, ModelClient, ModelError, ModelEvent, ModelRequest, ModelSpec, ModelStream,
    NativeToolCall, RetryPolicy, Role, ToolSpec,
};

pub struct OllamaClient {
    http: reqwest::Client,
    spec: ModelSpec,
    url: String,
    retry: RetryPolicy,
    /// Whether `/api/show` lists "thinking" among the model's capabilities (asked once).
    thinks: std::sync::OnceLock<bool>,
}

impl OllamaClient {
    pub fn new(http: reqwest::Client, spec: ModelSpec, retry: RetryPolicy) -> Self {
        let base = spec.api_base.trim_end_matches("/v1").to_string();
        let url = format!("{base}/api/chat");
        OllamaClient {
            http,
            spec,
            url,
            retry,
            thinks: std::sync::OnceLock::new(),
        }
    }

    /// Asks Ollama once whether the model thinks. Any failure means "not known to": the
    /// request then goes without `think`, as before Ollama had it.
    async fn thinks(&self) -> bool {
        if let Some(known) = self.thinks.get() {
            return *known;
        }
        let base = self.url.trim_end_matches("/api/chat");
        let show = self
            .http
            .post(format!("{base}/api/show"))
            .timeout(std::time::Duration::from_secs(5))
            .json(&json!({"model": self.spec.name}))
            .send()
            .await;
        let thinks = match show {
            Ok(resp) if resp.status().is_success() => resp
                .json::<Value>()
                .await
                .is_ok_and(|show| has_thinking(&show)),
            Ok(_) => false,
            // Not reached: ask again next time (the chat request will say what is wrong).
            Err(_) => return false,
        };
        *self.thinks.get_or_init(|| thinks)
    }
}

/// Whether an `/api/show` answer lists the "thinking" capability.
fn has_thinking(show: &Value) -> bool {
    show.get("capabilities")
        .and_then(Value::as_array)
        .is_some_and(|caps| caps.iter().any(|c| c == "thinking"))
}

/// The request body; `think` asks a thinking model to send its reasoning apart from the
/// answer (`message.thinking`) rather than inline as `<think>`.
pub(crate) fn request_body(req: &ModelRequest, think: bool) -> Value {
    let mut messages = Vec::new();
    if !req.system.is_empty() {
        messages.push(json!({"role": "system", "content": req.system}));
    }
    for m in &req.messages {
        let role = match m.role {
            Role::User => "user",
            Role::Assistant => "assistant",
            Role::Tool => "tool",
        };
        let mut v = json!({"role": role, "content": m.joined_text()});
        let images: Vec<&str> = m
            .content
            .iter()
            .filter_map(|p| match p {
                ContentPart::Image { data, .. } => Some(data.as_str()),
                ContentPart::Text(_) => None,
            })
            .collect();
        if !images.is_empty() {
            v["images"] = json!(images);
        }
        if !m.tool_calls.is_empty() {
            v["tool_calls"] = m
                .tool_calls
                .iter()
                .map(|c| json!({"function": {"name": c.name, "arguments": c.arguments}}))
                .collect();
        }
        if let Some(name) = &m.tool_name {
            v["tool_name"] = json!(name);
        }
        messages.push(v);
    }
    let mut body = json!({"model": req.model, "messages": messages, "stream": true});
    if think {
        body["think"] = json!(true);
    }
    if !req.tools.is_empty() {
        body["tools"] = req.tools.iter().map(ToolSpec::as_function).collect();
    }
    let mut options = serde_json::Map::new();
    if let Some(t) = req.temperature {
        options.insert("temperature".into(), json!(t));
    }
    if let Some(m) = req.max_tokens {
        options.insert("num_predict".into(), json!(m));
    }
    if let Some(n) = req.context_window {
        options.insert("num_ctx".into(), json!(n));
    }
    if !options.is_empty() {
        body["options"] = Value::Object(options);
    }
    body
}

#[async_trait::async_trait]
impl ModelClient for OllamaClient {
    async fn stream(&self, req: &ModelRequest) -> Result<ModelStream, ModelError> {
        let body = request_body(req, self.thinks().await);
        let endpoint = Endpoint {
            url: &self.url,
            model: &req.model,
            hint: self.spec.provider.start_hint(),
        };
        let resp = post_with_retries(
            || self.http.post(&self.url).json(&body),
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

async fn read_stream(resp: reqwest::Response, url: String, tx: EventSender) {
    let mut bytes = resp.bytes_stream();
    let mut lines = LineBuffer::default();
    let mut calls = 0usize;
    let mut finished = false;
    loop {
        let line = match lines.next_line() {
            Some(line) => line,
            None => match bytes.next().await {
                Some(Ok(chunk)) => {
                    lines.push(&chunk);
                    continue;
                }
                Some(Err(e)) => {
                    let err = ModelError::Transport {
                        endpoint: url.clone(),
                        message: e.to_string(),
                    };
                    let _ = tx.send(Err(err)).await;
                    return;
                }
                None => match lines.rest() {
                    Some(rest) => rest,
                    None => break,
                },
            },
        };
        let chunk: Value = match serde_json::from_str(&line) {
            Ok(v) => v,
            Err(e) => {
                let message = format!("{e} in stream line {line:.200}");
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
        let mut out = Vec::new();
        if let Some(msg) = chunk.get("message") {
            if let Some(t) = msg
                .get("thinking")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                out.push(ModelEvent::ReasoningDelta(t.to_string()));
            }
            if let Some(t) = msg
                .get("content")
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
            {
                out.push(ModelEvent::TextDelta(t.to_string()));
            }
            for tc in msg
                .get("tool_calls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let f = tc.get("function").cloned().unwrap_or(Value::Null);
                calls += 1;
                let arguments = match f.get("arguments") {
                    Some(Value::String(s)) => {
                        serde_json::from_str(s).unwrap_or(Value::String(s.clone()))
                    }
                    Some(v) => v.clone(),
                    None => json!({}),
                };
                out.push(ModelEvent::ToolCall(NativeToolCall {
                    id: tc
                        .get("id")
                        .and_then(Value::as_str)
                        .map(str::to_string)
                        .unwrap_or_else(|| format!("call_{calls}")),
                    name: f
                        .get("name")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    arguments,
                }));
            }
        }
        if chunk.get("done").and_then(Value::as_bool) == Some(true) {
            let input = chunk
                .get("prompt_eval_count")
                .and_then(Value::as_u64)
                .unwrap_or(0) as u32;
            let output = chunk.get("eval_count").and_then(Value::as_u64).unwrap_or(0) as u32;
            out.push(ModelEvent::Usage {
                input_tokens: input,
                output_tokens: output,
            });
            let stop_reason = chunk
                .get("done_reason")
                .and_then(Value::as_str)
                .map(str::to_string);
            out.push(ModelEvent::Done { stop_reason });
            finished = true;
        }
        for ev in out {
            if tx.send(Ok(ev)).await.is_err() {
                return;
            }
        }
        if finished {
            return;
        }
    }
    let message = "the stream ended before `done: true`".to_string();
    let _ = tx
        .send(Err(ModelError::Transport {
            endpoint: url,
            message,
        }))
        .await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn think_is_asked_for_only_when_the_model_thinks() {
        let req = ModelRequest {
            model: "deepseek-r1".into(),
            messages: vec![super::super::ChatMessage::text(Role::User, "hi")],
            ..ModelRequest::default()
        };
        assert_eq!(request_body(&req, true)["think"], json!(true));
        assert!(request_body(&req, false).get("think").is_none());
        assert!(has_thinking(
            &json!({"capabilities": ["completion", "thinking"]})
        ));
        assert!(!has_thinking(
            &json!({"capabilities": ["completion", "tools"]})
        ));
        assert!(!has_thinking(&json!({"license": ""})));
    }
}
