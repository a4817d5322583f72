//! What kind of document a file is: by its first bytes where they tell, else by its extension.

use std::fmt;
use std::io::Read;
use std::path::Path;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DocumentKind {
    Pdf,
    Docx,
    Odt,
    Xlsx,
    Xls,
    Ods,
    Pptx,
    Html,
    Epub,
    Text,
}

impl DocumentKind {
    /// Every kind, for callers that list what can be read.
    pub const ALL: [DocumentKind; 10] = [
        Self::Pdf,
        Self::Docx,
        Self::Odt,
        Self::Xlsx,
        Self::Xls,
        Self::Ods,
        Self::Pptx,
        Self::Html,
        Self::Epub,
        Self::Text,
    ];

    /// The kind a file name's extension names, case-insensitively.
    pub fn from_extension(path: &Path) -> Option<Self> {
        let ext = path.extension()?.to_str()?.to_ascii_lowercase();
        Self::from_name(&ext)
    }

    /// A kind from a word a person or model would use: "pdf", "docx", "word", "spreadsheet"…
    pub fn from_name(name: &str) -> Option<Self> {
        Some(
            match name.trim_start_matches('.').to_ascii_lowercase().as_str() {
                "pdf" => Self::Pdf,
                "docx" | "docm" | "word" => Self::Docx,
                "odt" => Self::Odt,
                "xlsx" | "xlsm" | "xlsb" | "excel" => Self::Xlsx,
                "xls" => Self::Xls,
                "ods" => Self::Ods,
                "pptx" | "powerpoint" => Self::Pptx,
                "html" | "htm" | "xhtml" => Self::Html,
                "epub" => Self::Epub,
                "txt" | "text" | "md" | "markdown" | "csv" | "tsv" | "log" | "rst" => Self::Text,
                _ => return None,
            },
        )
    }

    /// Extensions `find` matches for this kind.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            Self::Pdf => &["pdf"],
            Self::Docx => &["docx", "docm"],
            Self::Odt => &["odt"],
            Self::Xlsx => &["xlsx", "xlsm", "xlsb"],
            Self::Xls => &["xls"],
            Self::Ods => &["ods"],
            Self::Pptx => &["pptx"],
            Self::Html => &["html", "htm", "xhtml"],
            Self::Epub => &["epub"],
            Self::Text => &["txt", "md", "markdown", "csv", "tsv", "log", "rst"],
        }
    }

    /// What one numbered part of this kind is called in the rendered text.
    pub fn part_name(self) -> &'static str {
        match self {
            Self::Xlsx | Self::Xls | Self::Ods => "sheet",
            Self::Pptx => "slide",
            Self::Epub => "chapter",
            _ => "page",
        }
    }

    /// Whether `read` gives this kind more than plain file text (the file tools use this).
    pub fn is_binary(self) -> bool {
        !matches!(self, Self::Text | Self::Html)
    }
}

impl fmt::Display for DocumentKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Pdf => "PDF",
            Self::Docx => "Word document",
            Self::Odt => "OpenDocument text",
            Self::Xlsx => "Excel workbook",
            Self::Xls => "Excel 97-2003 workbook",
            Self::Ods => "OpenDocument spreadsheet",
            Self::Pptx => "PowerPoint presentation",
            Self::Html => "HTML page",
            Self::Epub => "EPUB book",
            Self::Text => "text file",
        })
    }
}

/// The kind of the file at `path`: a PDF or old Excel file by its magic bytes even when
/// misnamed (downloads often are), otherwise by extension; a file of no known extension whose
/// start is UTF-8 text with no NUL byte (JSON, YAML, code, a config file) is text. The 1.5B
/// model read `settings.json` with `computer.files.read`, was told it was no document, and
/// tried to convert it with pandoc until its time ran out.
pub fn detect(path: &Path) -> std::io::Result<Option<DocumentKind>> {
    let mut head = Vec::with_capacity(TEXT_SNIFF);
    std::fs::File::open(path)?
        .take(TEXT_SNIFF as u64)
        .read_to_end(&mut head)?;
    if head.starts_with(b"%PDF") {
        return Ok(Some(DocumentKind::Pdf));
    }
    let by_name = DocumentKind::from_extension(path);
    if head.starts_with(&[0xD0, 0xCF, 0x11, 0xE0]) && by_name.is_none() {
        return Ok(Some(DocumentKind::Xls));
    }
    Ok(by_name.or_else(|| looks_like_text(&head).then_some(DocumentKind::Text)))
}

/// How much of a file [`detect`] reads to tell text from binary.
const TEXT_SNIFF: usize = 8192;

/// Whether the start of a file is text: no NUL byte, and UTF-8 (a character cut at the end of
/// the sniffed bytes still counts).
fn looks_like_text(head: &[u8]) -> bool {
    !head.contains(&0)
        && match std::str::from_utf8(head) {
            Ok(_) => true,
            Err(e) => e.error_len().is_none(),
        }
}
