//! The sessions this editor connection opened: each one a running engine session and its queues.

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use oi_core::{SessionConfig, SessionHandle};
use oi_protocol::{ApprovalPolicy, Event, Op, Submission};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender};
use tokio_util::sync::CancellationToken;

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
    next_id: AtomicU64,
}

impl LiveSession {
    pub fn start(config: SessionConfig) -> Result<Arc<LiveSession>, oi_core::SessionError> {
        let cwd = config.cwd.clone();
        let profile = config.profile.clone();
        let policy = config.approval_policy;
        let SessionHandle {
            session_id,
            submissions,
            events,
            ..
        } = oi_core::spawn_session(config)?;
        Ok(Arc::new(LiveSession {
            id: session_id,
            cwd,
            profile: Mutex::new(profile),
            policy: Mutex::new(policy),
            submissions,
            events: tokio::sync::Mutex::new(events),
            turn: Mutex::new(None),
            rejections: Mutex::new(Rejections::default()),
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
