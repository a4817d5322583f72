//! Code blocks: in the session's persistent kernels behind its sandbox launcher, or, for shell
//! with an editor that offers its terminal, in that terminal. Owns the kernels, the state of the
//! editor's terminal shell and the engine's ends of the Python kernels' lines: nothing else
//! locks them.

use oi_protocol::{ErrorInfo, ErrorKind, EventMsg, ExecStatus, OutputStream, ToolAction, ToolCall};
use tokio::sync::Mutex;

use super::{CallContext, RunResult, Runner};
use crate::client_shell::ClientShell;
use crate::kernel_lines::ComputerLines;
use crate::sandbox::SessionSandbox;

pub(crate) use crate::kernel_lines::KernelRequests;

/// The session's code runner.
pub(crate) struct Code {
    kernels: Mutex<oi_exec::Kernels>,
    /// Where shell blocks run in the front end's terminal left their directory and exports.
    client_shell: Mutex<ClientShell>,
    /// The engine's ends of the Python kernels' lines, for their `computer` object.
    lines: Mutex<ComputerLines>,
}

impl Code {
    pub(crate) fn new(kernels: oi_exec::Kernels, lines: ComputerLines) -> Self {
        Code {
            kernels: Mutex::new(kernels),
            client_shell: Mutex::default(),
            lines: Mutex::new(lines),
        }
    }

    /// Stops every kernel (waiting for a block under way to end).
    pub(crate) async fn shutdown(&self) {
        self.kernels.lock().await.shutdown().await;
    }

    /// The next block starts under `sandbox`: the kernels stop once the block under way ends.
    pub(crate) async fn switch_sandbox(&self, sandbox: &SessionSandbox) {
        let mut kernels = self.kernels.lock().await;
        sandbox.apply_to(kernels.options_mut());
        kernels.shutdown().await;
    }
}

impl Runner for Code {
    async fn run(&self, call: &ToolCall, cx: CallContext<'_>) -> RunResult {
        let ToolAction::RunCode { language, code } = &call.action else {
            return RunResult::error(format!("`{}` is not code", call.name));
        };
        let CallContext {
            events,
            cancel,
            settings,
            requests,
            ..
        } = cx;
        let emit = |msg| events.emit(msg);
        if let Some(why) = settings.sandbox.refusal() {
            // Fail closed: never run outside the sandbox that was asked for.
            let message = format!("Not run: {why}");
            emit(EventMsg::Error(ErrorInfo {
                kind: ErrorKind::SandboxUnavailable,
                message: message.clone(),
                hint: Some(crate::sandbox::OTHER_SANDBOX_HINT.into()),
            }));
            return RunResult::error(message);
        }
        emit(EventMsg::ExecBegin {
            call_id: call.call_id.clone(),
            language: language.clone(),
            code: code.clone(),
        });
        let cwd = settings.cwd.clone();
        // Starting the watcher reads a snapshot of the tree: keep that off the async workers.
        let watch_dir = cwd.clone();
        let watcher =
            match tokio::task::spawn_blocking(move || oi_exec::WorkspaceWatcher::start(&watch_dir))
                .await
            {
                Ok(w) => Some(w),
                Err(e) => {
                    tracing::warn!("file-change watcher did not start: {e}");
                    None
                }
            };
        let call_id = call.call_id.clone();
        let mut sink = |stream: OutputStream, chunk: &str| {
            emit(EventMsg::ExecOutput {
                call_id: call_id.clone(),
                stream,
                chunk: chunk.to_string(),
            });
        };
        let sandbox = &settings.sandbox;
        let result = match settings.environment {
            // A container sandbox runs code in the container, not in the editor's terminal.
            Some(env)
                if !sandbox.container
                    && oi_tools::environment::runs_in_client_terminal(Some(&env), language) =>
            {
                // Held for the run: the next block starts where this one ends.
                let mut shell = self.client_shell.lock().await;
                let request = shell.request(
                    call.call_id.clone(),
                    &sandbox.launcher_prefix,
                    code,
                    &cwd,
                    &sandbox.private_tmp(),
                );
                let ran = oi_tools::environment::run_shell(
                    env.as_ref(),
                    request,
                    settings.exec_timeout,
                    cancel,
                )
                .await;
                drop(shell);
                if let Ok(outcome) = &ran
                    && !outcome.stdout.is_empty()
                {
                    sink(OutputStream::Stdout, &outcome.stdout);
                }
                ran.map_err(|e| e.to_string())
            }
            _ => {
                let mut kernels = self.kernels.lock().await;
                let run = kernels.run(language, code, &mut sink, cancel);
                match requests {
                    // Python's `computer.*` calls are served while it runs, beside its output.
                    // Only then: a request from another block's thread is not this block's doing.
                    Some(requests)
                        if oi_exec::canonical_language(language)
                            == Some(oi_exec::Language::Python) =>
                    {
                        let mut lines = self.lines.lock().await;
                        tokio::select! {
                            ran = run => ran.map_err(|e| e.to_string()),
                            never = lines.serve(requests) => match never {},
                        }
                    }
                    _ => run.await.map_err(|e| e.to_string()),
                }
            }
        };
        // The session's own log may live under the working directory: it is not the code's doing.
        let changes: Vec<_> = match watcher {
            Some(w) => w.finish().await,
            None => Vec::new(),
        }
        .into_iter()
        .filter(|c| !cwd.join(&c.path).starts_with(&settings.data_dir))
        .collect();
        let (status, text, is_error) = match result {
            Ok(outcome) => {
                emit(EventMsg::ExecEnd {
                    call_id: call.call_id.clone(),
                    status: outcome.status,
                    exit_code: outcome.exit_code,
                    duration_ms: outcome.duration.as_millis() as u64,
                });
                let mut output = outcome.stdout.clone();
                if !outcome.stderr.is_empty() {
                    if !output.is_empty() && !output.ends_with('\n') {
                        output.push('\n');
                    }
                    output.push_str(&outcome.stderr);
                }
                let mut output = oi_exec::trim_output(&output, settings.max_output);
                match outcome.status {
                    ExecStatus::Interrupted => output.push_str("\n(interrupted by the user)"),
                    ExecStatus::TimedOut => {
                        output.push_str("\n(stopped: the run took longer than the time limit)")
                    }
                    _ => {}
                }
                if outcome.kernel_restarted {
                    output.push_str("\n(the kernel restarted: earlier variables are gone)");
                }
                let mut is_error = outcome.exit_code.is_some_and(|c| c != 0)
                    || outcome.status != ExecStatus::Completed;
                if let Some(hint) =
                    crate::coaching::run_hint(language, code, &output, is_error, &cwd)
                {
                    hint.append_to(&mut output);
                    is_error |= hint.undone;
                }
                (outcome.status, output, is_error)
            }
            Err(e) => {
                emit(EventMsg::ExecEnd {
                    call_id: call.call_id.clone(),
                    status: ExecStatus::FailedToStart,
                    exit_code: None,
                    duration_ms: 0,
                });
                emit(EventMsg::Error(ErrorInfo {
                    kind: ErrorKind::Execution,
                    message: e.clone(),
                    hint: None,
                }));
                (ExecStatus::FailedToStart, e, true)
            }
        };
        if !changes.is_empty() {
            emit(EventMsg::FilesChanged {
                call_id: call.call_id.clone(),
                changes,
            });
        }
        RunResult {
            text,
            is_error,
            ends: (status == ExecStatus::Interrupted)
                .then_some(oi_protocol::TurnEndReason::Interrupted),
            ..Default::default()
        }
    }
}
