//! The policy model: what a sandboxed process may read, write, reach and consume.
//!
//! A [`SandboxPolicy`] is always *resolved*: its paths are absolute (`~`, the workspace and the
//! temp dir already substituted) so the helper process needs no context beyond the policy itself.
//! Paths may still hold glob patterns (`*`, `?`, `[…]`); the helper expands them at launch.

use std::fmt;
use std::path::{Path, PathBuf};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A built-in sandbox level.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    /// Read everything except credentials; write nowhere; no network.
    ReadOnly,
    /// As read-only, plus write in the working directory and the temp dir. The default.
    #[default]
    WorkspaceWrite,
    /// No filesystem or network restriction; only the kernel-hardening syscall filter stays.
    FullAccess,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::ReadOnly, Level::WorkspaceWrite, Level::FullAccess];

    pub fn as_str(self) -> &'static str {
        match self {
            Level::ReadOnly => "read-only",
            Level::WorkspaceWrite => "workspace-write",
            Level::FullAccess => "full-access",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Error for an unknown level name.
#[derive(Debug, thiserror::Error)]
#[error("unknown sandbox level \"{0}\" (expected read-only, workspace-write, full-access)")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Level::ALL
            .into_iter()
            .find(|l| l.as_str() == s)
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// Where a policy is applied: the facts needed to resolve relative and `~` paths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PolicyContext {
    /// The working directory of the session (absolute).
    pub workspace: PathBuf,
    /// The user's home directory, if known.
    pub home: Option<PathBuf>,
    /// The temp dir (`std::env::temp_dir()` usually).
    pub temp_dir: PathBuf,
    /// This program's own config dir (holds API keys): denied unless full access.
    pub config_dir: Option<PathBuf>,
}

impl PolicyContext {
    /// Context from the process environment (`$HOME`, `$TMPDIR`), for `workspace`.
    pub fn from_env(workspace: PathBuf, config_dir: Option<PathBuf>) -> Self {
        Self {
            workspace,
            home: std::env::var_os("HOME").map(PathBuf::from),
            temp_dir: std::env::temp_dir(),
            config_dir,
        }
    }

    /// Resolve a path as written in a policy: `~` / `~/x`, `$WORKSPACE`, `$TMPDIR`, `$HOME`,
    /// relative paths (against the workspace). Returns `None` for `~` when home is unknown.
    pub fn resolve(&self, raw: &str) -> Option<PathBuf> {
        let expand_var = |rest: &str, base: &Path| {
            let rest = rest.trim_start_matches('/');
            if rest.is_empty() {
                base.to_path_buf()
            } else {
                base.join(rest)
            }
        };
        if raw == "~" || raw.starts_with("~/") {
            return self.home.as_deref().map(|h| expand_var(&raw[1..], h));
        }
        for (var, base) in [
            ("$WORKSPACE", Some(self.workspace.as_path())),
            ("$TMPDIR", Some(self.temp_dir.as_path())),
            ("$HOME", self.home.as_deref()),
        ] {
            if let Some(rest) = raw.strip_prefix(var)
                && (rest.is_empty() || rest.starts_with('/'))
            {
                return base.map(|b| expand_var(rest, b));
            }
        }
        let p = Path::new(raw);
        Some(if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.workspace.join(p)
        })
    }
}

/// Network access of the sandboxed process.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetworkMode {
    /// No sockets at all (inet, inet6, unix, netlink, packet); `socketpair` still works.
    None,
    /// Only the loopback interface. Not enforceable by the native backend (no namespaces).
    Loopback,
    /// Only the listed hosts. Not enforceable by the native backend (needs a proxy).
    Hosts,
    /// Unrestricted.
    Full,
}

impl NetworkMode {
    pub fn as_str(self) -> &'static str {
        match self {
            NetworkMode::None => "none",
            NetworkMode::Loopback => "loopback",
            NetworkMode::Hosts => "hosts",
            NetworkMode::Full => "full",
        }
    }
}

/// One allowed destination in `hosts` mode.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HostRule {
    pub host: String,
    /// Empty means any port.
    #[serde(default)]
    pub ports: Vec<u16>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NetworkPolicy {
    pub mode: NetworkMode,
    #[serde(default)]
    pub hosts: Vec<HostRule>,
}

/// Filesystem access. When `restricted` is false nothing below applies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FilesystemPolicy {
    pub restricted: bool,
    /// Readable (and executable) trees.
    #[serde(default)]
    pub read_only: Vec<PathBuf>,
    /// Readable and writable trees.
    #[serde(default)]
    pub read_write: Vec<PathBuf>,
    /// Never readable or writable, even inside an allowed tree. Wins over both lists.
    #[serde(default)]
    pub denied: Vec<PathBuf>,
    /// Read-only even inside a writable tree: where code could plant what runs later outside
    /// the sandbox (the workspace's `.git`, and the directory a `.git` file names; the
    /// project's `.interpreter`). Those that exist when a process starts are protected; only
    /// the mount namespace can do it (see [`MountNamespace`]).
    #[serde(default)]
    pub protected: Vec<PathBuf>,
}

/// The user and mount namespace the native helper builds for each process of a session: every
/// mount read-only but the writable trees, `protected` read-only inside them, and the session's
/// own /tmp and /dev/shm. Chosen when the session starts, only where the kernel allows it; a
/// helper given one refuses to run without it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MountNamespace {
    /// The session's private directory: its `tmp/` is mounted over /tmp, its `shm/` over
    /// /dev/shm, and its `code/` (where the engine writes code for the kernels) is shown
    /// read-only at its own path.
    pub session_dir: PathBuf,
    /// The private /tmp is writable (the temp dir was a writable tree of the policy).
    pub writable_tmp: bool,
    /// The private /dev/shm is writable (it was a writable tree of the policy).
    pub writable_shm: bool,
}

/// Resource limits (setrlimit) and process isolation.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProcessPolicy {
    /// RLIMIT_NPROC. Counts every process of the user, and the kernel ignores it for root.
    #[serde(default)]
    pub max_processes: Option<u64>,
    /// RLIMIT_AS, bytes of address space per process.
    #[serde(default)]
    pub max_memory_bytes: Option<u64>,
    /// RLIMIT_CPU, seconds of CPU time per process (SIGXCPU, then SIGKILL a second later).
    #[serde(default)]
    pub max_cpu_seconds: Option<u64>,
    /// Forbid signals to processes outside the sandbox (landlock ABI 6, Linux 6.12).
    #[serde(default)]
    pub isolate_signals: bool,
}

/// A resolved policy: everything the helper needs to confine one process.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SandboxPolicy {
    pub filesystem: FilesystemPolicy,
    pub network: NetworkPolicy,
    pub process: ProcessPolicy,
    /// Set when a native session starts, where user namespaces work; never by a policy file.
    /// `None`: landlock and seccomp alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub namespace: Option<MountNamespace>,
    /// Programs refused at exec time by the exec supervisor. Empty: no supervisor.
    #[serde(default, skip_serializing_if = "ExecPolicy::is_empty")]
    pub exec: ExecPolicy,
}

/// What the exec supervisor refuses: the session's forbid command rules, as words.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecPolicy {
    #[serde(default)]
    pub forbid: Vec<ExecRule>,
}

impl ExecPolicy {
    pub fn is_empty(&self) -> bool {
        self.forbid.is_empty()
    }
}

/// One forbidden program: `words[0]` is matched against the program's names (case-insensitive),
/// the rest against the first arguments, exactly (`git push` refuses `git push -f`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExecRule {
    pub words: Vec<String>,
    /// How the refusal names the rule (`forbid `touch` (config.toml)`).
    pub label: String,
}

/// Read trees every restricted policy needs to run programs at all.
pub const SYSTEM_READ: &[&str] = &[
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/etc", "/opt", "/proc", "/sys",
];

/// Devices a confined program may open read-write (the rest of /dev, block devices above all,
/// stays closed: a raw disk would bypass every path rule).
pub const DEVICES: &[&str] = &[
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
    "/dev/tty",
    "/dev/ptmx",
    "/dev/pts",
    "/dev/shm",
];

/// Entries of a writable workspace that stay read-only: what is written there runs later,
/// outside the sandbox (git's hooks and config: core.hooksPath, core.fsmonitor) or decides what
/// the next session may do (the project's command rules).
pub const PROTECTED_IN_WORKSPACE: &[&str] = &[".git", ".interpreter"];

/// Credentials no restricted level may read (relative entries are under `$HOME`).
pub const CREDENTIALS: &[&str] = &[
    "~/.ssh",
    "~/.aws",
    "~/.gnupg",
    "~/.netrc",
    "~/.kube",
    "~/.docker/config.json",
    "~/.config/gcloud",
    "~/.git-credentials",
    "~/.pypirc",
    "~/.npmrc",
    "/etc/shadow",
    "/etc/gshadow",
    "/etc/sudoers",
];

impl SandboxPolicy {
    /// The policy of a built-in level.
    pub fn from_level(level: Level, ctx: &PolicyContext) -> Self {
        let paths = |list: &[&str]| -> Vec<PathBuf> {
            list.iter().filter_map(|p| ctx.resolve(p)).collect()
        };
        match level {
            Level::FullAccess => SandboxPolicy {
                filesystem: FilesystemPolicy {
                    restricted: false,
                    read_only: vec![],
                    read_write: vec![],
                    denied: vec![],
                    protected: vec![],
                },
                network: NetworkPolicy {
                    mode: NetworkMode::Full,
                    hosts: vec![],
                },
                process: ProcessPolicy::default(),
                namespace: None,
                exec: ExecPolicy::default(),
            },
            Level::ReadOnly | Level::WorkspaceWrite => {
                let mut read_write = paths(DEVICES);
                let mut protected = vec![];
                if level == Level::WorkspaceWrite {
                    read_write.push(ctx.workspace.clone());
                    read_write.push(ctx.temp_dir.clone());
                    protected = protected_in(&ctx.workspace);
                }
                let mut denied = paths(CREDENTIALS);
                denied.extend(ctx.config_dir.clone());
                SandboxPolicy {
                    filesystem: FilesystemPolicy {
                        restricted: true,
                        // Everything but /dev: reading is what an agent does most.
                        read_only: vec![PathBuf::from("/")],
                        read_write,
                        denied,
                        protected,
                    },
                    network: NetworkPolicy {
                        mode: NetworkMode::None,
                        hosts: vec![],
                    },
                    process: ProcessPolicy {
                        isolate_signals: true,
                        ..ProcessPolicy::default()
                    },
                    namespace: None,
                    exec: ExecPolicy::default(),
                }
            }
        }
    }

    /// Serialized form passed to the helper (`--policy-json`).
    pub fn to_json(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string(self)
    }

    pub fn from_json(json: &str) -> Result<Self, serde_json::Error> {
        serde_json::from_str(json)
    }
}

/// [`PROTECTED_IN_WORKSPACE`] under `workspace`.
pub fn protected_in(workspace: &Path) -> Vec<PathBuf> {
    PROTECTED_IN_WORKSPACE
        .iter()
        .map(|name| workspace.join(name))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> PolicyContext {
        PolicyContext {
            workspace: "/w".into(),
            home: Some("/home/u".into()),
            temp_dir: "/tmp".into(),
            config_dir: Some("/home/u/.config/open-interpreter".into()),
        }
    }

    #[test]
    fn resolves_paths_like_a_shell_would() {
        let c = ctx();
        assert_eq!(c.resolve("~"), Some("/home/u".into()));
        assert_eq!(c.resolve("~/.ssh"), Some("/home/u/.ssh".into()));
        assert_eq!(c.resolve("$WORKSPACE/out"), Some("/w/out".into()));
        assert_eq!(c.resolve("$TMPDIR"), Some("/tmp".into()));
        assert_eq!(c.resolve("build"), Some("/w/build".into()));
        assert_eq!(c.resolve("/etc"), Some("/etc".into()));
        assert_eq!(c.resolve("$WORKSPACEX"), Some("/w/$WORKSPACEX".into()));
        let no_home = PolicyContext { home: None, ..c };
        assert_eq!(no_home.resolve("~/.ssh"), None);
    }

    #[test]
    fn levels_parse_and_print() {
        for l in Level::ALL {
            assert_eq!(l.as_str().parse::<Level>().unwrap(), l);
        }
        let err = "yolo".parse::<Level>().unwrap_err();
        assert!(
            err.to_string()
                .contains("expected read-only, workspace-write, full-access")
        );
        assert_eq!(Level::default(), Level::WorkspaceWrite);
    }

    #[test]
    fn workspace_write_writes_only_workspace_tmp_and_devices() {
        let p = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
        assert!(p.filesystem.restricted);
        assert!(p.filesystem.read_write.contains(&PathBuf::from("/w")));
        assert!(p.filesystem.read_write.contains(&PathBuf::from("/tmp")));
        assert!(p.filesystem.denied.contains(&PathBuf::from("/home/u/.ssh")));
        assert!(
            p.filesystem
                .denied
                .contains(&PathBuf::from("/home/u/.config/open-interpreter"))
        );
        assert_eq!(p.network.mode, NetworkMode::None);
        assert_eq!(
            p.filesystem.protected,
            [PathBuf::from("/w/.git"), PathBuf::from("/w/.interpreter")]
        );
        assert_eq!(p.namespace, None);
        let ro = SandboxPolicy::from_level(Level::ReadOnly, &ctx());
        assert!(!ro.filesystem.read_write.contains(&PathBuf::from("/w")));
        assert!(ro.filesystem.protected.is_empty());
        let full = SandboxPolicy::from_level(Level::FullAccess, &ctx());
        assert!(!full.filesystem.restricted);
        assert_eq!(full.network.mode, NetworkMode::Full);
    }

    #[test]
    fn json_round_trip() {
        let p = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx());
        assert_eq!(SandboxPolicy::from_json(&p.to_json().unwrap()).unwrap(), p);
    }
}
