//! The approval gate: every side effect passes here, whatever front end asked for it.

use std::collections::HashSet;

use oi_protocol::{ApprovalPolicy, ApprovalScope, Decider, ToolAction, ToolCall};

/// What the gate says about a proposed call before anyone is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// Runs without asking; who decided.
    Run(Decider),
    /// A person must answer.
    Ask,
    /// Denied by policy.
    Deny,
}

#[derive(Debug, Clone, Default)]
pub struct ApprovalGate {
    policy: ApprovalPolicy,
    /// Tool names approved for the whole session.
    session_tools: HashSet<String>,
    /// Command prefixes approved for this session.
    prefixes: Vec<String>,
}

impl ApprovalGate {
    pub fn new(policy: ApprovalPolicy) -> Self {
        ApprovalGate {
            policy,
            ..Default::default()
        }
    }

    pub fn policy(&self) -> ApprovalPolicy {
        self.policy
    }

    pub fn set_policy(&mut self, policy: ApprovalPolicy) {
        self.policy = policy;
    }

    pub fn check(&self, call: &ToolCall) -> Verdict {
        match self.policy {
            ApprovalPolicy::Deny => return Verdict::Deny,
            ApprovalPolicy::Auto => return Verdict::Run(Decider::Policy),
            ApprovalPolicy::Ask => {}
        }
        if call.action.is_read_only() {
            return Verdict::Run(Decider::Policy);
        }
        if self.session_tools.contains(&call.name) {
            return Verdict::Run(Decider::RememberedApproval);
        }
        if let ToolAction::RunCode { code, .. } = &call.action {
            let code = code.trim();
            if self
                .prefixes
                .iter()
                .any(|p| code == p || code.starts_with(&format!("{p} ")))
            {
                return Verdict::Run(Decider::RememberedApproval);
            }
        }
        Verdict::Ask
    }

    /// Remembers an "always" answer for the rest of the session.
    pub fn remember(&mut self, call: &ToolCall, scope: &ApprovalScope) {
        match scope {
            ApprovalScope::Session => {
                self.session_tools.insert(call.name.clone());
            }
            ApprovalScope::CommandPrefix { prefix } => {
                let prefix = prefix.trim().to_string();
                if !prefix.is_empty() && !self.prefixes.contains(&prefix) {
                    self.prefixes.push(prefix);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_protocol::CallOrigin;

    fn run(code: &str) -> ToolCall {
        ToolCall {
            call_id: "c".into(),
            name: "execute".into(),
            arguments: serde_json::json!({}),
            origin: CallOrigin::Native,
            action: ToolAction::RunCode {
                language: "shell".into(),
                code: code.into(),
            },
        }
    }

    #[test]
    fn asks_by_default_and_remembers_scopes() {
        let mut gate = ApprovalGate::new(ApprovalPolicy::Ask);
        assert_eq!(gate.check(&run("ls")), Verdict::Ask);
        gate.remember(
            &run("git status"),
            &ApprovalScope::CommandPrefix {
                prefix: "git status".into(),
            },
        );
        assert_eq!(
            gate.check(&run("git status -s")),
            Verdict::Run(Decider::RememberedApproval)
        );
        assert_eq!(gate.check(&run("git statusx")), Verdict::Ask);
        assert_eq!(gate.check(&run("git push")), Verdict::Ask);
        gate.remember(&run("ls"), &ApprovalScope::Session);
        assert_eq!(
            gate.check(&run("rm x")),
            Verdict::Run(Decider::RememberedApproval)
        );
    }

    #[test]
    fn policies_override() {
        assert_eq!(
            ApprovalGate::new(ApprovalPolicy::Auto).check(&run("ls")),
            Verdict::Run(Decider::Policy)
        );
        assert_eq!(
            ApprovalGate::new(ApprovalPolicy::Deny).check(&run("ls")),
            Verdict::Deny
        );
    }
}
