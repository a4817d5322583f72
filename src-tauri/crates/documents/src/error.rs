//! Why a document could not be read, in words a person (and a model) can act on.

use std::path::PathBuf;

use crate::DocumentKind;

#[derive(Debug, thiserror::Error)]
pub enum DocumentError {
    #[error("cannot read {}: {source}", path.display())]
    Io {
        path: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error("{} is not a document this reader knows (PDF, Word, OpenDocument, spreadsheet, PowerPoint, HTML, EPUB or text)", path.display())]
    Unsupported { path: PathBuf },
    #[error("{} is an encrypted {kind} (password protected); its text cannot be read without the password", path.display())]
    Encrypted { path: PathBuf, kind: DocumentKind },
    #[error("{} has no text layer ({pages} page(s), probably scanned images); it needs OCR to be read", path.display())]
    Scanned { path: PathBuf, pages: usize },
    #[error("{} looks truncated (the {kind} ends early: {detail}); it may still be downloading or was cut off", path.display())]
    Truncated {
        path: PathBuf,
        kind: DocumentKind,
        detail: String,
    },
    #[error("{} is a corrupt {kind}: {detail}", path.display())]
    Corrupt {
        path: PathBuf,
        kind: DocumentKind,
        detail: String,
    },
    #[error("the {kind} reader crashed on {} ({message}); the file is probably malformed", path.display())]
    ParserPanicked {
        path: PathBuf,
        kind: DocumentKind,
        message: String,
    },
    #[error("{} has {total} {unit}(s); {asked} is out of range", path.display())]
    OutOfRange {
        path: PathBuf,
        unit: &'static str,
        total: usize,
        asked: String,
    },
    #[error("cannot understand the age {given:?}: give a number and a unit, like 7d, 36h or 90m")]
    BadAge { given: String },
    #[error("cannot understand the page range {given:?}: give a page (3) or a range (2-5, 4-)")]
    BadPageRange { given: String },
}
