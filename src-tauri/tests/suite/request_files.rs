//! A file the person names, described to the model, in the real window: a folder holding
//! weather.csv, a request naming it typed with real key presses; the window says in a notice
//! that the file's shape goes to the model, the person's message stays as typed, and the model's
//! request holds the file's columns after the person's words (the scripted model records it).

use std::path::Path;
use std::time::Duration;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Screen};
use super::pointer;
use super::webdriver::WebDriver;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_named_files_shape_goes_to_the_model_and_the_window_says_so() {
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "python", "code": "import csv\nrows = list(csv.DictReader(open('weather.csv')))\nprint(min(rows, key=lambda r: float(r['temp']))['city'])"}),
        ),
        ScriptedResponse::text("The coldest city in weather.csv is oslo."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    std::fs::write(
        work.path().join("weather.csv"),
        "city,temp\noslo,-3.5\nrome,14.0\ncairo,24.5\n",
    )
    .unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start_on(Screen::PERSONS, work.path(), &env);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;
    let request = "Which city in weather.csv was the coldest?";

    let outcome = async {
        pointer::say(&wd, &desktop, request).await;
        let notice = wd.text_when("[data-testid=notice]", "weather.csv").await;
        assert!(
            notice.contains("the shape of `weather.csv`")
                && notice.contains("goes to the model with the request"),
            "{notice}"
        );
        // The person's message as typed: the description is for the model only.
        let said = wd.text_when("[data-testid=user-message]", "coldest").await;
        assert_eq!(said.trim(), request);
        assert!(!said.contains("temp"), "{said}");

        // What the model was asked: the person's words, then the file's columns.
        assert!(
            server
                .wait_for_model_requests_async(1, Duration::from_secs(30))
                .await
        );
        let first = &server.model_requests()[0];
        let asked: Vec<String> = first
            .messages()
            .iter()
            .filter(|m| m["role"] == "user")
            .map(|m| m["content"].to_string())
            .collect();
        assert_eq!(asked.len(), 1, "{asked:?}");
        let asked = &asked[0];
        let words = asked.find(request).expect("the person's words");
        let columns = asked
            .find("the columns `city`, `temp`")
            .unwrap_or_else(|| panic!("no columns in {asked}"));
        assert!(words < columns, "{asked}");
        assert!(asked.contains("has 4 lines"), "{asked}");

        // The code runs once the person approves it with the pointer, and the answer comes.
        let card = wd.pending_card(0).await;
        pointer::approve_and_read(&wd, &desktop, &card, "oslo").await;
        wd.text_when("[data-testid=assistant-message]", "coldest city")
            .await;
        // The next request still shows the model the same first message (a runtime's prompt
        // cache still holds it).
        let second = &server.model_requests()[1];
        let again = second
            .messages()
            .iter()
            .find(|m| m["role"] == "user")
            .map(|m| m["content"].to_string())
            .unwrap_or_default();
        assert_eq!(&again, asked);

        // The webview paints a moment after its page changes.
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop
            .screenshot(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("request-files-screen.png"));
    };
    desktop
        .run_app_test(&wd, "request-files", Duration::from_secs(120), outcome)
        .await;
    server.assert_invariants();
}
