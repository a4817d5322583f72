//! Key names as models write them (xdotool's names, which Anthropic's computer tool uses:
//! `ctrl+shift+t`, `Return`, `Page_Down`, `super`…), parsed into keys any backend can press.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NamedKey {
    Control,
    Shift,
    Alt,
    Super,
    Return,
    Tab,
    Escape,
    Backspace,
    Delete,
    Insert,
    Space,
    Home,
    End,
    PageUp,
    PageDown,
    Up,
    Down,
    Left,
    Right,
    CapsLock,
    F(u8),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Key {
    Named(NamedKey),
    Char(char),
}

impl Key {
    pub fn is_modifier(&self) -> bool {
        matches!(
            self,
            Key::Named(NamedKey::Control | NamedKey::Shift | NamedKey::Alt | NamedKey::Super)
        )
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum KeyError {
    #[error(
        "no key is named `{0}`; use names like ctrl, shift, alt, super, Return, Tab, Escape, BackSpace, Delete, Home, End, Page_Up, Page_Down, Up, Down, Left, Right, F1..F12, space or a single character"
    )]
    Unknown(String),
    #[error("empty key combination")]
    Empty,
}

/// One key name.
pub fn parse_key(name: &str) -> Result<Key, KeyError> {
    let trimmed = name.trim();
    let mut chars = trimmed.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Ok(Key::Char(c));
    }
    let lower = trimmed.to_ascii_lowercase().replace(['-', ' '], "_");
    let named = match lower.as_str() {
        "ctrl" | "control" | "control_l" | "control_r" | "ctrl_l" | "ctrl_r" => NamedKey::Control,
        "shift" | "shift_l" | "shift_r" => NamedKey::Shift,
        "alt" | "alt_l" | "alt_r" | "option" | "meta" => NamedKey::Alt,
        "super" | "super_l" | "super_r" | "cmd" | "command" | "win" | "windows" => NamedKey::Super,
        "return" | "enter" | "kp_enter" => NamedKey::Return,
        "tab" => NamedKey::Tab,
        "escape" | "esc" => NamedKey::Escape,
        "backspace" | "back_space" => NamedKey::Backspace,
        "delete" | "del" => NamedKey::Delete,
        "insert" => NamedKey::Insert,
        "space" => NamedKey::Space,
        "home" => NamedKey::Home,
        "end" => NamedKey::End,
        "page_up" | "pageup" | "prior" => NamedKey::PageUp,
        "page_down" | "pagedown" | "next" => NamedKey::PageDown,
        "up" => NamedKey::Up,
        "down" => NamedKey::Down,
        "left" => NamedKey::Left,
        "right" => NamedKey::Right,
        "caps_lock" | "capslock" => NamedKey::CapsLock,
        "minus" => return Ok(Key::Char('-')),
        "plus" => return Ok(Key::Char('+')),
        "period" => return Ok(Key::Char('.')),
        "comma" => return Ok(Key::Char(',')),
        "slash" => return Ok(Key::Char('/')),
        other => match other.strip_prefix('f').and_then(|n| n.parse::<u8>().ok()) {
            Some(n) if (1..=24).contains(&n) => NamedKey::F(n),
            _ => return Err(KeyError::Unknown(trimmed.to_string())),
        },
    };
    Ok(Key::Named(named))
}

/// A combination like `ctrl+shift+t`: keys pressed in order, released in reverse.
pub fn parse_combo(combo: &str) -> Result<Vec<Key>, KeyError> {
    let combo = combo.trim();
    if combo.is_empty() {
        return Err(KeyError::Empty);
    }
    if combo == "+" {
        return Ok(vec![Key::Char('+')]);
    }
    combo.split('+').map(parse_key).collect()
}

/// What `key` may hold: several combinations separated by spaces (`ctrl+a Delete`), as xdotool takes them.
pub fn parse_sequence(text: &str) -> Result<Vec<Vec<Key>>, KeyError> {
    let combos: Vec<_> = text
        .split_whitespace()
        .map(parse_combo)
        .collect::<Result<_, _>>()?;
    if combos.is_empty() {
        return Err(KeyError::Empty);
    }
    Ok(combos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combos_and_sequences() {
        assert_eq!(
            parse_combo("ctrl+shift+t").unwrap(),
            vec![
                Key::Named(NamedKey::Control),
                Key::Named(NamedKey::Shift),
                Key::Char('t')
            ]
        );
        assert_eq!(
            parse_combo("Page_Down").unwrap(),
            vec![Key::Named(NamedKey::PageDown)]
        );
        assert_eq!(parse_combo("F5").unwrap(), vec![Key::Named(NamedKey::F(5))]);
        assert_eq!(parse_sequence("ctrl+a BackSpace").unwrap().len(), 2);
        assert!(
            parse_combo("ctrl+hyper")
                .unwrap_err()
                .to_string()
                .contains("`hyper`")
        );
        assert_eq!(parse_combo(" ").unwrap_err(), KeyError::Empty);
    }
}
