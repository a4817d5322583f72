//! Shows session events in the terminal.

use std::io::Write;

use oi_protocol::{
    CallOrigin, EventMsg, ExecStatus, FileChange, FileChangeKind, OutputStream, PlanStatus,
    ToolAction, ToolCall, TurnEndReason,
};

use crate::markdown::{CodeHighlighter, MarkdownStream};
use crate::reasoning::ReasoningView;

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
const RED: &str = "\x1b[31m";
const GREEN: &str = "\x1b[32m";
const YELLOW: &str = "\x1b[33m";

pub struct Renderer {
    pub plain: bool,
    md: MarkdownStream,
    reasoning: ReasoningView,
    spinner: Option<usize>,
    /// Output of the current run ended without a newline.
    output_mid_line: bool,
    /// Whether `TokenUsage` events should be shown (after %tokens).
    pub show_next_usage: bool,
    /// Calls denied by a rule, safe mode or the policy: their result says why, and is shown.
    denied: Vec<String>,
    /// Screen actions of the model shown when proposed: their approval does not repeat them.
    shown_actions: Vec<String>,
    /// Edits whose preview was shown at their approval, by call id.
    previewed: Vec<(String, Vec<FileChange>)>,
}

/// Whether file changes are about to be made or were made (as they were shown before).
#[derive(Clone, Copy, PartialEq)]
enum Changes {
    Planned,
    Made,
    MadeAsPlanned,
}

const FRAMES: [&str; 10] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

impl Renderer {
    /// `show_reasoning`: thinking in full rather than folded to one line.
    pub fn new(plain: bool, show_reasoning: bool) -> Self {
        Renderer {
            plain,
            md: MarkdownStream::new(plain),
            reasoning: ReasoningView::new(plain, show_reasoning),
            spinner: None,
            output_mid_line: false,
            show_next_usage: false,
            denied: Vec::new(),
            shown_actions: Vec::new(),
            previewed: Vec::new(),
        }
    }

    fn style(&self, code: &str, text: &str) -> String {
        if self.plain {
            text.to_string()
        } else {
            format!("{code}{text}{RESET}")
        }
    }

    pub fn start_spinner(&mut self, out: &mut dyn Write) {
        if self.plain {
            return;
        }
        self.spinner = Some(0);
        self.tick(out);
    }

    pub fn tick(&mut self, out: &mut dyn Write) {
        if let Some(frame) = self.spinner.as_mut() {
            let _ = write!(
                out,
                "\r{DIM}{} thinking…{RESET}",
                FRAMES[*frame % FRAMES.len()]
            );
            *frame += 1;
            let _ = out.flush();
        }
    }

    pub fn stop_spinner(&mut self, out: &mut dyn Write) {
        if self.spinner.take().is_some() {
            let _ = write!(out, "\r\x1b[2K");
            let _ = out.flush();
        }
    }

    /// Ends any open text so other output starts on a fresh line.
    pub fn break_line(&mut self, out: &mut dyn Write) {
        self.stop_spinner(out);
        self.reasoning.end(false, out);
        if self.md.mid_line() {
            self.md.finish(out);
            if self.plain {
                let _ = writeln!(out);
            }
        }
        if self.output_mid_line {
            let _ = writeln!(out);
            self.output_mid_line = false;
        }
    }

    pub fn show_code(&mut self, language: &str, code: &str, out: &mut dyn Write) {
        self.break_line(out);
        let _ = writeln!(out, "{}", self.style(DIM, &format!("```{language}")));
        let mut h = CodeHighlighter::new(language, self.plain);
        for line in code.lines() {
            let _ = writeln!(out, "{}", h.line(line));
        }
        let _ = writeln!(out, "{}", self.style(DIM, "```"));
    }

    /// Each file with what happens to it and its unified diff (`+` green, `-` red, at most 40
    /// lines a file), the diff left out when it was shown as planned.
    fn show_changes(&self, changes: &[FileChange], shown: Changes, out: &mut dyn Write) {
        for c in changes {
            let planned = shown == Changes::Planned;
            let (verb, color) = match c.kind {
                FileChangeKind::Created if planned => ("will create", GREEN),
                FileChangeKind::Modified if planned => ("will modify", YELLOW),
                FileChangeKind::Deleted if planned => ("will delete", RED),
                FileChangeKind::Created => ("created", GREEN),
                FileChangeKind::Modified => ("modified", YELLOW),
                FileChangeKind::Deleted => ("deleted", RED),
            };
            let _ = writeln!(out, "{}", self.style(color, &format!("{verb} {}", c.path)));
            let Some(diff) = c.diff.as_ref().filter(|_| shown != Changes::MadeAsPlanned) else {
                continue;
            };
            let lines: Vec<&str> = diff.lines().collect();
            for line in lines.iter().take(40) {
                let styled = if line.starts_with('+') && !line.starts_with("+++") {
                    self.style(GREEN, line)
                } else if line.starts_with('-') && !line.starts_with("---") {
                    self.style(RED, line)
                } else {
                    self.style(DIM, line)
                };
                let _ = writeln!(out, "  {styled}");
            }
            if lines.len() > 40 {
                let _ = writeln!(
                    out,
                    "  {}",
                    self.style(DIM, &format!("… {} more lines", lines.len() - 40))
                );
            }
        }
    }

    pub fn render(&mut self, msg: &EventMsg, out: &mut dyn Write) {
        match msg {
            EventMsg::SessionConfigured(_)
            | EventMsg::UserMessage { .. }
            | EventMsg::TurnStarted { .. } => {}
            EventMsg::ModelRequestStarted { .. } => self.start_spinner(out),
            EventMsg::AssistantTextDelta { delta } => {
                self.stop_spinner(out);
                self.reasoning.end(true, out);
                self.md.push(delta, out);
            }
            EventMsg::ReasoningDelta { delta } => {
                self.stop_spinner(out);
                self.reasoning.delta(delta, out);
            }
            EventMsg::AssistantMessage { .. } => self.break_line(out),
            EventMsg::ToolCallProposed { call } => self.show_call(call, out),
            EventMsg::ApprovalRequested {
                call,
                warning,
                risks,
                ..
            } => {
                self.break_line(out);
                if let ToolAction::Computer {
                    action,
                    arguments,
                    plan,
                } = &call.action
                {
                    // What the screen action will do, unless the model's call was shown when
                    // proposed (code's `computer.*` calls never are).
                    match self.shown_actions.iter().position(|id| *id == call.call_id) {
                        Some(at) => {
                            self.shown_actions.swap_remove(at);
                        }
                        None => {
                            let line = screen_action_line(action, arguments, plan.as_deref());
                            let _ = writeln!(out, "{}", self.style(DIM, &line));
                        }
                    }
                }
                if let ToolAction::EditFiles {
                    changes,
                    preview_error,
                    ..
                } = &call.action
                {
                    // What the edit will change, worked out by the engine, before the question.
                    match preview_error {
                        Some(why) => {
                            let line = format!("no preview: {why}");
                            let _ = writeln!(out, "{}", self.style(YELLOW, &line));
                        }
                        None => {
                            self.show_changes(changes, Changes::Planned, out);
                            self.previewed.retain(|(id, _)| *id != call.call_id);
                            self.previewed.push((call.call_id.clone(), changes.clone()));
                        }
                    }
                }
                if risks.is_empty()
                    && let Some(w) = warning
                {
                    let _ = writeln!(out, "{}", self.style(YELLOW, &format!("⚠ {w}")));
                }
                for r in risks {
                    let line = format!(
                        "⚠ {:?} risk: {} [{}]\n    {}",
                        r.severity, r.reason, r.rule, r.snippet
                    );
                    let _ = writeln!(out, "{}", self.style(YELLOW, &line));
                }
            }
            EventMsg::ApprovalDecided {
                call_id,
                decision: oi_protocol::ApprovalDecision::Deny,
                decider,
            } if *decider != oi_protocol::Decider::User => self.denied.push(call_id.clone()),
            EventMsg::ApprovalDecided { .. } => {}
            EventMsg::ExecBegin { .. } => self.break_line(out),
            EventMsg::ExecOutput { stream, chunk, .. } => {
                let text = match stream {
                    OutputStream::Stdout => chunk.clone(),
                    OutputStream::Stderr => self.style(RED, chunk),
                };
                let _ = write!(out, "{text}");
                self.output_mid_line = !chunk.ends_with('\n');
                let _ = out.flush();
            }
            EventMsg::ExecEnd {
                status, exit_code, ..
            } => {
                self.break_line(out);
                let note = match (status, exit_code) {
                    (ExecStatus::Interrupted, _) => Some("interrupted".to_string()),
                    (ExecStatus::TimedOut, _) => Some("stopped: time limit reached".to_string()),
                    (ExecStatus::FailedToStart, _) => Some("could not start".to_string()),
                    (ExecStatus::Completed, Some(c)) if *c != 0 => Some(format!("exit code {c}")),
                    _ => None,
                };
                if let Some(n) = note {
                    let _ = writeln!(out, "{}", self.style(DIM, &format!("({n})")));
                }
            }
            EventMsg::FilesChanged { call_id, changes } => {
                self.break_line(out);
                // An edit shown as the engine previewed it is not shown again when it did just that.
                let previewed = self.previewed.iter().position(|(id, _)| id == call_id);
                let same = previewed.is_some_and(|at| self.previewed.swap_remove(at).1 == *changes);
                let shown = if same {
                    Changes::MadeAsPlanned
                } else {
                    Changes::Made
                };
                self.show_changes(changes, shown, out);
            }
            EventMsg::PlanUpdated { items, .. } => {
                self.break_line(out);
                let _ = writeln!(out, "{}", self.style(DIM, "Plan"));
                for item in items {
                    let line = match item.status {
                        PlanStatus::Completed => self.style(GREEN, &format!("  ✓ {}", item.text)),
                        PlanStatus::InProgress => format!("  ▸ {}", item.text),
                        PlanStatus::Pending => self.style(DIM, &format!("  ○ {}", item.text)),
                    };
                    let _ = writeln!(out, "{line}");
                }
            }
            EventMsg::ToolResult {
                call_id, output, ..
            } if self.denied.contains(call_id) => {
                self.denied.retain(|c| c != call_id);
                self.break_line(out);
                let _ = writeln!(out, "{}", self.style(YELLOW, &format!("⚠ {output}")));
            }
            EventMsg::ToolResult { .. } => {}
            EventMsg::ScreenshotTaken { screenshot, .. } => {
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(DIM, &format!("[screenshot {}]", screenshot.path))
                );
            }
            EventMsg::InputActionPerformed { record, .. } => {
                let _ = writeln!(out, "{}", self.style(DIM, &format!("[{}]", record.action)));
            }
            EventMsg::ScreenDiffComputed { diff, .. } => {
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(
                        DIM,
                        &format!("[screen changed: {} regions]", diff.changed_regions.len())
                    )
                );
            }
            EventMsg::WindowFocusChanged { window } => {
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(
                        DIM,
                        &format!("[focus: {} — {}]", window.app_name, window.title)
                    )
                );
            }
            EventMsg::TokenUsage(u) => {
                if self.show_next_usage {
                    self.show_next_usage = false;
                    let _ = writeln!(
                        out,
                        "tokens: last request {} in / {} out; session {} in / {} out",
                        u.input_tokens,
                        u.output_tokens,
                        u.total_input_tokens,
                        u.total_output_tokens
                    );
                }
            }
            EventMsg::TurnEnded { reason, .. } => {
                self.shown_actions.clear();
                self.break_line(out);
                match reason {
                    TurnEndReason::Interrupted => {
                        let _ = writeln!(out, "{}", self.style(DIM, "(interrupted)"));
                    }
                    TurnEndReason::MaxTurns
                    | TurnEndReason::Completed
                    | TurnEndReason::Aborted
                    | TurnEndReason::Error => {}
                }
                let _ = writeln!(out);
            }
            EventMsg::HistoryReset => {
                let _ = writeln!(out, "{}", self.style(DIM, "conversation cleared"));
            }
            EventMsg::HistoryUndone { .. } => {
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(DIM, "removed the last message and its answer")
                );
            }
            EventMsg::ProfileChanged { profile } => {
                let _ = writeln!(out, "{}", self.style(DIM, &format!("profile: {profile}")));
            }
            EventMsg::ModelChanged { model } => {
                let _ = writeln!(out, "{}", self.style(DIM, &format!("model: {model}")));
            }
            EventMsg::SandboxChanged { sandbox } => {
                let text = match sandbox {
                    None => "sandbox: none".to_string(),
                    Some(sb) if sb.refusal.is_some() => {
                        format!(
                            "sandbox: {} {} (unavailable: nothing will run)",
                            sb.backend, sb.policy
                        )
                    }
                    Some(sb) => format!("sandbox: {} {}", sb.backend, sb.policy),
                };
                let _ = writeln!(out, "{}", self.style(DIM, &text));
            }
            EventMsg::ApprovalPolicyChanged { policy } => {
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(DIM, &format!("approvals: {policy:?}"))
                );
            }
            EventMsg::Notice { message } => {
                self.break_line(out);
                let _ = writeln!(out, "{}", self.style(DIM, message));
            }
            EventMsg::Error(e) => {
                self.break_line(out);
                let _ = writeln!(out, "{}", self.style(RED, &format!("Error: {}", e.message)));
                if let Some(h) = &e.hint {
                    let _ = writeln!(out, "{}", self.style(DIM, &format!("  {h}")));
                }
            }
            EventMsg::SessionSaved { path } => {
                let _ = writeln!(out, "{}", self.style(DIM, &format!("saved to {path}")));
            }
            EventMsg::ShutdownComplete => {}
        }
    }

    fn show_call(&mut self, call: &ToolCall, out: &mut dyn Write) {
        match &call.action {
            // Code the model wrote as a fenced block was already shown in its text.
            ToolAction::RunCode { .. } if call.origin == CallOrigin::Text => {}
            ToolAction::RunCode { language, code } => self.show_code(language, code, out),
            ToolAction::Computer {
                action,
                arguments,
                plan,
            } => {
                self.break_line(out);
                let line = screen_action_line(action, arguments, plan.as_deref());
                let _ = writeln!(out, "{}", self.style(DIM, &line));
                self.shown_actions.push(call.call_id.clone());
            }
            // The engine's own one-line summary (`Read report.pdf`, `Edit src/main.rs`).
            ToolAction::Read { summary, .. } | ToolAction::EditFiles { summary, .. } => {
                self.break_line(out);
                let _ = writeln!(out, "{}", self.style(DIM, &format!("→ {summary}")));
            }
            // Shown as a checklist when the engine has taken it (`PlanUpdated`).
            ToolAction::Plan { .. } => {}
            ToolAction::Other { arguments } => {
                self.break_line(out);
                let _ = writeln!(
                    out,
                    "{}",
                    self.style(
                        DIM,
                        &format!(
                            "→ {} {}",
                            call.name,
                            serde_json::to_string(arguments).unwrap_or_default()
                        )
                    )
                );
            }
        }
    }
}

/// `→ left_click at 421,310 in "OI Probe"`: an action as the engine planned it, in screen
/// pixels, and the window it will reach; the model's own arguments when there is no plan.
fn screen_action_line(
    action: &str,
    arguments: &serde_json::Value,
    plan: Option<&oi_protocol::InputActionRecord>,
) -> String {
    let mut line = format!("→ {action}");
    match plan {
        Some(plan) => {
            if let Some(p) = plan.target {
                line.push_str(&format!(" at {},{}", p.x, p.y));
            }
            if let Some(p) = plan.drag_to {
                line.push_str(&format!(" to {},{}", p.x, p.y));
            }
            if let Some(s) = &plan.scroll {
                line.push_str(&format!(" {} ×{}", s.direction, s.amount));
            }
            if !plan.keys.is_empty() {
                line.push_str(&format!(" [{}]", plan.keys.join(" ")));
            }
            if let Some(text) = &plan.text {
                line.push_str(&format!(" {text:?}"));
            }
        }
        None => {
            let mut rest = arguments.clone();
            if let Some(map) = rest.as_object_mut() {
                map.remove("action");
            }
            if rest.as_object().is_some_and(|m| !m.is_empty()) {
                line.push_str(&format!(" {rest}"));
            }
        }
    }
    if let Some(window) = plan.and_then(|p| p.target_window.as_ref()) {
        line.push_str(&format!(" in \"{}\"", window.title));
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(plain: bool, events: &[EventMsg]) -> String {
        let mut r = Renderer::new(plain, false);
        let mut out = Vec::new();
        for e in events {
            r.render(e, &mut out);
        }
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn file_tools_are_shown_by_their_summary_and_other_tools_with_their_arguments() {
        let call = |name: &str, action: ToolAction| EventMsg::ToolCallProposed {
            call: ToolCall {
                call_id: name.into(),
                wire_id: None,
                name: name.into(),
                arguments: serde_json::json!({"file_path": "report.pdf"}),
                origin: CallOrigin::Native,
                action,
            },
        };
        let text = shown(
            true,
            &[
                call(
                    "Read",
                    ToolAction::Read {
                        summary: "Read report.pdf".into(),
                        arguments: serde_json::json!({"file_path": "report.pdf"}),
                        path: Some("report.pdf".into()),
                    },
                ),
                call(
                    "mcp__x__y",
                    ToolAction::Other {
                        arguments: serde_json::json!({"q": 1}),
                    },
                ),
            ],
        );
        assert!(text.contains("→ Read report.pdf\n"), "{text}");
        assert!(!text.contains("\"type\""), "{text}");
        assert!(text.contains("→ mcp__x__y {\"q\":1}"), "{text}");
    }

    #[test]
    fn a_models_screen_action_is_shown_once_and_codes_at_its_approval() {
        let call = |id: &str, origin| ToolCall {
            call_id: id.into(),
            wire_id: None,
            name: "computer".into(),
            arguments: serde_json::json!({"action": "left_click", "coordinate": [3, 4]}),
            origin,
            action: ToolAction::Computer {
                action: "left_click".into(),
                arguments: serde_json::json!({"action": "left_click", "coordinate": [3, 4]}),
                plan: None,
            },
        };
        let asked = |call: ToolCall| EventMsg::ApprovalRequested {
            call,
            warning: None,
            risks: Vec::new(),
            scopes: Vec::new(),
        };
        let model = call("m1", CallOrigin::Native);
        let text = shown(
            true,
            &[
                EventMsg::ToolCallProposed {
                    call: model.clone(),
                },
                asked(model),
                asked(call("c1.1", CallOrigin::Text)),
            ],
        );
        assert_eq!(
            text.matches("→ left_click {\"coordinate\":[3,4]}").count(),
            2,
            "{text}"
        );
    }

    #[test]
    fn a_screen_action_shows_its_plan_in_screen_pixels_and_its_window() {
        let plan = oi_protocol::InputActionRecord {
            action: "left_click".into(),
            target: Some(oi_protocol::Point { x: 421, y: 310 }),
            keys: vec!["shift".into()],
            target_window: Some(oi_protocol::WindowInfo {
                id: None,
                title: "OI Probe".into(),
                app_name: "Tk".into(),
                pid: None,
                bounds: None,
            }),
            ..Default::default()
        };
        let args = serde_json::json!({"action": "left_click", "coordinate": [300, 220]});
        assert_eq!(
            screen_action_line("left_click", &args, Some(&plan)),
            "→ left_click at 421,310 [shift] in \"OI Probe\""
        );
        let typing = oi_protocol::InputActionRecord {
            action: "type".into(),
            text: Some("hello world".into()),
            ..Default::default()
        };
        assert_eq!(
            screen_action_line("type", &serde_json::json!({}), Some(&typing)),
            "→ type \"hello world\""
        );
        let drag = oi_protocol::InputActionRecord {
            action: "left_click_drag".into(),
            target: Some(oi_protocol::Point { x: 1, y: 2 }),
            drag_to: Some(oi_protocol::Point { x: 30, y: 40 }),
            ..Default::default()
        };
        assert_eq!(
            screen_action_line("left_click_drag", &serde_json::json!({}), Some(&drag)),
            "→ left_click_drag at 1,2 to 30,40"
        );
        assert_eq!(
            screen_action_line("left_click", &args, None),
            "→ left_click {\"coordinate\":[300,220]}"
        );
        let args = serde_json::json!({"action": "clipboard_view"});
        assert_eq!(
            screen_action_line("clipboard_view", &args, None),
            "→ clipboard_view"
        );
    }

    #[test]
    fn an_edit_shows_the_engines_diff_when_asked_and_not_again_when_it_did_just_that() {
        let change = |diff: &str| FileChange {
            path: "notes.txt".into(),
            kind: FileChangeKind::Modified,
            diff: Some(format!(
                "--- a/notes.txt\n+++ b/notes.txt\n@@ -1 +1 @@\n{diff}"
            )),
        };
        let edit = |id: &str, changes: Vec<FileChange>, preview_error: Option<&str>| ToolCall {
            call_id: id.into(),
            wire_id: None,
            name: "Edit".into(),
            // Names no front end reads: what is shown is the engine's preview.
            arguments: serde_json::json!({"some_profiles_name": "zzz"}),
            origin: CallOrigin::Native,
            action: ToolAction::EditFiles {
                summary: "Edit notes.txt".into(),
                arguments: serde_json::json!({"some_profiles_name": "zzz"}),
                changes,
                preview_error: preview_error.map(Into::into),
            },
        };
        let asked = |call: ToolCall| EventMsg::ApprovalRequested {
            call,
            warning: None,
            risks: Vec::new(),
            scopes: Vec::new(),
        };
        let planned = vec![change("-two\n+three\n")];
        let text = shown(
            true,
            &[
                asked(edit("c1", planned.clone(), None)),
                EventMsg::FilesChanged {
                    call_id: "c1".into(),
                    changes: planned.clone(),
                },
            ],
        );
        assert_eq!(
            text,
            "will modify notes.txt\n  --- a/notes.txt\n  +++ b/notes.txt\n  @@ -1 +1 @@\n  -two\n  +three\nmodified notes.txt\n"
        );
        // In colour: removed lines red, added lines green.
        let coloured = shown(false, &[asked(edit("c1", planned.clone(), None))]);
        assert!(
            coloured.contains(&format!("{RED}-two{RESET}")),
            "{coloured:?}"
        );
        assert!(
            coloured.contains(&format!("{GREEN}+three{RESET}")),
            "{coloured:?}"
        );
        // The file changed between the preview and the run: what it did is shown in full.
        let text = shown(
            true,
            &[
                asked(edit("c1", planned, None)),
                EventMsg::FilesChanged {
                    call_id: "c1".into(),
                    changes: vec![change("-two\n+four\n")],
                },
            ],
        );
        assert!(text.ends_with("modified notes.txt\n  --- a/notes.txt\n  +++ b/notes.txt\n  @@ -1 +1 @@\n  -two\n  +four\n"), "{text}");
        // No preview: why.
        let text = shown(
            true,
            &[asked(edit(
                "c2",
                Vec::new(),
                Some("File does not exist: gone.txt"),
            ))],
        );
        assert_eq!(text, "no preview: File does not exist: gone.txt\n");
    }

    #[test]
    fn a_runs_output_starts_on_its_own_line_after_text_without_a_final_newline() {
        let text = "```json\n{\"name\": \"execute\"}\n```";
        let events = [
            EventMsg::AssistantTextDelta { delta: text.into() },
            EventMsg::AssistantMessage {
                text: text.into(),
                interrupted: false,
            },
            EventMsg::ExecBegin {
                call_id: "c1".into(),
                language: "python".into(),
                code: "123 * 456".into(),
            },
            EventMsg::ExecOutput {
                call_id: "c1".into(),
                stream: OutputStream::Stdout,
                chunk: "56088\n".into(),
            },
        ];
        for plain in [true, false] {
            let out = shown(plain, &events);
            assert!(out.ends_with("\n56088\n"), "plain {plain}: {out:?}");
        }
    }
}
