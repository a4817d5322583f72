//! The terminal front end in a real pseudo-terminal: approvals answered with y, n and e,
//! Ctrl-C, magic commands, and `i`.

use std::os::unix::fs::PermissionsExt;

use expectrl::Eof;
use oi_product_tests::{Sandbox, spawn_pty};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

fn interpreter(
    sb: &Sandbox,
    server: &ScriptedModelServer,
    extra: &[&str],
) -> std::process::Command {
    let mut cmd = sb.command("interpreter");
    cmd.args([
        "--model",
        "openai/m",
        "--api_base",
        &format!("{}/v1", server.base_url()),
    ])
    .args(extra);
    cmd
}

#[test]
fn approve_with_y_runs_the_code_and_streams_the_answer() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("I will **check**.").then_tool_call(
            "execute",
            json!({"language": "shell", "code": "echo approved-$((1 + 1))"}),
        ),
        ScriptedResponse::text("All done-marker."),
    ]));
    let mut p = spawn_pty(interpreter(&sb, &server, &["run it"]));
    p.expect("Run this code? [y]es [n]o [e]dit").unwrap();
    p.send_line("y").unwrap();
    p.expect("approved-2").unwrap();
    p.expect("done-marker").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    server.assert_invariants();
}

#[test]
fn deny_with_n_tells_the_model() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "touch denied.txt"),
        ScriptedResponse::text("Fine, skipping that."),
    ]));
    let mut p = spawn_pty(interpreter(&sb, &server, &["--plain", "make a file"]));
    p.expect("Run this code?").unwrap();
    p.send_line("n").unwrap();
    p.expect("Fine, skipping that.").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert!(!sb.work().join("denied.txt").exists());
    let last = server.model_requests()[1]
        .messages()
        .last()
        .unwrap()
        .clone();
    assert!(
        last["content"].as_str().unwrap().contains("declined"),
        "{last}"
    );
}

#[test]
fn edit_with_e_runs_what_the_editor_saved() {
    let sb = Sandbox::new();
    let editor = sb.root.path().join("fake-editor.sh");
    std::fs::write(&editor, "#!/bin/sh\nsed -i 's/original/edited/' \"$1\"\n").unwrap();
    std::fs::set_permissions(&editor, std::fs::Permissions::from_mode(0o755)).unwrap();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "echo original-output"),
        ScriptedResponse::text("Saw it."),
    ]));
    let mut cmd = interpreter(&sb, &server, &["--plain", "echo something"]);
    cmd.env("EDITOR", &editor);
    let mut p = spawn_pty(cmd);
    p.expect("Run this code?").unwrap();
    p.send_line("e").unwrap();
    p.expect("edited-output").unwrap();
    p.expect("Saw it.").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    let result = server.model_requests()[1].messages().last().unwrap()["content"].clone();
    assert_eq!(result, json!("edited-output\n"));
}

#[test]
fn ctrl_c_interrupts_an_infinite_loop_and_the_session_goes_on() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "print('loop' + 'ing', flush=True)\nwhile True:\n    pass",
        ),
        run("python", "print('back', 6 * 7)"),
        ScriptedResponse::text("Still here."),
    ]));
    let mut p = spawn_pty(interpreter(&sb, &server, &["-y", "--plain", "spin"]));
    // The run's output, not the code shown before it.
    p.expect("looping").unwrap();
    p.send("\x03").unwrap();
    p.expect("(interrupted)").unwrap();
    p.expect("> ").unwrap();
    p.send_line("try again").unwrap();
    p.expect("back 42").unwrap();
    p.expect("Still here.").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    server.assert_invariants();
}

#[test]
fn magic_commands_are_listed_and_work() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("hi there").with_usage(321, 5),
    ]));
    let mut p = spawn_pty(interpreter(&sb, &server, &["--plain"]));
    p.expect("> ").unwrap();
    p.send_line("%help").unwrap();
    for cmd in ["%reset", "%undo", "%save", "%load", "%tokens", "%help"] {
        p.expect(cmd).unwrap();
    }
    p.send_line("hello").unwrap();
    p.expect("hi there").unwrap();
    p.send_line("%tokens").unwrap();
    p.expect("session 321 in / 5 out").unwrap();
    let saved = sb.root.path().join("saved.jsonl");
    p.send_line(format!("%save {}", saved.display())).unwrap();
    p.expect("saved to").unwrap();
    p.send_line("%reset").unwrap();
    p.expect("conversation cleared").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert!(std::fs::read_to_string(saved).unwrap().contains("hi there"));
}

#[test]
fn i_runs_one_quick_request_and_exits() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "ls"),
        ScriptedResponse::text("There is one file."),
    ]));
    std::fs::write(sb.work().join("only.txt"), "x").unwrap();
    let mut cmd = sb.command("i");
    cmd.args([
        "--model",
        "openai/m",
        "--api_base",
        &format!("{}/v1", server.base_url()),
        "--plain",
        "what",
        "is",
        "here?",
    ]);
    let mut p = spawn_pty(cmd);
    p.expect("Run this code?").unwrap();
    p.send_line("y").unwrap();
    p.expect("only.txt").unwrap();
    p.expect("There is one file.").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(
        server.model_requests()[0].messages()[1]["content"],
        json!("what is here?")
    );
}
