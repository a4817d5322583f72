//! Long output keeps its head and its tail: the start says what ran, the end how it ended.

/// The line that replaces the middle of trimmed output.
pub fn trim_marker(trimmed_chars: usize) -> String {
    format!("\n… [trimmed {trimmed_chars} characters of output] …\n")
}

/// Returns `text` unchanged when it has at most `max_chars` characters; otherwise its
/// first and last `max_chars / 2` characters (cut at a line break when one is near)
/// around a [`trim_marker`] line. Counts and cuts characters, never bytes.
pub fn trim_output(text: &str, max_chars: usize) -> String {
    let total = text.chars().count();
    if total <= max_chars {
        return text.to_string();
    }
    let head_budget = max_chars / 2;
    let tail_budget = max_chars - head_budget;

    let head_end = byte_index_of_char(text, head_budget);
    let mut head = &text[..head_end];
    // Prefer ending the head after a whole line, unless that loses more than a fifth.
    if let Some(newline) = head.rfind('\n')
        && head[..=newline].chars().count() * 5 >= head_budget * 4
    {
        head = &head[..=newline];
    }

    let tail_start = byte_index_of_char(text, total - tail_budget);
    let mut tail = &text[tail_start..];
    if let Some(newline) = tail.find('\n') {
        let kept = tail[newline + 1..].chars().count();
        if kept * 5 >= tail_budget * 4 {
            tail = &tail[newline + 1..];
        }
    }

    let trimmed = total - head.chars().count() - tail.chars().count();
    let mut out = String::with_capacity(head.len() + tail.len() + 64);
    out.push_str(head.strip_suffix('\n').unwrap_or(head));
    out.push_str(&trim_marker(trimmed));
    out.push_str(tail);
    out
}

/// Byte offset of the `n`th character (the length when `n` is past the end).
fn byte_index_of_char(text: &str, n: usize) -> usize {
    text.char_indices()
        .nth(n)
        .map_or(text.len(), |(index, _)| index)
}

/// Accumulates a stream's text in bounded memory: the first `part` bytes and roughly the
/// last `part` bytes; what falls between is counted and replaced by a marker line.
#[derive(Debug)]
pub(crate) struct BoundedText {
    head: String,
    tail: String,
    dropped_chars: usize,
    part: usize,
}

/// Per stream, per run: 1 MiB of head and 1 MiB of tail.
const DEFAULT_PART: usize = 1024 * 1024;

impl Default for BoundedText {
    fn default() -> Self {
        BoundedText::with_part(DEFAULT_PART)
    }
}

impl BoundedText {
    pub(crate) fn with_part(part: usize) -> Self {
        BoundedText {
            head: String::new(),
            tail: String::new(),
            dropped_chars: 0,
            part,
        }
    }

    pub(crate) fn push(&mut self, text: &str) {
        let mut rest = text;
        if self.tail.is_empty() && self.head.len() < self.part {
            let room = self.part - self.head.len();
            let mut cut = room.min(rest.len());
            while !rest.is_char_boundary(cut) {
                cut -= 1;
            }
            self.head.push_str(&rest[..cut]);
            rest = &rest[cut..];
        }
        if rest.is_empty() {
            return;
        }
        self.tail.push_str(rest);
        if self.tail.len() > 2 * self.part {
            let mut cut = self.tail.len() - self.part;
            while !self.tail.is_char_boundary(cut) {
                cut += 1;
            }
            self.dropped_chars += self.tail[..cut].chars().count();
            self.tail.drain(..cut);
        }
    }

    pub(crate) fn into_string(self) -> String {
        if self.dropped_chars == 0 {
            return self.head + &self.tail;
        }
        let mut out = self.head;
        out.push_str(&trim_marker(self.dropped_chars));
        out.push_str(&self.tail);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounded_text_keeps_head_and_tail() {
        let mut text = BoundedText::with_part(4);
        for piece in ["ab", "cdé", "fghijklmnop", "qrstu"] {
            text.push(piece);
        }
        let out = text.into_string();
        assert!(out.starts_with("abcd"), "{out}");
        assert!(out.ends_with("rstu"), "{out}");
        assert!(out.contains("[trimmed"), "{out}");
    }

    #[test]
    fn bounded_text_short_input_is_unchanged() {
        let mut text = BoundedText::with_part(8);
        text.push("héllo");
        text.push(" wörld");
        assert_eq!(text.into_string(), "héllo wörld");
    }
}
