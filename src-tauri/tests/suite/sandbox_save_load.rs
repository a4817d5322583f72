//! Where a session's code runs and what its conversation is, changed from the header in the real
//! window as a person does (real pointer clicks and keys, a window manager): the sandbox chosen
//! before the first message holds for its first run (landlock, read-only: the write is refused),
//! switched between turns it holds for the next (the write lands); the conversation saved to a
//! file is loaded into a new session, which the model then answers from.

use std::path::Path;
use std::time::Duration;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Screen};
use super::pointer;
use super::webdriver::WebDriver;

const WRITE: &str = "open('made.txt', 'w').write('x')\nprint('wrote made.txt')";

async fn shot(wd: &WebDriver, name: &str) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("sandbox-save-load-{name}.png"));
    wd.screenshot(&path).await;
}

/// Opens the header's sandbox menu and picks `choice` (`native:read-only`), by pointer.
async fn choose_sandbox(wd: &WebDriver, desktop: &Desktop, choice: &str) {
    pointer::click(wd, desktop, "[data-testid=session-sandbox]").await;
    pointer::click(
        wd,
        desktop,
        &format!("[data-testid=sandbox-choice][data-choice='{choice}']"),
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_sandbox_switches_and_a_saved_conversation_loads_in_the_real_window() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": WRITE})),
        ScriptedResponse::text("The sandbox kept me from writing."),
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": WRITE})),
        ScriptedResponse::text("Written this time."),
        ScriptedResponse::text("We wrote made.txt on the second try."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let work_path = work.path().canonicalize().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start_on(Screen::PERSONS, &work_path, &env);
    // Code runs without a card: what is tested here is where it runs.
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &["-y"]).await;

    let outcome = async {
        wd.text_when("[data-testid=session-sandbox]", "no sandbox")
            .await;
        // Before the first message: read-only, from the header's menu.
        choose_sandbox(&wd, &desktop, "native:read-only").await;
        wd.text_when(
            "[data-testid=session-sandbox]",
            "native sandbox · read-only",
        )
        .await;
        pointer::say(&wd, &desktop, "write made.txt").await;
        wd.text_when(
            "[data-testid=assistant-message]",
            "The sandbox kept me from writing.",
        )
        .await;
        let refused = wd.text_when("[data-testid=exec-output]", "Error").await;
        assert!(
            refused.contains("Permission denied") || refused.contains("Read-only"),
            "{refused}"
        );
        assert!(!work_path.join("made.txt").exists());
        shot(&wd, "read-only").await;

        // Between turns: workspace-write. The session says it switched; the next run writes.
        choose_sandbox(&wd, &desktop, "native:workspace-write").await;
        wd.text_when(
            "[data-testid=session-sandbox]",
            "native sandbox · workspace-write",
        )
        .await;
        pointer::say(&wd, &desktop, "try again").await;
        wd.text_when("[data-testid=assistant-message]", "Written this time.")
            .await;
        assert_eq!(
            std::fs::read_to_string(work_path.join("made.txt")).unwrap(),
            "x"
        );

        // Saved: the path typed over the one offered, Enter.
        let saved = work_path.join("chat.jsonl");
        pointer::click(&wd, &desktop, "[data-testid=session-save]").await;
        pointer::type_over(
            &wd,
            &desktop,
            "[data-testid=path-input]",
            &saved.display().to_string(),
        )
        .await;
        pointer::key(&desktop, "Return");
        wd.text_when(
            "[data-testid=notice]",
            &format!("Saved to {}", saved.display()),
        )
        .await;
        assert!(saved.is_file());
        shot(&wd, "saved").await;

        // Loaded into a new session (the file just saved is offered), which goes on from it.
        pointer::click(&wd, &desktop, "[data-testid=new-session]").await;
        pointer::click(&wd, &desktop, "[data-testid=session-load]").await;
        let offered = wd
            .wait_for(
                "the saved file offered",
                "const e = document.activeElement; return e?.dataset.testid === 'path-input' && e.value;",
                json!([]),
            )
            .await;
        assert_eq!(offered, json!(saved.display().to_string()));
        pointer::key(&desktop, "Return");
        wd.text_when("[data-testid=notice]", "loaded").await;
        wd.text_when("[data-testid=user-message]", "try again")
            .await;
        // The loaded runs show what they returned (a log's runs are not replayed as runs).
        wd.text_when("[data-testid=call-result]", "Error").await;
        pointer::say(&wd, &desktop, "what did we do?").await;
        wd.text_when(
            "[data-testid=assistant-message]",
            "We wrote made.txt on the second try.",
        )
        .await;
        let requests = server.model_requests();
        assert_eq!(requests.len(), 5);
        let sent = serde_json::to_string(&requests[4].messages()).unwrap();
        assert!(
            sent.contains("write made.txt") && sent.contains("Written this time."),
            "{sent}"
        );
        shot(&wd, "loaded").await;
    };
    desktop
        .run_app_test(&wd, "sandbox-save-load", Duration::from_secs(240), outcome)
        .await;
}

/// The app installed alone (no terminal `interpreter` beside it or on PATH), launched with
/// `--sandbox native`: the native sandbox needs that program to run code, so the header says
/// from the start that nothing runs and why, and the code the model asks for runs nowhere.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_the_terminal_program_the_native_sandbox_says_why_it_runs_nothing() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": WRITE})),
        ScriptedResponse::text("It did not run."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let work_path = work.path().canonicalize().unwrap();
    // The app alone in a folder of its own, and a PATH without any folder that holds an
    // `interpreter` (a developer's ~/.cargo/bin after `.ci/install`, say).
    let alone = tempfile::tempdir().unwrap();
    let app = alone.path().join("interpreter-gui");
    std::fs::copy(env!("CARGO_BIN_EXE_interpreter-gui"), &app).unwrap();
    let path: Vec<String> = std::env::var("PATH")
        .unwrap_or_default()
        .split(':')
        .filter(|dir| !dir.is_empty() && !Path::new(dir).join("interpreter").exists())
        .map(str::to_string)
        .collect();
    let mut env = super::desktop::app_env(home.path());
    env.push(("PATH", path.join(":")));
    let desktop = Desktop::start_on(Screen::PERSONS, &work_path, &env);
    let api_base = server.base_url();
    let wd = WebDriver::open_app_at(
        &desktop.driver_url,
        &app,
        &[
            "--model",
            "openai/scripted",
            "--api-base",
            &api_base,
            "-y",
            "--sandbox",
            "native",
        ],
    )
    .await;

    let outcome = async {
        wd.text_when(
            "[data-testid=session-sandbox]",
            "native sandbox unavailable: nothing runs",
        )
        .await;
        let why = wd
            .wait_for(
                "the header's title",
                "return document.querySelector('[data-testid=session-sandbox]').title",
                json!([]),
            )
            .await;
        assert!(
            why.as_str()
                .is_some_and(|t| t.contains("`interpreter`") && t.contains("PATH")),
            "{why}"
        );
        // Another native level chosen from the header before the first message: the same.
        choose_sandbox(&wd, &desktop, "native:read-only").await;
        wd.wait_for(
            "the header to say the chosen native sandbox runs nothing",
            "const b = document.querySelector('[data-testid=session-sandbox]'); \
             return b.textContent === 'native sandbox unavailable: nothing runs' && b.title.includes('PATH');",
            json!([]),
        )
        .await;
        pointer::say(&wd, &desktop, "write made.txt").await;
        // The session says it as it starts, and the run the model asked for is not run.
        let started = wd
            .text_when("[data-testid=error]", "neither beside the app nor on PATH")
            .await;
        assert!(started.starts_with("nothing will run"), "{started}");
        wd.text_when(
            "[data-testid=error]",
            "Not run: the native sandbox runs code through the terminal's `interpreter`",
        )
        .await;
        wd.text_when("[data-testid=assistant-message]", "It did not run.")
            .await;
        assert!(!work_path.join("made.txt").exists());
        shot(&wd, "no-helper").await;
    };
    desktop
        .run_app_test(&wd, "no-helper", Duration::from_secs(120), outcome)
        .await;
}
