//! Ops that change the session between turns.

use oi_protocol::{ErrorInfo, ErrorKind, EventMsg, Op};

use crate::profile::Profile;
use crate::runtime::{Runtime, invalid};
use crate::store;

pub(crate) async fn handle(rt: &Runtime, id: &str, op: Op) {
    let emit = |msg| rt.emitter.emit(id, msg);
    match op {
        Op::SetProfile { profile } => {
            let loaded = rt.state.with(|shared| {
                let mut p = Profile::load(&profile, shared.config.config_dir.as_deref())?;
                // What the tools remember (files read, the plan) outlives the harness.
                p.tool_state = std::mem::take(&mut shared.profile.tool_state);
                shared.config.profile = p.id.clone();
                let screen = crate::screen::Screen::of(&shared.config, &p);
                shared.profile = p;
                Ok::<_, crate::profile::ProfileError>(screen)
            });
            match loaded {
                Ok(screen) => {
                    rt.computer.set_screen(screen).await;
                    emit(EventMsg::ProfileChanged { profile });
                }
                Err(e) => emit(EventMsg::Error(invalid(e.to_string()))),
            }
        }
        Op::SetModel { model } => rt.state.with(|shared| {
            let previous = shared.config.model.clone();
            shared.config.model = model;
            match Runtime::rebuild_client(shared) {
                Ok(()) => {
                    let name = shared.model.display_name();
                    emit(EventMsg::ModelChanged { model: name });
                }
                Err(e) => {
                    shared.config.model = previous;
                    emit(EventMsg::Error(e.to_info()));
                }
            }
        }),
        Op::SetApprovalPolicy { policy } => {
            rt.state.with(|s| s.gate.set_policy(policy));
            emit(EventMsg::ApprovalPolicyChanged { policy });
        }
        Op::SetSandbox { backend, level } => set_sandbox(rt, id, &backend, level.as_deref()).await,
        Op::Reset => {
            rt.state.with(|s| {
                s.history.clear();
                s.request_files.clear();
            });
            emit(EventMsg::HistoryReset);
        }
        Op::Undo => {
            let removed = rt.state.with(|s| {
                let removed = s.history.undo();
                let left = s.history.items().len();
                crate::request_files::forget_from(&mut s.request_files, left);
                removed
            });
            if removed {
                emit(EventMsg::HistoryUndone { removed: 1 });
            } else {
                emit(EventMsg::Notice {
                    message: "nothing to undo".into(),
                });
            }
        }
        Op::ReportTokens => {
            let usage = rt.state.with(|shared| {
                let mut usage = shared.usage;
                // Without provider counts yet, estimate the next request (~4 characters a token).
                if usage.total_input_tokens == 0 {
                    usage.input_tokens = (shared.history.char_len() / 4) as u32;
                }
                usage
            });
            emit(EventMsg::TokenUsage(usage));
        }
        Op::SaveConversation { path } => {
            let log_path = rt.emitter.log_path();
            let result = store::read_events(std::path::Path::new(&log_path)).and_then(|events| {
                let mut out = String::new();
                for e in &events {
                    if let Ok(line) = serde_json::to_string(e) {
                        out.push_str(&line);
                        out.push('\n');
                    }
                }
                std::fs::write(&path, out).map_err(|source| store::StoreError::Write {
                    path: path.clone().into(),
                    source,
                })
            });
            match result {
                Ok(()) => emit(EventMsg::SessionSaved { path }),
                Err(e) => emit(EventMsg::Error(log_error(e))),
            }
        }
        Op::LoadConversation { path } => match store::read_events(std::path::Path::new(&path)) {
            Ok(events) => {
                let loaded = store::rebuild_history(&events);
                emit(EventMsg::HistoryReset);
                // Re-emit the conversation so this session's own log can rebuild it too. No
                // turn ran: no TurnEnded (front ends take that for the end of a real turn).
                for msg in store::replay_events(&loaded) {
                    emit(msg);
                }
                let count = loaded.items().len();
                rt.state.with(|s| {
                    s.history = loaded;
                    s.request_files.clear();
                });
                emit(EventMsg::Notice {
                    message: format!("loaded {count} messages from {path}"),
                });
            }
            Err(e) => emit(EventMsg::Error(log_error(e))),
        },
        Op::UserInput { .. } | Op::Approval { .. } | Op::Interrupt | Op::Shutdown => {
            tracing::debug!("op handled by the session loop");
        }
    }
}

fn log_error(e: store::StoreError) -> ErrorInfo {
    ErrorInfo {
        kind: ErrorKind::SessionLog,
        message: e.to_string(),
        hint: None,
    }
}

/// `Op::SetSandbox`: prepare the new sandbox, then stop the kernels so the next run starts
/// under it. A sandbox that cannot be set up here is reported and refuses runs, as at start.
async fn set_sandbox(rt: &Runtime, id: &str, backend: &str, level: Option<&str>) {
    let emit = |msg| rt.emitter.emit(id, msg);
    let prepared = rt.state.with(|shared| {
        let mut setup = crate::sandbox::SandboxSetup::chosen(
            shared.config.sandbox_setup.as_ref(),
            backend,
            level,
            shared.config.safe_mode,
        )?;
        setup.request.exec_forbid = shared.config.command_rules.exec_forbid();
        let (sandbox, _) = setup.prepare(&shared.config.cwd, shared.config.config_dir.as_deref());
        shared.config.sandbox_setup = Some(setup);
        // Runs from now on are under it: the engine's tools at once, code in the next kernels.
        shared.resources.sandbox = sandbox.clone();
        Ok(sandbox)
    });
    let sandbox = match prepared {
        Ok(sandbox) => sandbox,
        Err(why) => return emit(EventMsg::Error(invalid(why))),
    };
    let info = sandbox.info.clone();
    // Waits for a block under way to end; its own requests (a `computer.*` call) need nothing
    // this op holds.
    rt.code.switch_sandbox(&sandbox).await;
    drop(sandbox);
    if let Some(why) = info.as_ref().and_then(|i| i.refusal.clone()) {
        emit(EventMsg::Error(ErrorInfo {
            kind: ErrorKind::SandboxUnavailable,
            message: format!("nothing will run: {why}"),
            hint: Some(crate::sandbox::OTHER_SANDBOX_HINT.into()),
        }));
    }
    emit(EventMsg::SandboxChanged { sandbox: info });
}
