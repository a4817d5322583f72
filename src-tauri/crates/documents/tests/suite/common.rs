use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::Command;

use oi_documents::{Document, DocumentError, ReadOptions};

pub fn read(path: &Path) -> Result<Document, DocumentError> {
    oi_documents::read(path, &ReadOptions::default())
}

/// Runs a program the tests need (installed by .ci/packages.sh); a missing one fails the test.
pub fn run(program: &str, args: &[&str], dir: &Path) -> Vec<u8> {
    let out = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program} is needed (see .ci/packages.sh): {e}"));
    assert!(
        out.status.success(),
        "{program} {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// A zip of (name, content) entries, stored as the OpenDocument and EPUB specs ask for
/// `mimetype` (first, uncompressed).
pub fn zip(path: &Path, entries: &[(&str, &str)]) -> PathBuf {
    let file = std::fs::File::create(path).unwrap();
    let mut zip = zip::ZipWriter::new(file);
    for (name, content) in entries {
        let method = if *name == "mimetype" {
            zip::CompressionMethod::Stored
        } else {
            zip::CompressionMethod::Deflated
        };
        let options = zip::write::SimpleFileOptions::default().compression_method(method);
        zip.start_file(*name, options).unwrap();
        zip.write_all(content.as_bytes()).unwrap();
    }
    zip.finish().unwrap();
    path.to_path_buf()
}

pub fn numbers_and_text(doc: &Document) -> Vec<(usize, String)> {
    doc.parts
        .iter()
        .map(|p| (p.number, p.text.trim().to_string()))
        .collect()
}
