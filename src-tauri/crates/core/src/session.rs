//! One tokio task per session owns its state; front ends talk to it through two queues:
//! [`Submission`]s in, [`Event`]s out.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::Arc;

use oi_protocol::{
    ErrorInfo, ErrorKind, Event, EventMsg, InputItem, Op, SessionInfo, Submission, TokenUsage,
    TurnEndReason,
};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;

use crate::emitter::Emitter;
use crate::model::{ModelClient, client_for};
use crate::profile::Profile;
use crate::runtime::{Machine, Resources, Runtime, Shared, State, invalid, resolve_model};
use crate::store::{self, SessionLog};
use crate::{SessionConfig, SessionRequest};
use oi_policy::gate::ApprovalGate;

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
    let screen = crate::screen::Screen::of(&config, &profile);
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
    let (python_link, computer_api) = crate::kernel_lines::link();

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
                hint: Some(crate::sandbox::OTHER_SANDBOX_HINT.into()),
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
    let state = State::new(Shared {
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
        request_files: Vec::new(),
    });
    let code = crate::run::code::Code::new(
        oi_exec::Kernels::new(kernel_options).with_python_link(python_link),
        computer_api,
    );
    let computer = crate::computer::Computer::new(&log_path, screen);
    let runtime = Arc::new(Runtime::new(state, code, computer, emitter));
    crate::turn::read_ahead(&runtime);
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
                        if !rt.approvals.answer(&call_id, decision) {
                            rt.emitter.emit(&id, EventMsg::Error(invalid(format!(
                                "no approval is pending for call `{call_id}`"))));
                        }
                    }
                    Op::Interrupt => {
                        // The screen first: a glide or a typing run stops at its next step.
                        rt.computer.stop();
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
                        rt.code.shutdown().await;
                        rt.shutdown_mcp().await;
                        // The sandbox goes before the session says it is done (an OpenShell
                        // container deleted, the native private /tmp removed): a front end
                        // that exits on ShutdownComplete must not leave it behind.
                        // Inline: no sandbox is instant, and an await here would let an editor
                        // reloading the session race the log's lock.
                        let sandbox = rt.state.with(|s| std::mem::take(&mut s.resources.sandbox));
                        drop(sandbox);
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
    rt.code.shutdown().await;
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
