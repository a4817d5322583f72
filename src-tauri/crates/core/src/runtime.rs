//! A running session's state, which its task, its turns and its ops share: the settings, what
//! was built from them (sandbox, kernels, model client, MCP servers), the history and the gate.

use std::collections::HashMap;
use std::sync::Arc;

use oi_protocol::{ApprovalDecision, ErrorInfo, ErrorKind, EventMsg, TokenUsage};
use tokio::sync::{Mutex, oneshot};

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
}

pub(crate) struct Runtime {
    pub shared: Mutex<Shared>,
    pub kernels: Mutex<oi_exec::Kernels>,
    /// Where shell blocks run in the front end's terminal left their directory and exports.
    pub client_shell: Mutex<crate::client_shell::ClientShell>,
    pub emitter: Emitter,
    pub approvals: std::sync::Mutex<HashMap<String, oneshot::Sender<ApprovalDecision>>>,
    /// Started once, in the background from the session's start; a turn waits for it.
    pub mcp: tokio::sync::OnceCell<tokio::sync::RwLock<McpTools>>,
    pub computer: Mutex<crate::screen::ComputerSession>,
    /// Stops the computer helper's action under way; reachable while `computer` is locked by
    /// the action itself. Set when the helper starts.
    pub computer_stop: crate::screen::StopSlot,
    /// The engine's ends of the Python kernels' lines, for their `computer` object.
    pub computer_api: Mutex<crate::kernel_lines::ComputerLines>,
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
    /// The session's MCP tools, once every server has started or failed (failures are reported).
    pub(crate) async fn mcp(&self) -> &tokio::sync::RwLock<McpTools> {
        self.mcp
            .get_or_init(|| async {
                let (servers, cwd, sandbox) = {
                    let s = self.shared.lock().await;
                    (
                        s.config.mcp_servers.clone(),
                        s.config.cwd.clone(),
                        s.resources.sandbox.clone(),
                    )
                };
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
