//! The real app in the real WebKit webview under Xvfb, driven through tauri-driver like a person
//! would, against the scripted model: approve runs code and its output streams in; deny runs
//! nothing; a file edit shows its diff; the tray menu is published on D-Bus.

use serde_json::json;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};

use super::desktop::Desktop;
use super::webdriver::WebDriver;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

/// Sends a message through the composer.
async fn say(wd: &WebDriver, text: &str) {
    wd.type_into("[data-testid=message-input]", text).await;
    wd.click("[data-testid=send]").await;
}

/// The id of the newest card waiting for approval.
async fn pending_card(wd: &WebDriver, after: usize) -> String {
    let script = "const c = [...document.querySelectorAll('[data-testid=call-card]')]; \
                  const p = c.slice(arguments[0]).find(e => e.dataset.state === 'pending'); return p ? p.dataset.callId : null;";
    let v = wd
        .wait_for("a card waiting for approval", script, json!([after]))
        .await;
    v.as_str().unwrap().to_string()
}

/// The tray item's menu as dbusmenu publishes it. With no StatusNotifierWatcher on the bus the
/// item owns no well-known name, so look for the object on every connection.
fn tray_menu_labels(desktop: &Desktop) -> String {
    let names = desktop.gdbus(&[
        "call",
        "--session",
        "--dest",
        "org.freedesktop.DBus",
        "--object-path",
        "/org/freedesktop/DBus",
        "--method",
        "org.freedesktop.DBus.ListNames",
    ]);
    let connections = names
        .split('\'')
        .filter(|n| n.starts_with(':') || n.starts_with("org.kde.StatusNotifierItem-"));
    for conn in connections {
        let Some(tree) = desktop.try_gdbus(&[
            "introspect",
            "--session",
            "--dest",
            conn,
            "--object-path",
            "/",
            "--recurse",
        ]) else {
            continue;
        };
        let mut path = None;
        for line in tree.lines() {
            let line = line.trim();
            if let Some(node) = line.strip_prefix("node ") {
                path = Some(node.trim_end_matches(" {").to_string());
            } else if line.starts_with("interface org.kde.StatusNotifierItem") {
                let item = path.clone().unwrap();
                let menu = desktop.gdbus(&[
                    "call",
                    "--session",
                    "--dest",
                    conn,
                    "--object-path",
                    &item,
                    "--method",
                    "org.freedesktop.DBus.Properties.Get",
                    "org.kde.StatusNotifierItem",
                    "Menu",
                ]);
                let menu = menu.split('\'').nth(1).unwrap().to_string();
                return desktop.gdbus(&[
                    "call",
                    "--session",
                    "--dest",
                    conn,
                    "--object-path",
                    &menu,
                    "--method",
                    "com.canonical.dbusmenu.GetLayout",
                    "--",
                    "0",
                    "-1",
                    "[]",
                ]);
            }
        }
    }
    panic!("no StatusNotifierItem on the bus: {names}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn approve_deny_and_diff_in_the_real_window() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::text("Let me **compute** that.").then_tool_call(
            "execute",
            json!({"language": "python", "code": "print('streamed', 6 * 7)"}),
        ),
        ScriptedResponse::text("It printed 42."),
        run("shell", "echo should-not-run > denied.txt"),
        ScriptedResponse::text("OK, I will not run it."),
        run("python", "open('notes.txt', 'w').write('one\\ntwo\\n')"),
        ScriptedResponse::text("Wrote notes.txt."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = [
        ("HOME", home.path().display().to_string()),
        (
            "OI_DATA_DIR",
            home.path().join("data").display().to_string(),
        ),
        (
            "OI_CONFIG_DIR",
            home.path().join("config").display().to_string(),
        ),
        ("XDG_RUNTIME_DIR", home.path().display().to_string()),
        ("OPENAI_API_KEY", "test-key".to_string()),
    ];
    let desktop = Desktop::start(work.path(), &env);
    let app = env!("CARGO_BIN_EXE_interpreter-gui");
    let args = [
        "--model",
        "openai/scripted",
        "--api-base",
        &server.base_url(),
    ];
    let wd = WebDriver::start(
        &desktop.driver_url,
        json!({"tauri:options": {"application": app, "args": args}}),
    )
    .await;

    let outcome = async {
        wd.wait_for(
            "the composer",
            "return document.querySelector('[data-testid=message-input]') !== null",
            json!([]),
        )
        .await;
        let title = wd.js("return document.title", json!([])).await;
        assert_eq!(title, "Open Interpreter");

        // Approve: the code card appears, then its output streams in.
        say(&wd, "what is 6*7?").await;
        let first = pending_card(&wd, 0).await;
        let code = wd
            .text_when(&format!("[data-call-id='{first}'] pre.code"), "print")
            .await;
        assert!(code.contains("print('streamed', 6 * 7)"), "{code}");
        wd.text_when("[data-testid=assistant-message] strong", "compute")
            .await;
        wd.click(&format!("[data-call-id='{first}'] [data-testid=approve]"))
            .await;
        wd.text_when(
            &format!("[data-call-id='{first}'] [data-testid=exec-output]"),
            "streamed 42",
        )
        .await;
        wd.text_when(
            &format!("[data-call-id='{first}'] [data-testid=exec-status]"),
            "exit 0",
        )
        .await;
        wd.text_when("[data-testid=assistant-message]", "It printed 42.")
            .await;

        // Deny: nothing runs, the model is told.
        say(&wd, "write a file with echo").await;
        let second = pending_card(&wd, 1).await;
        wd.click(&format!("[data-call-id='{second}'] [data-testid=deny]"))
            .await;
        wd.text_when(
            &format!("[data-call-id='{second}'] [data-testid=decision]"),
            "Denied",
        )
        .await;
        wd.text_when("[data-testid=assistant-message]", "OK, I will not run it.")
            .await;
        let ran = wd.js("return document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=exec-output]`) !== null", json!([second])).await;
        assert_eq!(ran, json!(false));
        assert!(!work.path().join("denied.txt").exists());

        // A file edit shows its diff.
        say(&wd, "make notes").await;
        let third = pending_card(&wd, 2).await;
        wd.click(&format!("[data-call-id='{third}'] [data-testid=approve]"))
            .await;
        let diff = wd
            .text_when(
                &format!("[data-call-id='{third}'] [data-testid=file-diff]"),
                "notes.txt",
            )
            .await;
        assert!(diff.contains("created") && diff.contains("+two"), "{diff}");
        assert_eq!(
            std::fs::read_to_string(work.path().join("notes.txt")).unwrap(),
            "one\ntwo\n"
        );

        // The session list shows it from its log.
        wd.click("[data-testid=new-session]").await;
        wd.text_when("[data-testid=session-item]", "what is 6*7?")
            .await;

        // The tray: an icon with its menu, published as a StatusNotifierItem.
        let menu = tray_menu_labels(&desktop);
        for label in ["Show window", "New session", "Pause all", "Quit"] {
            assert!(menu.contains(label), "tray menu lacks {label}: {menu}");
        }
    };
    let result = tokio::time::timeout(std::time::Duration::from_secs(240), outcome).await;
    if result.is_err() {
        let shot = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("whole-app-timeout.png");
        desktop.screenshot(&shot);
        wd.close().await;
        panic!("the whole-app test timed out; screen in {}", shot.display());
    }
    wd.close().await;
    server.assert_invariants();
}
