//! The global stop hotkey: interrupts every session, whichever window has the focus.

use tauri::plugin::TauriPlugin;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_global_shortcut::{Code, GlobalShortcutExt, Modifiers, Shortcut, ShortcutState};

fn stop_shortcut() -> Shortcut {
    Shortcut::new(Some(Modifiers::CONTROL | Modifiers::ALT), Code::Period)
}

pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri_plugin_global_shortcut::Builder::new()
        .with_handler(|app, shortcut, event| {
            if *shortcut == stop_shortcut() && event.state() == ShortcutState::Pressed {
                let asked = app.state::<crate::state::AppState>().pause_all();
                tracing::info!("stop hotkey: interrupted {asked} sessions");
            }
        })
        .build()
}

/// Another program may own the keys (or the desktop may not allow grabs): the stop button still works.
pub fn register<R: Runtime>(app: &AppHandle<R>) {
    if let Err(e) = app.global_shortcut().register(stop_shortcut()) {
        tracing::warn!(
            "cannot register the stop hotkey {}: {e}",
            crate::STOP_HOTKEY
        );
    }
}
