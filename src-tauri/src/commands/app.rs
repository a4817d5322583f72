//! What the ui needs to know about the app: defaults, pickers' choices, app-level signals.

use oi_core::profile::Profile;
use oi_protocol::{ApprovalPolicy, SafeMode, SandboxInfo};
use serde::Serialize;
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::activity::Activity;
use crate::state::{AppSignal, AppState};

#[derive(Debug, Clone, Serialize, ts_rs::TS)]
#[ts(export_to = "app/")]
pub struct AppInfo {
    pub version: String,
    pub model: String,
    pub profile: String,
    pub approval_policy: ApprovalPolicy,
    pub profiles: Vec<String>,
    pub cwd: String,
    /// The sandbox and safe mode new sessions start with.
    pub sandbox: Option<SandboxInfo>,
    /// Why the native sandbox cannot run code in this app (no terminal `interpreter` to run it),
    /// so that a native sandbox chosen before a session starts shows it at once.
    pub native_refusal: Option<String>,
    pub safe_mode: SafeMode,
    /// The prompt given on the command line, to send when the first session starts.
    pub initial_prompt: Option<String>,
    /// The global shortcut that interrupts every session.
    pub stop_hotkey: String,
    pub activity: Activity,
    /// How new sessions reach their model (the first run says so, and how to change it).
    pub model_access: ModelAccess,
}

/// Where the default model runs and whether it has the key it needs.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[ts(export_to = "app/")]
pub struct ModelAccess {
    pub provider: String,
    pub api_base: String,
    /// A model server on this machine (Ollama, LM Studio, llama.cpp): no key needed.
    pub local: bool,
    /// The environment variable the key is read from, for a provider that takes one.
    pub key_env: Option<String>,
    pub key_set: bool,
}

impl ModelAccess {
    pub fn of(model: &str, api_base: Option<&str>, api_key: Option<&str>) -> ModelAccess {
        let spec = oi_core::model::ModelSpec::resolve(model, api_base, api_key, &|name| {
            std::env::var(name).ok().filter(|v| !v.is_empty())
        });
        ModelAccess {
            provider: spec.provider.to_string(),
            local: spec.is_on_this_machine(),
            key_env: spec.provider.key_env().map(str::to_string),
            key_set: spec.api_key.is_some(),
            api_base: spec.api_base,
        }
    }
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
            None => None,
        },
        native_refusal: match d.sandbox_setup.as_ref().map(|s| &s.helper) {
            Some(oi_core::sandbox::SandboxHelper::Missing(why)) => Some(why.clone()),
            _ => None,
        },
        safe_mode: d.safe_mode,
        initial_prompt: state.launch().initial_prompt.clone(),
        stop_hotkey: crate::STOP_HOTKEY.to_string(),
        activity: state.activity(),
        model_access: ModelAccess::of(&d.model, d.api_base.as_deref(), d.api_key.as_deref()),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_local_model_needs_no_key_and_a_given_key_counts() {
        let local = ModelAccess::of("ollama/qwen2.5", Some("http://127.0.0.1:11434"), None);
        assert_eq!(
            local,
            ModelAccess {
                provider: "ollama".into(),
                api_base: "http://127.0.0.1:11434".into(),
                local: true,
                key_env: None,
                key_set: false,
            }
        );
        // An OpenAI-compatible server on this machine needs no key; one elsewhere does.
        for base in [
            "http://127.0.0.1:8080/v1",
            "http://localhost:1234/v1",
            "http://[::1]:8000",
        ] {
            assert!(
                ModelAccess::of("openai/m", Some(base), None).local,
                "{base}"
            );
        }
        let remote = ModelAccess::of("openai/m", Some("https://openrouter.ai/api/v1"), None);
        assert!(!remote.local && !remote.key_set);
        let keyed = ModelAccess::of("anthropic/claude-x", None, Some("k"));
        assert!(!keyed.local && keyed.key_set);
        assert_eq!(keyed.key_env.as_deref(), Some("ANTHROPIC_API_KEY"));
    }
}
