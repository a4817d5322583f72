//! Computer use: see the screen, move the mouse, type — with exact coordinates and telemetry.
//!
//! # Two crates, two processes
//! This crate is the engine's side and links no display library: the action set of Anthropic's
//! computer tool ([`ComputerAction`]), the mapping of model coordinates to real pixels
//! ([`ScaleMap`]), planned pointer paths ([`trajectory`]), screen diffs ([`diff`]), the device
//! traits ([`Screen`], [`Input`], observed input for the [`TakeoverDetector`]), the performer
//! that drives any implementation of them ([`Computer`]), and the client of the helper process
//! ([`ComputerClient`]).
//!
//! `oi-computer-x11` implements the traits on xcap, enigo and rdev, and the binary
//! `interpreter-computer` (built with the CLI) serves them over stdio ([`wire`]). Measured with
//! ldd: the helper needs libX11, libXtst, libxcb, libwayland-client/-server, libgbm and libdrm;
//! `interpreter` needs only libc, libm and libgcc_s. The CLI must start over SSH on a server
//! without any display library, so it never links them: the engine spawns the helper on the
//! first computer action, and a missing display, library or permission is an error for that
//! action only (the session goes on).

pub mod action;
pub mod client;
pub mod device;
pub mod diff;
pub mod encode;
pub mod geometry;
pub mod keys;
pub mod perform;
pub mod takeover;
pub mod trajectory;
pub mod wire;

use serde::{Deserialize, Serialize};

pub use action::{ComputerAction, MouseButton, ScrollDirection, is_read_only_action};
pub use client::{ComputerClient, Stopper, display_problem, find_helper};
pub use device::{Clipboard, DeviceError, Input, MonitorInfo, ObservedInput, Screen, WindowEntry};
pub use encode::ImageEncoding;
pub use geometry::{MODEL_SIZES, ScaleMap, model_size};
pub use keys::{Key, NamedKey};
pub use perform::{Computer, ComputerConfig, Outcome};
pub use takeover::{Takeover, TakeoverDetector};

/// Why a computer action did not happen; the message says what to do about it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ComputerError {
    /// The model's arguments do not make an action (told to the model).
    #[error("{message}")]
    BadAction { message: String },
    #[error("{message}")]
    NoDisplay { message: String },
    #[error("{message}")]
    Permission { message: String },
    /// The helper is missing or stopped.
    #[error("{message}")]
    Helper { message: String },
    #[error("{message}")]
    Failed { message: String },
    /// The window the action was planned for cannot take it now (gone, moved, covered, not
    /// activated, or the app's own): nothing was sent.
    #[error("{message}")]
    TargetUnavailable { message: String },
    /// The person used the mouse or keyboard while the action ran: it stopped there.
    #[error("{message}")]
    TakenOver { message: String },
    /// The person pressed Stop (the button, the hotkey, the tray's "pause all"): the action
    /// stopped there and released what it held.
    #[error("{message}")]
    Stopped { message: String },
}

impl From<DeviceError> for ComputerError {
    fn from(e: DeviceError) -> Self {
        match e {
            DeviceError::NoDisplay { message } => ComputerError::NoDisplay { message },
            DeviceError::Permission { message } => ComputerError::Permission { message },
            DeviceError::Failed { message } => ComputerError::Failed { message },
        }
    }
}

impl From<action::ActionError> for ComputerError {
    fn from(e: action::ActionError) -> Self {
        ComputerError::BadAction {
            message: e.to_string(),
        }
    }
}

impl From<geometry::OutOfBounds> for ComputerError {
    fn from(e: geometry::OutOfBounds) -> Self {
        ComputerError::BadAction {
            message: e.to_string(),
        }
    }
}
