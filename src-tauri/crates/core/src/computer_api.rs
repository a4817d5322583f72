//! The `computer` object of the Python kernel, engine side. Each Python kernel inherits one end
//! of its own connected socket pair (oi-exec's `EngineLink`); its `computer.mouse.click(…)`,
//! `computer.display.view()`… send one JSON line on it and wait for one line back, one request at
//! a time. An open descriptor needs no `socket(2)` and no path, so this works under the native
//! sandbox (seccomp, landlock) as without one. While a code block runs the turn serves the current
//! Python kernel's line beside the kernel's output: each request becomes a `computer` call with
//! its plan that passes the same approval gate as the tool's, then runs on the same helper.
//! Outside a block, requests wait for the next.
//!
//! `computer.files` requests come on the same line (`{"files": "read" | "find", …}`) and are
//! answered by [`crate::files_api`] without approval: they change nothing.
//!
//! Request: the `computer` tool's arguments (`{"action": "left_click", "coordinate": [x, y]}`),
//! plus `"show": true` when the screenshot is for the model (`display.view()`). Reply:
//! `{"ok": true, "text", "screenshot": {path, width, height…} | null}` or
//! `{"ok": false, "kind": "denied" | "no_display" | "permission" | "helper" | "bad_action" | "failed", "message"}`.

use std::convert::Infallible;
use std::sync::Arc;

use oi_computer::ComputerError;
use oi_protocol::{CallOrigin, ToolAction, ToolCall};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixStream;
use tokio::sync::{MutexGuard, mpsc};
use tokio_util::sync::CancellationToken;

use crate::approval::Passage;
use crate::runtime::Runtime;

/// A request a kernel sends; longer lines are refused (typed text is the only long field).
const MAX_REQUEST: usize = 4 * 1024 * 1024;
/// What a kernel in a container sandbox is told: no descriptor of this machine reaches it.
const IN_CONTAINER: &str = "code in a container sandbox (--sandbox docker or openshell) cannot reach this desktop; use the computer tool instead";
/// What a kernel hears when its block ended before its request was answered.
const BLOCK_ENDED: &str =
    "the code block ended before the engine answered: computer.* works while a code block runs";

/// The kernels' line to the engine, and the receiving end of the Python kernels' lines.
pub(crate) fn link() -> (oi_exec::EngineLink, ComputerLines) {
    let (link, arrivals) = oi_exec::EngineLink::new(IN_CONTAINER);
    let lines = ComputerLines {
        arrivals,
        current: None,
    };
    (link, lines)
}

/// The engine's ends of the Python kernels' lines: the current kernel's, and those of kernels
/// started since (a new one replaces it; the old kernel is gone).
pub(crate) struct ComputerLines {
    arrivals: mpsc::UnboundedReceiver<std::os::unix::net::UnixStream>,
    current: Option<Line>,
}

/// One kernel's line, framed in JSON lines. Kept across blocks: a request half read when a
/// block ends is finished in the next.
struct Line {
    stream: UnixStream,
    inbox: Vec<u8>,
    /// Skipping the rest of a request that was too long (already answered).
    skipping: bool,
    /// A request was read and its reply not yet queued.
    owed: bool,
    /// Reply bytes not yet written.
    outbox: Vec<u8>,
}

impl Line {
    fn new(stream: std::os::unix::net::UnixStream) -> std::io::Result<Line> {
        stream.set_nonblocking(true)?;
        Ok(Line {
            stream: UnixStream::from_std(stream)?,
            inbox: Vec::new(),
            skipping: false,
            owed: false,
            outbox: Vec::new(),
        })
    }

    /// The next request line; `None` once the kernel is gone. Cancel-safe: what was read stays.
    async fn next_request(&mut self) -> std::io::Result<Option<Vec<u8>>> {
        loop {
            if let Some(end) = self.inbox.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.inbox.drain(..=end).collect();
                if std::mem::take(&mut self.skipping) {
                    continue;
                }
                if line.len() > MAX_REQUEST {
                    self.refuse_too_long().await?;
                    continue;
                }
                self.owed = true;
                return Ok(Some(line));
            }
            if self.inbox.len() > MAX_REQUEST {
                // Answered now, the rest of the line dropped as it comes.
                self.inbox.clear();
                if !std::mem::replace(&mut self.skipping, true) {
                    self.refuse_too_long().await?;
                }
            }
            self.inbox.reserve(8192);
            if self.stream.read_buf(&mut self.inbox).await? == 0 {
                return Ok(None);
            }
        }
    }

    async fn refuse_too_long(&mut self) -> std::io::Result<()> {
        self.reply(&failure(
            "bad_action",
            format!("a computer request is one JSON line of at most {MAX_REQUEST} bytes"),
        ));
        self.flush().await
    }

    fn reply(&mut self, reply: &Value) {
        self.outbox.extend_from_slice(reply.to_string().as_bytes());
        self.outbox.push(b'\n');
        self.owed = false;
    }

    /// Writes the queued replies. Cancel-safe: what was written is gone from the outbox.
    async fn flush(&mut self) -> std::io::Result<()> {
        while !self.outbox.is_empty() {
            let n = self.stream.write(&self.outbox).await?;
            self.outbox.drain(..n);
        }
        Ok(())
    }

    /// The block ended while a request waited: tell its caller rather than leave it hanging
    /// until the next block, without waiting (a reply is small; the socket's buffer takes it).
    fn abandon(&mut self) {
        if self.owed {
            self.reply(&failure("helper", BLOCK_ENDED.into()));
        }
        while !self.outbox.is_empty() {
            match self.stream.try_write(&self.outbox) {
                Ok(n) => {
                    self.outbox.drain(..n);
                }
                Err(e) => {
                    // Kept: the next block writes it first.
                    tracing::debug!("computer API: a reply waits for the next block: {e}");
                    return;
                }
            }
        }
    }
}

/// Held while a block is served; when the block ends it answers what is left half done.
struct Serving<'a>(MutexGuard<'a, ComputerLines>);

impl Drop for Serving<'_> {
    fn drop(&mut self) {
        if let Some(line) = &mut self.0.current {
            line.abandon();
        }
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

/// Serves the current Python kernel's requests, one after the other, until dropped (when the
/// block ends).
pub(crate) async fn serve(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
) -> Infallible {
    let mut serving = Serving(rt.computer_api.lock().await);
    let ComputerLines { arrivals, current } = &mut *serving.0;
    loop {
        let request = tokio::select! {
            // A Python kernel started in this block (the first, or after a restart).
            Some(stream) = arrivals.recv() => {
                *current = match Line::new(stream) {
                    Ok(line) => Some(line),
                    Err(e) => {
                        tracing::warn!("computer API: the kernel's line is unusable: {e}");
                        None
                    }
                };
                continue;
            }
            request = next_request(current) => request,
        };
        let Some(line) = current.as_mut() else {
            continue;
        };
        let reply = match serde_json::from_slice::<Value>(&request) {
            Ok(Value::Object(request)) => answer(rt, id, block, cancel, request).await,
            Ok(_) | Err(_) => failure(
                "bad_action",
                "a computer request is one JSON object a line".into(),
            ),
        };
        line.reply(&reply);
        if let Err(e) = line.flush().await {
            tracing::debug!("computer API: the kernel's line closed: {e}");
            *current = None;
        }
    }
}

/// The current line's next request; pending while there is none (its kernel ended).
async fn next_request(current: &mut Option<Line>) -> Vec<u8> {
    let Some(line) = current else {
        return std::future::pending().await;
    };
    let read = async {
        line.flush().await?;
        line.next_request().await
    };
    match read.await {
        Ok(Some(request)) => request,
        Ok(None) => {
            *current = None;
            std::future::pending().await
        }
        Err(e) => {
            tracing::debug!("computer API: the kernel's line closed: {e}");
            *current = None;
            std::future::pending().await
        }
    }
}

/// Gates and performs one action, as the `computer` tool does.
async fn answer(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
    mut arguments: serde_json::Map<String, Value>,
) -> Value {
    if let Some(op) = arguments.remove("files") {
        let op = op.as_str().unwrap_or_default().to_string();
        let sandbox = rt.shared.lock().await.resources.sandbox.clone();
        return tokio::task::spawn_blocking(move || {
            crate::files_api::answer(&op, &arguments, &sandbox)
        })
        .await
        .unwrap_or_else(|e| failure("failed", format!("reading failed: {e}")));
    }
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
        wire_id: None,
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
    match crate::approval::pass_gate(rt, id, &call, takeover, cancel).await {
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

/// The error as the driver reads it: its serde form (`kind`, `message`) with `"ok": false`.
fn computer_failure(e: &ComputerError) -> Value {
    let mut reply = serde_json::to_value(e)
        .unwrap_or_else(|_| json!({"kind": "failed", "message": e.to_string()}));
    reply["ok"] = Value::Bool(false);
    reply
}

fn failure(kind: &str, message: String) -> Value {
    json!({"ok": false, "kind": kind, "message": message})
}

#[cfg(test)]
mod tests {
    use std::io::{Read, Write};
    use std::os::unix::net::UnixStream as KernelEnd;
    use std::time::Duration;

    use super::*;

    fn line() -> (Line, KernelEnd) {
        let (engine, kernel) = KernelEnd::pair().unwrap();
        (Line::new(engine).unwrap(), kernel)
    }

    /// One reply line, as the kernel reads it.
    fn reply(kernel: &mut KernelEnd) -> Value {
        let mut bytes = Vec::new();
        let mut byte = [0u8];
        while bytes.last() != Some(&b'\n') {
            kernel.read_exact(&mut byte).unwrap();
            bytes.push(byte[0]);
        }
        serde_json::from_slice(&bytes).unwrap()
    }

    #[tokio::test]
    async fn a_request_half_read_when_a_block_ends_is_finished_in_the_next() {
        let (mut line, mut kernel) = line();
        kernel.write_all(br#"{"action": "scr"#).unwrap();
        // The block ends (the read is dropped) with half a request read.
        let early = tokio::time::timeout(Duration::from_millis(50), line.next_request()).await;
        assert!(early.is_err());
        kernel
            .write_all(b"eenshot\"}\n{\"action\": \"key\"}\n")
            .unwrap();
        let first = line.next_request().await.unwrap().unwrap();
        assert_eq!(first, b"{\"action\": \"screenshot\"}\n");
        let second = line.next_request().await.unwrap().unwrap();
        assert_eq!(second, b"{\"action\": \"key\"}\n");
        drop(kernel);
        assert_eq!(line.next_request().await.unwrap(), None);
    }

    #[tokio::test]
    async fn a_request_too_long_is_refused_once_and_the_next_one_is_read() {
        let (mut line, mut kernel) = line();
        let mut writer = kernel.try_clone().unwrap();
        let sender = std::thread::spawn(move || {
            let long = vec![b'x'; MAX_REQUEST + 100_000];
            writer.write_all(&long).unwrap();
            writer.write_all(b"\n{\"action\": \"key\"}\n").unwrap();
        });
        let next = line.next_request().await.unwrap().unwrap();
        let start = String::from_utf8_lossy(&next[..next.len().min(40)]).into_owned();
        assert_eq!(start, "{\"action\": \"key\"}\n");
        sender.join().unwrap();
        let refused = reply(&mut kernel);
        assert_eq!(refused["ok"], json!(false));
        assert_eq!(refused["kind"], json!("bad_action"));
        kernel.set_nonblocking(true).unwrap();
        assert!(kernel.read(&mut [0u8; 1]).is_err(), "refused once");
    }

    #[tokio::test]
    async fn a_request_left_unanswered_when_its_block_ends_gets_a_reply_that_says_so() {
        let (mut line, mut kernel) = line();
        kernel.write_all(b"{\"action\": \"left_click\"}\n").unwrap();
        line.next_request().await.unwrap().unwrap();
        line.abandon();
        let answer = reply(&mut kernel);
        assert_eq!(answer["kind"], json!("helper"));
        assert_eq!(answer["message"], json!(BLOCK_ENDED));
        // Once: a second end of block owes nothing.
        line.abandon();
        kernel.set_nonblocking(true).unwrap();
        assert!(kernel.read(&mut [0u8; 1]).is_err(), "no second reply");
    }
}
