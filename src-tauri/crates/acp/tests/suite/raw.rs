//! Bytes that are not ACP: the agent answers with JSON-RPC errors and keeps serving.

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};

use super::harness::Harness;
use oi_test_support::Script;

#[tokio::test]
async fn malformed_and_unknown_messages_get_errors_and_the_agent_goes_on() {
    let h = Harness::start(Script::new(vec![])).await;
    let (agent_end, client_end) = tokio::io::duplex(1 << 16);
    let (agent_read, agent_write) = tokio::io::split(agent_end);
    use tokio_util::compat::{TokioAsyncReadCompatExt, TokioAsyncWriteCompatExt};
    tokio::spawn(oi_acp::serve(
        agent_client_protocol::ByteStreams::new(agent_write.compat_write(), agent_read.compat()),
        oi_acp::AcpConfig::new(h.config.clone()),
    ));
    let (read, mut write) = tokio::io::split(client_end);
    let mut lines = BufReader::new(read).lines();
    let send = async |w: &mut tokio::io::WriteHalf<tokio::io::DuplexStream>, line: &str| {
        w.write_all(format!("{line}\n").as_bytes()).await.unwrap();
    };
    send(
        &mut write,
        r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}"#,
    )
    .await;
    // A client waits for initialize's answer before anything else.
    let first = tokio::time::timeout(std::time::Duration::from_secs(10), lines.next_line())
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    let mut replies = vec![serde_json::from_str::<serde_json::Value>(&first).unwrap()];
    send(&mut write, "this is not json").await;
    send(
        &mut write,
        r#"{"jsonrpc":"2.0","id":7,"method":"no/such_method","params":{}}"#,
    )
    .await;
    send(
        &mut write,
        r#"{"jsonrpc":"2.0","id":8,"method":"session/new","params":{"cwd":42}}"#,
    )
    .await;
    send(
        &mut write,
        r#"{"jsonrpc":"2.0","id":9,"method":"session/list","params":{}}"#,
    )
    .await;
    while replies.len() < 5 {
        let line = tokio::time::timeout(std::time::Duration::from_secs(10), lines.next_line())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        replies.push(serde_json::from_str::<serde_json::Value>(&line).unwrap());
    }
    assert_eq!(
        replies[0]["result"]["protocolVersion"],
        serde_json::json!(1),
        "{replies:#?}"
    );
    assert_eq!(
        replies[1]["error"]["code"],
        serde_json::json!(-32700),
        "{replies:#?}"
    );
    assert_eq!(replies[2]["id"], serde_json::json!(7));
    assert_eq!(
        replies[2]["error"]["code"],
        serde_json::json!(-32601),
        "{replies:#?}"
    );
    assert_eq!(replies[3]["id"], serde_json::json!(8));
    assert_eq!(replies[3]["error"]["code"], serde_json::json!(-32602));
    assert_eq!(replies[4]["id"], serde_json::json!(9));
    assert_eq!(replies[4]["result"]["sessions"], serde_json::json!([]));
}
