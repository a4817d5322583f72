//! The raw system calls this crate makes itself, each behind a safe function: asking the kernel
//! which landlock ABI it speaks (the `landlock` crate keeps its own probe private, by design; we
//! need the number to refuse with a precise diagnosis instead of degrading), trying a user and
//! mount namespace in a throwaway child, `mount_setattr(2)`, dropping every capability, and
//! what the exec supervisor needs: `fork(2)` of the single-threaded helper, a seccomp filter
//! that returns a user-notification listener, and the listener's three ioctls.
#![allow(unsafe_code)]

use std::ffi::CString;
use std::os::fd::{AsRawFd, OwnedFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use nix::errno::Errno;

/// `LANDLOCK_CREATE_RULESET_VERSION` from `<linux/landlock.h>`.
const LANDLOCK_CREATE_RULESET_VERSION: libc::c_uint = 1 << 0;

/// The kernel's landlock ABI version, or the errno explaining why there is none
/// (`ENOSYS`: not built in; `EOPNOTSUPP`: built in but not enabled at boot).
pub fn landlock_abi() -> Result<i32, Errno> {
    // SAFETY: with a null attr pointer, size 0 and the VERSION flag the kernel reads no memory
    // and only returns the ABI version (or an error); no resources are created.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<libc::c_void>(),
            0usize,
            LANDLOCK_CREATE_RULESET_VERSION,
        )
    };
    if ret < 0 {
        Err(Errno::last())
    } else {
        Ok(i32::try_from(ret).unwrap_or(i32::MAX))
    }
}

/// `struct mount_attr` of `<linux/mount.h>` (its first version, 32 bytes).
#[repr(C)]
struct MountAttr {
    attr_set: u64,
    attr_clr: u64,
    propagation: u64,
    userns_fd: u64,
}

pub const MOUNT_ATTR_RDONLY: u64 = 0x1;
pub const MOUNT_ATTR_NOSUID: u64 = 0x2;
pub const MOUNT_ATTR_NODEV: u64 = 0x4;

/// Set and clear mount attributes of the mount at `path` (and, with `recursive`, of every mount
/// below it), leaving the others (and the flags the kernel locked) as they are.
pub fn mount_setattr(path: &Path, recursive: bool, set: u64, clear: u64) -> Result<(), Errno> {
    let path = CString::new(path.as_os_str().as_bytes()).map_err(|_| Errno::EINVAL)?;
    let attr = MountAttr {
        attr_set: set,
        attr_clr: clear,
        propagation: 0,
        userns_fd: 0,
    };
    let flags = if recursive { libc::AT_RECURSIVE } else { 0 };
    // SAFETY: `path` is a NUL-terminated string and `attr` a live `struct mount_attr` whose size
    // is passed along; the kernel only reads both during the call.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_mount_setattr,
            libc::AT_FDCWD,
            path.as_ptr(),
            flags as libc::c_uint,
            &attr as *const MountAttr,
            std::mem::size_of::<MountAttr>(),
        )
    };
    if ret < 0 { Err(Errno::last()) } else { Ok(()) }
}

/// Drop every capability for good: the bounding set, the ambient set, then the effective,
/// permitted and inheritable sets. After `execve` the program has none, root or not.
pub fn drop_capabilities() -> Result<(), Errno> {
    for cap in 0..64 {
        // SAFETY: PR_CAPBSET_DROP takes one integer argument and touches no memory.
        let ret = unsafe { libc::prctl(libc::PR_CAPBSET_DROP, cap as libc::c_ulong, 0, 0, 0) };
        if ret < 0 {
            match Errno::last() {
                // Past the last capability this kernel knows.
                Errno::EINVAL => break,
                e => return Err(e),
            }
        }
    }
    // SAFETY: PR_CAP_AMBIENT_CLEAR_ALL takes no pointer arguments.
    let ret = unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL as libc::c_ulong,
            0,
            0,
            0,
        )
    };
    if ret < 0 {
        return Err(Errno::last());
    }
    #[repr(C)]
    struct CapHeader {
        version: u32,
        pid: libc::c_int,
    }
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct CapData {
        effective: u32,
        permitted: u32,
        inheritable: u32,
    }
    const LINUX_CAPABILITY_VERSION_3: u32 = 0x2008_0522;
    let header = CapHeader {
        version: LINUX_CAPABILITY_VERSION_3,
        pid: 0,
    };
    let data = [CapData {
        effective: 0,
        permitted: 0,
        inheritable: 0,
    }; 2];
    // SAFETY: version 3 of capset reads one header and two data structs, all live here.
    let ret =
        unsafe { libc::syscall(libc::SYS_capset, &header as *const CapHeader, data.as_ptr()) };
    if ret < 0 { Err(Errno::last()) } else { Ok(()) }
}

/// The step of the namespace setup the kernel refused, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamespaceRefusal {
    pub step: &'static str,
    pub errno: Errno,
}

/// The steps [`probe_user_namespace`] tries, in order; the helper takes the same ones.
const PROBE_STEPS: [&str; 7] = [
    "unshare(CLONE_NEWUSER | CLONE_NEWNS)",
    "writing /proc/self/setgroups",
    "writing /proc/self/uid_map",
    "writing /proc/self/gid_map",
    "making / a private mount",
    "bind-mounting /tmp",
    "mount_setattr (read-only mounts)",
];

/// Whether this process may build what the helper builds: a user namespace mapping its own
/// ids, a private mount namespace, a bind mount, and read-only mount attributes. Tried in a
/// forked child that exits at once, so the caller (which may run many threads) is untouched.
pub fn probe_user_namespace() -> Result<(), NamespaceRefusal> {
    let refused = |step: usize, errno: Errno| NamespaceRefusal {
        step: PROBE_STEPS[step.min(PROBE_STEPS.len() - 1)],
        errno,
    };
    // Everything the child needs is made before the fork: it may not allocate.
    let cstr = |s: &str| CString::new(s).map_err(|_| refused(0, Errno::EINVAL));
    let uid = nix::unistd::geteuid().as_raw();
    let gid = nix::unistd::getegid().as_raw();
    let setgroups = cstr("/proc/self/setgroups")?;
    let uid_map_path = cstr("/proc/self/uid_map")?;
    let gid_map_path = cstr("/proc/self/gid_map")?;
    let deny = b"deny";
    let uid_map = format!("{uid} {uid} 1");
    let gid_map = format!("{gid} {gid} 1");
    let root = cstr("/")?;
    let tmp = cstr("/tmp")?;
    let (read_end, write_end): (OwnedFd, OwnedFd) =
        nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC).map_err(|e| refused(0, e))?;
    let attr = MountAttr {
        attr_set: MOUNT_ATTR_RDONLY,
        attr_clr: 0,
        propagation: 0,
        userns_fd: 0,
    };
    let report = write_end.as_raw_fd();

    // SAFETY: the child only makes raw system calls on memory prepared above (no allocation,
    // no lock, no Rust runtime) and ends with `_exit`; the parent only waits for it.
    let pid = unsafe { libc::fork() };
    if pid < 0 {
        return Err(refused(0, Errno::last()));
    }
    if pid == 0 {
        // SAFETY: see above; every pointer stays valid in the child's copy of the memory.
        unsafe {
            let fail = |step: u8| -> ! {
                let errno = *libc::__errno_location();
                let mut msg = [0u8; 5];
                msg[0] = step;
                msg[1..].copy_from_slice(&errno.to_ne_bytes());
                libc::write(report, msg.as_ptr().cast(), msg.len());
                libc::_exit(1)
            };
            // The errno of a failed open or write, 0 once written.
            let write_file = |path: &CString, bytes: &[u8]| -> i32 {
                let fd = libc::open(path.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                if fd < 0 {
                    return *libc::__errno_location();
                }
                let n = libc::write(fd, bytes.as_ptr().cast(), bytes.len());
                let errno = *libc::__errno_location();
                libc::close(fd);
                if n == bytes.len() as isize {
                    0
                } else {
                    errno.max(1)
                }
            };
            let fail_with = |step: u8, errno: i32| -> ! {
                *libc::__errno_location() = errno;
                fail(step)
            };
            if libc::unshare(libc::CLONE_NEWUSER | libc::CLONE_NEWNS) != 0 {
                fail(0);
            }
            // Kernels before 3.19 have no setgroups file, and need none.
            match write_file(&setgroups, deny) {
                0 | libc::ENOENT => {}
                e => fail_with(1, e),
            }
            match write_file(&uid_map_path, uid_map.as_bytes()) {
                0 => {}
                e => fail_with(2, e),
            }
            match write_file(&gid_map_path, gid_map.as_bytes()) {
                0 => {}
                e => fail_with(3, e),
            }
            let null = std::ptr::null::<libc::c_char>();
            if libc::mount(
                null,
                root.as_ptr(),
                null,
                libc::MS_REC | libc::MS_PRIVATE,
                std::ptr::null(),
            ) != 0
            {
                fail(4);
            }
            if libc::mount(
                tmp.as_ptr(),
                tmp.as_ptr(),
                null,
                libc::MS_BIND,
                std::ptr::null(),
            ) != 0
            {
                fail(5);
            }
            let ret = libc::syscall(
                libc::SYS_mount_setattr,
                libc::AT_FDCWD,
                root.as_ptr(),
                libc::AT_RECURSIVE as libc::c_uint,
                &attr as *const MountAttr,
                std::mem::size_of::<MountAttr>(),
            );
            if ret != 0 {
                fail(6);
            }
            libc::_exit(0)
        }
    }
    drop(write_end);
    let child = nix::unistd::Pid::from_raw(pid);
    let status = loop {
        match nix::sys::wait::waitpid(child, None) {
            Err(Errno::EINTR) => continue,
            other => break other,
        }
    };
    let mut msg = [0u8; 5];
    let got = nix::unistd::read(&read_end, &mut msg).unwrap_or(0);
    if got == msg.len() {
        let errno = i32::from_ne_bytes([msg[1], msg[2], msg[3], msg[4]]);
        return Err(refused(usize::from(msg[0]), Errno::from_raw(errno)));
    }
    match status {
        Ok(nix::sys::wait::WaitStatus::Exited(_, 0)) => Ok(()),
        Ok(_) => Err(refused(0, Errno::ECHILD)),
        Err(e) => Err(refused(0, e)),
    }
}

/// Which side of [`fork_single_threaded`] this is.
pub enum Forked {
    Parent(nix::unistd::Pid),
    Child,
}

/// `fork(2)`. Only for a process that has never started a thread (the sandbox helper before
/// it execs), so the child may go on running ordinary Rust code.
pub fn fork_single_threaded() -> Result<Forked, Errno> {
    // SAFETY: the callers are single-threaded, so no lock is held by a thread that the child
    // would lack, and the child may allocate and run any code the parent could.
    let pid = unsafe { libc::fork() };
    match pid {
        p if p < 0 => Err(Errno::last()),
        0 => Ok(Forked::Child),
        p => Ok(Forked::Parent(nix::unistd::Pid::from_raw(p))),
    }
}

/// Install `program` (classic BPF) as a seccomp filter on the calling thread and return its
/// user-notification listener (`SECCOMP_FILTER_FLAG_NEW_LISTENER`, Linux 5.0). no_new_privs
/// must be set.
pub fn install_filter_with_listener(program: &[libc::sock_filter]) -> Result<OwnedFd, Errno> {
    let len = libc::c_ushort::try_from(program.len()).map_err(|_| Errno::EINVAL)?;
    let fprog = libc::sock_fprog {
        len,
        filter: program.as_ptr().cast_mut(),
    };
    // SAFETY: `fprog` points at `program`, alive for the call; the kernel copies the filter
    // and returns a new descriptor we own.
    let ret = unsafe {
        libc::syscall(
            libc::SYS_seccomp,
            libc::SECCOMP_SET_MODE_FILTER,
            libc::SECCOMP_FILTER_FLAG_NEW_LISTENER,
            &fprog as *const libc::sock_fprog,
        )
    };
    if ret < 0 {
        return Err(Errno::last());
    }
    let fd = libc::c_int::try_from(ret).map_err(|_| Errno::EBADF)?;
    // SAFETY: the kernel just returned this descriptor to us; nothing else owns it.
    Ok(unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(fd) })
}

/// Take ownership of a descriptor just received over a unix socket (`SCM_RIGHTS`).
pub fn own_received_fd(raw: std::os::fd::RawFd) -> OwnedFd {
    // SAFETY: the kernel installed `raw` in this process while receiving the message; nothing
    // else knows of it, so this is its only owner.
    unsafe { <OwnedFd as std::os::fd::FromRawFd>::from_raw_fd(raw) }
}

/// One intercepted system call, as the kernel reported it.
#[derive(Clone, Copy, Debug)]
pub struct Notification {
    pub id: u64,
    pub pid: u32,
    pub nr: i32,
    pub args: [u64; 6],
}

/// Wait for the next notification on `listener` (`SECCOMP_IOCTL_NOTIF_RECV`).
pub fn notif_recv(listener: &OwnedFd) -> Result<Notification, Errno> {
    // SAFETY: an all-zero seccomp_notif is valid (plain integers), and the kernel requires it
    // zeroed before RECV.
    let mut notif: libc::seccomp_notif = unsafe { std::mem::zeroed() };
    // SAFETY: RECV writes one `struct seccomp_notif` into the live, correctly sized `notif`.
    let ret = unsafe {
        libc::ioctl(
            listener.as_raw_fd(),
            libc::SECCOMP_IOCTL_NOTIF_RECV,
            &mut notif as *mut libc::seccomp_notif,
        )
    };
    if ret < 0 {
        return Err(Errno::last());
    }
    Ok(Notification {
        id: notif.id,
        pid: notif.pid,
        nr: notif.data.nr,
        args: notif.data.args,
    })
}

/// Whether notification `id` is still pending: its task has not died nor been answered
/// (`SECCOMP_IOCTL_NOTIF_ID_VALID`). Checked after opening the task's /proc files, so that a
/// reused pid cannot go unnoticed.
pub fn notif_id_valid(listener: &OwnedFd, id: u64) -> bool {
    // SAFETY: ID_VALID reads one u64 from the live `id`.
    let ret = unsafe {
        libc::ioctl(
            listener.as_raw_fd(),
            libc::SECCOMP_IOCTL_NOTIF_ID_VALID,
            &id as *const u64,
        )
    };
    ret == 0
}

/// Answer notification `id`: let the call go on (`None`, `SECCOMP_USER_NOTIF_FLAG_CONTINUE`,
/// Linux 5.5) or fail it with `errno`.
pub fn notif_respond(listener: &OwnedFd, id: u64, refuse: Option<Errno>) -> Result<(), Errno> {
    let resp = libc::seccomp_notif_resp {
        id,
        val: 0,
        error: refuse.map_or(0, |e| -(e as i32)),
        flags: if refuse.is_some() {
            0
        } else {
            libc::SECCOMP_USER_NOTIF_FLAG_CONTINUE as u32
        },
    };
    // SAFETY: SEND reads one `struct seccomp_notif_resp` from the live `resp`.
    let ret = unsafe {
        libc::ioctl(
            listener.as_raw_fd(),
            libc::SECCOMP_IOCTL_NOTIF_SEND,
            &resp as *const libc::seccomp_notif_resp,
        )
    };
    if ret < 0 { Err(Errno::last()) } else { Ok(()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn this_machine_allows_user_namespaces() {
        probe_user_namespace().unwrap();
    }
}
