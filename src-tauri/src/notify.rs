//! Desktop notifications (freedesktop, over D-Bus): an approval waits. Clicking one (the
//! notification's default action, which the server reports with `ActionInvoked`) opens that
//! session at that card.

use crate::activity::ApprovalNotice;

/// Shows `notice`; `clicked` runs when the person clicks the notification.
pub fn approval_waiting(notice: &ApprovalNotice, clicked: impl FnOnce() + Send + 'static) {
    let body = notice.summary.clone();
    // show() waits for the notification server, and the click is waited for until the
    // notification closes: never on the event loop.
    tauri::async_runtime::spawn_blocking(move || {
        let shown = notify_rust::Notification::new()
            .appname("Open Interpreter")
            .summary("Approval needed")
            .body(&body)
            .icon("dialog-question")
            .action("default", "Show")
            .show();
        match shown {
            Ok(handle) => handle.wait_for_action(|action| {
                if action == "default" {
                    clicked();
                }
            }),
            // No notification server (a bare X session): the tray icon still says it.
            Err(e) => tracing::debug!("no desktop notification: {e}"),
        }
    });
}
