//! Model clients. Every client is stream-first: [`ModelClient::stream`] yields
//! [`ModelEvent`]s as the provider sends them; a non-streaming call is a collected stream.
//!
//! Also the conversation as the engine keeps it ([`history`]) and fitting a request into a
//! model's context window ([`context`]). Nothing here knows profiles, tools or sessions.

mod anthropic;
pub mod context;
mod error;
pub mod history;
pub mod in_process;
pub mod inline_reasoning;
pub mod local;
mod ollama;
mod openai;
mod retry;
mod spec;
mod sse;

use std::pin::Pin;

use futures::Stream;
use serde::{Deserialize, Serialize};

pub use anthropic::AnthropicClient;
pub use error::ModelError;
pub use ollama::OllamaClient;
pub use openai::OpenAiClient;
pub use retry::RetryPolicy;
pub use spec::{ModelSpec, Provider, is_gguf_path};

/// A conversation as a provider-neutral request.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ModelRequest {
    pub model: String,
    pub system: String,
    pub messages: Vec<ChatMessage>,
    pub tools: Vec<ToolSpec>,
    pub temperature: Option<f32>,
    pub max_tokens: Option<u32>,
    /// The context window the request was fitted to; Ollama is told to run with it (`num_ctx`).
    pub context_window: Option<u32>,
    /// Where `system`'s facts about this session begin (the folder, the user, the date: what
    /// differs between folders and days). Providers send `system` whole; a runtime that keeps
    /// read prompts (the built-in one) may send this part after the tools, so that what comes
    /// before it is read once for every folder and day.
    pub session_facts_at: Option<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    User,
    Assistant,
    /// The result of a native tool call.
    Tool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum ContentPart {
    Text(String),
    /// Base64 image.
    Image {
        mime: String,
        data: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct ChatMessage {
    pub role: Role,
    pub content: Vec<ContentPart>,
    /// Native tool calls written by the assistant.
    pub tool_calls: Vec<NativeToolCall>,
    /// For `Role::Tool`: the call this message answers.
    pub tool_call_id: Option<String>,
    /// For `Role::Tool`: the name of the tool that ran (Ollama wants it).
    pub tool_name: Option<String>,
}

impl ChatMessage {
    pub fn text(role: Role, text: impl Into<String>) -> Self {
        ChatMessage {
            role,
            content: vec![ContentPart::Text(text.into())],
            tool_calls: Vec::new(),
            tool_call_id: None,
            tool_name: None,
        }
    }

    /// All text parts joined.
    pub fn joined_text(&self) -> String {
        let mut out = String::new();
        for part in &self.content {
            if let ContentPart::Text(t) = part {
                out.push_str(t);
            }
        }
        out
    }
}

/// A tool call as the provider wrote it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NativeToolCall {
    pub id: String,
    pub name: String,
    pub arguments: serde_json::Value,
}

/// A tool offered to the model (JSON schema for its arguments).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

impl ToolSpec {
    /// The `{"type": "function", …}` shape OpenAI-compatible servers and Ollama take.
    pub fn as_function(&self) -> serde_json::Value {
        serde_json::json!({"type": "function", "function": {
            "name": self.name, "description": self.description, "parameters": self.parameters}})
    }
}

/// What a model stream produces.
#[derive(Debug, Clone, PartialEq)]
pub enum ModelEvent {
    TextDelta(String),
    ReasoningDelta(String),
    /// A complete tool call (clients assemble streamed argument fragments).
    ToolCall(NativeToolCall),
    Usage {
        input_tokens: u32,
        output_tokens: u32,
    },
    /// The provider ended the message.
    Done {
        stop_reason: Option<String>,
    },
}

pub type ModelStream = Pin<Box<dyn Stream<Item = Result<ModelEvent, ModelError>> + Send>>;

#[async_trait::async_trait]
pub trait ModelClient: Send + Sync {
    /// Starts a request; retries on 429/5xx/connection resets happen before the stream is returned.
    async fn stream(&self, request: &ModelRequest) -> Result<ModelStream, ModelError>;
    /// Where requests go (for messages).
    fn endpoint(&self) -> &str;
    /// The limits a client knows by itself (a model run in this process); others are asked
    /// of the runtime ([`local::runtime_limits`]).
    async fn own_limits(&self) -> Result<Option<local::RuntimeLimits>, ModelError> {
        Ok(None)
    }
    /// Whether reading a prompt ahead ([`ModelClient::warm`]) makes the real request start
    /// sooner (a model run in this process). Others are not sent one.
    fn reads_ahead(&self) -> bool {
        false
    }
    /// Whether a request whose last message is the assistant's is answered by continuing that
    /// message (llama.cpp's server and the built-in runtime do: the reply streamed is what
    /// follows it). Others may answer it anew, so they are not sent one.
    fn continues_reply(&self) -> bool {
        false
    }
    /// Reads `request`'s prompt ahead of time; nothing is answered. Only called where
    /// [`ModelClient::reads_ahead`].
    fn warm(&self, request: &ModelRequest) {
        let _ = request;
    }
}

/// Builds the client for a model spec.
pub fn client_for(
    spec: &ModelSpec,
    retry: RetryPolicy,
) -> Result<Box<dyn ModelClient>, ModelError> {
    let mut http = reqwest::Client::builder().connect_timeout(std::time::Duration::from_secs(10));
    if spec.is_on_this_machine() {
        // A model on this machine is reached directly, whatever proxy the environment names.
        http = http.no_proxy();
    }
    let http = http
        .build()
        .map_err(|e| ModelError::Internal(e.to_string()))?;
    Ok(match spec.provider {
        Provider::Builtin => return in_process::client(spec),
        Provider::Anthropic => Box::new(AnthropicClient::new(http, spec.clone(), retry)),
        Provider::Ollama => Box::new(OllamaClient::new(http, spec.clone(), retry)),
        Provider::OpenAi | Provider::LmStudio | Provider::LlamaCpp => {
            Box::new(OpenAiClient::new(http, spec.clone(), retry))
        }
    })
}
