//! Computer use in a session: the helper process is started on the first `computer` call,
//! each call's plan (pointer path, keys, target window) goes to the gate, and the result
//! reaches the model with its screenshot while telemetry, diffs and focus changes are events.

use std::path::PathBuf;
use std::sync::Arc;

use oi_computer::{ComputerClient, ComputerConfig, ComputerError, Takeover};
use oi_protocol::{
    ErrorInfo, ErrorKind, EventMsg, ScreenshotInfo, ToolAction, ToolCall, TurnEndReason,
};

use crate::session::Runtime;

/// The session's side of computer use.
pub(crate) struct ComputerSession {
    client: Option<ComputerClient>,
    screenshot_dir: PathBuf,
    /// A computer action already ran in this turn: the person's input since then is a takeover.
    in_sequence: bool,
}

impl ComputerSession {
    /// Screenshots go beside the session log: `<log without .jsonl>/screenshots/`.
    pub(crate) fn new(log_path: &std::path::Path) -> Self {
        ComputerSession {
            client: None,
            screenshot_dir: log_path.with_extension("").join("screenshots"),
            in_sequence: false,
        }
    }

    async fn client(&mut self) -> Result<&mut ComputerClient, ComputerError> {
        if self.client.is_none() {
            let config = ComputerConfig::new(self.screenshot_dir.clone());
            self.client = Some(ComputerClient::start(None, None, config).await?);
        }
        self.client.as_mut().ok_or_else(|| ComputerError::Helper {
            message: "the helper is not running".into(),
        })
    }

    /// A helper that stopped is started again on the next call.
    fn forget_dead_helper(&mut self, e: &ComputerError) {
        if matches!(e, ComputerError::Helper { .. }) {
            self.client = None;
        }
    }

    pub(crate) fn turn_started(&mut self) {
        self.in_sequence = false;
    }
}

/// Fills in the call's plan for the gate. Returns a takeover warning when the person used the
/// mouse or keyboard since the agent's previous action in this turn.
pub(crate) async fn prepare(
    rt: &Arc<Runtime>,
    call: &mut ToolCall,
) -> Result<Option<String>, ComputerError> {
    let ToolAction::Computer { plan, .. } = &mut call.action else {
        return Ok(None);
    };
    let mut state = rt.computer.lock().await;
    let result = async {
        let client = state.client().await?;
        *plan = Some(client.plan(&call.arguments).await?);
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

/// Performs an approved action and emits its telemetry: the performed input with its sampled
/// path, the screenshot after it (as `screenshot_of`'s: the call whose result shows it), the
/// screen diff and a focus change.
pub(crate) async fn perform(
    rt: &Arc<Runtime>,
    id: &str,
    call: &ToolCall,
    screenshot_of: &str,
) -> Result<Performed, ComputerError> {
    let emit = |msg| rt.emitter.emit(id, msg);
    let outcome = {
        let mut state = rt.computer.lock().await;
        let result = match state.client().await {
            Ok(client) => client.perform(&call.arguments).await,
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
            record,
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

/// Performs an approved `computer` call; its result shows the screenshot after it.
pub(crate) async fn run(rt: &Arc<Runtime>, id: &str, call: &ToolCall) -> Option<TurnEndReason> {
    match perform(rt, id, call, &call.call_id).await {
        Ok(done) => {
            let images = done.screenshot.into_iter().map(|s| s.path).collect();
            crate::turn::record_result_with_images(rt, id, call, done.text, false, images).await;
        }
        Err(e) => {
            report(rt, id, &e);
            crate::turn::record_result_with_images(rt, id, call, e.to_string(), true, Vec::new())
                .await;
        }
    }
    None
}

/// Problems the person must fix (display, permission, helper) are shown to them too.
pub(crate) fn report(rt: &Arc<Runtime>, id: &str, e: &ComputerError) {
    let hint = match e {
        ComputerError::BadAction { .. } | ComputerError::Failed { .. } => return,
        ComputerError::NoDisplay { .. } => {
            "computer use is off until a display is available; the session goes on"
        }
        ComputerError::Permission { .. } => "grant the permission, then ask again",
        ComputerError::Helper { .. } => "the helper starts again on the next computer action",
    };
    rt.emitter.emit(
        id,
        EventMsg::Error(ErrorInfo {
            kind: ErrorKind::Execution,
            message: e.to_string(),
            hint: Some(hint.into()),
        }),
    );
}
