//! Anthropic Messages: `message` bodies and the SSE event stream.
//!
//! Stream shape, as the API sends it: `message_start` (a message with empty `content` and the
//! input usage), a `ping`, then per content block `content_block_start`, one or more
//! `content_block_delta` (`text_delta`, `thinking_delta` then one `signature_delta`, or
//! `input_json_delta` whose first `partial_json` is empty), `content_block_stop`; then
//! `message_delta` with `stop_reason` and the output usage, and `message_stop`. Every event
//! has an SSE `event:` name equal to its data's `type`.

use bytes::Bytes;
use serde_json::{Value, json};

use super::{ErrorSpec, StreamEncoder, TurnContext, arguments_object, pieces, sse_event};
use crate::script::{CONTEXT_LENGTH_EXCEEDED, Part};

pub(crate) const CONTENT_TYPE_STREAM: &str = "text/event-stream; charset=utf-8";

pub(crate) struct AnthropicStream {
    ctx: TurnContext,
    /// Index of the next content block.
    block: usize,
    tool_calls: usize,
}

impl AnthropicStream {
    pub(crate) fn new(ctx: TurnContext) -> Self {
        Self {
            ctx,
            block: 0,
            tool_calls: 0,
        }
    }

    fn block(&mut self, start: Value, deltas: Vec<Value>) -> Vec<Bytes> {
        let index = self.block;
        self.block += 1;
        let mut out = vec![sse_event(
            "content_block_start",
            &json!({"type": "content_block_start", "index": index, "content_block": start}),
        )];
        for delta in deltas {
            out.push(sse_event(
                "content_block_delta",
                &json!({"type": "content_block_delta", "index": index, "delta": delta}),
            ));
        }
        out.push(sse_event(
            "content_block_stop",
            &json!({"type": "content_block_stop", "index": index}),
        ));
        out
    }
}

impl StreamEncoder for AnthropicStream {
    fn start(&mut self) -> Vec<Bytes> {
        let mut message = message_envelope(&self.ctx);
        message["content"] = json!([]);
        message["stop_reason"] = Value::Null;
        message["usage"]["output_tokens"] = json!(1);
        vec![
            sse_event(
                "message_start",
                &json!({"type": "message_start", "message": message}),
            ),
            sse_event("ping", &json!({"type": "ping"})),
        ]
    }

    fn text(&mut self, text: &str) -> Vec<Bytes> {
        let deltas = pieces(text)
            .into_iter()
            .map(|t| json!({"type": "text_delta", "text": t}))
            .collect();
        self.block(json!({"type": "text", "text": ""}), deltas)
    }

    fn reasoning(&mut self, text: &str) -> Vec<Bytes> {
        let mut deltas: Vec<Value> = pieces(text)
            .into_iter()
            .map(|t| json!({"type": "thinking_delta", "thinking": t}))
            .collect();
        deltas.push(
            json!({"type": "signature_delta", "signature": signature(&self.ctx, self.block)}),
        );
        self.block(json!({"type": "thinking", "thinking": ""}), deltas)
    }

    fn tool_call(&mut self, id: Option<&str>, name: &str, arguments: &Value) -> Vec<Bytes> {
        let index = self.tool_calls;
        self.tool_calls += 1;
        let id = id.map_or_else(|| self.ctx.tool_call_id("toolu_", index), str::to_owned);
        let mut deltas = vec![json!({"type": "input_json_delta", "partial_json": ""})];
        let json_text = arguments_object(arguments).to_string();
        deltas.extend(
            pieces(&json_text)
                .into_iter()
                .map(|fragment| json!({"type": "input_json_delta", "partial_json": fragment})),
        );
        self.block(
            json!({"type": "tool_use", "id": id, "name": name, "input": {}}),
            deltas,
        )
    }

    fn finish(&mut self) -> Vec<Bytes> {
        vec![
            sse_event(
                "message_delta",
                &json!({
                    "type": "message_delta",
                    "delta": {"stop_reason": stop_reason(&self.ctx), "stop_sequence": null},
                    "usage": {"output_tokens": self.ctx.output_tokens},
                }),
            ),
            sse_event("message_stop", &json!({"type": "message_stop"})),
        ]
    }

    fn error(&mut self, error: &ErrorSpec) -> Vec<Bytes> {
        vec![sse_event("error", &error_body(error))]
    }
}

/// The non-streaming `message` body.
pub(crate) fn message_body(parts: &[Part], ctx: &TurnContext) -> Value {
    let mut content = Vec::new();
    let mut tool_calls = 0;
    for part in parts {
        match part {
            Part::Text(text) => content.push(json!({"type": "text", "text": text})),
            Part::Reasoning(text) => content.push(json!({
                "type": "thinking",
                "thinking": text,
                "signature": signature(ctx, content.len()),
            })),
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                let id = id
                    .clone()
                    .unwrap_or_else(|| ctx.tool_call_id("toolu_", tool_calls));
                tool_calls += 1;
                content.push(json!({
                    "type": "tool_use",
                    "id": id,
                    "name": name,
                    "input": arguments_object(arguments),
                }));
            }
            _ => {}
        }
    }
    let mut message = message_envelope(ctx);
    message["content"] = Value::Array(content);
    message["stop_reason"] = json!(stop_reason(ctx));
    message
}

/// `{"type": "error", "error": {"type", "message"}}`, as the API answers failed requests.
pub(crate) fn error_body(error: &ErrorSpec) -> Value {
    if let Some(body) = &error.body {
        return body.clone();
    }
    let context = error.code.as_deref() == Some(CONTEXT_LENGTH_EXCEEDED);
    let (kind, default_message) = match error.status {
        400 if context => (
            "invalid_request_error",
            "prompt is too long: 210000 tokens > 200000 maximum",
        ),
        400 => ("invalid_request_error", "Invalid request."),
        401 => ("authentication_error", "invalid x-api-key"),
        403 => (
            "permission_error",
            "Your API key does not have permission to use the specified resource.",
        ),
        404 => ("not_found_error", "model: scripted-model"),
        413 => (
            "request_too_large",
            "Request exceeds the maximum allowed number of bytes.",
        ),
        429 => (
            "rate_limit_error",
            "This request would exceed the rate limit for your organization. Please try again later.",
        ),
        529 => ("overloaded_error", "Overloaded"),
        _ => ("api_error", "Internal server error"),
    };
    let message = if error.message.is_empty() {
        default_message
    } else {
        error.message.as_str()
    };
    json!({"type": "error", "error": {"type": kind, "message": message}})
}

/// `GET /v1/models` when called with an `anthropic-version` header.
pub(crate) fn models_body(models: &[String]) -> Value {
    json!({
        "data": models.iter().map(|id| json!({
            "type": "model",
            "id": id,
            "display_name": id,
            "created_at": super::CREATED_RFC3339,
        })).collect::<Vec<_>>(),
        "has_more": false,
        "first_id": models.first(),
        "last_id": models.last(),
    })
}

fn message_envelope(ctx: &TurnContext) -> Value {
    json!({
        "id": format!("msg_scripted{:04}", ctx.number),
        "type": "message",
        "role": "assistant",
        "model": ctx.model,
        "content": [],
        "stop_reason": null,
        "stop_sequence": null,
        "usage": {
            "input_tokens": ctx.input_tokens,
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "output_tokens": ctx.output_tokens,
        },
    })
}

fn stop_reason(ctx: &TurnContext) -> &'static str {
    if ctx.truncated {
        "max_tokens"
    } else if ctx.has_tool_calls {
        "tool_use"
    } else {
        "end_turn"
    }
}

/// An opaque signature, as the API attaches to thinking blocks; clients must send it back.
fn signature(ctx: &TurnContext, block: usize) -> String {
    format!("c2NyaXB0ZWQ{:04}{block:02}", ctx.number)
}
