//! A client and the agent in memory over pipes: the whole ACP surface against a scripted model.

use std::time::{Duration, Instant};

use agent_client_protocol::schema::ProtocolVersion;
use agent_client_protocol::v1::ConnectionTo;
use agent_client_protocol::v1::schema::{
    CancelNotification, InitializeRequest, ListSessionsRequest, LoadSessionRequest,
    NewSessionRequest, PromptRequest, RequestPermissionOutcome, SetSessionConfigOptionRequest,
    SetSessionModeRequest, StopReason,
};
use agent_client_protocol::{Agent, Error};
use oi_test_support::{Script, ScriptedResponse};
use pretty_assertions::assert_eq;
use serde_json::json;

use super::harness::{Answer, Harness, Recorder, client};

fn shell(code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": "shell", "code": code}))
}

pub(super) async fn open(cx: &ConnectionTo<Agent>, h: &Harness) -> Result<String, Error> {
    cx.send_request(InitializeRequest::new(ProtocolVersion::V1))
        .block_task()
        .await?;
    let session = cx
        .send_request(NewSessionRequest::new(h.workdir.clone()))
        .block_task()
        .await?;
    Ok(session.session_id.0.to_string())
}

pub(super) async fn prompt(
    cx: &ConnectionTo<Agent>,
    session: &str,
    text: &str,
) -> Result<StopReason, Error> {
    let response = cx
        .send_request(PromptRequest::new(session.to_string(), vec![text.into()]))
        .block_task()
        .await?;
    Ok(response.stop_reason)
}

fn statuses(rec: &Recorder) -> Vec<String> {
    rec.updates_json()
        .iter()
        .filter_map(|u| {
            Some(format!(
                "{}:{}",
                u["sessionUpdate"].as_str()?,
                u["status"].as_str().unwrap_or("-")
            ))
        })
        .filter(|s| s.starts_with("tool_call"))
        .collect()
}

#[tokio::test]
async fn initialize_offers_load_images_and_listing() {
    let h = Harness::start(Script::new(vec![])).await;
    let rec = Recorder::default();
    let init = client(&rec)
        .connect_with(h.connect(), async |cx| {
            cx.send_request(InitializeRequest::new(ProtocolVersion::V1))
                .block_task()
                .await
        })
        .await
        .unwrap();
    let caps = serde_json::to_value(&init.agent_capabilities).unwrap();
    assert_eq!(caps["loadSession"], json!(true));
    assert_eq!(caps["promptCapabilities"]["image"], json!(true));
    assert_eq!(caps["sessionCapabilities"]["list"], json!({}));
    assert_eq!(
        caps["mcpCapabilities"],
        json!({"http": false, "sse": false})
    );
    assert_eq!(init.protocol_version, ProtocolVersion::V1);
}

/// An MCP server over HTTP or SSE (which initialize said it does not take): session/new fails
/// with an error the editor can show, and the connection goes on.
#[tokio::test]
async fn an_http_or_sse_mcp_server_is_refused_with_a_clear_error() {
    use agent_client_protocol::v1::schema::{McpServer, McpServerHttp, McpServerSse};
    let h = Harness::start(Script::new(vec![])).await;
    let rec = Recorder::default();
    let (http, sse, plain) = client(&rec)
        .connect_with(h.connect(), async |cx| {
            cx.send_request(InitializeRequest::new(ProtocolVersion::V1))
                .block_task()
                .await?;
            let new = |server: Vec<McpServer>| {
                cx.send_request(NewSessionRequest::new(h.workdir.clone()).mcp_servers(server))
                    .block_task()
            };
            let http = new(vec![McpServer::Http(McpServerHttp::new(
                "remote",
                "http://127.0.0.1:1/mcp",
            ))])
            .await;
            let sse = new(vec![McpServer::Sse(McpServerSse::new(
                "events",
                "http://127.0.0.1:1/sse",
            ))])
            .await;
            let plain = new(vec![]).await;
            Ok((http, sse, plain))
        })
        .await
        .unwrap();
    for (refused, name, transport) in [(http, "remote", "HTTP"), (sse, "events", "SSE")] {
        let error = serde_json::to_value(refused.unwrap_err()).unwrap();
        assert_eq!(error["code"], json!(-32602), "{error}");
        let data = error["data"].as_str().unwrap();
        assert!(
            data.contains(&format!("`{name}` is reached over {transport}"))
                && data.contains("stdio"),
            "{data}"
        );
    }
    // The connection goes on: a session without them starts.
    assert!(plain.is_ok());
}

/// The profile picker's choices and the current one, from a session's config options.
fn profile_choices(options: &serde_json::Value) -> (Vec<String>, String) {
    let picker = &options[0];
    assert_eq!(picker["id"], json!("profile"), "{options}");
    let ids = picker["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["value"].as_str().unwrap().to_string())
        .collect();
    (ids, picker["currentValue"].as_str().unwrap().to_string())
}

#[tokio::test]
async fn the_profile_option_offers_and_takes_the_persons_own_profiles() {
    let h = Harness::start(Script::new(vec![])).await;
    let mine = h.config.config_dir.clone().unwrap().join("profiles/mine");
    std::fs::create_dir_all(&mine).unwrap();
    let classic =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../../profiles/classic");
    for entry in std::fs::read_dir(classic).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), mine.join(entry.file_name())).unwrap();
    }
    let rec = Recorder::default();
    let (offered, chosen, unknown) = client(&rec)
        .connect_with(h.connect(), async |cx| {
            cx.send_request(InitializeRequest::new(ProtocolVersion::V1))
                .block_task()
                .await?;
            let new = cx
                .send_request(NewSessionRequest::new(h.workdir.clone()))
                .block_task()
                .await?;
            let session = new.session_id.0.to_string();
            let chosen = cx
                .send_request(SetSessionConfigOptionRequest::new(
                    session.clone(),
                    "profile",
                    "mine",
                ))
                .block_task()
                .await?;
            let unknown = cx
                .send_request(SetSessionConfigOptionRequest::new(
                    session, "profile", "nope",
                ))
                .block_task()
                .await;
            Ok((new.config_options, chosen.config_options, unknown))
        })
        .await
        .unwrap();
    let mut expected: Vec<String> = oi_core::profile::Profile::builtin_ids()
        .into_iter()
        .map(String::from)
        .collect();
    expected.push("mine".into());
    let offered = serde_json::to_value(offered).unwrap();
    assert_eq!(
        profile_choices(&offered),
        (expected.clone(), "classic".into())
    );
    let chosen = serde_json::to_value(chosen).unwrap();
    assert_eq!(profile_choices(&chosen), (expected, "mine".into()));
    assert!(unknown.is_err(), "{unknown:?}");
}

#[tokio::test]
async fn a_turn_streams_text_asks_runs_and_ends() {
    let h = Harness::start(Script::new(vec![
        ScriptedResponse::reasoning("Thinking.")
            .then_text("I'll look.")
            .then_tool_call("execute", json!({"language": "shell", "code": "echo hi"})),
        ScriptedResponse::text("It said hi."),
    ]))
    .await;
    let rec = Recorder::default();
    let (stop, session) = client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            Ok((prompt(&cx, &session, "say hi").await?, session))
        })
        .await
        .unwrap();
    assert_eq!(stop, StopReason::EndTurn);
    assert_eq!(rec.text(), "I'll look.It said hi.");
    let asked = rec.asked.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    // Exactly the scopes the engine offered, in its words.
    let options: Vec<(String, String)> = asked[0]
        .options
        .iter()
        .map(|o| (o.option_id.0.to_string(), o.name.clone()))
        .collect();
    let option = |id: &str, name: &str| (id.to_string(), name.to_string());
    assert_eq!(
        options,
        [
            option("allow_once", "Allow"),
            option(
                "allow_always:0",
                "Always allow commands starting `echo hi`, this session"
            ),
            option(
                "allow_always:1",
                "Always allow commands starting `echo hi`, in this project, across sessions"
            ),
            option("reject_once", "Reject"),
            option(
                "reject_always",
                "Always reject commands starting `echo hi`, this session"
            ),
        ]
    );
    assert_eq!(asked[0].session_id.0.as_ref(), session);
    let updates = rec.updates_json();
    assert_eq!(updates[0]["sessionUpdate"], json!("agent_thought_chunk"));
    assert_eq!(
        statuses(&rec).first().map(String::as_str),
        Some("tool_call:-")
    );
    assert_eq!(
        statuses(&rec).last().map(String::as_str),
        Some("tool_call_update:completed")
    );
    let done = updates
        .iter()
        .rev()
        .find(|u| u["status"] == json!("completed"))
        .unwrap();
    assert_eq!(
        done["content"][0]["content"]["text"],
        json!("```console\nhi\n```")
    );
    assert_eq!(done["rawOutput"]["output"], json!("hi\n"));
}

#[tokio::test]
async fn a_rejected_call_does_not_run() {
    let h = Harness::start(Script::new(vec![
        shell("touch made.txt"),
        ScriptedResponse::text("Fine."),
    ]))
    .await;
    let rec = Recorder::default();
    rec.answer(&[Answer::Pick("reject_once")]);
    let stop = client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            prompt(&cx, &session, "make a file").await
        })
        .await
        .unwrap();
    assert_eq!(stop, StopReason::EndTurn);
    assert!(!h.workdir.join("made.txt").exists());
    assert_eq!(
        statuses(&rec).last().map(String::as_str),
        Some("tool_call_update:failed")
    );
}

#[tokio::test]
async fn always_answers_are_remembered_with_their_scope() {
    let h = Harness::start(Script::new(vec![
        shell("echo hello one"),
        shell("echo hello two"),
        shell("echo hi && echo hello three"),
        shell("rm nothing.txt x"),
        shell("rm nothing.txt y"),
        shell("ls"),
        ScriptedResponse::text("done"),
    ]))
    .await;
    let rec = Recorder::default();
    rec.answer(&[
        Answer::Pick("allow_always:0"),
        Answer::Pick("reject_once"),
        Answer::Pick("reject_always"),
        Answer::Pick("allow_once"),
    ]);
    client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            prompt(&cx, &session, "go").await
        })
        .await
        .unwrap();
    let asked: Vec<String> = rec
        .asked
        .lock()
        .unwrap()
        .iter()
        .map(|r| r.tool_call.fields.title.clone().unwrap())
        .collect();
    assert_eq!(
        asked,
        [
            "`echo hello one`",
            "`echo hi && echo hello three`",
            "`rm nothing.txt x`",
            "`ls`"
        ],
        "`echo hello two` ran and `rm nothing.txt y` was declined without asking; a block \
         with another command still asked"
    );
    let results: Vec<_> = rec
        .updates_json()
        .into_iter()
        .filter_map(|u| Some(u["rawOutput"]["output"].as_str()?.to_string()))
        .collect();
    assert_eq!(
        results[..2],
        ["hello one\n".to_string(), "hello two\n".to_string()]
    );
}

#[tokio::test]
async fn cancel_stops_running_code_and_the_turn_ends_cancelled() {
    let h = Harness::start(Script::new(vec![
        shell("sleep 30"),
        ScriptedResponse::text("after"),
    ]))
    .await;
    let rec = Recorder::default();
    let (stop, took) = client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            cx.send_request(SetSessionModeRequest::new(session.clone(), "auto"))
                .block_task()
                .await?;
            let running = cx.send_request(PromptRequest::new(session.clone(), vec!["wait".into()]));
            rec.wait_for("the run", |u| u["status"] == json!("in_progress"))
                .await;
            let asked = Instant::now();
            cx.send_notification(CancelNotification::new(session.clone()))?;
            let stop = running.block_task().await?.stop_reason;
            Ok((stop, asked.elapsed()))
        })
        .await
        .unwrap();
    assert_eq!(stop, StopReason::Cancelled);
    assert!(took < Duration::from_secs(10), "{took:?}");
    assert!(
        rec.asked.lock().unwrap().is_empty(),
        "auto mode asks nothing"
    );
}

#[tokio::test]
async fn cancel_while_a_permission_is_open_ends_the_turn() {
    let h = Harness::start(Script::new(vec![
        shell("touch never.txt"),
        ScriptedResponse::text("after"),
    ]))
    .await;
    let rec = Recorder::default();
    rec.answer(&[Answer::Hold]);
    let stop = client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            let running = cx.send_request(PromptRequest::new(session.clone(), vec!["go".into()]));
            rec.wait_asked(1).await;
            cx.send_notification(CancelNotification::new(session.clone()))?;
            // A client answers its open questions with `cancelled` after a cancel.
            rec.answer_held(RequestPermissionOutcome::Cancelled);
            let stop = running.block_task().await?.stop_reason;
            // The session is still usable.
            assert_eq!(prompt(&cx, &session, "again").await?, StopReason::EndTurn);
            Ok(stop)
        })
        .await
        .unwrap();
    assert_eq!(stop, StopReason::Cancelled);
    assert!(!h.workdir.join("never.txt").exists());
}

#[tokio::test]
async fn a_saved_session_is_listed_and_loads_with_its_conversation() {
    let h = Harness::start(Script::new(vec![
        ScriptedResponse::text("First answer."),
        ScriptedResponse::text("Second answer."),
    ]))
    .await;
    let first = Recorder::default();
    let session = client(&first)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            prompt(&cx, &session, "first question").await?;
            Ok(session)
        })
        .await
        .unwrap();

    let rec = Recorder::default();
    let (listed, stop) = client(&rec)
        .connect_with(h.connect(), async |cx| {
            cx.send_request(InitializeRequest::new(ProtocolVersion::V1))
                .block_task()
                .await?;
            let listed = cx
                .send_request(ListSessionsRequest::new())
                .block_task()
                .await?;
            cx.send_request(LoadSessionRequest::new(session.clone(), h.workdir.clone()))
                .block_task()
                .await?;
            Ok((listed, prompt(&cx, &session, "second question").await?))
        })
        .await
        .unwrap();
    assert_eq!(listed.sessions.len(), 1);
    assert_eq!(listed.sessions[0].session_id.0.as_ref(), session);
    assert_eq!(listed.sessions[0].title.as_deref(), Some("first question"));
    let updates = rec.updates_json();
    assert_eq!(
        updates[..2],
        [
            json!({"sessionUpdate": "user_message_chunk", "content": {"type": "text", "text": "first question"}}),
            json!({"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "First answer."}}),
        ]
    );
    assert_eq!(stop, StopReason::EndTurn);
    let second = &h.server.model_requests()[1];
    assert!(
        serde_json::to_string(&second.messages())
            .unwrap()
            .contains("First answer."),
        "the model sees the loaded history"
    );
}

#[tokio::test]
async fn unknown_sessions_and_modes_are_errors_and_the_agent_goes_on() {
    let h = Harness::start(Script::new(vec![ScriptedResponse::text("ok")])).await;
    let rec = Recorder::default();
    client(&rec)
        .connect_with(h.connect(), async |cx| {
            let session = open(&cx, &h).await?;
            let e = cx
                .send_request(PromptRequest::new("nope", vec!["x".into()]))
                .block_task()
                .await
                .unwrap_err();
            assert_eq!(i32::from(e.code), -32602);
            let e = cx
                .send_request(SetSessionModeRequest::new(session.clone(), "yolo"))
                .block_task()
                .await
                .unwrap_err();
            assert_eq!(i32::from(e.code), -32602);
            assert_eq!(
                prompt(&cx, &session, "still there?").await?,
                StopReason::EndTurn
            );
            Ok(())
        })
        .await
        .unwrap();
}
