//! What every running session is doing, folded into one state for the tray icon, and whether
//! an event deserves a desktop notification.

use std::collections::HashMap;

use oi_protocol::{EventMsg, ToolAction};
use serde::Serialize;

/// The tray's three looks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ts_rs::TS)]
#[serde(rename_all = "snake_case")]
#[ts(export_to = "app/")]
pub enum Activity {
    Idle,
    Working,
    /// An approval waits for the person.
    Waiting,
}

/// A notification to show: an approval is waiting.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalNotice {
    pub session_id: String,
    /// The call waiting, whose card a click on the notification shows.
    pub call_id: String,
    pub summary: String,
}

#[derive(Debug, Default)]
pub struct ActivityBoard {
    sessions: HashMap<String, Activity>,
}

impl ActivityBoard {
    /// Records `msg` of `session`; returns a notice when an approval starts waiting.
    pub fn observe(&mut self, session: &str, msg: &EventMsg) -> Option<ApprovalNotice> {
        let next = match msg {
            EventMsg::TurnStarted { .. } | EventMsg::ApprovalDecided { .. } => Activity::Working,
            EventMsg::ApprovalRequested { call, .. } => {
                self.sessions.insert(session.to_string(), Activity::Waiting);
                return Some(ApprovalNotice {
                    session_id: session.to_string(),
                    call_id: call.call_id.clone(),
                    summary: summarize(&call.action),
                });
            }
            EventMsg::TurnEnded { .. } => Activity::Idle,
            EventMsg::ShutdownComplete => {
                self.sessions.remove(session);
                return None;
            }
            _ => return None,
        };
        self.sessions.insert(session.to_string(), next);
        None
    }

    pub fn forget(&mut self, session: &str) {
        self.sessions.remove(session);
    }

    /// How many sessions are in a turn or wait for an approval.
    pub fn busy(&self) -> usize {
        self.sessions
            .values()
            .filter(|a| **a != Activity::Idle)
            .count()
    }

    /// Waiting beats working beats idle.
    pub fn overall(&self) -> Activity {
        let mut out = Activity::Idle;
        for a in self.sessions.values() {
            match a {
                Activity::Waiting => return Activity::Waiting,
                Activity::Working => out = Activity::Working,
                Activity::Idle => {}
            }
        }
        out
    }
}

/// One line saying what waits for approval.
pub fn summarize(action: &ToolAction) -> String {
    let line = match action {
        ToolAction::RunCode { language, code } => {
            format!(
                "Run {language}: {}",
                code.lines().next().unwrap_or_default()
            )
        }
        ToolAction::Read { summary, .. } | ToolAction::EditFiles { summary, .. } => summary.clone(),
        ToolAction::Computer { action, .. } => format!("Computer: {action}"),
        ToolAction::Plan { .. } => "Update the plan".to_string(),
        ToolAction::Other { .. } => "A tool call".to_string(),
    };
    let mut short: String = line.chars().take(120).collect();
    if short.len() < line.len() {
        short.push('…');
    }
    short
}

#[cfg(test)]
mod tests {
    use oi_protocol::{ApprovalDecision, CallOrigin, Decider, ToolCall, TurnEndReason};
    use serde_json::json;

    use super::*;

    fn request() -> EventMsg {
        EventMsg::ApprovalRequested {
            call: ToolCall {
                call_id: "c1".into(),
                wire_id: None,
                name: "execute".into(),
                arguments: json!({}),
                origin: CallOrigin::Native,
                action: ToolAction::RunCode {
                    language: "python".into(),
                    code: "print(1)\nprint(2)".into(),
                },
            },
            warning: None,
            risks: vec![],
            scopes: vec![],
        }
    }

    #[test]
    fn waiting_wins_and_ends_with_the_decision() {
        let mut b = ActivityBoard::default();
        assert_eq!(b.overall(), Activity::Idle);
        b.observe("a", &EventMsg::TurnStarted { turn: 1 });
        b.observe("b", &EventMsg::TurnStarted { turn: 1 });
        assert_eq!(b.overall(), Activity::Working);
        assert_eq!(b.busy(), 2);
        let notice = b.observe("b", &request()).unwrap();
        assert_eq!(notice.summary, "Run python: print(1)");
        assert_eq!(notice.call_id, "c1");
        assert_eq!(b.overall(), Activity::Waiting);
        b.observe(
            "b",
            &EventMsg::ApprovalDecided {
                call_id: "c1".into(),
                decision: ApprovalDecision::Deny,
                decider: Decider::User,
            },
        );
        assert_eq!(b.overall(), Activity::Working);
        b.observe(
            "a",
            &EventMsg::TurnEnded {
                turn: 1,
                reason: TurnEndReason::Completed,
            },
        );
        assert_eq!(b.busy(), 1);
        b.observe("b", &EventMsg::ShutdownComplete);
        assert_eq!(b.overall(), Activity::Idle);
        assert_eq!(b.busy(), 0);
    }
}
