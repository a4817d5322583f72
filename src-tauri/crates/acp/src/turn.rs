//! One `session/prompt`: the person's message goes in, the engine's events stream out as
//! `session/update`s in their order, every gated side effect is asked through
//! `session/request_permission`, and the turn's end becomes the stop reason.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    RequestPermissionRequest, SessionNotification, StopReason,
};
use agent_client_protocol::{Client, Error};
use oi_protocol::{
    ApprovalDecision, ErrorInfo, EventMsg, InputItem, Op, ScopeOffer, ToolCall, TurnEndReason,
};
use tokio_util::sync::CancellationToken;

use crate::permission;
use crate::sessions::LiveSession;
use crate::updates::{UpdateMapper, permission_view};

pub async fn run(
    cx: ConnectionTo<Client>,
    session: Arc<LiveSession>,
    items: Vec<InputItem>,
) -> Result<StopReason, Error> {
    let Ok(mut events) = session.events.try_lock() else {
        return Err(Error::invalid_request().data("a prompt is already running in this session"));
    };
    let cancel = session.begin_turn();
    let mut mapper = UpdateMapper::live(&session.cwd, session.terminals.clone());
    let mut last_error: Option<ErrorInfo> = None;
    let turn_id = session.submit(Op::UserInput { items });
    // The question the editor is being asked; the app (over the bridge) may answer it first.
    let mut asking: Option<Question> = None;
    loop {
        let event = tokio::select! {
            event = events.recv() => event,
            (call_id, decision) = answered(&mut asking) => {
                asking = None;
                session.submit(Op::Approval { call_id, decision });
                continue;
            }
        };
        let Some(event) = event else {
            return Err(Error::internal_error().data("the engine session ended"));
        };
        for update in mapper.map(&event.msg) {
            cx.send_notification(SessionNotification::new(session.id.clone(), update))?;
        }
        match event.msg {
            EventMsg::ApprovalRequested { call, scopes, .. } => {
                let question = ask(
                    cx.clone(),
                    session.clone(),
                    call.clone(),
                    scopes,
                    cancel.clone(),
                );
                asking = Some((call.call_id, Box::pin(question)));
            }
            // Answered elsewhere (in the app): the editor's question is withdrawn (dropping the
            // request sends `$/cancel_request`).
            EventMsg::ApprovalDecided { call_id, .. }
                if asking.as_ref().is_some_and(|(id, _)| *id == call_id) =>
            {
                asking = None;
            }
            EventMsg::Error(info) if event.id == turn_id => last_error = Some(info),
            EventMsg::TurnEnded { reason, .. } if event.id == turn_id => {
                if cancel.is_cancelled() {
                    return Ok(StopReason::Cancelled);
                }
                return stop_reason(reason, last_error);
            }
            _ => {}
        }
    }
}

/// A permission question in flight: the call it is about and the editor's answer to come.
type Question = (
    String,
    Pin<Box<dyn Future<Output = ApprovalDecision> + Send>>,
);

async fn answered(asking: &mut Option<Question>) -> (String, ApprovalDecision) {
    match asking {
        Some((call_id, question)) => (call_id.clone(), question.as_mut().await),
        None => std::future::pending().await,
    }
}

/// Asks the editor, unless the person already said "always reject" for this kind of call or the
/// prompt was cancelled meanwhile.
async fn ask(
    cx: ConnectionTo<Client>,
    session: Arc<LiveSession>,
    call: ToolCall,
    scopes: Vec<ScopeOffer>,
    cancel: CancellationToken,
) -> ApprovalDecision {
    let call = &call;
    if session
        .rejections
        .lock()
        .is_ok_and(|r| r.rejects(call, &session.cwd))
    {
        return ApprovalDecision::Deny;
    }
    if cancel.is_cancelled() {
        return ApprovalDecision::Abort;
    }
    let request = RequestPermissionRequest::new(
        session.id.clone(),
        permission_view(&session.cwd, call),
        permission::options(&scopes),
    );
    let sent = cx.send_request(request);
    let response = tokio::select! {
        r = sent.block_task() => r,
        () = cancel.cancelled() => return ApprovalDecision::Abort,
    };
    match response {
        Ok(response) => match session.rejections.lock() {
            Ok(mut rejections) => permission::decision(&scopes, &response.outcome, &mut rejections),
            Err(_) => ApprovalDecision::Deny,
        },
        Err(e) => {
            tracing::warn!("the editor did not answer a permission request: {e}");
            ApprovalDecision::Abort
        }
    }
}

fn stop_reason(reason: TurnEndReason, error: Option<ErrorInfo>) -> Result<StopReason, Error> {
    match reason {
        TurnEndReason::Completed => Ok(StopReason::EndTurn),
        TurnEndReason::Interrupted | TurnEndReason::Aborted => Ok(StopReason::Cancelled),
        TurnEndReason::MaxTurns => Ok(StopReason::MaxTurnRequests),
        TurnEndReason::Error => {
            let (message, data) = match error {
                Some(e) => (
                    e.message.clone(),
                    serde_json::to_value(&e).unwrap_or_default(),
                ),
                None => ("the turn failed".to_string(), serde_json::Value::Null),
            };
            Err(Error::new(-32603, message).data(data))
        }
    }
}
