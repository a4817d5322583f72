//! An agent served over in-memory pipes to a recording fake client.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use agent_client_protocol::v1::schema::{
    PermissionOptionId, RequestPermissionOutcome, RequestPermissionRequest,
    RequestPermissionResponse, SelectedPermissionOutcome, SessionNotification, SessionUpdate,
};
use agent_client_protocol::v1::{Builder, Responder};
use agent_client_protocol::{
    Agent, ByteStreams, Client, HandleDispatchFrom, on_receive_notification, on_receive_request,
};
use oi_core::SessionConfig;
use oi_test_support::{Script, ScriptedModelServer};
use tokio_util::compat::{Compat, TokioAsyncReadCompatExt, TokioAsyncWriteCompatExt};

pub type PipeTransport = ByteStreams<
    Compat<tokio::io::WriteHalf<tokio::io::DuplexStream>>,
    Compat<tokio::io::ReadHalf<tokio::io::DuplexStream>>,
>;

/// How the fake client answers the next permission request.
#[derive(Clone, Copy, Debug)]
pub enum Answer {
    Pick(&'static str),
    /// Keep the question open (the test answers it later).
    Hold,
}

#[derive(Clone, Default)]
pub struct Recorder {
    pub updates: Arc<Mutex<Vec<SessionNotification>>>,
    pub asked: Arc<Mutex<Vec<RequestPermissionRequest>>>,
    answers: Arc<Mutex<VecDeque<Answer>>>,
    held: Arc<Mutex<Vec<Responder<RequestPermissionResponse>>>>,
}

impl Recorder {
    pub fn answer(&self, answers: &[Answer]) {
        self.answers.lock().unwrap().extend(answers.iter().copied());
    }

    pub fn answer_held(&self, outcome: RequestPermissionOutcome) {
        for responder in self.held.lock().unwrap().drain(..) {
            let _ = responder.respond(RequestPermissionResponse::new(outcome.clone()));
        }
    }

    pub fn updates_json(&self) -> Vec<serde_json::Value> {
        self.updates
            .lock()
            .unwrap()
            .iter()
            .map(|n| serde_json::to_value(&n.update).unwrap())
            .collect()
    }

    pub fn text(&self) -> String {
        self.updates
            .lock()
            .unwrap()
            .iter()
            .filter_map(|n| match &n.update {
                SessionUpdate::AgentMessageChunk(c) => {
                    serde_json::to_value(&c.content).ok()?["text"]
                        .as_str()
                        .map(String::from)
                }
                _ => None,
            })
            .collect()
    }

    pub async fn wait_for(
        &self,
        what: &str,
        pred: impl Fn(&serde_json::Value) -> bool,
    ) -> serde_json::Value {
        for _ in 0..400 {
            if let Some(found) = self.updates_json().into_iter().find(|u| pred(u)) {
                return found;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!("no update for {what}; got {:#?}", self.updates_json());
    }

    pub async fn wait_asked(&self, n: usize) {
        for _ in 0..400 {
            if self.asked.lock().unwrap().len() >= n {
                return;
            }
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
        panic!(
            "the agent asked {} times, not {n}",
            self.asked.lock().unwrap().len()
        );
    }
}

pub fn client(rec: &Recorder) -> Builder<Client, impl HandleDispatchFrom<Agent> + 'static> {
    let (r1, r2) = (rec.clone(), rec.clone());
    Client
        .v1()
        .name("recording-client")
        .on_receive_notification(
            async move |n: SessionNotification, _cx| {
                r1.updates.lock().unwrap().push(n);
                Ok(())
            },
            on_receive_notification!(),
        )
        .on_receive_request(
            async move |req: RequestPermissionRequest, responder, _cx| {
                r2.asked.lock().unwrap().push(req);
                let answer = r2
                    .answers
                    .lock()
                    .unwrap()
                    .pop_front()
                    .unwrap_or(Answer::Pick("allow_once"));
                match answer {
                    Answer::Pick(id) => responder.respond(RequestPermissionResponse::new(
                        RequestPermissionOutcome::Selected(SelectedPermissionOutcome::new(
                            PermissionOptionId::new(id),
                        )),
                    )),
                    Answer::Hold => {
                        r2.held.lock().unwrap().push(responder);
                        Ok(())
                    }
                }
            },
            on_receive_request!(),
        )
}

/// A scripted model, temporary work and data directories, and the agent serving one pipe.
pub struct Harness {
    pub server: ScriptedModelServer,
    pub workdir: PathBuf,
    pub config: SessionConfig,
    _dirs: tempfile::TempDir,
}

impl Harness {
    pub async fn start(script: Script) -> Harness {
        let server = ScriptedModelServer::start(script).await;
        let dirs = tempfile::tempdir().unwrap();
        let workdir = dirs.path().join("work");
        std::fs::create_dir_all(&workdir).unwrap();
        let mut config = SessionConfig::new(
            "openai/scripted-model",
            workdir.clone(),
            dirs.path().join("data"),
        );
        config.api_base = Some(format!("{}/v1", server.base_url()));
        config.api_key = Some("test-key".into());
        config.config_dir = Some(dirs.path().join("config"));
        config.retry.base_delay = Duration::from_millis(10);
        Harness {
            server,
            workdir,
            config,
            _dirs: dirs,
        }
    }

    /// Starts an agent (a fresh editor connection) and returns the client's end of its pipe.
    pub fn connect(&self) -> PipeTransport {
        let (agent_end, client_end) = tokio::io::duplex(1 << 20);
        let (agent_read, agent_write) = tokio::io::split(agent_end);
        let config = oi_acp::AcpConfig::new(self.config.clone());
        tokio::spawn(oi_acp::serve(
            ByteStreams::new(agent_write.compat_write(), agent_read.compat()),
            config,
        ));
        let (client_read, client_write) = tokio::io::split(client_end);
        ByteStreams::new(client_write.compat_write(), client_read.compat())
    }
}
