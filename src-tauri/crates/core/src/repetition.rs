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

/// A numbered list whose items say the same again and again, only their numbers changing
/// ("4. **Count the lines that start with `- [ ]`**:" and its two lines, then 5., 6., … for
/// 20,000 characters from the 0.5B model, until the bench's four minutes ran out): items of
/// two lines or more, more times and over more bytes than an answer's list repeats one item's
/// words. Data listed line by line (a table's rows, one-line steps) is not this.
const BLOCK_MIN_SPAN: usize = 2000;
const BLOCK_MIN_REPEATS: usize = 8;
const BLOCK_MIN_LINES: usize = 2;

/// The text's end, from `from`, with every run of digits made one `0`, and where each byte of
/// it began in the text.
fn digit_shape(text: &[u8], from: usize) -> (Vec<u8>, Vec<usize>) {
    let part = &text[from..];
    let mut shape = Vec::with_capacity(part.len());
    let mut at = Vec::with_capacity(part.len());
    for (i, &b) in part.iter().enumerate() {
        if b.is_ascii_digit()
            && shape.last() == Some(&b'0')
            && i > 0
            && part[i - 1].is_ascii_digit()
        {
            continue;
        }
        shape.push(if b.is_ascii_digit() { b'0' } else { b });
        at.push(from + i);
    }
    (shape, at)
}

/// The loop a digit shape ([`digit_shape`]) of the text's end ends in: its shortest piece
/// repeated `repeats` times or more over `min_span` bytes of the text or more, when that piece
/// `fits`, as a [`Loop`] of the text. The shortest only: two one-line steps repeated are one
/// line repeated, not a two-line item.
fn shape_loop(
    text_len: usize,
    shape: &[u8],
    at: &[usize],
    (repeats, min_span): (usize, usize),
    fits: impl Fn(&[u8]) -> bool,
) -> Option<Loop> {
    let n = shape.len();
    let (period, start) = (1..=MAX_PERIOD.min(n / repeats)).find_map(|period| {
        let mut same = 0;
        while same + period < n && shape[n - 1 - same] == shape[n - 1 - same - period] {
            same += 1;
        }
        let start = n - (same + period);
        (same + period >= repeats * period && text_len - at[start] >= min_span)
            .then_some((period, start))
    })?;
    fits(&shape[n - period..]).then(|| {
        // The piece in the text: from where the repetition starts to where it comes back.
        let from = at[start];
        let to = at.get(start + period).copied().unwrap_or(text_len);
        Loop {
            start: from,
            period: to - from,
        }
    })
}

/// The loop the text ends in when each run of digits counts as the same character, within
/// its last line.
pub(crate) fn numbered_looping_tail(text: &str) -> Option<Loop> {
    // Only the end of the line is looked at, so a long line costs the same at every check.
    let window = text.len().saturating_sub(NUMBERED_WINDOW);
    let line_start = window
        + text.as_bytes()[window..]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |at| at + 1);
    if text.len() - line_start < NUMBERED_MIN_SPAN {
        return None;
    }
    let (shape, at) = digit_shape(text.as_bytes(), line_start);
    shape_loop(
        text.len(),
        &shape,
        &at,
        (NUMBERED_MIN_REPEATS, NUMBERED_MIN_SPAN),
        |_| true,
    )
}

/// The loop the text ends in when each run of digits counts as the same character, over
/// items of [`BLOCK_MIN_LINES`] lines or more.
pub(crate) fn numbered_block_loop(text: &str) -> Option<Loop> {
    if text.len() < BLOCK_MIN_SPAN {
        return None;
    }
    let window = text.len().saturating_sub(NUMBERED_WINDOW);
    let (shape, at) = digit_shape(text.as_bytes(), window);
    shape_loop(
        text.len(),
        &shape,
        &at,
        (BLOCK_MIN_REPEATS, BLOCK_MIN_SPAN),
        |piece| piece.iter().filter(|&&b| b == b'\n').count() >= BLOCK_MIN_LINES,
    )
}

/// A reply that writes tool definitions, one after another, each a new made-up function in the
/// shape of the system prompt's (`{"type": "function", "function": {"name": …`): one piece
/// repeated in shape, if not in letters. The 1.5B model began a reply with `<tools>` and wrote
/// 15,000 characters of such lines until the bench's four minutes ran out (twenty-third set,
/// task 22). Cut after the first.
fn listed_tools(text: &str) -> Option<Loop> {
    const SHAPE: &str = "{\"type\": \"function\", \"function\": {\"name\"";
    const MIN_TOOLS: usize = 4;
    let mut at = text.match_indices(SHAPE).map(|(i, _)| i);
    let first = at.next()?;
    let second = at.next()?;
    (at.count() + 2 >= MIN_TOOLS).then(|| Loop {
        start: first,
        period: second - first,
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
        looping_tail(text)
            .or_else(|| listed_tools(text))
            .or_else(|| {
                self.numbered
                    .then(|| numbered_looping_tail(text).or_else(|| numbered_block_loop(text)))
                    .flatten()
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tool_definitions_written_one_after_another_are_a_loop() {
        let tool = |name: &str| {
            format!(
                "{{\"type\": \"function\", \"function\": {{\"name\": \"{name}\", \"description\": \"Does {name}.\"}}}}\n"
            )
        };
        let mut text = "<tools>\n".to_string();
        for name in ["read", "json_parse", "min"] {
            text.push_str(&tool(name));
        }
        let mut watch = Watch::default();
        assert_eq!(watch.check(&text), None);
        text.push_str(&tool("length"));
        let found = Watch::default().check(&text).unwrap();
        assert_eq!(
            &text[..found.keep(&text)],
            format!("<tools>\n{}", tool("read"))
        );
        // One definition quoted in an answer is no loop.
        assert_eq!(
            Watch::default().check(&format!("{}{}", tool("read"), "x".repeat(64))),
            None
        );
    }

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
    fn numbered_items_that_say_the_same_on_and_on_are_a_loop_where_watched_for() {
        // Thirteenth set, task 28 (0.5B): the same two-line item under each number, 20,000
        // characters in one reply.
        let lead = "To determine how many tasks in `todo.md` are done:\n\n1. **Read the file**.\n";
        let items: String = (2..200)
            .map(|i| format!("{i}. **Count the lines that start with `- [ ]`**:\n   - Look for lines that start with `- [ ]`.\n   - Count the number of lines that start with `- [ ]`.\n\n"))
            .collect();
        let text = format!("{lead}{items}");
        assert_eq!(looping_tail(&text), None, "not an exact repeat");
        // As the watch sees the reply grow: found once the items span enough.
        let mut watch = Watch::new(true);
        let mut plain = Watch::default();
        let mut seen = None;
        for end in (0..text.len()).step_by(16) {
            assert_eq!(plain.check(&text[..end]), None, "only where watched for");
            if let Some(found) = watch.check(&text[..end]) {
                seen = Some((end, found));
                break;
            }
        }
        let (end, found) = seen.unwrap();
        assert!(end < 4000, "{end}");
        let shown = &text[..end];
        let cut = &shown[..found.keep(shown)];
        assert!(cut.starts_with(lead), "{cut}");
        assert_eq!(cut.matches("Look for lines").count(), 1, "{cut}");
        // Said a few times, as a list of a few items may: not yet.
        let few: String = items.split("\n\n").take(6).collect::<Vec<_>>().join("\n\n");
        assert_eq!(numbered_block_loop(&format!("{lead}{few}")), None);
        // One-line items (steps, a table's rows), however many: not this.
        let steps = (1..200)
            .map(|i| format!("Step {i}: read the next line and add its value to the total.\n"))
            .collect::<String>();
        assert_eq!(numbered_block_loop(&steps), None);
        let table = (1..300)
            .map(|i| format!("| row {i} | {} | ok |\n", i * 7))
            .collect::<String>();
        assert_eq!(numbered_block_loop(&table), None);
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
