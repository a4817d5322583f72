//! Computer use against a real X server (a private Xvfb per test) and a real Tk application
//! that prints what it receives; xdotool checks the pointer from outside.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::Path;
use std::process::Stdio;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use oi_computer::{ComputerClient, ComputerConfig, ScaleMap};
use oi_product_tests::binary;
use oi_protocol::{Point, Rect};
use oi_test_support::XvfbFixture;
use pretty_assertions::assert_eq;
use serde_json::{Value, json};

const PROBE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/probe_app.py");

/// An X server with the probe application on it.
pub struct Desktop {
    pub x: XvfbFixture,
    lines: mpsc::Receiver<String>,
    pub geom: HashMap<String, Rect>,
}

impl Desktop {
    pub fn start(width: u32, height: u32) -> Desktop {
        let mut x = XvfbFixture::start(width, height);
        let mut child = x
            .command("python3")
            .args([PROBE, &width.to_string(), &height.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 with tkinter (python3-tk)");
        let stdout = child.stdout.take().expect("stdout");
        x.adopt(child);
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in std::io::BufReader::new(stdout)
                .lines()
                .map_while(Result::ok)
            {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut desktop = Desktop {
            x,
            lines,
            geom: HashMap::new(),
        };
        loop {
            let line = desktop
                .next_line(Duration::from_secs(20))
                .expect("the probe app did not start");
            let parts: Vec<&str> = line.split_whitespace().collect();
            match parts.as_slice() {
                ["geom", name, x, y, w, h] => {
                    let n = |s: &str| s.parse::<i64>().expect("number");
                    desktop.geom.insert(
                        name.to_string(),
                        Rect {
                            x: n(x) as i32,
                            y: n(y) as i32,
                            width: n(w) as u32,
                            height: n(h) as u32,
                        },
                    );
                }
                ["ready"] => break,
                _ => {}
            }
        }
        desktop
    }

    fn next_line(&self, limit: Duration) -> Option<String> {
        self.lines.recv_timeout(limit).ok()
    }

    /// Waits for the app to print a line starting with `prefix`; earlier lines are dropped.
    pub fn expect_line(&self, prefix: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        let mut seen = Vec::new();
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.next_line(left) {
                Some(line) if line.starts_with(prefix) => return line,
                Some(line) => seen.push(line),
                None => break,
            }
        }
        panic!("the app never printed `{prefix}…`; it printed {seen:?}");
    }

    /// Lines printed until it goes quiet for a moment.
    pub fn drain(&self) -> Vec<String> {
        let mut out = Vec::new();
        while let Some(line) = self.next_line(Duration::from_millis(300)) {
            out.push(line);
        }
        out
    }

    pub fn center(&self, name: &str) -> Point {
        let r = self.geom[name];
        Point {
            x: r.x + r.width as i32 / 2,
            y: r.y + r.height as i32 / 2,
        }
    }

    /// Where the pointer is, says xdotool.
    pub fn pointer(&self) -> Point {
        let out = self.x.run("xdotool", &["getmouselocation", "--shell"]);
        let get = |k: &str| {
            out.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .and_then(|v| v.trim().parse().ok())
                .expect("xdotool coordinate")
        };
        Point {
            x: get("X"),
            y: get("Y"),
        }
    }
}

pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("runtime")
}

pub async fn helper(desktop: &Desktop, dir: &Path) -> ComputerClient {
    let mut config = ComputerConfig::new(dir.to_path_buf());
    config.settle_ms = 150;
    ComputerClient::start(
        Some(&binary("interpreter-computer")),
        Some(desktop.x.display()),
        config,
    )
    .await
    .unwrap_or_else(|e| panic!("helper: {e}"))
}

/// How a whole screen of this size maps to the model's screenshots.
pub fn screen_map(width: u32, height: u32) -> ScaleMap {
    ScaleMap::new(
        Rect {
            x: 0,
            y: 0,
            width,
            height,
        },
        &oi_computer::MODEL_SIZES,
    )
}

/// PNG width and height from its header.
fn png_size(path: &str) -> (u32, u32) {
    let bytes = std::fs::read(path).expect("screenshot file");
    assert_eq!(&bytes[1..4], b"PNG", "{path} is not a PNG");
    let n = |i: usize| u32::from_be_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    (n(16), n(20))
}

fn model_point(map: &ScaleMap, real: Point) -> Value {
    let (x, y) = map.to_model(real).expect("inside the screen");
    json!([x, y])
}

/// Model coordinates land on exactly the real pixel the mapping names, and a click there
/// reaches the button under it, at every screen size the issue names.
fn scaling_is_exact(width: u32, height: u32, model: (u32, u32)) {
    let desktop = Desktop::start(width, height);
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        let shot = h
            .perform(&json!({"action": "screenshot"}), None)
            .await
            .expect("screenshot");
        let info = shot.screenshot.expect("screenshot info");
        assert_eq!(
            (info.width, info.height),
            model,
            "model size for {width}x{height}"
        );
        assert_eq!(png_size(&info.path), model);
        assert_eq!(
            info.source,
            Rect {
                x: 0,
                y: 0,
                width,
                height
            }
        );
        let map = ScaleMap {
            source: info.source,
            model_width: info.width,
            model_height: info.height,
        };

        let mut targets: Vec<Point> = ["button", "entry", "pad", "lines", "paint"]
            .iter()
            .map(|n| desktop.center(n))
            .collect();
        targets.extend([
            Point { x: 0, y: 0 },
            Point {
                x: width as i32 - 1,
                y: height as i32 - 1,
            },
            Point {
                x: 1,
                y: height as i32 / 3,
            },
        ]);
        for real in targets {
            let (mx, my) = map.to_model(real).expect("inside");
            let expected = map.to_real(mx, my).expect("inside");
            let out = h
                .perform(
                    &json!({"action": "mouse_move", "coordinate": [mx, my]}),
                    None,
                )
                .await
                .expect("move");
            assert_eq!(
                desktop.pointer(),
                expected,
                "{width}x{height}: model ({mx},{my}) for real {real:?}"
            );
            // The mapping error is below one model pixel in real pixels.
            assert!(
                (expected.x - real.x).unsigned_abs() <= width.div_ceil(model.0),
                "{expected:?} vs {real:?}"
            );
            let record = out.record.expect("record");
            let last = record.actual_path.last().expect("actual path");
            assert_eq!((last.x, last.y), (expected.x, expected.y));
            let pos = h
                .perform(&json!({"action": "cursor_position"}), None)
                .await
                .expect("cursor");
            assert_eq!(pos.text, format!("X={mx},Y={my}"));
        }

        let at = model_point(&map, desktop.center("button"));
        desktop.drain();
        h.perform(&json!({"action": "left_click", "coordinate": at}), None)
            .await
            .expect("click");
        let press = desktop.expect_line("press 1 ");
        let expected = map
            .to_real(at[0].as_i64().unwrap_or(0), at[1].as_i64().unwrap_or(0))
            .expect("inside");
        assert_eq!(press, format!("press 1 {} {}", expected.x, expected.y));
        desktop.expect_line("clicked Press me");
    });
}

#[test]
fn scaling_is_exact_at_1920x1080() {
    scaling_is_exact(1920, 1080, (1366, 768));
}

#[test]
fn scaling_is_exact_at_1280x800() {
    scaling_is_exact(1280, 800, (1280, 800));
}

#[test]
fn scaling_is_exact_at_2560x1440() {
    scaling_is_exact(2560, 1440, (1366, 768));
}

#[test]
fn typing_drag_scroll_and_screen_diffs_reach_the_app() {
    let desktop = Desktop::start(1920, 1080);
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        let (_, map) = look(&mut h).await;
        let to_real = |v: &Value| real_of(&map, v);

        // Type into the entry (chunked: longer than one chunk), then a key combination.
        h.perform(&json!({"action": "left_click", "coordinate": model_point(&map, desktop.center("entry"))}), None).await.expect("click");
        let text = "Typed by the agent, with punctuation: 1+2=3; and more than fifty characters.";
        h.perform(&json!({"action": "type", "text": text}), None).await.expect("type");
        desktop.expect_line(&format!("entry {text:?}").replace('"', "'"));
        h.perform(&json!({"action": "key", "text": "BackSpace ctrl+a"}), None).await.expect("key");
        desktop.expect_line(&format!("entry '{}'", &text[..text.len() - 1]));

        // Drag inside the pad: pressed at the start, released at the end, in real pixels.
        let pad = desktop.geom["pad"];
        let from = model_point(&map, Point { x: pad.x + 40, y: pad.y + 30 });
        let to = model_point(&map, Point { x: pad.x + 300, y: pad.y + 150 });
        desktop.drain();
        let out = h.perform(&json!({"action": "left_click_drag", "start_coordinate": from, "coordinate": to}), None).await.expect("drag");
        let (a, b) = (to_real(&from), to_real(&to));
        desktop.expect_line(&format!("drag {} {} to {} {}", a.x, a.y, b.x, b.y));
        let record = out.record.expect("record");
        assert!(record.planned_path.len() > 10, "a drag travels: {:?}", record.planned_path.len());
        assert!(record.actual_path.len() > 10);

        // Scroll the text: two wheel clicks down, one up.
        let lines = model_point(&map, desktop.center("lines"));
        desktop.drain();
        h.perform(&json!({"action": "scroll", "coordinate": lines, "scroll_direction": "down", "scroll_amount": 2}), None).await.expect("scroll");
        h.perform(&json!({"action": "scroll", "coordinate": lines, "scroll_direction": "up", "scroll_amount": 1}), None).await.expect("scroll");
        let wheel: Vec<String> = desktop.drain().into_iter().filter(|l| l.starts_with("wheel")).collect();
        assert_eq!(wheel, ["wheel down", "wheel down", "wheel up"]);

        // Painting the patch black: one changed box is exactly the patch.
        let out = h.perform(&json!({"action": "left_click", "coordinate": model_point(&map, desktop.center("paint"))}), None).await.expect("paint");
        let diff = out.diff.expect("diff");
        assert!(diff.changed_regions.contains(&desktop.geom["patch"]), "{:?} should hold {:?}", diff.changed_regions, desktop.geom["patch"]);
        for path in [&diff.before, &diff.after, &diff.diff_image] {
            assert_eq!(png_size(path), (1366, 768), "{path}");
        }
        let quiet = h.perform(&json!({"action": "mouse_move", "coordinate": [5, 5]}), None).await.expect("move");
        assert!(quiet.diff.expect("diff").changed_fraction < 0.01, "a pointer move changes little");
    });
}

/// A full screenshot and how its pixels map to the screen's.
async fn look(h: &mut ComputerClient) -> (oi_protocol::ScreenshotInfo, ScaleMap) {
    let shot = h
        .perform(&json!({"action": "screenshot"}), None)
        .await
        .expect("screenshot")
        .screenshot
        .expect("info");
    let map = ScaleMap {
        source: shot.source,
        model_width: shot.width,
        model_height: shot.height,
    };
    (shot, map)
}

/// A model point `[x, y]` in screen pixels.
fn real_of(map: &ScaleMap, v: &Value) -> Point {
    map.to_real(v[0].as_i64().unwrap_or(-1), v[1].as_i64().unwrap_or(-1))
        .expect("inside")
}

/// Pixels of a PNG (RGBA8 or RGB8), for comparing an inset with the screen.
fn png_pixels(path: &str) -> image::RgbaImage {
    image::open(path).expect("a readable image").to_rgba8()
}

#[test]
fn a_plan_is_in_screen_pixels_with_the_screen_the_model_saw_and_a_close_up() {
    let desktop = Desktop::start(1920, 1080);
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        let (shot, map) = look(&mut h).await;
        let to_real = |v: &Value| real_of(&map, v);

        // A click: where it lands in screen pixels, on the screenshot the model chose it on.
        let at = model_point(&map, desktop.center("button"));
        let click = h.plan(&json!({"action": "left_click", "coordinate": at})).await.expect("plan");
        let lands = to_real(&at);
        assert_eq!(click.target, Some(lands));
        assert!((lands.x - desktop.center("button").x).abs() <= 2 && (lands.y - desktop.center("button").y).abs() <= 2);
        assert_eq!(click.screen.as_ref(), Some(&shot));
        assert_eq!(click.planned_path.last().map(|s| Point { x: s.x, y: s.y }), Some(lands));
        // The close-up: 200x200 screen pixels centred on the target, the screen's own pixels.
        let inset = click.inset.expect("a close-up");
        assert_eq!((inset.width, inset.height), (200, 200));
        assert_eq!(inset.source, Rect { x: lands.x - 100, y: lands.y - 100, width: 200, height: 200 });
        let whole = dir.path().join("whole.png");
        desktop.x.run("import", &["-window", "root", &whole.display().to_string()]);
        let screen = png_pixels(&whole.display().to_string());
        let close = png_pixels(&inset.path);
        for (x, y) in [(0, 0), (100, 100), (199, 199), (37, 150)] {
            assert_eq!(
                close.get_pixel(x, y).0[..3],
                screen.get_pixel((inset.source.x + x as i32) as u32, (inset.source.y + y as i32) as u32).0[..3],
                "inset pixel {x},{y}"
            );
        }
        // Nothing moved: planning sends no input.
        assert_ne!(desktop.pointer(), lands);

        // At the screen's corner the close-up is cut to what is on the screen.
        let corner = h.plan(&json!({"action": "left_click", "coordinate": [0, 0]})).await.expect("plan");
        assert_eq!(corner.inset.expect("close-up").source, Rect { x: 0, y: 0, width: 100, height: 100 });

        // A drag: both ends.
        let pad = desktop.geom["pad"];
        let from = model_point(&map, Point { x: pad.x + 40, y: pad.y + 30 });
        let to = model_point(&map, Point { x: pad.x + 300, y: pad.y + 150 });
        let drag = h.plan(&json!({"action": "left_click_drag", "start_coordinate": from, "coordinate": to})).await.expect("plan");
        assert_eq!((drag.target, drag.drag_to), (Some(to_real(&from)), Some(to_real(&to))));

        // A scroll: where, which way, how far.
        let lines = model_point(&map, desktop.center("lines"));
        let scroll = h.plan(&json!({"action": "scroll", "coordinate": lines, "scroll_direction": "down", "scroll_amount": 3})).await.expect("plan");
        assert_eq!(scroll.target, Some(to_real(&lines)));
        let way = scroll.scroll.expect("scroll plan");
        assert_eq!((way.direction.as_str(), way.amount), ("down", 3));

        // Typing: the text, no point, no close-up; keys: the combination.
        let typing = h.plan(&json!({"action": "type", "text": "hello world"})).await.expect("plan");
        assert_eq!((typing.text.as_deref(), typing.target, typing.inset.is_none()), (Some("hello world"), None, true));
        assert!(typing.keys.is_empty());
        let key = h.plan(&json!({"action": "key", "text": "ctrl+a"})).await.expect("plan");
        assert_eq!((key.keys, key.text), (vec!["control+a".to_string()], None));
    });
}

/// Runs `action` and presses Stop `after` it started; what the action returned.
async fn stopped_after(
    h: &mut ComputerClient,
    action: Value,
    after: Duration,
) -> Result<oi_computer::Outcome, oi_computer::ComputerError> {
    let stopper = h.stopper();
    let (result, stop) = tokio::join!(h.perform(&action, None), async {
        tokio::time::sleep(after).await;
        stopper.stop().await
    });
    stop.expect("the stop reached the helper");
    result
}

#[test]
fn stop_ends_a_hold_a_wait_and_a_typing_run_and_releases_what_they_hold() {
    let desktop = Desktop::start(1280, 800);
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        let (_, map) = look(&mut h).await;
        h.perform(&json!({"action": "left_click", "coordinate": model_point(&map, desktop.center("entry"))}), None).await.expect("click");

        // Shift held for a minute, stopped: shift is up again (the person's `a` is lower case).
        let held = stopped_after(&mut h, json!({"action": "hold_key", "text": "shift", "duration": 60}), Duration::from_millis(300)).await;
        assert!(matches!(held, Err(oi_computer::ComputerError::Stopped { .. })), "{held:?}");
        desktop.drain();
        desktop.x.run("xdotool", &["type", "a"]);
        assert_eq!(desktop.expect_line("entry "), "entry 'a'");

        // A long typing run stops part way and types nothing more.
        h.perform(&json!({"action": "left_click", "coordinate": model_point(&map, desktop.center("long"))}), None).await.expect("click");
        let typed = stopped_after(&mut h, json!({"action": "type", "text": "x".repeat(40_000)}), Duration::from_millis(100)).await;
        assert!(matches!(typed, Err(oi_computer::ComputerError::Stopped { .. })), "{typed:?}");
        std::thread::sleep(Duration::from_millis(300));
        let lengths: Vec<usize> = desktop.drain().iter().filter_map(|l| l.strip_prefix("long ")?.parse().ok()).collect();
        let last = lengths.last().copied().unwrap_or(0);
        assert!(last > 0 && last < 40_000, "typed {last} of 40000");
        std::thread::sleep(Duration::from_millis(500));
        assert_eq!(desktop.drain(), Vec::<String>::new(), "typing went on after the stop");

        // A button left down by `left_mouse_down` is released by a stop that ends a wait.
        let pad = desktop.geom["pad"];
        let inside = model_point(&map, Point { x: pad.x + 50, y: pad.y + 50 });
        h.perform(&json!({"action": "left_mouse_down", "coordinate": inside}), None).await.expect("down");
        let waited = stopped_after(&mut h, json!({"action": "wait", "duration": 60}), Duration::from_millis(200)).await;
        assert!(matches!(waited, Err(oi_computer::ComputerError::Stopped { .. })), "{waited:?}");
        // The helper answers the next request after handling the stop: the release came first.
        h.perform(&json!({"action": "cursor_position"}), None).await.expect("after the stop, actions run again");
        let at = real_of(&map, &inside);
        assert_eq!(desktop.expect_line("drag "), format!("drag {} {} to {} {}", at.x, at.y, at.x, at.y));

        // And the next action runs as usual.
        desktop.drain();
        h.perform(&json!({"action": "left_click", "coordinate": model_point(&map, desktop.center("button"))}), None).await.expect("click");
        desktop.expect_line("clicked Press me");
    });
}

#[test]
fn input_from_outside_the_agent_is_a_takeover_and_its_own_is_not() {
    let desktop = Desktop::start(1280, 800);
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        // Let the monitor start, then forget anything from startup.
        tokio::time::sleep(Duration::from_millis(500)).await;
        h.takeover().await.expect("takeover");
        h.perform(
            &json!({"action": "left_click", "coordinate": [600, 400]}),
            None,
        )
        .await
        .expect("click");
        h.perform(&json!({"action": "type", "text": "abc"}), None)
            .await
            .expect("type");
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(
            h.takeover().await.expect("takeover"),
            None,
            "the agent's own input is not a takeover"
        );

        desktop.x.run("xdotool", &["mousemove", "17", "23"]);
        tokio::time::sleep(Duration::from_millis(300)).await;
        let t = h
            .takeover()
            .await
            .expect("takeover")
            .expect("a person moved the mouse");
        assert_eq!(
            (t.first.as_str(), t.at),
            ("mouse_move", Some(Point { x: 17, y: 23 }))
        );

        desktop.x.run("xdotool", &["key", "a"]);
        tokio::time::sleep(Duration::from_millis(400)).await;
        let t = h
            .takeover()
            .await
            .expect("takeover")
            .expect("a person typed");
        assert_eq!(t.first, "key");
    });
}

#[test]
fn no_display_is_a_clear_error() {
    runtime().block_on(async {
        let dir = tempfile::tempdir().expect("dir");
        let err = ComputerClient::start(
            Some(&binary("interpreter-computer")),
            Some(":999"),
            ComputerConfig::new(dir.path().into()),
        )
        .await
        .err()
        .expect("no X server on :999");
        let text = err.to_string();
        assert!(text.contains(":999") && text.contains("DISPLAY"), "{text}");
    });
}

/// A screenshot of one window: that window's pixels at full resolution, where it is in the
/// full screenshot's coordinates, and a clear error for a window that is not there.
#[test]
fn a_window_screenshot_shows_that_window_and_says_where_it_is() {
    let mut desktop = Desktop::start(1920, 1080);
    let term = desktop
        .x
        .command("xterm")
        .args([
            "-geometry",
            "60x12+300+200",
            "-T",
            "small term",
            "-e",
            "sleep 120",
        ])
        .spawn()
        .expect("xterm");
    desktop.x.adopt(term);
    let deadline = Instant::now() + Duration::from_secs(20);
    let id = loop {
        let found = desktop
            .x
            .command("xdotool")
            .args(["search", "--name", "small term"])
            .output()
            .expect("xdotool");
        let text = String::from_utf8_lossy(&found.stdout).trim().to_string();
        if let Some(id) = text.lines().next().filter(|l| !l.is_empty()) {
            break id.to_string();
        }
        assert!(Instant::now() < deadline, "xterm did not map");
        std::thread::sleep(Duration::from_millis(100));
    };
    // xwininfo gives the outer corner and the border; the window's pixels start inside it.
    let info = desktop.x.run("xwininfo", &["-id", &id]);
    let get = |k: &str| -> i64 {
        info.lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{k}:")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap_or_else(|| panic!("{k} in {info}"))
    };
    let border = get("Border width");
    let bounds = Rect {
        x: (get("Absolute upper-left X") + border) as i32,
        y: (get("Absolute upper-left Y") + border) as i32,
        width: get("Width") as u32,
        height: get("Height") as u32,
    };
    let dir = tempfile::tempdir().expect("dir");
    runtime().block_on(async {
        let mut h = helper(&desktop, dir.path()).await;
        let out = h
            .perform(
                &json!({"action": "screenshot", "window": "small term"}),
                None,
            )
            .await
            .expect("window screenshot");
        let shot = out.screenshot.expect("screenshot");
        assert_eq!(shot.source, bounds);
        // Smaller than the model's size: shown at its own size, never blown up.
        assert_eq!((shot.width, shot.height), (bounds.width, bounds.height));
        assert_eq!(png_size(&shot.path), (bounds.width, bounds.height));
        assert!(out.text.contains("Window \"small term\""), "{}", out.text);
        let map = screen_map(1920, 1080);
        let (x, y) = map
            .to_model(Point {
                x: bounds.x,
                y: bounds.y,
            })
            .expect("inside");
        assert!(
            out.text.contains(&format!("spans [{x}, {y}]")),
            "{}",
            out.text
        );

        // Looking and the clipboard act on no window, not even the focused one; a click inside
        // the terminal targets it.
        desktop.x.run("xdotool", &["windowfocus", "--sync", &id]);
        for action in [
            json!({"action": "screenshot", "window": "small term"}),
            json!({"action": "clipboard_copy", "text": "x"}),
        ] {
            let plan = h.plan(&action).await.expect("plan");
            assert_eq!(plan.target_window, None, "{action}");
        }
        let click = h
            .plan(&json!({"action": "left_click", "coordinate": [x + 10, y + 10]}))
            .await
            .expect("plan");
        assert_eq!(
            click.target_window.map(|w| w.title),
            Some("small term".to_string())
        );

        let missing = h
            .perform(
                &json!({"action": "screenshot", "window": "no such window"}),
                None,
            )
            .await
            .expect_err("no such window");
        assert!(
            missing
                .to_string()
                .contains("no window matches \"no such window\""),
            "{missing}"
        );
    });
}
