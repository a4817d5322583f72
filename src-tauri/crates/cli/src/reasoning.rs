//! How a reasoning model's thinking is shown: folded to one dim line by default (on a
//! terminal the line follows the thinking as it streams, then sums it up), or in full with
//! `--show_reasoning`.

use std::io::Write;

const RESET: &str = "\x1b[0m";
const DIM: &str = "\x1b[2m";
/// Characters of thinking the folded line shows.
const LINE_CHARS: usize = 60;

pub struct ReasoningView {
    plain: bool,
    full: bool,
    /// The thinking of the block being shown (folded mode keeps it for the summary line).
    text: String,
    open: bool,
}

impl ReasoningView {
    pub fn new(plain: bool, full: bool) -> Self {
        ReasoningView {
            plain,
            full,
            text: String::new(),
            open: false,
        }
    }

    pub fn delta(&mut self, delta: &str, out: &mut dyn Write) {
        let first = !self.open;
        self.open = true;
        if self.full {
            if first && !self.plain {
                let _ = write!(out, "{DIM}");
            }
            let _ = write!(out, "{delta}");
        } else {
            self.text.push_str(delta);
            if !self.plain {
                // The line is rewritten in place with the latest thinking.
                let tail = one_line(&self.text, LINE_CHARS, Keep::End);
                let _ = write!(out, "\r\x1b[2K{DIM}▸ thinking: {tail}{RESET}");
            }
        }
        let _ = out.flush();
    }

    /// Ends the block; `gap` leaves a blank line before what follows (the answer).
    pub fn end(&mut self, gap: bool, out: &mut dyn Write) {
        if !self.open {
            return;
        }
        self.open = false;
        let newline = if gap { "\n\n" } else { "\n" };
        if self.full {
            let reset = if self.plain { "" } else { RESET };
            let _ = write!(out, "{reset}{newline}");
        } else {
            let text = std::mem::take(&mut self.text);
            let words = text.split_whitespace().count();
            let head = one_line(&text, LINE_CHARS, Keep::Start);
            let line = format!("▸ reasoning ({words} words, --show_reasoning shows it): {head}");
            if self.plain {
                let _ = write!(out, "{line}{newline}");
            } else {
                let _ = write!(out, "\r\x1b[2K{DIM}{line}{RESET}{newline}");
            }
        }
        let _ = out.flush();
    }
}

enum Keep {
    Start,
    End,
}

/// `text` on one line (whitespace runs as one space), cut to `max` characters with "…".
fn one_line(text: &str, max: usize, keep: Keep) -> String {
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    let count = flat.chars().count();
    if count <= max {
        return flat;
    }
    match keep {
        Keep::Start => format!("{}…", flat.chars().take(max).collect::<String>()),
        Keep::End => format!("…{}", flat.chars().skip(count - max).collect::<String>()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(plain: bool, full: bool, deltas: &[&str]) -> String {
        let mut view = ReasoningView::new(plain, full);
        let mut out = Vec::new();
        for d in deltas {
            view.delta(d, &mut out);
        }
        view.end(true, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn folded_reasoning_is_one_summary_line() {
        let out = shown(
            true,
            false,
            &["First I\n\nlist", " the files, then count them."],
        );
        assert_eq!(
            out,
            "▸ reasoning (8 words, --show_reasoning shows it): First I list the files, then count them.\n\n"
        );
        let long = "word ".repeat(40);
        let out = shown(true, false, &[&long]);
        assert_eq!(out.trim_end().lines().count(), 1, "{out}");
        assert!(
            out.contains("(40 words") && out.trim_end().ends_with('…'),
            "{out}"
        );
    }

    #[test]
    fn on_a_terminal_the_folded_line_is_rewritten_in_place() {
        let out = shown(false, false, &["step one\n", "step two\n"]);
        assert_eq!(
            out.matches('\n').count(),
            2,
            "only the final blank line: {out:?}"
        );
        assert!(out.contains("▸ thinking: step one step two"), "{out:?}");
        assert!(out.contains("\r\x1b[2K"), "{out:?}");
    }

    #[test]
    fn show_reasoning_prints_it_whole() {
        assert_eq!(shown(true, true, &["a\nb", " c"]), "a\nb c\n\n");
        assert_eq!(
            shown(false, true, &["a\nb"]),
            format!("{DIM}a\nb{RESET}\n\n")
        );
    }
}
