//! The approval gate as the session's service: a call goes in, a [`Passage`] comes out. The
//! policy's verdict, the person's answer when it asks (`ApprovalRequested` / `Op::Approval`),
//! the decision as an event and an "always" remembered all happen here, for a model's call and
//! for an action of its code alike.

use oi_policy::gate::Verdict;
use oi_protocol::{ApprovalDecision, Decider, ErrorInfo, ErrorKind, EventMsg, ToolCall};
use tokio_util::sync::CancellationToken;

use crate::emitter::Events;
use crate::runtime::{Approvals, Runtime, State};

/// What the gate, and the person when asked, decided about a call.
pub(crate) enum Passage {
    /// Run it; `edited`: the code as the person changed it.
    Run {
        by_person: bool,
        edited: Option<String>,
    },
    /// Not run; what the model is told.
    Denied(String),
    /// Not run, and the turn ends.
    Aborted,
    /// Interrupted while waiting for the person.
    Interrupted,
}

/// The gate as a turn uses it: the session's state (the policy, remembered approvals, what the
/// tools remember), the approvals waiting for the person, and where its decisions are told.
#[derive(Clone, Copy)]
pub(crate) struct Gate<'a> {
    pub state: &'a State,
    pub approvals: &'a Approvals,
    pub events: Events<'a>,
}

impl<'a> Gate<'a> {
    /// The session's gate, its events under the turn's id.
    pub(crate) fn of(rt: &'a Runtime, id: &'a str) -> Self {
        Gate {
            state: &rt.state,
            approvals: &rt.approvals,
            events: rt.emitter.events(id),
        }
    }

    /// Passes one call: the policy's verdict, a person's answer when it asks (as
    /// `ApprovalRequested`/`Op::Approval`), the decision as an event, "always" remembered.
    /// `takeover`: the person used the mouse or keyboard since the agent's last action.
    pub(crate) async fn pass(
        &self,
        call: &ToolCall,
        takeover: Option<String>,
        cancel: &CancellationToken,
    ) -> Passage {
        let emit = |msg| self.events.emit(msg);
        let (verdict, can_ask) = self.state.with(|shared| {
            let writes =
                oi_tools::planned_writes_of(call, &shared.config.cwd, &shared.profile.tool_state);
            (
                shared.gate.check(call, &writes),
                shared.config.interactive_approvals,
            )
        });
        let verdict = match (verdict, takeover) {
            (Verdict::Run(_), Some(t)) => Verdict::Ask {
                risks: Default::default(),
                warning: Some(t),
                scopes: Vec::new(),
            },
            (
                Verdict::Ask {
                    risks,
                    warning,
                    scopes,
                },
                Some(t),
            ) => Verdict::Ask {
                risks,
                warning: Some(warning.map_or(t.clone(), |w| format!("{t} {w}"))),
                scopes,
            },
            (v, _) => v,
        };
        let mut offered = Vec::new();
        let (decision, decider, denial) = match verdict {
            Verdict::Run(decider) => (ApprovalDecision::Approve, decider, None),
            Verdict::Deny { decider, reason } => (ApprovalDecision::Deny, decider, Some(reason)),
            Verdict::Ask { risks, warning, .. } if !can_ask => {
                // Nobody can answer here (exec): the request is still shown, then denied.
                let reason = format!(
                    "Not run: this needs a person's approval{} and nobody can answer in this mode.",
                    warning
                        .as_deref()
                        .map(|w| format!(" ({w})"))
                        .unwrap_or_default()
                );
                emit(EventMsg::ApprovalRequested {
                    call: call.clone(),
                    warning,
                    risks,
                    scopes: Vec::new(),
                });
                (ApprovalDecision::Deny, Decider::Policy, Some(reason))
            }
            Verdict::Ask {
                risks,
                warning,
                scopes,
            } => {
                let (waiting, rx) = self.approvals.wait_for(&call.call_id);
                offered = scopes.clone();
                emit(EventMsg::ApprovalRequested {
                    call: call.clone(),
                    warning,
                    risks,
                    scopes,
                });
                let answer = tokio::select! {
                    a = rx => a.ok(),
                    _ = cancel.cancelled() => None,
                };
                drop(waiting);
                match answer {
                    Some(d) => (d, Decider::User, None),
                    None => return Passage::Interrupted,
                }
            }
        };
        // An "always" with a scope that was not offered runs the call once and remembers nothing
        // (the person did approve it); the log records a plain approval and an error says why.
        let decision = match decision {
            ApprovalDecision::ApproveAlways { scope }
                if !offered.iter().any(|o| o.scope == scope) =>
            {
                emit(EventMsg::Error(ErrorInfo {
                    kind: ErrorKind::InvalidRequest,
                    message: oi_policy::gate::RememberError::NotOffered(scope).to_string(),
                    hint: Some("answer with one of the scopes of the approval request".into()),
                }));
                ApprovalDecision::Approve
            }
            d => d,
        };
        emit(EventMsg::ApprovalDecided {
            call_id: call.call_id.clone(),
            decision: decision.clone(),
            decider,
        });
        if let ApprovalDecision::ApproveAlways { scope } = &decision {
            let remembered = self.state.with(|s| s.gate.remember(scope, &offered));
            match remembered {
                Ok(what) => emit(EventMsg::Notice {
                    message: format!("remembered: {what}"),
                }),
                Err(e) => emit(EventMsg::Error(ErrorInfo {
                    kind: ErrorKind::InvalidRequest,
                    message: format!("not remembered (approved this once): {e}"),
                    hint: None,
                })),
            }
        }
        let by_person = decider == Decider::User;
        match decision {
            ApprovalDecision::Deny => Passage::Denied(denial.unwrap_or_else(|| {
                "The user declined to run this. Ask what to do instead, or try another way.".into()
            })),
            ApprovalDecision::Abort => Passage::Aborted,
            ApprovalDecision::ApproveEdited { code } => Passage::Run {
                by_person,
                edited: Some(code),
            },
            ApprovalDecision::Approve | ApprovalDecision::ApproveAlways { .. } => Passage::Run {
                by_person,
                edited: None,
            },
        }
    }
}
