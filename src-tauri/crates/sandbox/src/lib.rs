//! Sandbox policies and their enforcement, and the safe-mode checks of the approval gate.
//!
//! - [`policy`]: built-in [`Level`]s and the resolved [`SandboxPolicy`]; [`yaml`]: policy files
//!   ([`load_policy_file`]), rejected with file, field and reason ([`PolicyError`]).
//! - Native Linux enforcement without root. Wiring:
//!   - a session starts a [`NativeSession`] ([`session`]): it checks what the kernel enforces,
//!     says it in one line ([`NativeSession::enforcement`]), and owns the session's private
//!     directory (its /tmp and /dev/shm, and the code files the engine writes for its kernels),
//!     removed when the session ends;
//!   - the executors prepend its [`NativeSession::launcher_prefix`]`(&current_exe)` =
//!     `[exe, "__sandbox", "--policy-json", <json>, "--"]` to every program they spawn;
//!   - every binary that can be `exe` (`interpreter`, `interpreter-gui`) checks, first thing in
//!     `main` and before any runtime starts, whether `argv[1] == `[`SUBCOMMAND`] and then calls
//!     [`sandbox_main`]`(argv[2..])`, which never returns: the user and mount namespace
//!     ([`namespace`]: read-only mounts, private /tmp and /dev/shm, `.git` read-only), rlimits,
//!     no_new_privs, landlock, seccomp, then `execvp` of the program. It refuses with exit
//!     [`EXIT_UNENFORCEABLE`] (or [`EXIT_USAGE`]) and a one-line `interpreter sandbox: …`
//!     diagnosis on stderr whenever the kernel cannot enforce the policy.
//!   - Where user namespaces are refused (Ubuntu 24.04's AppArmor default), a session runs with
//!     landlock and seccomp alone, and its enforcement line says what that leaves out.
//!   - When the policy forbids programs ([`ExecPolicy`], the session's forbid command rules), an
//!     exec supervisor outside the sandbox refuses each forbidden exec of the program's process
//!     tree ([`exec_supervisor`]).
//! - [`backends`]: `--sandbox native|openshell|docker|none` and the Docker/OpenShell translations.
//! - [`scan()`]: safe mode's static risk scan; [`is_protected_path`]: writes that always prompt.

pub mod backends;
pub mod error;
mod exec_judge;
pub mod exec_supervisor;
pub mod helper;
pub mod landlock_rules;
pub mod namespace;
pub mod policy;
pub mod probe;
pub mod protected;
mod risk;
pub mod scan;
mod scan_shell;
pub mod seccomp_filter;
pub mod session;
pub mod shell_words;
mod sys;
pub mod yaml;

pub use backends::{
    Backend, BackendError, DockerOptions, check_backend, docker_run_argv, openshell_create_argv,
    openshell_delete_argv, openshell_exec_argv, openshell_policy_yaml,
};
pub use error::{
    DIAGNOSTIC_PREFIX, EXIT_CANNOT_EXECUTE, EXIT_NOT_FOUND, EXIT_UNENFORCEABLE, EXIT_USAGE,
    SandboxError,
};
pub use helper::{POLICY_FLAG, SUBCOMMAND, launcher_prefix, sandbox_main};
pub use policy::{
    ExecPolicy, ExecRule, Level, MountNamespace, NetworkMode, PolicyContext, SandboxPolicy,
};
pub use probe::{FORCE_UNSUPPORTED_ENV, NamespaceSupport, SandboxSupport, Unenforceable, probe};
pub use protected::{is_protected_path, protected_writes, write_targets};
pub use scan::{Risk, Severity, scan};
pub use scan_shell::nested_shell_code;
pub use session::NativeSession;
pub use yaml::{PolicyError, load_policy_file, parse_policy};
