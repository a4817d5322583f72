//! Computer use in a session: the helper process is started on the first `computer` call,
//! each call's plan (pointer path, keys, target window) goes to the gate, and the result
//! reaches the model with its screenshot while telemetry, diffs and focus changes are events.

use std::path::PathBuf;
use std::sync::Arc;

use oi_computer::{ComputerClient, ComputerConfig, ComputerError, Takeover};
use oi_protocol::{ErrorInfo, ErrorKind, EventMsg, ScreenshotInfo, ToolAction, ToolCall};

use crate::runtime::Runtime;

/// Where the helper's stop handle is kept for a stop that must not wait for the action.
pub(crate) type StopSlot = Arc<std::sync::Mutex<Option<oi_computer::Stopper>>>;

/// The session's side of computer use.
pub(crate) struct ComputerSession {
    client: Option<ComputerClient>,
    /// The running helper's stop handle, shared with `Runtime::computer_stop` so a stop
    /// reaches it while an action holds this session's lock.
    stopper: StopSlot,
    screenshot_dir: PathBuf,
    /// A computer action already ran in this turn: the person's input since then is a takeover.
    in_sequence: bool,
    screen: Screen,
}

/// Which monitor the agent works on and the sizes the model sees it at.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Screen {
    pub monitor: usize,
    /// `None`: the default sizes.
    pub model_sizes: Option<Vec<(u32, u32)>>,
    /// The front end's own processes, whose windows take no input from the agent.
    pub own_pids: Vec<u32>,
}

impl Screen {
    /// The person's choice (config.toml), else the profile's sizes.
    pub(crate) fn of(config: &crate::SessionConfig, profile: &crate::profile::Profile) -> Self {
        Screen {
            monitor: config.computer_monitor,
            model_sizes: config
                .screenshot_size
                .map(|size| vec![size])
                .or_else(|| profile.computer.screenshot_sizes.clone()),
            own_pids: config.own_pids.clone(),
        }
    }
}

impl ComputerSession {
    /// Screenshots go beside the session log: `<log without .jsonl>/screenshots/`.
    pub(crate) fn new(log_path: &std::path::Path, screen: Screen, stopper: StopSlot) -> Self {
        ComputerSession {
            client: None,
            stopper,
            screenshot_dir: log_path.with_extension("").join("screenshots"),
            in_sequence: false,
            screen,
        }
    }

    /// The profile changed: its screenshot sizes apply from the next action on. A running
    /// helper is reconfigured, not restarted (what it copied to the clipboard lives with it).
    pub(crate) async fn set_screen(&mut self, screen: Screen) {
        if screen == self.screen {
            return;
        }
        self.screen = screen;
        let config = self.config();
        if let Some(client) = &mut self.client
            && let Err(e) = client.configure(config).await
        {
            tracing::warn!("the computer helper was not reconfigured, it restarts: {e}");
            self.client = None;
        }
    }

    /// What the helper is told: where screenshots go, the monitor, the model's sizes.
    fn config(&self) -> ComputerConfig {
        let mut config = ComputerConfig::new(self.screenshot_dir.clone());
        config.monitor = self.screen.monitor;
        config.own_pids.clone_from(&self.screen.own_pids);
        if let Some(sizes) = &self.screen.model_sizes {
            config.model_sizes.clone_from(sizes);
        }
        config
    }

    async fn client(&mut self) -> Result<&mut ComputerClient, ComputerError> {
        if self.client.is_none() {
            let client = ComputerClient::start(None, None, self.config()).await?;
            if let Ok(mut slot) = self.stopper.lock() {
                *slot = Some(client.stopper());
            }
            self.client = Some(client);
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

/// The person pressed Stop: the helper's action under way stops at its next step and releases
/// what it holds. Does not wait for the action's lock (the action holds it).
pub(crate) fn stop(rt: &Arc<Runtime>) {
    let stopper = rt
        .computer_stop
        .lock()
        .ok()
        .and_then(|s| s.as_ref().cloned());
    if let Some(stopper) = stopper {
        tokio::spawn(async move {
            if let Err(e) = stopper.stop().await {
                tracing::debug!("stop: {e}");
            }
        });
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

/// The plan the person approved (its target window is where the input goes).
fn plan_of(call: &ToolCall) -> Option<&oi_protocol::InputActionRecord> {
    match &call.action {
        ToolAction::Computer { plan, .. } => plan.as_deref(),
        _ => None,
    }
}

/// What a `computer` call tells the model.
pub(crate) struct Outcome {
    pub text: String,
    pub is_error: bool,
    /// The screenshot after the action, shown to the model with the text.
    pub images: Vec<String>,
}

/// Performs an approved `computer` call; its outcome shows the screenshot after it.
pub(crate) async fn run(rt: &Arc<Runtime>, id: &str, call: &ToolCall) -> Outcome {
    match perform(rt, id, call, &call.call_id).await {
        Ok(done) => Outcome {
            text: done.text,
            is_error: false,
            images: done.screenshot.into_iter().map(|s| s.path).collect(),
        },
        Err(e) => {
            report(rt, id, &e);
            Outcome {
                text: e.to_string(),
                is_error: true,
                images: Vec::new(),
            }
        }
    }
}

/// Problems the person must fix (display, permission, helper) are shown to them too.
pub(crate) fn report(rt: &Arc<Runtime>, id: &str, e: &ComputerError) {
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
    rt.emitter.emit(
        id,
        EventMsg::Error(ErrorInfo {
            kind: ErrorKind::Execution,
            message: e.to_string(),
            hint: Some(hint.into()),
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_persons_size_wins_over_the_profiles_which_wins_over_the_default() {
        let dir = tempfile::tempdir().unwrap();
        let mine = dir.path().join("profiles/wide");
        std::fs::create_dir_all(&mine).unwrap();
        std::fs::write(
            mine.join("profile.toml"),
            "id = \"wide\"\nname = \"Wide\"\nemulates = \"x\"\ntool_style = \"native\"\n\
             tools = [\"computer\"]\nsystem = [\"s.md\"]\n[computer]\nscreenshot_sizes = [[1600, 900]]\n",
        )
        .unwrap();
        std::fs::write(mine.join("s.md"), "Look.").unwrap();
        let profile = crate::profile::Profile::load("wide", Some(dir.path())).unwrap();
        let mut config =
            crate::SessionConfig::new("m", dir.path().to_path_buf(), dir.path().to_path_buf());
        assert_eq!(
            Screen::of(&config, &profile).model_sizes,
            Some(vec![(1600, 900)])
        );
        config.screenshot_size = Some((800, 450));
        config.computer_monitor = 2;
        assert_eq!(
            Screen::of(&config, &profile),
            Screen {
                monitor: 2,
                model_sizes: Some(vec![(800, 450)]),
                own_pids: Vec::new(),
            }
        );
        let os = crate::profile::Profile::load("os", None).unwrap();
        assert_eq!(
            Screen::of(&crate::SessionConfig::new("m", ".".into(), ".".into()), &os).model_sizes,
            None
        );
    }
}
