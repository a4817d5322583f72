//! What a platform must provide: a screen to capture, input to synthesize, a clipboard, and a
//! monitor of the person's own input. `oi-computer-x11` implements them on xcap, enigo and rdev.

use image::RgbaImage;
use oi_protocol::{Point, Rect, WindowInfo};
use serde::{Deserialize, Serialize};

use crate::action::MouseButton;
use crate::keys::Key;

/// Why a device could not do something.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeviceError {
    /// No graphical session to work in.
    #[error("{message}")]
    NoDisplay { message: String },
    /// The system refused (screen-recording or accessibility permission, Wayland without portal).
    #[error("{message}")]
    Permission { message: String },
    #[error("{message}")]
    Failed { message: String },
}

impl DeviceError {
    pub fn failed(message: impl std::fmt::Display) -> Self {
        DeviceError::Failed {
            message: message.to_string(),
        }
    }
}

/// One monitor in desktop coordinates (real pixels).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MonitorInfo {
    pub name: String,
    pub bounds: Rect,
    pub scale_factor: f32,
    pub primary: bool,
}

/// A top-level window.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WindowEntry {
    pub id: u32,
    pub info: WindowInfo,
    pub focused: bool,
}

pub trait Screen: Send {
    /// Monitors, primary first.
    fn monitors(&mut self) -> Result<Vec<MonitorInfo>, DeviceError>;
    /// The monitor's pixels; the image has the monitor's size in real pixels.
    fn capture_monitor(&mut self, monitor: &MonitorInfo) -> Result<RgbaImage, DeviceError>;
    /// Top-level windows, front-most first.
    fn windows(&mut self) -> Result<Vec<WindowEntry>, DeviceError>;
    /// A window's pixels (its bounds in [`WindowEntry::info`]).
    fn capture_window(&mut self, id: u32) -> Result<RgbaImage, DeviceError>;
    /// The window with the keyboard focus.
    fn active_window(&mut self) -> Result<Option<WindowInfo>, DeviceError>;
    /// Asks for a window to be raised and given the keyboard focus (done when the window
    /// manager gets to it: callers wait for [`Screen::windows`] to show it focused).
    fn activate(&mut self, id: u32) -> Result<(), DeviceError>;
}

pub trait Input: Send {
    fn move_to(&mut self, p: Point) -> Result<(), DeviceError>;
    /// Where the pointer is now (read from the system, not remembered).
    fn location(&mut self) -> Result<Point, DeviceError>;
    fn button(&mut self, button: MouseButton, down: bool) -> Result<(), DeviceError>;
    /// Wheel clicks: positive `dy` scrolls down, positive `dx` right.
    fn scroll(&mut self, dx: i32, dy: i32) -> Result<(), DeviceError>;
    fn key(&mut self, key: Key, down: bool) -> Result<(), DeviceError>;
    fn text(&mut self, text: &str) -> Result<(), DeviceError>;
}

/// The system clipboard's text.
pub trait Clipboard: Send {
    /// The clipboard's text (empty when nothing holds it).
    fn text(&mut self) -> Result<String, DeviceError>;
    /// Puts text on the clipboard, for other programs to paste.
    fn set_text(&mut self, text: &str) -> Result<(), DeviceError>;
}

/// Input the monitor saw, synthetic or not.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ObservedInput {
    MouseMove { x: i32, y: i32 },
    Button,
    Key,
    Wheel,
}
