//! Frames that are not JSON-RPC down at the byte level (not UTF-8, longer than any message,
//! NULs, nesting no parser follows, blank lines…): each is answered with a parse error
//! (`-32700`, `id: null`) or dropped, and the agent answers the next request as if nothing
//! had happened.

use std::time::Duration;

use oi_acp::pipe::{EditorPipe, MAX_LINE};
use oi_test_support::Script;
use serde_json::{Value, json};
use tokio::io::{
    AsyncBufReadExt, AsyncRead, AsyncWriteExt, BufReader, DuplexStream, Lines, ReadHalf, WriteHalf,
};
use tokio::task::JoinHandle;

use super::harness::Harness;

/// The editor's end of an agent served in memory through an [`EditorPipe`].
struct Editor {
    write: WriteHalf<DuplexStream>,
    read: Replies<ReadHalf<DuplexStream>>,
    served: JoinHandle<Result<(), oi_acp::AcpError>>,
}

fn connect(h: &Harness, max_line: usize) -> Editor {
    let (agent_end, editor_end) = tokio::io::duplex(1 << 16);
    let (agent_read, agent_write) = tokio::io::split(agent_end);
    let served = tokio::spawn(oi_acp::serve(
        EditorPipe::new(agent_read, agent_write).max_line(max_line),
        oi_acp::AcpConfig::new(h.config.clone()),
    ));
    let (read, write) = tokio::io::split(editor_end);
    Editor {
        write,
        read: Replies::new(read),
        served,
    }
}

/// What the agent writes, one JSON-RPC message a line.
struct Replies<R>(Lines<BufReader<R>>);

impl<R: AsyncRead + Unpin> Replies<R> {
    fn new(read: R) -> Self {
        Replies(BufReader::new(read).lines())
    }

    async fn next(&mut self) -> Value {
        let line = tokio::time::timeout(Duration::from_secs(20), self.0.next_line())
            .await
            .expect("no answer from the agent")
            .expect("the agent's stream is not UTF-8 lines")
            .expect("the agent closed its stream");
        let message: Value = serde_json::from_str(&line)
            .unwrap_or_else(|e| panic!("not JSON on the agent's stream ({e}): {line:.300}"));
        assert_eq!(message["jsonrpc"], "2.0", "{line:.300}");
        message
    }

    /// Every message up to the answer to request `id`, and that answer.
    async fn until_answer(&mut self, id: &Value) -> (Vec<Value>, Value) {
        let mut before = Vec::new();
        loop {
            let message = self.next().await;
            if &message["id"] == id && message.get("method").is_none() {
                return (before, message);
            }
            before.push(message);
        }
    }
}

fn initialize(id: impl Into<Value>) -> Vec<u8> {
    let mut line = json!({
        "jsonrpc": "2.0",
        "id": id.into(),
        "method": "initialize",
        "params": {"protocolVersion": 1}
    })
    .to_string()
    .into_bytes();
    line.push(b'\n');
    line
}

fn assert_initialized(answer: &Value) {
    assert_eq!(answer["result"]["protocolVersion"], 1, "{answer:#}");
}

/// Messages for a failure report; an echoed frame can be megabytes long.
fn brief(messages: &[Value]) -> String {
    messages
        .iter()
        .map(|m| format!("{:.300}\n", m.to_string()))
        .collect()
}

fn is_parse_error(message: &Value) -> bool {
    message["id"].is_null() && message["error"]["code"] == -32700
}

#[derive(Debug, Clone, Copy)]
enum Expect {
    ParseError,
    Dropped,
    /// The frame is a request after all; its answer carries this id.
    Answered(i64),
}

#[tokio::test]
async fn each_bad_frame_gets_a_parse_error_or_is_dropped_and_the_next_request_is_answered() {
    let h = Harness::start(Script::new(vec![])).await;
    let mut editor = connect(&h, MAX_LINE);
    let request_over_the_cap = format!(
        r#"{{"jsonrpc":"2.0","id":60,"method":"initialize","params":{{"protocolVersion":1,"pad":"{}"}}}}"#,
        "x".repeat(MAX_LINE)
    );
    let cases: Vec<(&str, Vec<u8>, Expect)> = vec![
        ("invalid UTF-8", b"\xff\xfe\xfd".to_vec(), Expect::ParseError),
        (
            "invalid UTF-8 inside a request",
            [
                &br#"{"jsonrpc":"2.0","id":50,"method":"initialize","params":{"protocolVersion":1,"x":""#[..],
                b"\xc3(",
                br#""}}"#,
            ]
            .concat(),
            Expect::ParseError,
        ),
        ("a lone continuation byte", b"\x80".to_vec(), Expect::ParseError),
        ("an overlong encoding of '/'", b"\xc0\xaf".to_vec(), Expect::ParseError),
        ("a UTF-16 surrogate in UTF-8", b"\xed\xa0\x80".to_vec(), Expect::ParseError),
        ("a line over 10 MB", vec![b'a'; MAX_LINE + 1], Expect::ParseError),
        (
            "a request padded over 10 MB",
            request_over_the_cap.into_bytes(),
            Expect::ParseError,
        ),
        ("NUL bytes", b"\0\0\0\0".to_vec(), Expect::ParseError),
        (
            "a NUL inside a request",
            b"{\"jsonrpc\":\"2.0\",\"id\":51,\"method\":\"initialize\0\",\"params\":{}}".to_vec(),
            Expect::ParseError,
        ),
        ("100k nested arrays", "[".repeat(100_000).into_bytes(), Expect::ParseError),
        (
            "100k nested objects",
            r#"{"a":"#.repeat(100_000).into_bytes(),
            Expect::ParseError,
        ),
        (
            "truncated JSON",
            br#"{"jsonrpc":"2.0","id":52,"method":"initia"#.to_vec(),
            Expect::ParseError,
        ),
        (
            "binary garbage",
            (0..=255u8).rev().filter(|&b| b != b'\n').collect(),
            Expect::ParseError,
        ),
        (
            "control characters",
            b"\x01\x02\x1b[31m\x7f".to_vec(),
            Expect::ParseError,
        ),
        (
            "a byte-order mark before a request",
            "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":54,\"method\":\"session/list\",\"params\":{}}"
                .into(),
            Expect::ParseError,
        ),
        ("an empty line", b"".to_vec(), Expect::Dropped),
        ("only whitespace", b" \t  ".to_vec(), Expect::Dropped),
        ("a lone CR", b"\r".to_vec(), Expect::Dropped),
        (
            "a request ending in CRLF",
            br#"{"jsonrpc":"2.0","id":53,"method":"session/list","params":{}}"#
                .iter()
                .chain(b"\r")
                .copied()
                .collect(),
            Expect::Answered(53),
        ),
    ];
    for (n, (what, mut frame, expect)) in cases.into_iter().enumerate() {
        frame.push(b'\n');
        editor.write.write_all(&frame).await.unwrap();
        let id = json!(1000 + n);
        editor
            .write
            .write_all(&initialize(id.clone()))
            .await
            .unwrap();
        let (before, answer) = editor.read.until_answer(&id).await;
        assert_initialized(&answer);
        match expect {
            Expect::ParseError => assert!(
                before.len() == 1 && is_parse_error(&before[0]),
                "{what}: expected one parse error with id null, got {}",
                brief(&before)
            ),
            Expect::Dropped => assert!(before.is_empty(), "{what}: answered {}", brief(&before)),
            Expect::Answered(request) => assert!(
                before.len() == 1
                    && before[0]["id"] == request
                    && before[0]["result"]["sessions"].is_array(),
                "{what}: expected the answer to request {request}, got {}",
                brief(&before)
            ),
        }
    }
    assert!(!editor.served.is_finished(), "the agent stopped serving");
    // The editor closes its end: the agent ends cleanly.
    editor.write.shutdown().await.unwrap();
    drop(editor.write);
    let served = tokio::time::timeout(Duration::from_secs(10), editor.served)
        .await
        .expect("the agent did not end with its input")
        .unwrap();
    assert!(served.is_ok(), "{served:?}");
}

/// splitmix64: a small seeded generator, so a failing run can be replayed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn byte(&mut self) -> u8 {
        self.next() as u8
    }
}

/// Valid frames to mutate: none of them starts a session (that would start an engine).
const VALID: &[&str] = &[
    r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}"#,
    r#"{"jsonrpc":"2.0","id":2,"method":"session/list","params":{}}"#,
    r#"{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s1"}}"#,
    r#"{"jsonrpc":"2.0","id":"p","method":"session/prompt","params":{"sessionId":"s1","prompt":[{"type":"text","text":"hi ✓"}]}}"#,
    r#"{"jsonrpc":"2.0","id":4,"method":"session/set_mode","params":{"sessionId":"s1","modeId":"auto"}}"#,
    r#"{"jsonrpc":"2.0","id":5,"result":{"outcome":{"outcome":"cancelled"}}}"#,
    r#"{"jsonrpc":"2.0","id":6,"method":"no/such_method"}"#,
    r#"[{"jsonrpc":"2.0","id":7,"method":"session/list","params":{}}]"#,
];

/// One frame (newlines inside it make several).
fn fuzzed_frame(rng: &mut Rng, max_line: usize) -> Vec<u8> {
    match rng.below(1000) {
        // Random bytes.
        0..=199 => (0..rng.below(300)).map(|_| rng.byte()).collect(),
        // Invalid UTF-8 and NULs around a valid frame.
        200..=299 => {
            let valid = VALID[rng.below(VALID.len())].as_bytes();
            let junk: &[u8] =
                [&b"\xff"[..], b"\0", b"\xc3", b"\xed\xa0\x80", b"\0\0\0"][rng.below(5)];
            [junk, valid, junk].concat()
        }
        // Deep nesting, under and over the depth the parser follows.
        300..=309 => {
            let open = ["[", "{\"a\":", "[{\"b\":"][rng.below(3)];
            open.repeat(1 + rng.below(max_line / open.len()))
                .into_bytes()
        }
        // Lines around the cap.
        310..=314 => vec![b'z'; max_line - 100 + rng.below(200)],
        // Blank lines and stray CRs.
        315..=379 => [&b""[..], b"\r", b" ", b"\t\r"][rng.below(4)].to_vec(),
        // A valid frame, mutated.
        _ => mutated(rng),
    }
}

fn mutated(rng: &mut Rng) -> Vec<u8> {
    let mut frame = VALID[rng.below(VALID.len())].as_bytes().to_vec();
    for _ in 0..=rng.below(4) {
        let at = rng.below(frame.len() + 1);
        match rng.below(7) {
            0 if at < frame.len() => frame[at] = rng.byte(),
            1 => frame.insert(at, rng.byte()),
            2 if at < frame.len() => {
                frame.remove(at);
            }
            3 => frame.truncate(at),
            4 => frame.insert(at, 0),
            5 => {
                frame.splice(at..at, [0xf0, 0x28, 0x8c]);
            }
            _ => {
                let tail = frame[at..].to_vec();
                frame.extend_from_slice(&tail);
            }
        }
    }
    frame
}

#[tokio::test]
async fn ten_thousand_fuzzed_frames_leave_the_agent_answering() {
    const FRAMES: usize = 10_000;
    const MAX_LINE: usize = 64 * 1024;
    let h = Harness::start(Script::new(vec![])).await;
    let Editor {
        mut write,
        mut read,
        served,
    } = connect(&h, MAX_LINE);
    let mut rng = Rng(0x0a11_ce5e_ed17);
    let mut input = Vec::new();
    for _ in 0..FRAMES {
        input.extend(fuzzed_frame(&mut rng, MAX_LINE));
        input.push(b'\n');
    }
    // A frame cut short at the end of the fuzz still ends at the next newline.
    input.push(b'\n');
    let last = json!("after-the-fuzz");
    input.extend(initialize(last.clone()));
    // Write and read at once: the agent answers while it reads.
    let writer = tokio::spawn(async move {
        write.write_all(&input).await.unwrap();
        write
    });
    let (before, answer) = tokio::time::timeout(Duration::from_secs(120), read.until_answer(&last))
        .await
        .expect("the agent never answered after the fuzz");
    assert_initialized(&answer);
    let parse_errors = before.iter().filter(|m| is_parse_error(m)).count();
    assert!(
        parse_errors > FRAMES / 4,
        "only {parse_errors} parse errors for {FRAMES} frames"
    );
    assert!(!served.is_finished(), "the agent stopped serving");

    // It still serves an ordinary exchange.
    let mut write = writer.await.unwrap();
    write
        .write_all(
            b"{\"jsonrpc\":\"2.0\",\"id\":\"list\",\"method\":\"session/list\",\"params\":{}}\n",
        )
        .await
        .unwrap();
    let (_, listed) = read.until_answer(&json!("list")).await;
    assert_eq!(listed["result"]["sessions"], json!([]), "{listed:#}");
    write.shutdown().await.unwrap();
    drop(write);
    let served = tokio::time::timeout(Duration::from_secs(10), served)
        .await
        .expect("the agent did not end with its input")
        .unwrap();
    assert!(served.is_ok(), "{served:?}");
}

/// The real `interpreter acp` on its stdin and stdout: the bytes that used to end it.
#[tokio::test]
async fn the_binary_answers_after_invalid_utf8_nuls_and_a_line_over_10_mb() {
    let dirs = tempfile::tempdir().unwrap();
    let mut child = tokio::process::Command::new(super::typescript::interpreter())
        .args(["acp", "--model", "openai/scripted-model"])
        .args([
            "--api_base",
            "http://127.0.0.1:9/v1",
            "--api_key",
            "test-key",
        ])
        .current_dir(dirs.path())
        .env("HOME", dirs.path())
        .env("XDG_DATA_HOME", dirs.path().join("data"))
        .env("XDG_CONFIG_HOME", dirs.path().join("config"))
        // No desktop app to relay to: the agent serves in-process.
        .env("XDG_RUNTIME_DIR", dirs.path().join("run"))
        .env_remove("OI_BRIDGE_SOCKET")
        .env("RUST_LOG", "warn")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut replies = Replies::new(child.stdout.take().unwrap());
    let mut stderr = child.stderr.take().unwrap();
    let logs = tokio::spawn(async move {
        let mut logs = String::new();
        tokio::io::AsyncReadExt::read_to_string(&mut stderr, &mut logs)
            .await
            .unwrap();
        logs
    });

    let mut frames = b"\xff\xfe not UTF-8\n\0\0\0\n".to_vec();
    frames.extend(vec![b'a'; MAX_LINE + 1]);
    frames.extend(b"\n\n");
    frames.extend(initialize(1));
    stdin.write_all(&frames).await.unwrap();
    let (before, answer) = replies.until_answer(&json!(1)).await;
    assert_initialized(&answer);
    assert!(
        before.len() == 3 && before.iter().all(is_parse_error),
        "{}",
        brief(&before)
    );

    drop(stdin);
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("the agent did not exit when its stdin closed")
        .unwrap();
    let logs = logs.await.unwrap();
    assert!(status.success(), "{status}\n{logs}");
    assert!(logs.contains("not UTF-8"), "the log on stderr: {logs}");
}
