//! The person's input, watched with rdev (XRecord on X11). `rdev::listen` never returns, so it
//! gets its own thread for the helper's lifetime.

use std::sync::{Arc, Mutex};

use oi_computer::{ObservedInput, TakeoverDetector};

pub fn watch_physical_input(detector: Arc<Mutex<TakeoverDetector>>) {
    let spawned = std::thread::Builder::new()
        .name("input-monitor".into())
        .spawn(move || {
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
