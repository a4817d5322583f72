//! The persistent-kernel protocol shared by the shell, Python and JavaScript kernels.
//!
//! A kernel is a long-lived interpreter running a driver. For each block the engine writes
//! one request to the kernel's stdin; the driver runs the code with stdin detached, then
//! writes an end marker unique to the run: `MARKER:<status>\n` on stdout and `MARKER` on
//! stderr. Everything before the markers is the block's output, streamed as it arrives.
//! A kernel that exits, is interrupted or times out is killed with its process group and
//! dropped; the next run starts a fresh one.

use std::ffi::OsString;
use std::hash::{BuildHasher, Hasher};
use std::os::fd::AsFd;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use oi_protocol::{ExecStatus, OutputStream};
use tokio::io::AsyncWriteExt;
use tokio::process::{Child, ChildStdin};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;

use crate::error::ExecError;
use crate::language::Language;
use crate::link::EngineLink;
use crate::options::{KernelOptions, RunOutcome};
use crate::pipes::{Chunk, OutputSink, Transcript, spawn_readers};
use crate::process_group::{ProcessGroup, exit_code, spawn_in_group};

/// How long output may still arrive after the kernel process itself exited.
const EXIT_GRACE: Duration = Duration::from_millis(300);
/// How long to wait for a killed kernel to be reaped and its pipes to close.
const KILL_GRACE: Duration = Duration::from_secs(2);

/// One request, as the language's driver expects it.
pub(crate) struct Request<'a> {
    pub code: &'a str,
    pub marker: &'a str,
    /// A private directory of this kernel, for drivers that read code from a file; `None`
    /// when the kernel runs in a container that cannot see this machine's files, or reads its
    /// code from the request itself.
    pub scratch: Option<&'a Path>,
    pub sequence: u64,
}

/// What makes a kernel a shell, Python or JavaScript kernel.
pub(crate) struct KernelSpec {
    pub language: Language,
    /// Interpreter arguments after the interpreter itself (which `Language::locate` finds,
    /// or its plain name inside a container).
    pub args: Vec<OsString>,
    pub env: &'static [(&'static str, &'static str)],
    pub encode: fn(&Request<'_>) -> std::io::Result<Vec<u8>>,
    /// Whether `encode` writes code files in [`Request::scratch`] (only then is one made).
    pub uses_scratch: bool,
}

pub(crate) struct Kernel {
    spec: KernelSpec,
    child: Child,
    group: ProcessGroup,
    stdin: ChildStdin,
    chunks: mpsc::Receiver<Chunk>,
    scratch: Option<tempfile::TempDir>,
    /// Runs in a container (see [`KernelOptions::container`]).
    container: bool,
    sequence: u64,
}

impl Kernel {
    /// Starts a kernel; with `link`, it inherits its end of a new pair (see [`EngineLink`]).
    pub(crate) fn start(
        spec: KernelSpec,
        options: &KernelOptions,
        link: Option<&EngineLink>,
    ) -> Result<Kernel, ExecError> {
        let interpreter = if options.container {
            // The container's own interpreter, found on its PATH.
            PathBuf::from(
                spec.language
                    .programs()
                    .first()
                    .copied()
                    .unwrap_or_default(),
            )
        } else {
            spec.language.locate(options.path_var().as_ref())?
        };
        let mut argv = vec![interpreter.clone().into_os_string()];
        argv.extend(spec.args.iter().cloned());
        let start_error = |source| ExecError::KernelStart {
            language: spec.language.name().to_string(),
            program: interpreter.clone(),
            source,
        };
        let scratch = if options.container || !spec.uses_scratch {
            None
        } else {
            let prefix = format!("oi-{}-", spec.language.name());
            let mut builder = tempfile::Builder::new();
            builder.prefix(&prefix);
            let dir = match &options.code_dir {
                Some(dir) => builder.tempdir_in(dir),
                None => builder.tempdir(),
            }
            .map_err(start_error)?;
            Some(dir)
        };
        let end = link.map(|link| link.open(options.container));
        let mut env = spec.env.to_vec();
        if let Some(end) = &end {
            env.push((end.env.0.as_str(), end.env.1.as_str()));
        }
        let inherit = end
            .as_ref()
            .and_then(|e| e.fd.as_ref())
            .map(|fd| fd.as_fd());
        let (mut child, group) =
            spawn_in_group(argv, options, &env, true, inherit).map_err(start_error)?;
        if let (Some(link), Some(end)) = (link, end) {
            link.started(end);
        }
        let missing = || start_error(std::io::Error::other("a pipe of the kernel is missing"));
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let stderr = child.stderr.take().ok_or_else(missing)?;
        tracing::debug!(language = %spec.language, pid = ?child.id(), "kernel started");
        Ok(Kernel {
            chunks: spawn_readers(stdout, stderr),
            spec,
            child,
            group,
            stdin,
            scratch,
            container: options.container,
            sequence: 0,
        })
    }

    /// Whether the kernel process has exited since its last run.
    pub(crate) fn has_exited(&mut self) -> bool {
        !matches!(self.child.try_wait(), Ok(None))
    }

    /// Runs one block. Returns the outcome and whether the kernel is still usable.
    pub(crate) async fn run(
        &mut self,
        code: &str,
        sink: &mut OutputSink<'_>,
        cancel: &CancellationToken,
        timeout: Option<Duration>,
    ) -> (RunOutcome, bool) {
        let started = Instant::now();
        self.sequence += 1;
        let marker = new_marker(self.sequence);
        // Output of background processes between runs does not belong to this one.
        while let Ok(stale) = self.chunks.try_recv() {
            tracing::debug!(?stale, "dropping output produced between runs");
        }

        let mut transcript = Transcript::default();
        let mut stdout = MarkerScan::new(&marker);
        let mut stderr = MarkerScan::new(&marker);
        let request = Request {
            code,
            marker: &marker,
            scratch: self.scratch.as_ref().map(tempfile::TempDir::path),
            sequence: self.sequence,
        };
        let sent = match (self.spec.encode)(&request) {
            Ok(bytes) => self.send(&bytes).await,
            Err(error) => Err(error),
        };
        if let Err(error) = sent {
            tracing::warn!(%error, language = %self.spec.language, "could not send code to the kernel");
        }

        let deadline = timeout.map(|limit| tokio::time::Instant::now() + limit);
        let mut exit_deadline: Option<tokio::time::Instant> = None;
        let mut exited: Option<Option<i32>> = None;
        let mut eof = (false, false);
        let end = loop {
            let limit = deadline.into_iter().chain(exit_deadline).min();
            tokio::select! {
                biased;
                _ = cancel.cancelled() => break End::Killed(ExecStatus::Interrupted),
                _ = sleep_until(limit) => {
                    break match exited {
                        Some(code) => End::Exited(code),
                        None => End::Killed(ExecStatus::TimedOut),
                    };
                }
                chunk = self.chunks.recv() => match chunk {
                    Some(Chunk::Data(stream, bytes)) => {
                        let scan = match stream {
                            OutputStream::Stdout => &mut stdout,
                            OutputStream::Stderr => &mut stderr,
                        };
                        let output = scan.push(&bytes);
                        transcript.emit(stream, &output, sink);
                        if let (Some(status), true) = (stdout.status(), stderr.found) {
                            break End::Finished(status);
                        }
                    }
                    Some(Chunk::Eof(OutputStream::Stdout)) => eof.0 = true,
                    Some(Chunk::Eof(OutputStream::Stderr)) => eof.1 = true,
                    None => eof = (true, true),
                },
                status = self.child.wait(), if exited.is_none() => {
                    exited = Some(status.ok().and_then(exit_code));
                    exit_deadline = Some(tokio::time::Instant::now() + EXIT_GRACE);
                }
            }
            if eof == (true, true) {
                let code = match exited {
                    Some(code) => code,
                    None => self.reap().await,
                };
                break End::Exited(code);
            }
        };

        let (status, exit_code, alive) = match end {
            End::Finished(code) => (ExecStatus::Completed, Some(code), true),
            End::Exited(code) => {
                // Children of an exited kernel would be orphans: end them too.
                self.group.kill_and_disarm();
                (ExecStatus::Completed, code, false)
            }
            End::Killed(status) => {
                self.group.stop(&mut self.child, self.container).await;
                let _ = self.reap().await;
                self.group.kill_and_disarm();
                self.drain_after_kill(&mut stdout, &mut stderr, &mut transcript, sink)
                    .await;
                (status, None, false)
            }
        };
        if !alive {
            for (stream, scan) in [
                (OutputStream::Stdout, &mut stdout),
                (OutputStream::Stderr, &mut stderr),
            ] {
                let held = scan.flush();
                transcript.emit(stream, &held, sink);
            }
        }
        let (stdout, stderr) = transcript.finish(sink);
        tracing::debug!(language = %self.spec.language, ?status, ?exit_code, alive, "run ended");
        let outcome = RunOutcome {
            status,
            exit_code,
            stdout,
            stderr,
            duration: started.elapsed(),
            kernel_restarted: !alive,
        };
        (outcome, alive)
    }

    async fn send(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.stdin.write_all(bytes).await?;
        self.stdin.flush().await
    }

    async fn reap(&mut self) -> Option<i32> {
        match tokio::time::timeout(KILL_GRACE, self.child.wait()).await {
            Ok(Ok(status)) => exit_code(status),
            Ok(Err(error)) => {
                tracing::warn!(%error, "waiting for the kernel failed");
                None
            }
            Err(_) => {
                tracing::warn!(language = %self.spec.language, "kernel not reaped after kill");
                None
            }
        }
    }

    /// Collects what the killed group wrote before it died, without waiting long.
    async fn drain_after_kill(
        &mut self,
        stdout: &mut MarkerScan,
        stderr: &mut MarkerScan,
        transcript: &mut Transcript,
        sink: &mut OutputSink<'_>,
    ) {
        let until = tokio::time::Instant::now() + Duration::from_millis(200);
        let mut eof = (false, false);
        while eof != (true, true) {
            let chunk = match tokio::time::timeout_at(until, self.chunks.recv()).await {
                Ok(Some(chunk)) => chunk,
                Ok(None) | Err(_) => break,
            };
            match chunk {
                Chunk::Data(stream, bytes) => {
                    let scan = match stream {
                        OutputStream::Stdout => &mut *stdout,
                        OutputStream::Stderr => &mut *stderr,
                    };
                    let output = scan.push(&bytes);
                    transcript.emit(stream, &output, sink);
                }
                Chunk::Eof(OutputStream::Stdout) => eof.0 = true,
                Chunk::Eof(OutputStream::Stderr) => eof.1 = true,
            }
        }
    }

    /// Kills the kernel's process group and reaps the kernel.
    pub(crate) async fn shutdown(mut self) {
        self.group.stop(&mut self.child, self.container).await;
        let _ = self.reap().await;
        self.group.kill_and_disarm();
    }
}

enum End {
    /// The driver wrote both markers; the block's status.
    Finished(i32),
    /// The kernel process exited (its exit code).
    Exited(Option<i32>),
    Killed(ExecStatus),
}

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}

/// A marker no program prints by accident: random per kernel run.
fn new_marker(sequence: u64) -> String {
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(sequence);
    hasher.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos()),
    );
    format!("__OI_END_{:016x}_{sequence}__", hasher.finish())
}

/// Finds the end marker in one stream, passing everything before it through as soon as it
/// cannot be the start of the marker.
#[derive(Debug)]
pub(crate) struct MarkerScan {
    marker: Vec<u8>,
    held: Vec<u8>,
    found: bool,
    after: Vec<u8>,
}

impl MarkerScan {
    pub(crate) fn new(marker: &str) -> Self {
        MarkerScan {
            marker: marker.as_bytes().to_vec(),
            held: Vec::new(),
            found: false,
            after: Vec::new(),
        }
    }

    /// Takes newly read bytes; returns the bytes that are certainly output.
    pub(crate) fn push(&mut self, bytes: &[u8]) -> Vec<u8> {
        if self.found {
            self.after.extend_from_slice(bytes);
            return Vec::new();
        }
        self.held.extend_from_slice(bytes);
        if let Some(index) = find(&self.held, &self.marker) {
            self.after = self.held.split_off(index + self.marker.len());
            self.held.truncate(index);
            self.found = true;
            return std::mem::take(&mut self.held);
        }
        let keep = (1..self.marker.len().min(self.held.len() + 1))
            .rev()
            .find(|&n| self.held.ends_with(&self.marker[..n]))
            .unwrap_or(0);
        let emit = self.held.len() - keep;
        self.held.drain(..emit).collect()
    }

    /// The status after the marker (`:<n>\n`), once its line is complete.
    pub(crate) fn status(&self) -> Option<i32> {
        if !self.found {
            return None;
        }
        let line_end = self.after.iter().position(|&byte| byte == b'\n')?;
        let line = std::str::from_utf8(&self.after[..line_end]).ok()?;
        Some(line.trim().trim_start_matches(':').parse().unwrap_or(1))
    }

    /// Bytes held back as a possible marker start, when no marker will come.
    pub(crate) fn flush(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.held)
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack
        .windows(needle.len())
        .position(|window| window == needle)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn marker_split_across_chunks_is_found_and_output_passes_through() {
        let mut scan = MarkerScan::new("__END__");
        let mut out = scan.push(b"hello __E");
        assert_eq!(out, b"hello ");
        out = scan.push(b"ND");
        assert!(out.is_empty());
        out = scan.push(b"__:3");
        assert!(out.is_empty());
        assert_eq!(scan.status(), None);
        scan.push(b"\n");
        assert_eq!(scan.status(), Some(3));
    }

    #[test]
    fn a_marker_prefix_that_does_not_continue_is_output() {
        let mut scan = MarkerScan::new("__END__");
        assert_eq!(scan.push(b"a__"), b"a");
        assert_eq!(scan.push(b"x"), b"__x");
        assert_eq!(scan.push(b"_"), b"");
        assert_eq!(scan.flush(), b"_");
    }
}
