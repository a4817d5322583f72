//! The engine's ends of the Python kernels' lines (see `computer_api.rs` for what travels on
//! them): one JSON request a line in, one reply a line out, a request too long refused, and a
//! request left half done when a block ends finished in the next. While a code block runs, the
//! current kernel's requests are served one after the other ([`ComputerLines::serve`]) by what
//! the turn gives ([`KernelRequests`]).

use std::convert::Infallible;

use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::UnixStream;
use tokio::sync::mpsc;

/// A request a kernel sends; longer lines are refused (typed text is the only long field).
const MAX_REQUEST: usize = 4 * 1024 * 1024;
/// What a kernel in a container sandbox is told: no descriptor of this machine reaches it.
const IN_CONTAINER: &str = "code in a container sandbox (docker or openshell) cannot reach this desktop; use the computer tool instead";
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

/// Answers what a Python kernel asks the engine while its block runs.
#[async_trait::async_trait]
pub(crate) trait KernelRequests: Send {
    /// The reply to one request (a JSON object).
    async fn answer(&mut self, request: serde_json::Map<String, Value>) -> Value;
}

impl ComputerLines {
    /// Serves the current Python kernel's requests, one after the other, until dropped (when
    /// the block ends); a request left half done is answered then.
    pub(crate) async fn serve(&mut self, requests: &mut dyn KernelRequests) -> Infallible {
        let serving = Serving(self);
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
                Ok(Value::Object(request)) => requests.answer(request).await,
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
}

/// Held while a block is served; when the block ends it answers what is left half done.
struct Serving<'a>(&'a mut ComputerLines);

impl Drop for Serving<'_> {
    fn drop(&mut self) {
        if let Some(line) = &mut self.0.current {
            line.abandon();
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

/// A failed request's reply.
pub(crate) fn failure(kind: &str, message: String) -> Value {
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
