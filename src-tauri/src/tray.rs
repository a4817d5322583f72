//! The tray icon: idle / working / waiting for approval, and its menu.

use tauri::image::Image;
use tauri::menu::{Menu, MenuEvent, MenuItem};
use tauri::tray::TrayIconBuilder;
use tauri::{AppHandle, Manager, Runtime};

use crate::activity::{Activity, ApprovalNotice};
use crate::state::{ActivityHooks, AppSignal, AppState};
use crate::window::show_main;

pub const TRAY_ID: &str = "main";

fn icon(activity: Activity) -> tauri::Result<Image<'static>> {
    Image::from_bytes(match activity {
        Activity::Idle => include_bytes!("../../icons/tray-idle.png"),
        Activity::Working => include_bytes!("../../icons/tray-working.png"),
        Activity::Waiting => include_bytes!("../../icons/tray-waiting.png"),
    })
}

fn tooltip(activity: Activity) -> &'static str {
    match activity {
        Activity::Idle => "Open Interpreter: idle",
        Activity::Working => "Open Interpreter: working",
        Activity::Waiting => "Open Interpreter: waiting for your approval",
    }
}

pub fn install<R: Runtime>(app: &AppHandle<R>) -> tauri::Result<()> {
    let menu = Menu::with_items(
        app,
        &[
            &MenuItem::with_id(app, "show", "Show window", true, None::<&str>)?,
            &MenuItem::with_id(app, "new", "New session", true, None::<&str>)?,
            &MenuItem::with_id(app, "pause", "Pause all", true, None::<&str>)?,
            &MenuItem::with_id(app, "quit", "Quit", true, None::<&str>)?,
        ],
    )?;
    TrayIconBuilder::with_id(TRAY_ID)
        .icon(icon(Activity::Idle)?)
        .tooltip(tooltip(Activity::Idle))
        .title("Open Interpreter")
        .menu(&menu)
        .on_menu_event(on_menu)
        .build(app)?;
    Ok(())
}

fn on_menu<R: Runtime>(app: &AppHandle<R>, event: MenuEvent) {
    let state = app.state::<AppState>();
    match event.id().as_ref() {
        "show" => show_main(app),
        "new" => {
            show_main(app);
            state.broadcast(AppSignal::NewSession);
        }
        "pause" => {
            state.pause_all();
        }
        "quit" => crate::quit::request(app),
        other => tracing::warn!("unknown tray menu item {other}"),
    }
}

/// Shows activity on the tray icon and waiting approvals as desktop notifications.
pub struct TrayHooks<R: Runtime> {
    pub app: AppHandle<R>,
    pub notifications: crate::notify::Notifications,
}

impl<R: Runtime> ActivityHooks for TrayHooks<R> {
    fn activity_changed(&self, activity: Activity) {
        let Some(tray) = self.app.tray_by_id(TRAY_ID) else {
            return;
        };
        let result = icon(activity)
            .and_then(|i| tray.set_icon(Some(i)))
            .and_then(|()| tray.set_tooltip(Some(tooltip(activity))));
        if let Err(e) = result {
            tracing::warn!("cannot update the tray icon: {e}");
        }
    }

    fn approval_waiting(&self, notice: &ApprovalNotice) {
        let app = self.app.clone();
        let signal = AppSignal::OpenApproval {
            session_id: notice.session_id.clone(),
            call_id: notice.call_id.clone(),
        };
        self.notifications.approval_waiting(notice, move || {
            show_main(&app);
            app.state::<AppState>().broadcast(signal);
        });
    }

    fn approval_answered(&self, session_id: &str, call_id: Option<&str>) {
        self.notifications.answered(session_id, call_id);
    }
}
