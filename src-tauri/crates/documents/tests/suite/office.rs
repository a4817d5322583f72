use oi_documents::{DocumentError, DocumentKind};
use pretty_assertions::assert_eq;

use super::common::{numbers_and_text, read, zip};

#[test]
fn docx_written_by_docx_rs_splits_at_page_breaks() {
    use docx_rs::{BreakType, Docx, Paragraph, Run, Table, TableCell, TableRow};
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("letter.docx");
    let file = std::fs::File::create(&path).unwrap();
    Docx::new()
        .add_paragraph(Paragraph::new().add_run(Run::new().add_text("Dear Ada,")))
        .add_paragraph(Paragraph::new().add_run(Run::new().add_text("The invoice is attached.")))
        .add_paragraph(Paragraph::new().add_run(Run::new().add_break(BreakType::Page)))
        .add_paragraph(Paragraph::new().add_run(Run::new().add_text("Appendix & terms")))
        .add_table(Table::new(vec![TableRow::new(vec![
            TableCell::new().add_paragraph(Paragraph::new().add_run(Run::new().add_text("Item"))),
            TableCell::new().add_paragraph(Paragraph::new().add_run(Run::new().add_text("Price"))),
        ])]))
        .build()
        .pack(file)
        .unwrap();
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Docx);
    assert_eq!(doc.total_parts, 2);
    assert_eq!(
        numbers_and_text(&doc),
        vec![
            (1, "Dear Ada,\nThe invoice is attached.".to_string()),
            (2, "Appendix & terms\nItem  | Price  |".to_string()),
        ]
    );
    assert!(doc.render().contains("--- page 2 ---\nAppendix & terms"));
}

#[test]
fn xlsx_written_by_rust_xlsxwriter_reads_as_tables_per_sheet() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("budget.xlsx");
    let mut book = rust_xlsxwriter::Workbook::new();
    let sheet = book.add_worksheet().set_name("Budget").unwrap();
    sheet.write(0, 0, "Item").unwrap();
    sheet.write(0, 1, "Cost").unwrap();
    sheet.write(1, 0, "Rent").unwrap();
    sheet.write(1, 1, 1200).unwrap();
    sheet.write(2, 0, "Coffee").unwrap();
    sheet.write(2, 1, 4.5).unwrap();
    let notes = book.add_worksheet().set_name("Notes").unwrap();
    notes.write(0, 0, "paid in March").unwrap();
    book.save(&path).unwrap();

    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Xlsx);
    assert_eq!(doc.total_parts, 2);
    assert_eq!(doc.parts[0].title.as_deref(), Some("Budget"));
    assert_eq!(
        doc.parts[0].text,
        "Item | Cost\nRent | 1200\nCoffee | 4.5\n"
    );
    assert_eq!(doc.parts[1].text, "paid in March\n");
    assert!(
        doc.render()
            .contains("--- sheet 2: Notes ---\npaid in March")
    );
}

const ODS_MANIFEST: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/></manifest:manifest>"#;

const ODS_CONTENT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:spreadsheet><table:table table:name="Trips"><table:table-row><table:table-cell office:value-type="string"><text:p>City</text:p></table:table-cell><table:table-cell office:value-type="string"><text:p>Days</text:p></table:table-cell></table:table-row><table:table-row><table:table-cell office:value-type="string"><text:p>Lisbon</text:p></table:table-cell><table:table-cell office:value-type="float" office:value="4"><text:p>4</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet></office:body></office:document-content>"#;

#[test]
fn ods_reads_as_a_table() {
    let dir = tempfile::tempdir().unwrap();
    let path = zip(
        &dir.path().join("trips.ods"),
        &[
            ("mimetype", "application/vnd.oasis.opendocument.spreadsheet"),
            ("META-INF/manifest.xml", ODS_MANIFEST),
            ("content.xml", ODS_CONTENT),
        ],
    );
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Ods);
    assert_eq!(doc.parts[0].title.as_deref(), Some("Trips"));
    assert_eq!(doc.parts[0].text, "City | Days\nLisbon | 4\n");
}

const ODT_CONTENT: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2"><office:body><office:text><text:h text:outline-level="1">Minutes</text:h><text:p>Present:<text:s text:c="2"/>Ada<text:tab/>Grace</text:p><text:soft-page-break/><text:p>Next meeting on &lt;Friday&gt;.</text:p></office:text></office:body></office:document-content>"#;

#[test]
fn odt_pages_follow_libreoffice_page_breaks() {
    let dir = tempfile::tempdir().unwrap();
    let path = zip(
        &dir.path().join("minutes.odt"),
        &[
            ("mimetype", "application/vnd.oasis.opendocument.text"),
            ("content.xml", ODT_CONTENT),
        ],
    );
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Odt);
    assert_eq!(
        numbers_and_text(&doc),
        vec![
            (1, "Minutes\nPresent:  Ada\tGrace".to_string()),
            (2, "Next meeting on <Friday>.".to_string()),
        ]
    );
}

fn slide(text: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?><p:sld xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"><p:cSld><p:spTree><p:sp><p:txBody><a:p><a:r><a:t>{text}</a:t></a:r></a:p><a:p><a:r><a:t>second line</a:t></a:r></a:p></p:txBody></p:sp></p:spTree></p:cSld></p:sld>"#
    )
}

#[test]
fn pptx_slides_come_in_number_order() {
    let dir = tempfile::tempdir().unwrap();
    let (one, two, ten) = (slide("Welcome"), slide("Roadmap"), slide("Questions"));
    let path = zip(
        &dir.path().join("talk.pptx"),
        &[
            ("ppt/presentation.xml", "<p:presentation/>"),
            ("ppt/slides/slide10.xml", &ten),
            ("ppt/slides/slide2.xml", &two),
            ("ppt/slides/slide1.xml", &one),
        ],
    );
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Pptx);
    assert_eq!(
        numbers_and_text(&doc),
        vec![
            (1, "Welcome\nsecond line".to_string()),
            (2, "Roadmap\nsecond line".to_string()),
            (3, "Questions\nsecond line".to_string()),
        ]
    );
    assert!(
        doc.render()
            .contains("(PowerPoint presentation, 3 slides)\n--- slide 1 ---\nWelcome")
    );
}

#[test]
fn truncated_and_encrypted_office_files_say_which() {
    let dir = tempfile::tempdir().unwrap();
    let path = zip(
        &dir.path().join("minutes.odt"),
        &[
            ("mimetype", "application/vnd.oasis.opendocument.text"),
            ("content.xml", ODT_CONTENT),
        ],
    );
    let bytes = std::fs::read(&path).unwrap();
    let cut = dir.path().join("cut.odt");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let err = read(&cut).unwrap_err();
    assert!(
        matches!(
            err,
            DocumentError::Truncated {
                kind: DocumentKind::Odt,
                ..
            }
        ),
        "{err}"
    );

    // Office keeps a password-protected .docx inside an OLE compound file.
    let locked = dir.path().join("locked.docx");
    let mut ole = vec![0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];
    ole.resize(4096, 0);
    std::fs::write(&locked, ole).unwrap();
    let err = read(&locked).unwrap_err();
    assert!(
        matches!(
            err,
            DocumentError::Encrypted {
                kind: DocumentKind::Docx,
                ..
            }
        ),
        "{err}"
    );

    let odf_locked = zip(
        &dir.path().join("locked.odt"),
        &[
            ("mimetype", "application/vnd.oasis.opendocument.text"),
            (
                "META-INF/manifest.xml",
                r#"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="content.xml"><manifest:encryption-data manifest:checksum="x"/></manifest:file-entry></manifest:manifest>"#,
            ),
            ("content.xml", "\u{1}\u{2}binary"),
        ],
    );
    let err = read(&odf_locked).unwrap_err();
    assert!(
        matches!(
            err,
            DocumentError::Encrypted {
                kind: DocumentKind::Odt,
                ..
            }
        ),
        "{err}"
    );
}
