//! `session/request_permission`: the four answers an editor offers, and what they mean for the gate.
//! "Allow always" is remembered by the engine's gate; "reject always" is remembered here, with the
//! same scope, so the editor is not asked again.

use agent_client_protocol::v1::schema::{
    PermissionOption, PermissionOptionKind, RequestPermissionOutcome,
};
use oi_protocol::{ApprovalDecision, ApprovalScope, ToolAction, ToolCall};

pub const ALLOW_ONCE: &str = "allow_once";
pub const ALLOW_ALWAYS: &str = "allow_always";
pub const REJECT_ONCE: &str = "reject_once";
pub const REJECT_ALWAYS: &str = "reject_always";

/// What "always" covers for this call: a command prefix for one plain shell command (never a
/// program name alone, see `oi_core::rules::CommandPattern::suggest`), else the tool.
pub fn scope_for(call: &ToolCall) -> ApprovalScope {
    if let ToolAction::RunCode { language, code } = &call.action
        && oi_core::rules::is_shell(language)
        && let Some(pattern) = oi_core::rules::CommandPattern::suggest(code)
    {
        return ApprovalScope::CommandPrefix {
            prefix: pattern.to_string(),
        };
    }
    ApprovalScope::Session
}

fn scope_words(call: &ToolCall, scope: &ApprovalScope) -> String {
    match scope {
        ApprovalScope::CommandPrefix { prefix } => format!("`{prefix}` commands"),
        ApprovalScope::ProjectCommandPrefix { prefix } => {
            format!("`{prefix}` commands in this project")
        }
        ApprovalScope::Session => format!("`{}` calls", call.name),
    }
}

pub fn options(call: &ToolCall) -> Vec<PermissionOption> {
    let what = scope_words(call, &scope_for(call));
    vec![
        PermissionOption::new(ALLOW_ONCE, "Allow", PermissionOptionKind::AllowOnce),
        PermissionOption::new(
            ALLOW_ALWAYS,
            format!("Always allow {what}"),
            PermissionOptionKind::AllowAlways,
        ),
        PermissionOption::new(REJECT_ONCE, "Reject", PermissionOptionKind::RejectOnce),
        PermissionOption::new(
            REJECT_ALWAYS,
            format!("Always reject {what}"),
            PermissionOptionKind::RejectAlways,
        ),
    ]
}

/// The editor's answer, as the gate's decision; `remember` is set for "reject always".
pub fn decision(
    call: &ToolCall,
    outcome: &RequestPermissionOutcome,
    rejections: &mut Rejections,
) -> ApprovalDecision {
    match outcome {
        RequestPermissionOutcome::Selected(selected) => match &*selected.option_id.0 {
            ALLOW_ONCE => ApprovalDecision::Approve,
            ALLOW_ALWAYS => ApprovalDecision::ApproveAlways {
                scope: scope_for(call),
            },
            REJECT_ALWAYS => {
                rejections.remember(call, &scope_for(call));
                ApprovalDecision::Deny
            }
            _ => ApprovalDecision::Deny,
        },
        // The editor withdrew the question (its prompt was cancelled): the turn ends.
        _ => ApprovalDecision::Abort,
    }
}

/// Calls the person chose to "always reject" in this session.
#[derive(Debug, Default, Clone)]
pub struct Rejections {
    tools: Vec<String>,
    prefixes: Vec<String>,
}

impl Rejections {
    fn remember(&mut self, call: &ToolCall, scope: &ApprovalScope) {
        match scope {
            ApprovalScope::Session => self.tools.push(call.name.clone()),
            ApprovalScope::CommandPrefix { prefix }
            | ApprovalScope::ProjectCommandPrefix { prefix } => self.prefixes.push(prefix.clone()),
        }
    }

    pub fn rejects(&self, call: &ToolCall) -> bool {
        if self.tools.contains(&call.name) {
            return true;
        }
        match &call.action {
            ToolAction::RunCode { code, .. } => {
                let code = code.trim();
                self.prefixes
                    .iter()
                    .any(|p| code == p || code.starts_with(&format!("{p} ")))
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agent_client_protocol::v1::schema::SelectedPermissionOutcome;
    use oi_protocol::CallOrigin;

    fn shell(code: &str) -> ToolCall {
        ToolCall {
            call_id: "c1".into(),
            wire_id: None,
            name: "execute".into(),
            arguments: serde_json::json!({}),
            origin: CallOrigin::Native,
            action: ToolAction::RunCode {
                language: "shell".into(),
                code: code.into(),
            },
        }
    }

    fn pick(id: &'static str) -> RequestPermissionOutcome {
        RequestPermissionOutcome::Selected(SelectedPermissionOutcome::new(id))
    }

    #[test]
    fn always_means_the_command_prefix_for_shell_and_the_tool_otherwise() {
        assert_eq!(
            scope_for(&shell("git status -s")),
            ApprovalScope::CommandPrefix {
                prefix: "git status".into()
            }
        );
        assert_eq!(
            scope_for(&shell("ls -la")),
            ApprovalScope::CommandPrefix {
                prefix: "ls -la".into()
            }
        );
        assert_eq!(scope_for(&shell("echo a\necho b")), ApprovalScope::Session);
        let names: Vec<_> = options(&shell("git status"))
            .into_iter()
            .map(|o| o.name)
            .collect();
        assert_eq!(names[1], "Always allow `git status` commands");
    }

    #[test]
    fn answers_map_to_decisions_and_reject_always_is_remembered() {
        let mut r = Rejections::default();
        let call = shell("rm -rf build");
        assert_eq!(
            decision(&call, &pick(ALLOW_ONCE), &mut r),
            ApprovalDecision::Approve
        );
        assert_eq!(
            decision(&call, &pick(ALLOW_ALWAYS), &mut r),
            ApprovalDecision::ApproveAlways {
                scope: ApprovalScope::CommandPrefix {
                    prefix: "rm -rf".into()
                }
            }
        );
        assert_eq!(
            decision(&call, &RequestPermissionOutcome::Cancelled, &mut r),
            ApprovalDecision::Abort
        );
        assert!(!r.rejects(&call));
        assert_eq!(
            decision(&call, &pick(REJECT_ALWAYS), &mut r),
            ApprovalDecision::Deny
        );
        assert!(r.rejects(&shell("rm -rf dist")));
        assert!(!r.rejects(&shell("rm x")), "never by program name alone");
        assert!(!r.rejects(&shell("rmdir x")));
    }
}
