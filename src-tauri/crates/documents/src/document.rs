//! A read document: its numbered parts (pages, sheets, slides, chapters) and what was left
//! out, and the text a model sees.

use std::fmt::Write as _;
use std::path::PathBuf;
use std::str::FromStr;

use crate::{DocumentError, DocumentKind};

/// Characters `read` returns when the caller sets no budget: about 25k tokens.
pub const DEFAULT_MAX_CHARS: usize = 100_000;

/// Which parts to read, 1-based and inclusive; `last: None` runs to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageRange {
    pub first: usize,
    pub last: Option<usize>,
}

impl PageRange {
    pub fn single(page: usize) -> Self {
        Self {
            first: page,
            last: Some(page),
        }
    }

    pub fn contains(&self, page: usize) -> bool {
        page >= self.first && self.last.is_none_or(|last| page <= last)
    }
}

impl FromStr for PageRange {
    type Err = DocumentError;

    /// "3", "2-5", "4-" (to the end), "2–5" (en dash, as people type it).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || DocumentError::BadPageRange {
            given: s.to_string(),
        };
        let number = |t: &str| t.trim().parse::<usize>().ok().filter(|n| *n >= 1);
        let s2 = s.replace('–', "-");
        let range = match s2.split_once('-') {
            None => PageRange::single(number(&s2).ok_or_else(bad)?),
            Some((a, b)) if b.trim().is_empty() => PageRange {
                first: number(a).ok_or_else(bad)?,
                last: None,
            },
            Some((a, b)) => PageRange {
                first: number(a).ok_or_else(bad)?,
                last: Some(number(b).ok_or_else(bad)?),
            },
        };
        if range.last.is_some_and(|last| last < range.first) {
            return Err(bad());
        }
        Ok(range)
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadOptions {
    /// Only these pages (sheets, slides, chapters); all when `None`.
    pub pages: Option<PageRange>,
    /// Character budget for all parts' text together; what does not fit is cut and noted.
    pub max_chars: usize,
}

impl Default for ReadOptions {
    fn default() -> Self {
        Self {
            pages: None,
            max_chars: DEFAULT_MAX_CHARS,
        }
    }
}

/// One numbered part: a page of a PDF, a sheet of a workbook, a slide, a chapter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// 1-based, as the document counts it.
    pub number: usize,
    /// A sheet's or chapter's name, when it has one.
    pub title: Option<String>,
    pub text: String,
}

/// What `read` left out, so the reader knows the text is not the whole document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Cut {
    /// Parts outside the requested range (counted, not read).
    pub skipped_by_range: usize,
    /// Parts in range that the character budget left out, from this number on.
    pub unread_from: Option<usize>,
    /// Characters cut from the last part that was partly kept.
    pub chars_cut_in_part: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub path: PathBuf,
    pub kind: DocumentKind,
    /// Parts read, in document order.
    pub parts: Vec<Part>,
    /// How many parts the document has in all (pages, sheets, slides, chapters).
    pub total_parts: usize,
    pub cut: Cut,
    /// How the text was got when it was not the usual way (e.g. "pdftotext"), for the record.
    pub via: Option<&'static str>,
}

impl Document {
    /// The text a model sees: a header, "--- page 2 ---" markers, and a closing note of what
    /// was cut and how to get the rest.
    pub fn render(&self) -> String {
        let unit = self.kind.part_name();
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{} ({}, {} {unit}{})",
            self.path.display(),
            self.kind,
            self.total_parts,
            if self.total_parts == 1 { "" } else { "s" }
        );
        for part in &self.parts {
            match &part.title {
                Some(title) => {
                    let _ = writeln!(out, "--- {unit} {}: {title} ---", part.number);
                }
                None => {
                    let _ = writeln!(out, "--- {unit} {} ---", part.number);
                }
            }
            out.push_str(part.text.trim_end());
            out.push('\n');
        }
        let mut notes = Vec::new();
        if self.cut.chars_cut_in_part > 0
            && let Some(last) = self.parts.last()
        {
            notes.push(format!(
                "{unit} {} was cut after {} characters ({} more not shown)",
                last.number,
                last.text.chars().count(),
                self.cut.chars_cut_in_part
            ));
        }
        if let Some(from) = self.cut.unread_from {
            notes.push(format!(
                "{unit}s {from}-{} were not read (character budget reached); ask for them by {unit} range",
                self.total_parts
            ));
        }
        if self.cut.skipped_by_range > 0 && self.cut.unread_from.is_none() {
            let shown = match (self.parts.first(), self.parts.last()) {
                (Some(a), Some(b)) if a.number == b.number => format!("{unit} {}", a.number),
                (Some(a), Some(b)) => format!("{unit}s {}-{}", a.number, b.number),
                _ => format!("no {unit}s"),
            };
            notes.push(format!("showing {shown} of {}", self.total_parts));
        }
        if !notes.is_empty() {
            let _ = writeln!(out, "[{}]", notes.join("; "));
        }
        out
    }

    /// All parts' text joined, without markers.
    pub fn text(&self) -> String {
        self.parts
            .iter()
            .map(|p| p.text.trim_end())
            .collect::<Vec<_>>()
            .join("\n\n")
    }
}

/// A text [`Document::render`] made, taken apart: its header line (the file, its kind, how many
/// parts) and the lines of its parts' text, without the part markers and the closing note of
/// what was cut. `None` for any other text (a plain text file is read as it is).
pub fn parse_rendered(rendered: &str) -> Option<(&str, Vec<&str>)> {
    let marker = |l: &str| l.starts_with("--- ") && l.ends_with(" ---");
    let mut lines = rendered.trim().lines();
    let head = lines.next()?;
    let mut rest = lines.peekable();
    if !head.ends_with(')') || !rest.peek().is_some_and(|l| marker(l)) {
        return None;
    }
    let mut body: Vec<&str> = rest.filter(|l| !marker(l)).collect();
    if body
        .last()
        .is_some_and(|l| l.starts_with('[') && l.ends_with(']'))
    {
        body.pop();
    }
    Some((head, body))
}

/// Collects parts in order within a page range and a character budget. Readers feed it
/// every part's number and text (or a closure that makes the text, so parts out of range or
/// over budget are never extracted).
pub(crate) struct Collector {
    range: Option<PageRange>,
    budget: usize,
    pub(crate) parts: Vec<Part>,
    pub(crate) cut: Cut,
}

impl Collector {
    pub(crate) fn new(options: &ReadOptions) -> Self {
        Self {
            range: options.pages,
            budget: options.max_chars,
            parts: Vec::new(),
            cut: Cut::default(),
        }
    }

    /// Whether part `number` should be extracted at all.
    pub(crate) fn wants(&mut self, number: usize) -> bool {
        if !self.range.is_none_or(|r| r.contains(number)) {
            self.cut.skipped_by_range += 1;
            return false;
        }
        if self.budget == 0 {
            if self.cut.unread_from.is_none() {
                self.cut.unread_from = Some(number);
            }
            return false;
        }
        true
    }

    pub(crate) fn push(&mut self, number: usize, title: Option<String>, text: String) {
        let len = text.chars().count();
        let text = if len > self.budget {
            self.cut.chars_cut_in_part = len - self.budget;
            let kept: String = text.chars().take(self.budget).collect();
            self.budget = 0;
            kept
        } else {
            self.budget -= len;
            text
        };
        self.parts.push(Part {
            number,
            title,
            text,
        });
    }

    /// Offer a part: extracted by `make` only when wanted.
    pub(crate) fn offer<E>(
        &mut self,
        number: usize,
        title: Option<String>,
        make: impl FnOnce() -> Result<String, E>,
    ) -> Result<(), E> {
        if self.wants(number) {
            let text = make()?;
            self.push(number, title, text);
        }
        Ok(())
    }

    /// Checks the range against the real part count and builds the document.
    pub(crate) fn finish(
        self,
        path: PathBuf,
        kind: DocumentKind,
        total_parts: usize,
    ) -> Result<Document, DocumentError> {
        if let Some(range) = self.range
            && range.first > total_parts.max(1)
        {
            return Err(DocumentError::OutOfRange {
                path,
                unit: kind.part_name(),
                total: total_parts,
                asked: match range.last {
                    Some(last) if last != range.first => format!("{}-{last}", range.first),
                    Some(_) => range.first.to_string(),
                    None => format!("{}-", range.first),
                },
            });
        }
        Ok(Document {
            path,
            kind,
            parts: self.parts,
            total_parts,
            cut: self.cut,
            via: None,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rendered_document_is_taken_apart_and_other_text_is_not() {
        let doc = Document {
            path: PathBuf::from("/d/sales.xlsx"),
            kind: DocumentKind::Xlsx,
            parts: vec![
                Part {
                    number: 1,
                    title: Some("Q1".into()),
                    text: "north 12\nsouth 7\n".into(),
                },
                Part {
                    number: 2,
                    title: None,
                    text: "east 3".into(),
                },
            ],
            total_parts: 5,
            cut: Cut {
                unread_from: Some(3),
                ..Cut::default()
            },
            via: None,
        };
        let rendered = doc.render();
        let (head, body) = parse_rendered(&rendered).expect(&rendered);
        assert_eq!(head, "/d/sales.xlsx (Excel workbook, 5 sheets)");
        assert_eq!(body, ["north 12", "south 7", "east 3"]);
        assert_eq!(parse_rendered("hello from the note\nsecond line\n"), None);
        assert_eq!(parse_rendered("a (b)\nno marker\n"), None);
        assert_eq!(parse_rendered(""), None);
    }
}
