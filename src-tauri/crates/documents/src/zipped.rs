//! The zipped formats: Word (.docx), OpenDocument text (.odt), PowerPoint (.pptx) and EPUB.
//! Each is a zip of XML (or XHTML) parts; the text is in known parts.

use std::fs::File;
use std::io::Read;
use std::path::Path;

use zip::ZipArchive;
use zip::result::ZipError;

use crate::document::Collector;
use crate::xml::{Node, Pages, attr, local, tidy, walk};
use crate::{Document, DocumentError, DocumentKind, ReadOptions};

/// Largest part read out of an archive: a zip bomb stops here.
const MAX_PART_BYTES: u64 = 256 * 1024 * 1024;

pub(crate) struct Archive<'p> {
    zip: ZipArchive<File>,
    path: &'p Path,
    kind: DocumentKind,
}

impl<'p> Archive<'p> {
    pub(crate) fn open(path: &'p Path, kind: DocumentKind) -> Result<Self, DocumentError> {
        let file = File::open(path).map_err(|source| DocumentError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let zip = ZipArchive::new(file).map_err(|e| open_error(path, kind, e))?;
        Ok(Self { zip, path, kind })
    }

    pub(crate) fn names(&self) -> Vec<String> {
        self.zip
            .file_names()
            .filter_map(|n| n.ok().map(|n| n.into_owned()))
            .collect()
    }

    pub(crate) fn has(&self, name: &str) -> bool {
        self.zip.index_for_name(name).is_some()
    }

    pub(crate) fn read(&mut self, name: &str) -> Result<Vec<u8>, DocumentError> {
        let (path, kind) = (self.path, self.kind);
        let entry = self.zip.by_name(name).map_err(|e| match e {
            ZipError::FileNotFound => corrupt(path, kind, format!("it has no {name}")),
            other => part_error(path, kind, name, other),
        })?;
        let mut bytes = Vec::new();
        entry
            .take(MAX_PART_BYTES)
            .read_to_end(&mut bytes)
            .map_err(|e| part_error(path, kind, name, ZipError::Io(e)))?;
        Ok(bytes)
    }

    pub(crate) fn corrupt(&self, detail: impl Into<String>) -> DocumentError {
        corrupt(self.path, self.kind, detail.into())
    }

    fn xml_error(&self, name: &str, e: quick_xml::Error) -> DocumentError {
        self.corrupt(format!("{name} is not well-formed XML ({e})"))
    }
}

fn corrupt(path: &Path, kind: DocumentKind, detail: String) -> DocumentError {
    DocumentError::Corrupt {
        path: path.to_path_buf(),
        kind,
        detail,
    }
}

fn open_error(path: &Path, kind: DocumentKind, e: ZipError) -> DocumentError {
    if let ZipError::Io(source) = e {
        return DocumentError::Io {
            path: path.to_path_buf(),
            source,
        };
    }
    let mut head = [0u8; 4];
    let starts_like_zip = File::open(path)
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok()
        && head == *b"PK\x03\x04";
    // Office keeps a password-protected .docx/.xlsx/.pptx in an OLE container, not a zip.
    if head == [0xD0, 0xCF, 0x11, 0xE0] {
        return DocumentError::Encrypted {
            path: path.to_path_buf(),
            kind,
        };
    }
    if starts_like_zip {
        // A zip's directory is at its end: a zip that starts right but has none was cut off.
        return DocumentError::Truncated {
            path: path.to_path_buf(),
            kind,
            detail: format!("the zip directory at its end is missing ({e})"),
        };
    }
    corrupt(path, kind, format!("it is not a zip archive ({e})"))
}

fn part_error(path: &Path, kind: DocumentKind, name: &str, e: ZipError) -> DocumentError {
    match e {
        ZipError::UnsupportedArchive(m) if m.contains("assword") || m.contains("ncrypt") => {
            DocumentError::Encrypted {
                path: path.to_path_buf(),
                kind,
            }
        }
        other => corrupt(path, kind, format!("cannot unpack {name} ({other})")),
    }
}

/// Word: `word/document.xml`. Pages are cut at explicit page breaks and where Word recorded
/// it broke the page when it last laid the document out, so they match what Word showed
/// when the file was saved; a document never laid out by Word is one page per explicit break.
pub(crate) fn docx(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let mut zip = Archive::open(path, DocumentKind::Docx)?;
    let xml = zip.read("word/document.xml")?;
    let mut pages = Pages::default();
    let (mut in_text, mut cell_depth) = (false, 0usize);
    walk(&xml, |node| match node {
        Node::Start(e) | Node::Empty(e) => {
            let empty = matches!(node, Node::Empty(_));
            match local(e).as_str() {
                "t" if !empty => in_text = true,
                "tab" => pages.push("\t"),
                "br" | "cr" => {
                    if attr(e, "type").as_deref() == Some("page") {
                        pages.page_break();
                    } else {
                        pages.push("\n");
                    }
                }
                "lastRenderedPageBreak" => pages.page_break(),
                "pageBreakBefore" if attr(e, "val").as_deref() != Some("0") => pages.page_break(),
                "tc" if !empty => cell_depth += 1,
                _ => {}
            }
        }
        Node::End(name) => match name {
            "t" => in_text = false,
            "p" => pages.push(if cell_depth > 0 { " " } else { "\n" }),
            "tc" => {
                cell_depth = cell_depth.saturating_sub(1);
                pages.push(" | ");
            }
            "tr" => pages.push("\n"),
            _ => {}
        },
        Node::Text(t) if in_text => pages.push(t),
        Node::Text(_) => {}
    })
    .map_err(|e| zip.xml_error("word/document.xml", e))?;
    collect_pages(path, DocumentKind::Docx, pages.finish(), options)
}

/// OpenDocument text: `content.xml`. LibreOffice records where its layout broke pages
/// (`text:soft-page-break`); explicit breaks live in styles and are not followed.
pub(crate) fn odt(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let mut zip = Archive::open(path, DocumentKind::Odt)?;
    refuse_encrypted_odf(&mut zip)?;
    let xml = zip.read("content.xml")?;
    let mut pages = Pages::default();
    let (mut para_depth, mut cell_depth) = (0usize, 0usize);
    walk(&xml, |node| match node {
        Node::Start(e) | Node::Empty(e) => {
            let empty = matches!(node, Node::Empty(_));
            match local(e).as_str() {
                "p" | "h" if !empty => para_depth += 1,
                "p" | "h" => pages.push("\n"),
                "s" => {
                    let n = attr(e, "c").and_then(|c| c.parse().ok()).unwrap_or(1usize);
                    pages.push(&" ".repeat(n.min(100)));
                }
                "tab" => pages.push("\t"),
                "line-break" => pages.push("\n"),
                "soft-page-break" => pages.page_break(),
                "table-cell" if !empty => cell_depth += 1,
                _ => {}
            }
        }
        Node::End(name) => match name {
            "p" | "h" => {
                para_depth = para_depth.saturating_sub(1);
                pages.push(if cell_depth > 0 { " " } else { "\n" });
            }
            "table-cell" => {
                cell_depth = cell_depth.saturating_sub(1);
                pages.push(" | ");
            }
            "table-row" => pages.push("\n"),
            _ => {}
        },
        Node::Text(t) if para_depth > 0 => pages.push(t),
        Node::Text(_) => {}
    })
    .map_err(|e| zip.xml_error("content.xml", e))?;
    collect_pages(path, DocumentKind::Odt, pages.finish(), options)
}

/// OpenDocument encrypts parts one by one and says so in the manifest.
pub(crate) fn refuse_encrypted_odf(zip: &mut Archive<'_>) -> Result<(), DocumentError> {
    if zip.has("META-INF/manifest.xml") {
        let manifest = zip.read("META-INF/manifest.xml")?;
        if manifest
            .windows("encryption-data".len())
            .any(|w| w == b"encryption-data")
        {
            return Err(DocumentError::Encrypted {
                path: zip.path.to_path_buf(),
                kind: zip.kind,
            });
        }
    }
    Ok(())
}

/// PowerPoint: `ppt/slides/slideN.xml`, in N's order (PowerPoint renumbers them on save).
pub(crate) fn pptx(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let mut zip = Archive::open(path, DocumentKind::Pptx)?;
    let mut slides: Vec<(usize, String)> = zip
        .names()
        .into_iter()
        .filter_map(|name| {
            let n = name
                .strip_prefix("ppt/slides/slide")?
                .strip_suffix(".xml")?
                .parse()
                .ok()?;
            Some((n, name))
        })
        .collect();
    slides.sort();
    if slides.is_empty() && !zip.has("ppt/presentation.xml") {
        return Err(zip.corrupt("it has no ppt/presentation.xml"));
    }
    let total = slides.len();
    let mut out = Collector::new(options);
    for (i, (_, name)) in slides.iter().enumerate() {
        out.offer(i + 1, None, || {
            let xml = zip.read(name)?;
            slide_text(&xml).map_err(|e| zip.xml_error(name, e))
        })?;
    }
    out.finish(path.to_path_buf(), DocumentKind::Pptx, total)
}

fn slide_text(xml: &[u8]) -> Result<String, quick_xml::Error> {
    let mut text = String::new();
    let mut in_text = false;
    walk(xml, |node| match node {
        Node::Start(e) if local(e) == "t" => in_text = true,
        Node::Empty(e) if local(e) == "br" => text.push('\n'),
        Node::End("t") => in_text = false,
        Node::End("p") => text.push('\n'),
        Node::End("tc") => text.push_str(" | "),
        Node::End("tr") => text.push('\n'),
        Node::Text(t) if in_text => text.push_str(t),
        _ => {}
    })?;
    Ok(tidy(&text))
}

/// EPUB: the OPF package's spine gives the reading order of XHTML chapters.
pub(crate) fn epub(path: &Path, options: &ReadOptions) -> Result<Document, DocumentError> {
    let kind = DocumentKind::Epub;
    let mut zip = Archive::open(path, kind)?;
    if zip.has("META-INF/encryption.xml") {
        return Err(DocumentError::Encrypted {
            path: path.to_path_buf(),
            kind,
        });
    }
    let container = zip.read("META-INF/container.xml")?;
    let mut opf_path = None;
    walk(&container, |node| {
        if let Node::Start(e) | Node::Empty(e) = node
            && local(e) == "rootfile"
            && opf_path.is_none()
        {
            opf_path = attr(e, "full-path");
        }
    })
    .map_err(|e| zip.xml_error("META-INF/container.xml", e))?;
    let opf_path = opf_path.ok_or_else(|| zip.corrupt("its container names no package file"))?;
    let opf = zip.read(&opf_path)?;
    let base = match opf_path.rsplit_once('/') {
        Some((dir, _)) => format!("{dir}/"),
        None => String::new(),
    };
    let mut manifest = Vec::new();
    let mut spine = Vec::new();
    walk(&opf, |node| {
        if let Node::Start(e) | Node::Empty(e) = node {
            match local(e).as_str() {
                "item" => {
                    if let (Some(id), Some(href)) = (attr(e, "id"), attr(e, "href")) {
                        manifest.push((id, href));
                    }
                }
                "itemref" => spine.extend(attr(e, "idref")),
                _ => {}
            }
        }
    })
    .map_err(|e| zip.xml_error(&opf_path, e))?;
    let chapters: Vec<String> = spine
        .iter()
        .filter_map(|id| manifest.iter().find(|(i, _)| i == id))
        .map(|(_, href)| format!("{base}{}", percent_decode(href)))
        .collect();
    let total = chapters.len();
    let mut out = Collector::new(options);
    for (i, name) in chapters.iter().enumerate() {
        out.offer(i + 1, None, || {
            let xhtml = zip.read(name)?;
            Ok::<_, DocumentError>(crate::html::to_text(&xhtml))
        })?;
    }
    out.finish(path.to_path_buf(), kind, total)
}

/// `%20` and friends in EPUB hrefs.
fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%'
            && let Some(hex) = s.get(i + 1..i + 3)
            && let Ok(b) = u8::from_str_radix(hex, 16)
        {
            out.push(b);
            i += 3;
            continue;
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn collect_pages(
    path: &Path,
    kind: DocumentKind,
    pages: Vec<String>,
    options: &ReadOptions,
) -> Result<Document, DocumentError> {
    let total = pages.len();
    let mut out = Collector::new(options);
    for (i, text) in pages.into_iter().enumerate() {
        out.offer(i + 1, None, || Ok::<_, DocumentError>(text))?;
    }
    out.finish(path.to_path_buf(), kind, total)
}
