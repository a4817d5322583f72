//! HTML (and EPUB's XHTML) to plain text: headings, lists, tables and links kept readable.

use std::path::Path;

use crate::document::Collector;
use crate::xml::tidy;
use crate::{Document, DocumentError, DocumentKind, ReadOptions};

/// Wide enough that paragraphs are not wrapped into many short lines.
const WIDTH: usize = 10_000;

pub(crate) fn to_text(html: &[u8]) -> String {
    let text = html2text::config::plain_no_decorate()
        .string_from_read(html, WIDTH)
        .unwrap_or_else(|_| String::from_utf8_lossy(html).into_owned());
    tidy(&text)
}

pub(crate) fn read(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let bytes = std::fs::read(path).map_err(|source| DocumentError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let mut out = Collector::new(options);
    out.offer(1, None, || Ok::<_, DocumentError>(to_text(&bytes)))?;
    out.finish(path.to_path_buf(), DocumentKind::Html, 1)
}

/// Plain text is one page; a form feed (as `pdftotext` and printers use) starts a new one.
pub(crate) fn read_plain(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let bytes = std::fs::read(path).map_err(|source| DocumentError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let text = String::from_utf8_lossy(&bytes);
    let pages: Vec<&str> = text.split('\u{c}').collect();
    let total = pages.len();
    let mut out = Collector::new(options);
    for (i, page) in pages.into_iter().enumerate() {
        out.offer(i + 1, None, || Ok::<_, DocumentError>(page.to_string()))?;
    }
    out.finish(path.to_path_buf(), DocumentKind::Text, total)
}
