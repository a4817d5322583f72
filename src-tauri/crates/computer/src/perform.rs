//! Carrying out actions on any [`Screen`] and [`Input`]: coordinate mapping, smooth pointer
//! paths with the actual path sampled back, chunked typing, screenshots after each action,
//! screen diffs and focus changes.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use image::RgbaImage;
use oi_protocol::{
    InputActionRecord, Point, Rect, ScreenDiff, ScreenshotInfo, ScrollPlan, TrajectorySample,
    WindowInfo,
};
use serde::{Deserialize, Serialize};

use crate::action::{ComputerAction, ModelPoint, MouseButton, ScrollDirection};
use crate::device::{Clipboard, Input, MonitorInfo, Screen, WindowEntry};
use crate::encode::{ImageEncoding, encode, scale};
use crate::geometry::{MODEL_SIZES, ScaleMap, model_size};
use crate::keys::Key;
use crate::takeover::TakeoverDetector;
use crate::{ComputerError, diff, trajectory};

/// How the performer works; the engine sends it when it starts the helper.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ComputerConfig {
    /// Where screenshots and diff images are written (beside the session log).
    pub screenshot_dir: PathBuf,
    /// Sizes the model sees screenshots at; the closest in aspect ratio wins.
    pub model_sizes: Vec<(u32, u32)>,
    pub encoding: ImageEncoding,
    /// Monitor to work on, by index in the monitor list (primary first).
    pub monitor: usize,
    /// Time for the screen to settle after an action, before the screenshot.
    pub settle_ms: u64,
    /// Characters typed per chunk (very long single writes get dropped by some applications).
    pub type_chunk: usize,
    /// Processes whose windows are the agent's own front end (the desktop app): never sent
    /// input, never a target, and the person's input in them is no takeover.
    #[serde(default)]
    pub own_pids: Vec<u32>,
}

impl ComputerConfig {
    pub fn new(screenshot_dir: PathBuf) -> Self {
        ComputerConfig {
            screenshot_dir,
            model_sizes: MODEL_SIZES.to_vec(),
            encoding: ImageEncoding::Png,
            monitor: 0,
            settle_ms: 300,
            type_chunk: 50,
            own_pids: Vec::new(),
        }
    }
}

/// What an action did.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Outcome {
    /// What the model is told, beside the screenshot.
    pub text: String,
    /// Input performed, with the planned and the actual pointer path.
    pub record: Option<InputActionRecord>,
    pub screenshot: Option<ScreenshotInfo>,
    pub diff: Option<ScreenDiff>,
    /// The focused window, when it changed.
    pub focus_changed: Option<WindowInfo>,
}

pub struct Computer<S: Screen, I: Input> {
    screen: S,
    input: I,
    /// `None`: this platform's clipboard is not supported.
    clipboard: Option<Box<dyn Clipboard>>,
    detector: Arc<Mutex<TakeoverDetector>>,
    config: ComputerConfig,
    /// The mapping of the last full screenshot (or of the monitor, before any).
    map: Option<ScaleMap>,
    focus: Option<WindowInfo>,
    /// The last window seen with the keyboard focus that is not the app's own: where keys go
    /// when the app has taken the focus (the person clicked Approve).
    outside_focus: Option<WindowInfo>,
    /// The last full screenshot taken: the one the model chose its next action on.
    last_shot: Option<ScreenshotInfo>,
    /// Set the moment a stop arrives (from another thread); cleared once it is handled.
    stop: Arc<AtomicBool>,
    /// Buttons a `left_mouse_down` left pressed: a stop releases them.
    held_buttons: Vec<MouseButton>,
    counter: u32,
}

/// How often a long action (a hold, a wait) looks for a stop.
const STOP_POLL: Duration = Duration::from_millis(10);

/// How long a window manager gets to activate a window before the action is given up.
const ACTIVATE_TIMEOUT: Duration = Duration::from_millis(1500);

/// What an action will touch, worked out before it runs.
struct Plan {
    path: Vec<TrajectorySample>,
    /// For a drag: where the button goes down (index into `path`).
    press_at: Option<usize>,
    keys: Vec<String>,
    target: Option<Point>,
    drag_to: Option<Point>,
    scroll: Option<ScrollPlan>,
    text: Option<String>,
}

/// The close-up around an action's target: this many screen pixels a side.
pub const INSET_SIZE: u32 = 200;

impl<S: Screen, I: Input> Computer<S, I> {
    pub fn new(
        screen: S,
        input: I,
        detector: Arc<Mutex<TakeoverDetector>>,
        config: ComputerConfig,
    ) -> Self {
        Computer {
            screen,
            input,
            clipboard: None,
            detector,
            config,
            map: None,
            focus: None,
            outside_focus: None,
            last_shot: None,
            stop: Arc::new(AtomicBool::new(false)),
            held_buttons: Vec::new(),
            counter: 0,
        }
    }

    pub fn with_clipboard(mut self, clipboard: Box<dyn Clipboard>) -> Self {
        self.clipboard = Some(clipboard);
        self
    }

    fn clipboard(&mut self) -> Result<&mut dyn Clipboard, ComputerError> {
        match self.clipboard.as_deref_mut() {
            Some(c) => Ok(c),
            None => Err(ComputerError::Failed {
                message: "the clipboard is not available to computer use on this system".into(),
            }),
        }
    }

    pub fn configure(&mut self, config: ComputerConfig) {
        self.lock_detector().set_own_pids(config.own_pids.clone());
        self.config = config;
        self.map = None;
    }

    fn is_own(&self, window: &WindowInfo) -> bool {
        window
            .pid
            .is_some_and(|pid| self.config.own_pids.contains(&pid))
    }

    pub fn screen(&mut self) -> &mut S {
        &mut self.screen
    }

    fn monitor(&mut self) -> Result<MonitorInfo, ComputerError> {
        let monitors = self.screen.monitors()?;
        let count = monitors.len();
        monitors
            .into_iter()
            .nth(self.config.monitor)
            .ok_or_else(|| ComputerError::BadAction {
                message: format!(
                    "there is no monitor {} (this desktop has {count})",
                    self.config.monitor
                ),
            })
    }

    fn scale_map(&mut self) -> Result<ScaleMap, ComputerError> {
        if let Some(map) = self.map {
            return Ok(map);
        }
        let monitor = self.monitor()?;
        let map = ScaleMap::new(monitor.bounds, &self.config.model_sizes);
        self.map = Some(map);
        Ok(map)
    }

    fn real(&mut self, p: ModelPoint) -> Result<Point, ComputerError> {
        Ok(self.scale_map()?.to_real(p.0, p.1)?)
    }

    /// The flag a `Stop` request sets from the request reader, while an action runs.
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Handles a stop once the action it interrupted has returned: releases the buttons held
    /// by earlier actions, and lets the next action run.
    pub fn stopped(&mut self) {
        for b in std::mem::take(&mut self.held_buttons) {
            let _ = self.input.button(b, false);
        }
        self.stop.store(false, Ordering::SeqCst);
    }

    fn check_stop(&self) -> Result<(), ComputerError> {
        if self.stop.load(Ordering::SeqCst) {
            return Err(ComputerError::Stopped {
                message: "Stopped by the person: nothing more was sent, and keys and buttons \
                          the action held were released."
                    .into(),
            });
        }
        Ok(())
    }

    /// Sleeps `total`, looking for a stop every few milliseconds.
    fn pause(&self, total: Duration) -> Result<(), ComputerError> {
        let until = Instant::now() + total;
        while let Some(left) = until.checked_duration_since(Instant::now()) {
            self.check_stop()?;
            std::thread::sleep(left.min(STOP_POLL));
        }
        self.check_stop()
    }

    /// The plan of an action for the approval gate, in screen pixels: where the button goes
    /// down, the pointer's path, a drag's ends, a scroll's direction, the keys or text and the
    /// window they go to, the screenshot the model chose it on and a close-up of the target.
    pub fn plan(&mut self, action: &ComputerAction) -> Result<InputActionRecord, ComputerError> {
        let plan = self.make_plan(action)?;
        let target_window = self.target_window(action, plan.target)?;
        let inset = match plan.target {
            Some(at) if action.sends_input() => Some(self.inset(at)?),
            _ => None,
        };
        Ok(InputActionRecord {
            action: action.name().to_string(),
            planned_path: plan.path,
            actual_path: Vec::new(),
            keys: plan.keys,
            target_window,
            target: plan.target,
            drag_to: plan.drag_to,
            scroll: plan.scroll,
            text: plan.text,
            screen: self.last_shot.clone(),
            inset,
        })
    }

    /// The screen around `at` at full resolution, `INSET_SIZE` pixels a side (less at the
    /// screen's edge).
    fn inset(&mut self, at: Point) -> Result<ScreenshotInfo, ComputerError> {
        let monitor = self.monitor()?;
        let raw = self.screen.capture_monitor(&monitor)?;
        let half = INSET_SIZE as i32 / 2;
        let want = Rect {
            x: at.x - half,
            y: at.y - half,
            width: INSET_SIZE,
            height: INSET_SIZE,
        };
        let (crop, source) = crop_from(&raw, monitor.bounds, want);
        let path = self.save(&crop, "inset")?;
        Ok(ScreenshotInfo {
            path,
            mime: self.config.encoding.mime().to_string(),
            width: crop.width(),
            height: crop.height(),
            source,
        })
    }

    fn make_plan(&mut self, action: &ComputerAction) -> Result<Plan, ComputerError> {
        let start = self.input.location()?;
        let mut keys = Vec::new();
        let mut press_at = None;
        let mut drag_to = None;
        let mut scroll = None;
        let mut text = None;
        let to = |target: Option<Point>| match target {
            Some(t) => trajectory::plan(start, t),
            None => Vec::new(),
        };
        let (path, target) =
            match action {
                ComputerAction::MouseMove { to: p } => {
                    let t = self.real(*p)?;
                    (to(Some(t)), Some(t))
                }
                ComputerAction::Click { at, modifiers, .. } => {
                    keys = modifiers.iter().map(key_name).collect();
                    let t = at.map(|p| self.real(p)).transpose()?;
                    (to(t), t.or(Some(start)))
                }
                ComputerAction::Scroll {
                    at,
                    modifiers,
                    direction,
                    amount,
                } => {
                    keys = modifiers.iter().map(key_name).collect();
                    scroll = Some(ScrollPlan {
                        direction: direction.name().to_string(),
                        amount: *amount,
                    });
                    let t = at.map(|p| self.real(p)).transpose()?;
                    (to(t), t.or(Some(start)))
                }
                ComputerAction::MouseDown { at } | ComputerAction::MouseUp { at } => {
                    let t = at.map(|p| self.real(p)).transpose()?;
                    (to(t), t.or(Some(start)))
                }
                ComputerAction::Drag { from, to: end } => {
                    let from = match from {
                        Some(p) => self.real(*p)?,
                        None => start,
                    };
                    let end = self.real(*end)?;
                    drag_to = Some(end);
                    let mut path = trajectory::plan(start, from);
                    if from == start {
                        path.clear();
                    }
                    press_at = Some(path.len());
                    let offset = path.last().map_or(0, |s| s.t_ms) + 60;
                    path.extend(trajectory::plan(from, end).into_iter().map(|s| {
                        TrajectorySample {
                            t_ms: s.t_ms * 2 + offset,
                            ..s
                        }
                    }));
                    (path, Some(from))
                }
                ComputerAction::Key { combos } => {
                    keys = combos
                        .iter()
                        .map(|c| c.iter().map(key_name).collect::<Vec<_>>().join("+"))
                        .collect();
                    (Vec::new(), None)
                }
                ComputerAction::HoldKey { keys: held, .. } => {
                    keys = held.iter().map(key_name).collect();
                    (Vec::new(), None)
                }
                ComputerAction::Type { text: typed } => {
                    text = Some(typed.clone());
                    (Vec::new(), None)
                }
                ComputerAction::Zoom { region } => {
                    self.scale_map()?
                        .rect_to_real(region[0], region[1], region[2], region[3])?;
                    (Vec::new(), None)
                }
                ComputerAction::Screenshot { .. }
                | ComputerAction::CursorPosition
                | ComputerAction::Wait { .. }
                | ComputerAction::ClipboardView
                | ComputerAction::ClipboardCopy { .. } => (Vec::new(), None),
            };
        Ok(Plan {
            path,
            press_at,
            keys,
            target,
            drag_to,
            scroll,
            text,
        })
    }

    /// The window an input action goes to: the front-most one under `at` that is not the app's
    /// own (raised before acting), or for keyboard actions the focused one, or, while the app
    /// holds the focus, the last other window that held it. Looking, waiting and the clipboard
    /// target none.
    fn target_window(
        &mut self,
        action: &ComputerAction,
        at: Option<Point>,
    ) -> Result<Option<WindowInfo>, ComputerError> {
        if !action.sends_input() {
            return Ok(None);
        }
        let windows = self.screen.windows().unwrap_or_default();
        self.note_focus(&windows);
        let Some(p) = at else {
            return Ok(self.outside_focus.clone());
        };
        Ok(windows
            .into_iter()
            .map(|w| w.info)
            .filter(|w| !self.is_own(w))
            .find(|w| contains(w, p)))
    }

    /// Remembers the focused window when it is not the app's own.
    fn note_focus(&mut self, windows: &[WindowEntry]) {
        if let Some(w) = windows.iter().find(|w| w.focused)
            && !self.is_own(&w.info)
        {
            self.outside_focus = Some(w.info.clone());
        }
    }

    /// Makes the planned target ready for input: still there, where it was, activated, and
    /// (for the pointer) front-most under the point. Anything else is an error and no input.
    fn ready_target(
        &mut self,
        at: Option<Point>,
        planned: Option<&WindowInfo>,
    ) -> Result<Option<WindowInfo>, ComputerError> {
        let unavailable = |message: String| ComputerError::TargetUnavailable {
            message: format!("Not done: {message}"),
        };
        let windows = self.screen.windows()?;
        let Some(planned) = planned else {
            return match at {
                None => Err(unavailable(
                    "there is no window to send the keys to (the focused window is Open \
                     Interpreter's own, and no other window had the focus before). Click the \
                     window to type into first."
                        .into(),
                )),
                // The desktop itself: allowed, unless the app is there now.
                Some(p) => match front_most(&windows, p) {
                    Some(w) if self.is_own(&w.info) => Err(unavailable(format!(
                        "the point {},{} is on Open Interpreter's own window, which the agent \
                         never sends input to.",
                        p.x, p.y
                    ))),
                    _ => Ok(None),
                },
            };
        };
        if self.is_own(planned) {
            return Err(unavailable(format!(
                "\"{}\" is Open Interpreter's own window, which the agent never sends input to.",
                planned.title
            )));
        }
        let Some(id) = planned.id else {
            // This platform names no window ids: act as planned.
            return Ok(Some(planned.clone()));
        };
        let Some(now) = windows.iter().find(|w| w.id == id) else {
            return Err(unavailable(format!(
                "the window \"{}\" is gone. Take a new screenshot.",
                planned.title
            )));
        };
        if now.info.bounds != planned.bounds {
            return Err(unavailable(format!(
                "the window \"{}\" moved or changed size since the action was planned \
                 (from {} to {}). Take a new screenshot.",
                planned.title,
                describe_bounds(planned.bounds),
                describe_bounds(now.info.bounds)
            )));
        }
        let mut windows = windows;
        if !windows.iter().any(|w| w.id == id && w.focused) {
            self.screen.activate(id)?;
            let deadline = Instant::now() + ACTIVATE_TIMEOUT;
            loop {
                std::thread::sleep(Duration::from_millis(20));
                windows = self.screen.windows()?;
                if windows.iter().any(|w| w.id == id && w.focused) {
                    break;
                }
                if Instant::now() > deadline {
                    return Err(unavailable(format!(
                        "the window \"{}\" could not be activated.",
                        planned.title
                    )));
                }
            }
        }
        if let Some(p) = at {
            match front_most(&windows, p) {
                Some(w) if w.id == id => {}
                other => {
                    return Err(unavailable(format!(
                        "the point {},{} of \"{}\" is covered by {}.",
                        p.x,
                        p.y,
                        planned.title,
                        other.map_or("no window".into(), |w| format!("\"{}\"", w.info.title))
                    )));
                }
            }
        }
        self.outside_focus = windows.iter().find(|w| w.id == id).map(|w| w.info.clone());
        Ok(self.outside_focus.clone())
    }

    /// Performs an action and reports what happened. Given the approved `plan`, input goes to
    /// the window it named, re-activated first; without one, to the target worked out now.
    pub fn perform(
        &mut self,
        action: &ComputerAction,
        plan: Option<&InputActionRecord>,
    ) -> Result<Outcome, ComputerError> {
        // What the person did while the approval waited for them is no takeover.
        self.lock_detector().take();
        match action {
            ComputerAction::Screenshot {
                window: Some(which),
            } => return self.window_shot(which),
            ComputerAction::Screenshot { window: None } => {
                let (shot, _) = self.screenshot("screenshot")?;
                let text = format!(
                    "Screenshot of the screen, {}x{} pixels.",
                    shot.width, shot.height
                );
                return Ok(Outcome {
                    text,
                    screenshot: Some(shot),
                    focus_changed: self.focus_change(),
                    ..Default::default()
                });
            }
            ComputerAction::CursorPosition => {
                let p = self.input.location()?;
                let map = self.scale_map()?;
                let text = match map.to_model(p) {
                    Some((x, y)) => format!("X={x},Y={y}"),
                    None => format!(
                        "The pointer is off this screen (at real pixel {},{}).",
                        p.x, p.y
                    ),
                };
                return Ok(Outcome {
                    text,
                    ..Default::default()
                });
            }
            ComputerAction::Zoom { region } => return self.zoom(*region),
            // The clipboard is no input: no path, screenshot or diff.
            ComputerAction::ClipboardView => {
                let text = self.clipboard()?.text()?;
                return Ok(Outcome {
                    text,
                    ..Default::default()
                });
            }
            ComputerAction::ClipboardCopy { text } => {
                self.clipboard()?.set_text(text)?;
                return Ok(Outcome {
                    text: format!(
                        "Copied {} characters to the clipboard.",
                        text.chars().count()
                    ),
                    ..Default::default()
                });
            }
            _ => {}
        }
        let approved = plan;
        let plan = self.make_plan(action)?;
        let planned_target = match approved {
            Some(record) => record.target_window.clone(),
            None => self.target_window(action, plan.target)?,
        };
        // Waiting sends nothing: there is no window to make ready.
        let target_window = if action.sends_input() {
            self.ready_target(plan.target, planned_target.as_ref())?
        } else {
            None
        };
        let monitor = self.monitor()?;
        let before = self.screen.capture_monitor(&monitor)?;
        self.lock_detector().begin_action();
        let started = Instant::now();
        let result = self.act(action, &plan, started);
        self.lock_detector().end_action();
        let actual_path = result?;
        std::thread::sleep(Duration::from_millis(self.config.settle_ms));
        let (shot, after) = self.screenshot(action.name())?;
        let diff = self.diff(&before, &after, &shot.path, &monitor)?;
        let record = InputActionRecord {
            action: action.name().to_string(),
            planned_path: plan.path,
            actual_path,
            keys: plan.keys,
            target_window,
            target: plan.target,
            drag_to: plan.drag_to,
            scroll: plan.scroll,
            text: plan.text,
            screen: approved.and_then(|r| r.screen.clone()),
            inset: None,
        };
        let text = describe(action, &diff);
        Ok(Outcome {
            text,
            record: Some(record),
            screenshot: Some(shot),
            diff: Some(diff),
            focus_changed: self.focus_change(),
        })
    }

    fn lock_detector(&self) -> std::sync::MutexGuard<'_, TakeoverDetector> {
        self.detector.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Moves along `path` (times from `started`), sampling where the pointer really is.
    fn travel(
        &mut self,
        path: &[TrajectorySample],
        started: Instant,
        actual: &mut Vec<TrajectorySample>,
    ) -> Result<(), ComputerError> {
        for s in path {
            let due = started + Duration::from_millis(s.t_ms as u64);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            self.check_stop()?;
            let p = Point { x: s.x, y: s.y };
            let mut detector = self.lock_detector();
            if detector.taken_over() {
                return Err(ComputerError::TakenOver {
                    message: "Stopped: the person moved the mouse or typed while the pointer was \
                              on its way. The agent paused."
                        .into(),
                });
            }
            detector.expect_move(p);
            drop(detector);
            self.input.move_to(p)?;
            self.sample(started, actual)?;
        }
        Ok(())
    }

    fn sample(
        &mut self,
        started: Instant,
        actual: &mut Vec<TrajectorySample>,
    ) -> Result<(), ComputerError> {
        let p = self.input.location()?;
        actual.push(TrajectorySample {
            x: p.x,
            y: p.y,
            t_ms: started.elapsed().as_millis() as u32,
        });
        Ok(())
    }

    fn act(
        &mut self,
        action: &ComputerAction,
        plan: &Plan,
        started: Instant,
    ) -> Result<Vec<TrajectorySample>, ComputerError> {
        let mut actual = Vec::new();
        self.check_stop()?;
        self.sample(started, &mut actual)?;
        match action {
            ComputerAction::MouseMove { .. } => self.travel(&plan.path, started, &mut actual)?,
            ComputerAction::Click {
                button,
                count,
                modifiers,
                ..
            } => {
                self.travel(&plan.path, started, &mut actual)?;
                self.press_keys(modifiers)?;
                for i in 0..*count {
                    if i > 0 {
                        std::thread::sleep(Duration::from_millis(40));
                    }
                    self.input.button(*button, true)?;
                    std::thread::sleep(Duration::from_millis(15));
                    self.input.button(*button, false)?;
                }
                self.release_keys(modifiers)?;
            }
            ComputerAction::MouseDown { .. } => {
                self.travel(&plan.path, started, &mut actual)?;
                self.input.button(MouseButton::Left, true)?;
                self.held_buttons.push(MouseButton::Left);
            }
            ComputerAction::MouseUp { .. } => {
                self.travel(&plan.path, started, &mut actual)?;
                self.input.button(MouseButton::Left, false)?;
                self.held_buttons.retain(|b| *b != MouseButton::Left);
            }
            ComputerAction::Drag { .. } => {
                let split = plan.press_at.unwrap_or(0).min(plan.path.len());
                self.travel(&plan.path[..split], started, &mut actual)?;
                self.input.button(MouseButton::Left, true)?;
                let moved = self.travel(&plan.path[split..], started, &mut actual);
                // Release even when a move failed, or the button stays held.
                self.input.button(MouseButton::Left, false)?;
                moved?;
            }
            ComputerAction::Scroll {
                direction,
                amount,
                modifiers,
                ..
            } => {
                self.travel(&plan.path, started, &mut actual)?;
                self.press_keys(modifiers)?;
                let n = *amount as i32;
                let (dx, dy) = match direction {
                    ScrollDirection::Up => (0, -n),
                    ScrollDirection::Down => (0, n),
                    ScrollDirection::Left => (-n, 0),
                    ScrollDirection::Right => (n, 0),
                };
                let scrolled = self.input.scroll(dx, dy);
                self.release_keys(modifiers)?;
                scrolled?;
            }
            ComputerAction::Key { combos } => {
                for combo in combos {
                    self.press_keys(combo)?;
                    self.release_keys(combo)?;
                }
            }
            ComputerAction::Type { text } => {
                let chars: Vec<char> = text.chars().collect();
                for chunk in chars.chunks(self.config.type_chunk.max(1)) {
                    self.check_stop()?;
                    self.input.text(&chunk.iter().collect::<String>())?;
                }
            }
            ComputerAction::HoldKey { keys, seconds } => {
                self.press_keys(keys)?;
                let held = self.pause(Duration::from_secs_f64(*seconds));
                // Released whether it ran its time or was stopped.
                self.release_keys(keys)?;
                held?;
            }
            ComputerAction::Wait { seconds } => self.pause(Duration::from_secs_f64(*seconds))?,
            ComputerAction::Screenshot { .. }
            | ComputerAction::CursorPosition
            | ComputerAction::Zoom { .. }
            | ComputerAction::ClipboardView
            | ComputerAction::ClipboardCopy { .. } => {}
        }
        self.sample(started, &mut actual)?;
        Ok(actual)
    }

    fn press_keys(&mut self, keys: &[Key]) -> Result<(), ComputerError> {
        for (i, k) in keys.iter().enumerate() {
            if let Err(e) = self.input.key(*k, true) {
                // Never leave a modifier held down.
                let _ = self.release_keys(&keys[..i]);
                return Err(e.into());
            }
        }
        Ok(())
    }

    fn release_keys(&mut self, keys: &[Key]) -> Result<(), ComputerError> {
        let mut first_error = None;
        for k in keys.iter().rev() {
            if let Err(e) = self.input.key(*k, false) {
                first_error.get_or_insert(e);
            }
        }
        first_error.map_or(Ok(()), |e| Err(e.into()))
    }

    /// Captures the monitor, scales it for the model and saves it; returns it with the capture.
    fn screenshot(&mut self, label: &str) -> Result<(ScreenshotInfo, RgbaImage), ComputerError> {
        let monitor = self.monitor()?;
        let raw = self.screen.capture_monitor(&monitor)?;
        // The capture's own size is the truth about real pixels (HiDPI included).
        let source = Rect {
            x: monitor.bounds.x,
            y: monitor.bounds.y,
            width: raw.width(),
            height: raw.height(),
        };
        let map = ScaleMap::new(source, &self.config.model_sizes);
        self.map = Some(map);
        let scaled = scale(&raw, map.model_width, map.model_height);
        let path = self.save(&scaled, label)?;
        let info = ScreenshotInfo {
            path,
            mime: self.config.encoding.mime().to_string(),
            width: map.model_width,
            height: map.model_height,
            source,
        };
        self.last_shot = Some(info.clone());
        Ok((info, raw))
    }

    fn save(&mut self, image: &RgbaImage, label: &str) -> Result<String, ComputerError> {
        self.counter += 1;
        let encoding = if label.ends_with("diff") {
            ImageEncoding::Png
        } else {
            self.config.encoding
        };
        let bytes = encode(image, encoding).map_err(|e| ComputerError::Failed {
            message: format!("could not encode a screenshot: {e}"),
        })?;
        std::fs::create_dir_all(&self.config.screenshot_dir)
            .map_err(|e| io_error(&self.config.screenshot_dir, e))?;
        let path = self.config.screenshot_dir.join(format!(
            "{:04}-{label}.{}",
            self.counter,
            encoding.extension()
        ));
        std::fs::write(&path, bytes).map_err(|e| io_error(&path, e))?;
        Ok(path.display().to_string())
    }

    fn diff(
        &mut self,
        before: &RgbaImage,
        after: &RgbaImage,
        after_path: &str,
        monitor: &MonitorInfo,
    ) -> Result<ScreenDiff, ComputerError> {
        let result = diff::compare(before, after);
        let (w, h) = model_size(before.width(), before.height(), &self.config.model_sizes);
        let before_path = self.save(&scale(before, w, h), "before")?;
        let diff_path = self.save(&scale(&result.image, w, h), "diff")?;
        let offset = |r: Rect| Rect {
            x: r.x + monitor.bounds.x,
            y: r.y + monitor.bounds.y,
            ..r
        };
        Ok(ScreenDiff {
            before: before_path,
            after: after_path.to_string(),
            diff_image: diff_path,
            changed_regions: result.regions.into_iter().map(offset).collect(),
            changed_fraction: result.changed_fraction,
        })
    }

    /// One window at full resolution (fitted to the model's size): captured by itself when the
    /// window manager lists it, else cut from the monitor's capture. Coordinates for actions
    /// stay those of the full screenshot; the text says where the window is in them.
    fn window_shot(&mut self, which: &str) -> Result<Outcome, ComputerError> {
        let windows = self.screen.windows()?;
        let wanted = which.to_lowercase();
        let found = windows.into_iter().find(|w| {
            if wanted == "active" {
                w.focused
            } else {
                w.info.title.to_lowercase().contains(&wanted)
            }
        });
        let Some(window) = found else {
            return Err(ComputerError::BadAction {
                message: format!(
                    "no window matches \"{which}\": give part of a window's title, or \"active\""
                ),
            });
        };
        let Some(bounds) = window.info.bounds else {
            return Err(ComputerError::BadAction {
                message: format!("the window \"{}\" is not on screen", window.info.title),
            });
        };
        let map = self.scale_map()?;
        let monitor = self.monitor()?;
        let (image, source) = match self.screen.capture_window(window.id) {
            Ok(image) => (image, bounds),
            // The part of the window on the monitor.
            Err(_) => crop_from(
                &self.screen.capture_monitor(&monitor)?,
                monitor.bounds,
                bounds,
            ),
        };
        let shot = self.shot(&map, &image, source, "window", false)?;
        let (zw, zh) = (shot.width, shot.height);
        let corner = |p: Point| match map.to_model(p) {
            Some((x, y)) => format!("{x}, {y}"),
            None => "off this screen".to_string(),
        };
        let text = format!(
            "Window \"{}\"{} shown at {zw}x{zh}. In the full screenshot's coordinates (the ones \
             actions take) it spans [{}] to [{}].",
            window.info.title,
            if window.info.app_name.is_empty() {
                String::new()
            } else {
                format!(" ({})", window.info.app_name)
            },
            corner(Point {
                x: bounds.x,
                y: bounds.y
            }),
            corner(Point {
                x: bounds.x + bounds.width as i32 - 1,
                y: bounds.y + bounds.height as i32 - 1
            }),
        );
        Ok(Outcome {
            text,
            screenshot: Some(shot),
            ..Default::default()
        })
    }

    fn zoom(&mut self, region: [i64; 4]) -> Result<Outcome, ComputerError> {
        let map = self.scale_map()?;
        let real = map.rect_to_real(region[0], region[1], region[2], region[3])?;
        let monitor = self.monitor()?;
        let raw = self.screen.capture_monitor(&monitor)?;
        let (crop, source) = crop_from(&raw, monitor.bounds, real);
        // Shown as large as the model's screenshots, keeping the region's aspect ratio.
        let shot = self.shot(&map, &crop, source, "zoom", true)?;
        let (zw, zh) = (shot.width, shot.height);
        let text = format!(
            "Zoomed view of [{}, {}, {}, {}] at {zw}x{zh}; coordinates for actions stay those of the full screenshot.",
            region[0], region[1], region[2], region[3]
        );
        Ok(Outcome {
            text,
            screenshot: Some(shot),
            ..Default::default()
        })
    }

    /// `image` (of the real pixels `source`) fitted to the model's size (enlarged only when
    /// `enlarge`), saved, and described.
    fn shot(
        &mut self,
        map: &ScaleMap,
        image: &RgbaImage,
        source: Rect,
        label: &str,
        enlarge: bool,
    ) -> Result<ScreenshotInfo, ComputerError> {
        let (width, height) = image.dimensions();
        let (zw, zh) = fit_for_model(map, width, height, enlarge);
        let path = self.save(&scale(image, zw, zh), label)?;
        Ok(ScreenshotInfo {
            path,
            mime: self.config.encoding.mime().to_string(),
            width: zw,
            height: zh,
            source,
        })
    }

    fn focus_change(&mut self) -> Option<WindowInfo> {
        let now = self.screen.active_window().ok().flatten();
        let changed = match (&self.focus, &now) {
            (Some(a), Some(b)) => a.title != b.title || a.app_name != b.app_name || a.pid != b.pid,
            (None, Some(_)) => true,
            _ => false,
        };
        self.focus = now.clone();
        if changed { now } else { None }
    }
}

/// The part of a monitor's capture (at `monitor` on the desktop) that `region` covers, in
/// real pixels; at least one pixel.
/// The part of `region` (real pixels) on the monitor whose capture is `raw`, and where that
/// part is (at least one pixel).
fn crop_from(raw: &RgbaImage, monitor: Rect, region: Rect) -> (RgbaImage, Rect) {
    let span = |start: i32, len: u32, from: i32, size: u32| {
        let size = size.max(1);
        let lo = start.clamp(from, from + size as i32 - 1);
        let hi = (start + len as i32).clamp(lo + 1, from + size as i32);
        (lo, (hi - lo) as u32)
    };
    let (x, width) = span(region.x, region.width, monitor.x, raw.width());
    let (y, height) = span(region.y, region.height, monitor.y, raw.height());
    let crop = image::imageops::crop_imm(
        raw,
        (x - monitor.x) as u32,
        (y - monitor.y) as u32,
        width,
        height,
    )
    .to_image();
    (
        crop,
        Rect {
            x,
            y,
            width,
            height,
        },
    )
}

/// The size an image is shown to the model at: as large as its screenshots, aspect kept;
/// never larger than the image unless `enlarge`.
fn fit_for_model(map: &ScaleMap, width: u32, height: u32, enlarge: bool) -> (u32, u32) {
    let mut fit =
        (map.model_width as f64 / width as f64).min(map.model_height as f64 / height as f64);
    if !enlarge {
        fit = fit.min(1.0);
    }
    (
        ((width as f64 * fit).round() as u32).max(1),
        ((height as f64 * fit).round() as u32).max(1),
    )
}

fn contains(w: &WindowInfo, p: Point) -> bool {
    w.bounds.is_some_and(|b| {
        p.x >= b.x
            && p.y >= b.y
            && (p.x as i64) < b.x as i64 + b.width as i64
            && (p.y as i64) < b.y as i64 + b.height as i64
    })
}

/// The front-most window containing `p` (windows are listed front-most first).
fn front_most(windows: &[WindowEntry], p: Point) -> Option<&WindowEntry> {
    windows.iter().find(|w| contains(&w.info, p))
}

fn describe_bounds(bounds: Option<Rect>) -> String {
    bounds.map_or("off screen".into(), |b| {
        format!("{}x{} at {},{}", b.width, b.height, b.x, b.y)
    })
}

fn describe(action: &ComputerAction, diff: &ScreenDiff) -> String {
    let change = if diff.changed_regions.is_empty() {
        "The screen did not change.".to_string()
    } else {
        format!(
            "{} region(s) of the screen changed ({:.1}% of pixels).",
            diff.changed_regions.len(),
            diff.changed_fraction * 100.0
        )
    };
    format!("Done: {}. {change} A screenshot follows.", action.name())
}

fn key_name(k: &Key) -> String {
    match k {
        Key::Char(c) => c.to_string(),
        Key::Named(n) => format!("{n:?}").to_lowercase(),
    }
}

fn io_error(path: &std::path::Path, e: std::io::Error) -> ComputerError {
    ComputerError::Failed {
        message: format!("{}: {e}", path.display()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_crop_keeps_the_part_of_the_region_on_the_monitor_and_says_where_it_is() {
        // A monitor at 1920,0 of 100x50 pixels.
        let monitor = Rect {
            x: 1920,
            y: 0,
            width: 100,
            height: 50,
        };
        let raw = RgbaImage::new(100, 50);
        let at = |x, y, width, height| Rect {
            x,
            y,
            width,
            height,
        };
        let (crop, source) = crop_from(&raw, monitor, at(1930, 10, 20, 5));
        assert_eq!((crop.dimensions(), source), ((20, 5), at(1930, 10, 20, 5)));
        // Hanging over the left and top edges: only what is on the monitor, where it is.
        let (crop, source) = crop_from(&raw, monitor, at(1900, -10, 40, 30));
        assert_eq!((crop.dimensions(), source), ((20, 20), at(1920, 0, 20, 20)));
        // Over the right and bottom edges.
        let (crop, source) = crop_from(&raw, monitor, at(2010, 45, 40, 30));
        assert_eq!((crop.dimensions(), source), ((10, 5), at(2010, 45, 10, 5)));
        // Entirely off the monitor: one pixel at its nearest corner, never a panic.
        let (crop, source) = crop_from(&raw, monitor, at(0, 100, 10, 10));
        assert_eq!((crop.dimensions(), source), ((1, 1), at(1920, 49, 1, 1)));
    }
}
