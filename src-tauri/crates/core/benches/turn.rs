#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Engine overhead per turn.
//! - `turn/text_reply`: a whole turn (user message → streamed reply → turn end) against the
//!   scripted server on loopback: engine + HTTP + SSE parsing.
//! - `turn/code_reply`: the same with one approved Python run (kernel round trip included).
//! - `engine/render_50_messages`: what the engine does before each request (profile render of a
//!   50-message history).
//!
//! Run: `cargo bench -p oi-core --bench turn`.

use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use oi_core::history::{History, HistoryItem};
use oi_core::profile::{Profile, PromptContext};
use oi_protocol::{ApprovalPolicy, EventMsg, InputItem};
use oi_test_support::{Script, ScriptedResponse, SessionFixture};

const TURNS: usize = 400;

fn bench_turns(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("turn");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(5));

    let script: Vec<ScriptedResponse> = (0..TURNS * 20)
        .map(|_| ScriptedResponse::text("ok, done."))
        .collect();
    let mut fixture = rt.block_on(SessionFixture::builder(Script::new(script)).start());
    group.bench_function("text_reply", |b| {
        b.iter(|| {
            rt.block_on(async {
                fixture.submit(oi_protocol::Op::Reset);
                fixture.say("hello");
                fixture
                    .wait_for(|m| matches!(m, EventMsg::TurnEnded { .. }))
                    .await;
            })
        })
    });
    drop(fixture);

    let mut script = Vec::new();
    for _ in 0..TURNS * 10 {
        script.push(ScriptedResponse::tool_call(
            "execute",
            serde_json::json!({"language": "python", "code": "1 + 1"}),
        ));
        script.push(ScriptedResponse::text("2"));
    }
    let mut fixture = rt.block_on(
        SessionFixture::builder(Script::new(script))
            .configure(|c| c.approval_policy = ApprovalPolicy::Auto)
            .start(),
    );
    group.bench_function("code_reply", |b| {
        b.iter(|| {
            rt.block_on(async {
                fixture.submit(oi_protocol::Op::Reset);
                fixture.say("add");
                fixture
                    .wait_for(|m| matches!(m, EventMsg::TurnEnded { .. }))
                    .await;
            })
        })
    });
    group.finish();
}

fn bench_render(c: &mut Criterion) {
    let profile = Profile::load("classic", None).unwrap();
    let ctx = PromptContext::current(
        std::path::Path::new("/tmp"),
        &["python".into(), "shell".into()],
    );
    let mut history = History::default();
    for i in 0..25 {
        history.push(HistoryItem::User {
            items: vec![InputItem::text(format!(
                "request number {i} with some words"
            ))],
        });
        history.push(HistoryItem::Assistant {
            text: "An answer of moderate length. ".repeat(10),
            reasoning: String::new(),
            calls: vec![],
            interrupted: false,
        });
    }
    c.bench_function("engine/render_50_messages", |b| {
        b.iter(|| profile.render(&history, &ctx, true))
    });
}

criterion_group!(benches, bench_turns, bench_render);
criterion_main!(benches);
