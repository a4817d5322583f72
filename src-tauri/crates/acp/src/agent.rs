//! The ACP agent: one handler per method, each a thin step into the engine. Handlers run in the
//! SDK's dispatch loop, so a prompt's turn runs in a task of its own and the loop stays free for
//! `session/cancel` and permission answers.

use std::sync::{Arc, Mutex};

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    AgentCapabilities, CancelNotification, ClientCapabilities, Implementation, InitializeRequest,
    InitializeResponse, ListSessionsRequest, ListSessionsResponse, LoadSessionRequest,
    LoadSessionResponse, McpCapabilities, NewSessionRequest, NewSessionResponse,
    PromptCapabilities, PromptRequest, PromptResponse, SessionCapabilities,
    SessionListCapabilities, SessionNotification, SetSessionConfigOptionRequest,
    SetSessionConfigOptionResponse, SetSessionModeRequest, SetSessionModeResponse,
};
use agent_client_protocol::{
    Agent, Client, ConnectTo, Error, on_receive_notification, on_receive_request,
};
use oi_protocol::Op;

use crate::client_env::AcpEnvironment;
use crate::sessions::{LiveSession, Sessions};
use crate::{AcpConfig, content, mcp, modes, replay, turn};

struct State {
    config: AcpConfig,
    sessions: Sessions,
    /// What the editor offered in `initialize` (its file system and terminals).
    client: Mutex<ClientCapabilities>,
}

impl State {
    /// The editor's files and terminals, as far as it offered them in `initialize`.
    fn editor(&self, cx: ConnectionTo<Client>) -> Arc<AcpEnvironment> {
        let offered = self.client.lock().map(|c| c.clone()).unwrap_or_default();
        Arc::new(AcpEnvironment::new(cx, offered))
    }

    fn session(&self, id: &str) -> Result<Arc<LiveSession>, Error> {
        self.sessions
            .get(id)
            .ok_or_else(|| Error::invalid_params().data(format!("no session `{id}` is open")))
    }
}

fn capabilities() -> AgentCapabilities {
    AgentCapabilities::new()
        .load_session(true)
        .prompt_capabilities(PromptCapabilities::new().image(true).embedded_context(true))
        .mcp_capabilities(McpCapabilities::new())
        .session_capabilities(SessionCapabilities::new().list(SessionListCapabilities::new()))
}

fn engine_error(e: impl std::fmt::Display) -> Error {
    Error::internal_error().data(e.to_string())
}

pub async fn serve(
    transport: impl ConnectTo<Agent> + 'static,
    config: AcpConfig,
) -> Result<(), Error> {
    let state = Arc::new(State {
        config,
        sessions: Sessions::default(),
        client: Mutex::new(ClientCapabilities::new()),
    });
    let (s1, s2, s3, s4, s5, s6, s7, s8) = (
        state.clone(),
        state.clone(),
        state.clone(),
        state.clone(),
        state.clone(),
        state.clone(),
        state.clone(),
        state,
    );
    Agent
        .v1()
        .name("open-interpreter")
        .on_receive_request(
            async move |req: InitializeRequest, responder, _cx| {
                if let Ok(mut client) = s1.client.lock() {
                    *client = req.client_capabilities.clone();
                }
                let version = req.protocol_version.min(ProtocolVersion::V1);
                responder.respond(
                    InitializeResponse::new(version)
                        .agent_capabilities(capabilities())
                        .agent_info(
                            Implementation::new("open-interpreter", env!("CARGO_PKG_VERSION"))
                                .title("Open Interpreter"),
                        ),
                )
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: NewSessionRequest, responder, cx| {
                let mut config = s2.config.session.clone();
                config.cwd = req.cwd;
                mcp::merge(&mut config.mcp_servers, req.mcp_servers);
                let session = match LiveSession::start(
                    config,
                    Some(s2.editor(cx)),
                    s2.config.host.as_ref(),
                ) {
                    Ok(s) => s,
                    Err(e) => return responder.respond_with_error(engine_error(e)),
                };
                let response = new_session_response(&session);
                s2.sessions.insert(session);
                responder.respond(response)
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: LoadSessionRequest, responder, cx| {
                let id = req.session_id.0.to_string();
                let found = match oi_core::store::find_session(s3.config.data_dir(), Some(&id)) {
                    Ok(found) if found.id == id => found,
                    _ => {
                        return responder.respond_with_error(
                            Error::invalid_params().data(format!("no saved session `{id}`")),
                        );
                    }
                };
                let events = oi_core::store::read_events(&found.path).map_err(engine_error)?;
                for update in replay::updates(&events, &req.cwd) {
                    cx.send_notification(SessionNotification::new(id.clone(), update))?;
                }
                let mut config = s3.config.session.clone();
                config.cwd = req.cwd;
                config.resume = Some(id);
                mcp::merge(&mut config.mcp_servers, req.mcp_servers);
                let session = match LiveSession::start(
                    config,
                    Some(s3.editor(cx)),
                    s3.config.host.as_ref(),
                ) {
                    Ok(s) => s,
                    Err(e) => return responder.respond_with_error(engine_error(e)),
                };
                let policy = session.policy.lock().map(|p| *p).unwrap_or_default();
                let profile = session
                    .profile
                    .lock()
                    .map(|p| p.clone())
                    .unwrap_or_default();
                s3.sessions.insert(session);
                responder.respond(
                    LoadSessionResponse::new()
                        .modes(modes::mode_state(policy))
                        .config_options(modes::config_options(&profile)),
                )
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: ListSessionsRequest, responder, _cx| match replay::list(
                s4.config.data_dir(),
                req.cwd.as_deref(),
            ) {
                Ok(sessions) => responder.respond(ListSessionsResponse::new(sessions)),
                Err(e) => responder.respond_with_error(engine_error(e)),
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: PromptRequest, responder, cx| {
                let session = match s5.session(&req.session_id.0) {
                    Ok(s) => s,
                    Err(e) => return responder.respond_with_error(e),
                };
                let items = match content::input_items(req.prompt) {
                    Ok(items) => items,
                    Err(e) => {
                        return responder
                            .respond_with_error(Error::invalid_params().data(e.to_string()));
                    }
                };
                let turn_cx = cx.clone();
                cx.spawn(async move {
                    let result = turn::run(turn_cx, session, items)
                        .await
                        .map(PromptResponse::new);
                    if let Err(e) = responder.respond_with_result(result) {
                        tracing::warn!("could not answer session/prompt: {e}");
                    }
                    Ok(())
                })
            },
            on_receive_request!(),
        )
        .on_receive_notification(
            async move |note: CancelNotification, _cx| {
                if let Some(session) = s6.sessions.get(&note.session_id.0) {
                    session.cancel();
                }
                Ok(())
            },
            on_receive_notification!(),
        )
        .on_receive_request(
            async move |req: SetSessionModeRequest, responder, _cx| {
                let session = match s7.session(&req.session_id.0) {
                    Ok(s) => s,
                    Err(e) => return responder.respond_with_error(e),
                };
                let Some(policy) = modes::policy(&req.mode_id.0) else {
                    return responder.respond_with_error(
                        Error::invalid_params().data(format!("no mode `{}`", req.mode_id.0)),
                    );
                };
                if let Ok(mut p) = session.policy.lock() {
                    *p = policy;
                }
                session.submit(Op::SetApprovalPolicy { policy });
                responder.respond(SetSessionModeResponse::new())
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: SetSessionConfigOptionRequest, responder, _cx| {
                let session = match s8.session(&req.session_id.0) {
                    Ok(s) => s,
                    Err(e) => return responder.respond_with_error(e),
                };
                let value = req.value.as_value_id().map(|v| v.0.to_string());
                let profile = match (&*req.config_id.0, value) {
                    (modes::PROFILE_OPTION, Some(p)) if modes::profile_ids().contains(&p) => p,
                    _ => {
                        return responder.respond_with_error(
                            Error::invalid_params().data("unknown option or value"),
                        );
                    }
                };
                if let Ok(mut p) = session.profile.lock() {
                    p.clone_from(&profile);
                }
                session.submit(Op::SetProfile {
                    profile: profile.clone(),
                });
                responder.respond(SetSessionConfigOptionResponse::new(modes::config_options(
                    &profile,
                )))
            },
            on_receive_request!(),
        )
        .connect_to(transport)
        .await
}

fn new_session_response(session: &LiveSession) -> NewSessionResponse {
    let policy = session.policy.lock().map(|p| *p).unwrap_or_default();
    let profile = session
        .profile
        .lock()
        .map(|p| p.clone())
        .unwrap_or_default();
    NewSessionResponse::new(session.id.clone())
        .modes(modes::mode_state(policy))
        .config_options(modes::config_options(&profile))
}
