//! MCP servers a session uses (from `config.toml`'s `[mcp_servers.NAME]`, or from an editor's
//! `session/new`): each is started as a child process speaking MCP on stdio (rmcp), and its tools
//! are offered to the model as `mcp__SERVER__TOOL`. Calls pass the approval gate like any other.

use std::path::Path;
use std::time::Duration;

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, ContentBlock, Tool};
use rmcp::service::{RoleClient, RunningService};
use rmcp::transport::TokioChildProcess;
use serde_json::Value;
use tokio::io::AsyncBufReadExt;
use tokio_util::sync::CancellationToken;

use crate::model::ToolSpec;

pub use oi_config::{McpServer, McpServerConfig};

#[derive(Debug, thiserror::Error)]
pub enum McpError {
    #[error("MCP server `{server}` could not start `{command}`: {source}")]
    Spawn {
        server: String,
        command: String,
        source: std::io::Error,
    },
    #[error("MCP server `{server}` did not complete the MCP handshake: {message}")]
    Handshake { server: String, message: String },
    #[error("MCP server `{server}` did not list its tools: {message}")]
    ListTools { server: String, message: String },
    #[error(
        "MCP server `{server}` was not started: it would run in the session's sandbox, and {why}"
    )]
    Sandbox { server: String, why: String },
}

const PREFIX: &str = "mcp__";
/// How long a server may take to start and list its tools (an `npx` download included).
const START_TIMEOUT: Duration = Duration::from_secs(120);

struct Running {
    name: String,
    service: RunningService<RoleClient, ()>,
    tools: Vec<Tool>,
}

/// The running servers of one session and the tools they offer.
#[derive(Default)]
pub struct McpTools {
    servers: Vec<Running>,
}

impl std::fmt::Debug for McpTools {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list()
            .entries(self.servers.iter().map(|s| &s.name))
            .finish()
    }
}

/// What one MCP tool call returned, as the model will read it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpCallOutput {
    pub text: String,
    pub is_error: bool,
}

impl McpTools {
    /// Starts every server (in `cwd`, in the session's `sandbox` as code runs); those that
    /// fail are left out and their errors returned.
    pub async fn start(
        servers: &[McpServer],
        cwd: &Path,
        sandbox: &crate::sandbox::SessionSandbox,
    ) -> (McpTools, Vec<McpError>) {
        let started =
            futures::future::join_all(servers.iter().map(|s| start_one(s, cwd, sandbox))).await;
        let mut tools = McpTools::default();
        let mut errors = Vec::new();
        for result in started {
            match result {
                Ok(running) => tools.servers.push(running),
                Err(e) => errors.push(e),
            }
        }
        (tools, errors)
    }

    /// The tools as the model sees them.
    pub fn specs(&self) -> Vec<ToolSpec> {
        self.servers
            .iter()
            .flat_map(|s| {
                s.tools.iter().map(|t| ToolSpec {
                    name: tool_name(&s.name, &t.name),
                    description: t.description.as_deref().unwrap_or_default().to_string(),
                    parameters: Value::Object((*t.input_schema).clone()),
                })
            })
            .collect()
    }

    pub fn owns(&self, name: &str) -> bool {
        self.find(name).is_some()
    }

    fn find(&self, name: &str) -> Option<(&Running, &Tool)> {
        let (server, tool) = server_and_tool(name)?;
        let running = self.servers.iter().find(|s| s.name == server)?;
        let tool = running.tools.iter().find(|t| t.name == tool)?;
        Some((running, tool))
    }

    /// Calls a tool; stops waiting when `cancel` fires.
    pub async fn call(
        &self,
        name: &str,
        arguments: &Value,
        cancel: &CancellationToken,
    ) -> McpCallOutput {
        let Some((server, tool)) = self.find(name) else {
            return McpCallOutput {
                text: format!("No such MCP tool: `{name}`."),
                is_error: true,
            };
        };
        let mut params = CallToolRequestParams::new(tool.name.clone());
        params.arguments = match arguments {
            Value::Object(map) => Some(map.clone()),
            Value::Null => None,
            other => {
                return McpCallOutput {
                    text: format!("The arguments of `{name}` must be a JSON object, not {other}."),
                    is_error: true,
                };
            }
        };
        let result = tokio::select! {
            r = server.service.call_tool(params) => r,
            () = cancel.cancelled() => {
                return McpCallOutput { text: "(interrupted by the user)".into(), is_error: true };
            }
        };
        match result {
            Ok(result) => {
                let mut parts: Vec<String> = result
                    .content
                    .iter()
                    .map(|block| match block {
                        ContentBlock::Text(t) => t.text.clone(),
                        ContentBlock::Image(i) => format!("(image, {})", i.mime_type),
                        ContentBlock::Audio(a) => format!("(audio, {})", a.mime_type),
                        ContentBlock::ResourceLink(l) => format!("(resource {})", l.uri),
                        _ => "(embedded resource)".to_string(),
                    })
                    .collect();
                if parts.is_empty()
                    && let Some(structured) = &result.structured_content
                {
                    parts.push(structured.to_string());
                }
                McpCallOutput {
                    text: parts.join("\n"),
                    is_error: result.is_error.unwrap_or(false),
                }
            }
            Err(e) => McpCallOutput {
                text: format!("MCP server `{}` failed: {e}", server.name),
                is_error: true,
            },
        }
    }

    /// Ends every server (closing its stdin, then signals).
    pub async fn shutdown(&mut self) {
        for running in self.servers.drain(..) {
            if let Err(e) = running.service.cancel().await {
                tracing::warn!(server = %running.name, "MCP server did not stop cleanly: {e}");
            }
        }
    }
}

/// `mcp__SERVER__TOOL`, kept to the characters and length every provider accepts.
fn tool_name(server: &str, tool: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                    c
                } else {
                    '_'
                }
            })
            .collect()
    };
    let mut name = format!("{PREFIX}{}__{}", clean(server), clean(tool));
    name.truncate(64);
    name
}

/// The server and tool an `mcp__SERVER__TOOL` name stands for.
pub fn server_and_tool(name: &str) -> Option<(&str, &str)> {
    name.strip_prefix(PREFIX)?.split_once("__")
}

async fn start_one(
    server: &McpServer,
    cwd: &Path,
    sandbox: &crate::sandbox::SessionSandbox,
) -> Result<Running, McpError> {
    let name = server.name.clone();
    let spawn_error = |source| McpError::Spawn {
        server: name.clone(),
        command: server.config.command.clone(),
        source,
    };
    let argv = std::iter::once(&server.config.command)
        .chain(&server.config.args)
        .map(std::ffi::OsString::from)
        .collect();
    let env = server
        .config
        .env
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()));
    let mut command =
        oi_exec::launch_command(&sandbox.launcher_prefix, sandbox.container, env, argv)
            .map_err(spawn_error)?;
    command.current_dir(cwd);
    let (transport, stderr) = TokioChildProcess::builder(command)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(spawn_error)?;
    // What the server says on stderr is a log, not the person's business: it goes to tracing.
    if let Some(stderr) = stderr {
        let server = name.clone();
        tokio::spawn(async move {
            let mut lines = tokio::io::BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                tracing::debug!(server = %server, "{line}");
            }
        });
    }
    let handshake = tokio::time::timeout(START_TIMEOUT, ().serve(transport)).await;
    let service = match handshake {
        Ok(Ok(service)) => service,
        Ok(Err(e)) => {
            return Err(McpError::Handshake {
                server: name,
                message: e.to_string(),
            });
        }
        Err(_) => {
            return Err(McpError::Handshake {
                server: name,
                message: "timed out".into(),
            });
        }
    };
    let tools = match tokio::time::timeout(START_TIMEOUT, service.list_all_tools()).await {
        Ok(Ok(tools)) => tools,
        Ok(Err(e)) => {
            return Err(McpError::ListTools {
                server: name,
                message: e.to_string(),
            });
        }
        Err(_) => {
            return Err(McpError::ListTools {
                server: name,
                message: "timed out".into(),
            });
        }
    };
    tracing::info!(server = %name, tools = tools.len(), "MCP server started");
    Ok(Running {
        name,
        service,
        tools,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_names_carry_the_server_and_split_back() {
        assert_eq!(tool_name("everything", "echo"), "mcp__everything__echo");
        assert_eq!(
            tool_name("my server", "get.thing"),
            "mcp__my_server__get_thing"
        );
        assert_eq!(
            server_and_tool("mcp__everything__echo"),
            Some(("everything", "echo"))
        );
        assert_eq!(server_and_tool("Bash"), None);
        assert_eq!(tool_name("s", &"x".repeat(100)).len(), 64);
    }

    #[tokio::test]
    async fn a_server_that_does_not_exist_is_an_error_and_the_rest_go_on() {
        let servers = [McpServer {
            name: "ghost".into(),
            config: McpServerConfig {
                command: "/nonexistent/mcp-server".into(),
                ..Default::default()
            },
        }];
        let (tools, errors) = McpTools::start(
            &servers,
            Path::new("/"),
            &crate::sandbox::SessionSandbox::none(),
        )
        .await;
        assert!(tools.specs().is_empty());
        assert_eq!(errors.len(), 1);
        let message = errors[0].to_string();
        assert!(
            message.starts_with("MCP server `ghost` could not start `/nonexistent/mcp-server`"),
            "{message}"
        );
    }
}
