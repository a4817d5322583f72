use oi_documents::{DocumentError, DocumentKind};
use pretty_assertions::assert_eq;

use super::common::{numbers_and_text, read, zip};

#[test]
fn html_reads_as_text_without_markup() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("receipt.html");
    std::fs::write(
        &path,
        "<html><head><title>t</title><style>p{color:red}</style><script>var x=1;</script></head>\
         <body><h1>Receipt</h1><p>Total: <b>42&nbsp;EUR</b> &amp; thanks</p>\
         <ul><li>coffee</li><li>cake</li></ul></body></html>",
    )
    .unwrap();
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Html);
    let text = &doc.parts[0].text;
    for want in ["Receipt", "Total: 42\u{a0}EUR & thanks", "coffee", "cake"] {
        assert!(text.contains(want), "{want:?} missing from {text:?}");
    }
    for gone in ["<b>", "color:red", "var x"] {
        assert!(!text.contains(gone), "{gone:?} left in {text:?}");
    }
}

#[test]
fn epub_chapters_follow_the_spine() {
    let dir = tempfile::tempdir().unwrap();
    let chapter = |title: &str, body: &str| {
        format!(
            "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><h1>{title}</h1><p>{body}</p></body></html>"
        )
    };
    let (one, two) = (
        chapter("Departure", "The ship left at dawn."),
        chapter("Arrival", "Land was sighted."),
    );
    let path = zip(
        &dir.path().join("voyage.epub"),
        &[
            ("mimetype", "application/epub+zip"),
            (
                "META-INF/container.xml",
                r#"<?xml version="1.0"?><container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#,
            ),
            (
                "OEBPS/book.opf",
                r#"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest><item id="b" href="text/ch%202.xhtml" media-type="application/xhtml+xml"/><item id="a" href="text/ch1.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>"#,
            ),
            ("OEBPS/text/ch1.xhtml", &one),
            ("OEBPS/text/ch 2.xhtml", &two),
        ],
    );
    let doc = read(&path).unwrap();
    assert_eq!(doc.kind, DocumentKind::Epub);
    let parts = numbers_and_text(&doc);
    assert_eq!(parts.len(), 2);
    assert_eq!(parts[0].0, 1);
    assert!(parts[0].1.contains("Departure") && parts[0].1.contains("The ship left at dawn."));
    assert!(parts[1].1.contains("Arrival") && parts[1].1.contains("Land was sighted."));
    assert!(doc.render().contains("--- chapter 2 ---"));
}

#[test]
fn plain_text_pages_split_at_form_feeds() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notes.txt");
    std::fs::write(&path, "first page\n\u{c}second page\n").unwrap();
    let doc = read(&path).unwrap();
    assert_eq!(
        numbers_and_text(&doc),
        vec![
            (1, "first page".to_string()),
            (2, "second page".to_string())
        ]
    );
}

#[test]
fn unknown_files_are_unsupported() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("photo.raw");
    std::fs::write(&path, [0u8, 1, 2, 3]).unwrap();
    assert!(matches!(
        read(&path),
        Err(DocumentError::Unsupported { .. })
    ));
    assert!(matches!(
        read(&dir.path().join("missing.pdf")),
        Err(DocumentError::Io { .. })
    ));
    // Latin-1 bytes are no UTF-8 text either.
    let latin = dir.path().join("notes.dat");
    std::fs::write(&latin, b"caf\xe9 au lait\n").unwrap();
    assert!(matches!(
        read(&latin),
        Err(DocumentError::Unsupported { .. })
    ));
}

#[test]
fn text_of_any_extension_is_read_as_text() {
    // JSON, YAML, code and config files are text, whatever their extension says.
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        ("settings.json", "{\"cache\": {\"ttl\": 300}}\n"),
        ("config.yaml", "port: 8080\n"),
        ("main.py", "print('h\u{e9}llo')\n"),
        ("Makefile", "all:\n\tcc main.c\n"),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let doc = read(&path).unwrap();
        assert_eq!(doc.kind, DocumentKind::Text, "{name}");
        let got: String = numbers_and_text(&doc).into_iter().map(|(_, t)| t).collect();
        assert_eq!(got.trim(), text.trim(), "{name}");
    }
}
