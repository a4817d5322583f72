//! Computer use approved in the real app as a person does it: a 1920x1080 desktop with a window
//! manager, a real Tk window beside the app, the os profile on a scripted model that gives every
//! call the same id, and each action approved by a real pointer click on Approve (which gives
//! the app the keyboard focus), the last by Alt+Y. What the target application prints is the truth.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use oi_computer::ScaleMap;
use oi_protocol::{Point, Rect};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

use super::desktop::{Desktop, Proc, Screen, session_logs};
use super::pointer::{self, app_window};
use super::webdriver::WebDriver;

const PROBE: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../tests/fixtures/probe_app.py"
);
const WIDTH: u32 = 1920;
const HEIGHT: u32 = 1080;

/// The Tk probe: prints what it receives (clicks, presses in root coordinates, entry text).
struct Probe {
    _child: Proc,
    lines: mpsc::Receiver<String>,
    geom: HashMap<String, Rect>,
}

impl Probe {
    fn start(desktop: &Desktop) -> Probe {
        let mut child = Command::new("python3")
            .args([PROBE, "900", "700"])
            .env("DISPLAY", &desktop.display)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("python3 with tkinter");
        let stdout = child.stdout.take().unwrap();
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
        let mut probe = Probe {
            _child: Proc(child),
            lines,
            geom: HashMap::new(),
        };
        loop {
            let line = probe
                .lines
                .recv_timeout(Duration::from_secs(20))
                .expect("the probe app did not start");
            let parts: Vec<&str> = line.split_whitespace().collect();
            match parts.as_slice() {
                ["geom", name, x, y, w, h] => {
                    let n = |s: &str| s.parse::<i64>().unwrap();
                    probe.geom.insert(
                        name.to_string(),
                        Rect {
                            x: n(x) as i32,
                            y: n(y) as i32,
                            width: n(w) as u32,
                            height: n(h) as u32,
                        },
                    );
                }
                ["ready"] => return probe,
                _ => {}
            }
        }
    }

    fn center(&self, name: &str) -> Point {
        let r = self.geom[name];
        Point {
            x: r.x + r.width as i32 / 2,
            y: r.y + r.height as i32 / 2,
        }
    }

    /// Waits for a line starting with `prefix`; earlier lines are kept in `seen`.
    fn expect_line(&self, prefix: &str, seen: &mut Vec<String>) -> String {
        let deadline = Instant::now() + Duration::from_secs(20);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match self.lines.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return line,
                Ok(line) => seen.push(line),
                Err(_) => break,
            }
        }
        panic!("the probe never printed `{prefix}…`; it printed {seen:?}");
    }
}

/// Where the card's crosshair is drawn, in screen pixels: the rendered mark's centre on the
/// rendered screenshot, mapped through the screenshot's screen rectangle. Waits for the image.
async fn crosshair_on_screen(wd: &WebDriver, card: &str) -> (f64, f64) {
    let v = wd
        .wait_for(
            "the plan's screenshot with its crosshair",
            "const s = document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=plan-screen] [data-testid=screen]`); \
             if (!s) return null; const img = s.querySelector('img'); \
             if (!img || !img.complete || img.naturalWidth === 0) return null; \
             s.scrollIntoView({block: 'center', behavior: 'instant'}); \
             const c = s.querySelector('[data-testid=crosshair] circle').getBoundingClientRect(); \
             const r = img.getBoundingClientRect(); const [x, y, w, h] = s.dataset.source.split(',').map(Number); \
             return [x + (c.x + c.width / 2 - r.x) * w / r.width, y + (c.y + c.height / 2 - r.y) * h / r.height];",
            json!([card]),
        )
        .await;
    (v[0].as_f64().unwrap(), v[1].as_f64().unwrap())
}

fn session_log(data: &Path) -> Vec<Value> {
    let logs = session_logs(data);
    logs.iter()
        .flat_map(|p| {
            std::fs::read_to_string(p)
                .unwrap_or_default()
                .lines()
                .map(String::from)
                .collect::<Vec<_>>()
        })
        .filter_map(|l| serde_json::from_str(&l).ok())
        .collect()
}

fn of_type<'a>(events: &'a [Value], kind: &str) -> Vec<&'a Value> {
    events.iter().filter(|e| e["msg"]["type"] == kind).collect()
}

/// A call the provider names `call_1`, like every other call it makes.
fn call_1(arguments: Value) -> ScriptedResponse {
    ScriptedResponse::new(Vec::new()).then_tool_call_with_id("call_1", "computer", arguments)
}

/// The desktop of these tests: a 1920x1080 screen with a window manager, the probe on the left
/// and the app (once opened) on the right, and a home of its own for the app's data.
struct Scene {
    home: tempfile::TempDir,
    _work: tempfile::TempDir,
    desktop: Desktop,
    probe: Probe,
    map: ScaleMap,
}

impl Scene {
    fn start() -> Scene {
        let home = tempfile::tempdir().unwrap();
        let work = tempfile::tempdir().unwrap();
        let mut env = super::desktop::app_env(home.path());
        // The helper built with this app (a shared target directory may hold another's).
        env.push((
            "OI_COMPUTER_HELPER",
            std::env::var("OI_COMPUTER_HELPER").unwrap_or_else(|_| {
                Path::new(env!("CARGO_BIN_EXE_interpreter-gui"))
                    .with_file_name("interpreter-computer")
                    .display()
                    .to_string()
            }),
        ));
        let desktop = Desktop::start_on(
            Screen {
                width: WIDTH,
                height: HEIGHT,
                window_manager: true,
            },
            work.path(),
            &env,
        );
        let probe = Probe::start(&desktop);
        let map = ScaleMap::new(
            Rect {
                x: 0,
                y: 0,
                width: WIDTH,
                height: HEIGHT,
            },
            &oi_computer::MODEL_SIZES,
        );
        assert_eq!((map.model_width, map.model_height), (1366, 768));
        Scene {
            home,
            _work: work,
            desktop,
            probe,
            map,
        }
    }

    /// Where the model points for the screen point `p`, as the 1366x768 image it sees.
    fn model_at(&self, p: Point) -> Value {
        let (x, y) = self.map.to_model(p).unwrap();
        json!([x, y])
    }

    /// The app on the os profile and `script`'s model, beside the probe, with the person's
    /// `request` sent from its composer (typed with the app focused, as a person does).
    async fn open_app(&self, script: Script, request: &str) -> (ScriptedModelServer, WebDriver) {
        let server = ScriptedModelServer::start(script).await;
        let wd = WebDriver::open_app(
            &self.desktop.driver_url,
            &server.base_url(),
            &["--profile", "os"],
        )
        .await;
        // The app beside the probe, not over it.
        let (id, _) = app_window(&self.desktop);
        self.desktop
            .run("xdotool", &["windowmove", "--sync", &id, "960", "0"]);
        self.desktop
            .run("xdotool", &["windowsize", "--sync", &id, "950", "1040"]);
        self.desktop
            .run("xdotool", &["windowactivate", "--sync", &id]);
        wd.say(request).await;
        (server, wd)
    }

    /// The person brings the app forward and presses `keys` (XTEST, as a keyboard does).
    async fn keys_in_app(&self, keys: &str) {
        let (id, _) = app_window(&self.desktop);
        self.desktop
            .run("xdotool", &["windowactivate", "--sync", &id]);
        tokio::time::sleep(Duration::from_millis(200)).await;
        self.desktop.run("xdotool", &["key", keys]);
    }

    fn events(&self) -> Vec<Value> {
        session_log(&self.home.path().join("data"))
    }
}

/// Waits until the card `card` is in `state` (`pending`, `approved`, `denied`…) or, with `!`
/// first, in any other state.
async fn card_state(wd: &WebDriver, card: &str, state: &str) {
    let (negate, state) = match state.strip_prefix('!') {
        Some(s) => (true, s),
        None => (false, state),
    };
    wd.wait_for(
        &format!(
            "card {card} in state {}{state}",
            if negate { "not " } else { "" }
        ),
        "const c = document.querySelector(`[data-call-id='${arguments[0]}']`); \
         return c && ((c.dataset.state === arguments[1]) !== arguments[2]);",
        json!([card, state, negate]),
    )
    .await;
}

/// Waits for the call `card`'s result; `ok` or `error`.
async fn card_result(wd: &WebDriver, card: &str) -> String {
    let v = wd
        .wait_for(
            &format!("the result of card {card}"),
            "const c = document.querySelector(`[data-call-id='${arguments[0]}']`); \
             return c && c.dataset.result ? c.dataset.result : null;",
            json!([card]),
        )
        .await;
    v.as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn approving_by_pointer_click_and_alt_y_sends_each_action_to_the_planned_window() {
    let scene = Scene::start();
    let (desktop, probe) = (&scene.desktop, &scene.probe);
    let button = probe.center("button");
    let entry = probe.center("entry");
    let (server, wd) = scene
        .open_app(
            Script::new(vec![
                call_1(json!({"action": "screenshot"})),
                call_1(json!({"action": "left_click", "coordinate": scene.model_at(button)})),
                call_1(json!({"action": "left_click", "coordinate": scene.model_at(entry)})),
                call_1(json!({"action": "type", "text": "hello world"})),
                ScriptedResponse::text("Clicked and typed."),
            ]),
            "click the button and type hello world",
        )
        .await;
    let outcome = async {
        let mut seen = Vec::new();
        let mut cards = Vec::new();
        let mut crosshairs = Vec::new();
        let shots = Path::new(env!("CARGO_TARGET_TMPDIR"));
        for _ in 0..3 {
            let card = wd.pending_card(0).await;
            cards.push(card.clone());
            let window = wd
                .js(
                    "return document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=plan-window]`).textContent",
                    json!([card]),
                )
                .await;
            assert_eq!(
                window, "in OI Probe — Tk",
                "the card names the target window and its app"
            );
            if cards.len() < 3 {
                crosshairs.push(crosshair_on_screen(&wd, &card).await);
                assert!(
                    wd.js(
                        "return document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=plan-inset] img`).naturalWidth",
                        json!([card]),
                    )
                    .await
                        == 200,
                    "a 200 px close-up"
                );
            } else {
                let text = wd
                    .js(
                        "return document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=plan-text] code`).textContent",
                        json!([card]),
                    )
                    .await;
                assert_eq!(text, "hello world");
            }
            if cards.len() == 1 {
                // The webview paints a moment after its page changes.
                tokio::time::sleep(Duration::from_millis(700)).await;
                desktop.screenshot(&shots.join("visual-approval-card-before.png"));
            }
            if cards.len() < 3 {
                pointer::click(
                    &wd,
                    desktop,
                    &format!("[data-call-id='{card}'] [data-testid=approve]"),
                )
                .await;
            } else {
                // The last one with the keyboard: the person brings the app to the front
                // (the engine gave the focus back to the probe) and presses Alt+Y.
                scene.keys_in_app("alt+y").await;
            }
            card_state(&wd, &card, "!pending").await;
            if cards.len() == 1 {
                // The click landed on the button, where the model pointed.
                probe.expect_line("clicked Press me", &mut seen);
                wd.wait_for(
                    "the action's record on the card",
                    "return document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=computer-action]`)",
                    json!([card]),
                )
                .await;
                wd.js(
                    "document.querySelector(`[data-call-id='${arguments[0]}'] [data-testid=computer-action]`).scrollIntoView({block: 'end', behavior: 'instant'});",
                    json!([card]),
                )
                .await;
                tokio::time::sleep(Duration::from_millis(700)).await;
                desktop.screenshot(&shots.join("visual-approval-card-after.png"));
            }
        }
        // The typed text reached the Tk entry: the entry's own content, as Tk reports it.
        let typed = probe.expect_line("entry 'hello world'", &mut seen);
        assert_eq!(typed, "entry 'hello world'");
        let presses: Vec<Point> = seen
            .iter()
            .chain(std::iter::once(&typed))
            .filter_map(|l| {
                let p: Vec<&str> = l.split_whitespace().collect();
                match p.as_slice() {
                    ["press", "1", x, y] => Some(Point {
                        x: x.parse().unwrap(),
                        y: y.parse().unwrap(),
                    }),
                    _ => None,
                }
            })
            .collect();
        assert_eq!(presses.len(), 2, "two clicks reached the probe: {seen:?}");
        for ((landed, aim), cross) in presses.iter().zip([button, entry]).zip(&crosshairs) {
            assert!(
                (landed.x - aim.x).abs() <= 1 && (landed.y - aim.y).abs() <= 1,
                "the click landed at {landed:?}, the model pointed at {aim:?}"
            );
            // The card showed it: its crosshair, as drawn, was on the point the click hit.
            assert!(
                (cross.0 - landed.x as f64).abs() <= 3.0
                    && (cross.1 - landed.y as f64).abs() <= 3.0,
                "the crosshair was drawn at {cross:?} (screen px), the click landed at {landed:?}"
            );
        }
        wd.text_when("[data-testid=assistant-message]", "Clicked and typed.")
            .await;

        // Every call its own card, though the provider named each `call_1`.
        let ids = wd
            .js(
                "return [...document.querySelectorAll('[data-testid=call-card]')].map(e => e.dataset.callId);",
                json!([]),
            )
            .await;
        let ids: Vec<&str> = ids
            .as_array()
            .unwrap()
            .iter()
            .filter_map(Value::as_str)
            .collect();
        assert_eq!(ids.len(), 4, "{ids:?}");
        let distinct: std::collections::HashSet<&&str> = ids.iter().collect();
        assert_eq!(distinct.len(), 4, "{ids:?}");
        // Reaching for Approve is no takeover.
        let page = wd.js("return document.body.innerText", json!([])).await;
        let page = page.as_str().unwrap_or_default();
        assert!(!page.contains("while the agent was working"), "{page}");

        // The engine's record: every input went to the probe, none to the app.
        let events = scene.events();
        let performed = of_type(&events, "input_action_performed");
        assert_eq!(performed.len(), 3, "{performed:#?}");
        for p in &performed {
            assert_eq!(
                p["msg"]["record"]["target_window"]["title"], "OI Probe",
                "{p}"
            );
        }
        assert!(
            of_type(&events, "approval_requested")
                .iter()
                .all(|a| a["msg"]["warning"].is_null())
        );
        // The provider's id went back on the wire with each result.
        for request in server.model_requests().iter().skip(1) {
            let results: Vec<&Value> = request
                .messages()
                .iter()
                .filter(|m| m["role"] == "tool")
                .collect();
            assert!(!results.is_empty());
            for r in &results {
                assert_eq!(r["tool_call_id"], "call_1", "{}", r["content"]);
            }
        }
    };
    let result = tokio::time::timeout(Duration::from_secs(240), outcome).await;
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("visual-approval.png");
    desktop.screenshot(&shot);
    wd.close().await;
    assert!(result.is_ok(), "timed out; screen in {}", shot.display());
    server.assert_invariants();
}

/// The person's own moves over the probe's drawing pad, every 10 ms for `for_ms` (XTEST, as
/// a mouse does), started before the engine acts and going on through its glide.
fn person_moves_the_mouse(
    desktop: &Desktop,
    pad: Rect,
    for_ms: u64,
) -> std::thread::JoinHandle<()> {
    let display = desktop.display.clone();
    std::thread::spawn(move || {
        let started = Instant::now();
        let mut i = 0;
        while started.elapsed() < Duration::from_millis(for_ms) {
            let x = pad.x + 20 + (i * 7) % (pad.width as i32 - 40);
            let y = pad.y + pad.height as i32 / 2 + (i % 2) * 5;
            Command::new("xdotool")
                .args(["mousemove", &x.to_string(), &y.to_string()])
                .env("DISPLAY", &display)
                .status()
                .unwrap();
            std::thread::sleep(Duration::from_millis(10));
            i += 1;
        }
    })
}

/// A person stepping in: moving the mouse while the pointer glides to its click pauses the
/// agent before it clicks; the stop hotkey pressed while the agent holds Shift stops it and
/// Shift is up again; the Stop button ends a long wait.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_takeover_during_a_glide_pauses_and_the_stop_hotkey_and_button_end_a_hold_and_a_wait() {
    let scene = Scene::start();
    let (desktop, probe) = (&scene.desktop, &scene.probe);
    let (server, wd) = scene
        .open_app(
            Script::new(vec![
                call_1(json!({"action": "left_click", "coordinate": scene.model_at(probe.center("button"))})),
                call_1(json!({"action": "hold_key", "text": "shift", "duration": 60})),
                call_1(json!({"action": "wait", "duration": 60})),
            ]),
            "press the button",
        )
        .await;
    let outcome = async {
        let mut seen = Vec::new();

        // The click: approved with Alt+Y, the pointer resting in the app, far from the button
        // (the longest glide); the person moves the mouse over the probe as it goes.
        let click = wd.pending_card(0).await;
        let (_, frame) = app_window(desktop);
        desktop.run(
            "xdotool",
            &[
                "mousemove",
                &(frame.x + 700).to_string(),
                &(frame.y + 900).to_string(),
            ],
        );
        scene.keys_in_app("alt+y").await;
        person_moves_the_mouse(desktop, probe.geom["pad"], 1500)
            .join()
            .unwrap();
        assert_eq!(card_result(&wd, &click).await, "error");
        let page = wd
            .text_when("body", "while the pointer was on its way")
            .await;
        assert!(page.contains("The agent paused"), "{page}");
        std::thread::sleep(Duration::from_millis(500));
        while let Ok(line) = probe.lines.try_recv() {
            seen.push(line);
        }
        assert!(
            !seen.iter().any(|l| l.starts_with("clicked")),
            "the click went ahead after the person took the mouse: {seen:?}"
        );

        // The hold: Shift goes down in the probe; the person presses the stop hotkey (which
        // the held Shift turns into Ctrl+Alt+Shift+.).
        let hold = wd.pending_card(0).await;
        assert_ne!(hold, click);
        scene.keys_in_app("alt+y").await;
        probe.expect_line("shift down", &mut seen);
        desktop.run("xdotool", &["key", "ctrl+alt+period"]);
        assert_eq!(card_result(&wd, &hold).await, "error");
        // Shift is up: the person clicks the entry and types `a`, and `a` arrives.
        let entry = probe.center("entry");
        desktop.run(
            "xdotool",
            &["mousemove", &entry.x.to_string(), &entry.y.to_string()],
        );
        desktop.run("xdotool", &["click", "1"]);
        desktop.run("xdotool", &["type", "a"]);
        assert_eq!(probe.expect_line("entry ", &mut seen), "entry 'a'");

        // The wait, from the next request: the Stop button, clicked, ends it.
        wd.say("go on").await;
        let wait = wd
            .wait_for(
                "the wait under way",
                "const c = [...document.querySelectorAll('[data-testid=call-card]')].pop(); \
                 return c && !arguments[0].includes(c.dataset.callId) && !c.dataset.result ? c.dataset.callId : null;",
                json!([[&click, &hold]]),
            )
            .await;
        let wait = wait.as_str().unwrap().to_string();
        pointer::click(&wd, desktop, "[data-testid=stop]").await;
        assert_eq!(card_result(&wd, &wait).await, "error");
        wd.wait_for(
            "the app idle again (Stop disabled)",
            "return document.querySelector('[data-testid=stop]').disabled",
            json!([]),
        )
        .await;

        let events = scene.events();
        let results: Vec<&str> = of_type(&events, "tool_result")
            .iter()
            .filter_map(|e| e["msg"]["output"].as_str())
            .collect();
        assert_eq!(results.len(), 3, "{results:#?}");
        for (result, said) in results.iter().zip([
            "while the pointer was on its way",
            "Stopped by the person",
            "Stopped by the person",
        ]) {
            assert!(result.contains(said), "{result}");
        }
        assert!(
            of_type(&events, "input_action_performed").is_empty(),
            "nothing was done to the probe"
        );
        let ends: Vec<&Value> = of_type(&events, "turn_ended")
            .iter()
            .map(|e| &e["msg"]["reason"])
            .collect();
        assert_eq!(ends, [&json!("interrupted"), &json!("interrupted")]);
    };
    let result = tokio::time::timeout(Duration::from_secs(240), outcome).await;
    let shot = Path::new(env!("CARGO_TARGET_TMPDIR")).join("visual-takeover.png");
    desktop.screenshot(&shot);
    wd.close().await;
    assert!(result.is_ok(), "timed out; screen in {}", shot.display());
    server.assert_invariants();
}
