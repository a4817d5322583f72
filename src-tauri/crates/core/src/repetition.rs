//! A reply caught in a loop: small local models fall into repeating the same few characters
//! (`\d+%\d+%\d+%…` for four minutes, measured with Qwen2.5-Coder-0.5B) until the context is
//! full. The turn watches the streamed text and stops reading once its end is one piece
//! repeated far past what any answer writes.

/// How long the repeated part must be, and how many times its piece must repeat in it.
const MIN_SPAN: usize = 600;
const MIN_REPEATS: usize = 12;
/// A long piece need not come back as many times: a few times in a row, over this many bytes,
/// is already far past what an answer repeats (the 0.5B model wrote "This will output:" and
/// the same 450-byte JSON block again and again, 15,000 characters, until the bench's four
/// minutes ran out).
const LONG_SPAN: usize = 1800;
const MIN_LONG_REPEATS: usize = 3;
/// The longest piece looked for (a paragraph with a block of code).
const MAX_PERIOD: usize = 2000;

/// How many times a piece of `period` bytes must repeat to be a loop.
fn repeats_needed(period: usize) -> usize {
    MIN_REPEATS.min(LONG_SPAN.div_ceil(period).max(MIN_LONG_REPEATS))
}

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
    (1..=MAX_PERIOD.min(n / MIN_LONG_REPEATS)).find_map(|period| {
        let mut same = 0;
        while same + period < n && b[n - 1 - same] == b[n - 1 - same - period] {
            same += 1;
        }
        let span = same + period;
        (span >= MIN_SPAN.max(repeats_needed(period) * period)).then(|| Loop {
            start: n - span,
            period,
        })
    })
}

/// A line that grows on and on with one piece whose numbers change (`\left\lfloor
/// \frac{365}{1080} \right\rfloor + ` then `…{1260}…`, 7,000 characters of one formula from
/// the 0.5B model, sampled warm, until the bench's four minutes ran out): longer, and more
/// times, than an exact repeat must be, and within one line. Lists, tables and numbered steps
/// go line by line; they are not this.
const NUMBERED_MIN_SPAN: usize = 1500;
const NUMBERED_MIN_REPEATS: usize = 20;
/// How much of the line's end [`numbered_looping_tail`] reads: room for 20 pieces of 400 bytes.
const NUMBERED_WINDOW: usize = 8192;

/// The loop the text ends in when each run of digits counts as the same character, within
/// its last line.
pub(crate) fn numbered_looping_tail(text: &str) -> Option<Loop> {
    // Only the end of the line is looked at, so a long line costs the same at every check.
    let window = text.len().saturating_sub(NUMBERED_WINDOW);
    let bytes = &text.as_bytes()[window..];
    let line_start = window
        + bytes
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
    let line = &text.as_bytes()[line_start..];
    if line.len() < NUMBERED_MIN_SPAN {
        return None;
    }
    // The line with every run of digits made one `0`, and where each byte of it began.
    let mut shape = Vec::with_capacity(line.len());
    let mut at = Vec::with_capacity(line.len());
    for (i, &b) in line.iter().enumerate() {
        if b.is_ascii_digit()
            && shape.last() == Some(&b'0')
            && i > 0
            && line[i - 1].is_ascii_digit()
        {
            continue;
        }
        shape.push(if b.is_ascii_digit() { b'0' } else { b });
        at.push(i);
    }
    let n = shape.len();
    (1..=MAX_PERIOD.min(n / NUMBERED_MIN_REPEATS)).find_map(|period| {
        let mut same = 0;
        while same + period < n && shape[n - 1 - same] == shape[n - 1 - same - period] {
            same += 1;
        }
        let start = n - (same + period);
        let span = line.len() - at[start];
        (same + period >= NUMBERED_MIN_REPEATS * period && span >= NUMBERED_MIN_SPAN).then(|| {
            // The piece in the text: from where the repetition starts to where it comes back.
            let from = at[start];
            let to = at.get(start + period).copied().unwrap_or(line.len());
            Loop {
                start: line_start + from,
                period: to - from,
            }
        })
    })
}

/// Checks a growing text now and then (every few dozen bytes), not at every token.
#[derive(Debug, Default)]
pub(crate) struct Watch {
    checked_at: usize,
    /// Also a line repeating one piece with changing numbers ([`numbered_looping_tail`]).
    numbered: bool,
}

impl Watch {
    /// A watch that also looks for a line repeating one piece with changing numbers, when
    /// `numbered`.
    pub fn new(numbered: bool) -> Self {
        Watch {
            checked_at: 0,
            numbered,
        }
    }

    pub fn check(&mut self, text: &str) -> Option<Loop> {
        if text.len() < self.checked_at + 32 {
            return None;
        }
        self.checked_at = text.len();
        looping_tail(text).or_else(|| self.numbered.then(|| numbered_looping_tail(text)).flatten())
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
    fn a_long_block_said_again_and_again_is_a_loop() {
        // Seventh set, task 27 (0.5B): the same paragraph and JSON block, 450 bytes, on and on.
        let block = format!(
            "\n\nThis will output:\n\n```json\n{{\"name\": \"count_unique_colors\", \"arguments\": {{\"language\": \"python\", \"code\": \"{}\"}}}}\n```",
            "import computer.files\\nwith computer.files.read('colors.txt') as file:\\n    content = file.read()\\n".repeat(3)
        );
        assert!(block.len() > 300 && block.len() < 1000, "{}", block.len());
        let lead = "To determine the number of different colors, read the file.";
        let text = format!("{lead}{}", block.repeat(6));
        let found = looping_tail(&text).unwrap();
        assert_eq!(found.period, block.len());
        let cut = &text[..found.keep(&text)];
        assert_eq!(cut.matches("This will output:").count(), 1, "{cut}");
        // Said twice (a reply that shows the same block twice) is not yet a loop.
        assert_eq!(looping_tail(&format!("{lead}{}", block.repeat(2))), None);
        assert_eq!(repeats_needed(4), MIN_REPEATS);
        assert_eq!(repeats_needed(450), 4);
        assert_eq!(repeats_needed(1500), MIN_LONG_REPEATS);
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
    fn a_line_repeating_one_piece_with_changing_numbers_is_a_loop_where_watched_for() {
        // Seventh set, task 18 (0.5B, sampled warm): one formula line, its numbers changing.
        let lead = "3. **Calculate**: We can use the formula:\n   \\[\n   N = ";
        // About what the watch has when it first can tell (it looks every 32 bytes).
        let tail: String = (1..60)
            .map(|i| {
                format!(
                    "\\left\\lfloor \\frac{{365}}{{{}}} \\right\\rfloor + ",
                    i * 90
                )
            })
            .collect();
        let text = format!("{lead}{tail}");
        assert_eq!(looping_tail(&text), None, "not an exact repeat");
        let found = numbered_looping_tail(&text).unwrap();
        let cut = &text[..found.keep(&text)];
        assert!(cut.starts_with(lead), "{cut}");
        // A line longer than the window read: still found, near its end.
        let long = format!("{lead}{}", tail.repeat(6));
        let far = numbered_looping_tail(&long).unwrap();
        assert!(far.start >= long.len() - NUMBERED_WINDOW, "{far:?}");
        assert!(cut.len() < lead.len() + 200, "{cut}");
        assert!(
            found.piece(&text).contains("lfloor"),
            "{}",
            found.piece(&text)
        );
        let mut watch = Watch::new(true);
        assert!(watch.check(&text).is_some());
        assert!(
            Watch::default().check(&text).is_none(),
            "only where watched for"
        );
        // Not long enough yet.
        let short: String = tail.chars().take(1000).collect();
        assert_eq!(numbered_looping_tail(&format!("{lead}{short}")), None);
    }

    #[test]
    fn lists_tables_and_numbered_steps_line_by_line_are_not_numbered_loops() {
        let steps = (1..200)
            .map(|i| format!("Step {i}: read the next line and add its value to the total.\n"))
            .collect::<String>();
        assert_eq!(numbered_looping_tail(&steps), None);
        let table = (1..300)
            .map(|i| format!("| row {i} | {} | ok |\n", i * 7))
            .collect::<String>();
        assert_eq!(numbered_looping_tail(&table), None);
        // One long line of words, or of numbers that differ in their shape.
        let vocabulary = [
            "the", "total", "of", "column", "is", "3", "rows", "and", "12.5", "sum",
        ];
        let mut seed: u32 = 7;
        let words = (0..600)
            .map(|_| {
                seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                format!("{} ", vocabulary[(seed >> 16) as usize % vocabulary.len()])
            })
            .collect::<String>();
        assert_eq!(numbered_looping_tail(&words), None);
        let list = format!(
            "data = [{}]",
            (1..30)
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert_eq!(numbered_looping_tail(&list), None);
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
