//! The model's task list in the real window, as a person sees it: a Claude Code session whose
//! model writes a `TodoWrite` list shows it as a checklist on the call's card and its progress in
//! the session bar, the message sent with real key presses on a desktop with a window manager.

use std::path::Path;
use std::time::Duration;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Screen};
use super::pointer;
use super::webdriver::WebDriver;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_plan_is_a_checklist_on_its_card_and_progress_in_the_session_bar() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call(
            "TodoWrite",
            json!({"todos": [
                {"content": "Read the report", "status": "completed", "activeForm": "Reading"},
                {"content": "Write the summary", "status": "in_progress", "activeForm": "Writing"},
                {"content": "Send it", "status": "pending", "activeForm": "Sending"}
            ]}),
        ),
        ScriptedResponse::text("Writing the summary now."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start_on(Screen::PERSONS, work.path(), &env);
    let wd = WebDriver::open_app(
        &desktop.driver_url,
        &server.base_url(),
        &["--profile", "claude-code"],
    )
    .await;

    let outcome = async {
        pointer::say(&wd, &desktop, "summarize the report and send it").await;
        wd.text_when(
            "[data-testid=assistant-message]",
            "Writing the summary now.",
        )
        .await;
        // The card: each step with its mark, in the model's order; nothing to approve.
        let steps = wd
            .js(
                "return [...document.querySelectorAll('[data-testid=plan-list] li')] \
                   .map(li => li.dataset.status + ':' + li.textContent);",
                json!([]),
            )
            .await;
        assert_eq!(
            steps,
            json!([
                "completed:✓ Read the report",
                "in_progress:▸ Write the summary",
                "pending:○ Send it"
            ])
        );
        assert_eq!(
            wd.js(
                "return document.querySelectorAll('[data-testid=approve]').length",
                json!([])
            )
            .await,
            json!(0)
        );
        // The session bar: how far the list is, and the step under way.
        wd.text_when("[data-testid=session-plan]", "plan 1/3 · Write the summary")
            .await;
        // The webview paints a moment after its page changes.
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("plan-screen.png"));
    };
    desktop
        .run_app_test(&wd, "plan", Duration::from_secs(120), outcome)
        .await;
    server.assert_invariants();
}
