//! The real app in the real WebKit webview under Xvfb, driven through tauri-driver like a person
//! would, against the scripted model: approve runs code and its output streams in; deny runs
//! nothing; a file edit shows its diff; the tray icon says when an approval waits, which also
//! sends a desktop notification; the tray menu is published on D-Bus; an editor's session relayed
//! by `interpreter acp` streams in the window and is approved there.

use serde_json::json;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};

use super::desktop::Desktop;
use super::pointer;
use super::webdriver::WebDriver;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

/// The tray item (bus connection, object path). With no StatusNotifierWatcher on the bus the
/// item owns no well-known name, so look for the object on every connection.
pub(super) fn tray_item(desktop: &Desktop) -> (String, String) {
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
                return (conn.to_string(), path.clone().unwrap());
            }
        }
    }
    panic!("no StatusNotifierItem on the bus: {names}");
}

/// A string property of the tray item.
pub(super) fn tray_property(desktop: &Desktop, name: &str) -> String {
    let (conn, item) = tray_item(desktop);
    let value = desktop.gdbus(&[
        "call",
        "--session",
        "--dest",
        &conn,
        "--object-path",
        &item,
        "--method",
        "org.freedesktop.DBus.Properties.Get",
        "org.kde.StatusNotifierItem",
        name,
    ]);
    value.split('\'').nth(1).unwrap_or_default().to_string()
}

/// Calls `method` of the tray item's menu (com.canonical.dbusmenu) with `args`.
pub(super) fn tray_menu_call(desktop: &Desktop, method: &str, args: &[&str]) -> String {
    let (conn, _) = tray_item(desktop);
    let menu = tray_property(desktop, "Menu");
    let method = format!("com.canonical.dbusmenu.{method}");
    let mut call = vec![
        "call",
        "--session",
        "--dest",
        &conn,
        "--object-path",
        &menu,
        "--method",
        &method,
        "--",
    ];
    call.extend_from_slice(args);
    desktop.gdbus(&call)
}

/// The tray item's menu as dbusmenu publishes it.
pub(super) fn tray_menu_labels(desktop: &Desktop) -> String {
    tray_menu_call(desktop, "GetLayout", &["0", "-1", "[]"])
}

/// Which of the app's tray icons the item shows now, by its pixels (the tray writes the
/// icon it is given to a file and publishes that file's name).
fn tray_icon(desktop: &Desktop) -> Option<&'static str> {
    let name = tray_property(desktop, "IconName");
    let file = if name.starts_with('/') {
        std::path::PathBuf::from(&name)
    } else {
        std::path::Path::new(&tray_property(desktop, "IconThemePath")).join(format!("{name}.png"))
    };
    let shown = image::open(&file).ok()?.to_rgba8();
    let icons: [(&str, &[u8]); 3] = [
        ("idle", include_bytes!("../../../icons/tray-idle.png")),
        ("working", include_bytes!("../../../icons/tray-working.png")),
        ("waiting", include_bytes!("../../../icons/tray-waiting.png")),
    ];
    icons.into_iter().find_map(|(state, png)| {
        let icon = image::load_from_memory(png).unwrap().to_rgba8();
        (icon == shown).then_some(state)
    })
}

async fn tray_shows(desktop: &Desktop, state: &str) {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    loop {
        let shown = tray_icon(desktop);
        if shown == Some(state) {
            return;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the tray shows {shown:?}, not {state}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// `interpreter acp` as an editor runs it, spoken to in JSON-RPC lines.
struct Editor {
    child: super::desktop::Proc,
    stdin: std::process::ChildStdin,
    lines: std::sync::mpsc::Receiver<serde_json::Value>,
}

impl Editor {
    fn start(args: &[&str], env: &[(&str, String)]) -> Editor {
        let mut child = std::process::Command::new(super::desktop::interpreter())
            .arg("acp")
            .args(args)
            .envs(env.iter().map(|(k, v)| (*k, v.as_str())))
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::inherit())
            .spawn()
            .unwrap();
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            use std::io::BufRead;
            for line in std::io::BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                let message = serde_json::from_str(&line)
                    .unwrap_or_else(|e| panic!("not JSON-RPC on the agent's stdout ({e}): {line}"));
                if tx.send(message).is_err() {
                    return;
                }
            }
        });
        Editor {
            child: super::desktop::Proc(child),
            stdin,
            lines,
        }
    }

    fn send(&mut self, message: serde_json::Value) {
        use std::io::Write;
        writeln!(self.stdin, "{message}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// Waits for the response to request `id`, keeping the other messages.
    async fn response(&self, id: u64, seen: &mut Vec<serde_json::Value>) -> serde_json::Value {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        loop {
            match self.lines.try_recv() {
                Ok(m) if m["id"] == id && m.get("method").is_none() => return m,
                Ok(m) => seen.push(m),
                Err(_) => {
                    assert!(
                        std::time::Instant::now() < deadline,
                        "no response to request {id}; seen: {seen:#?}"
                    );
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
        }
    }
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
        run("shell", "echo from-the-editor"),
        ScriptedResponse::text("Done for the editor."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start(work.path(), &env);
    let notifications = home.path().join("notifications.log");
    let _monitor = desktop.watch_notifications(&notifications);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let outcome = async {
        let title = wd.js("return document.title", json!([])).await;
        assert_eq!(title, "Open Interpreter");

        // Approve: the code card appears, then its output streams in.
        wd.say("what is 6*7?").await;
        let first = wd.pending_card(0).await;
        let code = wd
            .text_when(&format!("[data-call-id='{first}'] pre.code"), "print")
            .await;
        assert!(code.contains("print('streamed', 6 * 7)"), "{code}");
        wd.text_when("[data-testid=assistant-message] strong", "compute")
            .await;
        // While it waits: the tray says so, and a desktop notification was sent.
        tray_shows(&desktop, "waiting").await;
        let notified = std::fs::read_to_string(&notifications).unwrap();
        assert!(notified.contains("Approval needed"), "{notified}");
        assert!(notified.contains("print('streamed', 6 * 7)"), "{notified}");
        pointer::approve_and_read(&wd, &desktop, &first, "streamed 42").await;
        wd.text_when(
            &format!("[data-call-id='{first}'] [data-testid=exec-status]"),
            "exit 0",
        )
        .await;
        wd.text_when("[data-testid=assistant-message]", "It printed 42.")
            .await;
        tray_shows(&desktop, "idle").await;

        // Deny: nothing runs, the model is told.
        wd.say("write a file with echo").await;
        let second = wd.pending_card(1).await;
        pointer::click(
            &wd,
            &desktop,
            &format!("[data-call-id='{second}'] [data-testid=deny]"),
        )
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
        wd.say("make notes").await;
        let third = wd.pending_card(2).await;
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

        // An editor's session, relayed into the app by `interpreter acp`: it streams in the
        // window, and its approval is answered there.
        let mut editor = Editor::start(
            &[
                "--model",
                "openai/scripted",
                "--api_base",
                &server.base_url(),
            ],
            &env,
        );
        let mut seen = Vec::new();
        editor.send(json!({"jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": {"protocolVersion": 1, "clientCapabilities": {}}}));
        editor.response(1, &mut seen).await;
        editor.send(json!({"jsonrpc": "2.0", "id": 2, "method": "session/new",
            "params": {"cwd": work.path(), "mcpServers": []}}));
        let opened = editor.response(2, &mut seen).await;
        let session = opened["result"]["sessionId"].clone();
        assert!(session.is_string(), "{opened}");
        editor.send(json!({"jsonrpc": "2.0", "id": 3, "method": "session/prompt",
            "params": {"sessionId": session, "prompt": [{"type": "text", "text": "echo for the editor"}]}}));
        wd.wait_for(
            "the editor's session in the list",
            "const i = [...document.querySelectorAll('[data-testid=session-item]')].find(e => e.textContent.includes('echo for the editor')); if (i) i.click(); return !!i;",
            json!([]),
        )
        .await;
        let card = wd.pending_card(0).await;
        wd.text_when(
            &format!("[data-call-id='{card}'] pre.code"),
            "from-the-editor",
        )
        .await;
        tray_shows(&desktop, "waiting").await;
        wd.click(&format!("[data-call-id='{card}'] [data-testid=approve]"))
            .await;
        wd.text_when(
            &format!("[data-call-id='{card}'] [data-testid=exec-output]"),
            "from-the-editor",
        )
        .await;
        let done = editor.response(3, &mut seen).await;
        assert_eq!(done["result"]["stopReason"], "end_turn", "{done}");
        let answer: String = seen
            .iter()
            .filter(|m| m["params"]["update"]["sessionUpdate"] == "agent_message_chunk")
            .filter_map(|m| m["params"]["update"]["content"]["text"].as_str())
            .collect();
        assert_eq!(answer, "Done for the editor.", "{seen:#?}");
        drop(editor.child);
    };
    desktop
        .run_app_test(
            &wd,
            "whole-app",
            std::time::Duration::from_secs(240),
            outcome,
        )
        .await;
    server.assert_invariants();
}
