//! The text of the documents people keep, with page numbers: PDF, Word (.docx),
//! OpenDocument (.odt, .ods), spreadsheets (.xlsx, .xls, .ods) as tables, PowerPoint (.pptx),
//! HTML, EPUB and plain text ([`read`]); and finding them by kind, age and name in the
//! user's Downloads, Desktop and Documents ([`find`]).
//!
//! A parser that panics is caught and reported; a page range and a character budget bound
//! what is read, and [`Document::render`] says what was left out. Encrypted, scanned (no
//! text layer), truncated and corrupt files are told apart in [`DocumentError`].

mod document;
mod error;
mod find;
mod html;
mod kind;
mod pdf;
mod sheet;
mod xml;
mod zipped;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

pub use document::{
    Cut, DEFAULT_MAX_CHARS, Document, PageRange, Part, ReadOptions, parse_rendered,
};
pub use error::DocumentError;
pub use find::{FindQuery, default_folders, find, parse_age};
pub use kind::{DocumentKind, detect};

/// Reads the document at `path`: its kind from its first bytes or extension, its text part by
/// part (pages, sheets, slides, chapters) within `options`' page range and budget.
pub fn read(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let kind = detect(path)
        .map_err(|source| DocumentError::Io {
            path: path.to_path_buf(),
            source,
        })?
        .ok_or_else(|| DocumentError::Unsupported {
            path: path.to_path_buf(),
        })?;
    let result = catch_unwind(AssertUnwindSafe(|| match kind {
        DocumentKind::Pdf => pdf::read(path, options),
        DocumentKind::Docx => zipped::docx(path, options),
        DocumentKind::Odt => zipped::odt(path, options),
        DocumentKind::Pptx => zipped::pptx(path, options),
        DocumentKind::Epub => zipped::epub(path, options),
        DocumentKind::Xlsx | DocumentKind::Xls | DocumentKind::Ods => {
            sheet::read(path, kind, options)
        }
        DocumentKind::Html => html::read(path, options),
        DocumentKind::Text => html::read_plain(path, options),
    }));
    result.unwrap_or_else(|panic| {
        Err(DocumentError::ParserPanicked {
            path: path.to_path_buf(),
            kind,
            message: pdf::panic_message(&panic),
        })
    })
}
