//! The session list in the real window, used as a person does (real pointer clicks and keys on
//! a desktop with a window manager): searching titles and folders, deleting a session (its log
//! goes to the trash), a session the terminal binary runs (`interpreter exec`) appearing live
//! with its status and followed as it goes; and a click on an "approval needed" notification
//! (shown by a real notification server, dunst) opening that session at that card.

use std::path::{Path, PathBuf};
use std::time::Duration;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Proc, Screen};
use super::pointer;
use super::webdriver::WebDriver;

/// A session an engine logged earlier (and that no summary describes yet), in `folder`, whose
/// first message is `title`.
fn logged(data: &Path, id: &str, folder: &str, title: &str) {
    let at = 1_760_000_000_000u64;
    let lines = [
        json!({"id": "", "seq": 0, "time_ms": at, "msg": {"type": "session_configured",
            "session_id": id, "model": "openai/scripted", "profile": "classic", "cwd": folder,
            "approval_policy": "ask", "log_path": "", "resumed": false, "protocol_version": 1}}),
        json!({"id": "", "seq": 1, "time_ms": at + 1, "msg": {"type": "user_message",
            "items": [{"type": "text", "text": title}]}}),
        json!({"id": "", "seq": 2, "time_ms": at + 2, "msg": {"type": "shutdown_complete"}}),
    ];
    let dir = data.join("sessions");
    std::fs::create_dir_all(&dir).unwrap();
    let text: String = lines.iter().map(|l| format!("{l}\n")).collect();
    std::fs::write(dir.join(format!("{id}.jsonl")), text).unwrap();
}

/// The ids the list shows, top to bottom.
async fn listed(wd: &WebDriver) -> Vec<String> {
    let ids = wd
        .js(
            "return [...document.querySelectorAll('[data-testid=session-item]')].map(e => e.dataset.sessionId)",
            json!([]),
        )
        .await;
    serde_json::from_value(ids).unwrap()
}

async fn wait_listed(wd: &WebDriver, what: &str, want: &[&str]) {
    wd.wait_for(
        what,
        "return JSON.stringify([...document.querySelectorAll('[data-testid=session-item]')].map(e => e.dataset.sessionId)) === arguments[0]",
        json!([serde_json::to_string(want).unwrap()]),
    )
    .await;
}

fn shot_path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("session-list-{name}.png"))
}

fn desktop(work: &Path, env: &[(&str, String)]) -> Desktop {
    Desktop::start_on(Screen::PERSONS, work, env)
}

/// `interpreter exec PROMPT` in `dir`, on the scripted model: a session the terminal runs.
fn terminal_session(
    server: &ScriptedModelServer,
    dir: &Path,
    env: &[(&str, String)],
    prompt: &str,
) -> Proc {
    let child = std::process::Command::new(super::desktop::interpreter())
        .args([
            "exec",
            "--model",
            "openai/scripted",
            "--api_base",
            &server.base_url(),
            prompt,
        ])
        .current_dir(dir)
        .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::inherit())
        .spawn()
        .unwrap();
    Proc(child)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_list_search_delete_and_a_terminal_session_followed_live() {
    // The terminal's session: its answer streams in two parts, seconds apart.
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("First part.")
            .then_delay_ms(6000)
            .then_text(" Second part."),
        // A terminal session killed while its answer streams.
        ScriptedResponse::text("Slow start.")
            .then_delay_ms(120_000)
            .then_text(" Never seen."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let data = home.path().join("data");
    logged(
        &data,
        "photos",
        "/home/me/pictures",
        "resize the holiday photos",
    );
    logged(&data, "alpha", "/srv/code/alpha", "count the lines of code");
    let desktop = desktop(work.path(), &env);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let steps = async {
        wait_listed(&wd, "the logged sessions", &["photos", "alpha"]).await;

        // Search, typed on the real keyboard: by folder, then by title.
        let search = "[data-testid=session-search]";
        pointer::click(&wd, &desktop, search).await;
        pointer::type_over(&wd, &desktop, search, "alpha").await;
        wait_listed(&wd, "the search by folder", &["alpha"]).await;
        pointer::type_over(&wd, &desktop, search, "HOLIDAY").await;
        wait_listed(&wd, "the search by title", &["photos"]).await;
        pointer::type_over(&wd, &desktop, search, "nothing like it").await;
        wd.text_when("[data-testid=no-match]", "No session matches")
            .await;
        pointer::type_over(&wd, &desktop, search, "").await;
        wait_listed(&wd, "the whole list again", &["photos", "alpha"]).await;

        // Delete: the log goes to the trash, whole.
        pointer::click(
            &wd,
            &desktop,
            "[data-session-id=photos] [data-testid=delete-session]",
        )
        .await;
        wait_listed(&wd, "the list without the deleted session", &["alpha"]).await;
        let trashed = data.join("trash/sessions/photos.jsonl");
        let kept = oi_core::store::read_events(&trashed).unwrap();
        assert_eq!(kept.len(), 3, "the whole log is in the trash");
        assert!(!data.join("sessions/photos.jsonl").exists());

        // A session started in the terminal appears in the list while it works.
        let mut cli = terminal_session(&server, work.path(), &env, "summarise the terminal log");
        let terminal = wd
            .wait_for(
                "the terminal's session, working, in the list",
                "const e = [...document.querySelectorAll('[data-testid=session-item]')].find(e => e.textContent.includes('summarise the terminal log')); \
                 return e && e.dataset.status === 'working' ? e.dataset.sessionId : null;",
                json!([]),
            )
            .await;
        let terminal = terminal.as_str().unwrap().to_string();
        let badge = wd
            .text_when(
                &format!("[data-session-id='{terminal}'] [data-testid=session-status]"),
                "working",
            )
            .await;
        assert_eq!(badge, "working");

        // Opened, it follows the terminal's session: what was said so far, then what comes.
        pointer::click(&wd, &desktop, &format!("[data-session-id='{terminal}']")).await;
        wd.text_when("[data-testid=user-message]", "summarise the terminal log")
            .await;
        wd.text_when("[data-testid=assistant-message]", "First part.")
            .await;
        let now = wd
            .js(
                "return document.querySelector('[data-testid=assistant-message]').textContent",
                json!([]),
            )
            .await;
        assert!(
            !now.as_str().unwrap().contains("Second part."),
            "the second part came before the session was followed: {now}"
        );
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(&shot_path("following"));
        wd.text_when("[data-testid=assistant-message]", "Second part.")
            .await;
        // The terminal's session ends: the list says so.
        let status = tokio::task::spawn_blocking(move || cli.0.wait().unwrap())
            .await
            .unwrap();
        assert!(status.success(), "interpreter exec: {status}");
        wd.wait_for(
            "the terminal's session ended in the list",
            "return document.querySelector(`[data-session-id='${arguments[0]}']`)?.dataset.status === 'ended'",
            json!([terminal]),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(&shot_path("ended"));
        assert_eq!(listed(&wd).await, [terminal.as_str(), "alpha"]);

        // A terminal killed mid-answer: its log stops short of its end and does not change
        // again, and its lock on the log goes. The list, and the open view, say it ended.
        let mut cli = terminal_session(&server, work.path(), &env, "a slow answer");
        let killed = wd
            .wait_for(
                "the slow terminal session, working, in the list",
                "const e = [...document.querySelectorAll('[data-testid=session-item]')].find(e => e.textContent.includes('a slow answer')); \
                 return e && e.dataset.status === 'working' ? e.dataset.sessionId : null;",
                json!([]),
            )
            .await;
        let killed = killed.as_str().unwrap().to_string();
        pointer::click(&wd, &desktop, &format!("[data-session-id='{killed}']")).await;
        wd.text_when("[data-testid=assistant-message]", "Slow start.")
            .await;
        cli.0.kill().unwrap();
        cli.0.wait().unwrap();
        wd.wait_for(
            "the killed terminal's session ended in the list",
            "return document.querySelector(`[data-session-id='${arguments[0]}']`)?.dataset.status === 'ended'",
            json!([killed]),
        )
        .await;
        desktop.screenshot(&shot_path("killed"));
    };
    desktop
        .run_app_test(&wd, "session_list", Duration::from_secs(240), steps)
        .await;
}

/// dunst, the notification server, on the test's desktop: a left click on a notification
/// invokes its default action (reported to the app as `ActionInvoked`).
fn notification_server(desktop: &Desktop, home: &Path) -> Proc {
    let config = home.join("dunstrc");
    std::fs::write(
        &config,
        "[global]\n    mouse_left_click = do_action, close_current\n    geometry = \"400x100-20+20\"\n    timeout = 0\n",
    )
    .unwrap();
    let child = std::process::Command::new("dunst")
        .args(["-config", config.to_str().unwrap()])
        .env("DISPLAY", &desktop.display)
        .env("DBUS_SESSION_BUS_ADDRESS", &desktop.bus)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("the notification test needs dunst: apt-get install dunst");
    Proc(child)
}

/// A model that asks to run `echo WORD` (an approval to wait for), then says "Done.".
async fn echo_then_done(word: &str) -> ScriptedModelServer {
    ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "shell", "code": format!("echo {word}")}),
        ),
        ScriptedResponse::text("Done."),
    ]))
    .await
}

/// The notification's window on the screen, once dunst shows one: where to click.
async fn notification_window(desktop: &Desktop) -> (i32, i32) {
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    loop {
        let found = std::process::Command::new("xdotool")
            .args(["search", "--onlyvisible", "--class", "Dunst"])
            .env("DISPLAY", &desktop.display)
            .output()
            .unwrap();
        let ids = String::from_utf8_lossy(&found.stdout).into_owned();
        if let Some(id) = ids.lines().next() {
            let (at, size) = pointer::window_geometry(desktop, id);
            return (at.x + size.x / 2, at.y + size.y / 2);
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no notification on the screen"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_list_notification_click_opens_the_waiting_card() {
    let server = echo_then_done("approved-by-click").await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let data = home.path().join("data");
    logged(&data, "older", "/srv/code/alpha", "an older session");
    let desktop = desktop(work.path(), &env);
    let _dunst = notification_server(&desktop, home.path());
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let steps = async {
        pointer::say(&wd, &desktop, "print something please").await;
        let card = wd.pending_card(0).await;
        // The person looks at another session meanwhile.
        pointer::click(&wd, &desktop, "[data-session-id=older]").await;
        wd.text_when("[data-testid=user-message]", "an older session")
            .await;
        let gone = wd
            .js(
                "return document.querySelector(`[data-call-id='${arguments[0]}']`) === null",
                json!([card]),
            )
            .await;
        assert_eq!(gone, json!(true));

        // A real click on the notification dunst shows.
        let (x, y) = notification_window(&desktop).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        desktop.screenshot(&shot_path("notification"));
        desktop.run("xdotool", &["mousemove", &x.to_string(), &y.to_string()]);
        desktop.run("xdotool", &["click", "1"]);

        // The app shows that session, at that card, with Approve focused.
        let focused = wd
            .wait_for(
                "the card of the notification, called up",
                "const c = document.querySelector(`[data-call-id='${arguments[0]}']`); \
                 return c && c.classList.contains('called') && document.activeElement === c.querySelector('[data-testid=approve]');",
                json!([card]),
            )
            .await;
        assert_eq!(focused, json!(true));
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(&shot_path("card-called"));
        pointer::approve_and_read(&wd, &desktop, &card, "approved-by-click").await;
    };
    desktop
        .run_app_test(
            &wd,
            "session_list_notification",
            Duration::from_secs(180),
            steps,
        )
        .await;
}

/// Whether dunst shows a notification now.
fn notification_shown(desktop: &Desktop) -> bool {
    let found = std::process::Command::new("xdotool")
        .args(["search", "--onlyvisible", "--class", "Dunst"])
        .env("DISPLAY", &desktop.display)
        .output()
        .unwrap();
    !String::from_utf8_lossy(&found.stdout).trim().is_empty()
}

/// An approval answered in the window takes its notification away: it would say an approval
/// waits when none does (dunst here keeps notifications until they are closed).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn session_list_notification_closes_once_the_approval_is_answered() {
    let server = echo_then_done("answered-in-the-window").await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = desktop(work.path(), &env);
    let _dunst = notification_server(&desktop, home.path());
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let steps = async {
        pointer::say(&wd, &desktop, "print something please").await;
        let card = wd.pending_card(0).await;
        notification_window(&desktop).await;
        desktop.screenshot(&shot_path("notification-waiting"));
        pointer::approve_and_read(&wd, &desktop, &card, "answered-in-the-window").await;
        let deadline = std::time::Instant::now() + Duration::from_secs(15);
        while notification_shown(&desktop) {
            assert!(
                std::time::Instant::now() < deadline,
                "the notification stayed after its approval was answered"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        desktop.screenshot(&shot_path("notification-closed"));
    };
    desktop
        .run_app_test(
            &wd,
            "session_list_notification_closes",
            Duration::from_secs(180),
            steps,
        )
        .await;
}
