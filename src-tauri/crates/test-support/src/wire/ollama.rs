//! Ollama's native API: `/api/chat` as NDJSON (streamed unless `"stream": false`),
//! `/api/tags` and `/api/show`.
//!
//! Stream shape, as Ollama sends it: one JSON object a line, each with `model`, `created_at`,
//! `message` (`role`, `content`, and `thinking` or `tool_calls` when present) and
//! `done: false`; tool calls arrive whole (arguments as an object, not a string) in one line;
//! the last line has an empty message, `done: true`, `done_reason` and the durations and
//! counts (`prompt_eval_count`, `eval_count`).

use bytes::Bytes;
use serde_json::{Value, json};

use super::{
    CREATED_RFC3339, ErrorSpec, StreamEncoder, TurnContext, arguments_object, ndjson_line, pieces,
};
use crate::script::{CONTEXT_LENGTH_EXCEEDED, Part};

pub(crate) const CONTENT_TYPE_STREAM: &str = "application/x-ndjson";

pub(crate) struct OllamaStream {
    ctx: TurnContext,
}

impl OllamaStream {
    pub(crate) fn new(ctx: TurnContext) -> Self {
        Self { ctx }
    }

    fn line(&self, message: Value) -> Bytes {
        ndjson_line(&json!({
            "model": self.ctx.model,
            "created_at": CREATED_RFC3339,
            "message": message,
            "done": false,
        }))
    }
}

impl StreamEncoder for OllamaStream {
    fn start(&mut self) -> Vec<Bytes> {
        Vec::new()
    }

    fn text(&mut self, text: &str) -> Vec<Bytes> {
        pieces(text)
            .into_iter()
            .map(|piece| self.line(json!({"role": "assistant", "content": piece})))
            .collect()
    }

    fn reasoning(&mut self, text: &str) -> Vec<Bytes> {
        pieces(text)
            .into_iter()
            .map(|piece| self.line(json!({"role": "assistant", "content": "", "thinking": piece})))
            .collect()
    }

    fn tool_call(&mut self, id: Option<&str>, name: &str, arguments: &Value) -> Vec<Bytes> {
        vec![self.line(json!({
            "role": "assistant",
            "content": "",
            "tool_calls": [tool_call(id, name, arguments)],
        }))]
    }

    fn finish(&mut self) -> Vec<Bytes> {
        let mut last = done_line(&self.ctx);
        last["message"] = json!({"role": "assistant", "content": ""});
        vec![ndjson_line(&last)]
    }

    fn error(&mut self, error: &ErrorSpec) -> Vec<Bytes> {
        vec![ndjson_line(&error_body(error))]
    }
}

/// The `"stream": false` body: the whole message with the final counts.
pub(crate) fn chat_body(parts: &[Part], ctx: &TurnContext) -> Value {
    let mut content = String::new();
    let mut thinking = String::new();
    let mut tool_calls = Vec::new();
    for part in parts {
        match part {
            Part::Text(text) => content.push_str(text),
            Part::Reasoning(text) => thinking.push_str(text),
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                tool_calls.push(tool_call(id.as_deref(), name, arguments));
            }
            _ => {}
        }
    }
    let mut message = json!({"role": "assistant", "content": content});
    if !thinking.is_empty() {
        message["thinking"] = json!(thinking);
    }
    if !tool_calls.is_empty() {
        message["tool_calls"] = Value::Array(tool_calls);
    }
    let mut body = done_line(ctx);
    body["message"] = message;
    body
}

/// `{"error": "..."}`, as Ollama answers failed requests.
pub(crate) fn error_body(error: &ErrorSpec) -> Value {
    if let Some(body) = &error.body {
        return body.clone();
    }
    let context = error.code.as_deref() == Some(CONTEXT_LENGTH_EXCEEDED);
    let default_message = match error.status {
        400 if context => "the input length exceeds the context length",
        400 => "invalid request",
        401 => "unauthorized",
        404 => "model \"scripted-model\" not found, try pulling it first",
        429 => "too many requests",
        _ => "an error was encountered while running the model: unexpected EOF",
    };
    let message = if error.message.is_empty() {
        default_message
    } else {
        error.message.as_str()
    };
    json!({"error": message})
}

/// `GET /api/tags`.
pub(crate) fn tags_body(models: &[String]) -> Value {
    json!({
        "models": models.iter().map(|name| {
            let name = with_tag(name);
            json!({
                "name": name,
                "model": name,
                "modified_at": CREATED_RFC3339,
                "size": 2_019_393_189_u64,
                "digest": "a80c4f17acd55265feec403c7aef86be0c25983ab279d83f3bcd3abbcb5b8b72",
                "details": details(),
            })
        }).collect::<Vec<_>>(),
    })
}

/// `POST /api/show` for a known model: `model_info` carries `<arch>.context_length`.
pub(crate) fn show_body(name: &str, context_window: u32, thinking: bool) -> Value {
    let mut capabilities = vec!["completion", "tools"];
    if thinking {
        capabilities.push("thinking");
    }
    json!({
        "license": "",
        "modelfile": format!("FROM {}\n", with_tag(name)),
        "parameters": "stop \"<|eot_id|>\"",
        "template": "{{ .Prompt }}",
        "details": details(),
        "model_info": {
            "general.architecture": "llama",
            "general.basename": name,
            "general.parameter_count": 3_212_749_888_u64,
            "llama.context_length": context_window,
            "llama.embedding_length": 3072,
            "llama.block_count": 28,
        },
        "capabilities": capabilities,
        "modified_at": CREATED_RFC3339,
    })
}

/// Ollama treats `name` and `name:latest` as the same model.
pub(crate) fn same_model(a: &str, b: &str) -> bool {
    with_tag(a) == with_tag(b)
}

fn with_tag(name: &str) -> String {
    if name.contains(':') {
        name.to_owned()
    } else {
        format!("{name}:latest")
    }
}

fn details() -> Value {
    json!({
        "parent_model": "",
        "format": "gguf",
        "family": "llama",
        "families": ["llama"],
        "parameter_size": "3.2B",
        "quantization_level": "Q4_K_M",
    })
}

fn tool_call(id: Option<&str>, name: &str, arguments: &Value) -> Value {
    let mut call = json!({"function": {"name": name, "arguments": arguments_object(arguments)}});
    if let Some(id) = id {
        call["id"] = json!(id);
    }
    call
}

fn done_line(ctx: &TurnContext) -> Value {
    let done_reason = if ctx.truncated { "length" } else { "stop" };
    json!({
        "model": ctx.model,
        "created_at": CREATED_RFC3339,
        "message": {"role": "assistant", "content": ""},
        "done": true,
        "done_reason": done_reason,
        "total_duration": 1_200_000_000_u64,
        "load_duration": 20_000_000_u64,
        "prompt_eval_count": ctx.input_tokens,
        "prompt_eval_duration": 300_000_000_u64,
        "eval_count": ctx.output_tokens,
        "eval_duration": 880_000_000_u64,
    })
}
