//! What a session starts from: its settings (plain data every front end resolves and keeps as
//! a template) and the request (new or resumed, with what only the front end has).

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use oi_protocol::ApprovalPolicy;

use crate::model::RetryPolicy;

/// A session's settings: plain data, as every front end resolves them (flags, config.toml,
/// defaults) and keeps as a template for its sessions. What to start and what only a front end
/// has come in a [`SessionRequest`]; what is live (the sandbox, the kernels) is built by
/// [`crate::spawn_session`].
#[derive(Debug, Clone)]
pub struct SessionConfig {
    pub model: String,
    pub api_base: Option<String>,
    pub api_key: Option<String>,
    pub profile: String,
    pub approval_policy: ApprovalPolicy,
    /// Model requests per turn before the turn stops.
    pub max_turns: u32,
    /// Characters of output the model sees per run (head and tail kept).
    pub max_output: usize,
    pub context_window: Option<u32>,
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    /// Replaces the profile's system prompt.
    pub system_message: Option<String>,
    /// Appended to the system prompt.
    pub custom_instructions: Option<String>,
    pub cwd: PathBuf,
    pub exec_timeout: Option<Duration>,
    /// `$XDG_DATA_HOME/open-interpreter`: sessions are kept below it.
    pub data_dir: PathBuf,
    /// `$XDG_CONFIG_HOME/open-interpreter`: user profiles are looked for below it.
    pub config_dir: Option<PathBuf>,
    pub retry: RetryPolicy,
    /// What the session's sandbox is made from: `spawn_session` sets it up for `cwd`.
    /// `None`: no sandbox.
    pub sandbox_setup: Option<crate::sandbox::SandboxSetup>,
    /// The risk scan of code before approval.
    pub safe_mode: oi_protocol::SafeMode,
    /// Allow / prompt / forbid rules for shell commands from config.toml; the project's (in
    /// `cwd`) are added when the session starts.
    pub command_rules: oi_policy::rules::CommandRules,
    /// A person can answer approval requests; when false (exec), what would ask is denied.
    pub interactive_approvals: bool,
    /// MCP servers to start; their tools are offered to the model beside the profile's.
    pub mcp_servers: Vec<crate::mcp::McpServer>,
    /// Computer use: the monitor (0: primary) and the person's screenshot size for the model,
    /// which wins over the profile's sizes.
    pub computer_monitor: usize,
    pub screenshot_size: Option<(u32, u32)>,
    /// Processes whose windows are the front end's own (the desktop app tells its pid): computer
    /// use never sends them input, and the person's input in them is no takeover. A terminal
    /// has none to exclude; keys still go to the window focused when the action was planned.
    pub own_pids: Vec<u32>,
}

impl SessionConfig {
    pub fn new(model: impl Into<String>, cwd: PathBuf, data_dir: PathBuf) -> Self {
        SessionConfig {
            model: model.into(),
            api_base: None,
            api_key: None,
            profile: "classic".into(),
            approval_policy: ApprovalPolicy::Ask,
            max_turns: 30,
            max_output: 2800,
            context_window: None,
            max_tokens: None,
            temperature: None,
            system_message: None,
            custom_instructions: None,
            cwd,
            exec_timeout: None,
            data_dir,
            config_dir: None,
            retry: RetryPolicy::default(),
            sandbox_setup: None,
            safe_mode: oi_protocol::SafeMode::Off,
            command_rules: oi_policy::rules::CommandRules::default(),
            interactive_approvals: true,
            mcp_servers: Vec::new(),
            computer_monitor: 0,
            screenshot_size: None,
            own_pids: Vec::new(),
        }
    }
}

/// What to start — a new session or a saved one — and what only the front end has.
#[derive(Clone, Default)]
pub struct SessionRequest {
    /// Continue this saved session (id or prefix; empty for the latest); `None`: a new one.
    pub resume: Option<String>,
    /// The front end's files and terminals (an editor over ACP); `None`: the local disk and
    /// kernels.
    pub environment: Option<Arc<dyn oi_tools::environment::Environment>>,
}

impl SessionRequest {
    /// A new session.
    pub fn new() -> Self {
        SessionRequest::default()
    }

    /// The saved session `id` names (an id or its prefix; `Some("")`: the latest), or a new
    /// session when `id` is `None`.
    pub fn resuming(id: Option<String>) -> Self {
        SessionRequest {
            resume: id,
            ..SessionRequest::default()
        }
    }

    pub fn with_environment(
        mut self,
        environment: Option<Arc<dyn oi_tools::environment::Environment>>,
    ) -> Self {
        self.environment = environment;
        self
    }
}

impl std::fmt::Debug for SessionRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SessionRequest")
            .field("resume", &self.resume)
            .field("environment", &self.environment.is_some())
            .finish()
    }
}
