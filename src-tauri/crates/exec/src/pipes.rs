//! Reading a process's stdout and stderr as they are written, in arrival order, and
//! turning the bytes into text without ever splitting a character.

use oi_protocol::OutputStream;
use tokio::io::{AsyncRead, AsyncReadExt};
use tokio::sync::mpsc;

use crate::trim::BoundedText;

/// What the reader tasks send: bytes as they arrive, then the end of each stream.
#[derive(Debug)]
pub(crate) enum Chunk {
    Data(OutputStream, Vec<u8>),
    Eof(OutputStream),
}

/// The callback every run streams its output to.
pub type OutputSink<'a> = dyn FnMut(OutputStream, &str) + Send + 'a;

/// Starts one task per pipe; they live as long as the pipes (a kernel's whole life).
pub(crate) fn spawn_readers(
    stdout: impl AsyncRead + Unpin + Send + 'static,
    stderr: impl AsyncRead + Unpin + Send + 'static,
) -> mpsc::Receiver<Chunk> {
    // Bounded: a process that floods its output while nobody listens blocks on its pipe.
    let (sender, receiver) = mpsc::channel(64);
    tokio::spawn(read_pipe(stdout, OutputStream::Stdout, sender.clone()));
    tokio::spawn(read_pipe(stderr, OutputStream::Stderr, sender));
    receiver
}

async fn read_pipe(
    mut pipe: impl AsyncRead + Unpin,
    stream: OutputStream,
    sender: mpsc::Sender<Chunk>,
) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        match pipe.read(&mut buffer).await {
            Ok(0) => break,
            Ok(n) => {
                let chunk = Chunk::Data(stream, buffer[..n].to_vec());
                if sender.send(chunk).await.is_err() {
                    return;
                }
            }
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => {}
            Err(error) => {
                tracing::warn!(%error, ?stream, "reading process output failed");
                break;
            }
        }
    }
    let _ = sender.send(Chunk::Eof(stream)).await;
}

/// Decodes UTF-8 across chunk boundaries; invalid bytes become U+FFFD.
#[derive(Debug, Default)]
pub(crate) struct Utf8Decoder {
    pending: Vec<u8>,
}

impl Utf8Decoder {
    pub(crate) fn push(&mut self, bytes: &[u8]) -> String {
        self.pending.extend_from_slice(bytes);
        let mut out = String::new();
        let mut start = 0;
        loop {
            let rest = &self.pending[start..];
            match std::str::from_utf8(rest) {
                Ok(text) => {
                    out.push_str(text);
                    start = self.pending.len();
                    break;
                }
                Err(error) => {
                    let valid = error.valid_up_to();
                    out.push_str(std::str::from_utf8(&rest[..valid]).unwrap_or_default());
                    match error.error_len() {
                        Some(bad) => {
                            out.push(char::REPLACEMENT_CHARACTER);
                            start += valid + bad;
                        }
                        // An incomplete character at the end: wait for its other bytes.
                        None => {
                            start += valid;
                            break;
                        }
                    }
                }
            }
        }
        self.pending.drain(..start);
        out
    }

    /// What is left at the end (a truncated character) as replacement text.
    pub(crate) fn finish(&mut self) -> String {
        let rest = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending.clear();
        rest
    }
}

/// Most text of one run streamed to the sink as it comes, both streams together: 1 MiB. A
/// block that prints without end (the 0.5B model's `while True: print(…)` for a minute wrote
/// 391 MB) would otherwise flood the front ends and the session log; what the outcome keeps
/// is bounded apart ([`BoundedText`]).
pub const STREAM_LIMIT: usize = 1024 * 1024;

/// The line streamed once a run's output passes `limit` bytes: nothing more is streamed until
/// the run ends, and then only its end ([`stream_end_marker`]).
pub fn stream_cut_marker(limit: usize) -> String {
    format!(
        "\n… [the output goes on past {} KiB: the rest is not shown as it comes; its end is shown when the run ends] …\n",
        limit / 1024
    )
}

/// Most of each stream's end streamed once a cut run ends: 8 KiB (how a long build or a loop
/// ended, its error or its last lines, is what a person looks for).
pub const STREAM_END: usize = 8 * 1024;

/// The line before a cut run's end: how many bytes of the stream were never shown.
pub fn stream_end_marker(skipped: usize) -> String {
    if skipped == 0 {
        return "… [the rest of the output, once the run ended:] …\n".to_string();
    }
    let amount = if skipped >= 1024 * 1024 {
        format!("{:.1} MiB", skipped as f64 / (1024.0 * 1024.0))
    } else if skipped >= 1024 {
        format!("{} KiB", skipped / 1024)
    } else {
        format!("{skipped} bytes")
    };
    format!("… [{amount} not shown; the end of the output:] …\n")
}

/// The text of one run: streamed to the caller's sink as it is decoded (up to a limit) and
/// kept (bounded) for the outcome.
#[derive(Debug)]
pub(crate) struct Transcript {
    stdout: (Utf8Decoder, BoundedText),
    stderr: (Utf8Decoder, BoundedText),
    /// Bytes streamed so far, and the most that may be.
    streamed: usize,
    limit: usize,
    /// The limit was crossed and said so: nothing more is streamed until the run ends.
    cut: bool,
    /// What came after the cut, per stream: its last bytes (up to about twice
    /// [`STREAM_END`]), and how many before them were dropped.
    stdout_end: (String, usize),
    stderr_end: (String, usize),
}

impl Default for Transcript {
    fn default() -> Self {
        Transcript::with_stream_limit(STREAM_LIMIT)
    }
}

impl Transcript {
    pub(crate) fn with_stream_limit(limit: usize) -> Self {
        Transcript {
            stdout: Default::default(),
            stderr: Default::default(),
            streamed: 0,
            limit,
            cut: false,
            stdout_end: Default::default(),
            stderr_end: Default::default(),
        }
    }

    pub(crate) fn emit(&mut self, stream: OutputStream, bytes: &[u8], sink: &mut OutputSink<'_>) {
        let (decoder, kept) = self.part(stream);
        let text = decoder.push(bytes);
        if !text.is_empty() {
            kept.push(&text);
            self.stream(stream, &text, sink);
        }
    }

    /// Flushes undecodable leftovers to the sink, then, when the stream was cut, each stream's
    /// end (from a line's start, when one begins in it); returns (stdout, stderr).
    pub(crate) fn finish(mut self, sink: &mut OutputSink<'_>) -> (String, String) {
        for stream in [OutputStream::Stdout, OutputStream::Stderr] {
            let (decoder, kept) = self.part(stream);
            let text = decoder.finish();
            if !text.is_empty() {
                kept.push(&text);
                self.stream(stream, &text, sink);
            }
        }
        for (stream, (end, dropped)) in [
            (OutputStream::Stdout, &self.stdout_end),
            (OutputStream::Stderr, &self.stderr_end),
        ] {
            if end.is_empty() {
                continue;
            }
            let mut start = end.len().saturating_sub(STREAM_END);
            while !end.is_char_boundary(start) {
                start += 1;
            }
            // From a line's start, when text before it was left out.
            let at_line_start = match start {
                0 => *dropped == 0,
                _ => end.as_bytes()[start - 1] == b'\n',
            };
            if !at_line_start
                && let Some(line) = end[start..].find('\n')
                && start + line + 1 < end.len()
            {
                start += line + 1;
            }
            sink(stream, &stream_end_marker(dropped + start));
            sink(stream, &end[start..]);
        }
        (self.stdout.1.into_string(), self.stderr.1.into_string())
    }

    /// Sends `text` on, as far as the limit allows; the text that crosses it is cut there (at
    /// a character) and followed by [`stream_cut_marker`], once.
    fn stream(&mut self, stream: OutputStream, text: &str, sink: &mut OutputSink<'_>) {
        if self.cut {
            self.keep_end(stream, text);
            return;
        }
        let room = self.limit - self.streamed;
        if text.len() <= room {
            self.streamed += text.len();
            sink(stream, text);
            return;
        }
        let mut cut = room;
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        if cut > 0 {
            sink(stream, &text[..cut]);
        }
        sink(stream, &stream_cut_marker(self.limit));
        self.streamed += cut;
        self.cut = true;
        self.keep_end(stream, &text[cut..]);
    }

    /// Keeps the last of what was not streamed, for the end shown when the run ends.
    fn keep_end(&mut self, stream: OutputStream, text: &str) {
        let (end, dropped) = match stream {
            OutputStream::Stdout => &mut self.stdout_end,
            OutputStream::Stderr => &mut self.stderr_end,
        };
        end.push_str(text);
        if end.len() > 2 * STREAM_END {
            let mut cut = end.len() - STREAM_END;
            while !end.is_char_boundary(cut) {
                cut += 1;
            }
            *dropped += cut;
            end.drain(..cut);
        }
    }

    fn part(&mut self, stream: OutputStream) -> &mut (Utf8Decoder, BoundedText) {
        match stream {
            OutputStream::Stdout => &mut self.stdout,
            OutputStream::Stderr => &mut self.stderr,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_run_streams_up_to_its_limit_then_says_so_once_and_its_end_when_it_ends() {
        let mut transcript = Transcript::with_stream_limit(10);
        let mut streamed: Vec<(OutputStream, String)> = Vec::new();
        let mut sink = |stream: OutputStream, text: &str| streamed.push((stream, text.to_string()));
        transcript.emit(OutputStream::Stdout, b"abcdefgh", &mut sink);
        // Crosses the limit inside a character: cut before it.
        transcript.emit(OutputStream::Stderr, "x\u{e9}ij".as_bytes(), &mut sink);
        transcript.emit(OutputStream::Stdout, b"the end", &mut sink);
        let (stdout, stderr) = transcript.finish(&mut sink);
        assert_eq!(
            streamed,
            vec![
                (OutputStream::Stdout, "abcdefgh".to_string()),
                (OutputStream::Stderr, "x".to_string()),
                (OutputStream::Stderr, stream_cut_marker(10)),
                // Once it ended: the rest of each stream (short here, so all of it).
                (OutputStream::Stdout, stream_end_marker(0)),
                (OutputStream::Stdout, "the end".to_string()),
                (OutputStream::Stderr, stream_end_marker(0)),
                (OutputStream::Stderr, "éij".to_string()),
            ]
        );
        // The outcome keeps all of it (its own bound is far above).
        assert_eq!(
            (stdout.as_str(), stderr.as_str()),
            ("abcdefghthe end", "xéij")
        );
    }

    #[test]
    fn a_long_run_shows_its_last_lines_from_a_lines_start_and_how_much_it_skipped() {
        let mut transcript = Transcript::with_stream_limit(100);
        let mut streamed: Vec<(OutputStream, String)> = Vec::new();
        let mut sink = |stream: OutputStream, text: &str| streamed.push((stream, text.to_string()));
        let lines: String = (0..20_000).map(|i| format!("line {i:05}\n")).collect();
        // In pieces that do not follow the lines.
        for piece in lines.as_bytes().chunks(777) {
            transcript.emit(OutputStream::Stdout, piece, &mut sink);
        }
        let (stdout, _) = transcript.finish(&mut sink);
        let texts: Vec<&str> = streamed.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts[0], &lines[..100]);
        assert_eq!(texts[1], stream_cut_marker(100));
        let end = texts[3];
        assert!(
            end.starts_with("line ") && end.ends_with("line 19999\n"),
            "{end}"
        );
        assert!(end.len() <= STREAM_END, "{}", end.len());
        assert!(end.len() > STREAM_END - 12, "{}", end.len());
        let skipped = lines.len() - 100 - end.len();
        assert_eq!(texts[2], stream_end_marker(skipped));
        assert_eq!(
            texts[2],
            "… [206 KiB not shown; the end of the output:] …\n"
        );
        assert_eq!(texts.len(), 4);
        // The outcome keeps all of it.
        assert_eq!(stdout, lines);

        // The end left just as it was trimmed, the last piece large: from a line's start too.
        let mut transcript = Transcript::with_stream_limit(100);
        let mut streamed: Vec<(OutputStream, String)> = Vec::new();
        let mut sink = |stream: OutputStream, text: &str| streamed.push((stream, text.to_string()));
        transcript.emit(OutputStream::Stdout, &lines.as_bytes()[..100], &mut sink);
        transcript.emit(OutputStream::Stdout, &lines.as_bytes()[100..], &mut sink);
        transcript.finish(&mut sink);
        let end = &streamed.last().unwrap().1;
        assert!(
            end.starts_with("line ") && end.ends_with("line 19999\n"),
            "{end}"
        );
        assert!(end.len() <= STREAM_END, "{}", end.len());
    }

    #[test]
    fn decoder_joins_split_characters_and_replaces_invalid_bytes() {
        let bytes = "héllo ✓".as_bytes();
        let mut decoder = Utf8Decoder::default();
        let mut text = String::new();
        for byte in bytes {
            text.push_str(&decoder.push(std::slice::from_ref(byte)));
        }
        assert_eq!(text, "héllo ✓");
        assert_eq!(decoder.push(b"a\xffb"), "a\u{FFFD}b");
        assert_eq!(decoder.push(b"\xe2\x9c"), "");
        assert_eq!(decoder.finish(), "\u{FFFD}");
    }
}
