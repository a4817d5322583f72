//! A second launch while the app runs (`interpreter --gui ARGS` runs `interpreter-gui ARGS`):
//! the second process hands its prompt, folder, model and other flags to the running app and
//! ends; the running app starts a session with them (`-y` runs its code unasked, the request
//! carries its temperature) and the prompt reaches the model. One asking for another safe mode
//! is refused in the window.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::Desktop;
use super::webdriver::WebDriver;

/// `interpreter-gui ARGS` started again in `dir` on the running app's desktop; it hands over
/// and ends.
async fn launch_again(desktop: &Desktop, env: &[(&str, String)], dir: &Path, args: &[&str]) {
    let mut second = Command::new(env!("CARGO_BIN_EXE_interpreter-gui"));
    second
        .args(args)
        .current_dir(dir)
        .env("DISPLAY", &desktop.display)
        .env("DBUS_SESSION_BUS_ADDRESS", &desktop.bus)
        .env_remove("WAYLAND_DISPLAY");
    for (k, v) in env {
        second.env(k, v);
    }
    let mut child = second.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(
            Instant::now() < deadline,
            "the second launch kept running beside the first"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert!(status.success(), "the second launch ended with {status}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_launch_hands_its_prompt_to_the_running_app() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "shell", "code": "echo handed over > proof.txt"}),
        ),
        ScriptedResponse::text("Listed them."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let elsewhere = tempfile::tempdir().unwrap();
    let elsewhere_path = elsewhere.path().canonicalize().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start(work.path(), &env);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let outcome = async {
        // The second launch, from another folder, on the same desktop.
        launch_again(
            &desktop,
            &env,
            &elsewhere_path,
            &[
                "--model",
                "openai/other",
                "-y",
                "--temperature",
                "0.25",
                "--max-tokens",
                "77",
                "--plain",
                "list",
                "the files",
            ],
        )
        .await;

        // The running app took it: a session in that folder, with that model, its prompt sent.
        wd.text_when("[data-testid=user-message]", "list the files")
            .await;
        wd.text_when("[data-testid=assistant-message]", "Listed them.")
            .await;
        let folder = wd.text_when("[data-testid=session-folder]", "/").await;
        assert_eq!(folder, elsewhere_path.display().to_string());
        // Its flags held: -y ran the code in its folder without a card, and each request
        // carried its temperature and token limit. The ones not shown are said.
        assert_eq!(
            std::fs::read_to_string(elsewhere_path.join("proof.txt")).unwrap(),
            "handed over\n"
        );
        wd.text_when(
            "[data-testid=notice]",
            "Started by a second launch, with --max-tokens 77, --temperature 0.25. \
             --plain: only for the terminal, not used here.",
        )
        .await;
        let cards = wd
            .js(
                "return document.querySelectorAll('[data-testid=approve]').length",
                json!([]),
            )
            .await;
        assert_eq!(cards, json!(0));
        let requests = server.model_requests();
        assert_eq!(requests.len(), 2);
        for request in &requests {
            assert_eq!(request.body["model"], json!("other"));
            assert_eq!(request.body["temperature"], json!(0.25));
            assert_eq!(request.body["max_tokens"], json!(77));
        }
        assert!(
            requests[0]
                .messages()
                .iter()
                .any(|m| m["role"] == "user" && m["content"].to_string().contains("list the files")),
            "{:?}",
            requests[0].messages()
        );
        let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("second-launch.png");
        wd.screenshot(&shot).await;

        // One asking for another safe mode than the app's is refused, and says so: its prompt
        // would have run without it.
        launch_again(
            &desktop,
            &env,
            &elsewhere_path,
            &["--safe-mode", "auto", "delete the logs"],
        )
        .await;
        wd.text_when(
            "[data-testid=command-error]",
            "A second launch was not taken: the app is already running with its own sandbox and safe mode",
        )
        .await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(server.model_requests().len(), 2);
        let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("second-launch-refused.png");
        wd.screenshot(&shot).await;
    };
    desktop
        .run_app_test(&wd, "second-launch", Duration::from_secs(120), outcome)
        .await;
    server.assert_invariants();
}
