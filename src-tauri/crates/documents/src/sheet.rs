//! Spreadsheets (.xlsx, .xls, .ods) through calamine: each sheet a numbered part, its rows
//! as lines of cells separated by " | ".

use std::path::Path;

use calamine::{Data, Reader, open_workbook_auto};

use crate::document::Collector;
use crate::{Document, DocumentError, DocumentKind, ReadOptions};

pub(crate) fn read(
    path: &Path,
    kind: DocumentKind,
    options: &ReadOptions,
) -> Result<Document, DocumentError> {
    let mut book = open_workbook_auto(path).map_err(|e| open_error(path, kind, e))?;
    let names = book.sheet_names();
    let total = names.len();
    let mut out = Collector::new(options);
    for (i, name) in names.iter().enumerate() {
        out.offer(i + 1, Some(name.clone()), || {
            let range = book
                .worksheet_range(name)
                .map_err(|e| DocumentError::Corrupt {
                    path: path.to_path_buf(),
                    kind,
                    detail: format!("sheet {name:?} cannot be read ({e})"),
                })?;
            Ok::<_, DocumentError>(table(&range))
        })?;
    }
    out.finish(path.to_path_buf(), kind, total)
}

fn table(range: &calamine::Range<Data>) -> String {
    let mut out = String::new();
    for row in range.rows() {
        // Cells after the row's last value add nothing but separators.
        let used = row
            .iter()
            .rposition(|c| !matches!(c, Data::Empty))
            .map_or(0, |i| i + 1);
        let cells: Vec<String> = row[..used].iter().map(cell).collect();
        out.push_str(&cells.join(" | "));
        out.push('\n');
    }
    out
}

fn cell(data: &Data) -> String {
    match data {
        Data::Empty => String::new(),
        Data::String(s) => s.replace('\n', " "),
        Data::Float(f) if f.fract() == 0.0 && f.abs() < 1e15 => format!("{}", *f as i64),
        Data::DateTime(d) => d.to_string(),
        Data::Error(e) => format!("#{e:?}"),
        other => other.to_string(),
    }
}

fn open_error(path: &Path, kind: DocumentKind, e: calamine::Error) -> DocumentError {
    let detail = e.to_string();
    let lower = detail.to_ascii_lowercase();
    if lower.contains("password") || lower.contains("encrypt") {
        return DocumentError::Encrypted {
            path: path.to_path_buf(),
            kind,
        };
    }
    if let calamine::Error::Io(source) = e {
        return DocumentError::Io {
            path: path.to_path_buf(),
            source,
        };
    }
    // A zip-based workbook whose directory is missing was cut off; the zip reader says so.
    if lower.contains("central directory") || lower.contains("eocd") {
        return DocumentError::Truncated {
            path: path.to_path_buf(),
            kind,
            detail,
        };
    }
    DocumentError::Corrupt {
        path: path.to_path_buf(),
        kind,
        detail,
    }
}
