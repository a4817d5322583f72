//! MCP servers the editor passes in `session/new` and `session/load`, as the engine's: stdio only
//! (what the agent's capabilities offer: `mcpCapabilities` says no to HTTP and SSE); an editor's
//! server replaces a configured one of the same name.

use agent_client_protocol::v1::schema::McpServer as AcpMcpServer;
use oi_core::mcp::{McpServer, McpServerConfig};

/// An MCP server over a transport the agent does not speak: the session does not start, so the
/// editor knows its server is not there (rather than the model silently missing its tools).
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error(
    "the MCP server `{name}` is reached over {transport}; Open Interpreter starts stdio MCP servers \
     only (its initialize answer says http: false, sse: false): give it as a command to run"
)]
pub struct UnsupportedTransport {
    pub name: String,
    pub transport: &'static str,
}

pub fn merge(
    configured: &mut Vec<McpServer>,
    from_editor: Vec<AcpMcpServer>,
) -> Result<(), UnsupportedTransport> {
    let mut stdio_servers = Vec::with_capacity(from_editor.len());
    for server in from_editor {
        match server {
            AcpMcpServer::Stdio(stdio) => stdio_servers.push(stdio),
            AcpMcpServer::Http(http) => return Err(unsupported(http.name, "HTTP")),
            AcpMcpServer::Sse(sse) => return Err(unsupported(sse.name, "SSE")),
            _ => return Err(unsupported("(unnamed)".into(), "an unknown transport")),
        }
    }
    for stdio in stdio_servers {
        let config = McpServerConfig {
            command: stdio.command.display().to_string(),
            args: stdio.args,
            env: stdio.env.into_iter().map(|v| (v.name, v.value)).collect(),
        };
        configured.retain(|s| s.name != stdio.name);
        configured.push(McpServer {
            name: stdio.name,
            config,
        });
    }
    Ok(())
}

fn unsupported(name: String, transport: &'static str) -> UnsupportedTransport {
    UnsupportedTransport { name, transport }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agent_client_protocol::v1::schema::{EnvVariable, McpServerHttp, McpServerStdio};

    #[test]
    fn stdio_servers_are_taken_and_replace_configured_ones_by_name() {
        let mut servers = vec![McpServer {
            name: "everything".into(),
            config: McpServerConfig {
                command: "old".into(),
                ..Default::default()
            },
        }];
        let everything = AcpMcpServer::Stdio(
            McpServerStdio::new("everything", "npx")
                .args(vec!["server-everything".into()])
                .env(vec![EnvVariable::new("A", "1")]),
        );
        // One server the agent cannot reach: nothing is taken.
        let remote = AcpMcpServer::Http(McpServerHttp::new("remote", "http://127.0.0.1:1/mcp"));
        assert_eq!(
            merge(&mut servers, vec![everything.clone(), remote]),
            Err(UnsupportedTransport {
                name: "remote".into(),
                transport: "HTTP"
            })
        );
        assert_eq!(servers[0].config.command, "old");
        merge(&mut servers, vec![everything]).unwrap();
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0].config.command, "npx");
        assert_eq!(servers[0].config.args, ["server-everything"]);
        assert_eq!(
            servers[0].config.env.get("A").map(String::as_str),
            Some("1")
        );
    }
}
