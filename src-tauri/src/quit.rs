//! Quitting the app: every session is shut down through the engine first (its turn stopped,
//! kernels and sandboxes ended, the end written to its log), after a confirmation in the window
//! when a session is still working or waiting for an approval.

use std::time::Duration;

use tauri::{AppHandle, Manager, Runtime};

use crate::state::{AppSignal, AppState};

/// How long quitting waits for the sessions to say they shut down.
const SHUTDOWN_WAIT: Duration = Duration::from_secs(15);

/// Tray "Quit": asks in the window first when something runs, else quits.
pub fn request<R: Runtime>(app: &AppHandle<R>) {
    let state = app.state::<AppState>();
    let busy = state.busy();
    if busy > 0 {
        crate::window::show_main(app);
        state.broadcast(AppSignal::QuitRequested { busy });
        return;
    }
    let app = app.clone();
    tauri::async_runtime::spawn(async move { now(&app).await });
}

/// Shuts every session down, then ends the app.
pub async fn now<R: Runtime>(app: &AppHandle<R>) {
    let state = app.state::<AppState>().inner().clone();
    let left = state.shutdown_all(SHUTDOWN_WAIT).await;
    if !left.is_empty() {
        tracing::warn!("quitting with sessions that did not shut down in time: {left:?}");
    }
    app.exit(0);
}
