//! Filesystem and scope rules for landlock.
//!
//! Landlock only grants, it cannot deny below a grant: a rule on `/` covers `/root/.ssh`. So a
//! denied path under an allowed tree is carved out at launch: the ancestors between the tree
//! and the denied path get only `ReadDir` (listing), and every other entry of those ancestors
//! gets the tree's access. Consequences worth knowing: entries created in such an ancestor
//! after launch are not reachable, and nothing can be created directly in it.
//! `/dev` is carved out of every read tree the same way; only [`crate::policy::DEVICES`] reopen it
//! (a readable block device would bypass every path rule).
//! `/proc` too: landlock's ptrace scoping leaves `/proc/<pid>/environ`, `cmdline` and `maps` of
//! outside processes readable on current kernels, and the agent's own environment holds API keys.
//! So only `/proc`'s non-process entries (cpuinfo, meminfo, sys, …) and the sandboxed program's
//! own `/proc/<pid>` stay readable; its children cannot read their own `/proc/self/*`.

use std::path::{Path, PathBuf};

use landlock::{
    ABI, Access, AccessFs, AccessNet, BitFlags, CompatLevel, Compatible, PathBeneath, PathFd,
    Ruleset, RulesetAttr, RulesetCreatedAttr, RulesetStatus, Scope,
};

use crate::error::SandboxError;
use crate::policy::{FilesystemPolicy, NetworkMode, SandboxPolicy};
use crate::probe::{MAX_TESTED_ABI, NET_ABI, SCOPE_ABI, SandboxSupport};

/// A glob may not expand to more paths than this (each becomes an open fd and a rule).
pub const GLOB_LIMIT: usize = 4096;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    /// List a directory, nothing inside it.
    List,
    /// Read and execute.
    Read,
    /// Everything.
    ReadWrite,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FsRule {
    pub path: PathBuf,
    pub grant: Grant,
}

/// Expand globs and carve denied paths out of the allowed trees.
pub fn plan(fs: &FilesystemPolicy) -> Result<Vec<FsRule>, SandboxError> {
    let denied = expand_all(&fs.denied)?;
    let mut denied_for_read = denied.clone();
    denied_for_read.extend([PathBuf::from("/dev"), PathBuf::from("/proc")]);
    let mut rules = Vec::new();
    let read_roots = expand_all(&fs.read_only)?;
    for root in &read_roots {
        carve(root, Grant::Read, &denied_for_read, &mut rules);
    }
    if read_roots.iter().any(|r| Path::new("/proc").starts_with(r)) {
        proc_rules(&mut rules);
    }
    for root in expand_all(&fs.read_write)? {
        carve(&root, Grant::ReadWrite, &denied, &mut rules);
    }
    if rules
        .iter()
        .any(|r| r.path.starts_with("/dev") && r.path != Path::new("/dev"))
    {
        rules.push(FsRule {
            path: PathBuf::from("/dev"),
            grant: Grant::List,
        });
    }
    Ok(rules)
}

/// `/proc` without the other processes: the exec'd program keeps the helper's pid.
fn proc_rules(out: &mut Vec<FsRule>) {
    out.push(FsRule {
        path: PathBuf::from("/proc"),
        grant: Grant::List,
    });
    let own = std::process::id().to_string();
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let is_process = name.bytes().all(|b| b.is_ascii_digit());
        let is_symlink = entry.file_type().map(|t| t.is_symlink()).unwrap_or(true);
        if (!is_process && !is_symlink) || name == own {
            out.push(FsRule {
                path: entry.path(),
                grant: Grant::Read,
            });
        }
    }
}

/// Existing paths named by the list, globs expanded, symlinks resolved.
fn expand_all(list: &[PathBuf]) -> Result<Vec<PathBuf>, SandboxError> {
    let mut out = Vec::new();
    for entry in list {
        let text = entry.to_string_lossy();
        if text.contains(['*', '?', '[']) {
            let pattern = text.to_string();
            let paths = glob::glob(&pattern).map_err(|e| SandboxError::Glob {
                pattern: pattern.clone(),
                reason: e.to_string(),
            })?;
            for (n, p) in paths.flatten().enumerate() {
                if n >= GLOB_LIMIT {
                    return Err(SandboxError::TooManyMatches {
                        pattern,
                        limit: GLOB_LIMIT,
                    });
                }
                out.extend(std::fs::canonicalize(&p).ok());
            }
        } else if let Ok(p) = std::fs::canonicalize(entry) {
            out.push(p);
        }
    }
    Ok(out)
}

fn carve(root: &Path, grant: Grant, denied: &[PathBuf], out: &mut Vec<FsRule>) {
    let inside: Vec<PathBuf> = denied
        .iter()
        .filter(|d| d.starts_with(root))
        .cloned()
        .collect();
    if inside.is_empty() {
        out.push(FsRule {
            path: root.to_path_buf(),
            grant,
        });
        return;
    }
    if inside.iter().any(|d| d == root) {
        return;
    }
    out.push(FsRule {
        path: root.to_path_buf(),
        grant: Grant::List,
    });
    let Ok(entries) = std::fs::read_dir(root) else {
        return;
    };
    for entry in entries.flatten() {
        // A rule opens its path following symlinks: a link could point into a denied tree.
        if entry.file_type().map(|t| t.is_symlink()).unwrap_or(true) {
            continue;
        }
        carve(&entry.path(), grant, &inside, out);
    }
}

/// The landlock ABI to build rules for: the kernel's, capped at the newest one tested.
pub fn effective_abi(kernel_abi: i32) -> ABI {
    ABI::from(kernel_abi.min(MAX_TESTED_ABI))
}

/// Restrict the calling thread (and every later thread and exec'd program) to `policy`.
/// Must run single-threaded: landlock does not reach threads that already exist.
pub fn restrict_self(
    policy: &SandboxPolicy,
    rules: &[FsRule],
    support: &SandboxSupport,
) -> Result<(), SandboxError> {
    support.check(policy)?;
    let Some(kernel_abi) = support.landlock_abi() else {
        // Nothing in the policy needs landlock (check() said so).
        return Ok(());
    };
    let abi = effective_abi(kernel_abi);
    let mut ruleset = Ruleset::default().set_compatibility(CompatLevel::HardRequirement);
    let fs_restricted = policy.filesystem.restricted;
    if fs_restricted {
        ruleset = ruleset.handle_access(AccessFs::from_all(abi))?;
    }
    // Defence in depth only: seccomp already refuses the sockets themselves.
    let handle_net = policy.network.mode == NetworkMode::None && kernel_abi >= NET_ABI;
    if handle_net {
        ruleset = ruleset.handle_access(AccessNet::from_all(abi))?;
    }
    let mut scopes = BitFlags::<Scope>::EMPTY;
    if policy.process.isolate_signals {
        // check() refused kernels without it; HardRequirement would refuse again.
        scopes |= Scope::Signal;
    }
    if policy.network.mode != NetworkMode::Full && kernel_abi >= SCOPE_ABI {
        // Defence in depth: seccomp already refuses unix sockets in these modes.
        scopes |= Scope::AbstractUnixSocket;
    }
    if !scopes.is_empty() {
        ruleset = ruleset.scope(scopes)?;
    }
    if !fs_restricted && !handle_net && scopes.is_empty() {
        // Full access: landlock has nothing to do (and refuses an empty ruleset).
        return Ok(());
    }
    let mut created = ruleset.create()?;
    if fs_restricted {
        for rule in rules {
            let Ok(meta) = std::fs::metadata(&rule.path) else {
                continue;
            };
            let mut access = match rule.grant {
                Grant::List => BitFlags::from(AccessFs::ReadDir),
                Grant::Read => AccessFs::from_read(abi),
                Grant::ReadWrite => AccessFs::from_all(abi),
            };
            if !meta.is_dir() {
                access &= AccessFs::from_file(abi);
                if access.is_empty() {
                    continue;
                }
            }
            let fd = PathFd::new(&rule.path).map_err(|e| SandboxError::RulePath {
                path: rule.path.clone(),
                reason: e.to_string(),
            })?;
            created = created.add_rule(PathBeneath::new(fd, access))?;
        }
    }
    let status = created.restrict_self()?;
    match status.ruleset {
        RulesetStatus::FullyEnforced => {}
        RulesetStatus::PartiallyEnforced => {
            return Err(SandboxError::NotEnforced {
                status: "partially enforced",
            });
        }
        RulesetStatus::NotEnforced => {
            return Err(SandboxError::NotEnforced {
                status: "not enforced",
            });
        }
    }
    if !status.no_new_privs {
        return Err(SandboxError::NotEnforced {
            status: "without no_new_privs",
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fs(read_only: &[&Path], read_write: &[&Path], denied: &[&Path]) -> FilesystemPolicy {
        let v = |l: &[&Path]| l.iter().map(|p| p.to_path_buf()).collect();
        FilesystemPolicy {
            restricted: true,
            read_only: v(read_only),
            read_write: v(read_write),
            denied: v(denied),
            protected: vec![],
        }
    }

    #[test]
    fn denied_paths_are_carved_out_of_allowed_trees() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        for d in ["a/secret", "a/ok", "b"] {
            std::fs::create_dir_all(root.join(d)).unwrap();
        }
        std::fs::write(root.join("a/file"), "x").unwrap();
        std::os::unix::fs::symlink(root.join("a/secret"), root.join("a/link")).unwrap();
        let rules = plan(&fs(&[&root], &[], &[&root.join("a/secret")])).unwrap();
        let grant = |p: &str| {
            rules
                .iter()
                .find(|r| r.path == root.join(p))
                .map(|r| r.grant)
        };
        assert_eq!(
            rules.iter().find(|r| r.path == root).map(|r| r.grant),
            Some(Grant::List)
        );
        assert_eq!(grant("a"), Some(Grant::List));
        assert_eq!(grant("a/ok"), Some(Grant::Read));
        assert_eq!(grant("a/file"), Some(Grant::Read));
        assert_eq!(grant("b"), Some(Grant::Read));
        assert_eq!(grant("a/secret"), None);
        assert_eq!(
            grant("a/link"),
            None,
            "symlinks into denied trees must not become rules"
        );
    }

    #[test]
    fn globs_expand_and_missing_paths_vanish() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        std::fs::write(root.join("x.pem"), "k").unwrap();
        std::fs::write(root.join("y.txt"), "t").unwrap();
        let rules = plan(&fs(
            &[],
            &[&root],
            &[&root.join("*.pem"), &root.join("missing")],
        ))
        .unwrap();
        assert!(
            rules
                .iter()
                .any(|r| r.path == root.join("y.txt") && r.grant == Grant::ReadWrite)
        );
        assert!(!rules.iter().any(|r| r.path == root.join("x.pem")));
        let none = plan(&fs(&[&root.join("nope")], &[], &[])).unwrap();
        assert!(none.is_empty());
    }

    #[test]
    fn dev_is_closed_except_listed_devices() {
        let rules = plan(&fs(&[Path::new("/")], &[Path::new("/dev/null")], &[])).unwrap();
        assert!(
            rules
                .iter()
                .any(|r| r.path == Path::new("/usr") && r.grant == Grant::Read)
        );
        assert!(
            rules
                .iter()
                .any(|r| r.path == Path::new("/dev") && r.grant == Grant::List)
        );
        assert!(
            rules
                .iter()
                .any(|r| r.path == Path::new("/dev/null") && r.grant == Grant::ReadWrite)
        );
        assert!(
            !rules
                .iter()
                .any(|r| r.path.starts_with("/dev") && r.grant == Grant::Read)
        );
    }

    #[test]
    fn proc_keeps_system_entries_and_hides_other_processes() {
        let rules = plan(&fs(&[Path::new("/")], &[], &[])).unwrap();
        let grant = |p: &str| {
            rules
                .iter()
                .find(|r| r.path == Path::new(p))
                .map(|r| r.grant)
        };
        assert_eq!(grant("/proc"), Some(Grant::List));
        assert_eq!(grant("/proc/cpuinfo"), Some(Grant::Read));
        assert_eq!(
            grant(&format!("/proc/{}", std::process::id())),
            Some(Grant::Read)
        );
        assert_eq!(grant("/proc/1"), None);
        assert_eq!(grant("/proc/self"), None);
    }
}
