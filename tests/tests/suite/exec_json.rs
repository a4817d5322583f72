//! `interpreter exec --json`: the non-interactive contract other programs rely on.

use oi_product_tests::{Sandbox, of_type, run_exec, types};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use pretty_assertions::assert_eq;
use serde_json::json;

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

fn exec(
    sb: &Sandbox,
    server: &ScriptedModelServer,
    model: &str,
    extra: &[&str],
    prompt: &str,
) -> std::process::Command {
    let base = if model.starts_with("openai/") {
        format!("{}/v1", server.base_url())
    } else {
        server.base_url()
    };
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "--model", model, "--api_base", &base])
        .args(extra);
    if !prompt.is_empty() {
        cmd.arg(prompt);
    }
    cmd
}

#[test]
fn exec_json_runs_code_and_streams_events_in_order() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::text("Computing.").then_tool_call(
            "execute",
            json!({"language": "python", "code": "123 * 456"}),
        ),
        ScriptedResponse::text("It is 56088."),
    ]));
    let (out, events) = run_exec(
        &mut exec(&sb, &server, "openai/m", &["-y"], "what is 123*456?"),
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let t = types(&events);
    let expected_prefix = [
        "session_configured",
        "user_message",
        "turn_started",
        "model_request_started",
        "assistant_text_delta",
    ];
    assert_eq!(&t[..5], &expected_prefix);
    let order: Vec<&str> = t
        .iter()
        .map(String::as_str)
        .filter(|k| {
            [
                "tool_call_proposed",
                "approval_decided",
                "exec_begin",
                "exec_end",
                "tool_result",
                "turn_ended",
            ]
            .contains(k)
        })
        .collect();
    assert_eq!(
        order,
        [
            "tool_call_proposed",
            "approval_decided",
            "exec_begin",
            "exec_end",
            "tool_result",
            "turn_ended"
        ]
    );
    assert_eq!(
        of_type(&events, "tool_result")[0]["msg"]["output"],
        json!("56088\n")
    );
    assert_eq!(t.last().map(String::as_str), Some("shutdown_complete"));
    // The model saw the result, and the log holds the same events.
    assert_eq!(
        server.model_requests()[1].messages().last().unwrap()["content"],
        json!("56088\n")
    );
    assert_eq!(sb.log_events(), events);
    server.assert_invariants();
}

#[test]
fn each_provider_works_through_the_binary() {
    for model in ["anthropic/claude-test", "ollama/qwen2.5-coder"] {
        let sb = Sandbox::new();
        let server = ScriptedModelServer::start_blocking(Script::new(vec![
            run("shell", "echo from-$((40 + 2))"),
            ScriptedResponse::text("done"),
        ]));
        let (out, events) = run_exec(&mut exec(&sb, &server, model, &["-y"], "say 42"), None);
        assert!(
            out.status.success(),
            "{model}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            of_type(&events, "tool_result")[0]["msg"]["output"],
            json!("from-42\n"),
            "{model}"
        );
        server.assert_invariants();
    }
}

#[test]
fn the_prompt_can_come_from_stdin() {
    let sb = Sandbox::new();
    let server =
        ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text("hello")]));
    let (out, events) = run_exec(
        &mut exec(&sb, &server, "openai/m", &[], ""),
        Some("greet me\n"),
    );
    assert!(out.status.success());
    assert_eq!(
        of_type(&events, "user_message")[0]["msg"]["items"][0]["text"],
        json!("greet me")
    );
}

#[test]
fn without_y_nothing_runs() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "touch should-not-exist"),
        ScriptedResponse::text("ok, I will not"),
    ]));
    let (out, events) = run_exec(
        &mut exec(&sb, &server, "openai/m", &[], "make a file"),
        None,
    );
    assert!(out.status.success());
    assert!(of_type(&events, "exec_begin").is_empty());
    assert!(!sb.work().join("should-not-exist").exists());
    assert_eq!(
        of_type(&events, "approval_decided")[0]["msg"]["decision"]["type"],
        json!("deny")
    );
}

#[test]
fn kernels_keep_state_between_runs() {
    let sb = Sandbox::new();
    std::fs::create_dir(sb.work().join("sub")).unwrap();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "cd sub && export GREETING=hello"),
        run("shell", "echo $GREETING from $(basename $(pwd))"),
        run("python", "items = [1, 2, 3]"),
        run("python", "sum(items) * 10"),
        run("javascript", "let count = 41"),
        run("javascript", "count + 1"),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = run_exec(&mut exec(&sb, &server, "openai/m", &["-y"], "go"), None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: Vec<String> = of_type(&events, "tool_result")
        .iter()
        .map(|e| e["msg"]["output"].as_str().unwrap().trim().to_string())
        .collect();
    assert_eq!(results[1], "hello from sub");
    assert_eq!(results[3], "60");
    assert_eq!(results[5], "42");
}

#[test]
fn a_timeout_kills_the_run_and_the_next_one_works() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("python", "while True:\n    pass"),
        run("python", "print('next run fine')"),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = run_exec(
        &mut exec(&sb, &server, "openai/m", &["-y", "--timeout", "2"], "spin"),
        None,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ends = of_type(&events, "exec_end");
    assert_eq!(ends[0]["msg"]["status"], json!("timed_out"));
    assert_eq!(ends[1]["msg"]["status"], json!("completed"));
    assert!(
        of_type(&events, "tool_result")[0]["msg"]["output"]
            .as_str()
            .unwrap()
            .contains("time limit")
    );
}

#[test]
fn long_output_is_trimmed_for_the_model() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "seq 1 5000"),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = run_exec(
        &mut exec(
            &sb,
            &server,
            "openai/m",
            &["-y", "--max_output", "300"],
            "count",
        ),
        None,
    );
    assert!(out.status.success());
    let seen = server.model_requests()[1].messages().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(seen.starts_with("1\n2\n3\n"), "{seen}");
    assert!(seen.trim_end().ends_with("5000"), "{seen}");
    assert!(seen.contains("trimmed") && seen.len() < 500, "{seen}");
    let logged: String = of_type(&events, "exec_output")
        .iter()
        .map(|e| e["msg"]["chunk"].as_str().unwrap())
        .collect();
    assert_eq!(logged.lines().count(), 5000);
}

#[test]
fn code_that_writes_files_reports_diffs() {
    let sb = Sandbox::new();
    std::fs::write(
        sb.work().join("poem.txt"),
        "roses are red\nviolets are blue\n",
    )
    .unwrap();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "open('poem.txt', 'w').write('roses are red\\nviolets are violet\\n')\nopen('new.txt', 'w').write('fresh\\n')",
        ),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = run_exec(&mut exec(&sb, &server, "openai/m", &["-y"], "edit"), None);
    assert!(out.status.success());
    let changes = &of_type(&events, "files_changed")[0]["msg"]["changes"];
    let poem = changes
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == "poem.txt")
        .unwrap();
    assert_eq!(poem["kind"], json!("modified"));
    let diff = poem["diff"].as_str().unwrap();
    assert!(
        diff.contains("-violets are blue") && diff.contains("+violets are violet"),
        "{diff}"
    );
    let new = changes
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["path"] == "new.txt")
        .unwrap();
    assert_eq!(new["kind"], json!("created"));
}

#[test]
fn connection_refused_is_a_clear_error_and_a_failure_exit() {
    let sb = Sandbox::new();
    let closed = oi_test_support::ClosedPort::new();
    let port = closed.port();
    let mut cmd = sb.command("interpreter");
    cmd.args([
        "exec",
        "--json",
        "--model",
        "ollama/qwen",
        "--api_base",
        &format!("http://127.0.0.1:{port}"),
        "hi",
    ]);
    let (out, events) = run_exec(&mut cmd, None);
    assert!(!out.status.success());
    let err = &of_type(&events, "error")[0]["msg"];
    assert_eq!(err["kind"], json!("connection_refused"));
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .contains("is Ollama running? `ollama serve`"),
        "{err}"
    );
}

#[test]
fn version_and_config_errors() {
    let sb = Sandbox::new();
    let out = sb.command("interpreter").arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("interpreter {}", env!("CARGO_PKG_VERSION"))
    );

    let dir = sb.config().join("open-interpreter");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("config.toml"),
        "model = \"ollama/x\"\nauto_runn = true\n",
    )
    .unwrap();
    let out = sb.command("interpreter").arg("--config").output().unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("config.toml:2:1") && err.contains("auto_runn"),
        "{err}"
    );

    std::fs::write(
        dir.join("config.toml"),
        "model = \"ollama/x\"\nmax_output = 123\n",
    )
    .unwrap();
    let out = sb
        .command("interpreter")
        .args(["--config", "--max_output", "456"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let model_line = text.lines().find(|l| l.starts_with("model ")).unwrap();
    assert!(
        model_line.contains("ollama/x") && model_line.contains("config.toml"),
        "{text}"
    );
    let max_line = text.lines().find(|l| l.starts_with("max_output")).unwrap();
    assert!(
        max_line.contains("456") && max_line.contains("command line"),
        "{text}"
    );
}
