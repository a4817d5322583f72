//! The session's own state and controls in the real window, used as a person does (real pointer
//! clicks and key presses on a desktop with a window manager; tauri-driver only reads the page): a
//! folder chosen before the first message is where code runs, in the header, the session list
//! and the recent folders; the header shows safe mode and tokens; a safe-mode finding is shown
//! beside the line it concerns; Undo and Reset change what the model is sent next (the scripted model records every
//! request); End session stops the session's Python kernel (its process is gone) and the next
//! message continues the session from its log.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Screen};
use super::pointer;
use super::webdriver::WebDriver;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

/// Every text the person sent in the model request number `n` (1-based), once it was made.
async fn user_texts(server: &ScriptedModelServer, n: usize) -> String {
    assert!(
        server
            .wait_for_model_requests_async(n, Duration::from_secs(30))
            .await,
        "the model was asked fewer than {n} times"
    );
    let request = &server.model_requests()[n - 1];
    request
        .messages()
        .iter()
        .filter(|m| m["role"] == "user")
        .map(|m| m["content"].to_string())
        .collect::<Vec<_>>()
        .join("\n")
}

/// A picture of the window for people to look at (nothing is asserted on it).
async fn shot(wd: &WebDriver, name: &str) -> PathBuf {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("session-controls-{name}.png"));
    wd.screenshot(&path).await;
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn folder_header_risks_undo_reset_and_end_in_the_real_window() {
    let server = ScriptedModelServer::start(Script::new(vec![
        run("shell", "echo cleaning\nrm -rf ~").with_usage(100, 10),
        ScriptedResponse::text("I will not delete your home.").with_usage(120, 6),
        run(
            "python",
            "import os\nopen('here.txt', 'w').write(os.getcwd())\nprint('pid', os.getpid())",
        )
        .with_usage(1500, 20),
        ScriptedResponse::text("That is my kernel.").with_usage(1600, 8),
        ScriptedResponse::text("Third answer."),
        ScriptedResponse::text("Fourth answer."),
        ScriptedResponse::text("Welcome back."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let chosen = tempfile::tempdir().unwrap();
    let chosen_path = chosen.path().canonicalize().unwrap().display().to_string();
    let env = super::desktop::app_env(home.path());
    // Room for the whole window with its title bar, and a window manager: a click activates
    // the window and moves the keyboard focus, as on a person's desktop.
    let desktop = Desktop::start_on(Screen::PERSONS, work.path(), &env);
    let wd = WebDriver::open_app(
        &desktop.driver_url,
        &server.base_url(),
        &["--safe-mode", "ask"],
    )
    .await;

    let outcome = async {
        // The header, before the first message: where it will work and how code is checked.
        let folder = wd.text_when("[data-testid=session-folder]", "/").await;
        assert_eq!(folder, work.path().display().to_string());
        wd.text_when("[data-testid=session-safe-mode]", "warn and ask")
            .await;
        wd.text_when("[data-testid=session-sandbox]", "no sandbox")
            .await;
        wd.text_when("[data-testid=session-tokens]", "no tokens yet")
            .await;

        // Another folder, typed into the picker before the first message.
        // The picker takes the keyboard focus with the current folder in it: replaced by typing.
        pointer::click(&wd, &desktop, "[data-testid=session-folder]").await;
        let focused = wd
            .wait_for(
                "the folder input focused",
                "return document.activeElement?.dataset.testid === 'folder-input' && document.activeElement.value",
                json!([]),
            )
            .await;
        assert_eq!(focused, json!(work.path().display().to_string()));
        pointer::type_over(&wd, &desktop, "[data-testid=folder-input]", &chosen_path).await;
        // The webview paints a moment after its page changes.
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(
            &Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join("session-controls-folder-typed-screen.png"),
        );
        pointer::click(&wd, &desktop, "[data-testid=folder-use]").await;
        wd.text_when("[data-testid=session-folder]", &chosen_path)
            .await;

        // A safe-mode finding, beside the line it concerns.
        pointer::say(&wd, &desktop, "clean up my home").await;
        let risky = wd.pending_card(0).await;
        let card = format!("[data-call-id='{risky}']");
        let finding = wd
            .text_when(&format!("{card} [data-testid=risk]"), "rm-rf-broad")
            .await;
        assert!(finding.contains("critical"), "{finding}");
        assert!(finding.contains("line 2"), "{finding}");
        let marked = wd
            .js(
                "const l = document.querySelector(`${arguments[0]} [data-testid=risky-line]`); \
                 return l ? [l.dataset.line, l.textContent] : null;",
                json!([card]),
            )
            .await;
        assert_eq!(marked[0], "2", "{marked}");
        assert!(
            marked[1].as_str().unwrap().contains("rm -rf ~")
                && marked[1]
                    .as_str()
                    .unwrap()
                    .contains("critical · rm-rf-broad"),
            "{marked}"
        );
        shot(&wd, "risk").await;
        pointer::click(&wd, &desktop, &format!("{card} [data-testid=deny]")).await;
        wd.text_when(
            "[data-testid=assistant-message]",
            "I will not delete your home.",
        )
        .await;

        // A Python run: its kernel's pid, and the tokens the model reported.
        pointer::say(&wd, &desktop, "what is the pid of your python?").await;
        let card = format!("[data-call-id='{}']", wd.pending_card(1).await);
        pointer::click(&wd, &desktop, &format!("{card} [data-testid=approve]")).await;
        // Python's print writes "pid" and the number apart, and the card shows output as it
        // arrives: read it once the turn has answered (CI once read "pid " alone).
        wd.text_when("[data-testid=assistant-message]", "That is my kernel.")
            .await;
        let output = wd
            .text_when(&format!("{card} [data-testid=exec-output]"), "pid")
            .await;
        // The number after "pid".
        let pid: u32 = output
            .split_whitespace()
            .skip_while(|w| *w != "pid")
            .nth(1)
            .and_then(|p| p.parse().ok())
            .unwrap_or_else(|| panic!("no pid in the card's output: {output:?}"));
        // It ran in the chosen folder.
        assert_eq!(
            std::fs::read_to_string(chosen.path().join("here.txt")).unwrap(),
            chosen_path
        );
        assert!(!work.path().join("here.txt").exists());
        assert!(Path::new(&format!("/proc/{pid}")).exists());
        // 100 + 120 + 1500 + 1600 in, 10 + 6 + 20 + 8 out.
        wd.text_when("[data-testid=session-tokens]", "3.3k in · 44 out tokens")
            .await;

        // Undo takes back the last exchange: the model no longer sees it.
        pointer::click(&wd, &desktop, "[data-testid=session-undo]").await;
        wd.text_when("[data-testid=notice]", "Took back the last message")
            .await;
        let struck = wd
            .js(
                "return [...document.querySelectorAll('[data-forgotten=true][data-testid=user-message]')].map(e => e.textContent)",
                json!([]),
            )
            .await;
        assert_eq!(struck, json!(["what is the pid of your python?"]));
        shot(&wd, "undo").await;
        pointer::say(&wd, &desktop, "third message").await;
        wd.text_when("[data-testid=assistant-message]", "Third answer.")
            .await;
        let sent = user_texts(&server, 5).await;
        assert!(sent.contains("clean up my home"), "{sent}");
        assert!(!sent.contains("pid of your python"), "{sent}");

        // Reset forgets the whole conversation.
        pointer::click(&wd, &desktop, "[data-testid=session-reset]").await;
        wd.text_when("[data-testid=notice]", "The conversation was cleared.")
            .await;
        pointer::say(&wd, &desktop, "fourth message").await;
        wd.text_when("[data-testid=assistant-message]", "Fourth answer.")
            .await;
        let sent = user_texts(&server, 6).await;
        assert!(sent.contains("fourth message"), "{sent}");
        assert!(
            !sent.contains("clean up my home") && !sent.contains("third message"),
            "{sent}"
        );

        // End session: the kernel stops, the session is no longer running, its transcript stays.
        pointer::click(&wd, &desktop, "[data-testid=session-end]").await;
        wd.wait_for(
            "the controls off once the session ended",
            "return document.querySelector('[data-testid=session-end]').disabled \
             && document.querySelector('[data-testid=session-undo]').disabled",
            json!([]),
        )
        .await;
        wd.text_when("[data-testid=notice]", "The session ended.")
            .await;
        let deadline = Instant::now() + Duration::from_secs(20);
        while Path::new(&format!("/proc/{pid}")).exists() {
            assert!(
                Instant::now() < deadline,
                "the kernel {pid} outlived its session"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        wd.wait_for(
            "the session listed as not running",
            "const i = document.querySelector('[data-testid=session-item].current'); return !!i && !i.classList.contains('live');",
            json!([]),
        )
        .await;
        // The list names its folder.
        let listed = wd
            .text_when(
                "[data-testid=session-item].current [data-testid=session-item-folder]",
                "",
            )
            .await;
        assert_eq!(listed, chosen.path().file_name().unwrap().to_str().unwrap());
        shot(&wd, "ended").await;

        // The next message continues it from its log.
        pointer::say(&wd, &desktop, "back again").await;
        wd.text_when("[data-testid=assistant-message]", "Welcome back.")
            .await;
        let sent = user_texts(&server, 7).await;
        assert!(sent.contains("back again"), "{sent}");

        // A new session offers the chosen folder among the recent ones.
        pointer::click(&wd, &desktop, "[data-testid=new-session]").await;
        pointer::click(&wd, &desktop, "[data-testid=session-folder]").await;
        let recent = wd
            .wait_for(
                "the folder picker open with its recent folders",
                "const p = document.querySelector('[data-testid=folder-picker]'); \
                 return !p.classList.contains('hidden') \
                   && [...p.querySelectorAll('[data-testid=recent-folder]')].map(e => e.textContent);",
                json!([]),
            )
            .await;
        assert_eq!(recent[0], json!(chosen_path), "{recent}");
        shot(&wd, "folders").await;
    };
    desktop
        .run_app_test(&wd, "session-controls", Duration::from_secs(240), outcome)
        .await;
    server.assert_invariants();
}
