//! The action set of Anthropic's computer tool (`computer_20250124` and later), parsed from the
//! arguments a model sends. Coordinates stay in model pixels here; the performer maps them.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::keys::{Key, KeyError, parse_combo, parse_sequence};

/// A point in the screenshot the model saw.
pub type ModelPoint = (i64, i64);

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MouseButton {
    Left,
    Right,
    Middle,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScrollDirection {
    Up,
    Down,
    Left,
    Right,
}

impl ScrollDirection {
    pub fn name(self) -> &'static str {
        match self {
            ScrollDirection::Up => "up",
            ScrollDirection::Down => "down",
            ScrollDirection::Left => "left",
            ScrollDirection::Right => "right",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ComputerAction {
    /// The monitor, or one window (`Some`: part of its title, or `active`) at full resolution.
    Screenshot {
        window: Option<String>,
    },
    CursorPosition,
    MouseMove {
        to: ModelPoint,
    },
    /// Single, double or triple click, with modifier keys held.
    Click {
        button: MouseButton,
        count: u8,
        at: Option<ModelPoint>,
        modifiers: Vec<Key>,
    },
    MouseDown {
        at: Option<ModelPoint>,
    },
    MouseUp {
        at: Option<ModelPoint>,
    },
    Drag {
        from: Option<ModelPoint>,
        to: ModelPoint,
    },
    Scroll {
        at: Option<ModelPoint>,
        direction: ScrollDirection,
        amount: u32,
        modifiers: Vec<Key>,
    },
    /// Combinations pressed one after the other (`ctrl+a Delete`).
    Key {
        combos: Vec<Vec<Key>>,
    },
    Type {
        text: String,
    },
    HoldKey {
        keys: Vec<Key>,
        seconds: f64,
    },
    Wait {
        seconds: f64,
    },
    /// Part of the screen at full resolution: `[x0, y0, x1, y1]` in model pixels.
    Zoom {
        region: [i64; 4],
    },
    /// The clipboard's text (the Python kernel's `computer.clipboard.view()`).
    ClipboardView,
    /// Puts text on the clipboard (`computer.clipboard.copy(text)`).
    ClipboardCopy {
        text: String,
    },
}

/// Why arguments do not make an action; the text is what the model is told.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ActionError {
    #[error("missing `action`: one of {names}", names = ACTION_NAMES.join(", "))]
    MissingAction,
    #[error("unknown action `{0}`: use one of {names}", names = ACTION_NAMES.join(", "))]
    UnknownAction(String),
    #[error("`{action}` needs `{field}` ({what})")]
    Missing {
        action: String,
        field: &'static str,
        what: &'static str,
    },
    #[error("`{field}` must be {what}")]
    Invalid {
        field: &'static str,
        what: &'static str,
    },
    #[error(transparent)]
    Key(#[from] KeyError),
}

pub const ACTION_NAMES: [&str; 21] = [
    "screenshot",
    "cursor_position",
    "mouse_move",
    "left_click",
    "right_click",
    "middle_click",
    "double_click",
    "triple_click",
    "left_click_drag",
    "left_mouse_down",
    "left_mouse_up",
    "scroll",
    "key",
    "type",
    "hold_key",
    "wait",
    "zoom",
    "mouse_down",
    "mouse_up",
    "clipboard_view",
    "clipboard_copy",
];

/// Longest wait or key hold a model may ask for.
const MAX_SECONDS: f64 = 100.0;

impl ComputerAction {
    pub fn parse(args: &Value) -> Result<ComputerAction, ActionError> {
        let name = args
            .get("action")
            .and_then(Value::as_str)
            .ok_or(ActionError::MissingAction)?;
        let missing = |field, what| ActionError::Missing {
            action: name.to_string(),
            field,
            what,
        };
        let coordinate = || point(args, "coordinate");
        let need_coordinate =
            || coordinate()?.ok_or_else(|| missing("coordinate", "[x, y] in screenshot pixels"));
        let text = || {
            args.get("text")
                .and_then(Value::as_str)
                .filter(|t| !t.is_empty())
        };
        let modifiers = || -> Result<Vec<Key>, ActionError> {
            match text() {
                Some(t) => Ok(parse_combo(t)?),
                None => Ok(Vec::new()),
            }
        };
        let click = |button, count| -> Result<ComputerAction, ActionError> {
            Ok(ComputerAction::Click {
                button,
                count,
                at: coordinate()?,
                modifiers: modifiers()?,
            })
        };
        Ok(match name {
            "screenshot" => ComputerAction::Screenshot {
                window: args
                    .get("window")
                    .and_then(Value::as_str)
                    .map(str::trim)
                    .filter(|w| !w.is_empty())
                    .map(String::from),
            },
            "cursor_position" => ComputerAction::CursorPosition,
            "mouse_move" => ComputerAction::MouseMove {
                to: need_coordinate()?,
            },
            "left_click" => click(MouseButton::Left, 1)?,
            "right_click" => click(MouseButton::Right, 1)?,
            "middle_click" => click(MouseButton::Middle, 1)?,
            "double_click" => click(MouseButton::Left, 2)?,
            "triple_click" => click(MouseButton::Left, 3)?,
            "left_mouse_down" | "mouse_down" => ComputerAction::MouseDown { at: coordinate()? },
            "left_mouse_up" | "mouse_up" => ComputerAction::MouseUp { at: coordinate()? },
            "left_click_drag" => ComputerAction::Drag {
                from: point(args, "start_coordinate")?,
                to: need_coordinate()?,
            },
            "scroll" => {
                let direction = match args.get("scroll_direction").and_then(Value::as_str) {
                    Some("up") => ScrollDirection::Up,
                    Some("down") => ScrollDirection::Down,
                    Some("left") => ScrollDirection::Left,
                    Some("right") => ScrollDirection::Right,
                    Some(_) => {
                        return Err(ActionError::Invalid {
                            field: "scroll_direction",
                            what: "up, down, left or right",
                        });
                    }
                    None => return Err(missing("scroll_direction", "up, down, left or right")),
                };
                let amount = match args.get("scroll_amount") {
                    None | Some(Value::Null) => 3,
                    Some(v) => number(v).filter(|n| *n >= 0.0 && *n <= 100.0).ok_or(
                        ActionError::Invalid {
                            field: "scroll_amount",
                            what: "a whole number of wheel clicks, 0 to 100",
                        },
                    )? as u32,
                };
                ComputerAction::Scroll {
                    at: coordinate()?,
                    direction,
                    amount,
                    modifiers: modifiers()?,
                }
            }
            "key" => ComputerAction::Key {
                combos: parse_sequence(
                    text()
                        .ok_or_else(|| missing("text", "the keys, like ctrl+shift+t or Return"))?,
                )?,
            },
            "type" => ComputerAction::Type {
                text: text()
                    .ok_or_else(|| missing("text", "the text to type"))?
                    .to_string(),
            },
            "hold_key" => ComputerAction::HoldKey {
                keys: parse_combo(
                    text().ok_or_else(|| missing("text", "the key to hold, like shift"))?,
                )?,
                seconds: seconds(args)?
                    .ok_or_else(|| missing("duration", "seconds to hold the key"))?,
            },
            "wait" => ComputerAction::Wait {
                seconds: seconds(args)?.unwrap_or(1.0),
            },
            "zoom" => {
                let region = match args.get("region").and_then(Value::as_array) {
                    Some(items) if items.len() == 4 => {
                        let mut r = [0i64; 4];
                        for (slot, v) in r.iter_mut().zip(items) {
                            *slot = number(v).ok_or(ActionError::Invalid {
                                field: "region",
                                what: "[x0, y0, x1, y1] in screenshot pixels",
                            })? as i64;
                        }
                        r
                    }
                    Some(_) => {
                        return Err(ActionError::Invalid {
                            field: "region",
                            what: "[x0, y0, x1, y1] in screenshot pixels",
                        });
                    }
                    None => return Err(missing("region", "[x0, y0, x1, y1] in screenshot pixels")),
                };
                ComputerAction::Zoom { region }
            }
            "clipboard_view" => ComputerAction::ClipboardView,
            "clipboard_copy" => ComputerAction::ClipboardCopy {
                text: args
                    .get("text")
                    .and_then(Value::as_str)
                    .ok_or_else(|| missing("text", "the text to put on the clipboard"))?
                    .to_string(),
            },
            other => return Err(ActionError::UnknownAction(other.to_string())),
        })
    }

    /// Reads the screen or waits, and changes nothing (what a policy may run without asking).
    pub fn is_read_only(&self) -> bool {
        matches!(
            self,
            ComputerAction::Screenshot { .. }
                | ComputerAction::CursorPosition
                | ComputerAction::Wait { .. }
                | ComputerAction::Zoom { .. }
                | ComputerAction::ClipboardView
        )
    }

    /// Sends mouse or keyboard input, to the window under the pointer or with the focus (the
    /// rest looks, waits or uses the clipboard, and targets no window).
    pub fn sends_input(&self) -> bool {
        !self.is_read_only() && !matches!(self, ComputerAction::ClipboardCopy { .. })
    }

    /// The name the model used for this kind of action.
    pub fn name(&self) -> &'static str {
        match self {
            ComputerAction::Screenshot { .. } => "screenshot",
            ComputerAction::CursorPosition => "cursor_position",
            ComputerAction::MouseMove { .. } => "mouse_move",
            ComputerAction::Click {
                button: MouseButton::Left,
                count: 2,
                ..
            } => "double_click",
            ComputerAction::Click {
                button: MouseButton::Left,
                count: 3,
                ..
            } => "triple_click",
            ComputerAction::Click {
                button: MouseButton::Left,
                ..
            } => "left_click",
            ComputerAction::Click {
                button: MouseButton::Right,
                ..
            } => "right_click",
            ComputerAction::Click {
                button: MouseButton::Middle,
                ..
            } => "middle_click",
            ComputerAction::MouseDown { .. } => "left_mouse_down",
            ComputerAction::MouseUp { .. } => "left_mouse_up",
            ComputerAction::Drag { .. } => "left_click_drag",
            ComputerAction::Scroll { .. } => "scroll",
            ComputerAction::Key { .. } => "key",
            ComputerAction::Type { .. } => "type",
            ComputerAction::HoldKey { .. } => "hold_key",
            ComputerAction::Wait { .. } => "wait",
            ComputerAction::ClipboardView => "clipboard_view",
            ComputerAction::ClipboardCopy { .. } => "clipboard_copy",
            ComputerAction::Zoom { .. } => "zoom",
        }
    }
}

/// Whether the arguments name a read-only action (unparseable arguments are not read-only).
pub fn is_read_only_action(name: &str) -> bool {
    matches!(
        name,
        "screenshot" | "cursor_position" | "wait" | "zoom" | "clipboard_view"
    )
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// `[x, y]` (models also send `"x,y"` or `{"x":..,"y":..}`).
fn point(args: &Value, field: &'static str) -> Result<Option<ModelPoint>, ActionError> {
    let invalid = ActionError::Invalid {
        field,
        what: "[x, y], two whole numbers in screenshot pixels",
    };
    let pair = match args.get(field) {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Array(items)) if items.len() == 2 => (number(&items[0]), number(&items[1])),
        Some(Value::String(s)) => {
            let s = s
                .trim()
                .trim_start_matches(['[', '('])
                .trim_end_matches([']', ')']);
            let mut parts = s.split(',').map(|p| p.trim().parse::<f64>().ok());
            (parts.next().flatten(), parts.next().flatten())
        }
        Some(Value::Object(o)) => (o.get("x").and_then(number), o.get("y").and_then(number)),
        Some(_) => return Err(invalid),
    };
    match pair {
        (Some(x), Some(y)) if x.is_finite() && y.is_finite() => {
            Ok(Some((x.round() as i64, y.round() as i64)))
        }
        _ => Err(invalid),
    }
}

fn seconds(args: &Value) -> Result<Option<f64>, ActionError> {
    match args.get("duration") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => number(v)
            .filter(|s| *s >= 0.0 && *s <= MAX_SECONDS)
            .map(Some)
            .ok_or(ActionError::Invalid {
                field: "duration",
                what: "seconds, 0 to 100",
            }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::keys::NamedKey;
    use serde_json::json;

    #[test]
    fn parses_the_anthropic_action_set() {
        let a = ComputerAction::parse(
            &json!({"action": "left_click", "coordinate": [10, 20], "text": "shift"}),
        )
        .unwrap();
        assert_eq!(
            a,
            ComputerAction::Click {
                button: MouseButton::Left,
                count: 1,
                at: Some((10, 20)),
                modifiers: vec![Key::Named(NamedKey::Shift)]
            }
        );
        let a = ComputerAction::parse(
            &json!({"action": "left_click_drag", "start_coordinate": [1, 2], "coordinate": [3, 4]}),
        )
        .unwrap();
        assert_eq!(
            a,
            ComputerAction::Drag {
                from: Some((1, 2)),
                to: (3, 4)
            }
        );
        let a = ComputerAction::parse(&json!({"action": "scroll", "coordinate": [5, 5], "scroll_direction": "down", "scroll_amount": 2})).unwrap();
        assert_eq!(
            a,
            ComputerAction::Scroll {
                at: Some((5, 5)),
                direction: ScrollDirection::Down,
                amount: 2,
                modifiers: vec![]
            }
        );
        let a =
            ComputerAction::parse(&json!({"action": "zoom", "region": [0, 0, 100, 50]})).unwrap();
        assert_eq!(
            a,
            ComputerAction::Zoom {
                region: [0, 0, 100, 50]
            }
        );
        assert!(
            ComputerAction::parse(&json!({"action": "screenshot"}))
                .unwrap()
                .is_read_only()
        );
        for name in ACTION_NAMES {
            assert_eq!(is_read_only_action(name), ComputerAction::parse(&json!({"action": name, "coordinate": [1, 1], "text": "a", "duration": 1, "scroll_direction": "up", "region": [0, 0, 2, 2]})).unwrap().is_read_only(), "{name}");
        }
    }

    #[test]
    fn bad_arguments_say_what_to_send() {
        let e = ComputerAction::parse(&json!({"action": "mouse_move"})).unwrap_err();
        assert!(e.to_string().contains("`coordinate`"), "{e}");
        let e = ComputerAction::parse(&json!({"action": "fly"})).unwrap_err();
        assert!(e.to_string().contains("left_click"), "{e}");
        let e =
            ComputerAction::parse(&json!({"action": "left_click", "coordinate": [1]})).unwrap_err();
        assert!(e.to_string().contains("[x, y]"), "{e}");
        assert_eq!(
            ComputerAction::parse(&json!({"action": "mouse_move", "coordinate": "12, 30"}))
                .unwrap(),
            ComputerAction::MouseMove { to: (12, 30) }
        );
    }
}
