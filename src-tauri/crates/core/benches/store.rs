#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Listing sessions: 200 logs of 500 events each (a turn's worth of deltas, output chunks,
//! approvals and token counts, repeated), listed
//! - `list/index_200x500`: through the index beside the logs (`SessionStore::list`: one small
//!   summary read per session, plus whatever each log gained since);
//! - `list/full_parse_200x500`: by parsing every event of every log, as listing did before the
//!   index (the old `list_sessions`).
//!
//! Run: `cargo bench -p oi-core --bench store`.

use std::path::Path;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use oi_core::store::{SessionLog, SessionStore, read_events};
use oi_protocol::{
    ApprovalDecision, ApprovalPolicy, CallOrigin, Decider, Event, EventMsg, InputItem,
    OutputStream, SessionInfo, TokenUsage, ToolAction, ToolCall, TurnEndReason,
};

const SESSIONS: usize = 200;
const EVENTS: usize = 500;

/// The events of one turn with one approved shell run.
fn turn(n: u32) -> Vec<EventMsg> {
    let call = ToolCall {
        call_id: format!("c{n}"),
        wire_id: None,
        name: "execute".into(),
        arguments: serde_json::json!({"language": "shell", "code": "ls -la"}),
        origin: CallOrigin::Native,
        action: ToolAction::RunCode {
            language: "shell".into(),
            code: "ls -la".into(),
        },
    };
    let mut out = vec![
        EventMsg::UserMessage {
            items: vec![InputItem::text(format!(
                "list the files of folder {n} please"
            ))],
        },
        EventMsg::TurnStarted { turn: n },
    ];
    out.extend((0..20).map(|i| EventMsg::AssistantTextDelta {
        delta: format!("word{i} "),
    }));
    out.push(EventMsg::ToolCallProposed { call: call.clone() });
    out.push(EventMsg::ApprovalRequested {
        call,
        warning: None,
        risks: vec![],
        scopes: vec![],
    });
    out.push(EventMsg::ApprovalDecided {
        call_id: format!("c{n}"),
        decision: ApprovalDecision::Approve,
        decider: Decider::User,
    });
    out.extend((0..15).map(|i| EventMsg::ExecOutput {
        call_id: format!("c{n}"),
        stream: OutputStream::Stdout,
        chunk: format!("-rw-r--r-- 1 me me {i}0424 Dec  1 10:00 file-{i}.txt\n"),
    }));
    out.push(EventMsg::TokenUsage(TokenUsage {
        input_tokens: 900,
        output_tokens: 40,
        total_input_tokens: 900 * n,
        total_output_tokens: 40 * n,
    }));
    out.push(EventMsg::TurnEnded {
        turn: n,
        reason: TurnEndReason::Completed,
    });
    out
}

fn write_sessions(data: &Path) {
    let store = SessionStore::new(data);
    for s in 0..SESSIONS {
        let mut log = SessionLog::open(&store.log_path(&format!("session-{s:03}"))).unwrap();
        let mut msgs = vec![EventMsg::SessionConfigured(SessionInfo {
            session_id: format!("session-{s:03}"),
            model: "openai/gpt-4o".into(),
            profile: "classic".into(),
            cwd: format!("/home/me/project-{s}"),
            approval_policy: ApprovalPolicy::Ask,
            log_path: String::new(),
            resumed: false,
            protocol_version: 1,
            sandbox: None,
            safe_mode: Default::default(),
        })];
        let mut n = 1;
        while msgs.len() < EVENTS {
            msgs.extend(turn(n));
            n += 1;
        }
        msgs.truncate(EVENTS);
        for (seq, msg) in msgs.into_iter().enumerate() {
            log.append(&Event {
                id: String::new(),
                seq: seq as u64,
                time_ms: 1_760_000_000_000 + (s * EVENTS + seq) as u64,
                msg,
            })
            .unwrap();
        }
    }
}

fn bench(c: &mut Criterion) {
    let data = tempfile::tempdir().unwrap();
    write_sessions(data.path());
    let store = SessionStore::new(data.path());
    assert_eq!(store.list().unwrap().len(), SESSIONS);
    let mut group = c.benchmark_group("list");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    group.bench_function("index_200x500", |b| {
        b.iter(|| {
            let listed = store.list().unwrap();
            assert_eq!(listed.len(), SESSIONS);
        })
    });
    group.bench_function("full_parse_200x500", |b| {
        b.iter(|| {
            let mut events = 0;
            for entry in std::fs::read_dir(store.dir()).unwrap().flatten() {
                let path = entry.path();
                if path.extension().is_some_and(|e| e == "jsonl") {
                    events += read_events(&path).unwrap().len();
                }
            }
            assert_eq!(events, SESSIONS * EVENTS);
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
