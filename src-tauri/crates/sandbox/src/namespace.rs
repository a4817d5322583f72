//! The helper's user and mount namespace ([`MountNamespace`]), built before landlock:
//!
//! 1. a user namespace mapping only our own uid and gid, and a mount namespace private to it;
//! 2. every mount read-only (chmod, chown, utime, xattr and mknod fail there with `EROFS`:
//!    landlock does not see those);
//! 3. each writable tree bound over itself, writable again;
//! 4. the session's `tmp/` over /tmp and its `shm/` over /dev/shm;
//! 5. what the private mounts hid and must stay visible at its own path (a workspace under
//!    /tmp, the engine's code directory) bound back on top, from handles taken before step 4
//!    (without the mounts below it: a mount inside such a workspace is not shown);
//! 6. the protected paths inside writable trees (`.git`, `.interpreter`) bound read-only;
//! 7. every capability dropped, so the program keeps none of the namespace's root.
//!
//! Landlock and seccomp then apply as without the namespace; seccomp refuses `mount`, `umount2`
//! and the new mount API, so none of this can be undone from inside.

use std::os::fd::{AsRawFd, OwnedFd};
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::fcntl::OFlag;
use nix::mount::MsFlags;
use nix::sched::CloneFlags;
use nix::sys::stat::Mode;

use crate::error::SandboxError;
use crate::policy::{FilesystemPolicy, MountNamespace};
use crate::sys::{self, MOUNT_ATTR_NODEV, MOUNT_ATTR_NOSUID, MOUNT_ATTR_RDONLY};

/// The machine's /tmp, replaced by the session's `tmp/`.
pub const TMP: &str = "/tmp";
/// The machine's /dev/shm, replaced by the session's `shm/`.
pub const SHM: &str = "/dev/shm";

/// Where each piece goes, worked out on the machine's view before anything is mounted.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct MountPlan {
    /// Writable trees bound over themselves, shallowest first.
    pub writable: Vec<PathBuf>,
    /// `(session's directory, mount point)`: the private /tmp and /dev/shm.
    pub private: Vec<(PathBuf, PathBuf)>,
    /// Trees under a private mount point shown again at their own path: `(path, writable)`.
    pub shown: Vec<(PathBuf, bool)>,
    /// Read-only inside the writable trees.
    pub protected: Vec<PathBuf>,
    /// Private mount points left read-only (their tree was not writable in the policy).
    pub read_only_private: Vec<PathBuf>,
}

impl MountPlan {
    pub fn new(fs: &FilesystemPolicy, ns: &MountNamespace) -> MountPlan {
        let mut plan = MountPlan::default();
        for (sub, target, writable) in
            [("tmp", TMP, ns.writable_tmp), ("shm", SHM, ns.writable_shm)]
        {
            // /dev/shm is a link to /run/shm on some systems: mount over what it names.
            let Ok(target) = std::fs::canonicalize(target) else {
                continue;
            };
            plan.private
                .push((ns.session_dir.join(sub), target.clone()));
            if !writable {
                plan.read_only_private.push(target);
            }
        }
        let under_private = |p: &Path| plan.private.iter().any(|(_, target)| p.starts_with(target));
        let mut shown = Vec::new();
        for root in existing(&fs.read_write) {
            // Devices stay writable on a read-only mount; /proc and /sys are the kernel's.
            if ["/dev", "/proc", "/sys"]
                .iter()
                .any(|k| root.starts_with(k))
            {
                continue;
            }
            if under_private(&root) {
                shown.push((root, true));
            } else {
                plan.writable.push(root);
            }
        }
        for root in existing(&fs.read_only) {
            if under_private(&root) && root != Path::new("/") {
                shown.push((root, false));
            }
        }
        if let Ok(code) = std::fs::canonicalize(ns.session_dir.join("code"))
            && under_private(&code)
        {
            shown.push((code, false));
        }
        let depth = |p: &PathBuf| p.components().count();
        plan.writable.sort_by_key(depth);
        plan.writable.dedup();
        shown.sort_by_key(|(p, _)| depth(p));
        shown.dedup();
        plan.shown = shown;
        let writable_roots: Vec<&PathBuf> = plan
            .writable
            .iter()
            .chain(plan.shown.iter().filter(|(_, w)| *w).map(|(p, _)| p))
            .collect();
        for path in protected_targets(&fs.protected) {
            if writable_roots.iter().any(|root| path.starts_with(root)) {
                plan.protected.push(path);
            }
        }
        plan.protected.sort_by_key(depth);
        plan.protected.dedup();
        plan
    }
}

/// The listed paths that exist, symlinks resolved.
fn existing(list: &[PathBuf]) -> Vec<PathBuf> {
    list.iter()
        .filter_map(|p| std::fs::canonicalize(p).ok())
        .filter(|p| std::fs::metadata(p).is_ok_and(|m| m.is_dir() || m.is_file()))
        .collect()
}

/// The protected paths that exist, and for a `.git` file (a worktree's or submodule's) the git
/// directory it names.
fn protected_targets(list: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for path in list {
        let Ok(meta) = std::fs::symlink_metadata(path) else {
            continue;
        };
        if meta.is_file()
            && let Some(gitdir) = std::fs::read_to_string(path)
                .ok()
                .and_then(|text| text.strip_prefix("gitdir:").map(|s| s.trim().to_string()))
            && let Some(parent) = path.parent()
            && let Ok(target) = std::fs::canonicalize(parent.join(gitdir))
        {
            out.push(target);
        }
        if let Ok(real) = std::fs::canonicalize(path) {
            out.push(real);
        }
    }
    out
}

fn failed(step: &'static str, path: &Path) -> impl FnOnce(Errno) -> SandboxError {
    let path = path.to_path_buf();
    move |source| SandboxError::Namespace { step, path, source }
}

/// Build the namespace for `fs` and stay in it (the caller then applies landlock and seccomp,
/// and execs). Must run single-threaded: the kernel refuses a user namespace to a process with
/// threads.
pub fn enter(fs: &FilesystemPolicy, ns: &MountNamespace) -> Result<(), SandboxError> {
    let plan = MountPlan::new(fs, ns);
    let cwd = std::env::current_dir().map_err(|e| SandboxError::Namespace {
        step: "reading the working directory",
        path: PathBuf::from("."),
        source: e.raw_os_error().map_or(Errno::EIO, Errno::from_raw),
    })?;
    let uid = nix::unistd::geteuid();
    let gid = nix::unistd::getegid();
    if let Err(errno) = nix::sched::unshare(CloneFlags::CLONE_NEWUSER | CloneFlags::CLONE_NEWNS) {
        // The kernel's EINVAL for a process with threads says nothing of them: say it.
        let threads = std::fs::read_dir("/proc/self/task").map_or(1, |d| d.count());
        if errno == Errno::EINVAL && threads > 1 {
            return Err(SandboxError::Threaded { threads });
        }
        return Err(failed(
            "unshare(CLONE_NEWUSER | CLONE_NEWNS)",
            Path::new("/"),
        )(errno));
    }
    write_map("/proc/self/setgroups", "deny", true)?;
    write_map("/proc/self/uid_map", &format!("{uid} {uid} 1"), false)?;
    write_map("/proc/self/gid_map", &format!("{gid} {gid} 1"), false)?;
    mount(
        None,
        Path::new("/"),
        MsFlags::MS_REC | MsFlags::MS_PRIVATE,
        "making / a private mount",
    )?;

    // Handles on what the private mounts will hide, taken while it is still in sight.
    let handle = |path: &Path| {
        nix::fcntl::open(path, OFlag::O_PATH | OFlag::O_CLOEXEC, Mode::empty())
            .map_err(failed("opening", path))
    };
    let private = plan
        .private
        .iter()
        .map(|(source, target)| Ok((handle(source)?, target)))
        .collect::<Result<Vec<_>, SandboxError>>()?;
    let shown = plan
        .shown
        .iter()
        .map(|(path, writable)| Ok((handle(path)?, path, *writable)))
        .collect::<Result<Vec<_>, SandboxError>>()?;

    let root = Path::new("/");
    sys::mount_setattr(root, true, MOUNT_ATTR_RDONLY, 0)
        .map_err(failed("making every mount read-only", root))?;
    for path in &plan.writable {
        bind_self(path)?;
        writable(path)?;
    }
    for (fd, target) in &private {
        bind_handle(fd, target)?;
        writable(target)?;
    }
    for (fd, path, is_writable) in &shown {
        mount_point(fd, path)?;
        bind_handle(fd, path)?;
        if *is_writable {
            writable(path)?;
        } else {
            sys::mount_setattr(path, true, MOUNT_ATTR_RDONLY, 0)
                .map_err(failed("making read-only", path))?;
        }
    }
    for path in &plan.protected {
        bind_self(path)?;
        sys::mount_setattr(path, true, MOUNT_ATTR_RDONLY, 0)
            .map_err(failed("making read-only", path))?;
    }
    for target in &plan.read_only_private {
        sys::mount_setattr(target, false, MOUNT_ATTR_RDONLY, 0)
            .map_err(failed("making read-only", target))?;
    }
    // The old working directory is the tree under the new mounts: enter it again by name.
    nix::unistd::chdir(&cwd).map_err(failed("entering the working directory", &cwd))?;
    sys::drop_capabilities().map_err(failed("dropping capabilities", root))
}

fn write_map(file: &'static str, line: &str, missing_ok: bool) -> Result<(), SandboxError> {
    match std::fs::write(file, line) {
        Ok(()) => Ok(()),
        Err(e) if missing_ok && e.kind() == std::io::ErrorKind::NotFound => Ok(()),
        Err(e) => Err(SandboxError::Namespace {
            step: "writing",
            path: PathBuf::from(file),
            source: e.raw_os_error().map_or(Errno::EIO, Errno::from_raw),
        }),
    }
}

fn mount(
    source: Option<&Path>,
    target: &Path,
    flags: MsFlags,
    step: &'static str,
) -> Result<(), SandboxError> {
    nix::mount::mount(source, target, None::<&str>, flags, None::<&str>)
        .map_err(failed(step, target))
}

/// Bind `target` over itself with the mounts below it.
fn bind_self(target: &Path) -> Result<(), SandboxError> {
    mount(
        Some(target),
        target,
        MsFlags::MS_BIND | MsFlags::MS_REC,
        "bind-mounting",
    )
}

/// Bind what `source` (a handle taken before the private mounts) names over `target`; not the
/// mounts below it, which now include the private mounts themselves (a workspace that is /tmp
/// would get the session's /tmp back on top).
fn bind_handle(source: &OwnedFd, target: &Path) -> Result<(), SandboxError> {
    let source = PathBuf::from(format!("/proc/self/fd/{}", source.as_raw_fd()));
    mount(Some(&source), target, MsFlags::MS_BIND, "bind-mounting")
}

/// Writable again (a bind copies the read-only flag of its source), without set-uid files or
/// device nodes.
fn writable(target: &Path) -> Result<(), SandboxError> {
    sys::mount_setattr(
        target,
        false,
        MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV,
        MOUNT_ATTR_RDONLY,
    )
    .map_err(failed("making writable", target))
}

/// An empty directory (or file, as `source` is) to mount over, made in the private tree that
/// hid `path`.
fn mount_point(source: &OwnedFd, path: &Path) -> Result<(), SandboxError> {
    let io = |e: std::io::Error| e.raw_os_error().map_or(Errno::EIO, Errno::from_raw);
    if path.exists() {
        return Ok(());
    }
    let is_dir = std::fs::metadata(format!("/proc/self/fd/{}", source.as_raw_fd()))
        .map_err(|e| failed("opening", path)(io(e)))?
        .is_dir();
    let made = if is_dir {
        std::fs::create_dir_all(path)
    } else {
        path.parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| std::fs::File::create(path).map(drop))
    };
    made.map_err(|e| failed("creating the mount point", path)(io(e)))
}
