//! Synthetic input through enigo (XTEST on X11).

use enigo::{Axis, Button, Coordinate, Direction, Enigo, Keyboard, Mouse, Settings};
use oi_computer::{DeviceError, Input, Key, MouseButton, NamedKey};
use oi_protocol::Point;

pub struct EnigoInput {
    enigo: Enigo,
}

impl EnigoInput {
    pub fn new() -> Result<Self, DeviceError> {
        let settings = Settings {
            open_prompt_to_get_permissions: false,
            ..Settings::default()
        };
        let enigo = Enigo::new(&settings).map_err(|e| {
            let message = format!("could not connect to the display for input ({e})");
            if cfg!(target_os = "macos") {
                DeviceError::Permission {
                    message: format!("{message}: allow this program under System Settings → Privacy & Security → Accessibility"),
                }
            } else {
                DeviceError::NoDisplay { message: format!("{message}: check that DISPLAY names a running X server") }
            }
        })?;
        Ok(EnigoInput { enigo })
    }
}

fn failed(e: enigo::InputError) -> DeviceError {
    DeviceError::failed(format!("input failed: {e}"))
}

fn button(b: MouseButton) -> Button {
    match b {
        MouseButton::Left => Button::Left,
        MouseButton::Right => Button::Right,
        MouseButton::Middle => Button::Middle,
    }
}

fn key(k: Key) -> Result<enigo::Key, DeviceError> {
    use enigo::Key as E;
    Ok(match k {
        Key::Char(c) => E::Unicode(c),
        Key::Named(n) => match n {
            NamedKey::Control => E::Control,
            NamedKey::Shift => E::Shift,
            NamedKey::Alt => E::Alt,
            NamedKey::Super => E::Meta,
            NamedKey::Return => E::Return,
            NamedKey::Tab => E::Tab,
            NamedKey::Escape => E::Escape,
            NamedKey::Backspace => E::Backspace,
            NamedKey::Delete => E::Delete,
            NamedKey::Insert => E::Insert,
            NamedKey::Space => E::Space,
            NamedKey::Home => E::Home,
            NamedKey::End => E::End,
            NamedKey::PageUp => E::PageUp,
            NamedKey::PageDown => E::PageDown,
            NamedKey::Up => E::UpArrow,
            NamedKey::Down => E::DownArrow,
            NamedKey::Left => E::LeftArrow,
            NamedKey::Right => E::RightArrow,
            NamedKey::CapsLock => E::CapsLock,
            NamedKey::F(n) => match n {
                1 => E::F1,
                2 => E::F2,
                3 => E::F3,
                4 => E::F4,
                5 => E::F5,
                6 => E::F6,
                7 => E::F7,
                8 => E::F8,
                9 => E::F9,
                10 => E::F10,
                11 => E::F11,
                12 => E::F12,
                other => {
                    return Err(DeviceError::failed(format!(
                        "F{other} cannot be pressed here (F1 to F12 can)"
                    )));
                }
            },
        },
    })
}

impl Input for EnigoInput {
    fn move_to(&mut self, p: Point) -> Result<(), DeviceError> {
        self.enigo
            .move_mouse(p.x, p.y, Coordinate::Abs)
            .map_err(failed)
    }

    fn location(&mut self) -> Result<Point, DeviceError> {
        let (x, y) = self.enigo.location().map_err(failed)?;
        Ok(Point { x, y })
    }

    fn button(&mut self, b: MouseButton, down: bool) -> Result<(), DeviceError> {
        let direction = if down {
            Direction::Press
        } else {
            Direction::Release
        };
        self.enigo.button(button(b), direction).map_err(failed)
    }

    fn scroll(&mut self, dx: i32, dy: i32) -> Result<(), DeviceError> {
        if dy != 0 {
            self.enigo.scroll(dy, Axis::Vertical).map_err(failed)?;
        }
        if dx != 0 {
            self.enigo.scroll(dx, Axis::Horizontal).map_err(failed)?;
        }
        Ok(())
    }

    fn key(&mut self, k: Key, down: bool) -> Result<(), DeviceError> {
        let direction = if down {
            Direction::Press
        } else {
            Direction::Release
        };
        self.enigo.key(key(k)?, direction).map_err(failed)
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        self.enigo.text(text).map_err(failed)
    }
}
