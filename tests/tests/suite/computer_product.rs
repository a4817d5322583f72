//! The whole product: `interpreter exec --json --profile os` driven by a scripted Anthropic
//! model making `computer` calls against a real Tk application on a private X server.

use oi_product_tests::{Sandbox, of_type, run_exec_ok};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

use super::computer::Desktop;

/// `interpreter exec --json -y --profile os PROMPT` against the scripted Anthropic model, on
/// `display` (none: no display at all), run to its successful end; its events.
pub(super) fn run_os(
    sb: &Sandbox,
    server: &ScriptedModelServer,
    display: Option<&str>,
    prompt: &str,
) -> Vec<serde_json::Value> {
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json"])
        .args(os_args(server))
        .args(["-y", prompt]);
    if let Some(display) = display {
        cmd.env("DISPLAY", display);
    }
    run_exec_ok(&mut cmd)
}

/// The os profile on the scripted Anthropic model.
pub(super) fn os_args(server: &ScriptedModelServer) -> Vec<String> {
    let fixed = [
        "--profile",
        "os",
        "--model",
        "anthropic/claude-test",
        "--api_base",
    ];
    let mut args: Vec<String> = fixed.map(String::from).to_vec();
    args.push(server.base_url());
    args
}

/// The interactive `interpreter --profile os PROMPT` in a pty, on the desktop's display.
pub(super) fn os_terminal(
    sb: &Sandbox,
    server: &ScriptedModelServer,
    desktop: &Desktop,
    prompt: &str,
) -> expectrl::Session {
    let mut cmd = sb.command("interpreter");
    cmd.args(os_args(server))
        .arg(prompt)
        .env("DISPLAY", desktop.x.display());
    oi_product_tests::spawn_pty(cmd)
}

/// An action's plan ends on `target` (real pixels) in the probe's window.
pub(super) fn assert_plan_reaches(plan: &serde_json::Value, target: oi_protocol::Point) {
    assert_path_ends_at(&plan["planned_path"], target);
    assert_eq!(plan["target_window"]["title"], json!("OI Probe"));
}

/// A planned or actual pointer path's last sample is `target` (real pixels).
pub(super) fn assert_path_ends_at(path: &serde_json::Value, target: oi_protocol::Point) {
    let last = path.as_array().and_then(|p| p.last()).expect("a path");
    assert_eq!(
        (last["x"].as_i64(), last["y"].as_i64()),
        (Some(target.x as i64), Some(target.y as i64))
    );
}

#[test]
fn a_scripted_model_clicks_a_named_button_and_types_into_an_entry() {
    let desktop = Desktop::start(1920, 1080);
    let map = super::computer::screen_map(1920, 1080);
    let at = |name: &str| {
        let (x, y) = map.to_model(desktop.center(name)).expect("on screen");
        json!([x, y])
    };
    let computer = |args| ScriptedResponse::tool_call("computer", args);
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        computer(json!({"action": "screenshot"})),
        computer(json!({"action": "left_click", "coordinate": at("button")})),
        computer(json!({"action": "left_click", "coordinate": at("entry")})),
        computer(json!({"action": "type", "text": "from the model"})),
        ScriptedResponse::text("I pressed the button and filled in the entry."),
    ]));
    let sb = Sandbox::new();
    let events = run_os(
        &sb,
        &server,
        Some(desktop.x.display()),
        "press the button, then write in the entry",
    );

    // The application's own word.
    desktop.expect_line("clicked Press me");
    desktop.expect_line("entry 'from the model'");

    // Telemetry: every action planned, performed with its sampled path, a screenshot each.
    let shots = of_type(&events, "screenshot_taken");
    assert_eq!(shots.len(), 4, "one screenshot per action");
    let log_dir = sb.session_logs()[0].with_extension("");
    for s in &shots {
        let path = s["msg"]["screenshot"]["path"].as_str().expect("path");
        assert!(
            path.starts_with(log_dir.join("screenshots").to_str().expect("utf8")),
            "{path} beside the log"
        );
        assert_eq!(s["msg"]["screenshot"]["width"], json!(1366));
    }
    let performed = of_type(&events, "input_action_performed");
    assert_eq!(performed.len(), 3);
    let click = &performed[0]["msg"]["record"];
    assert_eq!(click["action"], json!("left_click"));
    let target = map
        .to_real(
            at("button")[0].as_i64().unwrap_or(0),
            at("button")[1].as_i64().unwrap_or(0),
        )
        .expect("inside");
    assert_path_ends_at(&click["actual_path"], target);
    assert!(
        click["planned_path"]
            .as_array()
            .is_some_and(|p| p.len() > 5)
    );
    assert_eq!(click["target"], json!({"x": target.x, "y": target.y}));
    assert_eq!(
        performed[2]["msg"]["record"]["text"],
        json!("from the model")
    );
    assert_eq!(of_type(&events, "screen_diff_computed").len(), 3);
    let focus = of_type(&events, "window_focus_changed");
    assert_eq!(
        focus.first().map(|f| f["msg"]["window"]["title"].clone()),
        Some(json!("OI Probe")),
        "the probe has the focus"
    );

    // The model saw each screenshot as an image in its tool result; the log holds paths, not pixels.
    let requests = server.model_requests();
    let second = requests[1].body.clone();
    let result = second["messages"]
        .as_array()
        .and_then(|m| m.last())
        .expect("last message");
    let tool_result = result["content"]
        .as_array()
        .and_then(|c| c.iter().find(|b| b["type"] == "tool_result"))
        .expect("tool_result");
    let blocks = tool_result["content"]
        .as_array()
        .unwrap_or_else(|| panic!("tool_result content: {tool_result}"));
    assert!(
        blocks
            .iter()
            .any(|b| b["type"] == "image" && b["source"]["media_type"] == "image/png"),
        "{blocks:?}"
    );
    let log = std::fs::read_to_string(&sb.session_logs()[0]).expect("log");
    assert!(
        !log.contains("iVBORw0KGgo"),
        "no inline base64 PNG in the session log"
    );
    server.assert_invariants();
}

#[test]
fn without_a_display_the_session_goes_on_with_a_clear_error() {
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call("computer", json!({"action": "screenshot"})),
        ScriptedResponse::text("There is no screen here."),
    ]));
    let sb = Sandbox::new();
    let events = run_os(&sb, &server, None, "take a screenshot");
    let result = &of_type(&events, "tool_result")[0]["msg"];
    assert_eq!(result["is_error"], json!(true));
    let text = result["output"].as_str().expect("output");
    assert!(
        text.contains("DISPLAY") && text.contains("WAYLAND_DISPLAY") && text.contains("Xvfb"),
        "{text}"
    );
    assert!(!of_type(&events, "error").is_empty());
    assert_eq!(
        of_type(&events, "turn_ended")[0]["msg"]["reason"],
        json!("completed")
    );
}

#[test]
fn the_gate_runs_screenshots_and_asks_for_clicks_with_their_plan() {
    let desktop = Desktop::start(1280, 800);
    let button = desktop.center("button");
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call("computer", json!({"action": "screenshot"})),
        ScriptedResponse::tool_call(
            "computer",
            json!({"action": "left_click", "coordinate": [button.x, button.y]}),
        ),
        ScriptedResponse::text("Pressed."),
    ]));
    let sb = Sandbox::new();
    let mut p = os_terminal(&sb, &server, &desktop, "press the button");
    p.expect("Do this on the screen?").expect("the click asks");
    // Asked, not done: the app saw no click yet.
    assert!(!desktop.drain().iter().any(|l| l.starts_with("clicked")));
    let events = sb.log_events();
    // The screenshot ran without asking: the policy approves looking.
    let decided = of_type(&events, "approval_decided");
    assert_eq!(decided.len(), 1);
    assert_eq!(decided[0]["msg"]["decider"], json!("policy"));
    // The click waits for a person, showing where the pointer will go and into which window.
    let asked = of_type(&events, "approval_requested");
    assert_eq!(asked.len(), 1, "the click asks");
    assert_plan_reaches(&asked[0]["msg"]["call"]["action"]["plan"], button);
    p.send_line("y").expect("answer");
    desktop.expect_line("clicked Press me");
    p.expect("Pressed.").expect("final answer");
}

/// The person's config.toml chooses the screenshot size the model sees and the monitor; a
/// monitor that is not there is a clear error and the session goes on.
#[test]
fn config_chooses_the_screenshot_size_and_the_monitor() {
    let desktop = Desktop::start(1920, 1080);
    let look = || {
        ScriptedModelServer::start_blocking(Script::new(vec![
            ScriptedResponse::tool_call("computer", json!({"action": "screenshot"})),
            ScriptedResponse::text("Seen."),
        ]))
    };
    let sb = Sandbox::new();
    let conf = sb.config().join("open-interpreter");
    std::fs::create_dir_all(&conf).expect("config dir");

    std::fs::write(
        conf.join("config.toml"),
        "[computer]\nscreenshot_size = [960, 540]\n",
    )
    .expect("config");
    let server = look();
    let events = run_os(&sb, &server, Some(desktop.x.display()), "look");
    let shot = &of_type(&events, "screenshot_taken")[0]["msg"]["screenshot"];
    assert_eq!(
        (&shot["width"], &shot["height"]),
        (&json!(960), &json!(540))
    );
    assert_eq!(shot["source"]["width"], json!(1920));

    std::fs::write(conf.join("config.toml"), "[computer]\nmonitor = 1\n").expect("config");
    let server = look();
    let events = run_os(&sb, &server, Some(desktop.x.display()), "look");
    let result = &of_type(&events, "tool_result")[0]["msg"];
    assert_eq!(result["is_error"], json!(true));
    let text = result["output"].as_str().expect("output");
    assert!(
        text.contains("there is no monitor 1 (this desktop has 1)"),
        "{text}"
    );
    assert_eq!(
        of_type(&events, "turn_ended")[0]["msg"]["reason"],
        json!("completed")
    );
}

/// Ctrl-C in the terminal while the agent holds shift for a minute: the hold ends at once,
/// shift is up again (what the person types next is lower case), and the session goes on.
#[test]
fn ctrl_c_stops_a_running_screen_action_and_releases_the_keys_it_held() {
    let desktop = Desktop::start(1280, 800);
    let map = super::computer::screen_map(1280, 800);
    let (x, y) = map.to_model(desktop.center("entry")).expect("on screen");
    let computer = |args| ScriptedResponse::tool_call("computer", args);
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        computer(json!({"action": "left_click", "coordinate": [x, y]})),
        computer(json!({"action": "hold_key", "text": "shift", "duration": 60})),
        // The request after the stop may or may not reach the server before the interrupt.
        ScriptedResponse::text("Still here."),
        ScriptedResponse::text("Still here."),
    ]));
    let sb = Sandbox::new();
    let mut p = os_terminal(&sb, &server, &desktop, "hold shift in the entry");
    p.expect("Do this on the screen?").expect("the click asks");
    p.send_line("y").expect("answer");
    p.expect("Do this on the screen?").expect("the hold asks");
    p.send_line("y").expect("answer");
    // The hold is under way once the terminal shows it approved; then the person stops it.
    std::thread::sleep(std::time::Duration::from_millis(500));
    p.send("\x03").expect("ctrl-c");
    p.expect("> ").expect("the prompt is back");
    desktop.drain();
    desktop.x.run("xdotool", &["type", "a"]);
    assert_eq!(
        desktop.expect_line("entry "),
        "entry 'a'",
        "shift is still held"
    );
    let events = sb.log_events();
    assert_eq!(
        of_type(&events, "turn_ended")[0]["msg"]["reason"],
        json!("interrupted")
    );
    let held = of_type(&events, "tool_result");
    assert!(
        held[1]["msg"]["output"]
            .as_str()
            .is_some_and(|o| o.starts_with("Stopped by the person")),
        "{held:?}"
    );
    p.send_line("go on").expect("next request");
    p.expect("Still here.").expect("the session goes on");
}
