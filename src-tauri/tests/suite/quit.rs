//! Quitting from the tray in the real app: with a session waiting for an approval the window
//! asks first; once told to quit, every session is shut down through the engine (its Python
//! kernel's process is gone, its log ends with the shutdown) and the app's process ends.

use std::path::Path;
use std::time::{Duration, Instant};

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, session_logs};
use super::pointer;
use super::webdriver::WebDriver;
use super::whole_app::{tray_menu_call, tray_menu_labels};

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

/// Clicks the tray menu's item labelled `label`, as a tray host does (dbusmenu `Event`).
fn click_tray_item(desktop: &Desktop, label: &str) {
    let layout = tray_menu_labels(desktop);
    // `(<id>, {… 'label': <'Quit'> …}, [])`: the id opens the item holding the label.
    let at = layout
        .find(&format!("<'{label}'>"))
        .unwrap_or_else(|| panic!("no {label} in the tray menu: {layout}"));
    let open = layout[..at].rfind("<(").unwrap();
    let id: String = layout[open + 2..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    tray_menu_call(desktop, "Event", &[&id, "clicked", "<int32 0>", "0"]);
}

/// The nearest ancestor of `pid` that is the app.
fn app_pid_above(pid: u32) -> u32 {
    let mut at = pid;
    loop {
        let comm = std::fs::read_to_string(format!("/proc/{at}/comm")).unwrap();
        if comm.trim() == "interpreter-gui" && at != pid {
            return at;
        }
        let stat = std::fs::read_to_string(format!("/proc/{at}/stat")).unwrap();
        // pid (comm) state ppid …: the comm may hold spaces, so read after its ')'.
        let ppid = stat[stat.rfind(')').unwrap() + 2..]
            .split(' ')
            .nth(1)
            .unwrap();
        at = ppid.parse().unwrap();
        assert!(at > 1, "no interpreter-gui above {pid}");
    }
}

/// Gone, or a zombie no one has reaped yet.
fn gone(pid: u32) -> bool {
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|s| s[s.rfind(')').unwrap() + 2..].starts_with('Z'))
        .unwrap_or(true)
}

async fn wait_gone(pid: u32, what: &str) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while !gone(pid) {
        assert!(Instant::now() < deadline, "{what} ({pid}) is still running");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tray_quit_asks_then_stops_the_kernel_and_the_app() {
    let server = ScriptedModelServer::start(Script::new(vec![
        run("python", "import os\nprint('pid', os.getpid())"),
        ScriptedResponse::text("That is my kernel."),
        run("shell", "echo never"),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start(work.path(), &env);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let outcome = async {
        wd.say("what is the pid of your python?").await;
        wd.approve_and_read(0, "pid").await;
        // Python's print writes "pid" and the number apart: read the output once the turn
        // has answered (the rehearsal read "pid" alone).
        wd.text_when("[data-testid=assistant-message]", "That is my kernel.")
            .await;
        let output = wd.text_when("[data-testid=exec-output]", "pid").await;
        let kernel: u32 = output
            .trim()
            .trim_start_matches("pid ")
            .parse()
            .unwrap_or_else(|e| panic!("the kernel printed {output:?}: {e}"));
        let app = app_pid_above(kernel);

        // A turn waiting for an approval: Quit asks first, and "Keep running" keeps it.
        wd.say("and now?").await;
        wd.pending_card(1).await;
        click_tray_item(&desktop, "Quit");
        let asked = wd
            .text_when(
                "[data-testid=quit-confirm]:not(.hidden) [data-testid=quit-text]",
                "Quit anyway?",
            )
            .await;
        assert!(asked.starts_with("A session is still working"), "{asked}");
        let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("quit-confirm.png");
        wd.screenshot(&shot).await;
        pointer::click(&wd, &desktop, "[data-testid=quit-cancel]").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert!(!gone(kernel) && !gone(app), "Keep running quit anyway");

        click_tray_item(&desktop, "Quit");
        wd.text_when(
            "[data-testid=quit-confirm]:not(.hidden) [data-testid=quit-text]",
            "Quit anyway?",
        )
        .await;
        pointer::click(&wd, &desktop, "[data-testid=quit-anyway]").await;
        wait_gone(kernel, "the Python kernel").await;
        wait_gone(app, "the app").await;

        let logs = session_logs(&home.path().join("data"));
        assert_eq!(logs.len(), 1, "{logs:?}");
        let events = oi_core::store::read_events(&logs[0]).unwrap();
        let types: Vec<String> = events
            .iter()
            .map(|e| {
                serde_json::to_value(&e.msg).unwrap()["type"]
                    .as_str()
                    .unwrap()
                    .to_string()
            })
            .collect();
        let tail = &types[types.len() - 2..];
        assert_eq!(tail, ["turn_ended", "shutdown_complete"], "{types:?}");
    };
    desktop
        .run_app_test(&wd, "quit", Duration::from_secs(180), outcome)
        .await;
}
