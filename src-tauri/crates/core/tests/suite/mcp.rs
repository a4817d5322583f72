//! MCP tools where tools do not travel natively: SWE-agent's one-command harness, and classic
//! after the model refused tools. The model hears of them in the system prompt, writes the call
//! as text, and reads the result as text. The server is the reference one from npm
//! (`server-everything`, pinned in tests/mcp at the repository root).

use std::path::PathBuf;

use oi_core::mcp::{McpServer, McpServerConfig};
use oi_protocol::{CallOrigin, EventMsg};
use oi_test_support::{Script, ScriptedResponse, SessionFixture};
use pretty_assertions::assert_eq;
use serde_json::{Value, json};

use super::profiles_sessions::turn;

const ECHO: &str = "mcp__everything__echo";
const SECTION: &str = "TOOLS FROM MCP SERVERS";

fn everything() -> McpServer {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../tests/mcp");
    oi_test_support::npm::ci(&dir, "@modelcontextprotocol/server-everything");
    let js = dir.join("node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    McpServer {
        name: "everything".into(),
        config: McpServerConfig {
            command: "node".into(),
            args: vec![js.display().to_string(), "stdio".into()],
            ..Default::default()
        },
    }
}

async fn session(profile: &'static str, script: Vec<ScriptedResponse>) -> SessionFixture {
    let server = everything();
    SessionFixture::builder(Script::new(script))
        .configure(move |c| {
            c.profile = profile.into();
            c.mcp_servers = vec![server];
        })
        .start()
        .await
}

fn system_of(request: &oi_test_support::RecordedRequest) -> String {
    let first = &request.messages()[0];
    assert_eq!(first["role"], json!("system"));
    first["content"].as_str().unwrap_or_default().to_string()
}

fn last_text(request: &oi_test_support::RecordedRequest) -> (Value, String) {
    let last = request.messages().last().unwrap();
    (
        last["role"].clone(),
        last["content"].as_str().unwrap_or_default().to_string(),
    )
}

/// The MCP call proposed in a turn: written as text, carrying the arguments.
fn proposed_mcp_call(events: &[EventMsg]) -> oi_protocol::ToolCall {
    let call = events
        .iter()
        .find_map(|e| match e {
            EventMsg::ToolCallProposed { call } if call.name == ECHO => Some(call.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("no call of {ECHO}: {events:#?}"));
    assert_eq!(call.origin, CallOrigin::Text);
    call
}

#[tokio::test]
async fn swe_agent_calls_an_mcp_tool_as_its_one_command() {
    let call = format!("{{\"name\": \"{ECHO}\", \"arguments\": {{\"message\": \"from swe\"}}}}");
    let mut s = session(
        "swe-agent",
        vec![
            ScriptedResponse::text(format!(
                "DISCUSSION\nThe server can echo.\n\n```\n{call}\n```\n"
            )),
            ScriptedResponse::text("DISCUSSION\nIt answered.\n\n```\nsubmit\n```\n"),
        ],
    )
    .await;
    let t = turn(&mut s, "have the server echo").await;
    let proposed = proposed_mcp_call(&t.events);
    assert_eq!(proposed.arguments, json!({"message": "from swe"}));
    assert_eq!(t.asked.first().map(String::as_str), Some(ECHO));
    assert_eq!(t.results()[0], ("Echo: from swe".to_string(), false));

    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 2);
    assert!(requests[0].tool_names().is_empty());
    let system = system_of(&requests[0]);
    assert!(system.contains(SECTION), "{system}");
    assert!(system.contains(&format!("- {ECHO}: ")), "{system}");
    assert!(system.contains("\"message\""), "{system}");
    let (role, text) = last_text(&requests[1]);
    assert_eq!(role, json!("user"));
    assert_eq!(text, "OBSERVATION:\nEcho: from swe");
    s.server.assert_invariants();
}

#[tokio::test]
async fn classic_calls_an_mcp_tool_as_text_after_the_model_refused_tools() {
    let mut s = session(
        "classic",
        vec![
            ScriptedResponse::error(400, "model m does not support tools"),
            ScriptedResponse::text(format!(
                "I will ask the server.\n<tool_call>\n{{\"name\": \"{ECHO}\", \"arguments\": {{\"message\": \"from classic\"}}}}\n</tool_call>"
            )),
            ScriptedResponse::text("The server said: from classic."),
        ],
    )
    .await;
    let t = turn(&mut s, "have the server echo").await;
    proposed_mcp_call(&t.events);
    assert_eq!(t.results(), vec![("Echo: from classic".to_string(), false)]);

    let requests = s.server.model_requests();
    assert_eq!(requests.len(), 3);
    // Offered natively first: the prompt says nothing more.
    assert!(requests[0].tool_names().contains(&ECHO));
    assert!(!system_of(&requests[0]).contains(SECTION));
    // Refused: the prompt lists it, with the call in the text syntax classic reads.
    assert!(requests[1].tool_names().is_empty());
    let system = system_of(&requests[1]);
    assert!(system.contains(&format!("- {ECHO}: ")), "{system}");
    assert!(system.contains("<tool_call>\n{\"name\": \""), "{system}");
    let (role, text) = last_text(&requests[2]);
    assert_eq!(role, json!("user"));
    assert!(
        text.starts_with(&format!("The tool {ECHO} returned:\nEcho: from classic\n")),
        "{text}"
    );
    s.server.assert_invariants();
}

#[tokio::test]
async fn a_system_message_replacing_the_prompt_keeps_the_mcp_tools_and_native_adds_nothing() {
    let server = everything();
    let mut s = SessionFixture::builder(Script::new(vec![
        ScriptedResponse::text("DISCUSSION\nNothing to do.\n\n```\nsubmit\n```\n"),
        ScriptedResponse::text("Nothing to do."),
    ]))
    .configure(move |c| {
        c.profile = "swe-agent".into();
        c.system_message = Some("You are terse.".into());
        c.mcp_servers = vec![server];
    })
    .start()
    .await;
    turn(&mut s, "nothing").await;
    let system = system_of(&s.server.model_requests()[0]);
    assert!(system.starts_with("You are terse.\n\n"), "{system}");
    assert!(system.contains(&format!("- {ECHO}: ")), "{system}");

    // The same tools through a harness with native tools: offered as tools, not in the prompt.
    s.submit(oi_protocol::Op::SetProfile {
        profile: "claude-code".into(),
    });
    turn(&mut s, "again").await;
    let requests = s.server.model_requests();
    let last = requests.last().unwrap();
    assert!(last.tool_names().contains(&ECHO));
    assert_eq!(system_of(last), "You are terse.");
    s.server.assert_invariants();
}
