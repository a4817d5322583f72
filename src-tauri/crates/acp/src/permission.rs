//! `session/request_permission`: the answers an editor offers, and what they mean for the gate.
//! "Allow once", one "allow always" per scope the engine offered (with the engine's words), and
//! "reject once"; "reject always" takes the engine's first (most specific) scope kept for the
//! session, and is remembered here, so the editor is not asked again.

use std::path::Path;

use agent_client_protocol::v1::schema::{
    PermissionOption, PermissionOptionKind, RequestPermissionOutcome,
};
use oi_policy::scopes::{Approvals, ScopeKey};
use oi_protocol::{ApprovalDecision, Remembered, ScopeOffer, ToolCall};

pub const ALLOW_ONCE: &str = "allow_once";
/// Followed by `:N`, the offered scope's place (from 0).
pub const ALLOW_ALWAYS: &str = "allow_always";
pub const REJECT_ONCE: &str = "reject_once";
pub const REJECT_ALWAYS: &str = "reject_always";

/// The scope "reject always" remembers: the first offered for the session.
fn rejection_scope(scopes: &[ScopeOffer]) -> Option<&ScopeOffer> {
    scopes.iter().find(|o| {
        ScopeKey::of(&o.scope).is_some_and(|(_, remembered)| remembered == Remembered::Session)
    })
}

pub fn options(scopes: &[ScopeOffer]) -> Vec<PermissionOption> {
    let mut options = vec![PermissionOption::new(
        ALLOW_ONCE,
        "Allow",
        PermissionOptionKind::AllowOnce,
    )];
    for (i, offer) in scopes.iter().enumerate() {
        options.push(PermissionOption::new(
            format!("{ALLOW_ALWAYS}:{i}"),
            format!("Always allow {}", offer.label),
            PermissionOptionKind::AllowAlways,
        ));
    }
    options.push(PermissionOption::new(
        REJECT_ONCE,
        "Reject",
        PermissionOptionKind::RejectOnce,
    ));
    if let Some(offer) = rejection_scope(scopes) {
        options.push(PermissionOption::new(
            REJECT_ALWAYS,
            format!("Always reject {}", offer.label),
            PermissionOptionKind::RejectAlways,
        ));
    }
    options
}

/// The editor's answer, as the gate's decision; "reject always" is remembered in `rejections`.
pub fn decision(
    scopes: &[ScopeOffer],
    outcome: &RequestPermissionOutcome,
    rejections: &mut Rejections,
) -> ApprovalDecision {
    match outcome {
        RequestPermissionOutcome::Selected(selected) => {
            let id = &*selected.option_id.0;
            if id == ALLOW_ONCE {
                return ApprovalDecision::Approve;
            }
            if id == REJECT_ALWAYS
                && let Some((key, _)) = rejection_scope(scopes).and_then(|o| ScopeKey::of(&o.scope))
            {
                rejections.0.insert(key);
                return ApprovalDecision::Deny;
            }
            let always = id
                .strip_prefix(ALLOW_ALWAYS)
                .and_then(|n| n.strip_prefix(':'))
                .and_then(|n| n.parse::<usize>().ok())
                .and_then(|n| scopes.get(n));
            match always {
                Some(offer) => ApprovalDecision::ApproveAlways {
                    scope: offer.scope.clone(),
                },
                // `reject_once`, and any id this agent did not offer.
                None => ApprovalDecision::Deny,
            }
        }
        // The editor withdrew the question (its prompt was cancelled): the turn ends.
        _ => ApprovalDecision::Abort,
    }
}

/// Calls the person chose to "always reject" in this session, matched as the engine matches
/// what it approves.
#[derive(Debug, Default, Clone)]
pub struct Rejections(Approvals);

impl Rejections {
    pub fn rejects(&self, call: &ToolCall, cwd: &Path) -> bool {
        // The SWE-agent window is not known here: an `edit` of the open file is asked.
        let writes = oi_tools::planned_writes_of(call, cwd, &Default::default());
        Approvals::cover(&[&self.0], &[], call, &writes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agent_client_protocol::v1::schema::SelectedPermissionOutcome;
    use oi_protocol::{CallOrigin, ToolAction};

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

    /// The engine's offer of a command prefix.
    fn offer(prefix: &str, remembered: Remembered) -> ScopeOffer {
        let command = oi_policy::rules::CommandPattern::parse(prefix).unwrap();
        ScopeKey::CommandPrefix { command }.offer(remembered, std::path::Path::new("/w"))
    }

    #[test]
    fn the_options_are_exactly_the_offered_scopes() {
        let scopes = [
            offer("rm -rf build", Remembered::Session),
            offer("rm -rf build", Remembered::Project),
        ];
        let options: Vec<(String, String, PermissionOptionKind)> = options(&scopes)
            .into_iter()
            .map(|o| (o.option_id.0.to_string(), o.name, o.kind))
            .collect();
        assert_eq!(
            options,
            [
                (
                    "allow_once".into(),
                    "Allow".into(),
                    PermissionOptionKind::AllowOnce
                ),
                (
                    "allow_always:0".into(),
                    "Always allow commands starting `rm -rf build`, this session".into(),
                    PermissionOptionKind::AllowAlways
                ),
                (
                    "allow_always:1".into(),
                    "Always allow commands starting `rm -rf build`, in this project, across sessions".into(),
                    PermissionOptionKind::AllowAlways
                ),
                (
                    "reject_once".into(),
                    "Reject".into(),
                    PermissionOptionKind::RejectOnce
                ),
                (
                    "reject_always".into(),
                    "Always reject commands starting `rm -rf build`, this session".into(),
                    PermissionOptionKind::RejectAlways
                ),
            ]
        );
        // Nothing offered: once, or not at all.
        let ids: Vec<String> = super::options(&[])
            .into_iter()
            .map(|o| o.option_id.0.to_string())
            .collect();
        assert_eq!(ids, ["allow_once", "reject_once"]);
    }

    #[test]
    fn answers_map_to_decisions_and_reject_always_is_remembered() {
        let mut r = Rejections::default();
        let call = shell("rm -rf build");
        let scopes = [
            offer("rm -rf build", Remembered::Session),
            offer("rm -rf build", Remembered::Project),
        ];
        let cwd = Path::new("/w");
        assert_eq!(
            decision(&scopes, &pick(ALLOW_ONCE), &mut r),
            ApprovalDecision::Approve
        );
        assert_eq!(
            decision(&scopes, &pick("allow_always:1"), &mut r),
            ApprovalDecision::ApproveAlways {
                scope: scopes[1].scope.clone()
            }
        );
        for unknown in ["allow_always", "allow_always:2", "allow_always:x", "other"] {
            assert_eq!(
                decision(&scopes, &pick(unknown), &mut r),
                ApprovalDecision::Deny,
                "{unknown}"
            );
        }
        assert_eq!(
            decision(&scopes, &RequestPermissionOutcome::Cancelled, &mut r),
            ApprovalDecision::Abort
        );
        assert!(!r.rejects(&call, cwd));
        assert_eq!(
            decision(&scopes, &pick(REJECT_ALWAYS), &mut r),
            ApprovalDecision::Deny
        );
        assert!(r.rejects(&shell("rm -rf build"), cwd));
        assert!(r.rejects(&shell("rm -rf build -v"), cwd));
        assert!(!r.rejects(&shell("rm -rf build/x"), cwd));
        assert!(!r.rejects(&shell("rm -rf dist"), cwd));
        assert!(
            !r.rejects(&shell("rm x"), cwd),
            "never by program name alone"
        );
        assert!(!r.rejects(&shell("rmdir x"), cwd));
    }
}
