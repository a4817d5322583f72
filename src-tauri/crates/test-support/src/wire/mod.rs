//! Rendering a scripted response in each provider's wire format.
//!
//! Every provider streams the same way here: a [`StreamEncoder`] turns each content part into
//! bytes (SSE events or NDJSON lines) and [`stream_frames`] walks the script, interleaving
//! the pauses, hangs and dropped connections that are transport matters, not format matters.

pub(crate) mod anthropic;
pub(crate) mod ollama;
pub(crate) mod openai;

use std::time::Duration;

use bytes::Bytes;
use serde_json::Value;

use crate::script::{Part, ScriptedResponse};
use anthropic::AnthropicStream;
use ollama::OllamaStream;
use openai::OpenAiStream;

/// What the response body does next.
#[derive(Debug)]
pub(crate) enum Frame {
    Data(Bytes),
    Delay(Duration),
    /// Send nothing more and keep the connection open.
    Hang,
    /// Abort the body: the client sees the connection close mid-response.
    Drop,
}

/// Facts about the request and the server that a rendering needs.
#[derive(Debug, Clone)]
pub(crate) struct TurnContext {
    /// 1-based number of the model request, used in generated ids.
    pub(crate) number: usize,
    /// The `model` field of the request, echoed back as real servers do.
    pub(crate) model: String,
    pub(crate) input_tokens: u32,
    pub(crate) output_tokens: u32,
    pub(crate) truncated: bool,
    pub(crate) has_tool_calls: bool,
    /// OpenAI: the request asked `stream_options.include_usage`.
    pub(crate) include_usage: bool,
    /// OpenAI: the delta field that carries reasoning.
    pub(crate) reasoning_field: String,
}

impl TurnContext {
    pub(crate) fn new(
        number: usize,
        request: &Value,
        request_len: usize,
        response: &ScriptedResponse,
        reasoning_field: &str,
    ) -> Self {
        let (input_tokens, output_tokens) = response
            .usage
            .unwrap_or_else(|| (estimate_tokens(request_len), estimate_output(response)));
        Self {
            number,
            model: request
                .get("model")
                .and_then(Value::as_str)
                .unwrap_or("scripted-model")
                .to_owned(),
            input_tokens,
            output_tokens,
            truncated: response.truncated,
            has_tool_calls: response.has_tool_calls(),
            include_usage: request
                .pointer("/stream_options/include_usage")
                .and_then(Value::as_bool)
                .unwrap_or(false),
            reasoning_field: reasoning_field.to_owned(),
        }
    }

    /// The id of the `index`-th tool call of this turn when the script gives none.
    pub(crate) fn tool_call_id(&self, prefix: &str, index: usize) -> String {
        format!("{prefix}{:04}{:02}scripted", self.number, index)
    }
}

/// Turns content parts into the bytes of one provider's streaming format.
pub(crate) trait StreamEncoder {
    /// Everything sent before the first part (OpenAI role chunk, Anthropic message_start).
    fn start(&mut self) -> Vec<Bytes>;
    fn text(&mut self, text: &str) -> Vec<Bytes>;
    fn reasoning(&mut self, text: &str) -> Vec<Bytes>;
    fn tool_call(&mut self, id: Option<&str>, name: &str, arguments: &Value) -> Vec<Bytes>;
    /// Everything sent after the last part (finish reason, usage, terminator).
    fn finish(&mut self) -> Vec<Bytes>;
    /// An error reported inside an already started stream.
    fn error(&mut self, error: &ErrorSpec) -> Vec<Bytes>;
}

/// An HTTP error part, before a provider gives it its shape.
#[derive(Debug, Clone)]
pub(crate) struct ErrorSpec {
    pub(crate) status: u16,
    pub(crate) message: String,
    pub(crate) code: Option<String>,
    pub(crate) body: Option<Value>,
}

impl ErrorSpec {
    pub(crate) fn from_part(part: &Part) -> Option<Self> {
        match part {
            Part::HttpError {
                status,
                message,
                code,
                body,
            } => Some(Self {
                status: *status,
                message: message.clone(),
                code: code.clone(),
                body: body.clone(),
            }),
            _ => None,
        }
    }
}

/// The frames of a streamed response. Leading delays and a leading error are handled by the
/// caller before headers are sent, so `parts` starts with content here.
pub(crate) fn stream_frames(parts: &[Part], encoder: &mut dyn StreamEncoder) -> Vec<Frame> {
    let mut frames: Vec<Frame> = Vec::new();
    let push = |frames: &mut Vec<Frame>, bytes: Vec<Bytes>| {
        frames.extend(bytes.into_iter().map(Frame::Data));
    };
    push(&mut frames, encoder.start());
    for part in parts {
        match part {
            Part::Text(text) => push(&mut frames, encoder.text(text)),
            Part::Reasoning(text) => push(&mut frames, encoder.reasoning(text)),
            Part::ToolCall {
                id,
                name,
                arguments,
            } => {
                push(
                    &mut frames,
                    encoder.tool_call(id.as_deref(), name, arguments),
                );
            }
            Part::HttpError { .. } => {
                if let Some(spec) = ErrorSpec::from_part(part) {
                    push(&mut frames, encoder.error(&spec));
                }
                return frames;
            }
            Part::DelayMs(ms) => frames.push(Frame::Delay(Duration::from_millis(*ms))),
            Part::Hang => {
                frames.push(Frame::Hang);
                return frames;
            }
            Part::DropConnection => {
                frames.push(Frame::Drop);
                return frames;
            }
        }
    }
    push(&mut frames, encoder.finish());
    frames
}

/// Splits text into at least three pieces (when it has three characters), at most about a
/// dozen characters each, on character boundaries, so clients meet multi-byte characters and
/// words cut in half.
pub(crate) fn pieces(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    if chars.is_empty() {
        return Vec::new();
    }
    let count = chars.len().div_ceil(12).max(3).min(chars.len());
    let size = chars.len().div_ceil(count);
    chars
        .chunks(size)
        .map(|chunk| chunk.iter().collect())
        .collect()
}

/// Tool-call arguments as the compact JSON text a model streams.
pub(crate) fn arguments_text(arguments: &Value) -> String {
    match arguments {
        // A script may give arguments already serialized, or deliberately broken JSON.
        Value::String(text) => text.clone(),
        Value::Null => "{}".to_owned(),
        other => other.to_string(),
    }
}

/// Arguments as a JSON object, for formats that send them parsed (Anthropic, Ollama).
pub(crate) fn arguments_object(arguments: &Value) -> Value {
    match arguments {
        Value::Null => Value::Object(serde_json::Map::new()),
        Value::String(text) => serde_json::from_str(text).unwrap_or_else(|_| arguments.clone()),
        other => other.clone(),
    }
}

pub(crate) fn sse_data(data: &Value) -> Bytes {
    Bytes::from(format!("data: {data}\n\n"))
}

pub(crate) fn sse_event(event: &str, data: &Value) -> Bytes {
    Bytes::from(format!("event: {event}\ndata: {data}\n\n"))
}

pub(crate) fn ndjson_line(data: &Value) -> Bytes {
    Bytes::from(format!("{data}\n"))
}

fn estimate_tokens(bytes: usize) -> u32 {
    u32::try_from(bytes.div_ceil(4)).unwrap_or(u32::MAX).max(1)
}

fn estimate_output(response: &ScriptedResponse) -> u32 {
    let bytes: usize = response
        .parts
        .iter()
        .map(|part| match part {
            Part::Text(text) | Part::Reasoning(text) => text.len(),
            Part::ToolCall {
                name, arguments, ..
            } => name.len() + arguments_text(arguments).len(),
            _ => 0,
        })
        .sum();
    estimate_tokens(bytes)
}

/// A fixed timestamp, so recorded transcripts are reproducible.
pub(crate) const CREATED_UNIX: u64 = 1_767_225_600;
pub(crate) const CREATED_RFC3339: &str = "2026-01-01T00:00:00.000000Z";

/// The wire format of a model endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Provider {
    OpenAi,
    Anthropic,
    Ollama,
}

impl Provider {
    pub(crate) fn for_path(path: &str) -> Option<Self> {
        match path {
            "/v1/chat/completions" | "/chat/completions" => Some(Self::OpenAi),
            "/v1/messages" => Some(Self::Anthropic),
            "/api/chat" => Some(Self::Ollama),
            _ => None,
        }
    }

    pub(crate) fn wants_stream(self, body: &Value) -> bool {
        let stream = body.get("stream").and_then(Value::as_bool);
        match self {
            // Ollama streams unless told `"stream": false`.
            Self::Ollama => stream.unwrap_or(true),
            Self::OpenAi | Self::Anthropic => stream.unwrap_or(false),
        }
    }

    pub(crate) fn error_body(self, error: &ErrorSpec) -> Value {
        match self {
            Self::OpenAi => openai::error_body(error),
            Self::Anthropic => anthropic::error_body(error),
            Self::Ollama => ollama::error_body(error),
        }
    }

    pub(crate) fn stream_content_type(self) -> &'static str {
        match self {
            Self::OpenAi => openai::CONTENT_TYPE_STREAM,
            Self::Anthropic => anthropic::CONTENT_TYPE_STREAM,
            Self::Ollama => ollama::CONTENT_TYPE_STREAM,
        }
    }

    pub(crate) fn encoder(self, ctx: TurnContext) -> Box<dyn StreamEncoder + Send> {
        match self {
            Self::OpenAi => Box::new(OpenAiStream::new(ctx)),
            Self::Anthropic => Box::new(AnthropicStream::new(ctx)),
            Self::Ollama => Box::new(OllamaStream::new(ctx)),
        }
    }

    pub(crate) fn complete_body(self, parts: &[Part], ctx: &TurnContext) -> Value {
        match self {
            Self::OpenAi => openai::completion_body(parts, ctx),
            Self::Anthropic => anthropic::message_body(parts, ctx),
            Self::Ollama => ollama::chat_body(parts, ctx),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_cover_the_text_in_three_or_more_parts() {
        for text in [
            "abc",
            "hello world",
            "héllo wörld ✓ and a much longer sentence of text here",
        ] {
            let parts = pieces(text);
            assert!(parts.len() >= 3, "{text:?} gave {parts:?}");
            assert_eq!(parts.concat(), text);
        }
        assert_eq!(pieces("ab"), vec!["a", "b"]);
        assert!(pieces("").is_empty());
    }
}
