//! What the scripted model says: a list of responses played in order, one per model request.
//!
//! A script is plain data (serde), so it can live in a JSON file for the `oi-scripted-model`
//! binary. Parts use serde's external tagging, for example:
//!
//! ```json
//! { "turns": [
//!     { "parts": [ { "reasoning": "The user wants a file." },
//!                  { "tool_call": { "name": "execute", "arguments": { "language": "shell", "code": "ls" } } } ],
//!       "usage": [120, 14] },
//!     { "parts": [ { "delay_ms": 50 }, { "text": "Done." } ] },
//!     { "parts": [ { "http_error": { "status": 429, "message": "Rate limit reached" } } ] },
//!     { "parts": [ { "text": "Thinking about it" }, "hang" ] }
//!   ],
//!   "models": ["gpt-4o", "llama3.2:latest"],
//!   "context_window": 131072 }
//! ```

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The responses the server plays, in order, plus what its discovery endpoints report.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Script {
    /// One entry per model request, consumed in order.
    #[serde(default)]
    pub turns: Vec<ScriptedResponse>,
    /// Model names listed by `GET /v1/models` and `GET /api/tags`.
    #[serde(default = "default_models")]
    pub models: Vec<String>,
    /// Context window reported by `POST /api/show` and `GET /props`.
    #[serde(default = "default_context_window")]
    pub context_window: u32,
    /// Field of an OpenAI-style delta that carries reasoning text. Chat Completions servers
    /// that stream reasoning disagree: DeepSeek, vLLM and llama.cpp use `reasoning_content`,
    /// OpenRouter and Ollama's compatibility layer use `reasoning`.
    #[serde(default = "default_reasoning_field")]
    pub openai_reasoning_field: String,
    /// Whether Ollama's `POST /api/show` lists the "thinking" capability (a reasoning model).
    #[serde(default)]
    pub ollama_thinking: bool,
}

fn default_models() -> Vec<String> {
    vec!["scripted-model".to_owned()]
}

fn default_context_window() -> u32 {
    131_072
}

fn default_reasoning_field() -> String {
    "reasoning_content".to_owned()
}

impl Default for Script {
    fn default() -> Self {
        Self::new(Vec::new())
    }
}

impl Script {
    pub fn new(turns: Vec<ScriptedResponse>) -> Self {
        Self {
            turns,
            models: default_models(),
            context_window: default_context_window(),
            openai_reasoning_field: default_reasoning_field(),
            ollama_thinking: false,
        }
    }

    pub fn with_models<S: Into<String>>(mut self, models: impl IntoIterator<Item = S>) -> Self {
        self.models = models.into_iter().map(Into::into).collect();
        self
    }

    pub fn with_context_window(mut self, tokens: u32) -> Self {
        self.context_window = tokens;
        self
    }

    /// Ollama's `/api/show` says the models think.
    pub fn with_ollama_thinking(mut self) -> Self {
        self.ollama_thinking = true;
        self
    }

    pub fn with_openai_reasoning_field(mut self, field: impl Into<String>) -> Self {
        self.openai_reasoning_field = field.into();
        self
    }

    /// Parses a script from JSON text (the format of the `oi-scripted-model` binary): an
    /// object as in the module docs, or just the array of turns.
    pub fn from_json(text: &str) -> Result<Self, serde_json::Error> {
        match serde_json::from_str::<Self>(text) {
            Ok(script) => Ok(script),
            Err(error) => match serde_json::from_str::<Vec<ScriptedResponse>>(text) {
                Ok(turns) => Ok(Self::new(turns)),
                Err(_) => Err(error),
            },
        }
    }

    /// Reads a JSON script file; panics with the path and the reason when it cannot.
    pub fn from_file(path: impl AsRef<std::path::Path>) -> Self {
        let path = path.as_ref();
        let text = std::fs::read_to_string(path)
            .unwrap_or_else(|error| panic!("cannot read script {}: {error}", path.display()));
        Self::from_json(&text)
            .unwrap_or_else(|error| panic!("bad script {}: {error}", path.display()))
    }
}

impl From<Vec<ScriptedResponse>> for Script {
    fn from(turns: Vec<ScriptedResponse>) -> Self {
        Self::new(turns)
    }
}

impl FromIterator<ScriptedResponse> for Script {
    fn from_iter<I: IntoIterator<Item = ScriptedResponse>>(iter: I) -> Self {
        Self::new(iter.into_iter().collect())
    }
}

/// One model response: what it says, in order, and what it reports as token usage.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ScriptedResponse {
    pub parts: Vec<Part>,
    /// `(input_tokens, output_tokens)`. When absent the server reports a deterministic
    /// estimate (about four bytes a token), as real servers always report some usage.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub usage: Option<(u32, u32)>,
    /// The response stops because it hit the output limit: `finish_reason: "length"`,
    /// `stop_reason: "max_tokens"`, `done_reason: "length"`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub truncated: bool,
}

/// A piece of a scripted response, rendered in the wire format of the endpoint called.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Assistant text, streamed in several small deltas.
    Text(String),
    /// Reasoning ("thinking") text, streamed before or between other parts.
    Reasoning(String),
    /// A native tool call; its JSON arguments are streamed in several fragments.
    ToolCall {
        /// Call id; generated in the provider's style (`call_…`, `toolu_…`) when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<String>,
        name: String,
        #[serde(default)]
        arguments: Value,
    },
    /// An HTTP error with the provider's error body. As the first part (after any delays)
    /// it is the response status; after content has been streamed it becomes the
    /// provider's in-stream error event.
    HttpError {
        status: u16,
        /// Empty means the provider's usual message for this status and code.
        #[serde(default)]
        message: String,
        /// OpenAI-style `code` (`rate_limit_exceeded`, `context_length_exceeded`, …);
        /// derived from the status when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        code: Option<String>,
        /// Sent verbatim instead of the generated provider-shaped body.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        body: Option<Value>,
    },
    /// Pause. Leading delays happen before the response headers are sent.
    DelayMs(u64),
    /// Keep the response open without sending anything more, until the client goes away
    /// or the server is dropped (for interrupt tests).
    Hang,
    /// Abort the response mid-stream: the connection is closed without finishing the body.
    DropConnection,
}

impl ScriptedResponse {
    pub fn new(parts: Vec<Part>) -> Self {
        Self {
            parts,
            usage: None,
            truncated: false,
        }
    }

    pub fn text(text: impl Into<String>) -> Self {
        Self::new(vec![Part::Text(text.into())])
    }

    pub fn reasoning(text: impl Into<String>) -> Self {
        Self::new(vec![Part::Reasoning(text.into())])
    }

    pub fn tool_call(name: impl Into<String>, arguments: Value) -> Self {
        Self::new(vec![Part::ToolCall {
            id: None,
            name: name.into(),
            arguments,
        }])
    }

    /// Text holding one fenced code block, as a model writes for harnesses without native tools.
    pub fn code_block(language: &str, code: &str) -> Self {
        Self::text(fenced(language, code))
    }

    /// An HTTP error in the provider's shape; an empty message means the provider's usual
    /// message for this status (401 bad key, 404 unknown model, 429 rate limit, 500, 529…).
    pub fn error(status: u16, message: impl Into<String>) -> Self {
        Self::new(vec![Part::HttpError {
            status,
            message: message.into(),
            code: None,
            body: None,
        }])
    }

    /// The 400 each provider answers when the prompt exceeds the context window.
    pub fn context_length_exceeded() -> Self {
        Self::new(vec![Part::HttpError {
            status: 400,
            message: String::new(),
            code: Some(CONTEXT_LENGTH_EXCEEDED.to_owned()),
            body: None,
        }])
    }

    /// Sends nothing and stays open (for interrupt tests); `then_hang` hangs mid-stream.
    pub fn hang() -> Self {
        Self::new(vec![Part::Hang])
    }

    pub fn then(mut self, part: Part) -> Self {
        self.parts.push(part);
        self
    }

    pub fn then_text(self, text: impl Into<String>) -> Self {
        self.then(Part::Text(text.into()))
    }

    pub fn then_reasoning(self, text: impl Into<String>) -> Self {
        self.then(Part::Reasoning(text.into()))
    }

    pub fn then_tool_call(self, name: impl Into<String>, arguments: Value) -> Self {
        self.then(Part::ToolCall {
            id: None,
            name: name.into(),
            arguments,
        })
    }

    pub fn then_tool_call_with_id(
        self,
        id: impl Into<String>,
        name: impl Into<String>,
        arguments: Value,
    ) -> Self {
        self.then(Part::ToolCall {
            id: Some(id.into()),
            name: name.into(),
            arguments,
        })
    }

    pub fn then_code_block(self, language: &str, code: &str) -> Self {
        self.then_text(fenced(language, code))
    }

    pub fn then_delay_ms(self, ms: u64) -> Self {
        self.then(Part::DelayMs(ms))
    }

    pub fn then_hang(self) -> Self {
        self.then(Part::Hang)
    }

    pub fn then_drop_connection(self) -> Self {
        self.then(Part::DropConnection)
    }

    /// Waits `ms` before anything, headers included.
    pub fn delayed_ms(mut self, ms: u64) -> Self {
        self.parts.insert(0, Part::DelayMs(ms));
        self
    }

    pub fn with_usage(mut self, input_tokens: u32, output_tokens: u32) -> Self {
        self.usage = Some((input_tokens, output_tokens));
        self
    }

    pub fn truncated(mut self) -> Self {
        self.truncated = true;
        self
    }

    pub(crate) fn has_tool_calls(&self) -> bool {
        self.parts
            .iter()
            .any(|part| matches!(part, Part::ToolCall { .. }))
    }
}

pub(crate) const CONTEXT_LENGTH_EXCEEDED: &str = "context_length_exceeded";

fn fenced(language: &str, code: &str) -> String {
    let code = code.strip_suffix('\n').unwrap_or(code);
    format!("```{language}\n{code}\n```")
}
