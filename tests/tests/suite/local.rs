//! `--local`: runtimes found by their discovery endpoints (scripted servers standing in for
//! Ollama and llama.cpp), the arrow-key picker in a pty, the remembered choice, and what is said
//! when nothing runs.

use std::io::Write;
use std::process::Stdio;

use expectrl::Eof;
use oi_product_tests::{Sandbox, of_type, run_exec, run_exec_ok, spawn_pty};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse, closed_port};
use serde_json::json;

/// An Ollama with two models, a llama.cpp server with one (playing `turns`), LM Studio not
/// running; and the `OI_LOCAL_RUNTIMES` value that points `--local` at them.
fn runtimes(turns: Vec<ScriptedResponse>) -> (ScriptedModelServer, ScriptedModelServer, String) {
    let ollama = ScriptedModelServer::start_blocking(
        Script::new(vec![]).with_models(["qwen2.5-coder:0.5b", "llama3.2"]),
    );
    let llamacpp = ScriptedModelServer::start_blocking(Script::new(turns).with_models(["smollm2"]));
    let list = format!(
        "ollama={},llamacpp={},lmstudio=http://127.0.0.1:{}",
        ollama.base_url(),
        llamacpp.base_url(),
        closed_port()
    );
    (ollama, llamacpp, list)
}

fn config_file(sb: &Sandbox) -> std::path::PathBuf {
    sb.config().join("open-interpreter/config.toml")
}

#[test]
fn arrow_keys_choose_a_model_which_is_remembered_and_used() {
    let sb = Sandbox::new();
    let (ollama, llamacpp, list) = runtimes(vec![
        ScriptedResponse::text("Hello from the picked model."),
        ScriptedResponse::text("Hello again, remembered."),
    ]);
    std::fs::create_dir_all(config_file(&sb).parent().unwrap()).unwrap();
    std::fs::write(
        config_file(&sb),
        "# mine, keep this\nauto_run = false  # ask first\nmodel = \"openai/gpt-4o\"\n",
    )
    .unwrap();
    let mut cmd = sb.command("interpreter");
    cmd.args(["--local", "--plain"])
        .env("OI_LOCAL_RUNTIMES", &list);
    let mut p = spawn_pty(cmd);
    p.expect("Choose a local model").unwrap();
    p.expect("llamacpp  smollm2").unwrap();
    p.send("\x1b[B").unwrap(); // down
    p.send("\x1b[B").unwrap(); // down: the third entry
    p.send("\x1b[A").unwrap(); // up
    p.send("\x1b[B").unwrap(); // down
    p.send("\r").unwrap();
    p.expect("Using llamacpp/smollm2").unwrap();
    p.expect("> ").unwrap();
    p.send_line("say hello").unwrap();
    p.expect("Hello from the picked model.").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();

    let requests = llamacpp.model_requests();
    assert_eq!(requests.len(), 1);
    assert_eq!(requests[0].body["model"], json!("smollm2"));
    assert!(ollama.model_requests().is_empty());
    let saved = std::fs::read_to_string(config_file(&sb)).unwrap();
    assert_eq!(
        saved,
        format!(
            "# mine, keep this\nauto_run = false  # ask first\nmodel = \"llamacpp/smollm2\"\napi_base = \"{}/v1\"\n",
            llamacpp.base_url()
        )
    );

    // exec --local cannot ask: with several models it takes the remembered one.
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "--local", "hello"])
        .env("OI_LOCAL_RUNTIMES", &list);
    let events = run_exec_ok(&mut cmd);
    assert_eq!(
        of_type(&events, "session_configured")[0]["msg"]["model"],
        json!("llamacpp/smollm2")
    );
    assert_eq!(
        of_type(&events, "assistant_message")[0]["msg"]["text"],
        json!("Hello again, remembered.")
    );
    llamacpp.assert_invariants();
}

#[test]
fn without_a_terminal_the_choice_is_a_typed_number() {
    let sb = Sandbox::new();
    let (ollama, _llamacpp, list) = runtimes(vec![]);
    let mut cmd = sb.command("interpreter");
    cmd.args(["--local", "--plain"])
        .env("OI_LOCAL_RUNTIMES", &list)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child.stdin.take().unwrap().write_all(b"7\n2\n").unwrap();
    let out = child.wait_with_output().unwrap();
    let shown = String::from_utf8_lossy(&out.stdout);
    assert!(
        shown.contains("  1) ollama    qwen2.5-coder:0.5b"),
        "{shown}"
    );
    // Three served models, then the built-in runtime's two.
    assert!(shown.contains("Type a number from 1 to 5."), "{shown}");
    assert!(shown.contains("Using ollama/llama3.2:latest"), "{shown}");
    let saved = std::fs::read_to_string(config_file(&sb)).unwrap();
    assert!(
        saved.contains("model = \"ollama/llama3.2:latest\""),
        "{saved}"
    );
    assert!(
        saved.contains(&format!("api_base = \"{}\"", ollama.base_url())),
        "{saved}"
    );
}

#[test]
fn exec_cannot_ask_so_it_names_the_models_to_pass() {
    let sb = Sandbox::new();
    let (_ollama, _llamacpp, list) = runtimes(vec![]);
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "--local", "hi"])
        .env("OI_LOCAL_RUNTIMES", &list);
    let (out, events) = run_exec(&mut cmd, None);
    assert!(!out.status.success());
    assert!(events.is_empty(), "{events:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("pass one with --model")
            && err.contains("llamacpp/smollm2")
            && err.contains("ollama/llama3.2:latest"),
        "{err}"
    );
}

#[test]
fn when_nothing_runs_it_says_how_to_start_each_runtime_and_offers_the_builtin_one() {
    let sb = Sandbox::new();
    let out = sb
        .command("interpreter")
        .args(["--local"])
        .env("OI_LOCAL_RUNTIMES", no_runtimes())
        .output()
        .unwrap();
    // No input: the numbered list's question meets the end of stdin, which cancels.
    assert_eq!(out.status.code(), Some(1));
    let shown = String::from_utf8_lossy(&out.stdout);
    for how in [
        "ollama serve",
        "llama-server -m MODEL.gguf --jinja",
        "--server",
        "lms server start",
        "Nothing answered at: ollama http://127.0.0.1:",
        "the built-in runtime (llama.cpp)",
        "  1) built-in  qwen2.5-coder-0.5b  (download 491 MB;",
        "  2) built-in  qwen2.5-coder-1.5b  (download 1.1 GB;",
    ] {
        assert!(shown.contains(how), "missing `{how}` in:\n{shown}");
    }
    assert!(!config_file(&sb).exists());
}

/// `--local` looks at ports where nothing runs.
pub(super) fn no_runtimes() -> String {
    format!(
        "ollama=http://127.0.0.1:{},llamacpp=http://127.0.0.1:{},lmstudio=http://127.0.0.1:{}",
        closed_port(),
        closed_port(),
        closed_port()
    )
}

#[test]
fn runtime_prefixes_work_directly() {
    for (model, base_suffix) in [
        ("lmstudio/qwen", "/v1"),
        ("llamacpp/qwen", "/v1"),
        ("ollama/qwen", ""),
    ] {
        let sb = Sandbox::new();
        let server = ScriptedModelServer::start_blocking(
            Script::new(vec![ScriptedResponse::text("direct ok")]).with_models(["qwen"]),
        );
        let mut cmd = sb.command("interpreter");
        cmd.args([
            "exec",
            "--json",
            "--model",
            model,
            "--api_base",
            &format!("{}{base_suffix}", server.base_url()),
            "hi",
        ]);
        let (out, events) = run_exec(&mut cmd, None);
        assert!(
            out.status.success(),
            "{model}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            of_type(&events, "assistant_message")[0]["msg"]["text"],
            json!("direct ok"),
            "{model}"
        );
        assert_eq!(
            server.model_requests()[0].body["model"],
            json!("qwen"),
            "{model}"
        );
        server.assert_invariants();
    }
}
