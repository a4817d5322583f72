//! Computer use on a real desktop: [`oi_computer`]'s device traits on xcap (capture), enigo
//! (input), rdev (watching the person's input) and x11rb (the clipboard), plus the loop of the
//! `interpreter-computer` helper. Linux/X11 is what runs and is tested here; xcap, enigo and rdev build the same
//! code for macOS and Windows, where window geometry comes from xcap instead of RandR.
//!
//! Real pixels everywhere: monitor geometry is read from RandR in device pixels (xcap's own
//! monitor coordinates are divided by the Xft.dpi scale factor and truncated, which would put
//! clicks off by a pixel under HiDPI), and the captured image's own size is the truth.

#[cfg(target_os = "linux")]
mod clipboard;
mod input;
mod monitor;
mod screen;

use std::io::{BufReader, Write};
use std::sync::{Arc, Mutex};

use oi_computer::{Computer, ComputerConfig, ComputerError, TakeoverDetector};

#[cfg(target_os = "linux")]
pub use clipboard::X11Clipboard;
pub use input::EnigoInput;
pub use monitor::watch_physical_input;
pub use screen::XcapScreen;

/// The helper's `main`: serves requests on stdin/stdout until stdin closes.
pub fn run_helper() -> i32 {
    if let Some(problem) = oi_computer::display_problem() {
        return fail(&problem);
    }
    let screen = match XcapScreen::connect() {
        Ok(s) => s,
        Err(e) => return fail(&e.into()),
    };
    let input = match EnigoInput::new() {
        Ok(i) => i,
        Err(e) => return fail(&e.into()),
    };
    let detector = Arc::new(Mutex::new(TakeoverDetector::default()));
    watch_physical_input(detector.clone());
    let dir = std::env::temp_dir().join("oi-computer");
    let mut computer = Computer::new(screen, input, detector.clone(), ComputerConfig::new(dir));
    #[cfg(target_os = "linux")]
    match X11Clipboard::connect() {
        Ok(clipboard) => computer = computer.with_clipboard(Box::new(clipboard)),
        // Screen, mouse and keyboard still work; clipboard actions say it is unavailable.
        Err(e) => tracing::warn!("no clipboard: {e}"),
    }
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match oi_computer::wire::serve(
        &mut computer,
        &detector,
        BufReader::new(stdin),
        stdout.lock(),
    ) {
        Ok(()) => 0,
        Err(e) => {
            tracing::error!("computer helper: {e}");
            1
        }
    }
}

/// Before the loop starts, a failure goes out as the reply to whatever comes first.
fn fail(error: &ComputerError) -> i32 {
    let reply = oi_computer::wire::Reply {
        id: 1,
        body: oi_computer::wire::ReplyBody::Error {
            error: error.clone(),
        },
    };
    if let Ok(text) = serde_json::to_string(&reply) {
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }
    2
}
