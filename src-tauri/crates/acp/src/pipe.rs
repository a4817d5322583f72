//! The editor's byte stream, cut into lines before the SDK sees it. The SDK's own reader ends the
//! connection at the first line that is not UTF-8 and holds a line of any length in memory; here
//! each line is capped, what cannot be JSON is answered with a parse error on the spot, blank
//! lines are dropped, and the rest goes on to the SDK (which answers bad JSON itself). Those
//! answers and the SDK's messages share one writer, a whole line at a time.

use std::io;
use std::sync::Arc;

use agent_client_protocol::{Agent, Client, ConnectTo, Error, Lines};
use tokio::io::{AsyncBufReadExt, AsyncRead, AsyncWrite, AsyncWriteExt, BufReader};
use tokio::sync::Mutex;

/// The longest line taken as a message, in bytes (10 MB); a longer one is a parse error.
pub const MAX_LINE: usize = 10_000_000;

/// An editor's connection over a pair of byte streams (stdin and stdout, a socket, a pipe).
pub struct EditorPipe<R, W> {
    reader: R,
    writer: W,
    max_line: usize,
}

impl<R, W> EditorPipe<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    pub fn new(reader: R, writer: W) -> Self {
        EditorPipe {
            reader,
            writer,
            max_line: MAX_LINE,
        }
    }

    /// Caps lines at `bytes` instead of [`MAX_LINE`].
    pub fn max_line(mut self, bytes: usize) -> Self {
        self.max_line = bytes;
        self
    }
}

impl<R, W> ConnectTo<Agent> for EditorPipe<R, W>
where
    R: AsyncRead + Unpin + Send + 'static,
    W: AsyncWrite + Unpin + Send + 'static,
{
    async fn connect_to(self, client: impl ConnectTo<Client>) -> Result<(), Error> {
        let writer = Arc::new(Mutex::new(self.writer));
        let outgoing = futures::sink::unfold(writer.clone(), async |writer, line: String| {
            write_line(&writer, line).await?;
            Ok::<_, io::Error>(writer)
        });
        let framer = Framer::new(self.reader, self.max_line);
        let incoming =
            futures::stream::unfold((framer, writer.clone()), async |(mut framer, writer)| {
                let next = framer.next_message(&writer).await.transpose()?;
                Some((next, (framer, writer)))
            });
        let served = ConnectTo::<Agent>::connect_to(
            Lines::new(Box::pin(outgoing), Box::pin(incoming)),
            client,
        )
        .await;
        // The editor reads the end of the stream (a pipe's peer would otherwise wait for it).
        if let Err(e) = writer.lock().await.shutdown().await {
            tracing::debug!("closing the editor's stream: {e}");
        }
        served
    }
}

/// Writes one whole line; the lock keeps the framer's answers from splitting the SDK's lines.
async fn write_line<W: AsyncWrite + Unpin>(writer: &Mutex<W>, mut line: String) -> io::Result<()> {
    line.push('\n');
    let mut writer = writer.lock().await;
    writer.write_all(line.as_bytes()).await?;
    writer.flush().await
}

/// One line of input, its `\n` (and a `\r` before it) taken off.
#[derive(Debug, PartialEq)]
enum Frame {
    Text(String),
    /// Empty or only whitespace: nothing to answer.
    Blank,
    NotUtf8 {
        valid_up_to: usize,
    },
    /// Longer than the cap; all but its length was discarded while reading.
    TooLong {
        bytes: usize,
    },
}

struct Framer<R> {
    reader: BufReader<R>,
    line: Vec<u8>,
    max_line: usize,
}

impl<R: AsyncRead + Unpin> Framer<R> {
    fn new(reader: R, max_line: usize) -> Self {
        Framer {
            reader: BufReader::new(reader),
            line: Vec::new(),
            max_line,
        }
    }

    /// The next line that may be JSON-RPC, for the SDK; lines that cannot be are answered with a
    /// parse error through `writer` or dropped. `None` at the end of input.
    async fn next_message<W: AsyncWrite + Unpin>(
        &mut self,
        writer: &Mutex<W>,
    ) -> io::Result<Option<String>> {
        while let Some(frame) = self.next_frame().await? {
            let reason = match frame {
                Frame::Text(line) => return Ok(Some(line)),
                Frame::Blank => {
                    tracing::debug!("dropped a blank line from the editor");
                    continue;
                }
                Frame::NotUtf8 { valid_up_to } => {
                    format!("the line is not UTF-8 (from byte {valid_up_to})")
                }
                Frame::TooLong { bytes } => {
                    format!(
                        "the line has {bytes} bytes, more than the {} a message may have",
                        self.max_line
                    )
                }
            };
            tracing::warn!("answered a parse error to the editor: {reason}");
            write_line(writer, parse_error(reason)?).await?;
        }
        Ok(None)
    }

    /// Reads up to the next `\n` (or the end of input), keeping at most `max_line` bytes.
    async fn next_frame(&mut self) -> io::Result<Option<Frame>> {
        self.line.clear();
        let mut bytes = 0usize;
        let mut read_any = false;
        loop {
            let available = self.reader.fill_buf().await?;
            if available.is_empty() {
                if !read_any {
                    return Ok(None);
                }
                break;
            }
            read_any = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let part = &available[..newline.unwrap_or(available.len())];
            bytes = bytes.saturating_add(part.len());
            if bytes <= self.max_line {
                self.line.extend_from_slice(part);
            } else {
                self.line.clear();
            }
            let used = part.len() + usize::from(newline.is_some());
            self.reader.consume(used);
            if newline.is_some() {
                break;
            }
        }
        if bytes > self.max_line {
            return Ok(Some(Frame::TooLong { bytes }));
        }
        if self.line.last() == Some(&b'\r') {
            self.line.pop();
        }
        if self.line.iter().all(u8::is_ascii_whitespace) {
            return Ok(Some(Frame::Blank));
        }
        Ok(Some(
            match String::from_utf8(std::mem::take(&mut self.line)) {
                Ok(text) => Frame::Text(text),
                Err(e) => Frame::NotUtf8 {
                    valid_up_to: e.utf8_error().valid_up_to(),
                },
            },
        ))
    }
}

/// A JSON-RPC parse error, `id: null`, as the line to send.
fn parse_error(reason: String) -> io::Result<String> {
    #[derive(serde::Serialize)]
    struct Reply {
        jsonrpc: &'static str,
        id: (),
        error: Error,
    }
    let error = Error::parse_error().data(serde_json::json!({ "reason": reason }));
    serde_json::to_string(&Reply {
        jsonrpc: "2.0",
        id: (),
        error,
    })
    .map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::*;

    async fn frames(input: &[u8], max_line: usize) -> Vec<Frame> {
        let mut framer = Framer::new(input, max_line);
        let mut out = Vec::new();
        while let Some(frame) = framer.next_frame().await.unwrap() {
            out.push(frame);
        }
        out
    }

    #[tokio::test]
    async fn lines_are_cut_at_newlines_with_crlf_and_a_last_line_without_newline() {
        assert_eq!(
            frames(b"{\"a\":1}\r\n\n \t\r\n\r\nlast", 100).await,
            vec![
                Frame::Text("{\"a\":1}".into()),
                Frame::Blank,
                Frame::Blank,
                Frame::Blank,
                Frame::Text("last".into()),
            ]
        );
    }

    #[tokio::test]
    async fn a_line_over_the_cap_is_skipped_to_its_newline_and_the_next_line_is_whole() {
        let mut input = vec![b'x'; 10_000];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(
            frames(&input, 16).await,
            vec![Frame::TooLong { bytes: 10_000 }, Frame::Text("ok".into())]
        );
        // Exactly at the cap is still a line.
        assert_eq!(
            frames(b"0123456789abcdef\n", 16).await,
            vec![Frame::Text("0123456789abcdef".into())]
        );
    }

    #[tokio::test]
    async fn invalid_utf8_is_its_own_frame() {
        assert_eq!(
            frames(b"ab\xffcd\nok\n", 100).await,
            vec![Frame::NotUtf8 { valid_up_to: 2 }, Frame::Text("ok".into())]
        );
    }

    #[tokio::test]
    async fn bad_lines_are_answered_in_place_and_good_ones_returned() {
        let writer = Mutex::new(Vec::<u8>::new());
        let mut framer = Framer::new(&b"\xfe\n\n{\"id\":1}\n"[..], 100);
        assert_eq!(
            framer.next_message(&writer).await.unwrap().as_deref(),
            Some("{\"id\":1}")
        );
        assert_eq!(framer.next_message(&writer).await.unwrap(), None);
        let written = writer.into_inner();
        let reply: serde_json::Value = serde_json::from_slice(&written).unwrap();
        assert_eq!(reply["id"], serde_json::Value::Null);
        assert_eq!(reply["error"]["code"], -32700);
        assert_eq!(written.iter().filter(|&&b| b == b'\n').count(), 1);
    }
}
