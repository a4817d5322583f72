//! Desktop notifications (freedesktop, over D-Bus): an approval waits. Clicking one (the
//! notification's default action, which the server reports with `ActionInvoked`) opens that
//! session at that card. Once the approval is answered (in the app, the terminal or an editor)
//! or its turn ends, the notification is closed: it no longer says anything true.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use notify_rust::NotificationResponse;
use tokio::sync::oneshot;

use crate::activity::ApprovalNotice;

/// What closes each notification on screen, by session and call.
type Open = HashMap<(String, String), oneshot::Sender<()>>;

/// The notifications on screen.
#[derive(Default, Clone)]
pub struct Notifications {
    open: Arc<Mutex<Open>>,
}

impl Notifications {
    /// Shows `notice`; `clicked` runs when the person clicks the notification. Nothing waits
    /// on a thread of its own: the notification's D-Bus signals are awaited on the runtime.
    pub fn approval_waiting(
        &self,
        notice: &ApprovalNotice,
        clicked: impl FnOnce() + Send + 'static,
    ) {
        let (close, answered) = oneshot::channel();
        let key = (notice.session_id.clone(), notice.call_id.clone());
        self.lock().insert(key.clone(), close);
        let open = self.clone();
        let body = notice.summary.clone();
        tauri::async_runtime::spawn(async move {
            let shown = notify_rust::Notification::new()
                .appname("Open Interpreter")
                .summary("Approval needed")
                .body(&body)
                .icon("dialog-question")
                .action("default", "Show")
                .show_async()
                .await;
            let handle = match shown {
                Ok(handle) => handle,
                // No notification server (a bare X session): the tray icon still says it.
                Err(e) => {
                    tracing::debug!("no desktop notification: {e}");
                    open.lock().remove(&key);
                    return;
                }
            };
            let acted = handle.wait_for_action_async(|response| {
                let default = matches!(response, NotificationResponse::Default)
                    || matches!(response, NotificationResponse::Action(a) if a == "default");
                if default {
                    clicked();
                }
            });
            tokio::select! {
                () = acted => {}
                // Answered elsewhere, or the sender dropped with the app's state: close it.
                _ = answered => handle.close_async().await,
            }
            open.lock().remove(&key);
        });
    }

    /// The approval of `call_id` in `session_id` was answered (every one of the session's
    /// when `call_id` is `None`: its turn ended, or the session did).
    pub fn answered(&self, session_id: &str, call_id: Option<&str>) {
        let mut open = self.lock();
        let done: Vec<(String, String)> = open
            .keys()
            .filter(|(s, c)| s == session_id && call_id.is_none_or(|id| id == c))
            .cloned()
            .collect();
        for key in done {
            if let Some(close) = open.remove(&key) {
                let _ = close.send(());
            }
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Open> {
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
