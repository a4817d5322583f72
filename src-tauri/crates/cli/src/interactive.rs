//! The terminal session: prompt, streaming answers, approvals, magic commands, Ctrl-C.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::Result;
use oi_core::SessionHandle;
use oi_protocol::{Event, EventMsg, InputItem, Op, Submission};

use crate::approval;
use crate::reader::{Line, LineReader};
use crate::render::Renderer;

pub const MAGIC_HELP: &str = "\
%reset            forget the conversation (the log keeps it)
%undo             remove the last message and its answer
%save PATH        save the conversation to a file
%load PATH        load a conversation saved with %save
%tokens           show token usage
%profile NAME     switch harness profile, keeping the conversation
%model NAME       switch model
%auto on|off      run code without asking (on) or ask first (off)
%sandbox BACKEND [LEVEL]  native|docker|openshell|none, read-only|workspace-write|full-access
%help             this list";

pub struct Interactive {
    handle: SessionHandle,
    reader: LineReader,
    renderer: Renderer,
    next_id: u64,
    /// `i`: one request, then exit.
    quick: bool,
}

enum TurnOutcome {
    Done,
    Exit,
}

impl Interactive {
    pub fn new(
        handle: SessionHandle,
        reader: LineReader,
        plain: bool,
        show_reasoning: bool,
        quick: bool,
    ) -> Self {
        Interactive {
            handle,
            reader,
            renderer: Renderer::new(plain, show_reasoning),
            next_id: 0,
            quick,
        }
    }

    fn submit(&mut self, op: Op) -> String {
        self.next_id += 1;
        let id = format!("t{}", self.next_id);
        let _ = self
            .handle
            .submissions
            .send(Submission { id: id.clone(), op });
        id
    }

    pub async fn run(mut self, first: Option<String>) -> Result<()> {
        let mut out = std::io::stdout();
        // The session's first event describes it.
        if let Some(Event {
            msg: EventMsg::SessionConfigured(info),
            ..
        }) = self.handle.events.recv().await
            && !self.quick
        {
            let sandbox = match &info.sandbox {
                None => String::new(),
                Some(sb) if let Some(why) = &sb.refusal => format!(
                    " · sandbox {} {} UNAVAILABLE\nnothing will run: {why}",
                    sb.backend, sb.policy
                ),
                Some(sb) => format!(" · sandbox {} {}", sb.backend, sb.policy),
            };
            let safe = match info.safe_mode {
                oi_protocol::SafeMode::Off => "",
                oi_protocol::SafeMode::Ask => " · safe mode ask",
                oi_protocol::SafeMode::Auto => " · safe mode auto",
            };
            let banner = format!(
                "Open Interpreter {} · {} · profile {} · {}{}{sandbox}{safe}\nType a request, %help for commands, Ctrl-C to interrupt, Ctrl-D to exit.\n",
                env!("CARGO_PKG_VERSION"),
                info.model,
                info.profile,
                info.cwd,
                if info.resumed { " · resumed" } else { "" }
            );
            let _ = writeln!(
                out,
                "{}",
                if self.renderer.plain {
                    banner
                } else {
                    format!("\x1b[2m{banner}\x1b[0m")
                }
            );
        }
        let mut pending = first;
        let mut last_ctrl_c: Option<Instant> = None;
        loop {
            let text = match pending.take() {
                Some(t) => t,
                None => {
                    if self.quick {
                        break;
                    }
                    match self.reader.read("> ", true).await {
                        Line::Text(t) => {
                            last_ctrl_c = None;
                            t
                        }
                        Line::Eof => break,
                        Line::Interrupted => {
                            if last_ctrl_c.is_some_and(|t| t.elapsed() < Duration::from_secs(2)) {
                                break;
                            }
                            last_ctrl_c = Some(Instant::now());
                            let _ = writeln!(out, "(Ctrl-C again to exit)");
                            continue;
                        }
                    }
                }
            };
            let trimmed = text.trim();
            if trimmed.is_empty() {
                continue;
            }
            if let Some(command) = trimmed.strip_prefix('%') {
                if !self.magic(command, &mut out).await {
                    break;
                }
                continue;
            }
            self.submit(Op::UserInput {
                items: vec![InputItem::text(trimmed)],
            });
            if let TurnOutcome::Exit = self.follow_turn(&mut out).await {
                break;
            }
        }
        self.shutdown().await;
        Ok(())
    }

    /// Shows events until the turn ends, answering approvals and handling Ctrl-C.
    async fn follow_turn(&mut self, out: &mut std::io::Stdout) -> TurnOutcome {
        let mut last_ctrl_c: Option<Instant> = None;
        let mut tick = tokio::time::interval(Duration::from_millis(100));
        // One stream for the whole turn: a fresh `ctrl_c()` future per loop could miss a
        // signal that lands between two iterations.
        let mut sigint =
            match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt()) {
                Ok(s) => Some(s),
                Err(e) => {
                    tracing::warn!("cannot watch Ctrl-C: {e}");
                    None
                }
            };
        loop {
            tokio::select! {
                ev = self.handle.events.recv() => {
                    let Some(ev) = ev else { return TurnOutcome::Exit };
                    self.renderer.render(&ev.msg, out);
                    match ev.msg {
                        EventMsg::ApprovalRequested { call, scopes, .. } => {
                            let decision = approval::ask(&call, &scopes, &self.reader, &mut self.renderer, out).await;
                            match decision {
                                Some(decision) => {
                                    self.submit(Op::Approval { call_id: call.call_id, decision });
                                }
                                None => {
                                    let _ = writeln!(out, "^C");
                                    self.submit(Op::Interrupt);
                                }
                            }
                        }
                        EventMsg::TurnEnded { .. } => return TurnOutcome::Done,
                        _ => {}
                    }
                }
                Some(()) = async { match sigint.as_mut() { Some(s) => s.recv().await, None => std::future::pending().await } } => {
                    if last_ctrl_c.is_some_and(|t| t.elapsed() < Duration::from_secs(2)) {
                        self.renderer.break_line(out);
                        return TurnOutcome::Exit;
                    }
                    last_ctrl_c = Some(Instant::now());
                    self.renderer.break_line(out);
                    let _ = writeln!(out, "^C interrupting (Ctrl-C again to exit)");
                    self.submit(Op::Interrupt);
                }
                _ = tick.tick() => self.renderer.tick(out),
            }
        }
    }

    /// Runs a %command; false means exit.
    async fn magic(&mut self, command: &str, out: &mut std::io::Stdout) -> bool {
        let (name, arg) = match command.split_once(char::is_whitespace) {
            Some((n, a)) => (n, a.trim()),
            None => (command, ""),
        };
        let op = match name {
            "help" => {
                let _ = writeln!(out, "{MAGIC_HELP}");
                return true;
            }
            "exit" | "quit" => return false,
            "reset" => Op::Reset,
            "undo" => Op::Undo,
            "tokens" => {
                self.renderer.show_next_usage = true;
                Op::ReportTokens
            }
            "save" | "save_message" if !arg.is_empty() => Op::SaveConversation {
                path: absolute(arg),
            },
            "load" | "load_message" if !arg.is_empty() => Op::LoadConversation {
                path: absolute(arg),
            },
            "profile" if !arg.is_empty() => Op::SetProfile {
                profile: arg.to_string(),
            },
            "model" if !arg.is_empty() => Op::SetModel {
                model: arg.to_string(),
            },
            "auto" => match arg {
                "on" | "" => Op::SetApprovalPolicy {
                    policy: oi_protocol::ApprovalPolicy::Auto,
                },
                "off" => Op::SetApprovalPolicy {
                    policy: oi_protocol::ApprovalPolicy::Ask,
                },
                _ => {
                    let _ = writeln!(out, "usage: %auto on|off");
                    return true;
                }
            },
            "sandbox" if !arg.is_empty() => {
                let mut words = arg.split_whitespace();
                Op::SetSandbox {
                    backend: words.next().unwrap_or_default().to_string(),
                    level: words.next().map(str::to_string),
                }
            }
            "save" | "load" | "profile" | "model" | "sandbox" | "save_message" | "load_message" => {
                let _ = writeln!(out, "%{name} needs an argument; see %help");
                return true;
            }
            other => {
                let _ = writeln!(out, "unknown command %{other}; %help lists them");
                return true;
            }
        };
        let id = self.submit(op);
        // Show what the op caused (its events carry the submission id).
        loop {
            match tokio::time::timeout(Duration::from_secs(5), self.handle.events.recv()).await {
                Ok(Some(ev)) => {
                    self.renderer.render(&ev.msg, out);
                    if ev.id == id
                        && !matches!(
                            ev.msg,
                            EventMsg::HistoryReset
                                | EventMsg::UserMessage { .. }
                                | EventMsg::AssistantMessage { .. }
                                | EventMsg::ToolCallProposed { .. }
                                | EventMsg::ToolResult { .. }
                                | EventMsg::TurnEnded { .. }
                        )
                    {
                        return true;
                    }
                    if ev.id == id && matches!(ev.msg, EventMsg::HistoryReset) && name == "reset" {
                        return true;
                    }
                }
                Ok(None) => return false,
                Err(_) => return true,
            }
        }
    }

    async fn shutdown(&mut self) {
        self.submit(Op::Shutdown);
        let _ = tokio::time::timeout(Duration::from_secs(5), async {
            while let Some(ev) = self.handle.events.recv().await {
                if matches!(ev.msg, EventMsg::ShutdownComplete) {
                    break;
                }
            }
        })
        .await;
    }
}

fn absolute(path: &str) -> String {
    let p = std::path::Path::new(path);
    if p.is_absolute() {
        path.to_string()
    } else {
        std::env::current_dir()
            .map(|d| d.join(p).display().to_string())
            .unwrap_or_else(|_| path.to_string())
    }
}
