//! Sandbox backends: `native` (this crate's landlock + seccomp helper), `openshell`, `docker`,
//! `none`. For OpenShell and Docker our policy is translated into their form; when their CLI
//! or daemon is missing the error says so and suggests `native`.

use std::ffi::{OsStr, OsString};
use std::fmt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::policy::{DEVICES, NetworkMode, SYSTEM_READ, SandboxPolicy};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Backend {
    /// landlock + seccomp through the re-executed helper ([`crate::launcher_prefix`]).
    #[default]
    Native,
    /// `openshell sandbox create/exec` with the policy translated to OpenShell's YAML.
    OpenShell,
    /// `docker run` with the working directory mounted.
    Docker,
    /// No sandbox.
    None,
}

impl Backend {
    pub fn as_str(self) -> &'static str {
        match self {
            Backend::Native => "native",
            Backend::OpenShell => "openshell",
            Backend::Docker => "docker",
            Backend::None => "none",
        }
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Backend {
    type Err = BackendError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "native" => Ok(Backend::Native),
            "openshell" => Ok(Backend::OpenShell),
            "docker" => Ok(Backend::Docker),
            "none" => Ok(Backend::None),
            other => Err(BackendError::Unknown(other.to_string())),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum BackendError {
    #[error("unknown sandbox backend \"{0}\" (expected native, openshell, docker, none)")]
    Unknown(String),
    #[error("the {backend} sandbox needs the `{cli}` command, and it is not on PATH: install it")]
    CliMissing { backend: Backend, cli: &'static str },
    #[error(
        "the {backend} sandbox needs the {cli} daemon, and it is not reachable ({detail}): start it"
    )]
    DaemonUnreachable {
        backend: Backend,
        cli: &'static str,
        detail: String,
    },
    #[error("the {backend} sandbox cannot enforce {what}; {advice}")]
    Unsupported {
        backend: Backend,
        what: String,
        advice: &'static str,
    },
    #[error("cannot write the OpenShell policy: {0}")]
    Yaml(#[from] serde_yaml_ng::Error),
}

/// Is the backend usable here? `Native` and `None` always are (the native helper checks the
/// kernel itself, see [`crate::NativeSession::check`]).
pub fn check_backend(backend: Backend) -> Result<(), BackendError> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    match backend {
        Backend::Native | Backend::None => Ok(()),
        Backend::OpenShell => {
            find_on_path("openshell", &path)
                .map(|_| ())
                .ok_or(BackendError::CliMissing {
                    backend,
                    cli: "openshell",
                })
        }
        Backend::Docker => {
            let docker = find_on_path("docker", &path).ok_or(BackendError::CliMissing {
                backend,
                cli: "docker",
            })?;
            let out = Command::new(docker)
                .args(["version", "--format", "{{.Server.Version}}"])
                .stdin(Stdio::null())
                .output()
                .map_err(|e| BackendError::DaemonUnreachable {
                    backend,
                    cli: "docker",
                    detail: e.to_string(),
                })?;
            if out.status.success() {
                Ok(())
            } else {
                let detail = String::from_utf8_lossy(&out.stderr)
                    .trim()
                    .lines()
                    .next()
                    .unwrap_or("")
                    .to_string();
                Err(BackendError::DaemonUnreachable {
                    backend,
                    cli: "docker",
                    detail,
                })
            }
        }
    }
}

fn find_on_path(cli: &str, path: &OsStr) -> Option<PathBuf> {
    use std::os::unix::fs::PermissionsExt;
    std::env::split_paths(path)
        .map(|dir| dir.join(cli))
        .find(|p| {
            p.metadata()
                .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
        })
}

// ---------------------------------------------------------------- docker

/// What `docker run` needs beyond the policy.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DockerOptions {
    pub image: String,
    /// Mounted at the same path and used as the working directory.
    pub workspace: PathBuf,
    /// `--user uid:gid`; the caller's ids by default so files in the workspace stay theirs.
    pub user: (u32, u32),
    pub env: Vec<(String, String)>,
}

impl DockerOptions {
    pub fn new(image: impl Into<String>, workspace: PathBuf) -> Self {
        let user = (
            nix::unistd::getuid().as_raw(),
            nix::unistd::getgid().as_raw(),
        );
        Self {
            image: image.into(),
            workspace,
            user,
            env: vec![],
        }
    }
}

fn is_baseline(p: &Path) -> bool {
    p == Path::new("/") || SYSTEM_READ.iter().chain(DEVICES).any(|b| p == Path::new(b))
}

/// The full `docker run …` argv running `command` under `policy`.
pub fn docker_run_argv(
    policy: &SandboxPolicy,
    opts: &DockerOptions,
    command: &[OsString],
) -> Result<Vec<OsString>, BackendError> {
    let unsupported = |what: String, advice| BackendError::Unsupported {
        backend: Backend::Docker,
        what,
        advice,
    };
    let mut a: Vec<OsString> = ["docker", "run", "--rm", "-i", "--init"]
        .map(OsString::from)
        .to_vec();
    let network = match policy.network.mode {
        // The container's own loopback is the only interface with `none`.
        NetworkMode::None | NetworkMode::Loopback => "none",
        NetworkMode::Full => "host",
        NetworkMode::Hosts => {
            return Err(unsupported(
                "network mode hosts (docker has no per-host egress filter)".into(),
                "use the openshell sandbox, or network mode none or full",
            ));
        }
    };
    a.extend(["--network".into(), network.into()]);
    a.extend([
        "--cap-drop".into(),
        "ALL".into(),
        "--security-opt".into(),
        "no-new-privileges".into(),
    ]);
    a.extend([
        "--user".into(),
        format!("{}:{}", opts.user.0, opts.user.1).into(),
    ]);
    let ws = opts.workspace.display().to_string();
    let fs = &policy.filesystem;
    if fs.restricted {
        a.extend(["--read-only".into(), "--tmpfs".into(), "/tmp".into()]);
        let ws_writable = fs.read_write.iter().any(|p| p == &opts.workspace);
        let ws_mode = if ws_writable { "rw" } else { "ro" };
        a.extend(["-v".into(), format!("{ws}:{ws}:{ws_mode}").into()]);
        for (list, mode) in [(&fs.read_write, "rw"), (&fs.read_only, "ro")] {
            for p in list
                .iter()
                .filter(|p| !is_baseline(p) && **p != opts.workspace)
            {
                if p.to_string_lossy().contains(['*', '?', '[']) {
                    return Err(unsupported(
                        format!("the glob {} (docker mounts need plain paths)", p.display()),
                        "list the paths, or use the native sandbox",
                    ));
                }
                if p.starts_with(std::env::temp_dir()) && mode == "rw" {
                    continue; // /tmp is a private tmpfs
                }
                a.extend(["-v".into(), format!("{0}:{0}:{mode}", p.display()).into()]);
            }
        }
        // Denied paths inside a mount are covered: an empty read-only tmpfs over a directory,
        // /dev/null over a file. Paths outside every mount are absent from the container anyway.
        let mounted = |p: &Path| {
            p.starts_with(&opts.workspace)
                || fs
                    .read_write
                    .iter()
                    .chain(&fs.read_only)
                    .any(|m| !is_baseline(m) && p.starts_with(m))
        };
        for d in fs.denied.iter().filter(|d| mounted(d)) {
            if d.is_dir() {
                a.extend(["--tmpfs".into(), format!("{}:ro", d.display()).into()]);
            } else {
                a.extend(["-v".into(), format!("/dev/null:{}:ro", d.display()).into()]);
            }
        }
    } else {
        a.extend(["-v".into(), format!("{ws}:{ws}:rw").into()]);
    }
    a.extend(["-w".into(), ws.into()]);
    let p = &policy.process;
    if let Some(n) = p.max_processes {
        a.extend(["--pids-limit".into(), n.to_string().into()]);
    }
    if let Some(bytes) = p.max_memory_bytes {
        a.extend(["--memory".into(), format!("{bytes}b").into()]);
    }
    if let Some(secs) = p.max_cpu_seconds {
        a.extend([
            "--ulimit".into(),
            format!("cpu={secs}:{}", secs.saturating_add(1)).into(),
        ]);
    }
    for (k, v) in &opts.env {
        a.extend(["-e".into(), format!("{k}={v}").into()]);
    }
    a.push(opts.image.clone().into());
    a.extend(command.iter().cloned());
    Ok(a)
}

// ---------------------------------------------------------------- openshell

#[derive(Serialize)]
struct OsPolicy {
    version: u32,
    filesystem_policy: OsFilesystem,
    landlock: OsLandlock,
    process: OsProcess,
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    network_policies: std::collections::BTreeMap<String, OsNetworkRule>,
}

#[derive(Serialize)]
struct OsFilesystem {
    include_workdir: bool,
    read_only: Vec<String>,
    read_write: Vec<String>,
}

#[derive(Serialize)]
struct OsLandlock {
    compatibility: &'static str,
}

#[derive(Serialize)]
struct OsProcess {
    run_as_user: &'static str,
    run_as_group: &'static str,
}

#[derive(Serialize)]
struct OsNetworkRule {
    endpoints: Vec<OsEndpoint>,
    binaries: Vec<OsBinary>,
}

#[derive(Serialize)]
struct OsEndpoint {
    host: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    port: Option<u16>,
}

#[derive(Serialize)]
struct OsBinary {
    path: &'static str,
}

/// Our policy as an OpenShell policy file. OpenShell has no deny list inside an allowed tree
/// and no rlimits in its policy: a policy that needs them is refused rather than weakened.
/// A read of everything (`/`) becomes OpenShell's system baseline.
pub fn openshell_policy_yaml(
    policy: &SandboxPolicy,
    workspace: &Path,
) -> Result<String, BackendError> {
    let unsupported = |what: String, advice| BackendError::Unsupported {
        backend: Backend::OpenShell,
        what,
        advice,
    };
    let fs = &policy.filesystem;
    if !fs.restricted {
        return Err(unsupported(
            "full filesystem access".into(),
            "use the native sandbox, or none",
        ));
    }
    // "Read everything" becomes OpenShell's system baseline: its policies cannot carve
    // credentials out of `/`, so home directories are simply not readable there.
    let read_only: Vec<PathBuf> = if fs.read_only.iter().any(|p| p == Path::new("/")) {
        SYSTEM_READ
            .iter()
            .map(PathBuf::from)
            .chain(
                fs.read_only
                    .iter()
                    .filter(|p| *p != Path::new("/"))
                    .cloned(),
            )
            .collect()
    } else {
        fs.read_only.clone()
    };
    // The sandbox user is not root, so root-only files stay closed without a rule.
    let root_only = |d: &PathBuf| {
        ["/etc/shadow", "/etc/gshadow", "/etc/sudoers"]
            .iter()
            .any(|r| d == Path::new(r))
    };
    let allowed = |d: &PathBuf| {
        !root_only(d)
            && read_only
                .iter()
                .chain(&fs.read_write)
                .any(|a| d.starts_with(a))
    };
    if let Some(d) = fs.denied.iter().find(|d| allowed(d)) {
        return Err(unsupported(
            format!(
                "the denied path {} inside an allowed tree (OpenShell policies only allow)",
                d.display()
            ),
            "narrow the allowed paths, or use the native sandbox",
        ));
    }
    let p = &policy.process;
    if p.max_processes.is_some() || p.max_memory_bytes.is_some() || p.max_cpu_seconds.is_some() {
        return Err(unsupported(
            "process limits".into(),
            "drop the process section, or use the native or docker sandbox",
        ));
    }
    let strings = |l: &[PathBuf]| {
        l.iter()
            .filter(|p| *p != workspace)
            .map(|p| p.display().to_string())
            .collect()
    };
    let mut network_policies = std::collections::BTreeMap::new();
    match policy.network.mode {
        NetworkMode::None => {}
        NetworkMode::Hosts => {
            let endpoints = policy
                .network
                .hosts
                .iter()
                .flat_map(|h| {
                    if h.ports.is_empty() {
                        vec![OsEndpoint {
                            host: h.host.clone(),
                            port: None,
                        }]
                    } else {
                        h.ports
                            .iter()
                            .map(|&port| OsEndpoint {
                                host: h.host.clone(),
                                port: Some(port),
                            })
                            .collect()
                    }
                })
                .collect();
            network_policies.insert(
                "interpreter_hosts".to_string(),
                OsNetworkRule {
                    endpoints,
                    binaries: vec![OsBinary { path: "/**" }],
                },
            );
        }
        mode @ (NetworkMode::Loopback | NetworkMode::Full) => {
            return Err(unsupported(
                format!(
                    "network mode {} (OpenShell allows listed endpoints only)",
                    mode.as_str()
                ),
                "use network mode hosts or none, or the native or docker sandbox",
            ));
        }
    }
    let doc = OsPolicy {
        version: 1,
        filesystem_policy: OsFilesystem {
            include_workdir: fs.read_write.iter().any(|p| p == workspace),
            read_only: strings(&read_only),
            read_write: strings(&fs.read_write),
        },
        landlock: OsLandlock {
            compatibility: "hard_requirement",
        },
        process: OsProcess {
            run_as_user: "sandbox",
            run_as_group: "sandbox",
        },
        network_policies,
    };
    Ok(serde_yaml_ng::to_string(&doc)?)
}

/// `openshell sandbox create --name NAME --detach --no-tty --policy FILE [--from IMAGE]`: the
/// sandbox's default main process (a login shell) runs detached and keeps it up for `exec`.
pub fn openshell_create_argv(name: &str, policy_file: &Path, image: Option<&str>) -> Vec<OsString> {
    let mut a: Vec<OsString> = [
        "openshell",
        "sandbox",
        "create",
        "--name",
        name,
        "--detach",
        "--no-tty",
    ]
    .map(OsString::from)
    .to_vec();
    a.extend(["--policy".into(), policy_file.as_os_str().to_owned()]);
    if let Some(image) = image {
        a.extend(["--from".into(), image.into()]);
    }
    a
}

/// `openshell sandbox exec --name NAME --no-tty -- COMMAND…` (stdin and output streamed, the
/// command's exit status returned).
pub fn openshell_exec_argv(name: &str, command: &[OsString]) -> Vec<OsString> {
    let mut a: Vec<OsString> = [
        "openshell",
        "sandbox",
        "exec",
        "--name",
        name,
        "--no-tty",
        "--",
    ]
    .map(OsString::from)
    .to_vec();
    a.extend(command.iter().cloned());
    a
}

/// `openshell sandbox delete NAME`, when the session that created it ends.
pub fn openshell_delete_argv(name: &str) -> Vec<OsString> {
    ["openshell", "sandbox", "delete", name]
        .map(OsString::from)
        .to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for b in [
            Backend::Native,
            Backend::OpenShell,
            Backend::Docker,
            Backend::None,
        ] {
            assert_eq!(b.as_str().parse::<Backend>().unwrap(), b);
        }
        let e = "podman".parse::<Backend>().unwrap_err().to_string();
        assert_eq!(
            e,
            "unknown sandbox backend \"podman\" (expected native, openshell, docker, none)"
        );
    }

    #[test]
    fn a_missing_cli_is_named_in_words_every_front_end_can_show() {
        let empty = tempfile::tempdir().unwrap();
        assert_eq!(find_on_path("docker", empty.path().as_os_str()), None);
        let e = BackendError::CliMissing {
            backend: Backend::Docker,
            cli: "docker",
        }
        .to_string();
        // How to choose another sandbox is the front end's hint (%sandbox, or the app's button).
        assert_eq!(
            e,
            "the docker sandbox needs the `docker` command, and it is not on PATH: install it"
        );
    }
}
