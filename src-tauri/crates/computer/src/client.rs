//! The engine's end of the helper: spawns `interpreter-computer` on first use and talks to it
//! over stdio, one request at a time.

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;

use oi_protocol::InputActionRecord;
use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader, Lines};
use tokio::process::{Child, ChildStdin, ChildStdout};

use crate::perform::{ComputerConfig, Outcome};
use crate::takeover::Takeover;
use crate::wire::{ReplyBody, Request, RequestOp};
use crate::{ComputerError, MonitorInfo};

/// The helper's file name.
pub const HELPER_NAME: &str = "interpreter-computer";
/// Overrides where the helper is looked for.
pub const HELPER_ENV: &str = "OI_COMPUTER_HELPER";

/// Why computer use cannot work in this environment, before trying: no display at all, or a
/// Wayland session without X (capture there needs the desktop portal). `None` when a display is set.
pub fn display_problem() -> Option<ComputerError> {
    if cfg!(any(target_os = "macos", target_os = "windows")) {
        return None;
    }
    let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
    if set("DISPLAY") {
        return None;
    }
    if set("WAYLAND_DISPLAY") {
        return Some(ComputerError::NoDisplay {
            message: "computer use needs X11: WAYLAND_DISPLAY is set but DISPLAY is not. Run the session under XWayland \
                      (export DISPLAY=:0, or the display your compositor's XWayland uses) or log in to an X11 session."
                .into(),
        });
    }
    Some(ComputerError::NoDisplay {
        message: "computer use needs a display: DISPLAY and WAYLAND_DISPLAY are unset (a server or an SSH session). \
                  Run inside a desktop session, forward X with `ssh -X`, or start a virtual one: \
                  `Xvfb :99 -screen 0 1920x1080x24 & export DISPLAY=:99`."
            .into(),
    })
}

/// Where the helper is: `$OI_COMPUTER_HELPER`, beside the running binary (or one directory up,
/// for test binaries in `target/*/deps`), then `PATH`.
pub fn find_helper() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os(HELPER_ENV) {
        return Some(PathBuf::from(p));
    }
    let name = format!("{HELPER_NAME}{}", std::env::consts::EXE_SUFFIX);
    if let Ok(exe) = std::env::current_exe() {
        for dir in exe.ancestors().skip(1).take(2) {
            let candidate = dir.join(&name);
            if candidate.is_file() {
                return Some(candidate);
            }
        }
    }
    std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|d| d.join(&name))
            .find(|p| p.is_file())
    })
}

/// Stops the action a helper is performing, from outside the request that started it (the
/// person pressed Stop): the helper stops at its next step, within milliseconds, and releases
/// the keys and buttons it holds.
#[derive(Clone)]
pub struct Stopper {
    stdin: Arc<tokio::sync::Mutex<ChildStdin>>,
}

impl Stopper {
    pub async fn stop(&self) -> Result<(), ComputerError> {
        // Id 0: no request of the client's has it, so the helper's reply is skipped.
        let line = serde_json::to_string(&Request {
            id: 0,
            op: RequestOp::Stop,
        })
        .map_err(|e| ComputerError::Failed {
            message: e.to_string(),
        })?;
        write_line(&self.stdin, &line)
            .await
            .map_err(|e| ComputerError::Helper {
                message: format!("could not reach the helper to stop it: {e}"),
            })
    }
}

async fn write_line(stdin: &tokio::sync::Mutex<ChildStdin>, line: &str) -> std::io::Result<()> {
    let mut stdin = stdin.lock().await;
    stdin.write_all(format!("{line}\n").as_bytes()).await?;
    stdin.flush().await
}

pub struct ComputerClient {
    child: Child,
    /// Shared with [`Stopper`]s, which write a stop while a request waits for its reply.
    stdin: Arc<tokio::sync::Mutex<ChildStdin>>,
    stdout: Lines<BufReader<ChildStdout>>,
    stderr: Arc<std::sync::Mutex<String>>,
    next_id: u64,
}

impl ComputerClient {
    /// Starts the helper and configures it. Errors name the display variables or the missing
    /// helper, and what to do. `display` sets the helper's `DISPLAY` (otherwise inherited).
    pub async fn start(
        helper: Option<&Path>,
        display: Option<&str>,
        config: ComputerConfig,
    ) -> Result<Self, ComputerError> {
        if display.is_none()
            && let Some(problem) = display_problem()
        {
            return Err(problem);
        }
        let helper = match helper.map(Path::to_path_buf).or_else(find_helper) {
            Some(h) => h,
            None => {
                return Err(ComputerError::Helper {
                    message: format!(
                        "the computer-use helper `{HELPER_NAME}` was not found beside this program or on PATH \
                         (build it with `cargo build -p oi-cli`, or set {HELPER_ENV} to its path)"
                    ),
                });
            }
        };
        let mut command = tokio::process::Command::new(&helper);
        if let Some(display) = display {
            command
                .env("DISPLAY", display)
                .env_remove("WAYLAND_DISPLAY");
        }
        // Its own process group: a Ctrl-C at the terminal is the engine's to handle (it stops
        // the action through `Stopper`, releasing held keys); killing the helper mid-hold
        // would leave them down.
        #[cfg(unix)]
        command.process_group(0);
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| ComputerError::Helper {
                message: format!("could not start {}: {e}", helper.display()),
            })?;
        let (Some(stdin), Some(stdout), Some(mut err)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            return Err(ComputerError::Helper {
                message: "the helper's pipes were not set up".into(),
            });
        };
        // The helper's stderr is kept for error messages (it must not reach the terminal UI).
        let stderr = Arc::new(std::sync::Mutex::new(String::new()));
        let sink = stderr.clone();
        tokio::spawn(async move {
            let mut buf = [0u8; 4096];
            while let Ok(n) = err.read(&mut buf).await {
                if n == 0 {
                    break;
                }
                let text = String::from_utf8_lossy(&buf[..n]).to_string();
                tracing::debug!(target: "oi_computer::helper", "{}", text.trim_end());
                if let Ok(mut s) = sink.lock() {
                    s.push_str(&text);
                    let excess = s.len().saturating_sub(8192);
                    if excess > 0 {
                        let cut = s
                            .char_indices()
                            .map(|(i, _)| i)
                            .find(|i| *i >= excess)
                            .unwrap_or(0);
                        s.drain(..cut);
                    }
                }
            }
        });
        let mut client = ComputerClient {
            child,
            stdin: Arc::new(tokio::sync::Mutex::new(stdin)),
            stdout: BufReader::new(stdout).lines(),
            stderr,
            next_id: 0,
        };
        match client.request(RequestOp::Configure { config }).await? {
            ReplyBody::Configured => Ok(client),
            other => Err(unexpected(other)),
        }
    }

    async fn request(&mut self, op: RequestOp) -> Result<ReplyBody, ComputerError> {
        self.next_id += 1;
        let id = self.next_id;
        let line =
            serde_json::to_string(&Request { id, op }).map_err(|e| ComputerError::Failed {
                message: e.to_string(),
            })?;
        let sent = write_line(&self.stdin, &line).await;
        if let Err(e) = sent {
            // A helper that could not start wrote why before it exited, maybe before this
            // request reached it: that reason beats the broken pipe.
            if let Some(error) = self.parting_error().await {
                return Err(error);
            }
            return Err(self.died(&e.to_string()).await);
        }
        loop {
            match self.stdout.next_line().await {
                Ok(Some(line)) => {
                    let reply: crate::wire::Reply =
                        serde_json::from_str(&line).map_err(|e| ComputerError::Helper {
                            message: format!("the helper sent something unreadable ({e}): {line}"),
                        })?;
                    if reply.id != id {
                        continue;
                    }
                    return match reply.body {
                        ReplyBody::Error { error } => Err(error),
                        body => Ok(body),
                    };
                }
                Ok(None) => return Err(self.died("its output closed").await),
                Err(e) => return Err(self.died(&e.to_string()).await),
            }
        }
    }

    /// A handle that stops this helper's action under way, usable while the client waits for
    /// that action (it does not need the client).
    pub fn stopper(&self) -> Stopper {
        Stopper {
            stdin: self.stdin.clone(),
        }
    }

    /// The error reply an exiting helper left on its output, if any.
    async fn parting_error(&mut self) -> Option<ComputerError> {
        let wait = std::time::Duration::from_secs(1);
        let line = tokio::time::timeout(wait, self.stdout.next_line())
            .await
            .ok()?
            .ok()??;
        match serde_json::from_str::<crate::wire::Reply>(&line).ok()?.body {
            ReplyBody::Error { error } => Some(error),
            _ => None,
        }
    }

    async fn died(&mut self, what: &str) -> ComputerError {
        let status =
            tokio::time::timeout(std::time::Duration::from_secs(2), self.child.wait()).await;
        let stderr = self
            .stderr
            .lock()
            .map(|s| s.trim().to_string())
            .unwrap_or_default();
        let status = match status {
            Ok(Ok(s)) => format!(" ({s})"),
            _ => String::new(),
        };
        ComputerError::Helper {
            message: format!("the computer-use helper stopped{status}: {what}. {stderr}")
                .trim()
                .to_string(),
        }
    }

    pub async fn monitors(&mut self) -> Result<Vec<MonitorInfo>, ComputerError> {
        match self.request(RequestOp::Monitors).await? {
            ReplyBody::Monitors { monitors } => Ok(monitors),
            other => Err(unexpected(other)),
        }
    }

    pub async fn plan(&mut self, arguments: &Value) -> Result<InputActionRecord, ComputerError> {
        match self
            .request(RequestOp::Plan {
                arguments: arguments.clone(),
            })
            .await?
        {
            ReplyBody::Planned { record } => Ok(*record),
            other => Err(unexpected(other)),
        }
    }

    /// Performs an action. Given the plan that was approved, its input goes to the window
    /// the plan named, re-activated first (or is not sent, and the error says why).
    pub async fn perform(
        &mut self,
        arguments: &Value,
        plan: Option<&InputActionRecord>,
    ) -> Result<Outcome, ComputerError> {
        match self
            .request(RequestOp::Perform {
                arguments: arguments.clone(),
                plan: plan.cloned().map(Box::new),
            })
            .await?
        {
            ReplyBody::Performed { outcome } => Ok(*outcome),
            other => Err(unexpected(other)),
        }
    }

    /// The person's own input since the last call.
    pub async fn takeover(&mut self) -> Result<Option<Takeover>, ComputerError> {
        match self.request(RequestOp::Takeover).await? {
            ReplyBody::Takeover { takeover } => Ok(takeover),
            other => Err(unexpected(other)),
        }
    }

    pub async fn configure(&mut self, config: ComputerConfig) -> Result<(), ComputerError> {
        match self.request(RequestOp::Configure { config }).await? {
            ReplyBody::Configured => Ok(()),
            other => Err(unexpected(other)),
        }
    }
}

fn unexpected(body: ReplyBody) -> ComputerError {
    ComputerError::Helper {
        message: format!("the helper answered out of turn: {body:?}"),
    }
}
