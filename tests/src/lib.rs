//! Harness for whole-product tests: the real `interpreter` binary in a pseudo-terminal or
//! through `exec --json`, against the scripted model server, in throwaway home directories.

#![allow(clippy::expect_used, clippy::unwrap_used, clippy::print_stderr)]

pub mod llama;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::Duration;

use serde_json::Value;

/// A built binary of this workspace (`interpreter`, `i`, `oi-scripted-model`…).
/// Tests run from target/<profile>/deps; the binaries sit one level up.
pub fn binary(name: &str) -> PathBuf {
    if let Some(dir) = std::env::var_os("OI_BIN_DIR") {
        return PathBuf::from(dir).join(name);
    }
    let exe = std::env::current_exe().expect("test executable path");
    let dir = exe
        .parent()
        .and_then(Path::parent)
        .expect("target directory");
    let path = dir.join(name);
    assert!(
        path.is_file(),
        "{} is not built; run the tests with `cargo test --workspace` (or nextest), which builds the binaries",
        path.display()
    );
    path
}

/// Separate HOME, XDG dirs and working directory for one product run.
pub struct Sandbox {
    pub root: tempfile::TempDir,
}

impl Default for Sandbox {
    fn default() -> Self {
        Self::new()
    }
}

impl Sandbox {
    pub fn new() -> Self {
        Self::under(&std::env::temp_dir())
    }

    /// The same under `parent`: outside /tmp, HOME and the XDG dirs stay in sight of code
    /// under `--sandbox native`, which replaces /tmp with the session's own, as they are for
    /// a person.
    pub fn under(parent: &Path) -> Self {
        let root = tempfile::tempdir_in(parent).expect("temp dir");
        for d in ["home", "data", "config", "work"] {
            std::fs::create_dir_all(root.path().join(d)).expect("dir");
        }
        Sandbox { root }
    }

    pub fn work(&self) -> PathBuf {
        self.root.path().join("work")
    }

    pub fn data(&self) -> PathBuf {
        self.root.path().join("data")
    }

    pub fn config(&self) -> PathBuf {
        self.root.path().join("config")
    }

    /// `interpreter` with this sandbox's environment and no inherited model settings.
    pub fn command(&self, bin: &str) -> Command {
        self.command_under(&[], bin)
    }

    /// [`Sandbox::command`] run by another program (`strace -f …`), which gets the same
    /// environment.
    pub fn command_under(&self, wrapper: &[&str], bin: &str) -> Command {
        let mut cmd = match wrapper.split_first() {
            Some((program, args)) => {
                let mut c = Command::new(program);
                c.args(args).arg(binary(bin));
                c
            }
            None => Command::new(binary(bin)),
        };
        cmd.current_dir(self.work())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.root.path().join("home"))
            .env("XDG_DATA_HOME", self.data())
            .env("XDG_CONFIG_HOME", self.config())
            .env("TERM", "xterm-256color")
            .env("LANG", "C.UTF-8")
            .env("OI_RETRY_BASE_MS", "10");
        cmd
    }

    /// `interpreter exec --json --model openai/m --api_base API_BASE EXTRA… go` to completion,
    /// with TMPDIR in this sandbox (the sandbox policy's writable temp dir).
    pub fn exec_json(&self, api_base: &str, extra: &[&str]) -> (Output, Vec<Value>) {
        let tmp = self.root.path().join("tmp");
        std::fs::create_dir_all(&tmp).expect("tmp dir");
        let mut cmd = self.command("interpreter");
        cmd.env("TMPDIR", &tmp)
            .args([
                "exec",
                "--json",
                "--model",
                "openai/m",
                "--api_base",
                api_base,
            ])
            .args(extra)
            .arg("go");
        run_exec(&mut cmd, None)
    }

    /// The session logs written so far.
    pub fn session_logs(&self) -> Vec<PathBuf> {
        let dir = self.data().join("open-interpreter/sessions");
        let mut logs: Vec<PathBuf> = std::fs::read_dir(dir)
            .map(|rd| {
                rd.flatten()
                    .map(|e| e.path())
                    .filter(|p| p.extension().is_some_and(|e| e == "jsonl"))
                    .collect()
            })
            .unwrap_or_default();
        logs.sort();
        logs
    }

    /// Events of the only session log.
    pub fn log_events(&self) -> Vec<Value> {
        let logs = self.session_logs();
        assert_eq!(logs.len(), 1, "expected one session log: {logs:?}");
        read_jsonl(&std::fs::read_to_string(&logs[0]).expect("log"))
    }
}

pub fn read_jsonl(text: &str) -> Vec<Value> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect()
}

/// [`run_exec`] with no stdin, for a run that must succeed (its stderr is the failure message).
pub fn run_exec_ok(cmd: &mut Command) -> Vec<Value> {
    let (out, events) = run_exec(cmd, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    events
}

/// Runs `interpreter exec --json …` to completion with a time limit.
pub fn run_exec(cmd: &mut Command, stdin: Option<&str>) -> (Output, Vec<Value>) {
    run_exec_within(cmd, stdin, Duration::from_secs(60))
}

/// [`run_exec`] with another time limit (a real model on two cores is slow).
pub fn run_exec_within(
    cmd: &mut Command,
    stdin: Option<&str>,
    limit: Duration,
) -> (Output, Vec<Value>) {
    cmd.stdin(if stdin.is_some() {
        Stdio::piped()
    } else {
        Stdio::null()
    })
    .stdout(Stdio::piped())
    .stderr(Stdio::piped());
    let mut child = cmd.spawn().expect("spawn interpreter");
    if let Some(text) = stdin {
        use std::io::Write;
        child
            .stdin
            .take()
            .expect("stdin")
            .write_all(text.as_bytes())
            .expect("write stdin");
    }
    let output = wait_with_timeout(child, limit);
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let events = read_jsonl(&stdout);
    (output, events)
}

fn wait_with_timeout(child: std::process::Child, limit: Duration) -> Output {
    let pid = child.id();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(child.wait_with_output());
    });
    match rx.recv_timeout(limit) {
        Ok(out) => out.expect("wait"),
        Err(_) => {
            let _ = nix::sys::signal::kill(
                nix::unistd::Pid::from_raw(pid as i32),
                nix::sys::signal::Signal::SIGKILL,
            );
            panic!("the process did not finish within {limit:?}");
        }
    }
}

/// The `msg.type` of each event.
pub fn types(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| e["msg"]["type"].as_str().unwrap_or("?").to_string())
        .collect()
}

/// Events whose `msg.type` is `kind`.
pub fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["msg"]["type"] == kind).collect()
}

/// The `output` of every `tool_result` event, in order.
pub fn tool_outputs(events: &[Value]) -> Vec<String> {
    of_type(events, "tool_result")
        .iter()
        .map(|e| e["msg"]["output"].as_str().unwrap_or_default().to_string())
        .collect()
}

/// Waits up to `timeout` for `needle` on a pty session, polling every 50 ms. expectrl's own
/// `expect` reads in a loop that never sleeps, so it keeps a core busy while it waits: beside a
/// model running on both cores (the built-in runtime) a 15 s turn took 85 s.
pub fn expect_patiently(
    p: &mut expectrl::Session,
    needle: &str,
    timeout: Duration,
) -> Result<expectrl::Captures, expectrl::Error> {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        let found = p.check(needle)?;
        if !found.is_empty() {
            return Ok(found);
        }
        if std::time::Instant::now() > deadline {
            return Err(expectrl::Error::ExpectTimeout);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// A pty session of `interpreter`, 100 columns wide, with a generous expect timeout.
pub fn spawn_pty(cmd: Command) -> expectrl::Session {
    let mut session = expectrl::Session::spawn(cmd).expect("spawn in a pty");
    session.set_expect_timeout(Some(Duration::from_secs(30)));
    session
}

/// `interpreter exec --json -y` on `request` with a scripted model (an OpenAI-compatible one)
/// answering `responses`, in `sb`: the server (for the requests it got) and the events. The
/// run must succeed.
pub fn exec_scripted(
    sb: &Sandbox,
    responses: Vec<oi_test_support::ScriptedResponse>,
    request: &str,
) -> (oi_test_support::ScriptedModelServer, Vec<Value>) {
    let server = oi_test_support::ScriptedModelServer::start_blocking(
        oi_test_support::Script::new(responses),
    );
    let mut cmd = sb.command("interpreter");
    cmd.args(["exec", "--json", "-y", "--model", "openai/m"])
        .args(["--api_base", &format!("{}/v1", server.base_url())])
        .arg(request);
    let (out, events) = run_exec(&mut cmd, None);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    (server, events)
}
