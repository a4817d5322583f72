//! One turn: history → model (streaming) → text and tool calls → approval gate → execution →
//! results back to the model → again, until the model stops asking for tools or `max_turns`.

use std::sync::Arc;

use futures::StreamExt;
use oi_protocol::{
    CallOrigin, ErrorInfo, ErrorKind, EventMsg, ExecStatus, InputItem, OutputStream, ToolAction,
    ToolCall, TurnEndReason,
};
use tokio_util::sync::CancellationToken;

use crate::approval::{Passage, pass_gate};
use crate::context::{self, ContextLimits};
use crate::history::HistoryItem;
use crate::model::{ModelClient, ModelError, ModelEvent, NativeToolCall};
use crate::profile::PromptContext;
use crate::runtime::Runtime;

pub(crate) async fn run_turn(
    rt: &Arc<Runtime>,
    id: &str,
    items: Vec<InputItem>,
    turn: u32,
    cancel: &CancellationToken,
) -> TurnEndReason {
    let emit = |msg| rt.emitter.emit(id, msg);
    let items = crate::input::resolve_files(items);
    rt.shared.lock().await.history.push(HistoryItem::User {
        items: items.clone(),
    });
    emit(EventMsg::UserMessage { items });
    emit(EventMsg::TurnStarted { turn });
    rt.computer.lock().await.turn_started();
    let max_steps = rt.shared.lock().await.config.max_turns.max(1);
    for _step in 0..max_steps {
        match step(rt, id, cancel).await {
            StepEnd::Continue => continue,
            StepEnd::End(reason) => return reason,
        }
    }
    emit(EventMsg::Notice {
        message: format!(
            "stopped after {max_steps} model requests (--max_turns); say \"continue\" to go on"
        ),
    });
    TurnEndReason::MaxTurns
}

enum StepEnd {
    Continue,
    End(TurnEndReason),
}

/// One model request and the tool calls it produced.
async fn step(rt: &Arc<Runtime>, id: &str, cancel: &CancellationToken) -> StepEnd {
    let emit = |msg| rt.emitter.emit(id, msg);
    ensure_limits(rt, id).await;
    let mcp_tools = rt.mcp().await.read().await.specs();
    let (client, request, model_name) = {
        let mut shared = rt.shared.lock().await;
        let ctx = PromptContext::current(&shared.config.cwd, &shared.machine.languages)
            .with_policy(shared.gate.policy(), shared.resources.sandbox.info.as_ref())
            .with_computer(shared.machine.display, shared.resources.sandbox.container)
            .with_instructions(
                shared.config.system_message.clone(),
                shared.config.custom_instructions.clone(),
            );
        let mut request = shared.profile.render_with_tools(
            &shared.history,
            &ctx,
            shared.native_tools,
            &mcp_tools,
        );
        request.model = shared.model.name.clone();
        if shared.config.temperature.is_some() {
            request.temperature = shared.config.temperature;
        }
        if shared.config.max_tokens.is_some() {
            request.max_tokens = shared.config.max_tokens;
        }
        if let Some(limits) = shared.limits.clone().flatten() {
            request.context_window = Some(limits.window);
            let reserve = limits.reserve(request.max_tokens);
            let fit = context::fit(&mut request, &limits, reserve);
            let changed =
                (fit.dropped, fit.trimmed) != (shared.last_fit.dropped, shared.last_fit.trimmed);
            if changed && (fit.dropped > 0 || fit.trimmed > 0) {
                emit(EventMsg::Notice {
                    message: format!(
                        "to fit the model's {}-token context window, {} earlier message(s) were left out and {} old output(s) shortened",
                        limits.window, fit.dropped, fit.trimmed
                    ),
                });
            }
            if fit.over_by > 0 {
                emit(EventMsg::Notice {
                    message: format!(
                        "this request is about {} tokens over the model's {}-token context window even after trimming; \
                         the model may refuse it (%reset or %undo shortens the conversation)",
                        fit.over_by, limits.window
                    ),
                });
            }
            shared.last_fit = fit;
        }
        (shared.client.clone(), request, shared.model.display_name())
    };
    emit(EventMsg::ModelRequestStarted { model: model_name });

    let streamed = stream_model(rt, id, client.as_ref(), &request, cancel).await;
    let (text, reasoning, native_calls, outcome) = match streamed {
        Ok(s) => s,
        Err(e) if tools_refused(&e) && !request.tools.is_empty() => {
            rt.shared.lock().await.native_tools = false;
            emit(EventMsg::Notice {
                message: "the model does not take tools: code blocks in its text will run instead"
                    .into(),
            });
            return StepEnd::Continue;
        }
        Err(e) => {
            emit(EventMsg::Error(e.to_info()));
            return StepEnd::End(TurnEndReason::Error);
        }
    };
    if outcome == StreamOutcome::Interrupted {
        emit(EventMsg::AssistantMessage {
            text: text.clone(),
            interrupted: true,
        });
        rt.shared.lock().await.history.push(HistoryItem::Assistant {
            text,
            reasoning,
            calls: Vec::new(),
            interrupted: true,
        });
        return StepEnd::End(TurnEndReason::Interrupted);
    }
    emit(EventMsg::AssistantMessage {
        text: text.clone(),
        interrupted: false,
    });

    let calls = {
        let mut shared = rt.shared.lock().await;
        let mut counter = shared.call_counter;
        let extra: Vec<&str> = mcp_tools.iter().map(|t| t.name.as_str()).collect();
        let interpreted = shared
            .profile
            .interpret(&text, native_calls, &extra, &mut || {
                counter += 1;
                format!("call_{counter}")
            });
        shared.call_counter = counter;
        for message in interpreted.repairs {
            emit(EventMsg::Notice { message });
        }
        let mut calls = interpreted.calls;
        // Coaching is for the harness small local models get (classic's `execute`, calls
        // written as text); a model that calls tools natively does not make these slips.
        let coach = shared.profile.offers("execute");
        let nudge = || {
            crate::coaching::unused_output_nudge(&shared.history, &text).or_else(|| {
                crate::coaching::no_run_nudge(&shared.history, &text, &shared.config.cwd)
            })
        };
        let repeated = match calls.as_slice() {
            [only] if coach => crate::coaching::repeated_run_nudge(&shared.history, only),
            _ => None,
        };
        let answered = calls.is_empty() && coach;
        let cwd = &shared.config.cwd;
        let unread = if answered {
            crate::coaching::unread_document(&shared.history)
                .or_else(|| crate::coaching::unfound_document(&shared.history, cwd, true))
        } else if coach {
            crate::coaching::unfound_document(&shared.history, cwd, false)
        } else {
            None
        };
        if let Some((code, says)) = unread {
            // The document the request is about was never looked for, or found and never
            // read: the engine finds or reads it, as a call of its own that the gate sees like
            // any other (in place of the model's next call after its own code failed).
            emit(EventMsg::Notice { message: says });
            calls.clear();
            counter += 1;
            shared.call_counter = counter;
            let arguments = serde_json::json!({"language": "python", "code": code});
            calls.push(ToolCall {
                call_id: format!("call_{counter}"),
                wire_id: None,
                action: crate::profile::action_for("execute", &arguments),
                name: "execute".into(),
                arguments,
                origin: CallOrigin::Text,
            });
        } else if let Some(message) = repeated.or_else(|| answered.then(nudge).flatten()) {
            // A slip a weak model makes (it re-ran the code it was shown, left out what its
            // code printed, or answered with no code where code was needed): ask once more.
            calls.clear();
            counter += 1;
            shared.call_counter = counter;
            calls.push(crate::profile::format_error_call(
                format!("call_{counter}"),
                message,
            ));
        }
        shared.history.push(HistoryItem::Assistant {
            text,
            reasoning,
            calls: calls.clone(),
            interrupted: false,
        });
        calls
    };
    if calls.is_empty() {
        return StepEnd::End(TurnEndReason::Completed);
    }
    let calls = preview_edits(rt, calls).await;
    for call in &calls {
        emit(EventMsg::ToolCallProposed { call: call.clone() });
    }
    let mut pending = calls.into_iter();
    while let Some(call) = pending.next() {
        let end = run_call(rt, id, call, cancel).await;
        if let Some(reason) = end {
            // Every call must be answered, even those that never ran.
            for skipped in pending {
                record_result(
                    rt,
                    id,
                    &skipped,
                    "Not run: the turn ended before this call.".into(),
                    true,
                )
                .await;
            }
            return StepEnd::End(reason);
        }
    }
    StepEnd::Continue
}

/// Works out what each edit call will change ([`oi_tools::fill_preview`]), off the
/// runtime: a dry run reads files (and SWE-agent's edit checks Python syntax).
async fn preview_edits(rt: &Arc<Runtime>, mut calls: Vec<ToolCall>) -> Vec<ToolCall> {
    if !calls
        .iter()
        .any(|c| matches!(c.action, ToolAction::EditFiles { .. }))
    {
        return calls;
    }
    let (cwd, state) = {
        let shared = rt.shared.lock().await;
        (shared.config.cwd.clone(), shared.profile.tool_state.clone())
    };
    let unchanged = calls.clone();
    tokio::task::spawn_blocking(move || {
        for call in &mut calls {
            oi_tools::fill_preview(call, &cwd, &state);
        }
        calls
    })
    .await
    .unwrap_or(unchanged)
}

/// Learns the context window once per model: the person's setting, else the local runtime's.
async fn ensure_limits(rt: &Arc<Runtime>, id: &str) {
    let (spec, client, configured) = {
        let shared = rt.shared.lock().await;
        if shared.limits.is_some() {
            return;
        }
        (
            shared.model.clone(),
            shared.client.clone(),
            shared.config.context_window,
        )
    };
    let limits = match configured {
        Some(window) => Some(ContextLimits::configured(window)),
        None => match runtime_limits(&spec, client.as_ref()).await {
            Ok(Some(found)) => {
                let limits = ContextLimits::from_runtime(&found);
                if let Some(l) = &limits {
                    let answers = l
                        .max_output
                        .map(|m| format!(", answers up to {m} tokens"))
                        .unwrap_or_default();
                    rt.emitter.emit(
                        id,
                        EventMsg::Notice {
                            message: format!(
                                "context window {} tokens{answers} (from {})",
                                l.window, found.source
                            ),
                        },
                    );
                }
                limits
            }
            Ok(None) => None,
            Err(e) => {
                rt.emitter.emit(
                    id,
                    EventMsg::Notice {
                        message: format!(
                            "could not learn the context window of {}: {e}",
                            spec.display_name()
                        ),
                    },
                );
                None
            }
        },
    };
    rt.shared.lock().await.limits = Some(limits);
}

async fn runtime_limits(
    spec: &crate::model::ModelSpec,
    client: &dyn ModelClient,
) -> Result<Option<crate::model::local::RuntimeLimits>, ModelError> {
    if let Some(own) = client.own_limits().await? {
        return Ok(Some(own));
    }
    if !spec.provider.is_local() {
        return Ok(None);
    }
    let http = crate::model::local::probe_client()?;
    crate::model::local::runtime_limits(&http, spec).await
}

#[derive(Debug, PartialEq, Eq)]
enum StreamOutcome {
    Finished,
    Interrupted,
}

type Streamed = (String, String, Vec<NativeToolCall>, StreamOutcome);

async fn stream_model(
    rt: &Arc<Runtime>,
    id: &str,
    client: &dyn ModelClient,
    request: &crate::model::ModelRequest,
    cancel: &CancellationToken,
) -> Result<Streamed, ModelError> {
    let emit = |msg| rt.emitter.emit(id, msg);
    let mut text = String::new();
    let mut reasoning = String::new();
    let mut calls = Vec::new();
    let mut stream = tokio::select! {
        s = client.stream(request) => s?,
        _ = cancel.cancelled() => return Ok((text, reasoning, calls, StreamOutcome::Interrupted)),
    };
    loop {
        let next = tokio::select! {
            n = stream.next() => n,
            _ = cancel.cancelled() => return Ok((text, reasoning, calls, StreamOutcome::Interrupted)),
        };
        match next {
            None => break,
            Some(Err(e)) => {
                if !text.is_empty() {
                    // What already streamed stays in the conversation.
                    emit(EventMsg::AssistantMessage {
                        text: text.clone(),
                        interrupted: true,
                    });
                    rt.shared.lock().await.history.push(HistoryItem::Assistant {
                        text: std::mem::take(&mut text),
                        reasoning: std::mem::take(&mut reasoning),
                        calls: Vec::new(),
                        interrupted: true,
                    });
                }
                return Err(e);
            }
            Some(Ok(ev)) => match ev {
                ModelEvent::TextDelta(d) => {
                    text.push_str(&d);
                    emit(EventMsg::AssistantTextDelta { delta: d });
                }
                ModelEvent::ReasoningDelta(d) => {
                    reasoning.push_str(&d);
                    emit(EventMsg::ReasoningDelta { delta: d });
                }
                ModelEvent::ToolCall(c) => calls.push(c),
                ModelEvent::Usage {
                    input_tokens,
                    output_tokens,
                } => {
                    let mut shared = rt.shared.lock().await;
                    shared.usage.input_tokens = input_tokens;
                    shared.usage.output_tokens = output_tokens;
                    shared.usage.total_input_tokens += input_tokens;
                    shared.usage.total_output_tokens += output_tokens;
                    emit(EventMsg::TokenUsage(shared.usage));
                }
                ModelEvent::Done { .. } => break,
            },
        }
    }
    Ok((text, reasoning, calls, StreamOutcome::Finished))
}

fn tools_refused(e: &ModelError) -> bool {
    let s = e.to_string().to_lowercase();
    matches!(
        e,
        ModelError::Http {
            status: 400 | 404 | 422 | 500,
            ..
        }
    ) && (s.contains("does not support tools")
        || s.contains("tools are not supported")
        || s.contains("tool calling is not supported"))
}

/// Gate, then run, one call. Returns why the turn must end, if it must.
async fn run_call(
    rt: &Arc<Runtime>,
    id: &str,
    mut call: ToolCall,
    cancel: &CancellationToken,
) -> Option<TurnEndReason> {
    let mut takeover = None;
    if matches!(call.action, ToolAction::EditFiles { .. }) {
        // Against the files as they are now (an earlier call may have changed them).
        call = preview_edits(rt, vec![call]).await.remove(0);
    }
    if matches!(call.action, ToolAction::Computer { .. }) {
        // The gate sees the planned path, keys and target window; the person's own input since
        // the last action pauses the agent whatever the policy.
        match crate::computer::prepare(rt, &mut call).await {
            Ok(t) => takeover = t,
            Err(e) => {
                crate::computer::report(rt, id, &e);
                record_result(rt, id, &call, e.to_string(), true).await;
                return None;
            }
        }
    }
    match pass_gate(rt, id, &call, takeover, cancel).await {
        Passage::Run { by_person, edited } => {
            let mut call = call;
            if let (Some(code), ToolAction::RunCode { code: c, .. }) = (edited, &mut call.action) {
                *c = code;
            }
            execute(rt, id, &call, cancel, by_person).await
        }
        Passage::Denied(reason) => {
            record_result(rt, id, &call, reason, true).await;
            None
        }
        Passage::Aborted => {
            record_result(
                rt,
                id,
                &call,
                "The user declined to run this and stopped the turn.".into(),
                true,
            )
            .await;
            Some(TurnEndReason::Aborted)
        }
        Passage::Interrupted => {
            record_result(
                rt,
                id,
                &call,
                "Not run: the user interrupted before approving.".into(),
                true,
            )
            .await;
            Some(TurnEndReason::Interrupted)
        }
    }
}

async fn execute(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    cancel: &CancellationToken,
    by_person: bool,
) -> Option<TurnEndReason> {
    let emit = |msg| rt.emitter.emit(id, msg);
    let ToolAction::RunCode { language, code } = &call.action else {
        return run_in_engine(rt, id, call, by_person, cancel).await;
    };
    let (cwd, max_output, data_dir, refusal) = {
        let s = rt.shared.lock().await;
        (
            s.config.cwd.clone(),
            s.config.max_output,
            s.config.data_dir.clone(),
            s.resources.sandbox.refusal().map(str::to_string),
        )
    };
    if let Some(why) = refusal {
        // Fail closed: never run outside the sandbox that was asked for.
        let message = format!("Not run: {why}");
        emit(EventMsg::Error(ErrorInfo {
            kind: ErrorKind::SandboxUnavailable,
            message: message.clone(),
            hint: None,
        }));
        record_result(rt, id, call, message, true).await;
        return None;
    }
    emit(EventMsg::ExecBegin {
        call_id: call.call_id.clone(),
        language: language.clone(),
        code: code.clone(),
    });
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
        rt.emitter.emit(
            id,
            EventMsg::ExecOutput {
                call_id: call_id.clone(),
                stream,
                chunk: chunk.to_string(),
            },
        );
    };
    let (environment, container) = {
        let s = rt.shared.lock().await;
        (
            s.resources.environment.clone(),
            s.resources.sandbox.container,
        )
    };
    let mut actions = crate::computer_api::BlockActions::new(call);
    let result = match environment {
        // A container sandbox runs code in the container, not in the editor's terminal.
        Some(env)
            if !container
                && oi_tools::environment::runs_in_client_terminal(Some(&env), language) =>
        {
            let (timeout, launcher, private_tmp) = {
                let s = rt.shared.lock().await;
                (
                    s.config.exec_timeout,
                    s.resources.sandbox.launcher_prefix.clone(),
                    s.resources.sandbox.private_tmp(),
                )
            };
            // Held for the run: the next block starts where this one ends.
            let mut shell = rt.client_shell.lock().await;
            let request = shell.request(call.call_id.clone(), &launcher, code, &cwd, &private_tmp);
            let ran =
                oi_tools::environment::run_shell(env.as_ref(), request, timeout, cancel).await;
            drop(shell);
            if let Ok(outcome) = &ran
                && !outcome.stdout.is_empty()
            {
                sink(OutputStream::Stdout, &outcome.stdout);
            }
            ran.map_err(|e| e.to_string())
        }
        _ => {
            let mut kernels = rt.kernels.lock().await;
            let run = kernels.run(language, code, &mut sink, cancel);
            if oi_exec::canonical_language(language) == Some(oi_exec::Language::Python) {
                // Python's `computer.*` calls are served while it runs, beside its output.
                // Only then: a request from another block's thread is not this block's doing.
                tokio::select! {
                    ran = run => ran.map_err(|e| e.to_string()),
                    never = crate::computer_api::serve(rt, id, &mut actions, cancel) => match never {},
                }
            } else {
                run.await.map_err(|e| e.to_string())
            }
        }
    };
    // The session's own log may live under the working directory: it is not the code's doing.
    let changes: Vec<_> = match watcher {
        Some(w) => w.finish().await,
        None => Vec::new(),
    }
    .into_iter()
    .filter(|c| !cwd.join(&c.path).starts_with(&data_dir))
    .collect();
    let (status, output, is_error) = match result {
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
            let mut output = oi_exec::trim_output(&output, max_output);
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
            if let Some(hint) = crate::coaching::run_hint(language, code, &output, is_error) {
                output.push_str(&format!("\n({})", hint.text));
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
    record_result_with_images(rt, id, call, output, is_error, actions.images).await;
    if actions.aborted {
        return Some(TurnEndReason::Aborted);
    }
    (status == ExecStatus::Interrupted).then_some(TurnEndReason::Interrupted)
}

/// Replies in a row that broke a one-command format before the turn gives up.
const MAX_FORMAT_ERRORS: usize = 3;

/// Runs a tool the engine implements itself (files, search, patches, plans, SWE-agent's window).
async fn run_in_engine(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    by_person: bool,
    cancel: &CancellationToken,
) -> Option<TurnEndReason> {
    {
        let mcp = rt.mcp().await.read().await;
        if mcp.owns(&call.name) {
            let output = mcp.call(&call.name, &call.arguments, cancel).await;
            drop(mcp);
            record_result(rt, id, call, output.text, output.is_error).await;
            return cancel.is_cancelled().then_some(TurnEndReason::Interrupted);
        }
    }
    let emit = |msg| rt.emitter.emit(id, msg);
    if matches!(call.action, ToolAction::Computer { .. }) {
        let done = crate::computer::run(rt, id, call).await;
        record_result_with_images(rt, id, call, done.text, done.is_error, done.images).await;
        return None;
    }
    if call.name == crate::profile::FORMAT_ERROR {
        let message = call
            .arguments
            .get("message")
            .and_then(|m| m.as_str())
            .unwrap_or_default()
            .to_string();
        let streak = format_error_streak(&rt.shared.lock().await.history) + 1;
        record_result(rt, id, call, message, true).await;
        if streak < MAX_FORMAT_ERRORS {
            return None;
        }
        emit(EventMsg::Error(ErrorInfo {
            kind: ErrorKind::ModelOutput,
            message: format!("the model broke the reply format {streak} times in a row"),
            hint: Some("try another profile (%profile NAME) or a stronger model".into()),
        }));
        return Some(TurnEndReason::Error);
    }
    let Some((name, arguments)) = oi_tools::builtin_tool(call) else {
        let message = format!("This harness cannot run the tool `{}` here.", call.name);
        record_result(rt, id, call, message, true).await;
        return None;
    };
    let (name, arguments) = (name.to_string(), arguments.clone());
    // The tools work on a copy of their memory (blocking file work off the runtime); the copy
    // replaces it when the run ends, and a run that stops unexpectedly loses nothing.
    let (cwd, sandbox, paths, mut state, environment) = {
        let shared = rt.shared.lock().await;
        (
            shared.config.cwd.clone(),
            shared.resources.sandbox.clone(),
            shared.gate.paths().clone(),
            shared.profile.tool_state.clone(),
            shared.resources.environment.clone(),
        )
    };
    let files = environment.and_then(|env| {
        oi_tools::environment::ClientFiles::new(env, tokio::runtime::Handle::current())
    });
    let ran = tokio::task::spawn_blocking(move || {
        let guard = oi_tools::WriteGuard {
            sandbox: &sandbox,
            protected: Some(&paths),
            approved_by_person: by_person,
        };
        let output = oi_tools::run(&name, &arguments, &cwd, &guard, &mut state, files);
        (output, state)
    })
    .await;
    let output = match ran {
        Ok((output, state)) => {
            rt.shared.lock().await.profile.tool_state = state;
            output
        }
        Err(e) => oi_tools::ToolOutput {
            text: format!("the tool stopped unexpectedly: {e}"),
            is_error: true,
            ..Default::default()
        },
    };
    if !output.changes.is_empty() {
        emit(EventMsg::FilesChanged {
            call_id: call.call_id.clone(),
            changes: output.changes,
        });
    }
    if let Some(items) = output.plan {
        emit(EventMsg::PlanUpdated {
            call_id: call.call_id.clone(),
            items,
        });
    }
    record_result(rt, id, call, output.text, output.is_error).await;
    output.ends_turn.then_some(TurnEndReason::Completed)
}

/// Format-correction results since the last real result or user message.
fn format_error_streak(history: &crate::history::History) -> usize {
    let mut streak = 0;
    for item in history.items().iter().rev() {
        match item {
            HistoryItem::ToolResult { tool_name, .. }
                if tool_name == crate::profile::FORMAT_ERROR =>
            {
                streak += 1
            }
            HistoryItem::Assistant { .. } => {}
            _ => break,
        }
    }
    streak
}

async fn record_result(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    output: String,
    is_error: bool,
) {
    record_result_with_images(rt, id, call, output, is_error, Vec::new()).await
}

async fn record_result_with_images(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    output: String,
    is_error: bool,
    images: Vec<String>,
) {
    rt.emitter.emit(
        id,
        EventMsg::ToolResult {
            call_id: call.call_id.clone(),
            output: output.clone(),
            is_error,
        },
    );
    rt.shared
        .lock()
        .await
        .history
        .push(HistoryItem::ToolResult {
            call_id: call.call_id.clone(),
            tool_name: call.name.clone(),
            output,
            is_error,
            images,
        });
}
