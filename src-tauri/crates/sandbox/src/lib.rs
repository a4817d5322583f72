//! Sandbox policies and their enforcement.
//!
//! - [`policy`]: built-in levels and the resolved [`SandboxPolicy`]; [`yaml`]: policy files.
//! - Native Linux enforcement without root or namespaces: the executors prepend
//!   [`launcher_prefix`] to every command; the `interpreter` binary routes its hidden
//!   subcommand [`SUBCOMMAND`] to [`sandbox_main`], which applies rlimits, no_new_privs,
//!   landlock and seccomp, then execs the command. It refuses (exit [`EXIT_UNENFORCEABLE`],
//!   diagnosis on stderr) whenever the kernel cannot enforce the policy; [`probe`] says what it can.

pub mod backends;
pub mod error;
pub mod helper;
pub mod landlock_rules;
pub mod policy;
pub mod probe;
pub mod protected;
pub mod scan;
mod scan_shell;
pub mod seccomp_filter;
mod shell_words;
mod sys;
pub mod yaml;

pub use backends::{
    Backend, BackendError, DockerOptions, check_backend, docker_run_argv, openshell_create_argv,
    openshell_exec_argv, openshell_policy_yaml,
};
pub use error::{
    EXIT_CANNOT_EXECUTE, EXIT_NOT_FOUND, EXIT_UNENFORCEABLE, EXIT_USAGE, SandboxError,
};
pub use helper::{
    DIAGNOSTIC_PREFIX, POLICY_FLAG, SUBCOMMAND, check_native, launcher_prefix, sandbox_main,
};
pub use policy::{Level, NetworkMode, PolicyContext, SandboxPolicy};
pub use probe::{FORCE_UNSUPPORTED_ENV, SandboxSupport, Unenforceable, probe};
pub use protected::is_protected_path;
pub use scan::{Risk, Severity, scan};
pub use yaml::{PolicyError, load_policy_file, parse_policy};
