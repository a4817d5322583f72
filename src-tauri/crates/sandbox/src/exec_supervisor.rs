//! The exec supervisor: when a policy forbids programs (the session's forbid command rules),
//! every `execve`/`execveat` of the sandboxed process tree waits for a verdict from a process
//! outside the tree, whatever spelled it (`os.system`, a script, a Makefile, `env`, `$x`).
//!
//! How: the helper forks before confining itself. The parent, which the executors see as the
//! program (same pid, same process group), becomes the supervisor: it never execs, stays out of
//! landlock and seccomp, and is an ancestor of every sandboxed process (so Yama's
//! `ptrace_scope=1` lets it read their memory). The child confines itself as before, then
//! installs one last seccomp filter returning `SECCOMP_RET_USER_NOTIF` for `execve` and
//! `execveat`, with `SECCOMP_FILTER_FLAG_NEW_LISTENER`, hands the listener to the parent over a
//! socket pair (`SCM_RIGHTS`), closes its own copy, and execs the program (that exec is judged
//! too). The parent answers each notification ([`crate::exec_judge`]): allowed calls go on
//! (`SECCOMP_USER_NOTIF_FLAG_CONTINUE`), forbidden ones fail with `EACCES`, and one line on
//! stderr (the run's output) names the program and the rule: `interpreter sandbox: refused to
//! exec /usr/bin/touch: forbid `touch` (config.toml)`.
//!
//! Lifetimes: the parent exits with the child's status (re-raising its signal), and the child
//! dies with the parent (`PR_SET_PDEATHSIG`). Signals sent to the process group reach the
//! program directly; the supervisor blocks the catchable ones the program may handle (SIGINT,
//! SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2) instead of dying of them first, and does not forward
//! signals sent to its pid alone. Descendants that outlive the program lose their supervisor:
//! their execs then fail with `ENOSYS` (the kernel's answer when no listener is left), and so
//! do every sandboxed exec if the supervisor ever fails. Fail closed.
//!
//! What remains racy (`SECCOMP_USER_NOTIF_FLAG_CONTINUE` is documented as unfit for security
//! decisions): the kernel reads the path again after the verdict. Another thread sharing the
//! caller's memory (a thread of the same process, or the parent of a `vfork`/`posix_spawn`
//! child, which is how glibc's `system()` starts `sh`) can rewrite the path between the check
//! and the exec and run a forbidden program under an allowed name. Measured here: a Python
//! thread flipping `./t0` (→ /usr/bin/true) and `./t1` (→ /usr/bin/touch) in the buffer another
//! thread passes to `execv` ran touch in 84 of 300 tries. Refusing execs from multi-threaded
//! processes would not close it (the `vfork` child is single-threaded yet shares its parent's
//! memory) and would break Node and threaded Python. So exec-time rules are a tripwire that
//! stops forbidden programs however an honest program spells them, not a boundary against code
//! racing on purpose; the boundary stays landlock, seccomp and the namespace. A race-free
//! complement for the real binaries would be landlock denying EXECUTE on their inodes (it
//! checks the file opened, not the path read). Pid reuse is not a hole: `/proc/<pid>/mem` is
//! opened, then the notification checked still pending (`SECCOMP_IOCTL_NOTIF_ID_VALID`)
//! before reading and again before answering.
//!
//! Prompt rules are not asked at exec time (no person answers mid-run): the static check
//! before the run already asks for them. Only the native backend has a supervisor; docker
//! and OpenShell sessions keep the static check alone.

use std::io::{IoSlice, IoSliceMut};
use std::os::fd::{AsRawFd, OwnedFd};

use nix::errno::Errno;
use nix::sys::signal::{SigSet, Signal};
use nix::sys::socket::{
    AddressFamily, ControlMessage, ControlMessageOwned, MsgFlags, SockFlag, SockType, recvmsg,
    sendmsg, socketpair,
};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::Pid;

use crate::error::{DIAGNOSTIC_PREFIX, EXIT_UNENFORCEABLE, SandboxError};
use crate::exec_judge::{Judge, Verdict};
use crate::policy::ExecPolicy;
use crate::sys::{self, Forked};

/// The child's side of the split: where to send the listener.
pub struct SupervisedChild {
    socket: OwnedFd,
}

fn failed(step: &'static str) -> impl Fn(Errno) -> SandboxError {
    move |source| SandboxError::ExecSupervisor { step, source }
}

/// Fork into supervisor and child. Returns in the child only; the parent supervises until the
/// child exits, then exits the same way. The calling process must be single-threaded.
pub fn split(policy: &ExecPolicy) -> Result<SupervisedChild, SandboxError> {
    let (parent_end, child_end) = socketpair(
        AddressFamily::Unix,
        SockType::Stream,
        None,
        SockFlag::SOCK_CLOEXEC,
    )
    .map_err(failed("socketpair"))?;
    let supervisor = nix::unistd::getpid();
    match sys::fork_single_threaded().map_err(failed("fork"))? {
        Forked::Parent(child) => {
            drop(child_end);
            let judge = Judge::new(policy.forbid.clone(), std::env::var_os("PATH").as_deref());
            supervise(child, parent_end, judge)
        }
        Forked::Child => {
            drop(parent_end);
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).map_err(failed("pdeathsig"))?;
            // The supervisor may have died before the prctl: then nothing would ever fire.
            if nix::unistd::getppid() != supervisor {
                return Err(failed("supervisor gone")(Errno::ESRCH));
            }
            Ok(SupervisedChild { socket: child_end })
        }
    }
}

impl SupervisedChild {
    /// The last step before exec: the filter that sends every exec to the supervisor.
    pub fn hand_over(self) -> Result<(), SandboxError> {
        let listener =
            sys::install_filter_with_listener(&filter()).map_err(failed("seccomp listener"))?;
        let fds = [listener.as_raw_fd()];
        sendmsg::<()>(
            self.socket.as_raw_fd(),
            &[IoSlice::new(b"L")],
            &[ControlMessage::ScmRights(&fds)],
            MsgFlags::empty(),
            None,
        )
        .map_err(failed("handing the listener over"))?;
        Ok(())
    }
}

#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xC000_003E;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xC000_00B7;

/// `execve` and `execveat` of the native architecture go to the listener; everything else is
/// left to the other filters (which kill foreign architectures).
fn filter() -> Vec<libc::sock_filter> {
    const LD_W_ABS: u16 = 0x20;
    const JEQ_K: u16 = 0x15;
    const RET_K: u16 = 0x06;
    const ARCH_OFFSET: u32 = 4;
    const NR_OFFSET: u32 = 0;
    let op = |code, jt, jf, k| libc::sock_filter { code, jt, jf, k };
    vec![
        op(LD_W_ABS, 0, 0, ARCH_OFFSET),
        op(JEQ_K, 0, 3, AUDIT_ARCH),
        op(LD_W_ABS, 0, 0, NR_OFFSET),
        op(JEQ_K, 2, 0, libc::SYS_execve as u32),
        op(JEQ_K, 1, 0, libc::SYS_execveat as u32),
        op(RET_K, 0, 0, libc::SECCOMP_RET_ALLOW),
        op(RET_K, 0, 0, libc::SECCOMP_RET_USER_NOTIF),
    ]
}

/// The supervisor's life: take the listener, answer notifications on a thread, and exit as
/// the child does.
#[allow(clippy::print_stderr)] // the helper's stderr is its diagnosis channel
fn supervise(child: Pid, socket: OwnedFd, judge: Judge) -> ! {
    quiet_stdio();
    let mut blocked = SigSet::empty();
    for signal in [
        Signal::SIGINT,
        Signal::SIGTERM,
        Signal::SIGHUP,
        Signal::SIGQUIT,
        Signal::SIGUSR1,
        Signal::SIGUSR2,
    ] {
        blocked.add(signal);
    }
    // Best effort: an unblocked signal only ends the supervisor sooner (and the child with it).
    let _ = blocked.thread_block();
    // When the child fails before handing the listener over, it says why itself.
    if let Ok(listener) = receive_listener(&socket) {
        let serving = std::thread::Builder::new()
            .name("exec-supervisor".into())
            .spawn(move || serve(&listener, &judge));
        if let Err(e) = serving {
            eprintln!("{DIAGNOSTIC_PREFIX}cannot start the exec supervisor: {e}; refusing to run");
            let _ = nix::sys::signal::kill(child, Signal::SIGKILL);
            let _ = wait_for(child);
            std::process::exit(EXIT_UNENFORCEABLE)
        }
    }
    drop(socket);
    exit_as(wait_for(child))
}

/// Stdin and stdout belong to the program: the supervisor keeps neither open.
fn quiet_stdio() {
    if let Ok(null) = std::fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open("/dev/null")
    {
        let _ = nix::unistd::dup2_stdin(&null);
        let _ = nix::unistd::dup2_stdout(&null);
    }
}

fn receive_listener(socket: &OwnedFd) -> Result<OwnedFd, Errno> {
    let mut byte = [0u8; 1];
    let mut iov = [IoSliceMut::new(&mut byte)];
    let mut space = nix::cmsg_space!(std::os::fd::RawFd);
    let msg = recvmsg::<()>(
        socket.as_raw_fd(),
        &mut iov,
        Some(&mut space),
        MsgFlags::MSG_CMSG_CLOEXEC,
    )?;
    for cmsg in msg.cmsgs()? {
        if let ControlMessageOwned::ScmRights(fds) = cmsg {
            let mut owned = fds.into_iter().map(sys::own_received_fd);
            if let Some(listener) = owned.next() {
                return Ok(listener);
            }
        }
    }
    Err(Errno::EBADMSG)
}

#[allow(clippy::print_stderr)] // the helper's stderr is its diagnosis channel
fn serve(listener: &OwnedFd, judge: &Judge) {
    loop {
        let n = match sys::notif_recv(listener) {
            Ok(n) => n,
            // Interrupted, or the caller died before we took its notification.
            Err(Errno::EINTR | Errno::ENOENT) => continue,
            Err(e) => {
                // Dropping the listener makes every later exec fail (ENOSYS): closed.
                eprintln!("{DIAGNOSTIC_PREFIX}the exec supervisor stopped: {e}");
                return;
            }
        };
        let refuse = match judge.judge(listener, &n) {
            Verdict::Allow => None,
            Verdict::Gone => continue,
            Verdict::Missing => Some(Errno::ENOENT),
            Verdict::Refuse { path, rule } => {
                eprintln!("{DIAGNOSTIC_PREFIX}refused to exec {path}: {rule}");
                Some(Errno::EACCES)
            }
        };
        // ENOENT: the caller died meanwhile; nothing is owed. A kernel without
        // SECCOMP_USER_NOTIF_FLAG_CONTINUE (before 5.5) refuses to let the call go on: the
        // caller would wait forever, so it is refused instead.
        match sys::notif_respond(listener, n.id, refuse) {
            Ok(()) | Err(Errno::ENOENT) => {}
            Err(e) => {
                eprintln!("{DIAGNOSTIC_PREFIX}cannot let an exec go on ({e}); refusing it");
                let _ = sys::notif_respond(listener, n.id, Some(Errno::EPERM));
            }
        }
    }
}

fn wait_for(child: Pid) -> Result<WaitStatus, Errno> {
    loop {
        match waitpid(child, None) {
            Err(Errno::EINTR) => continue,
            other => return other,
        }
    }
}

/// Exit as the child did: its code, or death by its signal.
fn exit_as(status: Result<WaitStatus, Errno>) -> ! {
    match status {
        Ok(WaitStatus::Exited(_, code)) => std::process::exit(code),
        Ok(WaitStatus::Signaled(_, signal, _)) => {
            // No core file of the supervisor for the child's crash.
            let _ = nix::sys::resource::setrlimit(nix::sys::resource::Resource::RLIMIT_CORE, 0, 0);
            let mut set = SigSet::empty();
            set.add(signal);
            let _ = set.thread_unblock();
            let _ = nix::sys::signal::raise(signal);
            std::process::exit(128 + signal as i32)
        }
        _ => std::process::exit(EXIT_UNENFORCEABLE),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_filter_jumps_land_on_its_returns() {
        let f = filter();
        // The arch mismatch and both exec numbers jump to a return.
        assert_eq!(f[1 + 1 + usize::from(f[1].jf)].code, 0x06);
        assert_eq!(f[1 + 1 + usize::from(f[1].jf)].k, libc::SECCOMP_RET_ALLOW);
        assert_eq!(
            f[3 + 1 + usize::from(f[3].jt)].k,
            libc::SECCOMP_RET_USER_NOTIF
        );
        assert_eq!(
            f[4 + 1 + usize::from(f[4].jt)].k,
            libc::SECCOMP_RET_USER_NOTIF
        );
    }
}
