//! Long output in the real window, as a person sees it. A run that prints without end: its
//! first mebibyte streams into the card, then one line says the rest is not shown as it comes,
//! and once it ends its last lines, the box showing its end; the window stays usable (keys
//! typed into the composer show), and the session log holds no more than what was shown. A run
//! that prints slowly: its box follows the output as it streams, and once the person scrolls it
//! back with the mouse wheel it stays where they left it while lines keep coming.

use std::path::Path;
use std::time::Duration;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::desktop::{Desktop, Screen};
use super::pointer;
use super::webdriver::WebDriver;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn long_output_shows_its_start_and_end_and_its_box_stays_where_the_person_scrolls() {
    // About 11 MB of lines, ended by a line a person looks for.
    let code = "for i in range(400_000):\n    print(f'line {i:06d} of a run that floods its output')\nprint('THE LAST LINE')";
    let server = ScriptedModelServer::start(Script::new(vec![
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": code})),
        ScriptedResponse::text("It printed 400000 lines."),
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "python", "code": "import time\nfor i in range(400):\n    print(f'step {i:03d}', flush=True)\n    time.sleep(0.025)\nprint('DONE COUNTING')"}),
        ),
        ScriptedResponse::text("Counted."),
    ]))
    .await;
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let env = super::desktop::app_env(home.path());
    let desktop = Desktop::start_on(Screen::PERSONS, work.path(), &env);
    let wd = WebDriver::open_app(&desktop.driver_url, &server.base_url(), &[]).await;

    let outcome = async {
        pointer::say(&wd, &desktop, "print a lot").await;
        let card = wd.pending_card(0).await;
        let output = format!("[data-call-id='{card}'] [data-testid=exec-output]");
        pointer::approve_and_read(&wd, &desktop, &card, "THE LAST LINE").await;
        wd.text_when(
            &format!("[data-call-id='{card}'] [data-testid=exec-status]"),
            "exit 0",
        )
        .await;
        wd.text_when(
            "[data-testid=assistant-message]",
            "It printed 400000 lines.",
        )
        .await;
        let shown = wd
            .js(
                "return document.querySelector(arguments[0]).textContent",
                json!([output]),
            )
            .await;
        let shown = shown.as_str().unwrap();
        let (head, rest) = shown
            .split_once(&oi_exec::stream_cut_marker(oi_exec::STREAM_LIMIT))
            .unwrap_or_else(|| panic!("no cut line in {} bytes", shown.len()));
        assert!(head.starts_with("line 000000 of a run"), "{}", &head[..60]);
        assert!(head.len() <= oi_exec::STREAM_LIMIT, "{}", head.len());
        assert!(
            rest.starts_with("… [") && rest.contains("MiB not shown"),
            "{}",
            &rest[..80]
        );
        assert!(
            rest.ends_with("line 399999 of a run that floods its output\nTHE LAST LINE\n"),
            "{}",
            &rest[rest.len() - 120..]
        );
        assert!(rest.len() < oi_exec::STREAM_END + 200, "{}", rest.len());

        // The box shows the end, where the last line is.
        let from_end = "const e = document.querySelector(arguments[0]); \
                        return e.scrollHeight - e.scrollTop - e.clientHeight;";
        let left = wd.js(from_end, json!([output])).await;
        assert!(
            left.as_f64().unwrap() < 24.0,
            "{left} px below the box's view"
        );

        // The window takes keys: a person types the next message while the card is there.
        let composer = "[data-testid=message-input]";
        pointer::click(&wd, &desktop, composer).await;
        pointer::type_over(&wd, &desktop, composer, "thanks").await;

        // The session log holds what was shown, not the 11 MB.
        let logs = super::desktop::session_logs(&home.path().join("data"));
        let size: u64 = logs
            .iter()
            .map(|l| std::fs::metadata(l).unwrap().len())
            .sum();
        assert!(!logs.is_empty());
        assert!(size < 3 * 1024 * 1024, "the session logs hold {size} bytes");

        // The card scrolled to its end, as a person would look at it.
        wd.js(
            "document.querySelector(arguments[0]).scrollIntoView({block: 'end'})",
            json!([output]),
        )
        .await;
        tokio::time::sleep(Duration::from_millis(700)).await;
        desktop.screenshot(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("flood-screen.png"));

        // A slow run: its box follows the lines as they come; scrolled back with the wheel,
        // it stays there while more come, and after the run ends.
        pointer::click(&wd, &desktop, "[data-testid=send]").await;
        let slow = wd.pending_card(1).await;
        let box_of = format!("[data-call-id='{slow}'] [data-testid=exec-output]");
        pointer::click(
            &wd,
            &desktop,
            &format!("[data-call-id='{slow}'] [data-testid=approve]"),
        )
        .await;
        wd.text_when(&box_of, "step 090").await;
        let scroll = "return document.querySelector(arguments[0]).scrollTop";
        let followed = wd.js(scroll, json!([box_of])).await.as_f64().unwrap();
        let left = wd.js(from_end, json!([box_of])).await.as_f64().unwrap();
        assert!(
            followed > 0.0 && left < 24.0,
            "at {followed}, {left} px from the end"
        );
        pointer::wheel_up(&wd, &desktop, &box_of, 4).await;
        tokio::time::sleep(Duration::from_millis(400)).await;
        let left_at = wd.js(scroll, json!([box_of])).await.as_f64().unwrap();
        let shown = wd
            .js(
                "return document.querySelector(arguments[0]).textContent",
                json!([box_of]),
            )
            .await;
        assert!(
            !shown.as_str().unwrap().contains("DONE COUNTING"),
            "the run ended before the wheel turned: make it slower"
        );
        wd.text_when(&box_of, "DONE COUNTING").await;
        wd.text_when("[data-testid=assistant-message]", "Counted.")
            .await;
        let now = wd.js(scroll, json!([box_of])).await.as_f64().unwrap();
        let left = wd.js(from_end, json!([box_of])).await.as_f64().unwrap();
        assert!(
            left_at > 0.0,
            "the wheel took the box to its top: {left_at}"
        );
        assert!(
            (now - left_at).abs() < 2.0,
            "left at {left_at}, now at {now}"
        );
        assert!(
            left > 200.0,
            "the box went back to the end: {left} px from it"
        );
        desktop.screenshot(&Path::new(env!("CARGO_TARGET_TMPDIR")).join("slow-output-screen.png"));
    };
    desktop
        .run_app_test(&wd, "flood", Duration::from_secs(180), outcome)
        .await;
    server.assert_invariants();
}
