//! The tray bridge: the real `interpreter acp` relays an editor to a bridge server running in
//! this test process (the desktop app's server part), whose host answers the approval first.

use std::os::unix::fs::PermissionsExt;
use std::sync::{Arc, Mutex};

use agent_client_protocol::ByteStreams;
use agent_client_protocol::v1::schema::StopReason;
use oi_acp::bridge::{BridgeServer, HostedSession, SessionHost};
use oi_protocol::{ApprovalDecision, EventMsg, Op, Submission};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use pretty_assertions::assert_eq;
use serde_json::json;
use tokio_util::compat::{TokioAsyncReadCompatExt, TokioAsyncWriteCompatExt};

use super::harness::{Answer, Harness, Recorder, client};
use super::pipes::{open, prompt};

/// The app's side: records what it hosts and approves every call the moment it is asked.
#[derive(Debug, Default)]
struct ApprovingApp {
    sessions: Mutex<Vec<String>>,
    seen: Arc<Mutex<Vec<String>>>,
}

impl SessionHost for ApprovingApp {
    fn session_started(&self, mut session: HostedSession) {
        self.sessions.lock().unwrap().push(session.id.clone());
        let seen = self.seen.clone();
        tokio::spawn(async move {
            while let Some(event) = session.events.recv().await {
                let kind = serde_json::to_value(&event.msg).unwrap()["type"]
                    .as_str()
                    .unwrap()
                    .to_string();
                seen.lock().unwrap().push(kind);
                if let EventMsg::ApprovalRequested { call, .. } = event.msg {
                    let op = Op::Approval {
                        call_id: call.call_id,
                        decision: ApprovalDecision::Approve,
                    };
                    session
                        .submissions
                        .send(Submission {
                            id: "app-1".into(),
                            op,
                        })
                        .unwrap();
                }
            }
        });
    }
}

/// What an editor saw of one relayed turn, and what the app saw.
struct Relayed {
    session: String,
    stop: StopReason,
    rec: Recorder,
    app: Arc<ApprovingApp>,
}

/// The app's bridge server (hosting with `h`'s settings) and the real `interpreter acp` started
/// with `flags`, relaying one editor's session and one prompt to it.
async fn relay_one_turn(h: &Harness, flags: &[&str]) -> Relayed {
    let run = tempfile::tempdir().unwrap();
    let socket = run.path().join("open-interpreter/acp.sock");
    let app = Arc::new(ApprovingApp::default());
    let mut config = oi_acp::AcpConfig::new(h.config.clone());
    config.host = Some(app.clone());
    let server = BridgeServer::bind(&socket, config).unwrap();
    assert_eq!(
        std::fs::metadata(&socket).unwrap().permissions().mode() & 0o777,
        0o600
    );
    assert_eq!(
        std::fs::metadata(socket.parent().unwrap())
            .unwrap()
            .permissions()
            .mode()
            & 0o777,
        0o700
    );
    let serving = tokio::spawn(server.run());

    // The editor starts `interpreter acp`; its own data directory stays empty.
    let editor_home = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(super::typescript::interpreter())
        .arg("acp")
        .args(flags)
        .env("OI_BRIDGE_SOCKET", &socket)
        .env("HOME", editor_home.path())
        .env("XDG_DATA_HOME", editor_home.path().join("data"))
        .env("XDG_CONFIG_HOME", editor_home.path().join("config"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let transport = ByteStreams::new(
        child.stdin.take().unwrap().compat_write(),
        child.stdout.take().unwrap().compat(),
    );
    let rec = Recorder::default();
    rec.answer(&[Answer::Hold]);
    let (session, stop) = client(&rec)
        .connect_with(transport, async |cx| {
            let id = open(&cx, h).await?;
            let stop = prompt(&cx, &id, "say it").await?;
            Ok((id, stop))
        })
        .await
        .unwrap();
    assert!(!editor_home.path().join("data").exists());
    drop(child);
    serving.abort();
    Relayed {
        session,
        stop,
        rec,
        app,
    }
}

fn echo_bridged() -> Vec<ScriptedResponse> {
    vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "shell", "code": "echo bridged"}),
        ),
        ScriptedResponse::text("Done."),
    ]
}

#[tokio::test]
async fn an_editor_session_runs_in_the_app_and_the_app_answers_first() {
    let h = Harness::start(Script::new(echo_bridged())).await;
    let Relayed {
        session,
        stop,
        rec,
        app,
    } = relay_one_turn(&h, &[]).await;
    assert_eq!(stop, StopReason::EndTurn);
    assert_eq!(
        app.sessions.lock().unwrap().as_slice(),
        std::slice::from_ref(&session)
    );
    // The editor was asked too; the app's answer came first and the tool ran.
    assert_eq!(rec.asked.lock().unwrap().len(), 1);
    let done = rec
        .wait_for("the result", |u| u["status"] == json!("completed"))
        .await;
    assert_eq!(done["rawOutput"]["output"], json!("bridged\n"));
    let seen = app.seen.lock().unwrap().clone();
    assert!(
        seen.contains(&"approval_decided".to_string()) && seen.contains(&"turn_ended".to_string()),
        "{seen:?}"
    );
    // The session ran in the app: its log is in the app's data directory.
    let logs = oi_core::store::SessionStore::new(&h.config.data_dir)
        .list()
        .unwrap();
    assert_eq!(
        logs.iter().map(|s| s.id.clone()).collect::<Vec<_>>(),
        [session]
    );
    assert_eq!(h.server.model_requests().len(), 2);
}

/// `interpreter acp --model M --api_base URL …` relayed to the app: the session runs in the app
/// (listed there, logged in its data directory) with the editor's model, not the app's.
#[tokio::test]
async fn a_relayed_session_runs_with_the_editors_flags() {
    let h = Harness::start(Script::new(vec![ScriptedResponse::text(
        "the app's model must not be asked",
    )]))
    .await;
    let editors = ScriptedModelServer::start(Script::new(echo_bridged())).await;
    let config = tempfile::tempdir().unwrap();
    let config_file = config.path().join("config.toml");
    std::fs::write(&config_file, "").unwrap();
    let api_base = format!("{}/v1", editors.base_url());
    let Relayed {
        session,
        stop,
        rec,
        app,
    } = relay_one_turn(
        &h,
        &[
            "--model",
            "openai/editors-model",
            "--api_base",
            &api_base,
            "--api_key",
            "editors-key",
            "--max-output",
            "3",
            "--config-file",
            config_file.to_str().unwrap(),
        ],
    )
    .await;
    assert_eq!(stop, StopReason::EndTurn);
    assert_eq!(h.server.model_requests().len(), 0);
    let requests = editors.model_requests();
    assert_eq!(requests.len(), 2);
    assert_eq!(requests[0].body["model"], json!("editors-model"));
    assert_eq!(
        requests[0].header("authorization"),
        Some("Bearer editors-key")
    );
    // --max-output 3: the output was trimmed, for the model and the editor alike.
    let trimmed = "b\n… [trimmed 5 characters of output] …\nd\n";
    let result = requests[1].messages().last().unwrap();
    assert_eq!(result["content"], json!(trimmed));
    let done = rec
        .wait_for("the result", |u| u["status"] == json!("completed"))
        .await;
    assert_eq!(done["rawOutput"]["output"], json!(trimmed));
    assert_eq!(
        app.sessions.lock().unwrap().as_slice(),
        std::slice::from_ref(&session)
    );
    let logs = oi_core::store::SessionStore::new(&h.config.data_dir)
        .list()
        .unwrap();
    assert_eq!(
        logs.iter().map(|s| s.id.clone()).collect::<Vec<_>>(),
        [session]
    );
}

#[tokio::test]
async fn without_the_app_nothing_is_relayed() {
    let run = tempfile::tempdir().unwrap();
    let relayed = oi_acp::bridge::relay_stdio(&run.path().join("acp.sock"), &Default::default())
        .await
        .unwrap();
    assert!(!relayed);
}
