//! Session modes are the approval policies (ask, auto, never run); the harness profile is a
//! session config option. Both become engine ops.

use agent_client_protocol::v1::schema::{
    SessionConfigOption, SessionConfigSelectOption, SessionMode, SessionModeState,
};
use oi_protocol::ApprovalPolicy;

pub const PROFILE_OPTION: &str = "profile";

const MODES: [(ApprovalPolicy, &str, &str, &str); 3] = [
    (
        ApprovalPolicy::Ask,
        "ask",
        "Ask",
        "Ask before running code, editing files or using the computer",
    ),
    (
        ApprovalPolicy::Auto,
        "auto",
        "Auto",
        "Run everything without asking",
    ),
    (
        ApprovalPolicy::Deny,
        "deny",
        "Never run",
        "Decline every side effect; the model only answers",
    ),
];

pub fn mode_id(policy: ApprovalPolicy) -> &'static str {
    MODES.iter().find(|m| m.0 == policy).map_or("ask", |m| m.1)
}

pub fn policy(mode_id: &str) -> Option<ApprovalPolicy> {
    MODES.iter().find(|m| m.1 == mode_id).map(|m| m.0)
}

pub fn mode_state(current: ApprovalPolicy) -> SessionModeState {
    let modes = MODES
        .iter()
        .map(|(_, id, name, about)| SessionMode::new(*id, *name).description(*about))
        .collect();
    SessionModeState::new(mode_id(current), modes)
}

/// The profile picker: `ids` (what the session can switch to), and the current one even if
/// it is not among them.
pub fn config_options(profile: &str, mut ids: Vec<String>) -> Vec<SessionConfigOption> {
    if !ids.iter().any(|p| p == profile) {
        ids.push(profile.to_string());
    }
    let options: Vec<SessionConfigSelectOption> = ids
        .iter()
        .map(|id| SessionConfigSelectOption::new(id.clone(), id.clone()))
        .collect();
    vec![
        SessionConfigOption::select(PROFILE_OPTION, "Profile", profile.to_string(), options)
            .description("The harness the model works in: prompt, tool names and call format"),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_policy_is_a_mode_and_back() {
        for p in [
            ApprovalPolicy::Ask,
            ApprovalPolicy::Auto,
            ApprovalPolicy::Deny,
        ] {
            assert_eq!(policy(mode_id(p)), Some(p));
        }
        assert_eq!(policy("yolo"), None);
        assert_eq!(
            mode_state(ApprovalPolicy::Auto).current_mode_id.0.as_ref(),
            "auto"
        );
    }
}
