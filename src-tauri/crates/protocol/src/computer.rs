use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// A point in screen pixels (real pixels of the virtual desktop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

/// A pointer position sampled at a time offset from the start of an action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct TrajectorySample {
    pub x: i32,
    pub y: i32,
    pub t_ms: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct WindowInfo {
    /// The window system's id for it (an X11 window), when known: how the engine finds the
    /// window again to re-activate it before acting.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub id: Option<u32>,
    pub title: String,
    pub app_name: String,
    pub pid: Option<u32>,
    pub bounds: Option<Rect>,
}

/// A screenshot as stored beside the session log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ScreenshotInfo {
    /// File path of the encoded image.
    pub path: String,
    pub mime: String,
    /// Size the model sees.
    pub width: u32,
    pub height: u32,
    /// Real pixels covered on the desktop.
    pub source: Rect,
}

/// What an input action will do (its plan, shown for approval) or did (with the pointer path
/// actually travelled). Every point is in screen pixels, converted by the engine from the
/// model's image pixels: front ends draw it as it is.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize, TS)]
pub struct InputActionRecord {
    pub action: String,
    pub planned_path: Vec<TrajectorySample>,
    pub actual_path: Vec<TrajectorySample>,
    /// Keys pressed or held (`ctrl+a`, `Return`), modifiers held for a click or scroll.
    pub keys: Vec<String>,
    pub target_window: Option<WindowInfo>,
    /// Where the button goes down (a click, a press, a scroll, a drag's start), or where the
    /// pointer goes (a move).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub target: Option<Point>,
    /// A drag's other end, where the button is released.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub drag_to: Option<Point>,
    /// Which way and how far a scroll goes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub scroll: Option<ScrollPlan>,
    /// Text typed (into `target_window`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub text: Option<String>,
    /// The screenshot the model saw when it chose the action (its coordinates refer to it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub screen: Option<ScreenshotInfo>,
    /// A close-up of the screen around `target` at full resolution, taken when the action was
    /// planned: what is under the pointer right now.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub inset: Option<ScreenshotInfo>,
}

/// A scroll's direction (`up`, `down`, `left`, `right`) and its size in wheel clicks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ScrollPlan {
    pub direction: String,
    pub amount: u32,
}

/// Before/after comparison of the screen around an action.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ScreenDiff {
    pub before: String,
    pub after: String,
    /// Image highlighting what changed.
    pub diff_image: String,
    pub changed_regions: Vec<Rect>,
    /// Share of pixels that changed, 0..1.
    pub changed_fraction: f32,
}
