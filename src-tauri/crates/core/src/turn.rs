//! One turn: history → model (streaming) → text and tool calls → approval gate → execution →
//! results back to the model → again, until the model stops asking for tools or `max_turns`.

use std::sync::Arc;

use futures::StreamExt;
use oi_protocol::{
    CallOrigin, ErrorInfo, ErrorKind, EventMsg, InputItem, ToolAction, ToolCall, TurnEndReason,
};
use tokio_util::sync::CancellationToken;

use crate::approval::{Gate, Passage};
use crate::context::{self, ContextLimits};
use crate::history::HistoryItem;
use crate::model::{ModelClient, ModelError, ModelEvent, NativeToolCall, ToolSpec};
use crate::profile::PromptContext;
use crate::run::tools::EngineTools;
use crate::run::{CallContext, RunResult, Runner};
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
    let (at, coaches, cwd) = rt.state.with(|s| {
        let at = s.history.items().len();
        crate::request_files::forget_from(&mut s.request_files, at);
        s.history.push(HistoryItem::User {
            items: items.clone(),
        });
        (at, s.profile.offers("execute"), s.config.cwd.clone())
    });
    // Where the harness coaches, the shape of the files the request names goes to the model
    // with it (request_files.rs); the files are read outside the session's lock.
    let shown = coaches
        .then(|| crate::request_files::heads(&crate::coaching::request_text(&items), &cwd))
        .flatten();
    if let Some((_, text)) = &shown {
        rt.state.with(|s| {
            s.request_files.push(crate::request_files::RequestFiles {
                at,
                items: items.len(),
                text: text.clone(),
            })
        });
    }
    emit(EventMsg::UserMessage { items });
    if let Some((names, _)) = shown {
        let names: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
        emit(EventMsg::Notice {
            message: format!(
                "the shape of {} (its columns, keys or first lines) goes to the model with the request",
                names.join(", ")
            ),
        });
    }
    emit(EventMsg::TurnStarted { turn });
    rt.computer.turn_started().await;
    let max_steps = rt.state.with(|s| s.config.max_turns.max(1));
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

/// What the prompt says about this machine and session now.
fn prompt_context(shared: &crate::runtime::Shared) -> PromptContext {
    PromptContext::current(&shared.config.cwd, &shared.machine.languages)
        .with_policy(shared.gate.policy(), shared.resources.sandbox.info.as_ref())
        .with_computer(shared.machine.display, shared.resources.sandbox.container)
        .with_instructions(
            shared.config.system_message.clone(),
            shared.config.custom_instructions.clone(),
        )
}

/// The next request as the session's settings and profile render `history`, before it is
/// fitted into the context window; with the shape of the files its requests named
/// when `files` (not in a view that asks only for an answer from what code printed).
fn render(
    shared: &crate::runtime::Shared,
    history: &crate::history::History,
    mcp_tools: &[crate::model::ToolSpec],
    files: bool,
) -> crate::model::ModelRequest {
    let ctx = prompt_context(shared);
    let shown = files
        .then(|| crate::request_files::shown(history, &shared.request_files))
        .flatten();
    let history = shown.as_ref().unwrap_or(history);
    let mut request =
        shared
            .profile
            .render_with_tools(history, &ctx, shared.native_tools, mcp_tools);
    request.model = shared.model.name.clone();
    if shared.config.temperature.is_some() {
        request.temperature = shared.config.temperature;
    }
    if shared.config.max_tokens.is_some() {
        request.max_tokens = shared.config.max_tokens;
    }
    request
}

/// Lets the model read the first request's prompt as far as it is known (the system prompt,
/// the tools, the conversation so far) while the person types; a model run in this process
/// then answers the first message sooner. Others are not asked anything.
pub(crate) fn read_ahead(rt: &Runtime) {
    let ahead = rt.state.with(|shared| {
        if !shared.client.reads_ahead() {
            return None;
        }
        let mut history = shared.history.clone();
        history.push(HistoryItem::User {
            items: vec![InputItem::text("")],
        });
        Some((shared.client.clone(), render(shared, &history, &[], true)))
    });
    if let Some((client, request)) = ahead {
        client.warm(&request);
    }
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
    let (client, request, model_name, prefix) = rt.state.with(|shared| {
        // The model asked to run again the code that just failed: it is asked afresh, without
        // its failed tries in view (sampled warmer from the second time), or it sends the same
        // code back (coaching.rs).
        let retry = shared
            .profile
            .offers("execute")
            .then(|| crate::coaching::fresh_attempt(&shared.history))
            .flatten();
        // The model asked to run again the code that already ran and printed a value it was
        // then shown: it is asked for the answer with only the request and that value in view.
        let (answer_view, answer_start) = match (retry.is_none() && shared.profile.offers("execute"))
            .then(|| crate::coaching::fresh_answer(&shared.history))
            .flatten()
        {
            Some(answer) => (Some(answer.view), answer.start),
            None => (None, None),
        };
        // The model sent back code that ran and printed nothing: it is asked for the rest of
        // the request with only the request and that code in view.
        let rest_view = (retry.is_none() && answer_view.is_none() && shared.profile.offers("execute"))
            .then(|| crate::coaching::fresh_after_silence(&shared.history, &shared.config.cwd))
            .flatten();
        if rest_view.is_some() {
            emit(EventMsg::Notice {
                message: "the model asked to run again code that ran and printed nothing; it is asked afresh for \
                          the rest of the request, with only the request and that code in view"
                    .into(),
            });
        }
        // The model's code just did the first part of the request and printed nothing: the
        // rest of the request is asked as a request of its own.
        let made_view = (retry.is_none() && answer_view.is_none() && rest_view.is_none() && shared.profile.offers("execute"))
            .then(|| crate::coaching::rest_as_request(&shared.history, &shared.config.cwd))
            .flatten();
        if made_view.is_some() {
            emit(EventMsg::Notice {
                message: "the model's code did the first part of the request (made its file, or deleted or moved \
                          its files); the rest of the request is asked as a request of its own, the turn's calls left \
                          out of view"
                    .into(),
            });
        }
        // The model's last two replies were both corrected: it is asked afresh, without them
        // in view (sampled warmer when it said the same twice).
        let stuck = (retry.is_none()
            && answer_view.is_none()
            && rest_view.is_none()
            && made_view.is_none()
            && shared.profile.offers("execute"))
        .then(|| crate::coaching::stuck_view(&shared.history, &shared.config.cwd))
        .flatten();
        if answer_view.is_some() {
            let why = if crate::coaching::parroted_last(&shared.history) {
                "the model said the harness's words back as its answer"
            } else {
                "the model asked to run again the code that already ran"
            };
            emit(EventMsg::Notice {
                message: format!(
                    "{why}; it is asked for its answer afresh, with only the request and what that code printed in view"
                ),
            });
        }
        let afresh = retry
            .as_ref()
            .map(|(fresh, _)| fresh)
            .or(stuck.as_ref().map(|s| &s.view));
        let mut request = match (afresh, answer_view.as_ref().or(rest_view.as_ref()).or(made_view.as_ref())) {
            (Some(fresh), _) | (None, Some(fresh)) => {
                render(shared, fresh, &mcp_tools, answer_view.is_none())
            }
            (None, None) => render(shared, &shared.history, &mcp_tools, true),
        };
        if answer_view.is_some() {
            // Nor the profile's instructions to write code and its tools.
            request.system = crate::coaching::ANSWER_ONLY.into();
            request.tools.clear();
            request.session_facts_at = None;
        }
        let asked_afresh = match (&retry, &stuck) {
            (Some((_, warmer)), _) => Some((
                *warmer,
                "the model asked to run again the code that just failed; it is asked afresh, its failed tries \
                 left out of view and the failure said after what it knows",
            )),
            (None, Some(stuck)) => Some((
                stuck.temperature,
                "the model's last two replies were both corrected; it is asked afresh, those replies left out \
                 of view and the last correction said after what it knows",
            )),
            (None, None) => None,
        };
        if let Some((warmer, what)) = asked_afresh {
            let sampled = if warmer > request.temperature.unwrap_or(0.0) {
                request.temperature = Some(warmer);
                format!(", sampled at temperature {warmer}")
            } else {
                String::new()
            };
            emit(EventMsg::Notice {
                message: format!("{what}{sampled}"),
            });
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
        // Where the runtime continues a reply it is given the start of: the model's last two
        // replies ran nothing for want of code, and the reply begins as a Python block; or
        // its answer is asked for afresh (or after two answers that dropped what its code
        // printed), and begins with that value.
        let prefix = if shared.client.continues_reply() {
            stuck
                .as_ref()
                .and_then(|s| s.code_start.clone())
                .map(|start| (start, "the model's reply is begun for it as a Python block"))
                .or_else(|| {
                    retry
                        .as_ref()
                        .and_then(|_| crate::coaching::retry_start(&shared.history))
                })
                .or_else(|| {
                    stuck
                        .as_ref()
                        .and_then(|s| s.answer_start.clone())
                        .or(answer_start)
                        .map(|start| {
                            (start, "the model's answer is begun for it with the value its code printed")
                        })
                })
        } else {
            None
        };
        let prefix = prefix.map(|(start, what)| {
            request.messages.push(crate::model::ChatMessage::text(
                crate::model::Role::Assistant,
                start.clone(),
            ));
            emit(EventMsg::Notice {
                message: what.into(),
            });
            start
        });
        (shared.client.clone(), request, shared.model.display_name(), prefix)
    });
    emit(EventMsg::ModelRequestStarted { model: model_name });

    let streamed = stream_model(rt, id, client.as_ref(), &request, prefix, cancel).await;
    let (text, reasoning, native_calls, outcome) = match streamed {
        Ok(s) => s,
        Err(e) if tools_refused(&e) && !request.tools.is_empty() => {
            rt.state.with(|s| s.native_tools = false);
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
        rt.state.with(|s| {
            s.history.push(HistoryItem::Assistant {
                text,
                reasoning,
                calls: Vec::new(),
                interrupted: true,
            })
        });
        return StepEnd::End(TurnEndReason::Interrupted);
    }
    emit(EventMsg::AssistantMessage {
        text: text.clone(),
        interrupted: false,
    });
    let calls = if let StreamOutcome::Looping(piece) = outcome {
        looped(rt, id, text, reasoning, &piece)
    } else {
        interpret(rt, id, text, reasoning, native_calls, &mcp_tools)
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
                let not_run = RunResult::error("Not run: the turn ended before this call.".into());
                record(rt, id, &skipped, not_run);
            }
            return StepEnd::End(reason);
        }
    }
    StepEnd::Continue
}

/// The calls a finished reply asks for, with the harness's corrections of a weak model's
/// slips; the reply goes into the history with them.
fn interpret(
    rt: &Arc<Runtime>,
    id: &str,
    text: String,
    reasoning: String,
    native_calls: Vec<NativeToolCall>,
    mcp_tools: &[ToolSpec],
) -> Vec<ToolCall> {
    let emit = |msg| rt.emitter.emit(id, msg);
    rt.state.with(|shared| {
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
        // A table whose columns a tab (or `;`, `|`) splits read as if by commas, or a header
        // row converted to numbers: mended before it runs, as the profile mends Python that
        // would not run at all. The person approves the code as mended, the notice says why.
        if coach {
            for call in &mut calls {
                if let Some(message) = crate::coaching::mend_table_reading(call, &shared.config.cwd)
                {
                    emit(EventMsg::Notice { message });
                }
            }
        }
        // Nudges after an answer; `true` with one about an answer that ignored what its code
        // printed or read, which the model is then not shown: the 0.5B model, shown its own
        // answer, said it again word for word after being told the value or the text.
        let nudge = || {
            let system = shared.profile.system_prompt(&prompt_context(shared));
            let ignored = crate::coaching::uncomputed_output_nudge(&shared.history, &text)
                .or_else(|| crate::coaching::unused_output_nudge(&shared.history, &text))
                .or_else(|| crate::coaching::unused_document_nudge(&shared.history, &text))
                .or_else(|| {
                    crate::coaching::unprinted_answer_nudge(
                        &shared.history,
                        &text,
                        &shared.config.cwd,
                    )
                })
                .or_else(|| crate::coaching::unrounded_answer_nudge(&shared.history, &text))
                .or_else(|| crate::coaching::failed_run_answer_nudge(&shared.history, &text))
                .or_else(|| {
                    crate::coaching::parroted_answer_nudge(&shared.history, &text, &system)
                });
            if let Some(message) = ignored {
                return Some((message, true));
            }
            crate::coaching::no_run_nudge(&shared.history, &text, &shared.config.cwd, &system)
                .or_else(|| crate::coaching::unread_file_nudge(&shared.history, &shared.config.cwd))
                .or_else(|| crate::coaching::repeated_reply_nudge(&shared.history, &text))
                .or_else(|| crate::coaching::broken_call_answer_nudge(&shared.history, &text))
                .map(|message| (message, false))
        };
        let answered = calls.is_empty() && coach;
        let cwd = &shared.config.cwd;
        let history = &shared.history;
        // The engine's mend of the model's failing code (`next`; `None`: it answered), and
        // whether that mended code ran already this turn.
        let mend = |next: Option<&ToolCall>| {
            crate::coaching::mended_path(history, next, cwd)
                .or_else(|| crate::coaching::mended_import(history, next))
                .or_else(|| crate::coaching::mended_counter(history, next))
                .or_else(|| crate::coaching::mended_comprehension(history, next))
                .or_else(|| crate::coaching::mended_keyword(history, next))
                .or_else(|| crate::coaching::mended_search(history, next))
                .or_else(|| crate::coaching::mended_reset(history, next))
                .or_else(|| crate::coaching::mended_match(history, next))
                .or_else(|| crate::coaching::mended_sum(history, next, cwd))
                .or_else(|| crate::coaching::mended_read_as_file(history, next))
                .or_else(|| crate::coaching::mended_column(history, next, cwd))
                .or_else(|| crate::coaching::mended_header(history, next, cwd))
                .or_else(|| crate::coaching::mended_split(history, next))
                .or_else(|| crate::coaching::mended_computer_import(history, next))
                .or_else(|| crate::coaching::mended_spaced_name(history, next))
                .or_else(|| crate::coaching::mended_nested_key(history, next, cwd))
                .or_else(|| crate::coaching::mended_dict_looped(history, next, cwd))
                .or_else(|| crate::coaching::mended_year_end(history, next))
                .or_else(|| crate::coaching::mended_past_midnight(history, next))
                .or_else(|| crate::coaching::mended_letter_range(history, next))
                .or_else(|| crate::coaching::mended_vowels(history, next))
                .or_else(|| crate::coaching::mended_copies(history, next))
                .or_else(|| crate::coaching::mended_digit_count(history, next))
                .or_else(|| crate::coaching::mended_backwards(history, next))
                .or_else(|| crate::coaching::mended_weekday(history, next))
                .or_else(|| crate::coaching::mended_word_added(history, next, cwd))
                .or_else(|| crate::coaching::mended_note(history, next))
                .or_else(|| crate::coaching::mended_leading_zeros(history, next))
                .or_else(|| crate::coaching::mended_decimal_int(history, next))
                .or_else(|| crate::coaching::mended_series_axis(history, next))
                .or_else(|| crate::coaching::mended_elsewhere(history, next, cwd))
                .or_else(|| crate::coaching::mended_who_max(history, next))
                .or_else(|| crate::coaching::mended_narrowed(history, next, cwd))
                .or_else(|| crate::coaching::mended_median(history, next))
                .or_else(|| crate::coaching::mended_first_item(history, next))
                .or_else(|| crate::coaching::mended_list_searched(history, next))
                .or_else(|| crate::coaching::mended_listed(history, next))
                .or_else(|| crate::coaching::mended_environment(history, next, cwd))
                .or_else(|| crate::coaching::mended_return(history, next))
                .or_else(|| crate::coaching::mended_times(history, next, cwd))
                .or_else(|| crate::coaching::mended_call(history, next))
                .or_else(|| crate::coaching::mended_made_up(history, next, cwd))
                .map(|(code, says)| (crate::coaching::ran_this_turn(history, &code), code, says))
        };
        let (mended, repeated) = match calls.as_slice() {
            [only] if coach => {
                let mended = mend(Some(only));
                // Failing code sent back after the engine ran it mended is a repeat of that
                // mended run (the 0.5B model, its path to app.log mended, sent its
                // `/tmp/…/app.log` back and was told it would fail again, which the run
                // mended had not).
                let ran_mended = match &mended {
                    Some((true, code, _)) => {
                        Some(crate::coaching::as_python_call(only, code.clone()))
                    }
                    _ => None,
                };
                let sent = ran_mended.as_ref().unwrap_or(only);
                let repeated = crate::coaching::repeated_run_nudge(history, sent, cwd)
                    .or_else(|| crate::coaching::repeated_failure_nudge(history, sent));
                // And that mended run may itself have a mend (its search printed the
                // request's own word): the 0.5B model's `/tmp/…/app.log` code, run with
                // `app.log`, printed `WARN`, and was sent back until the corrections ran out.
                let mended = match &ran_mended {
                    Some(sent) => mend(Some(sent)).or(mended),
                    None => mended,
                };
                (mended, repeated)
            }
            [] if answered => (mend(None), None),
            // Several blocks, each of which ran already this turn: a loop too (the 1.5B model
            // sent the same two blocks back for 240 s). Said as for the last of them.
            [.., last] if coach && crate::coaching::all_ran_this_turn(history, &calls) => {
                let repeated = crate::coaching::repeated_run_nudge(history, last, cwd)
                    .or_else(|| crate::coaching::repeated_failure_nudge(history, last));
                (None, repeated)
            }
            _ => (None, None),
        };
        // Code the engine mends runs once a turn: a model that sends its failing code back
        // after the mended run would otherwise get it mended and run again, and again (the
        // 0.5B model alternated `/tmp/…/app.log` and the engine's `app.log` until the bench's
        // time ran out).
        let mended = || mended.and_then(|(ran, code, says)| (!ran).then_some((code, says)));
        let engine_call = if answered {
            crate::coaching::unread_document(&shared.history)
                .or_else(|| crate::coaching::unfound_document(&shared.history, cwd, true))
        } else if coach {
            crate::coaching::unfound_document(&shared.history, cwd, false)
        } else {
            None
        };
        let engine_call = engine_call.or_else(|| match calls.as_slice() {
            [] if answered => crate::coaching::rerun_after_install(history, None)
                .or_else(|| crate::coaching::rerun_after_fragment(history, None))
                .or_else(mended)
                .or_else(|| crate::coaching::print_unprinted(history, &text))
                .or_else(|| crate::coaching::total_of_rows(history, None)),
            [only] if coach => crate::coaching::rerun_after_install(history, Some(only))
                .or_else(|| crate::coaching::rerun_after_fragment(history, Some(only)))
                .or_else(|| crate::coaching::install_missing(history, only))
                .or_else(mended)
                .or_else(|| crate::coaching::total_of_rows(history, Some(only))),
            _ => None,
        });
        if let Some((code, says)) = engine_call {
            // The document the request is about was never looked for, or found and never
            // read, or the code that wanted a module now installed was not run again, or code
            // failed on a path beside the file and is asked for unchanged: the engine finds,
            // reads or runs it (mended), as a call of its own that the gate sees like any
            // other (in place of the model's next call).
            emit(EventMsg::Notice { message: says });
            calls.clear();
            counter += 1;
            shared.call_counter = counter;
            let mut arguments = serde_json::json!({"language": "python", "code": code});
            if answered {
                // In place of an answer that came too soon: the model is not shown it again
                // (the 0.5B model, shown the report's text after its answer that named the
                // file, said that answer again).
                arguments[crate::profile::SUPERSEDES_ANSWER] = serde_json::Value::Bool(true);
            }
            calls.push(ToolCall {
                call_id: format!("call_{counter}"),
                wire_id: None,
                action: crate::profile::action_for("execute", &arguments),
                name: "execute".into(),
                arguments,
                origin: CallOrigin::Text,
            });
        } else if let Some((message, hide)) = repeated
            .map(|message| (message, false))
            .or_else(|| answered.then(nudge).flatten())
        {
            // A slip a weak model makes (it re-ran the code it was shown, left out what its
            // code printed, or answered with no code where code was needed): ask once more.
            calls.clear();
            counter += 1;
            shared.call_counter = counter;
            let call = crate::profile::format_error_call(format!("call_{counter}"), message);
            calls.push(if hide {
                crate::coaching::superseding(call, &text)
            } else {
                call
            });
        }
        shared.history.push(HistoryItem::Assistant {
            text: crate::coaching::answer_shown(text, &calls),
            reasoning,
            calls: calls.clone(),
            interrupted: false,
        });
        calls
    })
}

/// A reply cut where it fell into a loop: nothing in it runs (a code block in it is cut
/// short), and the model is asked to answer again. The turn's limit on corrections in a row
/// ends a model that keeps looping.
fn looped(
    rt: &Arc<Runtime>,
    id: &str,
    text: String,
    reasoning: String,
    piece: &str,
) -> Vec<ToolCall> {
    rt.emitter.emit(
        id,
        EventMsg::Notice {
            message: format!(
                "the model repeated \"{piece}\" over and over; its reply was cut there and it is asked again"
            ),
        },
    );
    rt.state.with(|shared| {
        shared.call_counter += 1;
        let call = crate::profile::format_error_call(
            format!("call_{}", shared.call_counter),
            format!(
                "Your reply kept repeating \"{piece}\" and was cut there; nothing in it ran. Answer my request again, briefly, without repeating yourself."
            ),
        );
        shared.history.push(HistoryItem::Assistant {
            text,
            reasoning,
            calls: vec![call.clone()],
            interrupted: false,
        });
        vec![call]
    })
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
    let (cwd, state) = rt
        .state
        .with(|s| (s.config.cwd.clone(), s.profile.tool_state.clone()));
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
    let known = rt.state.with(|shared| {
        shared.limits.is_none().then(|| {
            (
                shared.model.clone(),
                shared.client.clone(),
                shared.config.context_window,
            )
        })
    });
    let Some((spec, client, configured)) = known else {
        return;
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
    rt.state.with(|s| s.limits = Some(limits));
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
    /// The reply fell into repeating this piece; its text is cut after the piece's first time
    /// and the rest was not read.
    Looping(String),
}

type Streamed = (String, String, Vec<NativeToolCall>, StreamOutcome);

async fn stream_model(
    rt: &Arc<Runtime>,
    id: &str,
    client: &dyn ModelClient,
    request: &crate::model::ModelRequest,
    prefix: Option<String>,
    cancel: &CancellationToken,
) -> Result<Streamed, ModelError> {
    let emit = |msg| rt.emitter.emit(id, msg);
    let mut begun = Begun::new(prefix);
    let mut text = String::new();
    let mut reasoning = String::new();
    let mut calls = Vec::new();
    // Where the harness coaches (small local models), also a line that repeats one piece with
    // its numbers changing.
    let mut watch = crate::repetition::Watch::new(rt.state.with(|s| s.profile.offers("execute")));
    let mut thinking_watch = crate::repetition::Watch::default();
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
                if let Some(d) = begun.finish() {
                    emit(EventMsg::AssistantTextDelta { delta: d.clone() });
                    text.push_str(&d);
                }
                if !text.is_empty() {
                    // What already streamed stays in the conversation.
                    emit(EventMsg::AssistantMessage {
                        text: text.clone(),
                        interrupted: true,
                    });
                    let item = HistoryItem::Assistant {
                        text: std::mem::take(&mut text),
                        reasoning: std::mem::take(&mut reasoning),
                        calls: Vec::new(),
                        interrupted: true,
                    };
                    rt.state.with(|s| s.history.push(item));
                }
                return Err(e);
            }
            Some(Ok(ev)) => match ev {
                ModelEvent::TextDelta(d) => {
                    let Some(d) = begun.feed(d) else {
                        continue;
                    };
                    text.push_str(&d);
                    emit(EventMsg::AssistantTextDelta { delta: d });
                    if let Some(found) = watch.check(&text) {
                        // Dropping the stream ends the request: the model stops writing.
                        let piece = found.piece(&text);
                        text.truncate(found.keep(&text));
                        return Ok((text, reasoning, calls, StreamOutcome::Looping(piece)));
                    }
                }
                ModelEvent::ReasoningDelta(d) => {
                    reasoning.push_str(&d);
                    emit(EventMsg::ReasoningDelta { delta: d });
                    if let Some(found) = thinking_watch.check(&reasoning) {
                        let piece = found.piece(&reasoning);
                        reasoning.truncate(found.keep(&reasoning));
                        return Ok((text, reasoning, calls, StreamOutcome::Looping(piece)));
                    }
                }
                ModelEvent::ToolCall(c) => calls.push(c),
                ModelEvent::Usage {
                    input_tokens,
                    output_tokens,
                } => {
                    let usage = rt.state.with(|shared| {
                        shared.usage.input_tokens = input_tokens;
                        shared.usage.output_tokens = output_tokens;
                        shared.usage.total_input_tokens += input_tokens;
                        shared.usage.total_output_tokens += output_tokens;
                        shared.usage
                    });
                    emit(EventMsg::TokenUsage(usage));
                }
                ModelEvent::Done { .. } => break,
            },
        }
    }
    if let Some(d) = begun.finish() {
        emit(EventMsg::AssistantTextDelta { delta: d.clone() });
        text.push_str(&d);
    }
    Ok((text, reasoning, calls, StreamOutcome::Finished))
}

/// The start of the reply a request gave the model (its last message), which the runtime
/// continues: the reply is that start and what streams after it. A continuation that opens a
/// block of its own (the model began its reply anew, or the runtime did not continue it)
/// drops the start. Until its first characters tell, it is held back.
struct Begun {
    start: Option<String>,
    held: String,
}

impl Begun {
    fn new(start: Option<String>) -> Self {
        Begun {
            start,
            held: String::new(),
        }
    }

    /// What to show of the streamed `delta`, once it is known whether the start stays.
    fn feed(&mut self, delta: String) -> Option<String> {
        if self.start.is_none() {
            return Some(delta);
        }
        self.held.push_str(&delta);
        (self.held.trim_start().len() >= 3).then(|| self.decide())
    }

    /// What was held back when the stream ends.
    fn finish(&mut self) -> Option<String> {
        self.start
            .is_some()
            .then(|| self.decide())
            .filter(|t| !t.is_empty())
    }

    fn decide(&mut self) -> String {
        let held = std::mem::take(&mut self.held);
        match self.start.take() {
            Some(start) if !held.trim_start().starts_with("```") => format!("{start}{held}"),
            _ => held,
        }
    }
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
        match rt.computer.prepare(&mut call).await {
            Ok(t) => takeover = t,
            Err(e) => {
                crate::computer::report(rt.emitter.events(id), &e);
                record(rt, id, &call, RunResult::error(e.to_string()));
                return None;
            }
        }
    }
    let result = match Gate::of(rt, id).pass(&call, takeover, cancel).await {
        Passage::Run { by_person, edited } => {
            if let (Some(code), ToolAction::RunCode { code: c, .. }) = (edited, &mut call.action) {
                *c = code;
            }
            execute(rt, id, &call, cancel, by_person).await
        }
        Passage::Denied(reason) => RunResult::error(reason),
        Passage::Aborted => RunResult {
            ends: Some(TurnEndReason::Aborted),
            ..RunResult::error("The user declined to run this and stopped the turn.".into())
        },
        Passage::Interrupted => RunResult {
            ends: Some(TurnEndReason::Interrupted),
            ..RunResult::error("Not run: the user interrupted before approving.".into())
        },
    };
    record(rt, id, &call, result)
}

/// Runs an approved call with the runner it belongs to.
async fn execute(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    cancel: &CancellationToken,
    by_person: bool,
) -> RunResult {
    let cx = CallContext {
        events: rt.emitter.events(id),
        cancel,
        by_person,
        settings: rt.state.with(|s| s.run_settings()),
        requests: None,
    };
    if let ToolAction::RunCode { .. } = call.action {
        let mut actions = crate::computer_api::BlockActions::new(rt, id, cancel, call);
        let mut result = rt
            .code
            .run(
                call,
                CallContext {
                    requests: Some(&mut actions),
                    ..cx
                },
            )
            .await;
        result.images.append(&mut actions.images);
        if actions.aborted {
            result.ends = Some(TurnEndReason::Aborted);
        }
        return result;
    }
    {
        let mcp = rt.mcp().await.read().await;
        if mcp.owns(&call.name) {
            return mcp.run(call, cx).await;
        }
    }
    if let ToolAction::Computer { .. } = call.action {
        return rt.computer.run(call, cx).await;
    }
    if call.name == crate::profile::FORMAT_ERROR {
        return format_error(rt, id, call);
    }
    EngineTools.run(call, cx).await
}

/// Replies in a row that broke a one-command format before the turn gives up (SWE-agent's
/// own limit).
const MAX_FORMAT_ERRORS: usize = 3;

/// Corrections in a row before the turn gives up where the harness coaches a model that runs
/// code (a profile with `execute`): one more than [`MAX_FORMAT_ERRORS`], so that the reply
/// asked afresh after two corrected ones ([`crate::coaching::stuck_view`], or the view
/// without failed tries) is not the last. The 0.5B model's first fresh reply was a JSON call
/// with its last brace missing, and the turn ended on it.
const MAX_COACHED_CORRECTIONS: usize = 4;

/// The model broke its harness's reply format: it is told how, and the turn gives up after
/// [`MAX_FORMAT_ERRORS`] in a row ([`MAX_COACHED_CORRECTIONS`] where the harness coaches).
fn format_error(rt: &Runtime, id: &str, call: &ToolCall) -> RunResult {
    let message = call
        .arguments
        .get("message")
        .and_then(|m| m.as_str())
        .unwrap_or_default()
        .to_string();
    let (streak, coached) = rt
        .state
        .with(|s| (format_error_streak(&s.history), s.profile.offers("execute")));
    let streak = streak + 1;
    let limit = if coached {
        MAX_COACHED_CORRECTIONS
    } else {
        MAX_FORMAT_ERRORS
    };
    if streak < limit {
        return RunResult::error(message);
    }
    rt.emitter.emit(
        id,
        EventMsg::Error(ErrorInfo {
            kind: ErrorKind::ModelOutput,
            message: format!(
                "the model did not follow the harness's corrections {streak} times in a row (a broken reply format, or code that failed run again unchanged)"
            ),
            hint: Some("try another profile (%profile NAME) or a stronger model".into()),
        }),
    );
    RunResult {
        ends: Some(TurnEndReason::Error),
        ..RunResult::error(message)
    }
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

/// Tells the model what a call did (the event, then the history), keeps what the engine's tools
/// remember after it, and returns why the turn ends, if it does.
fn record(rt: &Runtime, id: &str, call: &ToolCall, mut result: RunResult) -> Option<TurnEndReason> {
    // A run that made the file the request creates and printed nothing is told what is left
    // of the request; one that worked but printed no computed answer goes back as one to fix
    // (the harness small models get; it needs the request, which the run itself does not
    // know).
    if !result.is_error && rt.state.with(|s| s.profile.offers("execute")) {
        let made = rt.state.with(|s| {
            crate::coaching::made_file_output(&s.history, call, &result.text, &s.config.cwd)
        });
        let unsplit = rt
            .state
            .with(|s| crate::coaching::unsplit_file_output(&s.history, call, &s.config.cwd));
        if let Some(text) = unsplit {
            // The file the request makes is written, but not as it asks (its items on one
            // line): undone, a failure to fix.
            result.text = text;
            result.is_error = true;
        } else if let Some(text) = made {
            result.text = text;
        } else if let Some(hint) = rt.state.with(|s| {
            crate::coaching::uncomputed_hint(&s.history, call, &result.text, &s.config.cwd)
        }) {
            hint.append_to(&mut result.text);
            result.is_error = hint.undone;
        }
    } else if result.is_error
        && let Some(text) = rt.state.with(|s| {
            s.profile
                .offers("execute")
                .then(|| crate::coaching::unmade_file_read(&s.history, call, &result.text))
                .flatten()
        })
    {
        // The file the request makes, read before it was made: it is still to be written.
        result.text = text;
    } else if result.is_error
        && let Some(hint) = rt.state.with(|s| {
            s.profile
                .offers("execute")
                .then(|| {
                    crate::coaching::failed_run_file_hint(
                        &s.history,
                        call,
                        &result.text,
                        &s.config.cwd,
                    )
                })
                .flatten()
        })
    {
        // A failure of code that never read the file the request is about: its data was
        // made up.
        hint.append_to(&mut result.text);
    }
    rt.emitter.emit(
        id,
        EventMsg::ToolResult {
            call_id: call.call_id.clone(),
            output: result.text.clone(),
            is_error: result.is_error,
        },
    );
    let item = HistoryItem::ToolResult {
        call_id: call.call_id.clone(),
        tool_name: call.name.clone(),
        output: result.text,
        is_error: result.is_error,
        images: result.images,
    };
    rt.state.with(|s| {
        s.history.push(item);
        if let Some(state) = result.tool_state {
            s.profile.tool_state = state;
        }
    });
    result.ends
}

#[cfg(test)]
mod tests {
    use super::Begun;

    fn streamed(start: Option<&str>, deltas: &[&str]) -> String {
        let mut begun = Begun::new(start.map(str::to_string));
        let mut text: String = deltas
            .iter()
            .filter_map(|d| begun.feed(d.to_string()))
            .collect();
        text.extend(begun.finish());
        text
    }

    #[test]
    fn a_begun_reply_keeps_its_start_unless_the_model_opens_a_block_of_its_own() {
        assert_eq!(
            streamed(Some("```python\n"), &["pr", "int(", "6 * 7)\n```"]),
            "```python\nprint(6 * 7)\n```"
        );
        // A fence of its own, even split over tokens and after a newline: the start goes.
        assert_eq!(
            streamed(Some("```python\n"), &["\n", "``", "`json\n{}\n```"]),
            "\n```json\n{}\n```"
        );
        // Fewer than three characters in all: kept with its start when the stream ends.
        assert_eq!(
            streamed(Some("The answer is 9.5."), &["ok"]),
            "The answer is 9.5.ok"
        );
        assert_eq!(streamed(Some("```python\n"), &[]), "```python\n");
        // No start: the deltas as they come.
        assert_eq!(streamed(None, &["a", "b"]), "ab");
    }
}
