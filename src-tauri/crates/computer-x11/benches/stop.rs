//! How fast Stop stops: the helper's loop on real X devices, an action under way (a long wait,
//! a long hold of shift), and the time from writing `stop` on its request pipe to the action's
//! reply — what the person waits for after pressing Stop, minus the engine's own hop. Run under
//! Xvfb: `Xvfb :77 -screen 0 1920x1080x24 -noreset & DISPLAY=:77 cargo bench -p oi-computer-x11 --bench stop`.

#![allow(clippy::expect_used, clippy::unwrap_used)]

use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use criterion::{Criterion, criterion_group, criterion_main};
use oi_computer::{Computer, ComputerConfig, TakeoverDetector};
use oi_computer_x11::{EnigoInput, XcapScreen};
use serde_json::json;

fn stop_latency(c: &mut Criterion) {
    let dir = tempfile::tempdir().expect("dir");
    let (request_rx, mut requests) = std::io::pipe().expect("pipe");
    let (replies_rx, replies_tx) = std::io::pipe().expect("pipe");
    let config = ComputerConfig::new(dir.path().to_path_buf());
    std::thread::spawn(move || {
        let screen = XcapScreen::connect().expect("a display in DISPLAY (start Xvfb first)");
        let input = EnigoInput::new().expect("input");
        let detector = Arc::new(Mutex::new(TakeoverDetector::default()));
        let mut computer = Computer::new(screen, input, detector.clone(), config);
        oi_computer::wire::serve(
            &mut computer,
            &detector,
            BufReader::new(request_rx),
            replies_tx,
        )
        .expect("serve");
    });
    let mut replies = BufReader::new(replies_rx).lines();
    let mut id = 0u64;
    let mut send = |op: serde_json::Value| {
        id += 1;
        let mut request = op;
        request["id"] = json!(id);
        writeln!(requests, "{request}").expect("write");
        requests.flush().expect("flush");
    };
    let mut group = c.benchmark_group("stop");
    group.sample_size(20);
    for (name, action) in [
        ("wait", json!({"action": "wait", "duration": 30})),
        (
            "hold_shift",
            json!({"action": "hold_key", "text": "shift", "duration": 30}),
        ),
    ] {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                let mut total = Duration::ZERO;
                for _ in 0..iters {
                    send(json!({"op": "perform", "arguments": action}));
                    // Under way.
                    std::thread::sleep(Duration::from_millis(30));
                    let start = Instant::now();
                    send(json!({"op": "stop"}));
                    let line = replies.next().expect("a reply").expect("read");
                    total += start.elapsed();
                    assert!(line.contains("Stopped by the person"), "{line}");
                    // The stop's own reply.
                    let _ = replies.next();
                }
                total
            })
        });
    }
    group.finish();
}

criterion_group!(benches, stop_latency);
criterion_main!(benches);
