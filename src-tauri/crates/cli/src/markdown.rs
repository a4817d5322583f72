//! Streaming Markdown for the terminal: text is shown as it arrives, and each line is redrawn
//! with its styling (headings, emphasis, inline code, lists, highlighted code blocks) when it
//! is complete.

use std::io::Write;
use std::sync::OnceLock;

use syntect::easy::HighlightLines;
use syntect::highlighting::{Theme, ThemeSet};
use syntect::parsing::SyntaxSet;

const RESET: &str = "\x1b[0m";
const BOLD: &str = "\x1b[1m";
const DIM: &str = "\x1b[2m";
const ITALIC: &str = "\x1b[3m";
const CYAN: &str = "\x1b[36m";
const HEADING: &str = "\x1b[1;35m";

fn syntaxes() -> &'static (SyntaxSet, Theme) {
    // Loaded on the first code block only: it costs tens of milliseconds.
    static SETS: OnceLock<(SyntaxSet, Theme)> = OnceLock::new();
    SETS.get_or_init(|| {
        let ss = SyntaxSet::load_defaults_newlines();
        let mut themes = ThemeSet::load_defaults();
        let theme = themes
            .themes
            .remove("base16-ocean.dark")
            .or_else(|| themes.themes.into_values().next())
            .unwrap_or_default();
        (ss, theme)
    })
}

/// Highlights code line by line, keeping parser state across lines.
pub struct CodeHighlighter {
    inner: Option<HighlightLines<'static>>,
}

impl CodeHighlighter {
    pub fn new(lang: &str, plain: bool) -> Self {
        if plain {
            return CodeHighlighter { inner: None };
        }
        let (ss, theme) = syntaxes();
        let token = match lang {
            "shell" | "sh" | "bash" | "zsh" => "bash",
            "python" | "py" => "py",
            "javascript" | "js" | "node" => "js",
            "r" => "r",
            other => other,
        };
        let syntax = ss
            .find_syntax_by_token(token)
            .unwrap_or_else(|| ss.find_syntax_plain_text());
        CodeHighlighter {
            inner: Some(HighlightLines::new(syntax, theme)),
        }
    }

    /// One line (without its newline), styled.
    pub fn line(&mut self, line: &str) -> String {
        let Some(h) = self.inner.as_mut() else {
            return line.to_string();
        };
        let (ss, _) = syntaxes();
        let with_nl = format!("{line}\n");
        match h.highlight_line(&with_nl, ss) {
            Ok(ranges) => {
                let s = syntect::util::as_24_bit_terminal_escaped(&ranges, false);
                format!("{}{RESET}", s.trim_end_matches('\n'))
            }
            Err(_) => line.to_string(),
        }
    }
}

pub struct MarkdownStream {
    plain: bool,
    /// The line being received.
    pending: String,
    /// Characters of `pending` already printed raw.
    shown: usize,
    code: Option<(String, CodeHighlighter)>,
    width: usize,
}

impl MarkdownStream {
    pub fn new(plain: bool) -> Self {
        let width = crossterm::terminal::size()
            .map(|(w, _)| w as usize)
            .unwrap_or(80);
        MarkdownStream {
            plain,
            pending: String::new(),
            shown: 0,
            code: None,
            width,
        }
    }

    pub fn push(&mut self, delta: &str, out: &mut dyn Write) {
        if self.plain {
            let _ = out.write_all(delta.as_bytes());
            self.track_fences(delta);
            let _ = out.flush();
            return;
        }
        self.pending.push_str(delta);
        while let Some(pos) = self.pending.find('\n') {
            let line: String = self.pending.drain(..=pos).collect();
            let line = line.trim_end_matches('\n').to_string();
            if self.shown > 0 {
                let _ = out.write_all(b"\r\x1b[2K");
            }
            self.shown = 0;
            let styled = self.style_line(&line);
            let _ = writeln!(out, "{styled}");
        }
        // Show the partial line raw while it fits on one terminal row; it is restyled when complete.
        let count = self.pending.chars().count();
        if count > self.shown && count < self.width.saturating_sub(1) {
            let new: String = self.pending.chars().skip(self.shown).collect();
            let _ = out.write_all(new.as_bytes());
            self.shown = count;
        }
        let _ = out.flush();
    }

    /// Ends the message: styles the last partial line.
    pub fn finish(&mut self, out: &mut dyn Write) {
        if self.plain {
            self.pending.clear();
            self.code = None;
            return;
        }
        if !self.pending.is_empty() {
            let line = std::mem::take(&mut self.pending);
            if self.shown > 0 {
                let _ = out.write_all(b"\r\x1b[2K");
            }
            let styled = self.style_line(&line);
            let _ = writeln!(out, "{styled}");
        }
        self.shown = 0;
        self.code = None;
        let _ = out.flush();
    }

    /// Whether the text so far ended inside a line (the caller adds a newline before other output).
    pub fn mid_line(&self) -> bool {
        !self.pending.is_empty()
    }

    fn track_fences(&mut self, delta: &str) {
        self.pending.push_str(delta);
        if let Some(pos) = self.pending.rfind('\n') {
            self.pending.drain(..=pos);
        }
    }

    fn style_line(&mut self, line: &str) -> String {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            if self.code.is_some() {
                self.code = None;
            } else {
                let lang = trimmed.trim_start_matches(['`', '~']).trim().to_lowercase();
                self.code = Some((lang.clone(), CodeHighlighter::new(&lang, false)));
            }
            return format!("{DIM}{line}{RESET}");
        }
        if let Some((_, h)) = self.code.as_mut() {
            return h.line(line);
        }
        if let Some(rest) = heading(trimmed) {
            return format!("{HEADING}{}{RESET}", inline(rest));
        }
        let indent = &line[..line.len() - trimmed.len()];
        for bullet in ["- ", "* ", "+ "] {
            if let Some(rest) = trimmed.strip_prefix(bullet) {
                return format!("{indent}{CYAN}•{RESET} {}", inline(rest));
            }
        }
        if let Some(rest) = trimmed.strip_prefix("> ") {
            return format!("{indent}{DIM}│ {}{RESET}", inline(rest));
        }
        inline(line)
    }
}

fn heading(line: &str) -> Option<&str> {
    let hashes = line.chars().take_while(|c| *c == '#').count();
    if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
        Some(line[hashes..].trim())
    } else {
        None
    }
}

/// `code`, **bold**, *italic*.
fn inline(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut rest = text;
    while !rest.is_empty() {
        if let Some(after) = rest.strip_prefix('`')
            && let Some(end) = after.find('`')
        {
            out.push_str(CYAN);
            out.push_str(&after[..end]);
            out.push_str(RESET);
            rest = &after[end + 1..];
            continue;
        }
        if let Some(after) = rest.strip_prefix("**")
            && let Some(end) = after.find("**")
        {
            out.push_str(BOLD);
            out.push_str(&after[..end]);
            out.push_str(RESET);
            rest = &after[end + 2..];
            continue;
        }
        if let Some(after) = rest.strip_prefix('*')
            && let Some(end) = after
                .find('*')
                .filter(|e| *e > 0 && !after.starts_with(' '))
        {
            out.push_str(ITALIC);
            out.push_str(&after[..end]);
            out.push_str(RESET);
            rest = &after[end + 1..];
            continue;
        }
        let mut chars = rest.chars();
        if let Some(c) = chars.next() {
            out.push(c);
        }
        rest = chars.as_str();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plain_mode_passes_text_through() {
        let mut md = MarkdownStream::new(true);
        let mut out = Vec::new();
        md.push("# Ti", &mut out);
        md.push("tle\n**b**", &mut out);
        md.finish(&mut out);
        assert_eq!(String::from_utf8(out).unwrap(), "# Title\n**b**");
    }

    #[test]
    fn styles_complete_lines() {
        let mut md = MarkdownStream::new(false);
        md.width = 200;
        let mut out = Vec::new();
        md.push(
            "# Title\n- item with `code`\n```python\nx = 1\n```\n",
            &mut out,
        );
        let s = String::from_utf8(out).unwrap();
        assert!(s.contains(&format!("{HEADING}Title{RESET}")), "{s:?}");
        assert!(
            s.contains(&format!("{CYAN}•{RESET} item with {CYAN}code{RESET}")),
            "{s:?}"
        );
        assert!(s.contains("\x1b[38;2;"), "code is highlighted: {s:?}");
    }
}
