//! The sessions this editor connection opened: each one a running engine session and its queues.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use oi_core::{SessionConfig, SessionHandle, SessionRequest};
use oi_protocol::{ApprovalPolicy, Event, Op, Submission};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio_util::sync::CancellationToken;

use crate::bridge::{HostedSession, SessionHost};
use crate::client_env::{AcpEnvironment, Terminals};
use crate::permission::Rejections;

pub struct LiveSession {
    pub id: String,
    pub cwd: PathBuf,
    pub profile: Mutex<String>,
    pub policy: Mutex<ApprovalPolicy>,
    submissions: UnboundedSender<Submission>,
    /// Held by the prompt that is running; a second prompt at the same time is refused.
    pub events: tokio::sync::Mutex<UnboundedReceiver<Event>>,
    /// Cancelled by `session/cancel`: stops waiting for the editor's permission answers.
    turn: Mutex<Option<CancellationToken>>,
    pub rejections: Mutex<Rejections>,
    /// The editor's terminals shown in tool calls (empty when the editor offers none).
    pub terminals: Terminals,
    next_id: AtomicU64,
}

impl LiveSession {
    /// Starts an engine session; with `editor`, its file tools and shell runs go through the editor.
    /// With `host` (the desktop app, over the bridge), the session is shown there too.
    pub fn start(
        config: SessionConfig,
        resume: Option<String>,
        editor: Option<Arc<AcpEnvironment>>,
        host: Option<&Arc<dyn SessionHost>>,
    ) -> Result<Arc<LiveSession>, oi_core::SessionError> {
        let cwd = config.cwd.clone();
        let profile = config.profile.clone();
        let policy = config.approval_policy;
        let editor = editor.filter(|e| e.offers_anything());
        let terminals = editor.as_ref().map(|e| e.terminals()).unwrap_or_default();
        let request = SessionRequest::resuming(resume).with_environment(
            editor
                .clone()
                .map(|e| e as Arc<dyn oi_tools::environment::Environment>),
        );
        let SessionHandle {
            session_id,
            submissions,
            events,
            ..
        } = oi_core::spawn_session(config, request)?;
        if let Some(editor) = &editor {
            editor.set_session_id(&session_id);
        }
        let events = match host {
            Some(host) => {
                let (to_editor, events_for_editor) = tokio::sync::mpsc::unbounded_channel();
                let (to_host, events_for_host) = tokio::sync::mpsc::unbounded_channel();
                tokio::spawn(tee(events, to_editor, to_host));
                host.session_started(HostedSession {
                    id: session_id.clone(),
                    cwd: cwd.clone(),
                    submissions: submissions.clone(),
                    events: events_for_host,
                });
                events_for_editor
            }
            None => events,
        };
        Ok(Arc::new(LiveSession {
            id: session_id,
            cwd,
            profile: Mutex::new(profile),
            policy: Mutex::new(policy),
            submissions,
            events: tokio::sync::Mutex::new(events),
            turn: Mutex::new(None),
            rejections: Mutex::new(Rejections::default()),
            terminals,
            next_id: AtomicU64::new(1),
        }))
    }

    /// Sends an op; returns the submission id its events will carry.
    pub fn submit(&self, op: Op) -> String {
        let id = format!("acp-{}", self.next_id.fetch_add(1, Ordering::Relaxed));
        if self
            .submissions
            .send(Submission { id: id.clone(), op })
            .is_err()
        {
            tracing::warn!(session = %self.id, "the engine session has ended");
        }
        id
    }

    pub fn begin_turn(&self) -> CancellationToken {
        let token = CancellationToken::new();
        if let Ok(mut turn) = self.turn.lock() {
            *turn = Some(token.clone());
        }
        token
    }

    /// `session/cancel`: the engine stops the model and any running code; pending questions end.
    pub fn cancel(&self) {
        if let Some(token) = self.turn.lock().ok().and_then(|mut t| t.take()) {
            token.cancel();
        }
        self.submit(Op::Interrupt);
    }
}

impl Drop for LiveSession {
    fn drop(&mut self) {
        let _ = self.submissions.send(Submission {
            id: "acp-close".into(),
            op: Op::Shutdown,
        });
    }
}

#[derive(Default)]
pub struct Sessions {
    map: Mutex<HashMap<String, Arc<LiveSession>>>,
}

impl Sessions {
    pub fn insert(&self, session: Arc<LiveSession>) {
        if let Ok(mut map) = self.map.lock() {
            map.insert(session.id.clone(), session);
        }
    }

    pub fn get(&self, id: &str) -> Option<Arc<LiveSession>> {
        self.map.lock().ok()?.get(id).cloned()
    }
}

/// Every engine event to the editor's feed and the host's, in order; the host may go away.
async fn tee(
    mut events: UnboundedReceiver<Event>,
    editor: UnboundedSender<Event>,
    host: UnboundedSender<Event>,
) {
    let mut host = Some(host);
    while let Some(event) = events.recv().await {
        if let Some(h) = &host
            && h.send(event.clone()).is_err()
        {
            host = None;
        }
        if editor.send(event).is_err() && host.is_none() {
            return;
        }
    }
}
