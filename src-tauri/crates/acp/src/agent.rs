//! The ACP agent: one handler per method, each a thin step into the engine. Handlers run in the
//! SDK's dispatch loop, so a prompt's turn runs in a task of its own and the loop stays free for
//! `session/cancel` and permission answers.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    AgentCapabilities, CancelNotification, ClientCapabilities, Implementation, InitializeRequest,
    InitializeResponse, ListSessionsRequest, ListSessionsResponse, LoadSessionRequest,
    LoadSessionResponse, McpCapabilities, McpServer, NewSessionRequest, NewSessionResponse,
    PromptCapabilities, PromptRequest, PromptResponse, SessionCapabilities, SessionConfigOption,
    SessionListCapabilities, SessionModeState, SessionNotification, SetSessionConfigOptionRequest,
    SetSessionConfigOptionResponse, SetSessionModeRequest, SetSessionModeResponse,
};
use agent_client_protocol::{
    Agent, Client, ConnectTo, Error, on_receive_notification, on_receive_request,
};
use oi_core::profile::Profile;
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

    /// `session/new` and `session/load`: an engine session (resuming `resume`) in the editor's
    /// directory, with the editor's MCP servers besides the configured ones.
    fn start_session(
        &self,
        cwd: PathBuf,
        mcp_servers: Vec<McpServer>,
        resume: Option<String>,
        cx: ConnectionTo<Client>,
    ) -> Result<Arc<LiveSession>, Error> {
        if let Some(why) = &self.config.refusal {
            return Err(Error::invalid_params().data(why.clone()));
        }
        let mut config = self.config.session.clone();
        config.cwd = cwd;
        mcp::merge(&mut config.mcp_servers, mcp_servers)
            .map_err(|e| Error::invalid_params().data(e.to_string()))?;
        let session = LiveSession::start(
            config,
            resume,
            Some(self.editor(cx)),
            self.config.host.as_ref(),
        )
        .map_err(engine_error)?;
        self.sessions.insert(session.clone());
        Ok(session)
    }

    /// The profiles a session can switch to: the built-in ones and the person's own.
    fn profiles(&self) -> Vec<String> {
        Profile::available(self.config.session.config_dir.as_deref())
    }

    /// The session's approval policy as a mode, and its profile as a config option.
    fn modes_and_options(
        &self,
        session: &LiveSession,
    ) -> (SessionModeState, Vec<SessionConfigOption>) {
        let policy = session.policy.lock().map(|p| *p).unwrap_or_default();
        let profile = session
            .profile
            .lock()
            .map(|p| p.clone())
            .unwrap_or_default();
        (
            modes::mode_state(policy),
            modes::config_options(&profile, self.profiles()),
        )
    }
}

fn capabilities() -> AgentCapabilities {
    AgentCapabilities::new()
        .load_session(true)
        .prompt_capabilities(PromptCapabilities::new().image(true).embedded_context(true))
        // stdio only: HTTP and SSE servers are refused in session/new.
        .mcp_capabilities(McpCapabilities::new().http(false).sse(false))
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
                responder.respond(initialize(&s1, req))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: NewSessionRequest, responder, cx| {
                responder.respond_with_result(new_session(&s2, req, cx))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: LoadSessionRequest, responder, cx| {
                responder.respond_with_result(load_session(&s3, req, cx))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: ListSessionsRequest, responder, _cx| {
                responder.respond_with_result(
                    replay::list(s4.config.data_dir(), req.cwd.as_deref())
                        .map(ListSessionsResponse::new)
                        .map_err(engine_error),
                )
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: PromptRequest, responder, cx| {
                let prompt = s5.session(&req.session_id.0).and_then(|session| {
                    content::input_items(req.prompt)
                        .map(|items| (session, items))
                        .map_err(|e| Error::invalid_params().data(e.to_string()))
                });
                let (session, items) = match prompt {
                    Ok(p) => p,
                    Err(e) => return responder.respond_with_error(e),
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
                responder.respond_with_result(set_mode(&s7, req))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |req: SetSessionConfigOptionRequest, responder, _cx| {
                responder.respond_with_result(set_config_option(&s8, req))
            },
            on_receive_request!(),
        )
        .connect_to(transport)
        .await
}

fn initialize(state: &State, req: InitializeRequest) -> InitializeResponse {
    if let Ok(mut client) = state.client.lock() {
        *client = req.client_capabilities;
    }
    let version = req.protocol_version.min(ProtocolVersion::V1);
    InitializeResponse::new(version)
        .agent_capabilities(capabilities())
        .agent_info(
            Implementation::new("open-interpreter", env!("CARGO_PKG_VERSION"))
                .title("Open Interpreter"),
        )
}

fn new_session(
    state: &State,
    req: NewSessionRequest,
    cx: ConnectionTo<Client>,
) -> Result<NewSessionResponse, Error> {
    let session = state.start_session(req.cwd, req.mcp_servers, None, cx)?;
    let (modes, options) = state.modes_and_options(&session);
    Ok(NewSessionResponse::new(session.id.clone())
        .modes(modes)
        .config_options(options))
}

/// Replays the saved session to the editor, then resumes it.
fn load_session(
    state: &State,
    req: LoadSessionRequest,
    cx: ConnectionTo<Client>,
) -> Result<LoadSessionResponse, Error> {
    let id = req.session_id.0.to_string();
    let sessions = oi_core::store::SessionStore::new(state.config.data_dir());
    match sessions.find(Some(&id)) {
        Ok(found) if found.id == id => {}
        _ => return Err(Error::invalid_params().data(format!("no saved session `{id}`"))),
    }
    let events = sessions.replay(&id).map_err(engine_error)?;
    for update in replay::updates(&events, &req.cwd) {
        cx.send_notification(SessionNotification::new(id.clone(), update))?;
    }
    let session = state.start_session(req.cwd, req.mcp_servers, Some(id), cx)?;
    let (modes, options) = state.modes_and_options(&session);
    Ok(LoadSessionResponse::new()
        .modes(modes)
        .config_options(options))
}

fn set_mode(state: &State, req: SetSessionModeRequest) -> Result<SetSessionModeResponse, Error> {
    let session = state.session(&req.session_id.0)?;
    let policy = modes::policy(&req.mode_id.0)
        .ok_or_else(|| Error::invalid_params().data(format!("no mode `{}`", req.mode_id.0)))?;
    if let Ok(mut p) = session.policy.lock() {
        *p = policy;
    }
    session.submit(Op::SetApprovalPolicy { policy });
    Ok(SetSessionModeResponse::new())
}

fn set_config_option(
    state: &State,
    req: SetSessionConfigOptionRequest,
) -> Result<SetSessionConfigOptionResponse, Error> {
    let session = state.session(&req.session_id.0)?;
    let profiles = state.profiles();
    let value = req.value.as_value_id().map(|v| v.0.to_string());
    let profile = match (&*req.config_id.0, value) {
        (modes::PROFILE_OPTION, Some(p)) if profiles.contains(&p) => p,
        _ => return Err(Error::invalid_params().data("unknown option or value")),
    };
    if let Ok(mut p) = session.profile.lock() {
        p.clone_from(&profile);
    }
    session.submit(Op::SetProfile {
        profile: profile.clone(),
    });
    Ok(SetSessionConfigOptionResponse::new(modes::config_options(
        &profile, profiles,
    )))
}
