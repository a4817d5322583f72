//! A running engine session wired to a scripted model, in temporary directories.

use std::path::{Path, PathBuf};
use std::time::Duration;

use oi_core::{SessionConfig, SessionHandle};
use oi_protocol::{ApprovalDecision, Event, EventMsg, InputItem, Op, Submission};

use crate::{Script, ScriptedModelServer};

/// How long a test waits for one event before failing with what it saw.
pub const EVENT_TIMEOUT: Duration = Duration::from_secs(30);

/// Waits for the first event matching `pred`; panics after [`EVENT_TIMEOUT`] listing the
/// events seen meanwhile (which are consumed).
pub async fn wait_for_event(
    events: &mut tokio::sync::mpsc::UnboundedReceiver<Event>,
    pred: impl Fn(&EventMsg) -> bool,
) -> Event {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + EVENT_TIMEOUT;
    loop {
        match tokio::time::timeout_at(deadline, events.recv()).await {
            Ok(Some(ev)) => {
                if pred(&ev.msg) {
                    return ev;
                }
                seen.push(ev.msg);
            }
            Ok(None) => panic!("the session ended before the expected event; saw {seen:#?}"),
            Err(_) => panic!("no expected event within {EVENT_TIMEOUT:?}; saw {seen:#?}"),
        }
    }
}

/// A session against a scripted server, with its own working, data and config directories.
pub struct SessionFixture {
    pub server: ScriptedModelServer,
    pub handle: SessionHandle,
    pub workdir: PathBuf,
    pub data_dir: PathBuf,
    _dirs: tempfile::TempDir,
    next_id: u64,
}

type Configure = Box<dyn FnOnce(&mut SessionConfig)>;

/// Builds a fixture; adjust the config before it starts.
pub struct SessionFixtureBuilder {
    script: Script,
    model: String,
    configure: Vec<Configure>,
}

impl SessionFixture {
    /// An OpenAI-format session with the classic profile, asking before every run.
    pub fn builder(script: impl Into<Script>) -> SessionFixtureBuilder {
        SessionFixtureBuilder {
            script: script.into(),
            model: "openai/scripted-model".into(),
            configure: Vec::new(),
        }
    }

    pub fn submit(&mut self, op: Op) -> String {
        self.next_id += 1;
        let id = format!("s{}", self.next_id);
        self.handle
            .submissions
            .send(Submission { id: id.clone(), op })
            .expect("the session task ended");
        id
    }

    pub fn say(&mut self, text: &str) -> String {
        self.submit(Op::UserInput {
            items: vec![InputItem::text(text)],
        })
    }

    pub fn approve(&mut self, call_id: &str, decision: ApprovalDecision) {
        self.submit(Op::Approval {
            call_id: call_id.to_string(),
            decision,
        });
    }

    pub async fn wait_for(&mut self, pred: impl Fn(&EventMsg) -> bool) -> Event {
        wait_for_event(&mut self.handle.events, pred).await
    }

    /// The next approval request: its call and the scopes "always" may approve.
    pub async fn next_approval(&mut self) -> (oi_protocol::ToolCall, Vec<oi_protocol::ScopeOffer>) {
        let ev = self
            .wait_for(|m| matches!(m, EventMsg::ApprovalRequested { .. }))
            .await;
        match ev.msg {
            EventMsg::ApprovalRequested { call, scopes, .. } => (call, scopes),
            _ => unreachable!("waited for an approval request"),
        }
    }

    /// Every event until (and including) the end of the current turn.
    pub async fn until_turn_end(&mut self) -> Vec<EventMsg> {
        let mut out = Vec::new();
        loop {
            let ev = self.wait_for(|_| true).await;
            let end = matches!(ev.msg, EventMsg::TurnEnded { .. });
            out.push(ev.msg);
            if end {
                return out;
            }
        }
    }

    pub fn log_path(&self) -> &Path {
        &self.handle.log_path
    }
}

impl SessionFixtureBuilder {
    pub fn model(mut self, model: &str) -> Self {
        self.model = model.to_string();
        self
    }

    pub fn configure(mut self, f: impl FnOnce(&mut SessionConfig) + 'static) -> Self {
        self.configure.push(Box::new(f));
        self
    }

    pub async fn start(self) -> SessionFixture {
        let server = ScriptedModelServer::start(self.script).await;
        let dirs = tempfile::tempdir().expect("temporary directory");
        let workdir = dirs.path().join("work");
        let data_dir = dirs.path().join("data");
        std::fs::create_dir_all(&workdir).expect("work dir");
        let mut config = SessionConfig::new(self.model.clone(), workdir.clone(), data_dir.clone());
        config.api_base = Some(
            if self.model.starts_with("openai/") || !self.model.contains('/') {
                format!("{}/v1", server.base_url())
            } else {
                server.base_url()
            },
        );
        config.api_key = Some("test-key".into());
        config.config_dir = Some(dirs.path().join("config"));
        config.retry.base_delay = Duration::from_millis(10);
        for f in self.configure {
            f(&mut config);
        }
        let mut handle =
            oi_core::spawn_session(config, oi_core::SessionRequest::new()).expect("session starts");
        // The first event describes the session.
        let first = wait_for_event(&mut handle.events, |m| {
            matches!(m, EventMsg::SessionConfigured(_))
        })
        .await;
        drop(first);
        SessionFixture {
            server,
            handle,
            workdir,
            data_dir,
            _dirs: dirs,
            next_id: 0,
        }
    }
}
