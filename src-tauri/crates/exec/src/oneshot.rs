//! One-shot runs: a fresh interpreter per block (ruby, Rscript, pwsh, osascript), the code
//! in a temporary file, in its own process group (inside a container: a file of the
//! container's own temp dir).

use std::ffi::OsString;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use oi_protocol::{ExecStatus, OutputStream};
use tokio::io::AsyncWriteExt;
use tokio_util::sync::CancellationToken;

use crate::error::ExecError;
use crate::language::{Language, find_program};
use crate::options::{KernelOptions, RunOutcome};
use crate::pipes::{Chunk, OutputSink, Transcript, spawn_readers};
use crate::process_group::{exit_code, spawn_in_group};

/// How long output may still arrive after the process exited (children holding the pipes
/// are killed afterwards).
const EXIT_GRACE: Duration = Duration::from_millis(300);

/// How to run a block with an interpreter that starts fresh each time.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OneShotRunner {
    /// Language name for messages ("ruby").
    pub name: String,
    /// Interpreter looked up on PATH (or a path).
    pub program: String,
    /// Arguments before the code file.
    pub args: Vec<String>,
    /// Extension of the code file, without the dot.
    pub extension: String,
    /// How to install the interpreter, for the "not installed" error.
    pub install_hint: String,
}

impl OneShotRunner {
    /// The built-in runner of a one-shot language; `None` for the persistent ones.
    pub fn for_language(language: Language) -> Option<OneShotRunner> {
        let (args, extension): (&[&str], &str) = match language {
            Language::Ruby => (&[], "rb"),
            Language::R => (&["--no-echo"], "R"),
            Language::PowerShell => (
                &["-NoLogo", "-NoProfile", "-NonInteractive", "-File"],
                "ps1",
            ),
            Language::AppleScript => (&[], "applescript"),
            Language::Shell | Language::Python | Language::JavaScript => return None,
        };
        Some(OneShotRunner {
            name: language.name().to_string(),
            program: language
                .programs()
                .first()
                .copied()
                .unwrap_or_default()
                .to_string(),
            args: args.iter().map(|arg| arg.to_string()).collect(),
            extension: extension.to_string(),
            install_hint: language.install_hint().to_string(),
        })
    }
}

/// Runs `code` once with `runner`, streaming its output to `sink`. Interrupt and timeout
/// kill the process group and return the partial output.
pub async fn run_one_shot(
    runner: &OneShotRunner,
    code: &str,
    options: &KernelOptions,
    sink: &mut OutputSink<'_>,
    cancel: &CancellationToken,
) -> Result<RunOutcome, ExecError> {
    let started = Instant::now();
    let (argv, interpreter, file) =
        if options.container {
            // The container cannot see this machine's files: a shell in it writes the code, read
            // from stdin, to a file of its own temp dir.
            let mut argv: Vec<OsString> = ["sh", "-c", IN_CONTAINER, "oi-block", &runner.extension]
                .map(OsString::from)
                .to_vec();
            argv.push(runner.program.clone().into());
            argv.extend(runner.args.iter().map(OsString::from));
            (argv, PathBuf::from(&runner.program), None)
        } else {
            let interpreter = find_program(&runner.program, options.path_var().as_ref())
                .ok_or_else(|| ExecError::LanguageNotInstalled {
                    language: runner.name.clone(),
                    program: runner.program.clone(),
                    hint: runner.install_hint.clone(),
                    installed: crate::language::installed_languages(options.path_var().as_ref()),
                })?;
            let suffix = format!(".{}", runner.extension);
            let mut builder = tempfile::Builder::new();
            builder.prefix("oi-block-").suffix(&suffix);
            let file = match &options.code_dir {
                Some(dir) => builder.tempfile_in(dir),
                None => builder.tempfile(),
            }?;
            std::fs::write(file.path(), code)?;
            let mut argv: Vec<OsString> = vec![interpreter.clone().into_os_string()];
            argv.extend(runner.args.iter().map(OsString::from));
            argv.push(file.path().as_os_str().to_owned());
            (argv, interpreter, Some(file))
        };
    let (mut child, mut group) = spawn_in_group(argv, options, &[], options.container, None)
        .map_err(|source| ExecError::KernelStart {
            language: runner.name.clone(),
            program: interpreter.clone(),
            source,
        })?;
    if let Some(mut stdin) = child.stdin.take() {
        // The code, then end of file; a container that died at once is seen below.
        if let Err(error) = stdin.write_all(code.as_bytes()).await {
            tracing::warn!(%error, "could not send the code to the container");
        }
        drop(stdin);
    }
    let (Some(stdout), Some(stderr)) = (child.stdout.take(), child.stderr.take()) else {
        return Err(ExecError::Io(std::io::Error::other(
            "process pipes missing",
        )));
    };
    let mut chunks = spawn_readers(stdout, stderr);
    let mut transcript = Transcript::default();

    let deadline = options
        .timeout
        .map(|limit| tokio::time::Instant::now() + limit);
    let mut exited: Option<Option<i32>> = None;
    let mut exit_deadline = None;
    let mut eof = (false, false);
    let status = loop {
        let limit = deadline.into_iter().chain(exit_deadline).min();
        tokio::select! {
            biased;
            _ = cancel.cancelled(), if exited.is_none() => break ExecStatus::Interrupted,
            _ = sleep_until(limit) => {
                if exited.is_some() {
                    break ExecStatus::Completed;
                }
                break ExecStatus::TimedOut;
            }
            // Once both pipes ended, recv() is always ready: stop polling it.
            chunk = chunks.recv(), if eof != (true, true) => match chunk {
                Some(Chunk::Data(stream, bytes)) => transcript.emit(stream, &bytes, sink),
                Some(Chunk::Eof(OutputStream::Stdout)) => eof.0 = true,
                Some(Chunk::Eof(OutputStream::Stderr)) => eof.1 = true,
                None => eof = (true, true),
            },
            status = child.wait(), if exited.is_none() => {
                exited = Some(status.ok().and_then(exit_code));
                exit_deadline = Some(tokio::time::Instant::now() + EXIT_GRACE);
            }
        }
        if eof == (true, true) && exited.is_some() {
            break ExecStatus::Completed;
        }
    };

    if let Some(status) = group
        .stop(&mut child, options.container && exited.is_none())
        .await
    {
        exited = Some(exit_code(status));
    }
    drop(file);
    if exited.is_none()
        && let Ok(Ok(status)) = tokio::time::timeout(Duration::from_secs(2), child.wait()).await
    {
        exited = Some(exit_code(status));
    }
    group.kill_and_disarm();
    // Output already in the pipes when the group died.
    while let Ok(Some(chunk)) =
        tokio::time::timeout(Duration::from_millis(100), chunks.recv()).await
    {
        if let Chunk::Data(stream, bytes) = chunk {
            transcript.emit(stream, &bytes, sink);
        }
    }
    let (stdout, stderr) = transcript.finish(sink);
    Ok(RunOutcome {
        status,
        exit_code: match status {
            ExecStatus::Completed => exited.flatten(),
            _ => None,
        },
        stdout,
        stderr,
        duration: started.elapsed(),
        kernel_restarted: false,
    })
}

/// `sh -c` in a container: `$1` is the code file's extension, the rest the interpreter and its
/// arguments; the code arrives on stdin. SIGTERM (an interrupt) is passed on to the interpreter.
const IN_CONTAINER: &str = "d=$(mktemp -d \"${TMPDIR:-/tmp}/oi-block-XXXXXX\") || exit 125; \
    f=\"$d/block.$1\"; shift; cat >\"$f\"; \"$@\" \"$f\" </dev/null & p=$!; \
    trap 'kill -TERM $p 2>/dev/null' TERM; s=0; \
    while kill -0 $p 2>/dev/null; do wait $p; s=$?; done; rm -rf \"$d\"; exit $s";

async fn sleep_until(deadline: Option<tokio::time::Instant>) {
    match deadline {
        Some(deadline) => tokio::time::sleep_until(deadline).await,
        None => std::future::pending().await,
    }
}
