//! Editors over the Agent Client Protocol: `interpreter acp` speaks ACP v1 (JSON-RPC 2.0, one message
//! a line) on stdio and turns it into the engine's Ops and Events. ACP types never leave this crate.
//!
//! stdout carries the protocol and nothing else; logs go through `tracing` to stderr.

#![deny(clippy::print_stdout, clippy::print_stderr)]

mod agent;
pub mod bridge;
pub mod client_env;
mod content;
mod diff;
mod mcp;
mod modes;
mod permission;
pub mod pipe;
mod replay;
mod sessions;
mod turn;
mod updates;

use std::path::PathBuf;
use std::sync::Arc;

use agent_client_protocol::{Agent, ConnectTo};
use oi_config::Flags;
use oi_core::SessionConfig;

/// What `interpreter acp` was started with.
#[derive(Debug, Clone)]
pub struct AcpConfig {
    /// The template for every session: model, profile, policy, data directory… Each session
    /// takes the working directory the editor gives in `session/new`.
    pub session: SessionConfig,
    /// The desktop app hosting the editor's sessions (set by the bridge's server side).
    pub host: Option<Arc<dyn bridge::SessionHost>>,
    /// Why no session can start (the editor's flags did not resolve); told on `session/new`.
    pub refusal: Option<String>,
}

impl AcpConfig {
    pub fn new(session: SessionConfig) -> Self {
        AcpConfig {
            session,
            host: None,
            refusal: None,
        }
    }

    /// The settings for an editor that gave `editor` flags: none, this template (the app's
    /// settings); some, resolved as `interpreter acp` would in-process (the flags, then
    /// config.toml, then defaults). The sessions stay in this template's data directory.
    pub fn with_editor_flags(&self, editor: &Flags) -> AcpConfig {
        let mut config = self.clone();
        if editor.is_empty() {
            return config;
        }
        match oi_core::settings::resolve(editor) {
            Ok(settings) => {
                config.session = SessionConfig {
                    data_dir: self.session.data_dir.clone(),
                    ..settings.session
                };
            }
            Err(e) => config.refusal = Some(format!("the editor's settings: {e}")),
        }
        config
    }

    fn data_dir(&self) -> &PathBuf {
        &self.session.data_dir
    }
}

#[derive(Debug, thiserror::Error)]
pub enum AcpError {
    #[error("the ACP connection failed: {0}")]
    Connection(#[from] agent_client_protocol::Error),
}

/// Serves one editor on this process's stdin and stdout until the editor closes stdin.
pub async fn serve_stdio(config: AcpConfig) -> Result<(), AcpError> {
    serve(
        pipe::EditorPipe::new(tokio::io::stdin(), tokio::io::stdout()),
        config,
    )
    .await
}

/// Serves one client over any transport (an [`pipe::EditorPipe`] on stdio or the app's socket; the
/// SDK's `ByteStreams` over in-memory pipes in tests).
pub async fn serve(
    transport: impl ConnectTo<Agent> + 'static,
    config: AcpConfig,
) -> Result<(), AcpError> {
    agent::serve(transport, config)
        .await
        .map_err(AcpError::from)
}
