//! Desktop notifications (freedesktop, over D-Bus): an approval waits.

use crate::activity::ApprovalNotice;

pub fn approval_waiting(notice: &ApprovalNotice) {
    let body = notice.summary.clone();
    // show() waits for the notification server; never on the event loop.
    tauri::async_runtime::spawn_blocking(move || {
        let shown = notify_rust::Notification::new()
            .appname("Open Interpreter")
            .summary("Approval needed")
            .body(&body)
            .icon("dialog-question")
            .show();
        if let Err(e) = shown {
            // No notification server (a bare X session): the tray icon still says it.
            tracing::debug!("no desktop notification: {e}");
        }
    });
}
