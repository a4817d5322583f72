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
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call("mcp__everything__get-sum", json!({"a": 2, "b": 3})),
        ScriptedResponse::text("It is 5."),
    ]));
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "-y", "--model", "openai/m", "--api_base"])
        .arg(format!("{}/v1", server.base_url()))
        .arg("add 2 and 3");
    let (out, events) = run_exec(&mut cmd, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
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
