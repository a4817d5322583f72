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

/// What an input action did, with the pointer path actually travelled.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct InputActionRecord {
    pub action: String,
    pub planned_path: Vec<TrajectorySample>,
    pub actual_path: Vec<TrajectorySample>,
    pub keys: Vec<String>,
    pub target_window: Option<WindowInfo>,
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
