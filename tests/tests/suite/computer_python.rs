//! The `computer` object in the Python kernel, as classic Open Interpreter has it: a scripted model
//! writes Python that clicks, types and looks through it, against the real Tk probe on a private
//! X server; each action passes the same gate as a `computer` tool call.

use oi_product_tests::{Sandbox, of_type, tool_outputs};
use oi_protocol::Point;
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

use super::computer::Desktop;
use super::computer_product::{
    assert_path_ends_at, assert_plan_reaches, os_args, os_terminal, run_os,
};

fn python(code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": "python", "code": code}))
}

use super::computer::screen_map;

/// The tool_result blocks of the last message of an Anthropic request.
fn last_tool_result(request: &Value) -> Vec<Value> {
    let last = request["messages"]
        .as_array()
        .and_then(|m| m.last())
        .expect("last message");
    let result = last["content"]
        .as_array()
        .and_then(|c| c.iter().find(|b| b["type"] == "tool_result"))
        .unwrap_or_else(|| panic!("no tool_result in {last}"));
    match &result["content"] {
        Value::Array(blocks) => blocks.clone(),
        other => vec![json!({"type": "text", "text": other})],
    }
}

/// The gate's decisions on actions of code (calls numbered below the code block's).
fn code_actions_decided(events: &[Value]) -> Vec<&Value> {
    of_type(events, "approval_decided")
        .into_iter()
        .filter(|e| {
            e["msg"]["call_id"]
                .as_str()
                .is_some_and(|id| id.contains(".computer_"))
        })
        .collect()
}

fn has_png(blocks: &[Value]) -> bool {
    blocks
        .iter()
        .any(|b| b["type"] == "image" && b["source"]["media_type"] == "image/png")
}

fn text_of(blocks: &[Value]) -> String {
    blocks
        .iter()
        .filter_map(|b| b["text"].as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn python_code_looks_clicks_and_types_through_the_preloaded_computer() {
    let desktop = Desktop::start(1920, 1080);
    let map = screen_map(1920, 1080);
    let model = |name: &str| map.to_model(desktop.center(name)).expect("on screen");
    let (bx, by) = model("button");
    let (ex, ey) = model("entry");
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python("computer.display.view()"),
        python(&format!(
            "computer.mouse.click({bx}, {by})\n\
             computer.mouse.click({ex}, {ey})\n\
             computer.keyboard.write('typed from python')\n\
             print('pointer at', computer.mouse.position())"
        )),
        ScriptedResponse::text("Pressed and typed."),
    ]));
    let sb = Sandbox::new();
    let events = run_os(
        &sb,
        &server,
        Some(desktop.x.display()),
        "press the button and type",
    );

    // The application's own word.
    desktop.expect_line("clicked Press me");
    desktop.expect_line("entry 'typed from python'");

    // Each action went through the gate as a `computer` call with its plan, approved by the policy.
    let asked = code_actions_decided(&events);
    assert_eq!(asked.len(), 5, "view, click, click, write, position");
    assert!(asked.iter().all(|e| e["msg"]["decider"] == json!("policy")));
    let performed = of_type(&events, "input_action_performed");
    let actions: Vec<&str> = performed
        .iter()
        .filter_map(|e| e["msg"]["record"]["action"].as_str())
        .collect();
    assert_eq!(actions, ["left_click", "left_click", "type"]);
    // Model pixels map to the real pixel under the button, as for the tool.
    let target = map.to_real(bx, by).expect("inside");
    assert_path_ends_at(&performed[0]["msg"]["record"]["actual_path"], target);
    let entry = map.to_real(ex, ey).expect("inside");
    assert_eq!(
        desktop.pointer(),
        Point {
            x: entry.x,
            y: entry.y
        }
    );

    // view() put the screenshot beside the first block's output; the clicks' screenshots stay
    // telemetry, not images for the model.
    let requests = server.model_requests();
    assert_eq!(requests.len(), 3);
    assert!(has_png(&last_tool_result(&requests[1].body)));
    let second = last_tool_result(&requests[2].body);
    assert!(!has_png(&second), "{second:?}");
    assert!(
        text_of(&second).contains(&format!("pointer at ({ex}, {ey})")),
        "{second:?}"
    );
    server.assert_invariants();

    // Resumed from its log, the conversation is the same: the code's actions left no calls or
    // results of their own, and view()'s screenshot is still the first block's image.
    let server2 =
        ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text("Again.")]));
    let mut cmd = sb.command("interpreter");
    cmd.args(os_args(&server2))
        .arg("--resume")
        .env("DISPLAY", desktop.x.display());
    let mut p = oi_product_tests::spawn_pty(cmd);
    p.expect("resumed").expect("resumed");
    p.expect("> ").expect("prompt");
    p.send_line("go on").expect("send");
    p.expect("Again.").expect("the answer");
    let resumed = &server2.model_requests()[0].body;
    let blocks: Vec<Value> = resumed["messages"]
        .as_array()
        .expect("messages")
        .iter()
        .flat_map(|m| m["content"].as_array().cloned().unwrap_or_default())
        .filter(|b| b["type"] == "tool_use" || b["type"] == "tool_result")
        .collect();
    assert_eq!(
        blocks.len(),
        4,
        "two code blocks and their results: {blocks:?}"
    );
    let images: Vec<bool> = blocks
        .iter()
        .filter(|b| b["type"] == "tool_result")
        .map(|b| has_png(b["content"].as_array().map_or(&[][..], |c| c.as_slice())))
        .collect();
    assert_eq!(images, [true, false]);
    server2.assert_invariants();
}

#[test]
fn an_action_from_code_asks_with_its_plan_and_a_denial_raises_in_python() {
    let desktop = Desktop::start(1280, 800);
    let button = desktop.center("button");
    let code = format!(
        "try:\n    computer.mouse.click({}, {})\nexcept computer.ActionDenied as e:\n    print('refused:', e)\n\
         computer.mouse.click({}, {})",
        button.x, button.y, button.x, button.y
    );
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python(&code),
        ScriptedResponse::text("The person said no."),
    ]));
    let sb = Sandbox::new();
    let mut p = os_terminal(&sb, &server, &desktop, "press the button");
    p.expect("Run this code?").expect("the code asks");
    p.send_line("y").expect("answer");
    // The click asks, showing the action and the window it will reach.
    p.expect("in \"OI Probe\"").expect("the action is shown");
    p.expect("Do this on the screen?").expect("the click asks");
    let asked = of_type(&sb.log_events(), "approval_requested")
        .last()
        .map(|e| e["msg"]["call"].clone())
        .expect("asked");
    assert_eq!(asked["name"], json!("computer"));
    assert_eq!(asked["action"]["action"], json!("left_click"));
    assert_plan_reaches(&asked["action"]["plan"], button);
    p.send_line("n").expect("deny");
    // The code caught the refusal and went on; its second click asks again, and is refused too.
    p.expect("Do this on the screen?")
        .expect("the second click asks");
    p.send_line("n").expect("deny");
    p.expect("The person said no.")
        .expect("the session goes on");
    assert!(
        !desktop.drain().iter().any(|l| l.starts_with("clicked")),
        "no click reached the app"
    );
    let events = sb.log_events();
    let result = of_type(&events, "tool_result")
        .last()
        .map(|e| e["msg"].clone())
        .expect("result");
    let output = result["output"].as_str().expect("output");
    assert!(
        output.contains("refused: The user declined"),
        "the caught refusal: {output}"
    );
    assert!(
        output.contains("computer.ActionDenied: The user declined"),
        "the uncaught one ends the block: {output}"
    );
    assert!(
        !output.contains("File \"<string>\""),
        "no frames of the driver: {output}"
    );
    assert_eq!(result["is_error"], json!(true));
    let decided: Vec<&Value> = of_type(&events, "approval_decided")
        .into_iter()
        .filter(|e| e["msg"]["decision"]["type"] == json!("deny"))
        .collect();
    assert_eq!(decided.len(), 2);
    assert!(decided.iter().all(|e| e["msg"]["decider"] == json!("user")));
}

#[test]
fn without_a_display_computer_calls_raise_the_actionable_message() {
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python("computer.display.view()"),
        ScriptedResponse::text("There is no screen here."),
    ]));
    let sb = Sandbox::new();
    let events = run_os(&sb, &server, None, "look at the screen");
    let result = &of_type(&events, "tool_result")[0]["msg"];
    let text = result["output"].as_str().expect("output");
    assert!(
        text.contains("computer.ComputerError: computer use needs a display")
            && text.contains("Xvfb"),
        "{text}"
    );
    assert_eq!(
        of_type(&events, "turn_ended")[0]["msg"]["reason"],
        json!("completed")
    );
}

#[test]
fn the_clipboard_round_trips_between_python_and_a_real_application() {
    let desktop = Desktop::start(1280, 800);
    let entry = desktop.center("entry");
    let (ex, ey) = (entry.x, entry.y);
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python(&format!(
            "computer.clipboard.copy('pasted by python')\n\
             print('clipboard:', computer.clipboard.view())\n\
             computer.mouse.click({ex}, {ey})\n\
             computer.clipboard.paste()"
        )),
        python(&format!(
            "computer.keyboard.write(' and typed')\n\
             computer.mouse.click({ex}, {ey}, clicks=3)\n\
             computer.clipboard.copy()\n\
             print('from the app:', computer.clipboard.view())"
        )),
        ScriptedResponse::text("Copied both ways."),
    ]));
    let sb = Sandbox::new();
    let events = run_os(&sb, &server, Some(desktop.x.display()), "use the clipboard");
    // Python's text reached the Tk entry through the X clipboard (ctrl+v in the app), then the
    // typing went after it. (Tk may report the key release of ctrl+v before the paste lands.)
    desktop.expect_line("entry 'pasted by python and typed'");
    let outputs: Vec<String> = tool_outputs(&events);
    assert_eq!(outputs.len(), 2, "{outputs:?}");
    assert!(
        outputs[0].contains("clipboard: pasted by python"),
        "{outputs:?}"
    );
    // …and what the app copied (ctrl+c on its selection) came back to Python.
    assert!(
        outputs[1].contains("from the app: pasted by python and typed"),
        "{outputs:?}"
    );
    // Every clipboard use passed the gate too (the policy approved: -y).
    let decided = code_actions_decided(&events);
    assert_eq!(decided.len(), 8);
    assert!(
        decided
            .iter()
            .all(|e| e["msg"]["decider"] == json!("policy"))
    );
}

#[test]
fn ctrl_c_at_an_actions_question_kills_the_block_and_the_session_goes_on() {
    let desktop = Desktop::start(1280, 800);
    let button = desktop.center("button");
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python(&format!(
            "computer.mouse.click({}, {})\nprint('after the ' + 'click')",
            button.x, button.y
        )),
        python("print('back', 6 * 7)"),
        ScriptedResponse::text("Still here."),
    ]));
    let sb = Sandbox::new();
    let mut p = os_terminal(&sb, &server, &desktop, "press the button");
    p.expect("Run this code?").expect("the code asks");
    p.send_line("y").expect("answer");
    p.expect("Do this on the screen?").expect("the click asks");
    p.send("\x03").expect("ctrl-c");
    p.expect("> ").expect("the prompt is back");
    let events = sb.log_events();
    let ended = of_type(&events, "exec_end");
    assert_eq!(ended.len(), 1);
    assert_eq!(ended[0]["msg"]["status"], json!("interrupted"));
    assert_eq!(
        of_type(&events, "turn_ended")[0]["msg"]["reason"],
        json!("interrupted")
    );
    let output = of_type(&events, "tool_result")[0]["msg"]["output"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(!output.contains("after the click"), "{output}");
    assert!(!desktop.drain().iter().any(|l| l.starts_with("clicked")));

    p.send_line("go on").expect("next request");
    p.expect("Run this code?").expect("the next code asks");
    p.send_line("y").expect("answer");
    p.expect("back 42").expect("a fresh kernel runs it");
    p.expect("Still here.").expect("final answer");
}

/// Under `--sandbox native` (landlock + seccomp, workspace-write) the kernel keeps the line to
/// the engine it inherited: it looks, clicks and is refused through the gate as without a sandbox,
/// also after its kernel died and came back, while the same code still cannot open a socket to
/// the X server itself.
#[test]
fn under_the_native_sandbox_code_works_the_screen_through_the_engine_but_cannot_reach_x_itself() {
    let desktop = Desktop::start(1280, 800);
    let button = desktop.center("button");
    let entry = desktop.center("entry");
    let number = desktop.x.display().trim_start_matches(':').to_string();
    let x_socket = format!("/tmp/.X11-unix/X{number}");
    // Outside the sandbox the X server's socket takes connections: the refusal below is the sandbox's.
    std::os::unix::net::UnixStream::connect(&x_socket).expect("the X server listens");
    let first = format!(
        "computer.display.view()\n\
         computer.mouse.click({}, {})\n\
         try:\n    computer.keyboard.write('not allowed')\nexcept computer.ActionDenied as e:\n    print('refused:', e)\n\
         import socket\n\
         for address in ('{x_socket}', '\\0{x_socket}'):\n\
         \x20   try:\n\
         \x20       s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n\
         \x20       s.connect(address)\n\
         \x20       print('x11: connected')\n\
         \x20   except OSError as e:\n\
         \x20       print('x11: refused', e.errno)",
        button.x, button.y
    );
    let after_restart = format!(
        "computer.mouse.click({}, {})\n\
         computer.keyboard.write('after the restart')\n\
         shot = computer.display.screenshot()\n\
         print('png', open(shot, 'rb').read(4) if isinstance(shot, str) else 'image ' + shot.format)",
        entry.x, entry.y
    );
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        python(&first),
        python("import os\nos._exit(7)"),
        python(&after_restart),
        ScriptedResponse::text("Done inside the sandbox."),
    ]));
    // Screenshots are saved in the session's log dir, under XDG_DATA_HOME: outside /tmp, as
    // for a person, so that the sandboxed code can open them.
    let sb = Sandbox::under(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")));
    let mut cmd = sb.command("interpreter");
    cmd.args(os_args(&server))
        .args(["--sandbox", "native", "-s", "workspace-write"])
        .arg("press the button, then type")
        .env("DISPLAY", desktop.x.display());
    let mut p = oi_product_tests::spawn_pty(cmd);
    // The first block: its click approved, its typing refused; the block that ends its kernel;
    // the block after the restart, click and typing approved.
    let (code, action) = ("Run this code?", "Do this on the screen?");
    let dialogue = [
        (code, "y"),
        (action, "y"),
        (action, "n"),
        (code, "y"),
        (code, "y"),
        (action, "y"),
        (action, "y"),
    ];
    for (n, (question, answer)) in dialogue.into_iter().enumerate() {
        p.expect(question)
            .unwrap_or_else(|e| panic!("question {n} ({question}): {e}"));
        p.send_line(answer).expect("answer");
    }
    p.expect("Done inside the sandbox.")
        .expect("the session ends its turn");

    // The application's own word: the click landed, the refused text never came, the typing
    // after the restart did.
    desktop.expect_line("clicked Press me");
    desktop.expect_line("entry 'after the restart'");

    let events = sb.log_events();
    let configured = &of_type(&events, "session_configured")[0]["msg"];
    assert_eq!(configured["sandbox"]["backend"], json!("native"));
    assert_eq!(configured["sandbox"]["policy"], json!("workspace-write"));
    let outputs: Vec<String> = tool_outputs(&events);
    assert_eq!(outputs.len(), 3, "{outputs:?}");
    assert!(
        outputs[0].contains("refused: The user declined"),
        "{outputs:?}"
    );
    // seccomp refuses the socket itself (EPERM), by path and in the abstract namespace.
    assert_eq!(
        outputs[0].matches("x11: refused 1").count(),
        2,
        "{outputs:?}"
    );
    assert!(!outputs[0].contains("x11: connected"), "{outputs:?}");
    assert!(outputs[1].contains("the kernel restarted"), "{outputs:?}");
    // A PIL Image where the kernel's Python has Pillow, the PNG's path where it has not.
    let pillow = std::process::Command::new("python3")
        .args(["-c", "import PIL"])
        .status()
        .is_ok_and(|s| s.success());
    let expected = if pillow {
        "png image PNG"
    } else {
        "png b'\\x89PNG'"
    };
    assert!(outputs[2].contains(expected), "{outputs:?}");
    // Every action passed the gate: the person decided the inputs, the policy the screenshots.
    let decided: Vec<(&str, &str)> = code_actions_decided(&events)
        .iter()
        .filter_map(|e| {
            let m = &e["msg"];
            Some((m["decider"].as_str()?, m["decision"]["type"].as_str()?))
        })
        .collect();
    assert_eq!(
        decided,
        [
            ("policy", "approve"),
            ("user", "approve"),
            ("user", "deny"),
            ("user", "approve"),
            ("user", "approve"),
            ("policy", "approve"),
        ]
    );
    // view()'s screenshot went to the model beside the first block's output.
    let requests = server.model_requests();
    assert!(has_png(&last_tool_result(&requests[1].body)));
    server.assert_invariants();
}

#[test]
fn the_classic_prompt_names_the_computer_api_when_there_is_a_display() {
    let x = oi_test_support::XvfbFixture::start(1024, 768);
    for display in [Some(x.display()), None] {
        let server =
            ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text(
                "Hello.",
            )]));
        let sb = Sandbox::new();
        let mut cmd = sb.command("interpreter");
        cmd.args(["exec", "--json", "--model", "anthropic/claude-test"])
            .args(["--api_base", &server.base_url(), "hi"]);
        if let Some(d) = display {
            cmd.env("DISPLAY", d);
        }
        let (out, _) = oi_product_tests::run_exec(&mut cmd, None);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let system = server.model_requests()[0].body["system"].to_string();
        assert_eq!(
            system.contains("`computer.display.view()`"),
            display.is_some(),
            "display {display:?}: {system}"
        );
    }
}
