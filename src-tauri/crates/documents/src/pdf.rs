//! PDF text through pdf-extract (over lopdf), page by page, with `pdftotext` (poppler) as the
//! fallback when it is on PATH and the crate gets nothing.

use std::io::Read;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use pdf_extract::{Document as Pdf, PlainTextOutput, output_doc_page};

use crate::document::Collector;
use crate::{Document, DocumentError, DocumentKind, ReadOptions};

const KIND: DocumentKind = DocumentKind::Pdf;
/// `pdftotext` gets this long before it is stopped.
const FALLBACK_TIMEOUT: Duration = Duration::from_secs(60);

pub(crate) fn read(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let bytes = std::fs::read(path).map_err(|source| DocumentError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    let loaded = match catch_unwind(AssertUnwindSafe(|| Pdf::load_mem(&bytes))) {
        Ok(Ok(mut pdf)) => {
            // Files "encrypted" with an empty user password open for anyone.
            if pdf.is_encrypted() && pdf.decrypt("").is_err() {
                return Err(DocumentError::Encrypted {
                    path: path.to_path_buf(),
                    kind: KIND,
                });
            }
            Ok(pdf)
        }
        Ok(Err(e)) => Err(e.to_string()),
        Err(panic) => Err(format!("the PDF parser crashed: {}", panic_message(&panic))),
    };
    let pdf = match loaded {
        Ok(pdf) => pdf,
        Err(detail) => {
            if let Some(doc) = with_pdftotext(path, options, None)? {
                return Ok(doc);
            }
            return Err(broken(path, &bytes, detail));
        }
    };
    let pages: Vec<u32> = pdf.get_pages().into_keys().collect();
    let total = pages.len();
    let mut out = Collector::new(options);
    for &n in &pages {
        out.offer(n as usize, None, || {
            Ok::<_, DocumentError>(page_text(&pdf, n))
        })?;
    }
    let doc = out.finish(path.to_path_buf(), KIND, total)?;
    if doc.parts.iter().all(|p| p.text.trim().is_empty()) && !doc.parts.is_empty() {
        if let Some(doc) = with_pdftotext(path, options, Some(total))? {
            return Ok(doc);
        }
        return Err(DocumentError::Scanned {
            path: path.to_path_buf(),
            pages: total,
        });
    }
    Ok(doc)
}

/// One page's text; a page the extractor fails or crashes on says so in place of its text,
/// so the other pages are still read.
fn page_text(pdf: &Pdf, n: u32) -> String {
    let mut text = String::new();
    let result = catch_unwind(AssertUnwindSafe(|| {
        let mut output = PlainTextOutput::new(&mut text);
        output_doc_page(pdf, &mut output, n)
    }));
    match result {
        Ok(Ok(())) => crate::xml::tidy(&text),
        Ok(Err(e)) => format!("[the text of this page could not be extracted: {e}]\n"),
        Err(panic) => format!(
            "[the text of this page could not be extracted: the PDF parser crashed ({})]\n",
            panic_message(&panic)
        ),
    }
}

pub(crate) fn panic_message(panic: &Box<dyn std::any::Any + Send>) -> String {
    panic
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| panic.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "no message".to_string())
}

/// Truncated when the end-of-file marker is missing from the tail (downloads cut short);
/// otherwise corrupt.
fn broken(path: &Path, bytes: &[u8], detail: String) -> DocumentError {
    let tail = &bytes[bytes.len().saturating_sub(1024)..];
    if !tail.windows(5).any(|w| w == b"%%EOF") {
        DocumentError::Truncated {
            path: path.to_path_buf(),
            kind: KIND,
            detail: format!("no %%EOF marker at its end; {detail}"),
        }
    } else {
        DocumentError::Corrupt {
            path: path.to_path_buf(),
            kind: KIND,
            detail,
        }
    }
}

/// The document as `pdftotext` reads it, when the program is installed and finds any text.
/// `known_total` is the page count when the crate could count the pages.
fn with_pdftotext(
    path: &Path,
    options: &ReadOptions,
    known_total: Option<usize>,
) -> Result<Option<Document>, DocumentError> {
    let Some(pages) = pdftotext_pages(path) else {
        return Ok(None);
    };
    if pages.iter().all(|p| p.trim().is_empty()) {
        return Ok(None);
    }
    let total = known_total.unwrap_or(pages.len());
    let mut out = Collector::new(options);
    for (i, text) in pages.into_iter().enumerate() {
        out.offer(i + 1, None, || {
            Ok::<_, DocumentError>(crate::xml::tidy(&text))
        })?;
    }
    let mut doc = out.finish(path.to_path_buf(), KIND, total)?;
    doc.via = Some("pdftotext");
    Ok(Some(doc))
}

/// Pages from `pdftotext FILE -` (split at its form feeds), or `None` when the program is
/// missing, fails or runs past its time.
pub(crate) fn pdftotext_pages(path: &Path) -> Option<Vec<String>> {
    let mut child = Command::new("pdftotext")
        .arg("-enc")
        .arg("UTF-8")
        .arg(path)
        .arg("-")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdout = child.stdout.take()?;
    let reader = std::thread::spawn(move || {
        let mut out = Vec::new();
        stdout.read_to_end(&mut out).map(|_| out)
    });
    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() < FALLBACK_TIMEOUT => {
                std::thread::sleep(Duration::from_millis(20))
            }
            _ => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    };
    let out = reader.join().ok()?.ok()?;
    if !status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out);
    let mut pages: Vec<String> = text.split('\u{c}').map(str::to_string).collect();
    // pdftotext ends every page with a form feed, the last one too.
    if pages.last().is_some_and(|p| p.trim().is_empty()) {
        pages.pop();
    }
    Some(pages)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pdftotext_fallback_splits_pages_at_form_feeds() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("a.ms"), ".PP\nfirst\n.bp\n.PP\nsecond\n").unwrap();
        let out = Command::new("groff")
            .args(["-ms", "-Tpdf", "a.ms"])
            .current_dir(dir.path())
            .output()
            .unwrap();
        let path = dir.path().join("a.pdf");
        std::fs::write(&path, out.stdout).unwrap();
        let pages = pdftotext_pages(&path).expect("pdftotext is installed by .ci/packages.sh");
        assert_eq!(pages.len(), 2);
        assert!(pages[0].contains("first") && !pages[0].contains("second"));
        assert!(pages[1].contains("second"));
        let doc = with_pdftotext(&path, &ReadOptions::default(), None)
            .unwrap()
            .unwrap();
        assert_eq!(doc.via, Some("pdftotext"));
        assert_eq!(doc.total_parts, 2);
    }

    #[test]
    fn broken_tells_truncated_from_corrupt() {
        let p = Path::new("x.pdf");
        assert!(matches!(
            broken(p, b"%PDF-1.4\n1 0 obj", "x".into()),
            DocumentError::Truncated { .. }
        ));
        assert!(matches!(
            broken(p, b"%PDF-1.4\ngarbage\n%%EOF\n", "x".into()),
            DocumentError::Corrupt { .. }
        ));
    }
}
