//! One tokio task per session owns its state; front ends talk to it through two queues:
//! [`Submission`]s in, [`Event`]s out.

use std::collections::{HashMap, VecDeque};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use oi_protocol::{
    ApprovalDecision, ApprovalPolicy, ErrorInfo, ErrorKind, Event, EventMsg, InputItem, Op,
    SessionInfo, Submission, TokenUsage, TurnEndReason,
};
use tokio::sync::{Mutex, mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::emitter::Emitter;
use crate::history::History;
use crate::mcp::McpTools;
use crate::model::{ModelClient, ModelSpec, RetryPolicy, client_for};
use crate::profile::Profile;
use crate::store::{self, SessionLog};
use oi_policy::gate::ApprovalGate;

/// A session's settings: plain data, as every front end resolves them (flags, config.toml,
/// defaults) and keeps as a template for its sessions. What to start and what only a front end
/// has come in a [`SessionRequest`]; what is live (the sandbox, the kernels) is built by
/// [`spawn_session`].
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

    /// The saved session `id` (or prefix; empty or `None` for the latest)… or a new one when
    /// `id` is `None`.
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

/// What a running session is made of besides its settings, built by [`spawn_session`].
pub(crate) struct Resources {
    /// The sandbox every executor process runs in, and the file tools obey.
    pub sandbox: crate::sandbox::SessionSandbox,
    /// The front end's files and terminals, from the request.
    pub environment: Option<Arc<dyn oi_tools::environment::Environment>>,
}

#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    #[error(transparent)]
    Store(#[from] store::StoreError),
    #[error(transparent)]
    Profile(#[from] crate::profile::ProfileError),
    #[error(transparent)]
    Model(#[from] crate::model::ModelError),
    /// The project's command rules (`.interpreter/config.toml` in the session's directory).
    #[error(transparent)]
    Rules(#[from] oi_policy::rules::RulesError),
}

/// The front end's side of a running session.
pub struct SessionHandle {
    pub session_id: String,
    pub log_path: PathBuf,
    pub submissions: mpsc::UnboundedSender<Submission>,
    pub events: mpsc::UnboundedReceiver<Event>,
}

/// This machine as the prompt describes it: the languages installed and whether there is a
/// display. Looked at once per session: the same prompt each request (and the provider's
/// prompt cache with it), and no PATH walk on every model request.
pub(crate) struct Machine {
    pub languages: Vec<String>,
    pub display: bool,
}

impl Machine {
    fn look() -> Self {
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
    pub computer: Mutex<crate::computer::ComputerSession>,
    /// Stops the computer helper's action under way; reachable while `computer` is locked by
    /// the action itself. Set when the helper starts.
    pub computer_stop: crate::computer::StopSlot,
    /// The engine's ends of the Python kernels' lines, for their `computer` object.
    pub computer_api: Mutex<crate::computer_api::ComputerLines>,
}

fn resolve_model(config: &SessionConfig) -> ModelSpec {
    let env = |k: &str| std::env::var(k).ok();
    ModelSpec::resolve(
        &config.model,
        config.api_base.as_deref(),
        config.api_key.as_deref(),
        &env,
    )
}

/// Starts a session task (new, or resumed from its log).
pub fn spawn_session(
    mut config: SessionConfig,
    request: SessionRequest,
) -> Result<SessionHandle, SessionError> {
    // The sandbox and the project's rules belong to this session's directory.
    let mut notices = config.command_rules.add_project(&config.cwd)?;
    let mut sandbox = crate::sandbox::SessionSandbox::none();
    if let Some(setup) = &mut config.sandbox_setup {
        setup.request.exec_forbid = config.command_rules.exec_forbid();
        let (prepared, notice) = setup.prepare(&config.cwd, config.config_dir.as_deref());
        sandbox = prepared;
        notices.extend(notice);
    }
    let SessionRequest {
        resume,
        environment,
    } = request;
    let profile = Profile::load(&config.profile, config.config_dir.as_deref())?;
    let screen = crate::computer::Screen::of(&config, &profile);
    let (session_id, log_path) = match &resume {
        Some(id) => {
            let id = if id.is_empty() {
                None
            } else {
                Some(id.as_str())
            };
            let sessions = store::SessionStore::new(&config.data_dir);
            let found = sessions.find(id)?;
            let path = sessions.log_path(&found.id);
            (found.id, path)
        }
        None => {
            let id = uuid::Uuid::now_v7().to_string();
            let path = store::sessions_dir(&config.data_dir).join(format!("{id}.jsonl"));
            (id, path)
        }
    };
    // The log is ours before it is read: a session live elsewhere is refused here, and what
    // is read is all there will be until this session appends.
    let log = SessionLog::open(&log_path)?;
    let resumed_events = match &resume {
        Some(_) => store::read_events(&log_path)?,
        None => Vec::new(),
    };
    let first_seq = resumed_events.last().map(|e| e.seq + 1).unwrap_or(0);
    let history = store::rebuild_history(&resumed_events);
    let model = resolve_model(&config);
    let client: Arc<dyn ModelClient> = Arc::from(client_for(&model, config.retry)?);

    let (event_tx, event_rx) = mpsc::unbounded_channel();
    let (sub_tx, sub_rx) = mpsc::unbounded_channel();
    let emitter = Emitter::new(log, first_seq, event_tx);
    let mut kernel_options = oi_exec::KernelOptions::new(config.cwd.clone());
    kernel_options.timeout = config.exec_timeout;
    sandbox.apply_to(&mut kernel_options);
    let (python_link, computer_api) = crate::computer_api::link();
    let computer_stop = crate::computer::StopSlot::default();

    emitter.emit(
        "",
        EventMsg::SessionConfigured(SessionInfo {
            session_id: session_id.clone(),
            model: model.display_name(),
            profile: profile.id.clone(),
            cwd: config.cwd.display().to_string(),
            approval_policy: config.approval_policy,
            log_path: log_path.display().to_string(),
            resumed: resume.is_some(),
            protocol_version: oi_protocol::PROTOCOL_VERSION,
            sandbox: sandbox.info.clone(),
            safe_mode: config.safe_mode,
        }),
    );
    if let Some(why) = sandbox.refusal() {
        emitter.emit(
            "",
            EventMsg::Error(ErrorInfo {
                kind: ErrorKind::SandboxUnavailable,
                message: format!("nothing will run: {why}"),
                hint: Some(
                    "start again with another --sandbox (native, docker, openshell, none)".into(),
                ),
            }),
        );
    }
    for message in notices {
        emitter.emit("", EventMsg::Notice { message });
    }
    let gate = ApprovalGate::new(config.approval_policy)
        .with_safe_mode(config.safe_mode)
        .with_rules(config.command_rules.clone())
        .with_paths(oi_policy::gate::GatePaths {
            project: config.cwd.clone(),
            home: dirs::home_dir(),
            config_dir: config.config_dir.clone(),
            approvals_file: Some(config.data_dir.join(oi_policy::approvals::FILE_NAME)),
        });
    let store = oi_policy::approvals::ApprovalStore::in_data_dir(&config.data_dir);
    let gate = match gate.clone().with_store(store) {
        Ok(gate) => gate,
        Err(e) => {
            // The session goes on, remembering nothing across sessions.
            emitter.emit(
                "",
                EventMsg::Error(ErrorInfo {
                    kind: ErrorKind::InvalidRequest,
                    message: format!("remembered approvals are not used: {e}"),
                    hint: None,
                }),
            );
            gate
        }
    };

    let has_mcp = !config.mcp_servers.is_empty();
    let runtime = Arc::new(Runtime {
        shared: Mutex::new(Shared {
            gate,
            config,
            resources: Resources {
                sandbox,
                environment,
            },
            history,
            profile,
            model,
            client,
            usage: TokenUsage::default(),
            native_tools: true,
            machine: Machine::look(),
            call_counter: resumed_events.len() as u64,
            limits: None,
            last_fit: Default::default(),
        }),
        kernels: Mutex::new(oi_exec::Kernels::new(kernel_options).with_python_link(python_link)),
        client_shell: Mutex::default(),
        emitter,
        approvals: std::sync::Mutex::new(HashMap::new()),
        mcp: tokio::sync::OnceCell::new(),
        computer: Mutex::new(crate::computer::ComputerSession::new(
            &log_path,
            screen,
            computer_stop.clone(),
        )),
        computer_stop,
        computer_api: Mutex::new(computer_api),
    });
    if has_mcp {
        let rt = runtime.clone();
        tokio::spawn(async move {
            rt.mcp().await;
        });
    }
    tokio::spawn(session_loop(runtime, sub_rx));
    Ok(SessionHandle {
        session_id,
        log_path,
        submissions: sub_tx,
        events: event_rx,
    })
}

struct RunningTurn {
    id: String,
    turn: u32,
    cancel: CancellationToken,
    done: oneshot::Receiver<TurnEndReason>,
}

async fn session_loop(rt: Arc<Runtime>, mut subs: mpsc::UnboundedReceiver<Submission>) {
    let mut running: Option<RunningTurn> = None;
    let mut queued: VecDeque<(String, Vec<InputItem>)> = VecDeque::new();
    let mut turn_no: u32 = 0;
    loop {
        let finished = async {
            match running.as_mut() {
                // The turn's task only drops its sender when it panicked.
                Some(turn) => (&mut turn.done).await.unwrap_or(TurnEndReason::Error),
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            // A finished turn first, so that an op sent after TurnEnded never finds it running.
            biased;
            reason = finished => {
                if let Some(turn) = running.take() {
                    // Emitted here, once the turn is over, rather than by the turn itself: a
                    // front end may answer TurnEnded with an op that needs an idle session.
                    rt.emitter.emit(&turn.id, EventMsg::TurnEnded { turn: turn.turn, reason });
                }
                if let Some((id, items)) = queued.pop_front() {
                    turn_no += 1;
                    running = Some(start_turn(&rt, id, items, turn_no));
                }
            }
            sub = subs.recv() => {
                let Some(Submission { id, op }) = sub else { break };
                match op {
                    Op::UserInput { items } => {
                        if running.is_some() {
                            queued.push_back((id, items));
                        } else {
                            turn_no += 1;
                            running = Some(start_turn(&rt, id, items, turn_no));
                        }
                    }
                    Op::Approval { call_id, decision } => {
                        let waiting = rt.approvals.lock().ok().and_then(|mut m| m.remove(&call_id));
                        match waiting {
                            Some(tx) => { let _ = tx.send(decision); }
                            None => rt.emitter.emit(&id, EventMsg::Error(invalid(format!(
                                "no approval is pending for call `{call_id}`")))),
                        }
                    }
                    Op::Interrupt => {
                        // The screen first: a glide or a typing run stops at its next step.
                        crate::computer::stop(&rt);
                        if let Some(turn) = &running {
                            turn.cancel.cancel();
                        }
                        queued.clear();
                    }
                    Op::Shutdown => {
                        if let Some(turn) = running.take() {
                            turn.cancel.cancel();
                            let reason = turn.done.await.unwrap_or(TurnEndReason::Interrupted);
                            rt.emitter.emit(&turn.id, EventMsg::TurnEnded { turn: turn.turn, reason });
                        }
                        rt.kernels.lock().await.shutdown().await;
                        rt.shutdown_mcp().await;
                        // The sandbox goes before the session says it is done (an OpenShell
                        // container deleted, the native private /tmp removed): a front end
                        // that exits on ShutdownComplete must not leave it behind.
                        // Inline: no sandbox is instant, and an await here would let an editor
                        // reloading the session race the log's lock.
                        drop(std::mem::take(&mut rt.shared.lock().await.resources.sandbox));
                        rt.emitter.emit(&id, EventMsg::ShutdownComplete);
                        return;
                    }
                    other => {
                        if running.is_some() && changes_history(&other) {
                            rt.emitter.emit(&id, EventMsg::Error(invalid(
                                "wait for the turn to end (or interrupt it) before changing the conversation".into())));
                            continue;
                        }
                        crate::ops::handle(&rt, &id, other).await;
                    }
                }
            }
        }
    }
    // Every front end is gone: end the kernels with the session.
    if let Some(turn) = running.take() {
        turn.cancel.cancel();
        let reason = turn.done.await.unwrap_or(TurnEndReason::Interrupted);
        rt.emitter.emit(
            &turn.id,
            EventMsg::TurnEnded {
                turn: turn.turn,
                reason,
            },
        );
    }
    rt.kernels.lock().await.shutdown().await;
    rt.shutdown_mcp().await;
}

fn changes_history(op: &Op) -> bool {
    matches!(
        op,
        Op::Reset | Op::Undo | Op::LoadConversation { .. } | Op::SetProfile { .. }
    )
}

fn start_turn(rt: &Arc<Runtime>, id: String, items: Vec<InputItem>, turn: u32) -> RunningTurn {
    let cancel = CancellationToken::new();
    let (done_tx, done_rx) = oneshot::channel();
    let rt = rt.clone();
    let token = cancel.clone();
    let turn_id = id.clone();
    tokio::spawn(async move {
        let reason = crate::turn::run_turn(&rt, &id, items, turn, &token).await;
        let _ = done_tx.send(reason);
    });
    RunningTurn {
        id: turn_id,
        turn,
        cancel,
        done: done_rx,
    }
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

    async fn shutdown_mcp(&self) {
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
