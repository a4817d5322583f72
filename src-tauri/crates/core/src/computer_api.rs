//! The `computer` object of the Python kernel, engine side: a unix socket per session that the
//! kernel's `computer.mouse.click(…)`, `computer.display.view()`… speak JSON lines over (one
//! request per connection). While a code block runs the turn serves it beside the kernel's
//! output: each request becomes a `computer` call with its plan that passes the same approval
//! gate as the tool's, then runs on the same helper. Outside a block, requests wait for the next.
//!
//! Request: the `computer` tool's arguments (`{"action": "left_click", "coordinate": [x, y]}`),
//! plus `"show": true` when the screenshot is for the model (`display.view()`). Reply:
//! `{"ok": true, "text", "screenshot": {path, width, height…} | null}` or
//! `{"ok": false, "kind": "denied" | "no_display" | "permission" | "helper" | "bad_action" | "failed", "message"}`.

use std::convert::Infallible;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use oi_computer::ComputerError;
use oi_protocol::{CallOrigin, ToolAction, ToolCall};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{UnixListener, UnixStream};
use tokio_util::sync::CancellationToken;

use crate::session::Runtime;
use crate::turn::Passage;

/// Where the kernel finds the socket.
pub const SOCKET_ENV: &str = "OI_COMPUTER_SOCKET";
/// Why there is no socket, when there is none (the kernel's `computer` raises it).
pub const UNAVAILABLE_ENV: &str = "OI_COMPUTER_UNAVAILABLE";

/// A request a kernel sends; longer lines are refused (typed text is the only long field).
const MAX_REQUEST: u64 = 4 * 1024 * 1024;
/// A connection that says nothing this long is dropped, so it cannot hold up the others.
const REQUEST_WAIT: Duration = Duration::from_secs(10);

/// The session's socket, in a private directory (mode 0700) removed with the session.
pub(crate) struct ComputerChannel {
    listener: UnixListener,
    path: PathBuf,
    _dir: tempfile::TempDir,
}

impl ComputerChannel {
    /// Binds the socket under `$XDG_RUNTIME_DIR` (else the temporary directory). Must run
    /// inside the tokio runtime.
    pub(crate) fn open() -> std::io::Result<Self> {
        let base = std::env::var_os("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .filter(|d| d.is_dir())
            .unwrap_or_else(std::env::temp_dir);
        let dir = tempfile::Builder::new()
            .prefix("oi-computer-")
            .tempdir_in(base)?;
        let path = dir.path().join("computer.sock");
        let listener = UnixListener::bind(&path)?;
        Ok(ComputerChannel {
            listener,
            path,
            _dir: dir,
        })
    }
}

/// The kernels' environment entry: the socket, or why there is none.
pub(crate) fn kernel_env(channel: &Result<ComputerChannel, String>) -> (String, String) {
    match channel {
        Ok(c) => (SOCKET_ENV.into(), c.path.display().to_string()),
        Err(why) => (UNAVAILABLE_ENV.into(), why.clone()),
    }
}

/// One code block's computer actions.
pub(crate) struct BlockActions {
    /// The code block's call: actions are numbered below it, and `view()` screenshots are its images.
    parent: String,
    count: u32,
    /// Screenshots the code showed to the model (`display.view()`), for the block's result.
    pub images: Vec<String>,
    /// The person stopped the turn at one of the actions: the rest are refused, the turn ends.
    pub aborted: bool,
}

impl BlockActions {
    pub(crate) fn new(parent: &ToolCall) -> Self {
        BlockActions {
            parent: parent.call_id.clone(),
            count: 0,
            images: Vec::new(),
            aborted: false,
        }
    }
}

/// Serves the kernel's requests, one connection after the other, until dropped (when the block ends).
pub(crate) async fn serve(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
) -> Infallible {
    let Ok(channel) = &rt.computer_api else {
        return std::future::pending().await;
    };
    loop {
        let stream = match channel.listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                tracing::warn!("computer API: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        if let Err(e) = answer_connection(rt, id, block, cancel, stream).await {
            tracing::debug!("computer API: a connection ended early: {e}");
        }
    }
}

async fn answer_connection(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
    stream: UnixStream,
) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut line = String::new();
    let mut reader = BufReader::new(read.take(MAX_REQUEST));
    match tokio::time::timeout(REQUEST_WAIT, reader.read_line(&mut line)).await {
        Ok(Ok(0)) | Err(_) => return Ok(()),
        Ok(read) => read?,
    };
    let reply = match serde_json::from_str::<Value>(&line) {
        Ok(Value::Object(request)) => answer(rt, id, block, cancel, request).await,
        Ok(_) | Err(_) => failure(
            "bad_action",
            "a computer request is one JSON object a line".into(),
        ),
    };
    let mut text = reply.to_string();
    text.push('\n');
    write.write_all(text.as_bytes()).await?;
    write.shutdown().await
}

/// Gates and performs one action, as the `computer` tool does.
async fn answer(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
    mut arguments: serde_json::Map<String, Value>,
) -> Value {
    if block.aborted {
        return failure(
            "denied",
            "Not run: the user stopped the turn at an earlier computer action.".into(),
        );
    }
    let show = arguments
        .remove("show")
        .is_some_and(|s| s == Value::Bool(true));
    let arguments = Value::Object(arguments);
    let action = arguments
        .get("action")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    block.count += 1;
    let mut call = ToolCall {
        call_id: format!("{}.computer_{}", block.parent, block.count),
        name: "computer".into(),
        arguments: arguments.clone(),
        origin: CallOrigin::Text,
        action: ToolAction::Computer {
            action,
            arguments,
            plan: None,
        },
    };
    let takeover = match crate::computer::prepare(rt, &mut call).await {
        Ok(t) => t,
        Err(e) => {
            crate::computer::report(rt, id, &e);
            return computer_failure(&e);
        }
    };
    match crate::turn::pass_gate(rt, id, &call, takeover, cancel).await {
        Passage::Run { .. } => {
            let shown_in = if show { &block.parent } else { &call.call_id };
            match crate::computer::perform(rt, id, &call, shown_in).await {
                Ok(done) => {
                    if show && let Some(s) = &done.screenshot {
                        block.images.push(s.path.clone());
                    }
                    json!({"ok": true, "text": done.text, "screenshot": done.screenshot})
                }
                Err(e) => {
                    crate::computer::report(rt, id, &e);
                    computer_failure(&e)
                }
            }
        }
        Passage::Denied(reason) => failure("denied", reason),
        Passage::Aborted => {
            block.aborted = true;
            failure(
                "denied",
                "The user declined this action and stopped the turn.".into(),
            )
        }
        Passage::Interrupted => failure(
            "denied",
            "Not run: the user interrupted before approving.".into(),
        ),
    }
}

fn computer_failure(e: &ComputerError) -> Value {
    let kind = match e {
        ComputerError::BadAction { .. } => "bad_action",
        ComputerError::NoDisplay { .. } => "no_display",
        ComputerError::Permission { .. } => "permission",
        ComputerError::Helper { .. } => "helper",
        ComputerError::Failed { .. } => "failed",
    };
    failure(kind, e.to_string())
}

fn failure(kind: &str, message: String) -> Value {
    json!({"ok": false, "kind": kind, "message": message})
}
