//! Start a session and talk to it: every command here is one `Op`.

use oi_protocol::{ApprovalDecision, ApprovalPolicy, Event, InputItem, Op};
use serde::{Deserialize, Serialize};
use tauri::State;
use tauri::ipc::Channel;

use crate::error::CommandError;
use crate::state::AppState;

/// What the person chose in the pickers; unset fields take the app's defaults.
#[derive(Debug, Clone, Default, Deserialize, ts_rs::TS)]
#[serde(default)]
#[ts(export_to = "app/", optional_fields)]
pub struct StartOptions {
    pub model: Option<String>,
    pub profile: Option<String>,
    pub approval_policy: Option<ApprovalPolicy>,
    /// Continue this saved session.
    pub resume: Option<String>,
    /// The folder to work in (the app's own when unset); remembered once the session starts.
    pub cwd: Option<String>,
    /// A second launch's session: its settings (`Handover::id`) instead of the app's defaults.
    #[ts(type = "number", optional)]
    pub handover: Option<u64>,
    /// Where its code runs, chosen before it started (the header's sandbox menu), as
    /// `%sandbox BACKEND LEVEL` takes it.
    pub sandbox: Option<SandboxChoice>,
}

/// A sandbox the person chose: `backend` native, docker, openshell or none; `level`
/// read-only, workspace-write or full-access.
#[derive(Debug, Clone, Deserialize, ts_rs::TS)]
#[ts(export_to = "app/")]
pub struct SandboxChoice {
    pub backend: String,
    pub level: Option<String>,
}

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[ts(export_to = "app/")]
pub struct StartedSession {
    pub session_id: String,
    pub log_path: String,
}

/// Starts a session; its events stream to `on_event` until it shuts down.
#[tauri::command]
pub async fn start_session(
    state: State<'_, AppState>,
    options: StartOptions,
    on_event: Channel<Event>,
) -> Result<StartedSession, CommandError> {
    let mut config = match options.handover {
        Some(id) => state.take_handover(id).ok_or_else(|| {
            CommandError::InvalidRequest(
                "the settings of that second launch are gone: launch it again".into(),
            )
        })?,
        None => state.defaults().clone(),
    };
    if let Some(m) = options.model.filter(|m| !m.trim().is_empty()) {
        config.model = m;
    }
    if let Some(p) = options.profile.filter(|p| !p.trim().is_empty()) {
        config.profile = p;
    }
    if let Some(p) = options.approval_policy {
        config.approval_policy = p;
    }
    if let Some(folder) = options.cwd.filter(|f| !f.trim().is_empty()) {
        config.cwd = crate::folders::check(&folder)?;
    }
    if let Some(choice) = options.sandbox {
        // Set up as the session starts: nothing runs, not even once, in the one it replaces.
        let setup = oi_core::sandbox::SandboxSetup::chosen(
            config.sandbox_setup.as_ref(),
            &choice.backend,
            choice.level.as_deref(),
            config.safe_mode,
        )
        .map_err(CommandError::InvalidRequest)?;
        config.sandbox_setup = Some(setup);
    }
    let data_dir = config.data_dir.clone();
    let cwd = config.cwd.clone();
    let mut handle =
        oi_core::spawn_session(config, oi_core::SessionRequest::resuming(options.resume))?;
    if let Err(e) = crate::folders::remember(&data_dir, &cwd) {
        // The session runs; only the list of recent folders misses it.
        tracing::warn!("{e}");
    }
    let session_id = handle.session_id.clone();
    state.add_session(&session_id, handle.submissions.clone());
    state.watch(&session_id, on_event);
    let app = state.inner().clone();
    let id = session_id.clone();
    tauri::async_runtime::spawn(async move {
        while let Some(event) = handle.events.recv().await {
            app.session_event(&id, &event);
        }
        app.session_closed(&id);
    });
    Ok(StartedSession {
        session_id,
        log_path: handle.log_path.display().to_string(),
    })
}

/// Shows a live session that this view did not start (an editor's, over the tray bridge; one a
/// reloaded window lost; a terminal's, read-only): its events so far, then live. True when it
/// runs in this app.
#[tauri::command]
pub fn attach_session(
    state: State<'_, AppState>,
    session_id: String,
    on_event: Channel<Event>,
) -> Result<bool, CommandError> {
    state.attach(&session_id, on_event)
}

/// The person's message (text, attached files, images): starts a turn.
#[tauri::command]
pub fn send_input(
    state: State<'_, AppState>,
    session_id: String,
    items: Vec<InputItem>,
) -> Result<String, CommandError> {
    if items.is_empty() {
        return Err(CommandError::InvalidRequest("an empty message".into()));
    }
    state.submit(&session_id, Op::UserInput { items })
}

#[tauri::command]
pub fn decide_approval(
    state: State<'_, AppState>,
    session_id: String,
    call_id: String,
    decision: ApprovalDecision,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::Approval { call_id, decision })
}

/// The stop button.
#[tauri::command]
pub fn interrupt(state: State<'_, AppState>, session_id: String) -> Result<String, CommandError> {
    state.submit(&session_id, Op::Interrupt)
}

#[tauri::command]
pub fn set_model(
    state: State<'_, AppState>,
    session_id: String,
    model: String,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::SetModel { model })
}

#[tauri::command]
pub fn set_profile(
    state: State<'_, AppState>,
    session_id: String,
    profile: String,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::SetProfile { profile })
}

#[tauri::command]
pub fn set_approval_policy(
    state: State<'_, AppState>,
    session_id: String,
    policy: ApprovalPolicy,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::SetApprovalPolicy { policy })
}

/// Forgets the conversation (the log keeps it): the terminal's `%reset`.
#[tauri::command]
pub fn reset(state: State<'_, AppState>, session_id: String) -> Result<String, CommandError> {
    state.submit(&session_id, Op::Reset)
}

/// Removes the last message and its answer: the terminal's `%undo`.
#[tauri::command]
pub fn undo(state: State<'_, AppState>, session_id: String) -> Result<String, CommandError> {
    state.submit(&session_id, Op::Undo)
}

/// Asks for the token usage so far (an estimate before the first answer): `%tokens`.
#[tauri::command]
pub fn report_tokens(
    state: State<'_, AppState>,
    session_id: String,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::ReportTokens)
}

/// Switches the session's sandbox (`%sandbox BACKEND LEVEL`): `backend` native, docker,
/// openshell or none; `level` read-only, workspace-write or full-access. The session says what
/// it runs under now (`SandboxChanged`), or why it could not.
#[tauri::command]
pub fn set_sandbox(
    state: State<'_, AppState>,
    session_id: String,
    backend: String,
    level: Option<String>,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::SetSandbox { backend, level })
}

/// Writes the conversation to `path` (`%save`): a full path, or one under `~/`.
#[tauri::command]
pub fn save_conversation(
    state: State<'_, AppState>,
    session_id: String,
    path: String,
) -> Result<String, CommandError> {
    let path = full_path(&path)?;
    state.submit(&session_id, Op::SaveConversation { path })
}

/// Replaces the conversation with one saved before, or a session's log (`%load`).
#[tauri::command]
pub fn load_conversation(
    state: State<'_, AppState>,
    session_id: String,
    path: String,
) -> Result<String, CommandError> {
    let path = check_conversation(path)?;
    state.submit(&session_id, Op::LoadConversation { path })
}

/// The full path of a conversation file to load, or why it cannot be one (before a session is
/// started to load it into).
#[tauri::command]
pub fn check_conversation(path: String) -> Result<String, CommandError> {
    let path = full_path(&path)?;
    if !std::path::Path::new(&path).is_file() {
        return Err(CommandError::InvalidRequest(format!(
            "{path} is not a file: give a conversation saved with Save (or a session's log)"
        )));
    }
    Ok(path)
}

/// `path` as the engine must get it: the app's own folder means nothing to the person, so a
/// relative path is refused; `~/` is their home.
fn full_path(path: &str) -> Result<String, CommandError> {
    let path = path.trim();
    let expanded = match path.strip_prefix("~/") {
        Some(rest) => match std::env::var_os("HOME") {
            Some(home) => std::path::Path::new(&home).join(rest),
            None => {
                return Err(CommandError::InvalidRequest(
                    "HOME is not set: give a full path".into(),
                ));
            }
        },
        None => std::path::PathBuf::from(path),
    };
    if path.is_empty() || !expanded.is_absolute() {
        return Err(CommandError::InvalidRequest(format!(
            "\"{path}\" is not a full path: start it with / or ~/"
        )));
    }
    Ok(expanded.display().to_string())
}

/// Ends the session (its log stays in the list).
#[tauri::command]
pub fn close_session(
    state: State<'_, AppState>,
    session_id: String,
) -> Result<String, CommandError> {
    state.submit(&session_id, Op::Shutdown)
}

/// Interrupts every running session (also the tray's "Pause all" and the stop hotkey).
#[tauri::command]
pub fn pause_all(state: State<'_, AppState>) -> usize {
    state.pause_all()
}
