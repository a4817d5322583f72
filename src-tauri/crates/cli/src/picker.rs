//! Choosing one item of a list in the terminal: arrow keys in a terminal, a numbered list
//! and a typed number otherwise.

use std::io::{BufRead, Write};

use crossterm::cursor::MoveToColumn;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::style::{Attribute, Print, SetAttribute};
use crossterm::terminal::{Clear, ClearType};
use crossterm::{QueueableCommand, terminal};

/// Arrow keys (or j/k) move, Enter chooses, Esc, q or Ctrl-C cancel (`None`).
pub fn pick_with_keys(
    title: &str,
    items: &[String],
    initial: usize,
) -> std::io::Result<Option<usize>> {
    let mut out = std::io::stdout();
    let mut selected = initial.min(items.len().saturating_sub(1));
    terminal::enable_raw_mode()?;
    let result = (|| -> std::io::Result<Option<usize>> {
        draw(&mut out, title, items, selected, false)?;
        loop {
            let Event::Key(KeyEvent {
                code,
                modifiers,
                kind,
                ..
            }) = crossterm::event::read()?
            else {
                continue;
            };
            if kind == KeyEventKind::Release {
                continue;
            }
            match code {
                KeyCode::Up | KeyCode::Char('k') => {
                    selected = selected.checked_sub(1).unwrap_or(items.len() - 1)
                }
                KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                    selected = (selected + 1) % items.len()
                }
                KeyCode::Home => selected = 0,
                KeyCode::End => selected = items.len() - 1,
                KeyCode::Enter => return Ok(Some(selected)),
                KeyCode::Esc | KeyCode::Char('q') => return Ok(None),
                KeyCode::Char('c') if modifiers.contains(KeyModifiers::CONTROL) => return Ok(None),
                _ => continue,
            }
            draw(&mut out, title, items, selected, true)?;
        }
    })();
    let _ = terminal::disable_raw_mode();
    result
}

/// Draws the list; `redraw` first moves back over the previous drawing.
fn draw(
    out: &mut impl Write,
    title: &str,
    items: &[String],
    selected: usize,
    redraw: bool,
) -> std::io::Result<()> {
    if redraw {
        out.queue(crossterm::cursor::MoveUp(items.len() as u16 + 1))?;
    }
    out.queue(MoveToColumn(0))?
        .queue(Clear(ClearType::FromCursorDown))?;
    out.queue(Print(format!(
        "{title}  (↑/↓ to move, Enter to choose, Esc to cancel)\r\n"
    )))?;
    for (i, item) in items.iter().enumerate() {
        if i == selected {
            out.queue(SetAttribute(Attribute::Reverse))?
                .queue(Print(format!("❯ {item}")))?
                .queue(SetAttribute(Attribute::Reset))?
                .queue(Print("\r\n"))?;
        } else {
            out.queue(Print(format!("  {item}\r\n")))?;
        }
    }
    out.flush()
}

/// A numbered list and a typed number (empty input takes `initial`). `None` at end of input.
pub fn pick_numbered(
    title: &str,
    items: &[String],
    initial: usize,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> std::io::Result<Option<usize>> {
    writeln!(out, "{title}")?;
    for (i, item) in items.iter().enumerate() {
        writeln!(out, "  {}) {item}", i + 1)?;
    }
    loop {
        write!(out, "Number [{}]: ", initial + 1)?;
        out.flush()?;
        let mut line = String::new();
        if input.read_line(&mut line)? == 0 {
            return Ok(None);
        }
        let answer = line.trim();
        if answer.is_empty() {
            return Ok(Some(initial));
        }
        match answer.parse::<usize>() {
            Ok(n) if (1..=items.len()).contains(&n) => return Ok(Some(n - 1)),
            _ => writeln!(out, "Type a number from 1 to {}.", items.len())?,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items() -> Vec<String> {
        vec!["a".into(), "b".into(), "c".into()]
    }

    #[test]
    fn numbered_pick_takes_a_number_or_the_default_and_retries_on_nonsense() {
        let mut out = Vec::new();
        let got =
            pick_numbered("Pick", &items(), 0, &mut "9\nx\n3\n".as_bytes(), &mut out).unwrap();
        assert_eq!(got, Some(2));
        let shown = String::from_utf8(out).unwrap();
        assert!(
            shown.contains("  2) b") && shown.contains("Type a number from 1 to 3."),
            "{shown}"
        );
        assert_eq!(
            pick_numbered("Pick", &items(), 1, &mut "\n".as_bytes(), &mut Vec::new()).unwrap(),
            Some(1)
        );
        assert_eq!(
            pick_numbered("Pick", &items(), 1, &mut "".as_bytes(), &mut Vec::new()).unwrap(),
            None
        );
    }
}
