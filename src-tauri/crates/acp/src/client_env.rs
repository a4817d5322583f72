//! The editor as the session's environment: file reads and writes through `fs/*` (so edits land in
//! the editor's buffers, unsaved changes included) and shell runs through `terminal/*` (so the
//! editor shows them live, in the tool call). Implements the engine's [`Environment`].

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    ClientCapabilities, CreateTerminalRequest, EnvVariable, KillTerminalRequest,
    ReadTextFileRequest, ReleaseTerminalRequest, SessionNotification, SessionUpdate,
    TerminalOutputRequest, ToolCallContent, ToolCallUpdate, ToolCallUpdateFields,
    WaitForTerminalExitRequest, WriteTextFileRequest,
};
use agent_client_protocol::{Client, Error};
use oi_tools::environment::{CommandRequest, CommandRun, Environment, EnvironmentError};
use tokio_util::sync::CancellationToken;

/// Which tool call shows which of the editor's terminals (the update mapper shows it too).
pub type Terminals = Arc<Mutex<HashMap<String, String>>>;

pub struct AcpEnvironment {
    cx: ConnectionTo<Client>,
    /// Known once the engine session has started (before any prompt).
    session_id: OnceLock<String>,
    offered: ClientCapabilities,
    terminals: Terminals,
}

impl std::fmt::Debug for AcpEnvironment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AcpEnvironment")
            .field("session_id", &self.session_id.get())
            .finish_non_exhaustive()
    }
}

impl AcpEnvironment {
    pub fn new(cx: ConnectionTo<Client>, offered: ClientCapabilities) -> Self {
        AcpEnvironment {
            cx,
            session_id: OnceLock::new(),
            offered,
            terminals: Terminals::default(),
        }
    }

    /// Whether the editor offers anything the engine can use.
    pub fn offers_anything(&self) -> bool {
        self.offers_file_reads() || self.offers_file_writes() || self.offers_commands()
    }

    pub fn set_session_id(&self, id: &str) {
        let _ = self.session_id.set(id.to_string());
    }

    pub fn terminals(&self) -> Terminals {
        self.terminals.clone()
    }

    fn sid(&self) -> String {
        self.session_id.get().cloned().unwrap_or_default()
    }
}

fn refused(what: &'static str) -> impl FnOnce(Error) -> EnvironmentError {
    move |e| EnvironmentError::Failed {
        what,
        message: e.to_string(),
    }
}

#[async_trait::async_trait]
impl Environment for AcpEnvironment {
    fn offers_file_reads(&self) -> bool {
        self.offered.fs.read_text_file
    }

    fn offers_file_writes(&self) -> bool {
        self.offered.fs.write_text_file
    }

    fn offers_commands(&self) -> bool {
        self.offered.terminal
    }

    async fn read_text_file(&self, path: &Path) -> Result<String, EnvironmentError> {
        if !self.offers_file_reads() {
            return Err(EnvironmentError::NotOffered("fs/read_text_file"));
        }
        let request = ReadTextFileRequest::new(self.sid(), path.to_path_buf());
        let response = self
            .cx
            .send_request(request)
            .block_task()
            .await
            .map_err(refused("fs/read_text_file"))?;
        Ok(response.content)
    }

    async fn write_text_file(&self, path: &Path, content: &str) -> Result<(), EnvironmentError> {
        if !self.offers_file_writes() {
            return Err(EnvironmentError::NotOffered("fs/write_text_file"));
        }
        let request =
            WriteTextFileRequest::new(self.sid(), path.to_path_buf(), content.to_string());
        self.cx
            .send_request(request)
            .block_task()
            .await
            .map_err(refused("fs/write_text_file"))?;
        Ok(())
    }

    async fn run_command(
        &self,
        request: CommandRequest,
        cancel: CancellationToken,
    ) -> Result<CommandRun, EnvironmentError> {
        if !self.offers_commands() {
            return Err(EnvironmentError::NotOffered("terminal/create"));
        }
        let sid = self.sid();
        let env = request
            .env
            .into_iter()
            .map(|(name, value)| EnvVariable::new(name, value))
            .collect::<Vec<_>>();
        let create = CreateTerminalRequest::new(sid.clone(), request.program)
            .args(request.args)
            .env(env)
            .cwd(request.cwd);
        let terminal = self
            .cx
            .send_request(create)
            .block_task()
            .await
            .map_err(refused("terminal/create"))?
            .terminal_id;
        if let Ok(mut terminals) = self.terminals.lock() {
            terminals.insert(request.call_id.clone(), terminal.0.to_string());
        }
        let shown = ToolCallUpdateFields::new().content(vec![ToolCallContent::Terminal(
            agent_client_protocol::v1::schema::Terminal::new(terminal.clone()),
        )]);
        let update = SessionUpdate::ToolCallUpdate(ToolCallUpdate::new(request.call_id, shown));
        self.cx
            .send_notification(SessionNotification::new(sid.clone(), update))
            .map_err(refused("session/update"))?;
        let wait = self
            .cx
            .send_request(WaitForTerminalExitRequest::new(
                sid.clone(),
                terminal.clone(),
            ))
            .block_task();
        let killed = tokio::select! {
            r = wait => { r.map_err(refused("terminal/wait_for_exit"))?; false }
            () = cancel.cancelled() => {
                self.cx.send_request(KillTerminalRequest::new(sid.clone(), terminal.clone())).block_task().await
                    .map_err(refused("terminal/kill"))?;
                true
            }
        };
        let output = self
            .cx
            .send_request(TerminalOutputRequest::new(sid.clone(), terminal.clone()))
            .block_task()
            .await
            .map_err(refused("terminal/output"))?;
        // The editor keeps showing a released terminal's output in the tool call.
        self.cx
            .send_request(ReleaseTerminalRequest::new(sid, terminal))
            .block_task()
            .await
            .map_err(refused("terminal/release"))?;
        let status = output.exit_status;
        Ok(CommandRun {
            output: output.output,
            truncated: output.truncated,
            exit_code: status.as_ref().and_then(|s| s.exit_code).map(|c| c as i32),
            signal: status.and_then(|s| s.signal),
            killed,
        })
    }
}
