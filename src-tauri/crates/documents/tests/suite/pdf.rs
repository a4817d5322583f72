use std::path::{Path, PathBuf};

use oi_documents::{DocumentError, DocumentKind, PageRange, ReadOptions};
use pretty_assertions::assert_eq;

use super::common::{read, run};

const MS: &str = "\
.TL
Quarterly Report
.PP
Alpha page one says the harvest was plentiful.
.bp
.PP
Bravo page two lists the invoices: 1234 and 5678.
.bp
.PP
Charlie page three concludes with thanks.
";

/// A three-page PDF written by groff's PDF writer (gropdf).
fn groff_pdf(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("report.ms"), MS).unwrap();
    let pdf = run("groff", &["-ms", "-Tpdf", "report.ms"], dir);
    let path = dir.join("report.pdf");
    std::fs::write(&path, pdf).unwrap();
    path
}

/// The same document through PostScript and ghostscript's ps2pdf.
fn ghostscript_pdf(dir: &Path) -> PathBuf {
    std::fs::write(dir.join("report.ms"), MS).unwrap();
    let ps = run("groff", &["-ms", "-Tps", "report.ms"], dir);
    std::fs::write(dir.join("report.ps"), ps).unwrap();
    run("ps2pdf", &["report.ps", "gs.pdf"], dir);
    dir.join("gs.pdf")
}

#[test]
fn groff_pdf_pages_keep_their_numbers_and_text() {
    let dir = tempfile::tempdir().unwrap();
    let doc = read(&groff_pdf(dir.path())).unwrap();
    assert_eq!(doc.kind, DocumentKind::Pdf);
    assert_eq!(doc.total_parts, 3);
    assert_eq!(doc.via, None, "the crate, not pdftotext, read it");
    let pages: Vec<usize> = doc.parts.iter().map(|p| p.number).collect();
    assert_eq!(pages, vec![1, 2, 3]);
    assert!(doc.parts[0].text.contains("Quarterly Report"));
    assert!(
        doc.parts[0]
            .text
            .contains("Alpha page one says the harvest was plentiful.")
    );
    assert!(
        doc.parts[1]
            .text
            .contains("Bravo page two lists the invoices: 1234 and 5678.")
    );
    assert!(!doc.parts[1].text.contains("Alpha"));
    assert!(
        doc.parts[2]
            .text
            .contains("Charlie page three concludes with thanks.")
    );
    let rendered = doc.render();
    let two = rendered.find("--- page 2 ---").unwrap();
    let three = rendered.find("--- page 3 ---").unwrap();
    assert!(rendered[two..three].contains("Bravo"));
    assert!(rendered.starts_with(&format!("{} (PDF, 3 pages)\n", doc.path.display())));
}

#[test]
fn ghostscript_pdf_pages_match_pdftotext() {
    let dir = tempfile::tempdir().unwrap();
    let path = ghostscript_pdf(dir.path());
    let doc = read(&path).unwrap();
    let ours: Vec<String> = doc.parts.iter().map(|p| words(&p.text)).collect();
    let poppler =
        String::from_utf8(run("pdftotext", &[path.to_str().unwrap(), "-"], dir.path())).unwrap();
    let theirs: Vec<String> = poppler
        .split('\u{c}')
        .filter(|p| !p.trim().is_empty())
        .map(words)
        .collect();
    assert_eq!(ours.len(), 3);
    // Both see each page's words; spacing between words may differ (ps2pdf places words
    // by position), so letters are compared.
    for (a, b) in ours.iter().zip(&theirs) {
        assert_eq!(a.replace(' ', ""), b.replace(' ', ""));
    }
}

fn words(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn page_range_reads_only_those_pages_and_says_so() {
    let dir = tempfile::tempdir().unwrap();
    let path = groff_pdf(dir.path());
    let options = ReadOptions {
        pages: Some("2".parse().unwrap()),
        ..ReadOptions::default()
    };
    let doc = oi_documents::read(&path, &options).unwrap();
    assert_eq!(doc.parts.len(), 1);
    assert_eq!(doc.parts[0].number, 2);
    assert!(doc.parts[0].text.contains("Bravo"));
    assert!(doc.render().contains("[showing page 2 of 3]"));

    let past_end = ReadOptions {
        pages: Some(PageRange {
            first: 7,
            last: None,
        }),
        ..ReadOptions::default()
    };
    let err = oi_documents::read(&path, &past_end).unwrap_err();
    assert!(
        matches!(err, DocumentError::OutOfRange { total: 3, .. }),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("has 3 page(s); 7- is out of range")
    );
}

#[test]
fn character_budget_cuts_and_notes_what_is_left() {
    let dir = tempfile::tempdir().unwrap();
    let path = groff_pdf(dir.path());
    let full = read(&path).unwrap();
    let first_len = full.parts[0].text.chars().count();
    let options = ReadOptions {
        pages: None,
        max_chars: first_len + 10,
    };
    let doc = oi_documents::read(&path, &options).unwrap();
    assert_eq!(doc.parts.len(), 2, "page 2 is started, page 3 never read");
    assert_eq!(doc.parts[1].text.chars().count(), 10);
    assert_eq!(doc.cut.unread_from, Some(3));
    let rendered = doc.render();
    assert!(
        rendered.contains("page 2 was cut after 10 characters"),
        "{rendered}"
    );
    assert!(
        rendered.contains("pages 3-3 were not read (character budget reached)"),
        "{rendered}"
    );
}

#[test]
fn encrypted_pdf_is_reported_as_encrypted() {
    let dir = tempfile::tempdir().unwrap();
    let plain = groff_pdf(dir.path());
    let locked = dir.path().join("locked.pdf");
    run(
        "qpdf",
        &[
            "--encrypt",
            "secret",
            "owner",
            "256",
            "--",
            plain.to_str().unwrap(),
            "locked.pdf",
        ],
        dir.path(),
    );
    let err = read(&locked).unwrap_err();
    assert!(
        matches!(
            err,
            DocumentError::Encrypted {
                kind: DocumentKind::Pdf,
                ..
            }
        ),
        "{err}"
    );
    assert!(
        err.to_string()
            .contains("encrypted PDF (password protected)")
    );

    // Encrypted with an empty user password: anyone may open it, and so do we.
    run(
        "qpdf",
        &[
            "--encrypt",
            "",
            "owner",
            "256",
            "--",
            plain.to_str().unwrap(),
            "open.pdf",
        ],
        dir.path(),
    );
    let doc = read(&dir.path().join("open.pdf")).unwrap();
    assert!(doc.parts[1].text.contains("Bravo"));
}

#[test]
fn truncated_pdf_is_reported_as_truncated() {
    let dir = tempfile::tempdir().unwrap();
    let bytes = std::fs::read(ghostscript_pdf(dir.path())).unwrap();
    let cut = dir.path().join("half.pdf");
    std::fs::write(&cut, &bytes[..bytes.len() / 3]).unwrap();
    let err = read(&cut).unwrap_err();
    assert!(matches!(err, DocumentError::Truncated { .. }), "{err}");
    assert!(err.to_string().contains("looks truncated"));
}

#[test]
fn corrupt_pdf_is_reported_as_corrupt() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("junk.pdf");
    std::fs::write(&path, b"%PDF-1.4\nthis is not a PDF body\n%%EOF\n").unwrap();
    let err = read(&path).unwrap_err();
    assert!(
        matches!(
            err,
            DocumentError::Corrupt {
                kind: DocumentKind::Pdf,
                ..
            }
        ),
        "{err}"
    );
}

#[test]
fn pdf_without_text_layer_is_reported_as_scanned() {
    let dir = tempfile::tempdir().unwrap();
    // A page with only a drawing, like a scan's image: no text for anyone to find.
    std::fs::write(
        dir.path().join("scan.ps"),
        "%!PS\nnewpath 100 100 moveto 300 300 lineto stroke showpage\nnewpath 50 50 moveto 80 400 lineto stroke showpage\n",
    )
    .unwrap();
    run("ps2pdf", &["scan.ps", "scan.pdf"], dir.path());
    let err = read(&dir.path().join("scan.pdf")).unwrap_err();
    assert!(
        matches!(err, DocumentError::Scanned { pages: 2, .. }),
        "{err}"
    );
    assert!(err.to_string().contains("no text layer"));
}

#[test]
fn misnamed_pdf_is_read_by_its_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let path = groff_pdf(dir.path());
    let renamed = dir.path().join("download");
    std::fs::rename(&path, &renamed).unwrap();
    let doc = read(&renamed).unwrap();
    assert_eq!(doc.kind, DocumentKind::Pdf);
    assert_eq!(doc.total_parts, 3);
}

/// A hand-made two-page PDF whose second page lacks its MediaBox: pdf-extract panics on it.
fn pdf_with_a_page_the_parser_crashes_on(path: &Path) {
    let content = "BT /F1 24 Tf 72 700 Td (Hello there) Tj ET";
    let stream = format!(
        "<< /Length {} >>\nstream\n{content}\nendstream",
        content.len()
    );
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>",
        "<< /Type /Page /Parent 2 0 R /Contents 5 0 R /Resources << /Font << /F1 6 0 R >> >> >>",
        &stream,
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ];
    let mut out = String::from("%PDF-1.4\n");
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.push_str(&format!("{} 0 obj\n{body}\nendobj\n", i + 1));
    }
    let xref = out.len();
    out.push_str(&format!(
        "xref\n0 {}\n0000000000 65535 f \n",
        objects.len() + 1
    ));
    for offset in offsets {
        out.push_str(&format!("{offset:010} 00000 n \n"));
    }
    out.push_str(&format!(
        "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
        objects.len() + 1
    ));
    std::fs::write(path, out).unwrap();
}

#[test]
fn a_page_the_parser_crashes_on_is_reported_and_the_rest_read() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("odd.pdf");
    pdf_with_a_page_the_parser_crashes_on(&path);
    let doc = read(&path).unwrap();
    assert_eq!(doc.total_parts, 2);
    assert!(
        doc.parts[0].text.contains("Hello there"),
        "{:?}",
        doc.parts[0]
    );
    assert!(
        doc.parts[1]
            .text
            .contains("could not be extracted: the PDF parser crashed"),
        "{:?}",
        doc.parts[1]
    );
}
