//! The person's input, watched with rdev (XRecord on X11). `rdev::listen` never returns, so it
//! gets its own thread for the helper's lifetime.
//!
//! Input in the agent's own front end (the desktop app, by process id) is the person answering
//! the agent, not taking over: pointer moves and clicks over its windows and keys while one of
//! them has the focus are not passed on. This thread asks the X server on its own connection.

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use oi_computer::{ObservedInput, TakeoverDetector};
use oi_protocol::{Point, Rect};

use crate::screen::XcapScreen;

/// How long the own windows' places are trusted before they are asked for again.
const OWN_BOUNDS_FRESH: Duration = Duration::from_millis(250);

/// What decides whether an input event happened in the app's own windows.
struct OwnWindows {
    x: Option<XcapScreen>,
    bounds: Vec<Rect>,
    asked: Option<Instant>,
    pointer: Option<Point>,
}

impl OwnWindows {
    fn is_own(&mut self, input: ObservedInput, pids: &[u32]) -> bool {
        if let ObservedInput::MouseMove { x, y } = input {
            self.pointer = Some(Point { x, y });
        }
        if pids.is_empty() {
            return false;
        }
        let Some(x) = &self.x else { return false };
        match input {
            ObservedInput::Key => x.focused_pid().is_some_and(|p| pids.contains(&p)),
            ObservedInput::MouseMove { .. } | ObservedInput::Button | ObservedInput::Wheel => {
                if self.asked.is_none_or(|t| t.elapsed() > OWN_BOUNDS_FRESH) {
                    self.bounds = x.bounds_of_pids(pids);
                    self.asked = Some(Instant::now());
                }
                self.pointer.is_some_and(|p| {
                    self.bounds.iter().any(|b| {
                        p.x >= b.x
                            && p.y >= b.y
                            && (p.x as i64) < b.x as i64 + b.width as i64
                            && (p.y as i64) < b.y as i64 + b.height as i64
                    })
                })
            }
        }
    }
}

pub fn watch_physical_input(detector: Arc<Mutex<TakeoverDetector>>) {
    let spawned = std::thread::Builder::new()
        .name("input-monitor".into())
        .spawn(move || {
            let mut own = OwnWindows {
                x: XcapScreen::connect().ok(),
                bounds: Vec::new(),
                asked: None,
                pointer: None,
            };
            let result = rdev::listen(move |event| {
                let observed = match event.event_type {
                    rdev::EventType::MouseMove { x, y } => ObservedInput::MouseMove {
                        x: x.round() as i32,
                        y: y.round() as i32,
                    },
                    rdev::EventType::ButtonPress(_) | rdev::EventType::ButtonRelease(_) => {
                        ObservedInput::Button
                    }
                    rdev::EventType::KeyPress(_) | rdev::EventType::KeyRelease(_) => {
                        ObservedInput::Key
                    }
                    rdev::EventType::Wheel { .. } => ObservedInput::Wheel,
                };
                let pids = detector
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .own_pids()
                    .to_vec();
                // Asked without holding the lock: the performer waits on it.
                if own.is_own(observed, &pids) {
                    return;
                }
                detector
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .observe(observed);
            });
            if let Err(e) = result {
                tracing::warn!(
                    "the person's input cannot be watched (no takeover detection): {e:?}"
                );
            }
        });
    if let Err(e) = spawned {
        tracing::warn!("could not start the input monitor: {e}");
    }
}
