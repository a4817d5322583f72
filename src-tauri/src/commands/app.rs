//! What the ui needs to know about the app: defaults, pickers' choices, app-level signals.

use oi_core::profile::Profile;
use oi_protocol::ApprovalPolicy;
use serde::Serialize;
use tauri::State;
use tauri::ipc::Channel;

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
    /// The prompt given on the command line, to send when the first session starts.
    pub initial_prompt: Option<String>,
    pub sandbox: Option<String>,
    /// The global shortcut that interrupts every session.
    pub stop_hotkey: String,
    pub activity: Activity,
}

#[tauri::command]
pub fn app_info(state: State<'_, AppState>) -> AppInfo {
    let d = state.defaults();
    let mut profiles: Vec<String> = Profile::builtin_ids()
        .into_iter()
        .map(String::from)
        .collect();
    if let Some(dir) = d.config_dir.as_ref().map(|c| c.join("profiles")) {
        let user = std::fs::read_dir(dir).into_iter().flatten().flatten();
        profiles.extend(
            user.filter(|e| e.path().join("profile.toml").is_file())
                .filter_map(|e| e.file_name().into_string().ok()),
        );
    }
    if !profiles.contains(&d.profile) {
        profiles.push(d.profile.clone());
    }
    profiles.sort();
    profiles.dedup();
    AppInfo {
        version: env!("CARGO_PKG_VERSION").to_string(),
        model: d.model.clone(),
        profile: d.profile.clone(),
        approval_policy: d.approval_policy,
        profiles,
        cwd: d.cwd.display().to_string(),
        initial_prompt: state.launch().initial_prompt.clone(),
        sandbox: state.launch().sandbox.clone(),
        stop_hotkey: crate::STOP_HOTKEY.to_string(),
        activity: state.activity(),
    }
}

/// The ui listens for tray and hotkey actions here.
#[tauri::command]
pub fn subscribe_app(state: State<'_, AppState>, on_signal: Channel<AppSignal>) {
    state.subscribe(on_signal);
}
