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

/// Enough scripted replies for warm-up and measurement at a fraction of a millisecond a turn.
const TEXT_TURNS: usize = 100_000;
/// A code turn runs Python and waits for the file watcher's end-of-run sentinel: about a
/// millisecond and a half here, so criterion asks for thousands (2,730 seen in one run).
const CODE_TURNS: usize = 50_000;

/// `iters` whole turns, each on a fresh history, timed inside the runtime (one `block_on` for
/// the batch, so the bench measures the engine rather than waking the runtime per turn).
async fn turns(fixture: &mut SessionFixture, prompt: &str, iters: u64) -> Duration {
    let start = std::time::Instant::now();
    for _ in 0..iters {
        fixture.submit(oi_protocol::Op::Reset);
        fixture.say(prompt);
        fixture
            .wait_for(|m| matches!(m, EventMsg::TurnEnded { .. }))
            .await;
    }
    let elapsed = start.elapsed();
    // A script that ran out would time the error and retry path instead of a turn.
    assert!(
        fixture.server.remaining() > 0 && fixture.server.violations().is_empty(),
        "the bench's script ran out or broke an invariant: {:?}",
        fixture.server.violations()
    );
    elapsed
}

fn bench_turns(c: &mut Criterion) {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let mut group = c.benchmark_group("turn");
    group
        .sample_size(20)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));

    let script: Vec<ScriptedResponse> = (0..TEXT_TURNS)
        .map(|_| ScriptedResponse::text("ok, done."))
        .collect();
    let mut fixture = rt.block_on(SessionFixture::builder(Script::new(script)).start());
    group.bench_function("text_reply", |b| {
        b.iter_custom(|iters| rt.block_on(turns(&mut fixture, "hello", iters)))
    });
    drop(fixture);

    let mut script = Vec::new();
    for _ in 0..CODE_TURNS {
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
        b.iter_custom(|iters| rt.block_on(turns(&mut fixture, "add", iters)))
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
