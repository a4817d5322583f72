//! The engine's own tools (files, search, patches, plans, SWE-agent's file window), run on a
//! blocking thread on a copy of what they remember; the copy is returned for the session to keep,
//! so a run that stops unexpectedly loses nothing.

use oi_protocol::{EventMsg, ToolCall, TurnEndReason};

use super::{CallContext, RunResult, Runner};

/// Runs the tools `oi_tools` implements.
pub(crate) struct EngineTools;

impl Runner for EngineTools {
    async fn run(&self, call: &ToolCall, cx: CallContext<'_>) -> RunResult {
        let Some((name, arguments)) = oi_tools::builtin_tool(call) else {
            return RunResult::error(format!(
                "This harness cannot run the tool `{}` here.",
                call.name
            ));
        };
        let (name, arguments) = (name.to_string(), arguments.clone());
        let CallContext {
            events,
            by_person,
            settings,
            ..
        } = cx;
        let files = settings.environment.clone().and_then(|env| {
            oi_tools::environment::ClientFiles::new(env, tokio::runtime::Handle::current())
        });
        let mut state = settings.tool_state;
        let (cwd, sandbox, protected) = (settings.cwd, settings.sandbox, settings.protected);
        let ran = tokio::task::spawn_blocking(move || {
            let guard = oi_tools::WriteGuard {
                sandbox: &sandbox,
                protected: Some(&protected),
                approved_by_person: by_person,
            };
            let output = oi_tools::run(&name, &arguments, &cwd, &guard, &mut state, files);
            (output, state)
        })
        .await;
        let (output, state) = match ran {
            Ok((output, state)) => (output, Some(state)),
            Err(e) => (
                oi_tools::ToolOutput {
                    text: format!("the tool stopped unexpectedly: {e}"),
                    is_error: true,
                    ..Default::default()
                },
                None,
            ),
        };
        if !output.changes.is_empty() {
            events.emit(EventMsg::FilesChanged {
                call_id: call.call_id.clone(),
                changes: output.changes,
            });
        }
        if let Some(items) = output.plan {
            events.emit(EventMsg::PlanUpdated {
                call_id: call.call_id.clone(),
                items,
            });
        }
        RunResult {
            text: output.text,
            is_error: output.is_error,
            images: Vec::new(),
            ends: output.ends_turn.then_some(TurnEndReason::Completed),
            tool_state: state,
        }
    }
}
