//! The tray bridge: when the desktop app is running, `interpreter acp` relays the editor's ACP
//! stream to it over a Unix socket in `$XDG_RUNTIME_DIR` (directory 0700, socket 0600, the peer's
//! uid checked), so the editor's session runs inside the app: visible there, with its approvals
//! answerable in the app or the editor, whichever comes first. Without the app, `interpreter acp`
//! serves in-process.
//!
//! The server side lives here (not in the GUI crate) so it is tested without a window.

use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::path::{Path, PathBuf};

use oi_config::Flags;
use oi_protocol::{Event, Submission};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::{UnixListener, UnixStream};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};

use crate::AcpConfig;

/// An editor's session running in the host: its events, and its queue for the host's own
/// answers (approvals, interrupts).
pub struct HostedSession {
    pub id: String,
    pub cwd: PathBuf,
    pub submissions: UnboundedSender<Submission>,
    pub events: UnboundedReceiver<Event>,
}

/// The program hosting editors' sessions (the desktop app).
pub trait SessionHost: Send + Sync + std::fmt::Debug {
    fn session_started(&self, session: HostedSession);
}

#[derive(Debug, thiserror::Error)]
pub enum BridgeError {
    #[error("no runtime directory for the bridge socket: set XDG_RUNTIME_DIR")]
    NoRuntimeDir,
    #[error("the bridge socket {path}: {source}")]
    Socket {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("relaying the editor's stream failed: {0}")]
    Relay(std::io::Error),
}

fn socket_error(path: &Path) -> impl FnOnce(std::io::Error) -> BridgeError + '_ {
    move |source| BridgeError::Socket {
        path: path.to_path_buf(),
        source,
    }
}

/// `$OI_BRIDGE_SOCKET`, else `$XDG_RUNTIME_DIR/open-interpreter/acp.sock`.
pub fn socket_path() -> Option<PathBuf> {
    if let Some(path) = std::env::var_os("OI_BRIDGE_SOCKET") {
        return Some(PathBuf::from(path));
    }
    let runtime = std::env::var_os("XDG_RUNTIME_DIR")?;
    Some(
        PathBuf::from(runtime)
            .join("open-interpreter")
            .join("acp.sock"),
    )
}

/// The app's side: accepts editors' connections (from this user only) and serves ACP on each,
/// the sessions hosted by `config.host`.
pub struct BridgeServer {
    listener: UnixListener,
    path: PathBuf,
    uid: u32,
    config: AcpConfig,
}

impl BridgeServer {
    /// Binds the socket (replacing a stale one), in a directory only this user can enter.
    pub fn bind(path: &Path, config: AcpConfig) -> Result<BridgeServer, BridgeError> {
        let dir = path.parent().ok_or(BridgeError::NoRuntimeDir)?;
        std::fs::create_dir_all(dir).map_err(socket_error(dir))?;
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))
            .map_err(socket_error(dir))?;
        // Our own uid, as the owner of the directory we just made ours.
        let uid = std::fs::metadata(dir).map_err(socket_error(dir))?.uid();
        if path.exists() {
            if std::os::unix::net::UnixStream::connect(path).is_ok() {
                return Err(BridgeError::Socket {
                    path: path.to_path_buf(),
                    source: std::io::Error::new(
                        std::io::ErrorKind::AddrInUse,
                        "another app is already serving it",
                    ),
                });
            }
            std::fs::remove_file(path).map_err(socket_error(path))?;
        }
        let listener = UnixListener::bind(path).map_err(socket_error(path))?;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
            .map_err(socket_error(path))?;
        Ok(BridgeServer {
            listener,
            path: path.to_path_buf(),
            uid,
            config,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Serves until the task is dropped; each editor connection gets its own ACP agent.
    pub async fn run(self) {
        loop {
            let stream = match self.listener.accept().await {
                Ok((stream, _)) => stream,
                Err(e) => {
                    tracing::warn!("the bridge stopped accepting: {e}");
                    return;
                }
            };
            match stream.peer_cred() {
                Ok(cred) if cred.uid() == self.uid => {}
                Ok(cred) => {
                    tracing::warn!(
                        uid = cred.uid(),
                        "refused a bridge connection from another user"
                    );
                    continue;
                }
                Err(e) => {
                    tracing::warn!("refused a bridge connection without credentials: {e}");
                    continue;
                }
            }
            let template = self.config.clone();
            tokio::spawn(async move {
                let (read, write) = stream.into_split();
                let (hello, read) = match read_hello(read).await {
                    Ok(read) => read,
                    Err(e) => {
                        tracing::warn!("an editor's bridged connection ended: {e}");
                        return;
                    }
                };
                // Resolving reads config.toml and probes the sandbox: off the async workers.
                let resolved = tokio::task::spawn_blocking(move || {
                    template.with_editor_flags(&hello.map(|h| h.flags).unwrap_or_default())
                })
                .await;
                let Ok(config) = resolved else {
                    tracing::warn!("resolving an editor's settings failed");
                    return;
                };
                let transport = crate::pipe::EditorPipe::new(read, write);
                if let Err(e) = crate::serve(transport, config).await {
                    tracing::warn!("an editor's bridged connection ended: {e}");
                }
            });
        }
    }
}

impl Drop for BridgeServer {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The first line `interpreter acp` sends the app, before the editor's stream: the flags it was
/// started with, so the editor's sessions honour them (config.toml and the defaults fill in
/// the rest, resolved by the app).
#[derive(Debug, serde::Serialize, serde::Deserialize)]
struct Hello {
    open_interpreter_bridge: u32,
    flags: Flags,
}

const BRIDGE_VERSION: u32 = 1;
/// Far more than any flags take; a longer first line is not a hello.
const MAX_HELLO: u64 = 256 * 1024;

/// Reads the hello, if the connection starts with one; the rest is the editor's stream (a
/// first line that is not a hello is given back to it).
async fn read_hello(
    read: impl AsyncRead + Unpin + Send + 'static,
) -> std::io::Result<(Option<Hello>, impl AsyncRead + Unpin + Send + 'static)> {
    let mut reader = tokio::io::BufReader::new(read);
    let mut line = Vec::new();
    (&mut reader)
        .take(MAX_HELLO)
        .read_until(b'\n', &mut line)
        .await?;
    let hello = serde_json::from_slice::<Hello>(&line)
        .ok()
        .filter(|h| h.open_interpreter_bridge == BRIDGE_VERSION);
    if hello.is_some() {
        line.clear();
    }
    Ok((hello, std::io::Cursor::new(line).chain(reader)))
}

/// The editor's side: when the app serves `path`, sends it `flags` (the editor's, to run its
/// sessions with), then copies stdin to it and its answers to stdout until either end closes,
/// and returns `Ok(true)`; `Ok(false)` when no app is there.
pub async fn relay_stdio(path: &Path, flags: &Flags) -> Result<bool, BridgeError> {
    let Ok(stream) = UnixStream::connect(path).await else {
        return Ok(false);
    };
    tracing::info!(socket = %path.display(), "relaying the editor's session to the desktop app");
    let (mut from_app, mut to_app) = stream.into_split();
    let hello = Hello {
        open_interpreter_bridge: BRIDGE_VERSION,
        flags: flags.clone(),
    };
    let mut line = serde_json::to_vec(&hello).map_err(|e| BridgeError::Relay(e.into()))?;
    line.push(b'\n');
    to_app.write_all(&line).await.map_err(BridgeError::Relay)?;
    let mut stdin = tokio::io::stdin();
    let mut stdout = tokio::io::stdout();
    let up = async {
        tokio::io::copy(&mut stdin, &mut to_app).await?;
        // The editor closed stdin: the app sees the end of the stream.
        tokio::io::AsyncWriteExt::shutdown(&mut to_app).await
    };
    let down = async {
        tokio::io::copy(&mut from_app, &mut stdout).await?;
        tokio::io::AsyncWriteExt::flush(&mut stdout).await
    };
    tokio::pin!(up, down);
    tokio::select! {
        r = &mut down => r.map_err(BridgeError::Relay)?,
        r = &mut up => {
            r.map_err(BridgeError::Relay)?;
            // The app answers what is still in flight, then closes its end.
            down.await.map_err(BridgeError::Relay)?;
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn rest(read: impl AsyncRead + Unpin) -> String {
        let mut text = String::new();
        let mut read = read;
        read.read_to_string(&mut text).await.unwrap();
        text
    }

    #[tokio::test]
    async fn a_hello_is_taken_off_the_stream_and_anything_else_is_left_on_it() {
        let flags = Flags {
            model: Some("openai/m".into()),
            ..Flags::default()
        };
        let hello = serde_json::json!({"open_interpreter_bridge": 1, "flags": flags});
        let stream = format!("{hello}\n{{\"jsonrpc\":\"2.0\"}}\n");
        let (got, read) = read_hello(std::io::Cursor::new(stream.into_bytes()))
            .await
            .unwrap();
        assert_eq!(got.map(|h| h.flags), Some(flags));
        assert_eq!(rest(read).await, "{\"jsonrpc\":\"2.0\"}\n");
        // An older `interpreter acp` starts with the editor's first message.
        let plain = "{\"jsonrpc\":\"2.0\",\"id\":0}\n{\"more\":1}\n";
        let (got, read) = read_hello(std::io::Cursor::new(plain.as_bytes().to_vec()))
            .await
            .unwrap();
        assert!(got.is_none());
        assert_eq!(rest(read).await, plain);
    }
}
