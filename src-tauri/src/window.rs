//! The main window: shown on demand, hidden (not closed) so the app lives on in the tray.

use tauri::{AppHandle, DragDropEvent, Manager, Runtime, Window, WindowEvent};

use crate::state::{AppSignal, AppState};

pub const MAIN: &str = "main";

pub fn show_main<R: Runtime>(app: &AppHandle<R>) {
    let Some(window) = app.get_webview_window(MAIN) else {
        tracing::warn!("the main window is gone");
        return;
    };
    for result in [window.unminimize(), window.show(), window.set_focus()] {
        if let Err(e) = result {
            tracing::warn!("cannot bring the window forward: {e}");
        }
    }
}

/// Closing the main window hides it (Quit in the tray ends the app); dropped files go to the ui
/// by path, which the page itself cannot see.
pub fn on_window_event<R: Runtime>(window: &Window<R>, event: &WindowEvent) {
    match event {
        WindowEvent::CloseRequested { api, .. } if window.label() == MAIN => {
            api.prevent_close();
            if let Err(e) = window.hide() {
                tracing::warn!("cannot hide the window: {e}");
            }
        }
        WindowEvent::DragDrop(DragDropEvent::Drop { paths, .. }) => {
            let paths = paths.iter().map(|p| p.display().to_string()).collect();
            window
                .state::<AppState>()
                .broadcast(AppSignal::FilesDropped { paths });
        }
        _ => {}
    }
}
