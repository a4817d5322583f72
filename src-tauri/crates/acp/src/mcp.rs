//! MCP servers the editor passes in `session/new` and `session/load`, as the engine's: stdio only
//! (what the agent's capabilities offer); an editor's server replaces a configured one of the
//! same name.

use agent_client_protocol::v1::schema::McpServer as AcpMcpServer;
use oi_core::mcp::{McpServer, McpServerConfig};

pub fn merge(configured: &mut Vec<McpServer>, from_editor: Vec<AcpMcpServer>) {
    for server in from_editor {
        let AcpMcpServer::Stdio(stdio) = server else {
            tracing::warn!(
                "the editor passed an MCP server over HTTP or SSE; only stdio servers are started"
            );
            continue;
        };
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
        merge(
            &mut servers,
            vec![
                AcpMcpServer::Stdio(
                    McpServerStdio::new("everything", "npx")
                        .args(vec!["server-everything".into()])
                        .env(vec![EnvVariable::new("A", "1")]),
                ),
                AcpMcpServer::Http(McpServerHttp::new("remote", "http://127.0.0.1:1/mcp")),
            ],
        );
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0].config.command, "npx");
        assert_eq!(servers[0].config.args, ["server-everything"]);
        assert_eq!(
            servers[0].config.env.get("A").map(String::as_str),
            Some("1")
        );
    }
}
