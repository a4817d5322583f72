//! Runners: what runs a call the gate let through. Each takes the call and a narrow
//! [`CallContext`] (the turn's events, its cancel token, whether a person approved, a snapshot
//! of the settings it needs) and returns a [`RunResult`], which the turn records in the history.
//! No runner sees the session's state; the locks a runner takes are its own fields.
//!
//! - [`code::Code`]: code in the session's kernels, or in the editor's terminal;
//! - [`tools::EngineTools`]: the engine's own tools (files, search, patches, plans);
//! - `mcp.rs`'s `McpTools`: the session's MCP servers;
//! - `computer.rs`'s `Computer`: screen actions through the display helper.

pub(crate) mod code;
pub(crate) mod mcp;
pub(crate) mod tools;

use std::path::PathBuf;
use std::sync::Arc;

use oi_protocol::{ToolCall, TurnEndReason};
use oi_tools::ToolState;
use tokio_util::sync::CancellationToken;

use crate::emitter::Events;
use crate::sandbox::SessionSandbox;

/// Runs one approved call.
pub(crate) trait Runner {
    async fn run(&self, call: &ToolCall, cx: CallContext<'_>) -> RunResult;
}

/// What a runner may use of the turn.
pub(crate) struct CallContext<'a> {
    pub events: Events<'a>,
    pub cancel: &'a CancellationToken,
    /// A person approved this very call (not a policy, a rule or a remembered approval).
    pub by_person: bool,
    pub settings: RunSettings,
    /// Answers what the code asks the engine while it runs (Python's `computer` object).
    pub requests: Option<&'a mut dyn code::KernelRequests>,
}

/// The session's settings a run depends on, as they were when the call passed the gate.
pub(crate) struct RunSettings {
    pub cwd: PathBuf,
    /// Where the session's own files are (its log is not a change the code made).
    pub data_dir: PathBuf,
    pub max_output: usize,
    pub exec_timeout: Option<std::time::Duration>,
    pub sandbox: SessionSandbox,
    /// The editor's files and terminals, over ACP.
    pub environment: Option<Arc<dyn oi_tools::environment::Environment>>,
    pub protected: oi_policy::gate::GatePaths,
    /// A copy of what the engine's tools remember (files read, the plan).
    pub tool_state: ToolState,
}

/// What a run tells the model, and what else the turn must know of it.
#[derive(Debug, Default)]
pub(crate) struct RunResult {
    pub text: String,
    pub is_error: bool,
    /// Screenshots shown to the model with the text.
    pub images: Vec<String>,
    /// The turn ends after this call.
    pub ends: Option<TurnEndReason>,
    /// What the engine's tools remember after the run, which the session keeps.
    pub tool_state: Option<ToolState>,
}

impl RunResult {
    pub(crate) fn error(text: String) -> Self {
        RunResult {
            text,
            is_error: true,
            ..Default::default()
        }
    }
}
