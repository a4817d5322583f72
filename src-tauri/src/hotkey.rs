//! The global stop hotkey: interrupts every session, whichever window has the focus.
//!
//! The agent may be holding Shift or Super when the person reaches for the hotkey (a
//! `hold_key`, a shift-click), and X matches a grab on the exact modifiers: so the hotkey is
//! grabbed with those added too, and stops the agent whatever it holds.

use tauri::plugin::TauriPlugin;
use tauri::{AppHandle, Manager, Runtime};
use tauri_plugin_global_shortcut::{Code, GlobalShortcutExt, Modifiers, Shortcut, ShortcutState};

/// Ctrl+Alt+. alone and with each modifier the agent might hold down.
fn stop_shortcuts() -> [Shortcut; 4] {
    let base = Modifiers::CONTROL | Modifiers::ALT;
    [
        Modifiers::empty(),
        Modifiers::SHIFT,
        Modifiers::SUPER,
        Modifiers::SHIFT | Modifiers::SUPER,
    ]
    .map(|held| Shortcut::new(Some(base | held), Code::Period))
}

pub fn plugin<R: Runtime>() -> TauriPlugin<R> {
    tauri_plugin_global_shortcut::Builder::new()
        .with_handler(|app, shortcut, event| {
            if stop_shortcuts().contains(shortcut) && event.state() == ShortcutState::Pressed {
                let asked = app.state::<crate::state::AppState>().pause_all();
                tracing::info!("stop hotkey: interrupted {asked} sessions");
            }
        })
        .build()
}

/// Another program may own the keys (or the desktop may not allow grabs): the stop button still
/// works. The variants are grabbed one by one, so one taken by another program loses only itself.
pub fn register<R: Runtime>(app: &AppHandle<R>) {
    for shortcut in stop_shortcuts() {
        if let Err(e) = app.global_shortcut().register(shortcut) {
            tracing::warn!(
                "cannot register the stop hotkey {} ({shortcut}): {e}",
                crate::STOP_HOTKEY
            );
        }
    }
}
