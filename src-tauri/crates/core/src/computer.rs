//! Computer use in a session: the helper process is started on the first `computer` call,
//! each call's plan (pointer path, keys, target window) goes to the gate, and the result
//! reaches the model with its screenshot while telemetry, diffs and focus changes are events.

use oi_computer::{ComputerError, Takeover};
use oi_protocol::{ErrorInfo, ErrorKind, EventMsg, ScreenshotInfo, ToolAction, ToolCall};
use tokio::sync::Mutex;

use crate::emitter::Events;
use crate::run::{CallContext, RunResult, Runner};
use crate::screen::{ComputerSession, Screen, StopSlot};

/// The session's computer use. Owns the helper's session (locked for one action at a time) and
/// the stop handle, which is reached without that lock.
pub(crate) struct Computer {
    session: Mutex<ComputerSession>,
    stop: StopSlot,
}

impl Computer {
    /// Screenshots go beside the session log.
    pub(crate) fn new(log_path: &std::path::Path, screen: Screen) -> Self {
        let stop = StopSlot::default();
        Computer {
            session: Mutex::new(ComputerSession::new(log_path, screen, stop.clone())),
            stop,
        }
    }

    /// The person pressed Stop: the helper's action under way stops at its next step and
    /// releases what it holds. Does not wait for the action's lock (the action holds it).
    pub(crate) fn stop(&self) {
        let stopper = self.stop.lock().ok().and_then(|s| s.as_ref().cloned());
        if let Some(stopper) = stopper {
            tokio::spawn(async move {
                if let Err(e) = stopper.stop().await {
                    tracing::debug!("stop: {e}");
                }
            });
        }
    }

    /// A new turn: the person's input before its first action is no takeover.
    pub(crate) async fn turn_started(&self) {
        self.session.lock().await.turn_started();
    }

    /// The profile changed: its screenshot sizes apply from the next action on.
    pub(crate) async fn set_screen(&self, screen: Screen) {
        self.session.lock().await.set_screen(screen).await;
    }

    /// Fills in the call's plan for the gate. Returns a takeover warning when the person used
    /// the mouse or keyboard since the agent's previous action in this turn.
    pub(crate) async fn prepare(
        &self,
        call: &mut ToolCall,
    ) -> Result<Option<String>, ComputerError> {
        let ToolAction::Computer { plan, .. } = &mut call.action else {
            return Ok(None);
        };
        let mut state = self.session.lock().await;
        let result = async {
            let client = state.client().await?;
            *plan = Some(Box::new(client.plan(&call.arguments).await?));
            client.takeover().await
        }
        .await;
        let takeover = match result {
            Ok(t) => t,
            Err(e) => {
                state.forget_dead_helper(&e);
                return Err(e);
            }
        };
        let first = !std::mem::replace(&mut state.in_sequence, true);
        Ok(match takeover {
            Some(t) if !first => Some(takeover_warning(&t)),
            _ => None,
        })
    }

    /// Performs an approved action and emits its telemetry: the performed input with its
    /// sampled path, the screenshot after it (as `screenshot_of`'s: the call whose result shows
    /// it), the screen diff and a focus change.
    pub(crate) async fn perform(
        &self,
        events: Events<'_>,
        call: &ToolCall,
        screenshot_of: &str,
    ) -> Result<Performed, ComputerError> {
        let emit = |msg| events.emit(msg);
        let outcome = {
            let mut state = self.session.lock().await;
            let result = match state.client().await {
                Ok(client) => client.perform(&call.arguments, plan_of(call)).await,
                Err(e) => Err(e),
            };
            if let Err(e) = &result {
                state.forget_dead_helper(e);
            }
            result?
        };
        let call_id = call.call_id.clone();
        if let Some(record) = outcome.record {
            emit(EventMsg::InputActionPerformed {
                call_id: call_id.clone(),
                record: Box::new(record),
            });
        }
        if let Some(screenshot) = &outcome.screenshot {
            emit(EventMsg::ScreenshotTaken {
                call_id: Some(screenshot_of.to_string()),
                screenshot: screenshot.clone(),
            });
        }
        if let Some(diff) = outcome.diff {
            emit(EventMsg::ScreenDiffComputed { call_id, diff });
        }
        if let Some(window) = outcome.focus_changed {
            emit(EventMsg::WindowFocusChanged { window });
        }
        Ok(Performed {
            text: outcome.text,
            screenshot: outcome.screenshot,
        })
    }
}

/// Performs an approved `computer` call; its result shows the screenshot after it.
impl Runner for Computer {
    async fn run(&self, call: &ToolCall, cx: CallContext<'_>) -> RunResult {
        match self.perform(cx.events, call, &call.call_id).await {
            Ok(done) => RunResult {
                text: done.text,
                images: done.screenshot.into_iter().map(|s| s.path).collect(),
                ..Default::default()
            },
            Err(e) => {
                report(cx.events, &e);
                RunResult::error(e.to_string())
            }
        }
    }
}

fn takeover_warning(t: &Takeover) -> String {
    let what = match (t.first.as_str(), t.at) {
        ("mouse_move", Some(p)) => format!("moved the mouse (to {},{})", p.x, p.y),
        ("button", _) => "clicked".to_string(),
        ("wheel", _) => "scrolled".to_string(),
        ("key", _) => "typed".to_string(),
        _ => "used the mouse".to_string(),
    };
    format!(
        "You {what} while the agent was working ({} input events). The agent paused: approve to let it go on.",
        t.events
    )
}

/// What an approved action did, for the model.
pub(crate) struct Performed {
    pub text: String,
    pub screenshot: Option<ScreenshotInfo>,
}

/// The plan the person approved (its target window is where the input goes).
fn plan_of(call: &ToolCall) -> Option<&oi_protocol::InputActionRecord> {
    match &call.action {
        ToolAction::Computer { plan, .. } => plan.as_deref(),
        _ => None,
    }
}

/// Problems the person must fix (display, permission, helper) are shown to them too.
pub(crate) fn report(events: Events<'_>, e: &ComputerError) {
    let hint = match e {
        // The model is told; the person pressed Stop themselves.
        ComputerError::BadAction { .. }
        | ComputerError::Failed { .. }
        | ComputerError::Stopped { .. } => return,
        ComputerError::NoDisplay { .. } => {
            "computer use is off until a display is available; the session goes on"
        }
        ComputerError::Permission { .. } => "grant the permission, then ask again",
        ComputerError::Helper { .. } => "the helper starts again on the next computer action",
        ComputerError::TargetUnavailable { .. } => {
            "nothing was sent; the agent was told and can look again"
        }
        ComputerError::TakenOver { .. } => {
            "the agent stopped; its next action waits for your approval"
        }
    };
    events.emit(EventMsg::Error(ErrorInfo {
        kind: ErrorKind::Execution,
        message: e.to_string(),
        hint: Some(hint.into()),
    }));
}
