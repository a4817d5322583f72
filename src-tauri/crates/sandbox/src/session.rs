//! One session of the native backend, on the engine's side: what this kernel enforces of the
//! policy, said in one line, and the session's private directory, removed when the session
//! ends.
//!
//! The directory holds `tmp/` and `shm/`, the /tmp and /dev/shm every process of the session
//! sees (see [`crate::namespace`]), and `code/`, where the engine writes code files for its
//! kernels, shown to them read-only. Where user namespaces are refused the session runs with
//! landlock and seccomp alone and [`NativeSession::enforcement`] says what that leaves out;
//! it never falls back without saying so.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::error::SandboxError;
use crate::helper::launcher_prefix;
use crate::namespace::SHM;
use crate::policy::{MountNamespace, PolicyContext, SandboxPolicy};
use crate::probe::{SandboxSupport, probe};

/// The native sandbox of one session. Dropping it removes the session's directory.
#[derive(Debug)]
pub struct NativeSession {
    policy: SandboxPolicy,
    support: SandboxSupport,
    dir: Option<SessionDir>,
}

impl NativeSession {
    /// Check that this kernel can enforce `policy` for a session in `ctx.workspace`, and create
    /// the session's directory in `ctx.temp_dir`. With user namespaces the policy gains its
    /// [`MountNamespace`], whose private /tmp replaces the temp dir.
    pub fn start(policy: SandboxPolicy, ctx: &PolicyContext) -> Result<Self, SandboxError> {
        Self::start_with(policy, ctx, probe())
    }

    /// [`NativeSession::start`] on a kernel that supports `support` (tests use it for a kernel
    /// without user namespaces).
    pub fn start_with(
        policy: SandboxPolicy,
        ctx: &PolicyContext,
        support: SandboxSupport,
    ) -> Result<Self, SandboxError> {
        support.check(&policy)?;
        let dir = SessionDir::create(&ctx.temp_dir)?;
        let policy = if isolates(&policy, &support) {
            with_namespace(policy, ctx, dir.path())
        } else {
            policy
        };
        Ok(NativeSession {
            policy,
            support,
            dir: Some(dir),
        })
    }

    /// What [`NativeSession::start`] would give, creating nothing: for `--config`.
    pub fn check(policy: SandboxPolicy) -> Result<Self, SandboxError> {
        let support = probe();
        support.check(&policy)?;
        Ok(NativeSession {
            policy,
            support,
            dir: None,
        })
    }

    /// The policy as the helper enforces it.
    pub fn policy(&self) -> &SandboxPolicy {
        &self.policy
    }

    pub fn support(&self) -> SandboxSupport {
        self.support
    }

    /// `[exe, "__sandbox", "--policy-json", <json>, "--"]` for this session's processes.
    pub fn launcher_prefix(&self, self_exe: &Path) -> Result<Vec<OsString>, SandboxError> {
        launcher_prefix(&self.policy, self_exe)
    }

    /// The session's private directory (`None` when only checked).
    pub fn session_dir(&self) -> Option<&Path> {
        self.dir.as_ref().map(SessionDir::path)
    }

    /// Where the engine writes code files for the session's kernels: readable inside the
    /// sandbox at the same path, and removed with the session.
    pub fn code_dir(&self) -> Option<PathBuf> {
        self.session_dir().map(|d| d.join("code"))
    }

    /// The session's private /tmp when code runs in the mount namespace and may write it:
    /// `(where the engine sees it, where sandboxed code sees it)`.
    pub fn private_tmp(&self) -> Option<(PathBuf, PathBuf)> {
        let ns = self.policy.namespace.as_ref()?;
        ns.writable_tmp
            .then(|| (ns.session_dir.join("tmp"), PathBuf::from("/tmp")))
    }

    /// One line for the session's `enforcement`: what the kernel enforces of this policy, and
    /// what it does not.
    pub fn enforcement(&self) -> String {
        let mut line = self.confinement();
        let rules = self.policy.exec.forbid.len();
        if rules > 0 {
            let s = if rules == 1 { "" } else { "s" };
            line.push_str(&format!(
                "; {rules} forbid rule{s} also checked at every exec of the sandboxed processes"
            ));
        }
        line
    }

    fn confinement(&self) -> String {
        let base = self.support.to_string();
        if !self.policy.filesystem.restricted {
            return base;
        }
        let protected = protected_names(&self.policy);
        if isolates(&self.policy, &self.support) {
            let mut line = format!(
                "{base} (every mount read-only but the writable paths, so no chmod, chown, \
                 utime, xattr or mknod elsewhere; a private /tmp and /dev/shm for the session"
            );
            if !protected.is_empty() {
                line.push_str(&format!("; {protected} read-only"));
            }
            line.push(')');
            line
        } else {
            let mut line = format!(
                "{base}; NOT enforced without them: chmod, chown, utime and xattr changes \
                 outside the writable paths; a private /tmp and /dev/shm (this machine's are \
                 shared)"
            );
            if !protected.is_empty() {
                line.push_str(&format!("; read-only {protected} in the workspace"));
            }
            line
        }
    }
}

/// The namespace adds what landlock cannot do to a restricted filesystem; with none, there is
/// nothing for it to do.
fn isolates(policy: &SandboxPolicy, support: &SandboxSupport) -> bool {
    policy.filesystem.restricted && support.user_namespaces.available()
}

/// `.git and .interpreter`, from the policy's protected paths.
fn protected_names(policy: &SandboxPolicy) -> String {
    let names: Vec<String> = policy
        .filesystem
        .protected
        .iter()
        .filter_map(|p| p.file_name())
        .map(|n| n.to_string_lossy().into_owned())
        .collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The policy with the session's namespace: the temp dir and /dev/shm leave the writable trees,
/// the private /tmp and /dev/shm take their place.
fn with_namespace(
    mut policy: SandboxPolicy,
    ctx: &PolicyContext,
    session_dir: &Path,
) -> SandboxPolicy {
    let real = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    let temp = real(&ctx.temp_dir);
    let workspace = real(&ctx.workspace);
    let is_temp = |p: &PathBuf| {
        let p = real(p);
        p == temp && p != workspace
    };
    let rw = &mut policy.filesystem.read_write;
    let writable_tmp = rw.iter().any(is_temp);
    let writable_shm = rw.iter().any(|p| p == Path::new(SHM));
    rw.retain(|p| !is_temp(p) && p != Path::new(SHM));
    // Named, so that a workspace under /tmp stays in sight at a read-only level too.
    if !rw.iter().any(|p| real(p) == workspace) {
        policy.filesystem.read_only.push(ctx.workspace.clone());
    }
    policy.namespace = Some(MountNamespace {
        session_dir: session_dir.to_path_buf(),
        writable_tmp,
        writable_shm,
    });
    policy
}

/// The session's directory on disk; removed on drop.
#[derive(Debug)]
struct SessionDir(PathBuf);

impl SessionDir {
    fn create(temp_dir: &Path) -> Result<SessionDir, SandboxError> {
        let failed = |source| SandboxError::SessionDir {
            path: temp_dir.to_path_buf(),
            source,
        };
        // Mode 0700, a name nobody can guess.
        let dir = tempfile::Builder::new()
            .prefix("oi-session-")
            .tempdir_in(temp_dir)
            .map_err(failed)?
            .keep();
        let dir = SessionDir(dir);
        for sub in ["tmp", "shm", "code"] {
            std::fs::create_dir(dir.0.join(sub)).map_err(failed)?;
        }
        Ok(dir)
    }

    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for SessionDir {
    fn drop(&mut self) {
        if std::fs::remove_dir_all(&self.0).is_ok() {
            return;
        }
        // Code may have left directories it cannot list (chmod 0): open them up, then retry.
        open_up(&self.0);
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Give the owner full access to every directory under `dir` (links are not followed).
fn open_up(dir: &Path) {
    use std::os::unix::fs::PermissionsExt;
    let _ = std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700));
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            open_up(&entry.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::Level;
    use crate::probe::NamespaceSupport;

    fn ctx(root: &Path) -> PolicyContext {
        PolicyContext {
            workspace: root.join("ws"),
            home: Some(root.join("home")),
            temp_dir: root.join("tmp"),
            config_dir: None,
        }
    }

    #[test]
    fn the_private_tmp_replaces_the_temp_dir_and_goes_with_the_session() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        for d in ["ws", "tmp"] {
            std::fs::create_dir(root.join(d)).unwrap();
        }
        let policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx(&root));
        let session = NativeSession::start(policy, &ctx(&root)).unwrap();
        let dir = session.session_dir().unwrap().to_path_buf();
        assert!(dir.starts_with(root.join("tmp")));
        assert!(dir.join("tmp").is_dir() && dir.join("shm").is_dir());
        assert_eq!(session.code_dir(), Some(dir.join("code")));
        let fs = &session.policy().filesystem;
        assert!(fs.read_write.contains(&root.join("ws")));
        assert!(!fs.read_write.contains(&root.join("tmp")));
        assert!(!fs.read_write.contains(&PathBuf::from(SHM)));
        assert_eq!(
            session.policy().namespace,
            Some(MountNamespace {
                session_dir: dir.clone(),
                writable_tmp: true,
                writable_shm: true,
            })
        );
        let line = session.enforcement();
        assert!(
            line.contains("user namespaces: yes")
                && line.contains("a private /tmp and /dev/shm")
                && line.contains(".git and .interpreter read-only"),
            "{line}"
        );
        // Code left a directory nobody may list: the session's end removes it all the same.
        std::fs::create_dir_all(dir.join("tmp/locked/inner")).unwrap();
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(
            dir.join("tmp/locked"),
            std::fs::Permissions::from_mode(0o000),
        )
        .unwrap();
        drop(session);
        assert!(!dir.exists());
    }

    #[test]
    fn without_user_namespaces_the_line_says_what_is_not_enforced() {
        let t = tempfile::tempdir().unwrap();
        let root = t.path().canonicalize().unwrap();
        for d in ["ws", "tmp"] {
            std::fs::create_dir(root.join(d)).unwrap();
        }
        let policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx(&root));
        let support = SandboxSupport {
            user_namespaces: NamespaceSupport::Refused {
                step: "unshare(CLONE_NEWUSER | CLONE_NEWNS)",
                errno: nix::errno::Errno::EPERM,
            },
            ..probe()
        };
        let session = NativeSession::start_with(policy.clone(), &ctx(&root), support).unwrap();
        assert_eq!(session.policy(), &policy, "landlock and seccomp alone");
        let line = session.enforcement();
        assert!(
            line.contains(
                "user namespaces: no (unshare(CLONE_NEWUSER | CLONE_NEWNS): Operation not permitted"
            ) && line.contains("NOT enforced without them: chmod, chown, utime and xattr")
                && line.contains("a private /tmp and /dev/shm (this machine's are shared)")
                && line.contains("read-only .git and .interpreter in the workspace"),
            "{line}"
        );
        // Full access has nothing for the namespace to add, and says nothing of it.
        let full = SandboxPolicy::from_level(Level::FullAccess, &ctx(&root));
        let session = NativeSession::start_with(full, &ctx(&root), support).unwrap();
        assert!(!session.enforcement().contains("NOT enforced"));
        assert_eq!(session.policy().namespace, None);
    }
}
