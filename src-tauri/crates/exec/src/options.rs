use std::ffi::OsString;
use std::path::PathBuf;
use std::time::Duration;

use oi_protocol::ExecStatus;

/// How kernels and one-shot processes are started. Changes through
/// [`crate::Kernels::options_mut`] apply to processes started afterwards; a running
/// kernel keeps its cwd and environment (call [`crate::Kernels::restart`] to apply them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KernelOptions {
    /// Working directory every kernel starts in.
    pub cwd: PathBuf,
    /// Per-run limit; `None` runs until the code ends or is interrupted.
    pub timeout: Option<Duration>,
    /// Added to (or overriding) the engine's environment. A `PATH` here is also where
    /// interpreters are looked for.
    pub env: Vec<(String, String)>,
    /// Prepended to every spawned argv when non-empty: the sandbox hook, e.g.
    /// `[interpreter, "__sandbox", "--policy", "…", "--"]`.
    pub launcher_prefix: Vec<OsString>,
    /// The launcher runs programs in a container with its own filesystem and environment
    /// (`docker run`, `openshell sandbox exec`). Then interpreters are named, not looked up on
    /// this machine; the environment is passed on the command line (`env K=V… program`); code
    /// reaches the interpreter over its stdin, never through a file of this machine; and an
    /// interrupt first sends SIGTERM, which the container CLI passes on to the code.
    pub container: bool,
    /// Where the engine writes code files for the processes it starts (the shell kernel's
    /// blocks, one-shot files); the system temp dir when `None`. A sandbox that hides the temp
    /// dir names one its processes can read.
    pub code_dir: Option<PathBuf>,
}

impl KernelOptions {
    pub fn new(cwd: impl Into<PathBuf>) -> Self {
        KernelOptions {
            cwd: cwd.into(),
            timeout: None,
            env: Vec::new(),
            launcher_prefix: Vec::new(),
            container: false,
            code_dir: None,
        }
    }

    pub(crate) fn path_var(&self) -> Option<OsString> {
        self.env
            .iter()
            .rev()
            .find(|(key, _)| key == "PATH")
            .map(|(_, value)| OsString::from(value))
    }
}

impl Default for KernelOptions {
    fn default() -> Self {
        KernelOptions::new(std::env::current_dir().unwrap_or_else(|_| PathBuf::from(".")))
    }
}

/// How one block of code ran. Interrupted and timed-out runs are outcomes too, with the
/// output produced until then.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunOutcome {
    pub status: ExecStatus,
    /// Shell: the status of the block's last command. Python and JavaScript: 0, or 1 when
    /// the block raised (the traceback is on stderr). A kernel or process that exited
    /// reports its exit code (128 + signal when killed by one). `None` when interrupted
    /// or timed out.
    pub exit_code: Option<i32>,
    /// Everything written to stdout (very long output keeps its head and tail).
    pub stdout: String,
    pub stderr: String,
    pub duration: std::time::Duration,
    /// The kernel ended during this run (exit, crash, interrupt, timeout): the next run
    /// starts a fresh one and earlier variables are gone. Always false for one-shot runs.
    pub kernel_restarted: bool,
}
