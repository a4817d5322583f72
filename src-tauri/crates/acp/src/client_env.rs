//! The editor as the session's environment: file reads and writes through `fs/*` (so edits land in
//! the editor's buffers, unsaved changes included) and shell runs through `terminal/*` (so the
//! editor shows them live). The engine does not call this yet: [`ClientEnvironment`] is the hook
//! proposed for `oi_core::SessionConfig`, implemented here against an ACP connection.

use std::path::{Path, PathBuf};

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    ClientCapabilities, CreateTerminalRequest, KillTerminalRequest, ReadTextFileRequest,
    ReleaseTerminalRequest, TerminalOutputRequest, WaitForTerminalExitRequest,
    WriteTextFileRequest,
};
use agent_client_protocol::{Client, Error};
use tokio_util::sync::CancellationToken;

#[derive(Debug, thiserror::Error)]
pub enum EnvError {
    #[error("the editor does not offer {0}")]
    NotOffered(&'static str),
    #[error("the editor refused {what}: {source}")]
    Client { what: &'static str, source: Error },
}

/// How a command run in the editor's terminal ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRun {
    pub terminal_id: String,
    pub output: String,
    pub truncated: bool,
    pub exit_code: Option<u32>,
    pub signal: Option<String>,
    pub interrupted: bool,
}

/// Where a session reads and writes files and runs shell commands, when not on its own.
#[async_trait::async_trait]
pub trait ClientEnvironment: Send + Sync {
    fn reads_files(&self) -> bool;
    fn writes_files(&self) -> bool;
    fn runs_commands(&self) -> bool;
    async fn read_text_file(&self, path: &Path) -> Result<String, EnvError>;
    async fn write_text_file(&self, path: &Path, content: &str) -> Result<(), EnvError>;
    /// Runs `sh -c command` in `cwd`; `started` gets the terminal id at once (for the tool call's
    /// content), the result comes when it exits or `cancel` fires (then it is killed).
    async fn run_command(
        &self,
        command: &str,
        cwd: &Path,
        started: Box<dyn FnOnce(String) + Send>,
        cancel: CancellationToken,
    ) -> Result<CommandRun, EnvError>;
}

pub struct AcpEnvironment {
    cx: ConnectionTo<Client>,
    session_id: String,
    offered: ClientCapabilities,
}

impl AcpEnvironment {
    pub fn new(
        cx: ConnectionTo<Client>,
        session_id: impl Into<String>,
        offered: ClientCapabilities,
    ) -> Self {
        AcpEnvironment {
            cx,
            session_id: session_id.into(),
            offered,
        }
    }
}

fn refused(what: &'static str) -> impl FnOnce(Error) -> EnvError {
    move |source| EnvError::Client { what, source }
}

#[async_trait::async_trait]
impl ClientEnvironment for AcpEnvironment {
    fn reads_files(&self) -> bool {
        self.offered.fs.read_text_file
    }

    fn writes_files(&self) -> bool {
        self.offered.fs.write_text_file
    }

    fn runs_commands(&self) -> bool {
        self.offered.terminal
    }

    async fn read_text_file(&self, path: &Path) -> Result<String, EnvError> {
        if !self.reads_files() {
            return Err(EnvError::NotOffered("fs/read_text_file"));
        }
        let request = ReadTextFileRequest::new(self.session_id.clone(), path.to_path_buf());
        let response = self
            .cx
            .send_request(request)
            .block_task()
            .await
            .map_err(refused("fs/read_text_file"))?;
        Ok(response.content)
    }

    async fn write_text_file(&self, path: &Path, content: &str) -> Result<(), EnvError> {
        if !self.writes_files() {
            return Err(EnvError::NotOffered("fs/write_text_file"));
        }
        let request = WriteTextFileRequest::new(
            self.session_id.clone(),
            path.to_path_buf(),
            content.to_string(),
        );
        self.cx
            .send_request(request)
            .block_task()
            .await
            .map_err(refused("fs/write_text_file"))?;
        Ok(())
    }

    async fn run_command(
        &self,
        command: &str,
        cwd: &Path,
        started: Box<dyn FnOnce(String) + Send>,
        cancel: CancellationToken,
    ) -> Result<CommandRun, EnvError> {
        if !self.runs_commands() {
            return Err(EnvError::NotOffered("terminal/create"));
        }
        let sid = self.session_id.clone();
        let create = CreateTerminalRequest::new(sid.clone(), "sh")
            .args(vec!["-c".to_string(), command.to_string()])
            .cwd(PathBuf::from(cwd));
        let terminal = self
            .cx
            .send_request(create)
            .block_task()
            .await
            .map_err(refused("terminal/create"))?
            .terminal_id;
        started(terminal.0.to_string());
        let wait = self
            .cx
            .send_request(WaitForTerminalExitRequest::new(
                sid.clone(),
                terminal.clone(),
            ))
            .block_task();
        let interrupted = tokio::select! {
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
            .send_request(ReleaseTerminalRequest::new(sid, terminal.clone()))
            .block_task()
            .await
            .map_err(refused("terminal/release"))?;
        let status = output.exit_status;
        Ok(CommandRun {
            terminal_id: terminal.0.to_string(),
            output: output.output,
            truncated: output.truncated,
            exit_code: status.as_ref().and_then(|s| s.exit_code),
            signal: status.and_then(|s| s.signal),
            interrupted,
        })
    }
}
