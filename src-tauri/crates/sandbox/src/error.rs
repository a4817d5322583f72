//! Why the sandbox could not be set up, and how the helper reports it: the exit code, and the
//! prefix of its one-line diagnoses on stderr (the exec supervisor's too).

use std::path::PathBuf;

use crate::probe::Unenforceable;

/// Prefix of every diagnostic the helper writes to stderr.
pub const DIAGNOSTIC_PREFIX: &str = "interpreter sandbox: ";

/// Exit code of the helper when the kernel cannot enforce the policy (nothing was executed).
pub const EXIT_UNENFORCEABLE: i32 = 120;
/// Exit code of the helper for a malformed invocation or policy (nothing was executed).
pub const EXIT_USAGE: i32 = 121;
/// Exit code when the program exists but cannot be executed (as shells do).
pub const EXIT_CANNOT_EXECUTE: i32 = 126;
/// Exit code when the program is not found (as shells do).
pub const EXIT_NOT_FOUND: i32 = 127;

#[derive(Debug, thiserror::Error)]
pub enum SandboxError {
    #[error("{0}")]
    Unenforceable(#[from] Unenforceable),
    #[error(
        "landlock reported the ruleset {status} on this kernel, so the sandbox would not hold; \
         refusing to run (use the docker sandbox, or none)"
    )]
    NotEnforced { status: &'static str },
    #[error("landlock refused the ruleset: {0}; refusing to run (use the docker sandbox, or none)")]
    Landlock(#[from] landlock::RulesetError),
    #[error("cannot open {} to build a landlock rule: {reason}", path.display())]
    RulePath { path: PathBuf, reason: String },
    #[error("glob {pattern} matches more than {limit} paths; narrow it")]
    TooManyMatches { pattern: String, limit: usize },
    #[error("glob {pattern}: {reason}")]
    Glob { pattern: String, reason: String },
    #[error(
        "cannot install the seccomp filter: {0}; refusing to run (use the docker sandbox, or none)"
    )]
    Seccomp(String),
    #[error(
        "this program runs {threads} threads before its sandbox starts, and the kernel gives no \
         user namespace to a process with threads; refusing to run (the desktop app's WebKit \
         starts a thread before main: the app runs its sandbox through the terminal's \
         `interpreter`, which must be installed beside it or on PATH)"
    )]
    Threaded { threads: usize },
    #[error(
        "cannot build the sandbox's mount namespace: {step} {}: {}; refusing to run",
        path.display(),
        source.desc()
    )]
    Namespace {
        step: &'static str,
        path: PathBuf,
        source: nix::errno::Errno,
    },
    #[error("cannot create the session's private directory in {}: {source}", path.display())]
    SessionDir {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot set no_new_privs: {0}; refusing to run")]
    NoNewPrivs(nix::errno::Errno),
    #[error("cannot set {resource}: {source}; refusing to run")]
    Rlimit {
        resource: &'static str,
        source: nix::errno::Errno,
    },
    #[error("usage: __sandbox --policy-json <json> -- <program> [args…]: {0}")]
    Usage(String),
    #[error("the policy passed to the sandbox helper is not valid: {0}")]
    PolicyJson(serde_json::Error),
    #[error("cannot start the exec supervisor ({step}): {source}; refusing to run")]
    ExecSupervisor {
        step: &'static str,
        source: nix::errno::Errno,
    },
    #[error("cannot execute {program}: {source}")]
    Exec {
        program: String,
        source: nix::errno::Errno,
    },
}

impl SandboxError {
    /// The helper's exit status for this error.
    pub fn exit_code(&self) -> i32 {
        match self {
            SandboxError::Usage(_) | SandboxError::PolicyJson(_) => EXIT_USAGE,
            SandboxError::Glob { .. } | SandboxError::TooManyMatches { .. } => EXIT_USAGE,
            SandboxError::Exec {
                source: nix::errno::Errno::ENOENT,
                ..
            } => EXIT_NOT_FOUND,
            SandboxError::Exec { .. } => EXIT_CANNOT_EXECUTE,
            _ => EXIT_UNENFORCEABLE,
        }
    }
}
