//! Where a session's file tools read and write and its shell commands run, when a front end
//! provides them: an editor over ACP offers its buffers (unsaved changes included) and its
//! terminals. Without one, or for what it does not offer, the session uses the local disk and
//! the engine's own kernels. Persistent kernels (python, node…) always run here.

use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Why the front end could not do what the session asked.
#[derive(Debug, Clone, thiserror::Error, PartialEq, Eq)]
pub enum EnvironmentError {
    #[error("the front end does not offer {0}")]
    NotOffered(&'static str),
    #[error("{what} failed: {message}")]
    Failed { what: &'static str, message: String },
}

/// One command for the front end's terminal: the program and its arguments as they must be
/// started (the sandbox launcher, if any, already in front).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRequest {
    /// The tool call this run belongs to (so the front end can show its terminal there).
    pub call_id: String,
    pub program: String,
    pub args: Vec<String>,
    pub cwd: PathBuf,
    /// Set on top of the terminal's own environment.
    pub env: Vec<(String, String)>,
}

/// How a command run in the front end's terminal ended.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandRun {
    pub output: String,
    /// The front end dropped the start of the output.
    pub truncated: bool,
    pub exit_code: Option<i32>,
    pub signal: Option<String>,
    /// Killed because the turn was interrupted or the run took too long.
    pub killed: bool,
}

/// A front end's file system and terminals. Each `offers_*` says whether the matching method
/// may be called; the session falls back to its own for the rest.
#[async_trait::async_trait]
pub trait Environment: Send + Sync + std::fmt::Debug {
    fn offers_file_reads(&self) -> bool;
    fn offers_file_writes(&self) -> bool;
    fn offers_commands(&self) -> bool;
    async fn read_text_file(&self, path: &Path) -> Result<String, EnvironmentError>;
    async fn write_text_file(&self, path: &Path, content: &str) -> Result<(), EnvironmentError>;
    /// Runs a command to its end; when `cancel` fires, kills it and returns what it printed.
    async fn run_command(
        &self,
        request: CommandRequest,
        cancel: tokio_util::sync::CancellationToken,
    ) -> Result<CommandRun, EnvironmentError>;
}

/// The front end's files, for tools that run on a blocking thread (they wait on the runtime).
#[derive(Debug, Clone)]
pub struct ClientFiles {
    env: Arc<dyn Environment>,
    runtime: tokio::runtime::Handle,
}

impl ClientFiles {
    /// `None` when the environment offers neither reads nor writes.
    pub fn new(env: Arc<dyn Environment>, runtime: tokio::runtime::Handle) -> Option<Self> {
        (env.offers_file_reads() || env.offers_file_writes())
            .then_some(ClientFiles { env, runtime })
    }

    /// `None` when reads are not offered (read the disk instead). Must not be called on an
    /// async worker thread.
    pub fn read(&self, path: &Path) -> Option<Result<String, EnvironmentError>> {
        self.env
            .offers_file_reads()
            .then(|| self.runtime.block_on(self.env.read_text_file(path)))
    }

    /// `None` when writes are not offered (write the disk instead).
    pub fn write(&self, path: &Path, content: &str) -> Option<Result<(), EnvironmentError>> {
        self.env.offers_file_writes().then(|| {
            self.runtime
                .block_on(self.env.write_text_file(path, content))
        })
    }
}

/// Whether a block in `language` goes to the front end's terminal: shell blocks, when offered.
pub fn runs_in_client_terminal(env: Option<&Arc<dyn Environment>>, language: &str) -> bool {
    env.is_some_and(|e| e.offers_commands())
        && oi_exec::canonical_language(language) == Some(oi_exec::Language::Shell)
}

/// A shell block run once in the front end's terminal (`bash -c`, behind the sandbox launcher),
/// killed when the turn is interrupted or the time limit passes. Its output arrives whole at the
/// end: the front end shows it live in its own terminal meanwhile.
pub async fn run_shell(
    env: &dyn Environment,
    request: CommandRequest,
    timeout: Option<std::time::Duration>,
    cancel: &tokio_util::sync::CancellationToken,
) -> Result<oi_exec::RunOutcome, EnvironmentError> {
    let started = std::time::Instant::now();
    let stop = cancel.child_token();
    let timer = timeout.map(|limit| {
        let stop = stop.clone();
        tokio::spawn(async move {
            tokio::time::sleep(limit).await;
            stop.cancel();
        })
    });
    let run = env.run_command(request, stop.clone()).await;
    if let Some(timer) = timer {
        timer.abort();
    }
    let run = run?;
    let status = if !run.killed {
        oi_protocol::ExecStatus::Completed
    } else if cancel.is_cancelled() {
        oi_protocol::ExecStatus::Interrupted
    } else {
        oi_protocol::ExecStatus::TimedOut
    };
    let mut stdout = run.output;
    if run.truncated {
        stdout.insert_str(0, "(earlier output was cut by the terminal)\n");
    }
    let exit_code = match (run.exit_code, &run.signal) {
        _ if run.killed => None,
        (Some(code), _) => Some(code),
        // Ended by a signal the session did not send: the shell's 128 + number.
        (None, Some(signal)) => Some(128 + signal_number(signal)),
        (None, None) => None,
    };
    Ok(oi_exec::RunOutcome {
        status,
        exit_code,
        stdout,
        stderr: String::new(),
        duration: started.elapsed(),
        kernel_restarted: false,
    })
}

/// `launcher… bash -c code`, as one program and its arguments.
pub fn shell_command(launcher: &[std::ffi::OsString], code: &str) -> (String, Vec<String>) {
    let mut argv: Vec<String> = launcher
        .iter()
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    argv.extend(["bash".to_string(), "-c".to_string(), code.to_string()]);
    let program = argv.remove(0);
    (program, argv)
}

fn signal_number(name: &str) -> i32 {
    let name = name.trim_start_matches("SIG");
    const NUMBERS: [(&str, i32); 8] = [
        ("HUP", 1),
        ("INT", 2),
        ("QUIT", 3),
        ("ABRT", 6),
        ("KILL", 9),
        ("SEGV", 11),
        ("PIPE", 13),
        ("TERM", 15),
    ];
    NUMBERS
        .iter()
        .find(|(n, _)| *n == name)
        .map_or(0, |(_, number)| *number)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_blocks_run_behind_the_launcher() {
        let launcher = ["/bin/oi".into(), "sandbox".into(), "--".into()];
        let (program, args) = shell_command(&launcher, "ls -la");
        assert_eq!(program, "/bin/oi");
        assert_eq!(args, ["sandbox", "--", "bash", "-c", "ls -la"]);
        assert_eq!(
            shell_command(&[], "pwd"),
            (
                "bash".to_string(),
                vec!["-c".to_string(), "pwd".to_string()]
            )
        );
        assert_eq!(signal_number("SIGTERM"), 15);
        assert_eq!(signal_number("KILL"), 9);
    }
}
