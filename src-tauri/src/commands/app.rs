//! What the ui needs to know about the app: defaults, pickers' choices, app-level signals.

use oi_core::profile::Profile;
use oi_protocol::{ApprovalPolicy, SafeMode, SandboxInfo};
use serde::Serialize;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::activity::Activity;
use crate::state::{AppSignal, AppState};

#[derive(Debug, Clone, Serialize)]
pub struct AppInfo {
    pub version: String,
    pub model: String,
    pub profile: String,
    pub approval_policy: ApprovalPolicy,
    pub profiles: Vec<String>,
    pub cwd: String,
    /// The sandbox and safe mode new sessions start with.
    pub sandbox: Option<SandboxInfo>,
    pub safe_mode: SafeMode,
    /// The prompt given on the command line, to send when the first session starts.
    pub initial_prompt: Option<String>,
    /// The global shortcut that interrupts every session.
    pub stop_hotkey: String,
    pub activity: Activity,
}

#[tauri::command]
pub fn app_info(state: State<'_, AppState>) -> AppInfo {
    let d = state.defaults();
    let mut profiles = Profile::available(d.config_dir.as_deref());
    // A default naming no known profile still shows as chosen (starting a session reports why it fails).
    if !profiles.contains(&d.profile) {
        profiles.push(d.profile.clone());
    }
    AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
        model: d.model.clone(),
        profile: d.profile.clone(),
        approval_policy: d.approval_policy,
        profiles,
        cwd: d.cwd.display().to_string(),
        // What a session here will set up (checked, nothing created: it is set up at start).
        sandbox: match &d.sandbox_setup {
            Some(setup) => setup.check(&d.cwd, d.config_dir.as_deref()).0.info,
            None => d.sandbox.info.clone(),
        },
        safe_mode: d.safe_mode,
        initial_prompt: state.launch().initial_prompt.clone(),
        stop_hotkey: crate::STOP_HOTKEY.to_string(),
        activity: state.activity(),
    }
}

/// The ui listens for tray and hotkey actions here.
#[tauri::command]
pub fn subscribe_app(state: State<'_, AppState>, on_signal: Channel<AppSignal>) {
    state.subscribe(on_signal);
}

/// Quits the app (the ui's answer to "Quit anyway?"): every session is shut down through the
/// engine first.
#[tauri::command]
pub async fn quit<R: Runtime>(app: AppHandle<R>) {
    crate::quit::now(&app).await;
}
