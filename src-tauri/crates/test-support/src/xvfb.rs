//! A private X server per test: `Xvfb :N -screen 0 WxHx24 -nolisten tcp -noreset` on a free
//! display number, stopped (with what was started on it through [`XvfbFixture::command`]) on drop.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

pub struct XvfbFixture {
    display: String,
    server: Child,
    clients: Vec<Child>,
    pub width: u32,
    pub height: u32,
}

impl XvfbFixture {
    /// Starts a server with one screen of `width`×`height`; panics (with why) when Xvfb cannot run.
    pub fn start(width: u32, height: u32) -> XvfbFixture {
        let base = 100 + (std::process::id() % 400);
        for n in (base..base + 200).map(|n| n % 600 + 100) {
            let lock = format!("/tmp/.X{n}-lock");
            let socket = format!("/tmp/.X11-unix/X{n}");
            if Path::new(&lock).exists() || Path::new(&socket).exists() {
                if !left_by_a_dead_server(&lock) {
                    continue;
                }
                // A server killed without cleaning up (SIGKILL, a crash): its number is free.
                let _ = std::fs::remove_file(&lock);
                let _ = std::fs::remove_file(&socket);
            }
            let mut server = Command::new("Xvfb")
                .arg(format!(":{n}"))
                .args([
                    "-screen",
                    "0",
                    &format!("{width}x{height}x24"),
                    "-nolisten",
                    "tcp",
                    "-noreset",
                ])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("Xvfb must be installed (package xvfb; .ci/packages.sh installs it)");
            let started = Instant::now();
            loop {
                if Path::new(&socket).exists() {
                    let fixture = XvfbFixture {
                        display: format!(":{n}"),
                        server,
                        clients: Vec::new(),
                        width,
                        height,
                    };
                    if fixture.ready() {
                        return fixture;
                    }
                    break;
                }
                if server.try_wait().ok().flatten().is_some()
                    || started.elapsed() > Duration::from_secs(10)
                {
                    let _ = server.kill();
                    let _ = server.wait();
                    break;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        panic!("no free X display number for Xvfb");
    }

    fn ready(&self) -> bool {
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(10) {
            let ok = Command::new("xdpyinfo")
                .env("DISPLAY", &self.display)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success());
            if ok {
                return true;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        false
    }

    /// `:N`, for `DISPLAY`.
    pub fn display(&self) -> &str {
        &self.display
    }

    /// A command that runs on this display.
    pub fn command(&self, program: &str) -> Command {
        let mut cmd = Command::new(program);
        cmd.env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY");
        cmd
    }

    /// Runs a command on this display to its end; returns its stdout (panics on failure).
    pub fn run(&self, program: &str, args: &[&str]) -> String {
        let out = self
            .command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).to_string()
    }

    /// Keeps a started client to be killed with the server.
    pub fn adopt(&mut self, child: Child) {
        self.clients.push(child);
    }
}

impl Drop for XvfbFixture {
    fn drop(&mut self) {
        for c in &mut self.clients {
            let _ = c.kill();
            let _ = c.wait();
        }
        // SIGTERM lets Xvfb remove its lock file and socket; SIGKILL only if it does not end.
        if let Ok(pid) = i32::try_from(self.server.id()) {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid),
                nix::sys::signal::Signal::SIGTERM,
            );
            let started = Instant::now();
            while started.elapsed() < Duration::from_secs(3) {
                if self.server.try_wait().ok().flatten().is_some() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
    }
}

/// Whether an X lock file names a process that no longer runs (or names none: a socket alone,
/// or a lock that is not an X server's, stays taken).
fn left_by_a_dead_server(lock: &str) -> bool {
    let Ok(text) = std::fs::read_to_string(lock) else {
        return false;
    };
    let Ok(pid) = text.trim().parse::<i32>() else {
        return false;
    };
    pid > 0 && !Path::new(&format!("/proc/{pid}")).exists()
}
