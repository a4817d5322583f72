//! OpenAI Chat Completions: `chat.completion` bodies and `chat.completion.chunk` SSE streams.
//!
//! Stream shape, as the API sends it: a first chunk with `delta.role`, content deltas, tool
//! calls whose first delta carries `index`, `id`, `type` and `function.name` with empty
//! arguments and whose later deltas carry only `index` and argument fragments, a chunk with
//! an empty delta and the `finish_reason`, then (with `stream_options.include_usage`) a chunk
//! with empty `choices` and the `usage`, and `data: [DONE]`. With `include_usage` every other
//! chunk carries `"usage": null`.

use bytes::Bytes;
use serde_json::{Value, json};

use super::{
    CREATED_UNIX, ErrorSpec, StreamEncoder, TurnContext, arguments_text, pieces, sse_data,
};
use crate::script::{CONTEXT_LENGTH_EXCEEDED, Part};

pub(crate) const CONTENT_TYPE_STREAM: &str = "text/event-stream; charset=utf-8";

pub(crate) struct OpenAiStream {
    ctx: TurnContext,
    tool_calls: usize,
}

impl OpenAiStream {
    pub(crate) fn new(ctx: TurnContext) -> Self {
        Self { ctx, tool_calls: 0 }
    }

    fn chunk(&self, delta: Value, finish_reason: Option<&str>) -> Bytes {
        let mut chunk = json!({
            "id": completion_id(&self.ctx),
            "object": "chat.completion.chunk",
            "created": CREATED_UNIX,
            "model": self.ctx.model,
            "system_fingerprint": "fp_scripted",
            "choices": [{
                "index": 0,
                "delta": delta,
                "logprobs": null,
                "finish_reason": finish_reason,
            }],
        });
        if self.ctx.include_usage {
            chunk["usage"] = Value::Null;
        }
        sse_data(&chunk)
    }
}

impl StreamEncoder for OpenAiStream {
    fn start(&mut self) -> Vec<Bytes> {
        vec![self.chunk(
            json!({"role": "assistant", "content": "", "refusal": null}),
            None,
        )]
    }

    fn text(&mut self, text: &str) -> Vec<Bytes> {
        pieces(text)
            .iter()
            .map(|piece| self.chunk(json!({"content": piece}), None))
            .collect()
    }

    fn reasoning(&mut self, text: &str) -> Vec<Bytes> {
        let field = self.ctx.reasoning_field.clone();
        pieces(text)
            .iter()
            .map(|piece| {
                let mut delta = serde_json::Map::new();
                delta.insert(field.clone(), json!(piece));
                self.chunk(Value::Object(delta), None)
            })
            .collect()
    }

    fn tool_call(&mut self, id: Option<&str>, name: &str, arguments: &Value) -> Vec<Bytes> {
        let index = self.tool_calls;
        self.tool_calls += 1;
        let id = id.map_or_else(|| self.ctx.tool_call_id("call_", index), str::to_owned);
        let mut out = vec![self.chunk(
            json!({"tool_calls": [{
                "index": index,
                "id": id,
                "type": "function",
                "function": {"name": name, "arguments": ""},
            }]}),
            None,
        )];
        for fragment in pieces(&arguments_text(arguments)) {
            out.push(self.chunk(
                json!({"tool_calls": [{"index": index, "function": {"arguments": fragment}}]}),
                None,
            ));
        }
        out
    }

    fn finish(&mut self) -> Vec<Bytes> {
        let mut out = vec![self.chunk(json!({}), Some(finish_reason(&self.ctx)))];
        if self.ctx.include_usage {
            out.push(sse_data(&json!({
                "id": completion_id(&self.ctx),
                "object": "chat.completion.chunk",
                "created": CREATED_UNIX,
                "model": self.ctx.model,
                "system_fingerprint": "fp_scripted",
                "choices": [],
                "usage": usage(&self.ctx),
            })));
        }
        out.push(Bytes::from_static(b"data: [DONE]\n\n"));
        out
    }

    fn error(&mut self, error: &ErrorSpec) -> Vec<Bytes> {
        // The API reports a failure after the stream started as a data line holding the
        // usual error object, and sends no [DONE].
        vec![sse_data(&error_body(error))]
    }
}

/// The non-streaming `chat.completion` body.
pub(crate) fn completion_body(parts: &[Part], ctx: &TurnContext) -> Value {
    let mut content = String::new();
    let mut reasoning = String::new();
    let mut tool_calls = Vec::new();
    for part in parts {
        match part {
            Part::Text(text) => content.push_str(text),
            Part::Reasoning(text) => reasoning.push_str(text),
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                let index = tool_calls.len();
                tool_calls.push(json!({
                    "id": id.clone().unwrap_or_else(|| ctx.tool_call_id("call_", index)),
                    "type": "function",
                    "function": {"name": name, "arguments": arguments_text(arguments)},
                }));
            }
            _ => {}
        }
    }
    let mut message = json!({
        "role": "assistant",
        "content": if content.is_empty() && !tool_calls.is_empty() { Value::Null } else { json!(content) },
        "refusal": null,
        "annotations": [],
    });
    if !reasoning.is_empty() {
        message[ctx.reasoning_field.as_str()] = json!(reasoning);
    }
    if !tool_calls.is_empty() {
        message["tool_calls"] = Value::Array(tool_calls);
    }
    json!({
        "id": completion_id(ctx),
        "object": "chat.completion",
        "created": CREATED_UNIX,
        "model": ctx.model,
        "system_fingerprint": "fp_scripted",
        "choices": [{
            "index": 0,
            "message": message,
            "logprobs": null,
            "finish_reason": finish_reason(ctx),
        }],
        "usage": usage(ctx),
        "service_tier": "default",
    })
}

/// `{"error": {"message", "type", "param", "code"}}`, as the API answers failed requests.
pub(crate) fn error_body(error: &ErrorSpec) -> Value {
    if let Some(body) = &error.body {
        return body.clone();
    }
    let context = error.code.as_deref() == Some(CONTEXT_LENGTH_EXCEEDED);
    let (kind, default_code, default_message) = match error.status {
        400 if context => (
            "invalid_request_error",
            CONTEXT_LENGTH_EXCEEDED,
            "This model's maximum context length is 128000 tokens. However, your messages \
             resulted in 131072 tokens. Please reduce the length of the messages.",
        ),
        400 => (
            "invalid_request_error",
            "invalid_request",
            "Invalid request.",
        ),
        401 => (
            "invalid_request_error",
            "invalid_api_key",
            "Incorrect API key provided: sk-scr***ted. You can find your API key at \
             https://platform.openai.com/account/api-keys.",
        ),
        403 => (
            "invalid_request_error",
            "unsupported_country_region_territory",
            "Forbidden.",
        ),
        404 => (
            "invalid_request_error",
            "model_not_found",
            "The model `scripted-model` does not exist or you do not have access to it.",
        ),
        429 => (
            "requests",
            "rate_limit_exceeded",
            "Rate limit reached for requests. Please try again in 1s.",
        ),
        503 => (
            "server_error",
            "service_unavailable",
            "The server is overloaded. Please try again later.",
        ),
        _ => (
            "server_error",
            "server_error",
            "The server had an error while processing your request. Sorry about that!",
        ),
    };
    let message = if error.message.is_empty() {
        default_message
    } else {
        error.message.as_str()
    };
    let param = if context {
        json!("messages")
    } else {
        Value::Null
    };
    json!({
        "error": {
            "message": message,
            "type": kind,
            "param": param,
            "code": error.code.as_deref().unwrap_or(default_code),
        }
    })
}

/// `GET /v1/models`.
pub(crate) fn models_body(models: &[String]) -> Value {
    json!({
        "object": "list",
        "data": models.iter().map(|id| json!({
            "id": id,
            "object": "model",
            "created": CREATED_UNIX,
            "owned_by": "scripted",
        })).collect::<Vec<_>>(),
    })
}

fn completion_id(ctx: &TurnContext) -> String {
    format!("chatcmpl-scripted{:04}", ctx.number)
}

fn finish_reason(ctx: &TurnContext) -> &'static str {
    if ctx.truncated {
        "length"
    } else if ctx.has_tool_calls {
        "tool_calls"
    } else {
        "stop"
    }
}

fn usage(ctx: &TurnContext) -> Value {
    json!({
        "prompt_tokens": ctx.input_tokens,
        "completion_tokens": ctx.output_tokens,
        "total_tokens": ctx.input_tokens.saturating_add(ctx.output_tokens),
        "prompt_tokens_details": {"cached_tokens": 0, "audio_tokens": 0},
        "completion_tokens_details": {
            "reasoning_tokens": 0,
            "audio_tokens": 0,
            "accepted_prediction_tokens": 0,
            "rejected_prediction_tokens": 0,
        },
    })
}
