//! Every kernel and one-shot process leads its own process group, so an interrupt kills
//! the code's children (`sleep 1000 &`) with it.

use std::ffi::OsString;
use std::os::fd::{AsRawFd, BorrowedFd, OwnedFd};
use std::process::Stdio;

use nix::errno::Errno;
use nix::sys::signal::{Signal, killpg};
use nix::unistd::Pid;
use tokio::process::{Child, Command};

use crate::options::KernelOptions;

/// How long a container's CLI gets to pass an interrupt on and exit before it is killed.
const CONTAINER_STOP_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

/// Killed with SIGKILL on [`ProcessGroup::kill`] and on drop.
#[derive(Debug)]
pub(crate) struct ProcessGroup {
    pgid: Option<Pid>,
    /// The write end of the group's watchdog pipe: it closes when this process ends, however.
    _engine_alive: Option<OwnedFd>,
}

impl ProcessGroup {
    /// Kills every process in the group. Safe to call more than once.
    pub(crate) fn kill(&self) {
        let Some(pgid) = self.pgid else { return };
        match killpg(pgid, Signal::SIGKILL) {
            Ok(()) | Err(Errno::ESRCH) => {}
            Err(error) => tracing::warn!(%error, pgid = pgid.as_raw(), "killpg failed"),
        }
    }

    /// Asks every process in the group to stop (SIGTERM). For a container launcher this is
    /// what reaches the code: `docker run` passes the signal on, SIGKILL would only end the CLI.
    fn terminate(&self) {
        let Some(pgid) = self.pgid else { return };
        match killpg(pgid, Signal::SIGTERM) {
            Ok(()) | Err(Errno::ESRCH) => {}
            Err(error) => tracing::warn!(%error, pgid = pgid.as_raw(), "killpg failed"),
        }
    }

    /// Ends the group. Behind a container launcher (`container`) the code is asked first
    /// (SIGTERM, which the container's CLI passes on) and `child`, the CLI, gets a moment to
    /// exit: SIGKILL would end only the CLI and leave the code running in the container.
    /// Returns `child`'s status when it exited in that moment.
    pub(crate) async fn stop(
        &self,
        child: &mut Child,
        container: bool,
    ) -> Option<std::process::ExitStatus> {
        let mut status = None;
        if container {
            self.terminate();
            status = tokio::time::timeout(CONTAINER_STOP_GRACE, child.wait())
                .await
                .ok()
                .and_then(Result::ok);
        }
        self.kill();
        status
    }

    /// Kills the group and forgets it, so that drop cannot signal a reused id later.
    pub(crate) fn kill_and_disarm(&mut self) {
        self.kill();
        self.pgid = None;
    }
}

impl Drop for ProcessGroup {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Spawns `argv` (after the sandbox launcher prefix, if any) as the leader of a new
/// process group, with piped stdout/stderr, in `options.cwd` with `options.env`. In a
/// container launcher the environment is given to `env` inside it: the container does not
/// inherit the CLI's. `inherit` stays open in the child under the same number (every other descriptor of the
/// engine is close-on-exec); the sandbox launcher execs without closing it.
pub(crate) fn spawn_in_group(
    argv: Vec<OsString>,
    options: &KernelOptions,
    extra_env: &[(&str, &str)],
    piped_stdin: bool,
    inherit: Option<BorrowedFd<'_>>,
) -> std::io::Result<(Child, ProcessGroup)> {
    let env = extra_env.iter().map(|&(key, value)| (key, value)).chain(
        options
            .env
            .iter()
            .map(|(key, value)| (key.as_str(), value.as_str())),
    );
    let mut command = launch_command(&options.launcher_prefix, options.container, env, argv)?;
    command
        .current_dir(&options.cwd)
        .stdin(if piped_stdin {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .kill_on_drop(true);
    die_with_parent(&mut command);
    if let Some(fd) = inherit {
        keep_open(&mut command, fd.as_raw_fd());
    }
    let (watched, engine_alive) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
    start_watchdog(&mut command, watched.as_raw_fd());
    let child = command.spawn()?;
    // The watchdog holds its own copy; the engine keeps only the write end.
    drop(watched);
    let pgid = child
        .id()
        .and_then(|id| i32::try_from(id).ok())
        .map(Pid::from_raw);
    Ok((
        child,
        ProcessGroup {
            pgid,
            _engine_alive: Some(engine_alive),
        },
    ))
}

/// What the code started outlives the kernel when the engine dies by SIGKILL (PDEATHSIG takes
/// only the kernel, and fork clears it). So each group gets a watchdog: a process in the group,
/// forked before exec, that waits for the engine's end of a pipe to close (the engine exited,
/// however) and then kills the whole group. It is the kernel's grandchild, so no `wait` in the
/// code waits for it, and it keeps no other descriptor, so the kernel's output still ends when
/// the kernel does. Killing the group kills it too.
fn start_watchdog(command: &mut Command, watched: std::os::fd::RawFd) {
    use nix::unistd::{ForkResult, fork};
    // SAFETY: the closure runs in the child between fork and exec, and it and the processes it
    // forks make only async-signal-safe calls (fork, waitpid, close, read, kill, _exit); they
    // allocate nothing.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            match fork().map_err(std::io::Error::from)? {
                ForkResult::Parent { child } => {
                    // The intermediate exits at once: the watchdog is not the kernel's child.
                    let _ = nix::sys::wait::waitpid(child, None);
                    Ok(())
                }
                ForkResult::Child => {
                    if let Ok(ForkResult::Child) = fork() {
                        watch(watched);
                    }
                    nix::libc::_exit(0)
                }
            }
        });
    }
}

/// The watchdog's life: every descriptor closed but `watched`, a read that returns when the
/// engine's end closes, then SIGKILL to the whole group.
#[allow(unsafe_code)]
fn watch(watched: std::os::fd::RawFd) -> ! {
    let last = u32::MAX;
    let fd = u32::try_from(watched).unwrap_or(0);
    // SAFETY: close_range and close only close descriptors of this process, which uses none
    // of them afterwards; _exit ends it without running anything of the engine's.
    unsafe {
        if fd > 0 {
            nix::libc::syscall(nix::libc::SYS_close_range, 0u32, fd - 1, 0u32);
        }
        if nix::libc::syscall(nix::libc::SYS_close_range, fd + 1, last, 0u32) != 0 {
            // Kernels before Linux 5.9: close what an engine plausibly holds.
            for other in (0..4096).filter(|&other| other != watched) {
                nix::libc::close(other);
            }
        }
        let mut byte = [0u8; 1];
        loop {
            let read = nix::libc::read(watched, byte.as_mut_ptr().cast(), 1);
            if read == 0 || (read < 0 && *nix::libc::__errno_location() != nix::libc::EINTR) {
                break;
            }
        }
        let _ = nix::sys::signal::kill(Pid::from_raw(0), Signal::SIGKILL);
        nix::libc::_exit(0)
    }
}

/// `argv` behind a sandbox launcher (`launcher_prefix`, empty for none), with `env`. A
/// container's launcher gets the environment as `env K=V… program` inside it, since the
/// container does not inherit the CLI's (see [`KernelOptions::container`]); otherwise it is set
/// on the command.
pub fn launch_command<'a>(
    launcher_prefix: &[OsString],
    container: bool,
    env: impl Iterator<Item = (&'a str, &'a str)>,
    argv: Vec<OsString>,
) -> std::io::Result<Command> {
    let mut full: Vec<OsString> = launcher_prefix.to_vec();
    let env: Vec<(&str, &str)> = env.collect();
    if container {
        full.push("env".into());
        full.extend(
            env.iter()
                .map(|(key, value)| OsString::from(format!("{key}={value}"))),
        );
    }
    full.extend(argv);
    let mut parts = full.into_iter();
    let program = parts
        .next()
        .ok_or_else(|| std::io::Error::new(std::io::ErrorKind::InvalidInput, "empty argv"))?;
    let mut command = Command::new(program);
    command.args(parts);
    if !container {
        command.envs(env);
    }
    Ok(command)
}

/// The kernel is killed when the process that started it dies, even by SIGKILL, which gives
/// no chance to kill the group: without this, a `while True: pass` would spin on forever as an
/// orphan. (Linux: PR_SET_PDEATHSIG survives the exec of the kernel and of the sandbox launcher,
/// which execs without forking. It fires when the spawning *thread* ends: kernels are spawned
/// from the async runtime's worker threads, which live as long as the runtime; never start one
/// from `spawn_blocking`, whose idle threads exit.) What the code started is not covered by
/// this (fork clears the setting): the group's watchdog ([`start_watchdog`]) kills it.
#[cfg(target_os = "linux")]
fn die_with_parent(command: &mut Command) {
    let parent = nix::unistd::getpid();
    // SAFETY: the closure runs in the child between fork and exec, and only makes
    // async-signal-safe system calls (prctl, getppid); it allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            nix::sys::prctl::set_pdeathsig(Signal::SIGKILL).map_err(std::io::Error::from)?;
            // The parent may have died before the prctl: then nothing would ever fire.
            if nix::unistd::getppid() != parent {
                return Err(std::io::Error::other(
                    "the engine exited while starting the kernel",
                ));
            }
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
fn die_with_parent(_command: &mut Command) {}

/// Clears close-on-exec on `fd` in the child only: in the engine it stays set, so processes
/// spawned at the same time from other threads never inherit it.
fn keep_open(command: &mut Command, fd: std::os::fd::RawFd) {
    use nix::fcntl::{FcntlArg, FdFlag, fcntl};
    // SAFETY: the closure runs in the child between fork and exec and makes one
    // async-signal-safe system call (fcntl) on a descriptor the parent keeps open until
    // spawn returns; it allocates nothing.
    #[allow(unsafe_code)]
    unsafe {
        command.pre_exec(move || {
            let fd = BorrowedFd::borrow_raw(fd);
            fcntl(fd, FcntlArg::F_SETFD(FdFlag::empty())).map_err(std::io::Error::from)?;
            Ok(())
        });
    }
}

/// The exit code of a finished process, with the shell's 128 + signal convention.
pub(crate) fn exit_code(status: std::process::ExitStatus) -> Option<i32> {
    use std::os::unix::process::ExitStatusExt;
    status
        .code()
        .or_else(|| status.signal().map(|signal| 128 + signal))
}
