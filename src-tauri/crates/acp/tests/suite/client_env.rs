//! The editor as the environment: files through fs/*, commands through terminal/*, against a
//! fake editor that keeps files in memory and "runs" commands by answering with fixed output.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};

use agent_client_protocol::v1::schema::{
    ClientCapabilities, CreateTerminalRequest, CreateTerminalResponse, FileSystemCapabilities,
    ReadTextFileRequest, ReadTextFileResponse, ReleaseTerminalRequest, ReleaseTerminalResponse,
    SessionNotification, TerminalExitStatus, TerminalOutputRequest, TerminalOutputResponse,
    WaitForTerminalExitRequest, WaitForTerminalExitResponse, WriteTextFileRequest,
    WriteTextFileResponse,
};
use agent_client_protocol::{
    Agent, ByteStreams, Client, on_receive_notification, on_receive_request,
};
use oi_acp::client_env::AcpEnvironment;
use oi_tools::environment::{CommandRequest, Environment, EnvironmentError};
use pretty_assertions::assert_eq;
use tokio_util::compat::{TokioAsyncReadCompatExt, TokioAsyncWriteCompatExt};
use tokio_util::sync::CancellationToken;

#[tokio::test]
async fn files_and_commands_go_through_the_editor() {
    let buffers: Arc<Mutex<HashMap<String, String>>> = Arc::default();
    buffers
        .lock()
        .unwrap()
        .insert("/w/a.txt".into(), "unsaved buffer text".into());
    let commands: Arc<Mutex<Vec<String>>> = Arc::default();
    let shown: Arc<Mutex<Vec<serde_json::Value>>> = Arc::default();
    let (b1, b2, c1, s1) = (
        buffers.clone(),
        buffers.clone(),
        commands.clone(),
        shown.clone(),
    );
    let editor = Client
        .v1()
        .on_receive_notification(
            async move |n: SessionNotification, _cx| {
                s1.lock().unwrap().push(serde_json::to_value(&n).unwrap());
                Ok(())
            },
            on_receive_notification!(),
        )
        .on_receive_request(
            async move |r: ReadTextFileRequest, responder, _cx| {
                let text = b1
                    .lock()
                    .unwrap()
                    .get(&r.path.display().to_string())
                    .cloned()
                    .unwrap_or_default();
                responder.respond(ReadTextFileResponse::new(text))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |r: WriteTextFileRequest, responder, _cx| {
                b2.lock()
                    .unwrap()
                    .insert(r.path.display().to_string(), r.content);
                responder.respond(WriteTextFileResponse::new())
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |r: CreateTerminalRequest, responder, _cx| {
                c1.lock()
                    .unwrap()
                    .push(format!("{} {} {:?}", r.command, r.args.join(" "), r.env));
                responder.respond(CreateTerminalResponse::new("term-1"))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |_r: WaitForTerminalExitRequest, responder, _cx| {
                responder.respond(WaitForTerminalExitResponse::new(
                    TerminalExitStatus::new().exit_code(0),
                ))
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |_r: TerminalOutputRequest, responder, _cx| {
                responder.respond(
                    TerminalOutputResponse::new("hi\n", false)
                        .exit_status(TerminalExitStatus::new().exit_code(0)),
                )
            },
            on_receive_request!(),
        )
        .on_receive_request(
            async move |_r: ReleaseTerminalRequest, responder, _cx| {
                responder.respond(ReleaseTerminalResponse::new())
            },
            on_receive_request!(),
        );
    let (agent_end, editor_end) = tokio::io::duplex(1 << 16);
    let (er, ew) = tokio::io::split(editor_end);
    tokio::spawn(editor.connect_to(ByteStreams::new(ew.compat_write(), er.compat())));
    let (ar, aw) = tokio::io::split(agent_end);

    let offered = ClientCapabilities::new()
        .fs(FileSystemCapabilities::new()
            .read_text_file(true)
            .write_text_file(true))
        .terminal(true);
    let (read, run, not_offered) = Agent
        .v1()
        .connect_with(
            ByteStreams::new(aw.compat_write(), ar.compat()),
            async |cx| {
                let env = AcpEnvironment::new(cx.clone(), offered);
                env.set_session_id("s1");
                env.write_text_file(Path::new("/w/b.txt"), "new file\n")
                    .await
                    .unwrap();
                let read = env.read_text_file(Path::new("/w/a.txt")).await.unwrap();
                let request = CommandRequest {
                    call_id: "call_1".into(),
                    program: "bash".into(),
                    args: vec!["-c".into(), "echo hi".into()],
                    cwd: "/w".into(),
                    env: vec![("BASH_ENV".into(), "/state/restore.sh".into())],
                };
                let run = env
                    .run_command(request, CancellationToken::new())
                    .await
                    .unwrap();
                let bare = AcpEnvironment::new(cx, ClientCapabilities::new());
                let not_offered = bare.write_text_file(Path::new("/w/c.txt"), "x").await;
                Ok((read, run, not_offered))
            },
        )
        .await
        .unwrap();
    assert_eq!(read, "unsaved buffer text");
    assert_eq!(
        buffers.lock().unwrap().get("/w/b.txt").map(String::as_str),
        Some("new file\n")
    );
    let env = vec![agent_client_protocol::v1::schema::EnvVariable::new(
        "BASH_ENV",
        "/state/restore.sh",
    )];
    assert_eq!(
        commands.lock().unwrap().as_slice(),
        [format!("bash -c echo hi {env:?}")]
    );
    assert_eq!(
        (run.output.as_str(), run.exit_code, run.killed),
        ("hi\n", Some(0), false)
    );
    assert_eq!(
        not_offered,
        Err(EnvironmentError::NotOffered("fs/write_text_file"))
    );
    // The tool call shows the editor's terminal as soon as it exists.
    assert_eq!(
        shown.lock().unwrap().as_slice(),
        [
            serde_json::json!({"sessionId": "s1", "update": {"sessionUpdate": "tool_call_update", "toolCallId": "call_1",
            "content": [{"type": "terminal", "terminalId": "term-1"}]}})
        ]
    );
}
