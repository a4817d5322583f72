//! Screenshot cost at 1920x1080: the raw capture alone against capture + scale to the model's
//! size + PNG (and JPEG) encoding, on the display in DISPLAY (run under Xvfb:
//! `Xvfb :77 -screen 0 1920x1080x24 -noreset & DISPLAY=:77 cargo bench -p oi-computer-x11`).

#![allow(clippy::expect_used, clippy::unwrap_used)]

use criterion::{Criterion, criterion_group, criterion_main};
use oi_computer::encode::{ImageEncoding, encode, scale};
use oi_computer::{MODEL_SIZES, Screen, model_size};
use oi_computer_x11::XcapScreen;

fn screenshot(c: &mut Criterion) {
    let mut screen = XcapScreen::connect().expect("a display in DISPLAY (start Xvfb first)");
    let monitor = screen.monitors().expect("monitors").remove(0);
    let (w, h) = model_size(monitor.bounds.width, monitor.bounds.height, &MODEL_SIZES);
    let mut group = c.benchmark_group(format!(
        "screenshot_{}x{}",
        monitor.bounds.width, monitor.bounds.height
    ));
    group.sample_size(20);
    group.bench_function("raw_capture", |b| {
        b.iter(|| screen.capture_monitor(&monitor).expect("capture"))
    });
    group.bench_function("capture_scale_png", |b| {
        b.iter(|| {
            let raw = screen.capture_monitor(&monitor).expect("capture");
            encode(&scale(&raw, w, h), ImageEncoding::Png).expect("png")
        })
    });
    group.bench_function("capture_scale_jpeg80", |b| {
        b.iter(|| {
            let raw = screen.capture_monitor(&monitor).expect("capture");
            encode(&scale(&raw, w, h), ImageEncoding::Jpeg(80)).expect("jpeg")
        })
    });
    let raw = screen.capture_monitor(&monitor).expect("capture");
    group.bench_function("scale_only", |b| b.iter(|| scale(&raw, w, h)));
    group.finish();
}

criterion_group!(benches, screenshot);
criterion_main!(benches);
