//! Real pointer clicks and key presses on the app's window (XTEST through xdotool), where a
//! person uses the pointer: the page tells where an element is, the X server gets the click.

use std::process::Command;
use std::time::{Duration, Instant};

use oi_protocol::Point;
use serde_json::json;

use super::desktop::Desktop;
use super::webdriver::WebDriver;

/// The app's top-level window and where its content is on the screen.
pub fn app_window(desktop: &Desktop) -> (String, Point) {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let found = Command::new("xdotool")
            .args(["search", "--onlyvisible", "--name", "^Open Interpreter$"])
            .env("DISPLAY", &desktop.display)
            .output()
            .unwrap();
        let ids = String::from_utf8_lossy(&found.stdout);
        if let Some(id) = ids.lines().next() {
            let (at, _) = window_geometry(desktop, id);
            return (id.to_string(), at);
        }
        assert!(Instant::now() < deadline, "no app window on the screen");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Where the X window `id` is on the screen and its size.
pub fn window_geometry(desktop: &Desktop, id: &str) -> (Point, Point) {
    let geometry = desktop.run("xdotool", &["getwindowgeometry", "--shell", id]);
    let get = |k: &str| -> i32 {
        geometry
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .and_then(|v| v.trim().parse().ok())
            .unwrap()
    };
    (
        Point {
            x: get("X"),
            y: get("Y"),
        },
        Point {
            x: get("WIDTH"),
            y: get("HEIGHT"),
        },
    )
}

/// Where the page's (0,0) is on the screen, measured with the real pointer: the window's
/// geometry alone misses the decorations a window manager adds.
async fn content_origin(wd: &WebDriver, desktop: &Desktop) -> Point {
    let (_, frame) = app_window(desktop);
    wd.js(
        "window.__oiPointer = null; \
         document.addEventListener('mousemove', e => window.__oiPointer = [e.clientX, e.clientY], {capture: true});",
        json!([]),
    )
    .await;
    let rest = Point {
        x: frame.x + 300,
        y: frame.y + 300,
    };
    // Two moves, so the pointer surely moves over the page; it rests at `rest`.
    for p in [(rest.x + 5, rest.y + 5), (rest.x, rest.y)] {
        desktop.run(
            "xdotool",
            &["mousemove", &p.0.to_string(), &p.1.to_string()],
        );
    }
    wd.wait_for(
        "the page to see the pointer",
        "return window.__oiPointer",
        json!([]),
    )
    .await;
    // The last motion event is the one at rest.
    tokio::time::sleep(Duration::from_millis(150)).await;
    let seen = wd.js("return window.__oiPointer", json!([])).await;
    let client = |i: usize| seen[i].as_f64().unwrap().round() as i32;
    Point {
        x: rest.x - client(0),
        y: rest.y - client(1),
    }
}

/// Moves the real pointer to the centre of the element `css`, once it is on the page, shown and
/// enabled, scrolled into view and settled where a person would see it.
async fn move_over(wd: &WebDriver, desktop: &Desktop, css: &str, what: &str) {
    wd.wait_for(
        &format!("{css} to {what}"),
        "const e = document.querySelector(arguments[0]); \
         if (!e || e.disabled || e.getClientRects().length === 0) return false; \
         e.scrollIntoView({block: 'center', behavior: 'instant'}); return true;",
        json!([css]),
    )
    .await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let origin = content_origin(wd, desktop).await;
    let at = wd
        .js(
            "const r = document.querySelector(arguments[0]).getBoundingClientRect(); \
             return [r.x + r.width / 2, r.y + r.height / 2];",
            json!([css]),
        )
        .await;
    let x = origin.x + at[0].as_f64().unwrap().round() as i32;
    let y = origin.y + at[1].as_f64().unwrap().round() as i32;
    eprintln!("real {what} on {css} at {x},{y} (content at {origin:?}, element at {at})");
    desktop.run("xdotool", &["mousemove", &x.to_string(), &y.to_string()]);
}

/// Clicks the element `css` with the real pointer, as a person does (XTEST through xdotool):
/// once it is on the page and can be clicked, scrolled into view, at its centre. The click
/// moves the keyboard focus as it does for a person (with a window manager, it also activates
/// the window).
pub async fn click(wd: &WebDriver, desktop: &Desktop, css: &str) {
    move_over(wd, desktop, css, "click").await;
    // A person clicks what they see under the pointer: a control shown only on hover (a list
    // item's delete button) is hit once the hover has drawn it, not before.
    wd.wait_for(
        &format!("{css} drawn under the pointer"),
        "const e = document.querySelector(arguments[0]); if (!e) return false; \
         const r = e.getBoundingClientRect(); \
         const t = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2); \
         return !!t && (t === e || e.contains(t)) && getComputedStyle(e).visibility === 'visible';",
        json!([css]),
    )
    .await;
    desktop.run("xdotool", &["click", "1"]);
}

/// Turns the real mouse wheel `clicks` notches up over the element `css` (at its centre, once it
/// is in view), as a person scrolls a box back.
pub async fn wheel_up(wd: &WebDriver, desktop: &Desktop, css: &str, clicks: u32) {
    move_over(wd, desktop, css, "scroll").await;
    desktop.run(
        "xdotool",
        &[
            "click",
            "--repeat",
            &clicks.to_string(),
            "--delay",
            "40",
            "4",
        ],
    );
}

/// Types `text` with the real keyboard into whatever has the focus.
fn type_text(desktop: &Desktop, text: &str) {
    desktop.run("xdotool", &["type", "--delay", "20", text]);
}

/// Presses `keys` (xdotool's names: `ctrl+a`, `Return`) with the real keyboard.
pub fn key(desktop: &Desktop, keys: &str) {
    desktop.run("xdotool", &["key", keys]);
}

/// Approves the card `call_id` with a real click and waits for its output to hold `contains`.
pub async fn approve_and_read(wd: &WebDriver, desktop: &Desktop, call_id: &str, contains: &str) {
    click(
        wd,
        desktop,
        &format!("[data-call-id='{call_id}'] [data-testid=approve]"),
    )
    .await;
    wd.text_when(
        &format!("[data-call-id='{call_id}'] [data-testid=exec-output]"),
        contains,
    )
    .await;
}

/// Sends a message as a person does: a click in the composer, the text typed, and once it
/// shows there, a click on Send.
pub async fn say(wd: &WebDriver, desktop: &Desktop, text: &str) {
    let composer = "[data-testid=message-input]";
    click(wd, desktop, composer).await;
    type_over(wd, desktop, composer, text).await;
    click(wd, desktop, "[data-testid=send]").await;
}

/// Types `text` with the real keyboard over what the field `css` holds (the focus is on it or
/// about to be: it was just clicked or opened), and waits until the field shows it; an empty
/// `text` clears the field. A person whose keys went elsewhere (the window was still being
/// activated, on a loaded machine) sees the field unchanged and types again; so does this, once.
pub async fn type_over(wd: &WebDriver, desktop: &Desktop, css: &str, text: &str) {
    for attempt in 1..=2 {
        wd.wait_for(
            &format!("{css} to have the focus"),
            "return document.activeElement === document.querySelector(arguments[0])",
            json!([css]),
        )
        .await;
        key(desktop, "ctrl+a");
        if text.is_empty() {
            key(desktop, "BackSpace");
        } else {
            type_text(desktop, text);
        }
        if field_holds(wd, css, text).await {
            return;
        }
        assert!(attempt < 2, "{css} never showed {text:?}");
        eprintln!("{css} does not show {text:?} yet: typing it again");
        click(wd, desktop, css).await;
    }
}

/// Whether the field `css` shows `text` within a few seconds.
async fn field_holds(wd: &WebDriver, css: &str, text: &str) -> bool {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let shown = wd
            .js(
                "return document.querySelector(arguments[0])?.value",
                json!([css]),
            )
            .await;
        if shown == json!(text) {
            return true;
        }
        if Instant::now() > deadline {
            eprintln!("{css} shows {shown}");
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
