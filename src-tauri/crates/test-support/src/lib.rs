//! Test kit for Open Interpreter: a scripted model server that speaks the real wire formats
//! of OpenAI Chat Completions, Anthropic Messages and Ollama, so tests can drive the real
//! clients and binaries on 127.0.0.1 without a model.
//!
//! ```no_run
//! use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
//! use serde_json::json;
//!
//! # async fn demo() {
//! let server = ScriptedModelServer::start(Script::new(vec![
//!     ScriptedResponse::text("Let me look.").then_tool_call("execute", json!({"language": "shell", "code": "ls"})),
//!     ScriptedResponse::text("There are two files.").with_usage(120, 8),
//! ]))
//! .await;
//! // point the client at server.base_url() (append /v1 for OpenAI-style clients) …
//! server.assert_invariants();
//! assert_eq!(server.remaining(), 0);
//! # }
//! ```
//!
//! # Scripts
//! [`Script`] holds the turns (one [`ScriptedResponse`] per model request) plus `models`,
//! `context_window`, `openai_reasoning_field` and `ollama_thinking` for discovery and rendering; it is serde
//! data, so a JSON file works too ([`Script::from_json`], [`Script::from_file`]).
//! A response is a list of [`Part`]s: `Text`, `Reasoning`, `ToolCall { id, name, arguments }`
//! (arguments given as a JSON string are streamed verbatim, so a test can send malformed
//! JSON), `HttpError { status, message, code, body }`, `DelayMs`, `Hang`, `DropConnection`;
//! plus `usage: Option<(input, output)>` and `truncated`. Builders:
//! `ScriptedResponse::{text, reasoning, tool_call, code_block, error, context_length_exceeded,
//! hang}` and `.then_text / .then_reasoning / .then_tool_call / .then_tool_call_with_id /
//! .then_code_block / .then_delay_ms / .then_hang / .then_drop_connection / .then(part) /
//! .delayed_ms / .with_usage / .truncated`.
//!
//! # Endpoints
//! Model requests each consume the next [`ScriptedResponse`] and render it in the format of
//! the endpoint called, streaming when the request asks `"stream": true` (Ollama: unless it
//! says `"stream": false`), otherwise as one JSON body:
//! - `POST /v1/chat/completions`, `POST /chat/completions`: OpenAI (SSE `chat.completion.chunk`,
//!   tool-call arguments split over several deltas, usage chunk with
//!   `stream_options.include_usage`, `data: [DONE]`);
//! - `POST /v1/messages`: Anthropic (SSE `message_start` … `message_stop`, `text_delta`,
//!   `thinking_delta` + `signature_delta`, `input_json_delta` fragments);
//! - `POST /api/chat`: Ollama NDJSON (`message.tool_calls`, final `done: true` with counts).
//!
//! When the script is exhausted a model request gets a 500 in the provider's error shape and
//! a violation is recorded. Discovery answers fixed content from the [`Script`]:
//! `GET /v1/models` (OpenAI list; Anthropic list when `anthropic-version` is sent),
//! `GET /api/tags`, `POST /api/show` (`model_info["llama.context_length"]`),
//! `GET /api/version`, `GET /api/v0/models` (LM Studio: `loaded_context_length`), `GET /props` (llama.cpp `default_generation_settings.n_ctx`),
//! `GET /health`. Any other path is a 404 and a violation.
//!
//! # Invariants
//! Every model request is checked as the real API would (see `invariants.rs`): `model`
//! present, `messages` non-empty, each tool result answering an earlier call of the same
//! request (and, for OpenAI and Anthropic, right after it), Anthropic's `max_tokens` and
//! `anthropic-version` header, Ollama's object arguments. Breaches are recorded, the request
//! is still served; [`ScriptedModelServer::assert_invariants`] panics with the list.

// A test kit: when it cannot bind a port or build a runtime the test cannot run at all, and a
// panic saying why is the most useful answer.
#![allow(clippy::expect_used)]

mod invariants;
pub mod local_model;
pub mod npm;
mod ports;
mod script;
mod server;
mod session;
mod wire;
mod xvfb;

pub use ports::{ClosedPort, closed_port};
pub use script::{Part, Script, ScriptedResponse};
pub use server::{RecordedRequest, ScriptedModelServer};
pub use session::{SessionFixture, wait_for_event};
pub use xvfb::XvfbFixture;
