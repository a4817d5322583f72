//! MCP servers from config.toml: `[mcp_servers.NAME]` starts the server with the session and
//! its tools reach the model (here the reference server from npm, `server-everything`).

use std::path::PathBuf;

use oi_product_tests::{Sandbox, of_type, run_exec};
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
    let (out, events) = run_exec(&mut cmd, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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

/// An MCP server acts for the model as code does: with a sandbox on it runs inside it
/// (no_new_privs, seccomp, landlock: no write outside the workspace), without one it does not.
#[test]
fn mcp_servers_run_in_the_sessions_sandbox() {
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
    // Outside the workspace and the temp dir (the test's sandbox lives in the temp dir).
    let outside_dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let outside = outside_dir.path().join("outside.txt");
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
