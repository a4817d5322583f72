//! The YAML policy file, in the spirit of NVIDIA OpenShell's sandbox policy:
//!
//! ```yaml
//! version: 1
//! base: workspace-write          # optional: start from a built-in level
//! filesystem_policy:
//!   include_workdir: true        # default true: the working directory is read-write
//!   read_only: [/usr, /etc, ~/src/shared]
//!   read_write: [/tmp, "$WORKSPACE/out"]
//!   denied: [~/.ssh, "~/.config/*/credentials*", .env]
//! network:
//!   mode: hosts                  # none | loopback | hosts | full
//!   hosts:
//!     - host: api.openai.com
//!       ports: [443]
//! process:
//!   max_processes: 256
//!   max_memory: 2GiB             # bytes, or a number with K/M/G/T (KiB, MB… also accepted)
//!   max_cpu_seconds: 600
//!   isolate_signals: true
//! ```
//!
//! Unknown fields are errors. Every error names the file, the field and the reason.

use std::path::{Path, PathBuf};

use serde::Deserialize;

use crate::policy::{
    DEVICES, FilesystemPolicy, HostRule, Level, NetworkMode, NetworkPolicy, PolicyContext,
    ProcessPolicy, SYSTEM_READ, SandboxPolicy, protected_in,
};

/// A policy file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PolicyError {
    #[error("{file}: cannot read: {source}")]
    Read {
        file: String,
        source: std::io::Error,
    },
    /// `field` is a dotted path (`network.mode`, `filesystem_policy.denied[2]`), or empty for
    /// the document itself.
    #[error("{file}: {}{reason}", if field.is_empty() { String::new() } else { format!("{field}: ") })]
    Invalid {
        file: String,
        field: String,
        reason: String,
    },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPolicy {
    version: Option<u32>,
    base: Option<String>,
    filesystem_policy: Option<RawFilesystem>,
    network: Option<RawNetwork>,
    process: Option<RawProcess>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawFilesystem {
    include_workdir: Option<bool>,
    #[serde(default)]
    read_only: Vec<String>,
    #[serde(default)]
    read_write: Vec<String>,
    #[serde(default)]
    denied: Vec<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawNetwork {
    mode: String,
    #[serde(default)]
    hosts: Vec<RawHost>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawHost {
    host: String,
    port: Option<u16>,
    #[serde(default)]
    ports: Vec<u16>,
}

#[derive(Deserialize)]
#[serde(untagged)]
enum RawSize {
    Bytes(u64),
    Text(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawProcess {
    max_processes: Option<u64>,
    max_memory: Option<RawSize>,
    max_cpu_seconds: Option<u64>,
    isolate_signals: Option<bool>,
}

/// Read and validate a policy file.
pub fn load_policy_file(path: &Path, ctx: &PolicyContext) -> Result<SandboxPolicy, PolicyError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| PolicyError::Read {
        file: file.clone(),
        source,
    })?;
    parse_policy(&file, &text, ctx)
}

/// Validate a policy document; `file` is only used in error messages.
pub fn parse_policy(
    file: &str,
    text: &str,
    ctx: &PolicyContext,
) -> Result<SandboxPolicy, PolicyError> {
    let invalid = |field: &str, reason: String| PolicyError::Invalid {
        file: file.to_string(),
        field: field.to_string(),
        reason,
    };
    let de = serde_yaml_ng::Deserializer::from_str(text);
    let raw: RawPolicy = serde_path_to_error::deserialize(de).map_err(|e| {
        let field = e.path().to_string();
        let field = if field == "." { String::new() } else { field };
        invalid(&field, e.into_inner().to_string())
    })?;

    if let Some(v) = raw.version
        && v != 1
    {
        return Err(invalid(
            "version",
            format!("unsupported version {v} (expected 1)"),
        ));
    }
    let base = match raw.base.as_deref() {
        None => None,
        Some(name) => Some(name.parse::<Level>().map_err(|_| {
            invalid(
                "base",
                format!(
                    "unknown value \"{name}\" (expected read-only, workspace-write, full-access)"
                ),
            )
        })?),
    };
    let mut policy = match base {
        Some(level) => SandboxPolicy::from_level(level, ctx),
        None => SandboxPolicy {
            filesystem: FilesystemPolicy {
                restricted: true,
                read_only: vec![],
                read_write: vec![],
                denied: vec![],
                protected: vec![],
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
            exec: Default::default(),
        },
    };

    if let Some(fs) = raw.filesystem_policy {
        if !policy.filesystem.restricted || base.is_none() {
            // A filesystem section on its own (or over full access) starts from the system baseline.
            policy.filesystem = FilesystemPolicy {
                restricted: true,
                read_only: SYSTEM_READ.iter().map(PathBuf::from).collect(),
                read_write: DEVICES.iter().map(PathBuf::from).collect(),
                denied: vec![],
                protected: vec![],
            };
        }
        if fs.include_workdir.unwrap_or(true)
            && !policy.filesystem.read_write.contains(&ctx.workspace)
        {
            policy.filesystem.read_write.push(ctx.workspace.clone());
        }
        if policy.filesystem.read_write.contains(&ctx.workspace)
            && policy.filesystem.protected.is_empty()
        {
            policy.filesystem.protected = protected_in(&ctx.workspace);
        }
        for (name, list, out) in [
            ("read_only", fs.read_only, &mut policy.filesystem.read_only),
            (
                "read_write",
                fs.read_write,
                &mut policy.filesystem.read_write,
            ),
            ("denied", fs.denied, &mut policy.filesystem.denied),
        ] {
            for (i, raw_path) in list.iter().enumerate() {
                let field = format!("filesystem_policy.{name}[{i}]");
                out.push(resolve_path(raw_path, ctx).map_err(|reason| invalid(&field, reason))?);
            }
        }
    } else if base.is_none() {
        policy.filesystem.read_only = SYSTEM_READ.iter().map(PathBuf::from).collect();
        policy.filesystem.read_write = DEVICES.iter().map(PathBuf::from).collect();
        policy.filesystem.read_write.push(ctx.workspace.clone());
    }

    if let Some(net) = raw.network {
        let mode = match net.mode.as_str() {
            "none" => NetworkMode::None,
            "loopback" => NetworkMode::Loopback,
            "hosts" => NetworkMode::Hosts,
            "full" => NetworkMode::Full,
            other => {
                return Err(invalid(
                    "network.mode",
                    format!("unknown value \"{other}\" (expected none, loopback, hosts, full)"),
                ));
            }
        };
        if mode == NetworkMode::Hosts && net.hosts.is_empty() {
            return Err(invalid(
                "network.hosts",
                "mode hosts needs at least one host".into(),
            ));
        }
        if mode != NetworkMode::Hosts && !net.hosts.is_empty() {
            return Err(invalid(
                "network.hosts",
                format!(
                    "hosts are only allowed with mode hosts, not {}",
                    mode.as_str()
                ),
            ));
        }
        let mut hosts = Vec::new();
        for (i, h) in net.hosts.into_iter().enumerate() {
            let field = format!("network.hosts[{i}]");
            if h.host.is_empty() || h.host.contains(['/', ' ', '@']) || h.host.contains("://") {
                return Err(invalid(
                    &format!("{field}.host"),
                    format!("\"{}\" is not a host name or address", h.host),
                ));
            }
            let mut ports = h.ports;
            ports.extend(h.port);
            if ports.contains(&0) {
                return Err(invalid(
                    &format!("{field}.ports"),
                    "port 0 is not a port".into(),
                ));
            }
            hosts.push(HostRule {
                host: h.host,
                ports,
            });
        }
        policy.network = NetworkPolicy { mode, hosts };
    }

    if let Some(p) = raw.process {
        if let Some(n) = p.max_processes {
            if n == 0 {
                return Err(invalid(
                    "process.max_processes",
                    "must be at least 1".into(),
                ));
            }
            policy.process.max_processes = Some(n);
        }
        if let Some(size) = p.max_memory {
            policy.process.max_memory_bytes =
                Some(parse_size(size).map_err(|r| invalid("process.max_memory", r))?);
        }
        if let Some(s) = p.max_cpu_seconds {
            if s == 0 {
                return Err(invalid(
                    "process.max_cpu_seconds",
                    "must be at least 1".into(),
                ));
            }
            policy.process.max_cpu_seconds = Some(s);
        }
        if let Some(b) = p.isolate_signals {
            policy.process.isolate_signals = b;
        }
    }
    Ok(policy)
}

fn resolve_path(raw: &str, ctx: &PolicyContext) -> Result<PathBuf, String> {
    if raw.trim().is_empty() {
        return Err("empty path".into());
    }
    if raw.contains(['*', '?', '[']) {
        glob::Pattern::new(raw).map_err(|e| format!("bad glob \"{raw}\": {e}"))?;
    }
    ctx.resolve(raw)
        .ok_or_else(|| format!("\"{raw}\" needs a home directory and none is known"))
}

fn parse_size(size: RawSize) -> Result<u64, String> {
    let text = match size {
        RawSize::Bytes(0) => return Err("must be more than 0 bytes".into()),
        RawSize::Bytes(n) => return Ok(n),
        RawSize::Text(t) => t,
    };
    let t = text.trim();
    let split = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (digits, unit) = t.split_at(split);
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("\"{text}\" is not a size (examples: 512MiB, 2G, 1048576)"))?;
    let mult: u64 = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        "t" | "tb" | "tib" => 1 << 40,
        _ => {
            return Err(format!(
                "\"{text}\" has an unknown unit (expected K, M, G or T)"
            ));
        }
    };
    match n.checked_mul(mult) {
        Some(0) => Err("must be more than 0 bytes".into()),
        Some(bytes) => Ok(bytes),
        None => Err(format!("\"{text}\" is too large")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ctx() -> PolicyContext {
        PolicyContext {
            workspace: "/w".into(),
            home: Some("/home/u".into()),
            temp_dir: "/tmp".into(),
            config_dir: None,
        }
    }

    fn err(text: &str) -> String {
        parse_policy("policy.yaml", text, &ctx())
            .unwrap_err()
            .to_string()
    }

    #[test]
    fn full_example_parses() {
        let p = parse_policy(
            "policy.yaml",
            "version: 1\nbase: workspace-write\nfilesystem_policy:\n  read_only: [~/src]\n  denied: [~/.ssh, \"*.pem\"]\n\
             network:\n  mode: hosts\n  hosts:\n    - host: api.openai.com\n      port: 443\n\
             process:\n  max_processes: 64\n  max_memory: 2GiB\n  max_cpu_seconds: 60\n  isolate_signals: false\n",
            &ctx(),
        )
        .unwrap();
        assert!(
            p.filesystem
                .read_only
                .contains(&PathBuf::from("/home/u/src"))
        );
        assert!(p.filesystem.read_write.contains(&PathBuf::from("/w")));
        assert!(p.filesystem.denied.contains(&PathBuf::from("/w/*.pem")));
        assert_eq!(p.network.mode, NetworkMode::Hosts);
        assert_eq!(
            p.network.hosts,
            vec![HostRule {
                host: "api.openai.com".into(),
                ports: vec![443]
            }]
        );
        assert_eq!(p.process.max_memory_bytes, Some(2 << 30));
        assert_eq!(p.process.max_processes, Some(64));
        assert!(!p.process.isolate_signals);
    }

    #[test]
    fn without_base_starts_from_system_baseline_and_workdir() {
        let p = parse_policy("p.yaml", "version: 1\n", &ctx()).unwrap();
        assert!(p.filesystem.read_only.contains(&PathBuf::from("/usr")));
        assert!(p.filesystem.read_write.contains(&PathBuf::from("/w")));
        assert!(
            p.filesystem
                .read_write
                .contains(&PathBuf::from("/dev/null"))
        );
        assert_eq!(p.network.mode, NetworkMode::None);
        let p = parse_policy(
            "p.yaml",
            "filesystem_policy:\n  include_workdir: false\n",
            &ctx(),
        )
        .unwrap();
        assert!(!p.filesystem.read_write.contains(&PathBuf::from("/w")));
    }

    #[test]
    fn errors_name_file_field_and_reason() {
        assert_eq!(
            err("network:\n  mode: sometimes\n"),
            "policy.yaml: network.mode: unknown value \"sometimes\" (expected none, loopback, hosts, full)"
        );
        assert_eq!(
            err("base: yolo\n"),
            "policy.yaml: base: unknown value \"yolo\" (expected read-only, workspace-write, full-access)"
        );
        assert!(err("version: 2\n").starts_with("policy.yaml: version: unsupported version 2"));
        assert!(err("network:\n  mode: hosts\n").starts_with("policy.yaml: network.hosts: "));
        assert!(
            err("process:\n  max_memory: 2 lightyears\n")
                .starts_with("policy.yaml: process.max_memory: ")
        );
        assert!(
            err("process:\n  max_processes: 0\n")
                .starts_with("policy.yaml: process.max_processes: ")
        );
        let unknown = err("filesystem_policy:\n  read_onyl: [/usr]\n");
        assert!(
            unknown.starts_with("policy.yaml: filesystem_policy"),
            "{unknown}"
        );
        assert!(unknown.contains("read_onyl"), "{unknown}");
        let typed = err("filesystem_policy:\n  denied: /etc\n");
        assert!(
            typed.starts_with("policy.yaml: filesystem_policy.denied: "),
            "{typed}"
        );
        let bad_glob = err("filesystem_policy:\n  denied: [\"/a/[b\"]\n");
        assert!(
            bad_glob.starts_with("policy.yaml: filesystem_policy.denied[0]: bad glob"),
            "{bad_glob}"
        );
        let port = err("network:\n  mode: hosts\n  hosts:\n    - host: x.org\n      port: 70000\n");
        assert!(
            port.starts_with("policy.yaml: network.hosts[0].port: "),
            "{port}"
        );
        let no_home = parse_policy(
            "p.yaml",
            "filesystem_policy:\n  denied: [~/.ssh]\n",
            &PolicyContext {
                home: None,
                ..ctx()
            },
        )
        .unwrap_err()
        .to_string();
        assert_eq!(
            no_home,
            "p.yaml: filesystem_policy.denied[0]: \"~/.ssh\" needs a home directory and none is known"
        );
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size(RawSize::Text("512MiB".into())), Ok(512 << 20));
        assert_eq!(parse_size(RawSize::Text("1g".into())), Ok(1 << 30));
        assert_eq!(parse_size(RawSize::Bytes(4096)), Ok(4096));
        assert!(parse_size(RawSize::Text("0M".into())).is_err());
        assert!(parse_size(RawSize::Text("99999999999T".into())).is_err());
    }
}
