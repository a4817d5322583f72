//! MCP servers from config.toml: `[mcp_servers.NAME]` starts the server with the session and
//! its tools reach the model (here the reference server from npm, `server-everything`).

use std::path::PathBuf;

use oi_product_tests::{Sandbox, of_type, run_exec_ok};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

/// tests/mcp with its pinned npm packages installed.
fn mcp_fixture() -> PathBuf {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap()).join("mcp");
    oi_test_support::npm::ci(&dir, "@modelcontextprotocol/server-everything");
    dir
}

/// `interpreter exec --json -y EXTRA…` on a scripted model that calls `tool` once, then
/// answers; run to its successful end.
fn one_tool_turn(
    sb: &Sandbox,
    tool: &str,
    arguments: serde_json::Value,
    extra: &[&str],
) -> (ScriptedModelServer, Vec<serde_json::Value>) {
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call(tool, arguments),
        ScriptedResponse::text("Done."),
    ]));
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "-y", "--model", "openai/m", "--api_base"])
        .arg(format!("{}/v1", server.base_url()))
        .args(extra)
        .arg("use the tool");
    let events = run_exec_ok(&mut cmd);
    (server, events)
}

#[test]
fn a_configured_mcp_server_is_used_in_a_turn() {
    let server_js =
        mcp_fixture().join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    let sb = Sandbox::new();
    let config = sb.config().join("open-interpreter");
    std::fs::create_dir_all(&config).unwrap();
    let toml = format!(
        "[mcp_servers.everything]\ncommand = \"node\"\nargs = [{:?}, \"stdio\"]\nenv = {{ OI_TEST = \"1\" }}\n",
        server_js.display().to_string()
    );
    std::fs::write(config.join("config.toml"), toml).unwrap();
    let (server, events) = one_tool_turn(
        &sb,
        "mcp__everything__get-sum",
        json!({"a": 2, "b": 3}),
        &[],
    );
    let results = of_type(&events, "tool_result");
    assert_eq!(results.len(), 1, "{events:#?}");
    assert_eq!(results[0]["msg"]["is_error"], json!(false));
    let output = results[0]["msg"]["output"].as_str().unwrap();
    assert!(output.contains('5'), "{output}");
    let requests = server.model_requests();
    let offered = requests[0].tool_names();
    assert!(offered.contains(&"mcp__everything__echo"), "{offered:?}");
    let sent = requests[1].messages().last().unwrap();
    assert_eq!(sent["role"], json!("tool"));
    assert_eq!(sent["content"], json!(output));
}

/// A product sandbox whose config.toml starts tests/fixtures/probe_mcp.py as server `probe`,
/// and a file path outside the workspace and the temp dir (the test's sandbox lives in the temp
/// dir) for the probe to try to write.
fn probe_session() -> (Sandbox, tempfile::TempDir, PathBuf) {
    let probe = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
        .join("fixtures/probe_mcp.py");
    let sb = Sandbox::new();
    let config = sb.config().join("open-interpreter");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        format!(
            "[mcp_servers.probe]\ncommand = \"python3\"\nargs = [{:?}]\n",
            probe.display().to_string()
        ),
    )
    .unwrap();
    let outside_dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let outside = outside_dir.path().join("outside.txt");
    (sb, outside_dir, outside)
}

/// An MCP server acts for the model as code does: with a sandbox on it runs inside it
/// (no_new_privs, seccomp, landlock: no write outside the workspace), without one it does not.
#[test]
fn mcp_servers_run_in_the_sessions_sandbox() {
    let (sb, _outside_dir, outside) = probe_session();
    let run = |extra: &[&str]| {
        let path = json!({"path": outside.display().to_string()});
        let (_server, events) = one_tool_turn(&sb, "mcp__probe__probe", path, extra);
        let results = of_type(&events, "tool_result");
        assert_eq!(results.len(), 1, "{events:#?}");
        results[0]["msg"]["output"].as_str().unwrap().to_string()
    };

    let confined = run(&["--sandbox", "native"]);
    assert!(confined.contains("NoNewPrivs=1 Seccomp=2"), "{confined}");
    assert!(confined.contains("could not write"), "{confined}");
    assert!(!outside.exists());

    let free = run(&["--sandbox", "none"]);
    assert!(free.contains("NoNewPrivs=0 Seccomp=0"), "{free}");
    assert!(free.contains("wrote"), "{free}");
    assert!(outside.exists());
}

/// Where the session's sandbox cannot be enforced, MCP servers do not start at all (as code does
/// not run): the session says why, and the model is offered none of their tools.
#[test]
fn mcp_servers_do_not_start_when_the_sandbox_cannot_be_enforced() {
    let (sb, _outside_dir, outside) = probe_session();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call(
            "mcp__probe__probe",
            json!({"path": outside.display().to_string()}),
        ),
        ScriptedResponse::text("Done."),
    ]));
    let mut cmd = sb.command("interpreter");
    // The probe's test hook: it can only make the kernel look less capable.
    cmd.env("OI_SANDBOX_FORCE_UNSUPPORTED", "landlock")
        .args(["exec", "--json", "-y", "--sandbox", "native"])
        .args(["--model", "openai/m", "--api_base"])
        .arg(format!("{}/v1", server.base_url()))
        .arg("use the tool");
    let events = run_exec_ok(&mut cmd);
    let errors: Vec<String> = of_type(&events, "error")
        .iter()
        .map(|e| e["msg"]["message"].as_str().unwrap().to_string())
        .collect();
    assert!(
        errors.iter().any(|m| m.starts_with(
            "MCP server `probe` was not started: it would run in the session's sandbox, and"
        ) && m.contains("landlock")),
        "{errors:#?}"
    );
    let requests = server.model_requests();
    assert!(
        !requests[0]
            .tool_names()
            .iter()
            .any(|t| t.starts_with("mcp__")),
        "{:?}",
        requests[0].tool_names()
    );
    // The model's call to the missing tool is answered with an error; nothing was written.
    let results = of_type(&events, "tool_result");
    assert_eq!(results.len(), 1, "{events:#?}");
    assert_eq!(results[0]["msg"]["is_error"], json!(true));
    assert!(!outside.exists());
}
