//! The real `interpreter acp` binary under the official ACP TypeScript client
//! (`@agentclientprotocol/sdk`), against the scripted model. The scenarios live in ../ts/scenario.mjs.

use std::path::{Path, PathBuf};
use std::sync::Once;

use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

fn ts_dir() -> PathBuf {
    manifest_dir().join("tests/ts")
}

/// `target/debug/interpreter`, beside this test's own directory (`target/debug/deps`).
pub fn interpreter() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let bin = exe
        .parent()
        .and_then(Path::parent)
        .unwrap()
        .join("interpreter");
    assert!(
        bin.exists(),
        "{} is missing: build it first with `cargo build -p oi-cli`",
        bin.display()
    );
    bin
}

fn npm_ci() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        oi_test_support::npm::ci(&ts_dir(), "@modelcontextprotocol/server-everything")
    });
}

/// Runs one scenario; returns the model server (for what the model was sent).
async fn scenario(name: &str, script: Vec<ScriptedResponse>) -> ScriptedModelServer {
    npm_ci();
    let server = ScriptedModelServer::start(Script::new(script)).await;
    let dirs = tempfile::tempdir().unwrap();
    let workdir = dirs.path().join("work");
    std::fs::create_dir_all(&workdir).unwrap();
    let mut cmd = tokio::process::Command::new("node");
    cmd.arg("scenario.mjs")
        .arg(name)
        .arg(interpreter())
        .arg(format!("{}/v1", server.base_url()))
        .arg(&workdir)
        .current_dir(ts_dir())
        .env("HOME", dirs.path())
        .env("XDG_DATA_HOME", dirs.path().join("data"))
        .env("XDG_CONFIG_HOME", dirs.path().join("config"))
        // No desktop app to relay to: the agent serves in-process.
        .env("XDG_RUNTIME_DIR", dirs.path().join("run"))
        .env_remove("OI_BRIDGE_SOCKET")
        .env("OI_RETRY_BASE_MS", "10")
        .kill_on_drop(true);
    let out = tokio::time::timeout(std::time::Duration::from_secs(90), cmd.output())
        .await
        .expect("the scenario hung")
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "scenario {name} failed\n--- stdout\n{stdout}\n--- stderr\n{stderr}"
    );
    assert!(stdout.contains(&format!("scenario {name}: ok")), "{stdout}");
    server
}

fn shell(code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": "shell", "code": code}))
}

#[tokio::test]
async fn ts_client_prompt_tool_call_permission_result_end_turn() {
    scenario(
        "permission",
        vec![
            ScriptedResponse::text("Running it.")
                .then_tool_call("execute", json!({"language": "shell", "code": "echo hi"})),
            ScriptedResponse::text("It printed hi."),
        ],
    )
    .await;
}

#[tokio::test]
async fn ts_client_reject() {
    scenario(
        "reject",
        vec![shell("touch made.txt"), ScriptedResponse::text("Fine.")],
    )
    .await;
}

#[tokio::test]
async fn ts_client_cancel_mid_turn() {
    scenario(
        "cancel",
        vec![shell("sleep 30"), ScriptedResponse::text("after")],
    )
    .await;
}

#[tokio::test]
async fn ts_client_load_a_session() {
    scenario(
        "load",
        vec![
            ScriptedResponse::text("Remembered."),
            ScriptedResponse::text("It was this."),
        ],
    )
    .await;
}

/// This package's directory, read when the test runs (cargo and nextest set it): a test binary
/// built from another checkout of the same commit may be reused, so `env!` could name a stale path.
fn manifest_dir() -> std::path::PathBuf {
    std::path::PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap())
}

#[tokio::test]
async fn ts_client_file_tools_read_and_write_the_editors_buffers() {
    scenario(
        "fs",
        vec![
            ScriptedResponse::tool_call("Read", json!({"file_path": "notes.txt"})),
            ScriptedResponse::tool_call(
                "Edit",
                json!({"file_path": "notes.txt", "old_string": "line two", "new_string": "line 2"}),
            ),
            ScriptedResponse::text("Fixed."),
        ],
    )
    .await;
}

#[tokio::test]
async fn ts_client_shell_runs_in_the_editors_terminal() {
    scenario(
        "terminal",
        vec![
            shell("pwd && echo from the terminal"),
            ScriptedResponse::text("Done."),
            shell("sleep 30"),
            ScriptedResponse::text("after"),
        ],
    )
    .await;
}

#[tokio::test]
async fn ts_client_shell_state_holds_across_the_editors_terminals() {
    shell_state("shell_state").await;
}

#[tokio::test]
async fn ts_client_shell_state_holds_behind_the_native_sandbox() {
    shell_state("shell_state_sandboxed").await;
}

async fn shell_state(name: &str) {
    let server = scenario(
        name,
        vec![
            shell("cd sub && export X=1"),
            ScriptedResponse::text("There."),
            shell("pwd; echo $X"),
            ScriptedResponse::text("In sub, X is 1."),
        ],
    )
    .await;
    // The model sees the block's output and nothing else.
    let requests = server.model_requests();
    let result = requests[3].messages().last().unwrap().clone();
    assert_eq!(result["role"], json!("tool"));
    let output = result["content"].as_str().unwrap();
    assert!(output.ends_with("/work/sub\n1\n"), "{output:?}");
    assert!(!output.contains("oi-shell"), "{output:?}");
}

#[tokio::test]
async fn ts_client_mcp_server_from_session_new_is_used_in_a_turn() {
    let server = scenario(
        "mcp",
        vec![
            ScriptedResponse::tool_call(
                "mcp__everything__echo",
                json!({"message": "hello from the editor"}),
            ),
            ScriptedResponse::text("It echoed."),
        ],
    )
    .await;
    let requests = server.model_requests();
    let offered = requests[0].tool_names();
    assert!(offered.contains(&"mcp__everything__get-sum"), "{offered:?}");
    let result = requests[1].messages().last().unwrap();
    assert_eq!(result["role"], json!("tool"));
    assert_eq!(result["content"], json!("Echo: hello from the editor"));
}
