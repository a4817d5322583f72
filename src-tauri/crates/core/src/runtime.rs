//! A running session's state, which its task, its turns and its ops share: the settings, what
//! was built from them (sandbox, kernels, model client, MCP servers), the history and the gate.
//!
//! # Locks
//! Each lock has one owner, the only module that can name it (a private field):
//! - the session's [`Shared`] state, behind [`State::with`]: a synchronous lock lent to a
//!   closure, which cannot await, so it is never held across an await and never while another
//!   lock is awaited;
//! - the kernels, the editor's terminal shell and the Python kernels' lines: `run::code::Code`,
//!   held for one block's run (while the block's `computer.*` requests are gated and performed);
//! - the display helper: `computer::Computer`, held for one action;
//! - the approvals waiting for an answer: [`Approvals`], never held across an await;
//! - the MCP servers: [`Runtime::mcp`], read while a turn uses them, written at shutdown.

use std::collections::HashMap;
use std::sync::Arc;

use oi_protocol::{ApprovalDecision, ErrorInfo, ErrorKind, EventMsg, TokenUsage};
use tokio::sync::oneshot;

use crate::SessionConfig;
use crate::emitter::Emitter;
use crate::history::History;
use crate::mcp::McpTools;
use crate::model::{ModelClient, ModelSpec, client_for};
use crate::profile::Profile;
use oi_policy::gate::ApprovalGate;

/// What a running session is made of besides its settings, built by [`crate::spawn_session`].
pub(crate) struct Resources {
    /// The sandbox every executor process runs in, and the file tools obey.
    pub sandbox: crate::sandbox::SessionSandbox,
    /// The front end's files and terminals, from the request.
    pub environment: Option<Arc<dyn oi_tools::environment::Environment>>,
}

/// This machine as the prompt describes it: the languages installed and whether there is a
/// display. Looked at once per session: the same prompt each request (and the provider's
/// prompt cache with it), and no PATH walk on every model request.
pub(crate) struct Machine {
    pub languages: Vec<String>,
    pub display: bool,
}

impl Machine {
    pub(crate) fn look() -> Self {
        Machine {
            languages: oi_exec::available_languages()
                .into_iter()
                .filter(|l| l.installed)
                .map(|l| l.name.to_string())
                .collect(),
            display: oi_computer::display_problem().is_none(),
        }
    }
}

/// State the session task and its running turn share.
pub(crate) struct Shared {
    pub config: SessionConfig,
    pub resources: Resources,
    pub history: History,
    pub profile: Profile,
    pub model: ModelSpec,
    pub client: Arc<dyn ModelClient>,
    pub gate: ApprovalGate,
    pub usage: TokenUsage,
    /// Set when the model refused tools: calls then travel as text.
    pub native_tools: bool,
    /// What the system prompt says of this machine, looked at once when the session starts.
    pub machine: Machine,
    pub call_counter: u64,
    /// The context window, once asked for (`Some(None)`: asked, and nobody knows it).
    pub limits: Option<Option<crate::context::ContextLimits>>,
    /// What fitting the last request did, so a change is told once.
    pub last_fit: crate::context::Fit,
    /// The first lines of files the session's requests named, shown to the model with them.
    pub request_files: Vec<crate::request_files::RequestFiles>,
}

pub(crate) struct Runtime {
    pub state: State,
    pub code: crate::run::code::Code,
    pub computer: crate::computer::Computer,
    pub emitter: Emitter,
    pub approvals: Approvals,
    /// Started once, in the background from the session's start; a turn waits for it.
    mcp: tokio::sync::OnceCell<tokio::sync::RwLock<McpTools>>,
}

/// The session's [`Shared`] state behind its one synchronous lock.
pub(crate) struct State(std::sync::Mutex<Shared>);

impl State {
    pub(crate) fn new(shared: Shared) -> Self {
        State(std::sync::Mutex::new(shared))
    }

    /// Lends the state to `f`, which cannot await: the lock is never held across an await.
    /// A closure that panicked left the state as it was then; the session goes on with it.
    pub(crate) fn with<R>(&self, f: impl FnOnce(&mut Shared) -> R) -> R {
        let mut shared = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        f(&mut shared)
    }
}

/// Approval requests waiting for the person's answer, by call id.
#[derive(Default)]
pub(crate) struct Approvals(std::sync::Mutex<HashMap<String, oneshot::Sender<ApprovalDecision>>>);

impl Approvals {
    /// Waits for `call_id`'s answer: it arrives on the receiver until the guard is dropped (the
    /// wait ended, or a code block was killed while one of its computer actions waited).
    pub(crate) fn wait_for(
        &self,
        call_id: &str,
    ) -> (PendingApproval<'_>, oneshot::Receiver<ApprovalDecision>) {
        let (tx, rx) = oneshot::channel();
        self.waiting().insert(call_id.to_string(), tx);
        let pending = PendingApproval {
            approvals: self,
            call_id: call_id.to_string(),
        };
        (pending, rx)
    }

    /// Hands the person's answer to the request waiting for it; `false` when none waits.
    pub(crate) fn answer(&self, call_id: &str, decision: ApprovalDecision) -> bool {
        match self.waiting().remove(call_id) {
            Some(tx) => {
                // The request may have stopped waiting (an interrupt) just now.
                let _ = tx.send(decision);
                true
            }
            None => false,
        }
    }

    fn waiting(
        &self,
    ) -> std::sync::MutexGuard<'_, HashMap<String, oneshot::Sender<ApprovalDecision>>> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// An approval request waiting for its answer; forgotten when dropped.
pub(crate) struct PendingApproval<'a> {
    approvals: &'a Approvals,
    call_id: String,
}

impl Drop for PendingApproval<'_> {
    fn drop(&mut self) {
        self.approvals.waiting().remove(&self.call_id);
    }
}

impl Shared {
    /// What a runner needs of the settings, as they are now.
    pub(crate) fn run_settings(&self) -> crate::run::RunSettings {
        crate::run::RunSettings {
            cwd: self.config.cwd.clone(),
            data_dir: self.config.data_dir.clone(),
            max_output: self.config.max_output,
            exec_timeout: self.config.exec_timeout,
            sandbox: self.resources.sandbox.clone(),
            environment: self.resources.environment.clone(),
            protected: self.gate.paths().clone(),
            tool_state: self.profile.tool_state.clone(),
        }
    }
}

pub(crate) fn resolve_model(config: &SessionConfig) -> ModelSpec {
    let env = |k: &str| std::env::var(k).ok();
    ModelSpec::resolve(
        &config.model,
        config.api_base.as_deref(),
        config.api_key.as_deref(),
        &env,
    )
}

pub(crate) fn invalid(message: String) -> ErrorInfo {
    ErrorInfo {
        kind: ErrorKind::InvalidRequest,
        message,
        hint: None,
    }
}

impl Runtime {
    pub(crate) fn new(
        state: State,
        code: crate::run::code::Code,
        computer: crate::computer::Computer,
        emitter: Emitter,
    ) -> Self {
        Runtime {
            state,
            code,
            computer,
            emitter,
            approvals: Approvals::default(),
            mcp: tokio::sync::OnceCell::new(),
        }
    }

    /// The session's MCP tools, once every server has started or failed (failures are reported).
    pub(crate) async fn mcp(&self) -> &tokio::sync::RwLock<McpTools> {
        self.mcp
            .get_or_init(|| async {
                let (servers, cwd, sandbox) = self.state.with(|s| {
                    (
                        s.config.mcp_servers.clone(),
                        s.config.cwd.clone(),
                        s.resources.sandbox.clone(),
                    )
                });
                // MCP servers act for the model as code does: in the same sandbox, and not at
                // all when the sandbox cannot be enforced.
                let (tools, errors) = match sandbox.refusal() {
                    Some(why) => (
                        McpTools::default(),
                        servers
                            .iter()
                            .map(|s| crate::mcp::McpError::Sandbox {
                                server: s.name.clone(),
                                why: why.to_string(),
                            })
                            .collect(),
                    ),
                    None => McpTools::start(&servers, &cwd, &sandbox).await,
                };
                for e in errors {
                    self.emitter.emit(
                        "",
                        EventMsg::Error(ErrorInfo {
                            kind: ErrorKind::Execution,
                            message: e.to_string(),
                            hint: Some(
                                "check the server's command: [mcp_servers.NAME] in config.toml, or the editor's MCP settings"
                                    .into(),
                            ),
                        }),
                    );
                }
                tokio::sync::RwLock::new(tools)
            })
            .await
    }

    pub(crate) async fn shutdown_mcp(&self) {
        if let Some(mcp) = self.mcp.get() {
            mcp.write().await.shutdown().await;
        }
    }

    pub(crate) fn rebuild_client(shared: &mut Shared) -> Result<(), crate::model::ModelError> {
        shared.model = resolve_model(&shared.config);
        shared.client = Arc::from(client_for(&shared.model, shared.config.retry)?);
        shared.native_tools = true;
        shared.limits = None;
        shared.last_fit = Default::default();
        Ok(())
    }
}
