//! A private desktop for one test: Xvfb on a free display, a session D-Bus, and tauri-driver in
//! front of WebKitWebDriver. Everything is killed when the fixture drops.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::webdriver::WebDriver;

/// A child process stopped (SIGTERM, then SIGKILL) and reaped on drop. SIGTERM first: tauri-driver
/// then stops WebKitWebDriver too.
pub struct Proc(pub Child);

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.0.id().to_string()).status();
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn need(tool: &str, install: &str) -> PathBuf {
    let found = std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|p| p.join(tool))
                .find(|p| p.is_file())
        })
        .or_else(|| {
            let home = std::env::var_os("HOME")?;
            let p = Path::new(&home).join(".cargo/bin").join(tool);
            p.is_file().then_some(p)
        });
    found.unwrap_or_else(|| panic!("the whole-app test needs `{tool}`: {install}"))
}

/// A port nothing listens on now. tauri-driver cannot be told to take port 0 and say which it
/// took, so another process may take this one before it does: [`listened_by`] checks who got it.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Whether `pid`, or a process it started, holds a socket listening on `port` (IPv4 or IPv6):
/// the listening sockets' inodes from /proc/net/tcp{,6}, found among the processes' open files.
fn listened_by(pid: u32, port: u16) -> bool {
    let inodes: Vec<String> = ["/proc/net/tcp", "/proc/net/tcp6"]
        .iter()
        .filter_map(|table| std::fs::read_to_string(table).ok())
        .flat_map(|table| {
            table
                .lines()
                .skip(1)
                .filter_map(|line| {
                    let fields: Vec<&str> = line.split_whitespace().collect();
                    let local_port = fields.get(1)?.rsplit(':').next()?;
                    let listening = *fields.get(3)? == "0A";
                    (listening && u16::from_str_radix(local_port, 16).ok()? == port)
                        .then(|| fields.get(9).map(|inode| inode.to_string()))
                        .flatten()
                })
                .collect::<Vec<_>>()
        })
        .collect();
    if inodes.is_empty() {
        return false;
    }
    let sockets: Vec<String> = inodes.iter().map(|i| format!("socket:[{i}]")).collect();
    process_tree(pid).into_iter().any(|p| {
        std::fs::read_dir(format!("/proc/{p}/fd"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|fd| std::fs::read_link(fd.path()).ok())
            .any(|target| sockets.iter().any(|s| target.as_os_str() == s.as_str()))
    })
}

/// `pid` and every process under it (from each process's parent in /proc/N/stat).
fn process_tree(pid: u32) -> Vec<u32> {
    let parents: Vec<(u32, u32)> = std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let p: u32 = entry.file_name().to_str()?.parse().ok()?;
            let stat = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // `pid (name) state ppid …`: the name may hold spaces and parentheses.
            let ppid = stat
                .rsplit_once(')')?
                .1
                .split_whitespace()
                .nth(1)?
                .parse()
                .ok()?;
            Some((p, ppid))
        })
        .collect();
    let mut tree = vec![pid];
    let mut i = 0;
    while i < tree.len() {
        let parent = tree[i];
        tree.extend(
            parents
                .iter()
                .filter(|(_, pp)| *pp == parent)
                .map(|(p, _)| *p),
        );
        i += 1;
    }
    tree
}

fn wait_until(what: &str, timeout: Duration, mut ready: impl FnMut() -> bool) {
    let deadline = Instant::now() + timeout;
    while !ready() {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub struct Desktop {
    pub display: String,
    pub bus: String,
    pub driver_url: String,
    // Dropped in reverse order of start: driver (and the app under it), window manager, bus,
    // X server.
    _driver: Proc,
    _wm: Option<Proc>,
    _bus: Proc,
    _xvfb: Proc,
}

/// The screen and whether a window manager runs on it (openbox: focus and stacking then
/// change as on a person's desktop, and clicking a window activates it).
pub struct Screen {
    pub width: u32,
    pub height: u32,
    pub window_manager: bool,
}

impl Screen {
    /// A laptop's screen with a window manager: room for the whole window with its title bar,
    /// and a click activates the window and moves the keyboard focus, as on a person's desktop.
    pub const PERSONS: Screen = Screen {
        width: 1440,
        height: 900,
        window_manager: true,
    };
}

impl Desktop {
    /// Starts the desktop; `env` and `cwd` are the app's (it inherits tauri-driver's).
    pub fn start(cwd: &Path, env: &[(&str, String)]) -> Desktop {
        Desktop::start_on(
            Screen {
                width: 1280,
                height: 800,
                window_manager: false,
            },
            cwd,
            env,
        )
    }

    pub fn start_on(screen: Screen, cwd: &Path, env: &[(&str, String)]) -> Desktop {
        let size = format!("{}x{}x24", screen.width, screen.height);
        let xvfb_bin = need("Xvfb", "apt-get install xvfb");
        let driver_bin = need("tauri-driver", "cargo install tauri-driver --locked");
        need("WebKitWebDriver", "apt-get install webkit2gtk-driver");
        let dbus_bin = need("dbus-daemon", "apt-get install dbus");

        let (n, xvfb) = (90..200)
            .filter(|n| {
                !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                    && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
            })
            .find_map(|n| {
                let child = Command::new(&xvfb_bin)
                    .args([
                        format!(":{n}").as_str(),
                        "-screen",
                        "0",
                        size.as_str(),
                        "-nolisten",
                        "tcp",
                        "-noreset",
                    ])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .ok()?;
                Some((n, Proc(child)))
            })
            .expect("no free X display");
        let display = format!(":{n}");
        wait_until("Xvfb", Duration::from_secs(20), || {
            Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        });

        let mut bus_child = Command::new(dbus_bin)
            .args(["--session", "--nofork", "--nopidfile", "--print-address=1"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(bus_child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let bus = line.trim().to_string();
        let bus_proc = Proc(bus_child);
        let wm = screen.window_manager.then(|| {
            let child = Command::new(need("openbox", "apt-get install openbox"))
                .env("DISPLAY", &display)
                .env("DBUS_SESSION_BUS_ADDRESS", &bus)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            // Running once it has claimed the screen.
            wait_until("openbox", Duration::from_secs(20), || {
                Command::new("xprop")
                    .args(["-root", "_NET_SUPPORTING_WM_CHECK"])
                    .env("DISPLAY", &display)
                    .output()
                    .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("window id"))
            });
            Proc(child)
        });

        // tauri-driver on its port, WebKitWebDriver under it on the native one. A port another
        // test took between `free_port` and the driver's bind is not the driver's: the driver
        // then exits or never holds both, and it starts again on two other ports.
        let (driver, port) = (0..5)
            .find_map(|_| {
                let port = free_port();
                let native_port = free_port();
                let mut cmd = Command::new(&driver_bin);
                cmd.args([
                    "--port",
                    &port.to_string(),
                    "--native-port",
                    &native_port.to_string(),
                ])
                .current_dir(cwd)
                .env("DISPLAY", &display)
                .env("DBUS_SESSION_BUS_ADDRESS", &bus)
                .env_remove("WAYLAND_DISPLAY")
                .stdout(Stdio::null())
                .stderr(Stdio::inherit());
                for (k, v) in env {
                    cmd.env(k, v);
                }
                let mut driver = Proc(cmd.spawn().unwrap());
                let deadline = Instant::now() + Duration::from_secs(20);
                while Instant::now() < deadline {
                    if !matches!(driver.0.try_wait(), Ok(None)) {
                        return None;
                    }
                    let pid = driver.0.id();
                    if listened_by(pid, port) && listened_by(pid, native_port) {
                        return Some((driver, port));
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
                None
            })
            .expect("tauri-driver did not listen on its two ports in 5 tries");
        Desktop {
            display,
            bus,
            driver_url: format!("http://127.0.0.1:{port}"),
            _driver: driver,
            _wm: wm,
            _bus: bus_proc,
            _xvfb: xvfb,
        }
    }

    /// Runs `gdbus` on this desktop's session bus; returns its stdout.
    pub fn gdbus(&self, args: &[&str]) -> String {
        let out = Command::new("gdbus")
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "gdbus {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Like [`Desktop::gdbus`], `None` when the call fails.
    pub fn try_gdbus(&self, args: &[&str]) -> Option<String> {
        let out = Command::new("timeout")
            .arg("5")
            .arg("gdbus")
            .args(args)
            .env("DBUS_SESSION_BUS_ADDRESS", &self.bus)
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Records every desktop notification the app sends (`Notify` calls on this bus, whether or
    /// not a notification server is there to show them).
    pub fn watch_notifications(&self, log: &Path) -> Proc {
        let out = std::fs::File::create(log).unwrap();
        let child = Command::new(need("dbus-monitor", "apt-get install dbus-bin"))
            .args([
                "--address",
                &self.bus,
                "interface='org.freedesktop.Notifications',member='Notify'",
            ])
            .stdout(out)
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The monitor is in place once it has said hello to the bus.
        wait_until("dbus-monitor", Duration::from_secs(10), || {
            std::fs::read_to_string(log).is_ok_and(|t| t.contains("NameAcquired"))
        });
        Proc(child)
    }

    /// Runs a program on this desktop (xdotool, xprop…) and returns its stdout.
    pub fn run(&self, program: &str, args: &[&str]) -> String {
        let out = Command::new(program)
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e}"));
        assert!(
            out.status.success(),
            "{program} {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// A PNG of the whole screen (for failures and reports).
    pub fn screenshot(&self, path: &Path) {
        let _ = Command::new("import")
            .args(["-window", "root", path.to_str().unwrap_or_default()])
            .env("DISPLAY", &self.display)
            .status();
    }

    /// Runs a whole-app test's `steps` for at most `limit`, then ends the app's WebDriver
    /// session. A timeout fails the test with a picture of the screen, `{name}-timeout.png`.
    pub async fn run_app_test(
        &self,
        wd: &WebDriver,
        name: &str,
        limit: Duration,
        steps: impl std::future::Future<Output = ()>,
    ) {
        let result = tokio::time::timeout(limit, steps).await;
        if result.is_err() {
            let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{name}-timeout.png"));
            self.screenshot(&shot);
            wd.close().await;
            panic!("the {name} test timed out; screen in {}", shot.display());
        }
        wd.close().await;
    }
}

/// The app's environment in a home of its own: its data and config there, a test API key.
pub fn app_env(home: &Path) -> Vec<(&'static str, String)> {
    vec![
        ("HOME", home.display().to_string()),
        ("OI_DATA_DIR", home.join("data").display().to_string()),
        ("OI_CONFIG_DIR", home.join("config").display().to_string()),
        ("XDG_RUNTIME_DIR", home.display().to_string()),
        ("OPENAI_API_KEY", "test-key".to_string()),
    ]
}

/// The session logs (`*.jsonl`) anywhere under `dir` (the app's data directory).
pub fn session_logs(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(session_logs(&path));
        } else if path.extension().is_some_and(|e| e == "jsonl") {
            out.push(path);
        }
    }
    out
}

/// The terminal binary, built beside this test by `cargo test --workspace` (the CLI's package).
pub fn interpreter() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let cli = exe.parent().unwrap().parent().unwrap().join("interpreter");
    assert!(
        cli.is_file(),
        "{} is missing: cargo build -p oi-cli",
        cli.display()
    );
    cli
}

#[test]
fn a_port_is_listened_by_the_process_that_holds_it_and_no_other() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    assert!(listened_by(std::process::id(), port));
    // A process that holds nothing, and a port nobody listens on.
    let sleeper = Proc(Command::new("sleep").arg("30").spawn().unwrap());
    assert!(!listened_by(sleeper.0.id(), port));
    drop(listener);
    assert!(!listened_by(std::process::id(), port));
    // A socket a process started under another holds: the other one's too.
    let mut shell = Proc(
        Command::new("sh")
            .args([
                "-c",
                "python3 -c \"import socket,sys;s=socket.socket();s.bind(('127.0.0.1',0));s.listen();print(s.getsockname()[1],flush=True);sys.stdin.read()\"",
            ])
            // The python under it reads until this end closes (when the test drops it).
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut line = String::new();
    BufReader::new(shell.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line.trim().parse().unwrap();
    assert!(listened_by(shell.0.id(), port));
    assert!(!listened_by(sleeper.0.id(), port));
}
