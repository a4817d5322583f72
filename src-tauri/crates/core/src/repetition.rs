//! A reply caught in a loop: small local models fall into repeating the same few characters
//! (`\d+%\d+%\d+%…` for four minutes, measured with Qwen2.5-Coder-0.5B) until the context is
//! full. The turn watches the streamed text and stops reading once its end is one piece
//! repeated far past what any answer writes.

/// How long the repeated part must be, and how many times its piece must repeat in it.
const MIN_SPAN: usize = 600;
const MIN_REPEATS: usize = 12;
/// The longest piece looked for (a line or two).
const MAX_PERIOD: usize = 300;

/// The end of a text that is one piece over and over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Loop {
    /// Where the repetition starts.
    pub start: usize,
    /// The piece's length in bytes.
    pub period: usize,
}

impl Loop {
    /// Where to cut the text: after the piece's first time.
    pub fn keep(&self, text: &str) -> usize {
        let mut at = (self.start + self.period).min(text.len());
        while !text.is_char_boundary(at) {
            at += 1;
        }
        at
    }

    /// The piece, shortened for a message.
    pub fn piece(&self, text: &str) -> String {
        let mut from = self.start;
        while !text.is_char_boundary(from) {
            from += 1;
        }
        let piece: String = text[from..].chars().take(self.period.min(40)).collect();
        piece.escape_debug().to_string()
    }
}

/// The loop the text ends in, if it ends in one.
pub(crate) fn looping_tail(text: &str) -> Option<Loop> {
    let b = text.as_bytes();
    let n = b.len();
    if n < MIN_SPAN {
        return None;
    }
    // The shortest piece first: "abab…" is "ab" repeated, not "abab".
    (1..=MAX_PERIOD.min(n / MIN_REPEATS)).find_map(|period| {
        let mut same = 0;
        while same + period < n && b[n - 1 - same] == b[n - 1 - same - period] {
            same += 1;
        }
        let span = same + period;
        (span >= MIN_SPAN.max(MIN_REPEATS * period)).then(|| Loop {
            start: n - span,
            period,
        })
    })
}

/// Checks a growing text now and then (every few dozen bytes), not at every token.
#[derive(Debug, Default)]
pub(crate) struct Watch {
    checked_at: usize,
}

impl Watch {
    pub fn check(&mut self, text: &str) -> Option<Loop> {
        if text.len() < self.checked_at + 32 {
            return None;
        }
        self.checked_at = text.len();
        looping_tail(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_short_piece_or_a_line_repeated_on_and_on_is_a_loop() {
        let lead = "Here's a Python script that counts them:\n\n```python\nimport re\npattern = r'";
        let text = format!("{lead}{}", "\\d+%".repeat(300));
        let found = looping_tail(&text).unwrap();
        assert_eq!(found.period, 4);
        assert!(
            found.start >= lead.len() && found.start < lead.len() + 4,
            "{found:?}"
        );
        let cut = &text[..found.keep(&text)];
        assert!(
            cut.starts_with(lead) && cut.len() <= lead.len() + 8,
            "{cut}"
        );
        assert!(found.piece(&text).contains("%"), "{}", found.piece(&text));

        let line = "- The task needs another step to finish.\n";
        let text = format!("Plan:\n{}", line.repeat(20));
        let found = looping_tail(&text).unwrap();
        assert_eq!(found.period, line.len());
        // The piece may begin a little before the first line (its "\n" repeats too).
        let cut = &text[..found.keep(&text)];
        assert_eq!(cut.matches("- The task").count(), 1, "{cut}");
        assert!(cut.starts_with("Plan:\n"), "{cut}");
        // Characters of more than one byte are cut at their edges.
        let text = "é".repeat(400);
        let found = looping_tail(&text).unwrap();
        assert!(text.is_char_boundary(found.keep(&text)));
        assert!(!found.piece(&text).is_empty());
    }

    #[test]
    fn long_answers_tables_and_code_are_not_loops() {
        let prose = (1..60)
            .map(|i| format!("Step {i}: read the next line and add its value to the total.\n"))
            .collect::<String>();
        assert_eq!(looping_tail(&prose), None);
        let table = (1..80)
            .map(|i| format!("| row {i} | {} | ok |\n", i * 7))
            .collect::<String>();
        assert_eq!(looping_tail(&table), None);
        // A short run of the same character (a rule, a row of zeros) is not enough.
        let rule = format!("Results\n{}\n{}", "=".repeat(120), prose);
        assert_eq!(looping_tail(&rule), None);
        assert_eq!(looping_tail(&"ab".repeat(200)), None);
    }

    #[test]
    fn the_watch_looks_again_only_when_the_text_grew() {
        let mut watch = Watch::default();
        let looped = "x".repeat(700);
        assert!(watch.check(&looped).is_some());
        assert!(watch.check(&looped).is_none());
        assert!(watch.check(&"x".repeat(740)).is_some());
    }
}
