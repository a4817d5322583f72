//! Reading files and listing directories: Claude Code's `Read` (numbered lines, offset/limit)
//! and DeepSeek-TUI's `read_file` and `list_dir`.

use std::path::Path;

use serde_json::Value;

use super::{ToolError, Workspace, opt_str, opt_usize, str_arg};

/// Lines `Read` returns when the model gives no limit.
const DEFAULT_LIMIT: usize = 2000;
/// Longer lines are cut: one minified line must not flood the context.
const MAX_LINE_CHARS: usize = 2000;

pub(super) fn handles(name: &str) -> bool {
    matches!(name, "Read" | "read_file" | "list_dir")
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    match name {
        "Read" => read_numbered(args, ws),
        "read_file" => read_plain(args, ws),
        _ => list_dir(args, ws),
    }
}

fn read_numbered(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    if path.is_dir() {
        return Err(ToolError::Rejected(format!(
            "{} is a directory, not a file. Use Bash with `ls` or the Glob tool to list it.",
            path.display()
        )));
    }
    if !path.exists() {
        return Err(ToolError::Rejected(format!(
            "File does not exist: {}",
            path.display()
        )));
    }
    if let Some(document) = document(&path, opt_str(args, "pages")) {
        ws.state.files_read.insert(path);
        return document;
    }
    let text = ws.read_text(&path)?;
    ws.state.files_read.insert(path.clone());
    if text.is_empty() {
        return Ok("(the file exists but is empty)".to_string());
    }
    let offset = opt_usize(args, "offset").unwrap_or(1).max(1);
    let limit = opt_usize(args, "limit").unwrap_or(DEFAULT_LIMIT).max(1);
    let total = text.lines().count();
    if offset > total {
        return Ok(format!(
            "(the file has only {total} lines; offset {offset} is past its end)"
        ));
    }
    Ok(number_lines(&text, offset, limit))
}

/// `cat -n` style: the 1-based line number right-aligned in six columns, a tab, the line.
pub(super) fn number_lines(text: &str, first: usize, count: usize) -> String {
    let mut out = String::new();
    for (i, line) in text.lines().enumerate().skip(first - 1).take(count) {
        let line: String = if line.chars().count() > MAX_LINE_CHARS {
            line.chars().take(MAX_LINE_CHARS).collect::<String>() + "… (line cut)"
        } else {
            line.to_string()
        };
        out.push_str(&format!("{:>6}\t{line}\n", i + 1));
    }
    out
}

fn read_plain(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "path")?);
    if !path.is_file() {
        return Err(ToolError::Rejected(format!(
            "Not a file: {}",
            ws.display(&path)
        )));
    }
    if let Some(document) = document(&path, opt_str(args, "pages")) {
        ws.state.files_read.insert(path);
        return document;
    }
    let text = ws.read_text(&path)?;
    ws.state.files_read.insert(path);
    Ok(text)
}

/// A PDF, Word, OpenDocument, spreadsheet, slide deck or EPUB as its text with page markers,
/// the way the harnesses' own read tools return a PDF (`pages`: "3", "2-5"). `None` when the
/// file is no such document (text files, HTML and source are read as they are).
pub(super) fn document(path: &Path, pages: Option<&str>) -> Option<Result<String, ToolError>> {
    let kind = oi_documents::detect(path).ok().flatten()?;
    if !kind.is_binary() {
        return None;
    }
    let mut options = oi_documents::ReadOptions::default();
    // An empty range is no range: some models send `pages: ""` with every read.
    if let Some(pages) = pages.filter(|p| !p.trim().is_empty()) {
        match pages.parse::<oi_documents::PageRange>() {
            Ok(range) => options.pages = Some(range),
            Err(e) => return Some(Err(ToolError::Rejected(e.to_string()))),
        }
    }
    Some(
        oi_documents::read(path, &options)
            .map(|d| d.render())
            .map_err(|e| ToolError::Rejected(e.to_string())),
    )
}

fn list_dir(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let dir = ws.resolve(opt_str(args, "path").unwrap_or("."));
    let entries = std::fs::read_dir(&dir).map_err(|e| ToolError::io(&dir, e))?;
    let mut names: Vec<String> = entries
        .filter_map(Result::ok)
        .map(|e| {
            let name = e.file_name().to_string_lossy().to_string();
            if e.path().is_dir() {
                format!("{name}/")
            } else {
                name
            }
        })
        .collect();
    names.sort();
    if names.is_empty() {
        return Ok(format!("{} is empty", ws.display(&dir)));
    }
    Ok(names.join("\n"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolState;
    use serde_json::json;

    #[test]
    fn read_numbers_lines_from_the_offset() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(dir.path().join("f.txt"), "a\nb\nc\nd\n").unwrap_or_else(|e| panic!("{e}"));
        let mut state = ToolState::default();
        let mut ws = Workspace::new(dir.path(), &mut state);
        let out = run(
            "Read",
            &json!({"file_path": "f.txt", "offset": 2, "limit": 2}),
            &mut ws,
        );
        assert_eq!(out.unwrap_or_default(), "     2\tb\n     3\tc\n");
        assert!(state.files_read.contains(&dir.path().join("f.txt")));
    }

    /// A two-page PDF written by groff (package groff, which .ci installs).
    fn groff_pdf(dir: &Path) -> std::path::PathBuf {
        let source =
            ".LP\nThe budget was approved in March.\n.bp\n.LP\nThe harbour opens on Tuesday.\n";
        let out = std::process::Command::new("groff")
            .args(["-ms", "-Tpdf"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .and_then(|mut child| {
                use std::io::Write;
                child
                    .stdin
                    .take()
                    .map(|mut i| i.write_all(source.as_bytes()))
                    .transpose()?;
                child.wait_with_output()
            })
            .unwrap_or_else(|e| panic!("groff (package groff): {e}"));
        assert!(out.status.success());
        let path = dir.join("minutes.pdf");
        std::fs::write(&path, out.stdout).unwrap_or_else(|e| panic!("{e}"));
        path
    }

    /// Claude Code's `Read`, DeepSeek's and Qwen Code's `read_file` return a PDF's text with
    /// its page markers, and `pages` picks pages; a text file is still read as it is.
    #[test]
    fn read_tools_return_a_documents_text_by_page() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        groff_pdf(dir.path());
        let mut state = ToolState::default();
        let mut ws = Workspace::new(dir.path(), &mut state);
        let read = run("Read", &json!({"file_path": "minutes.pdf"}), &mut ws)
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(read.contains("--- page 1 ---"), "{read}");
        assert!(read.contains("--- page 2 ---"), "{read}");
        assert!(read.contains("approved in March"), "{read}");
        let plain = run(
            "read_file",
            &json!({"path": "minutes.pdf", "pages": "2"}),
            &mut ws,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(plain.contains("harbour opens on Tuesday"), "{plain}");
        assert!(!plain.contains("approved in March"), "{plain}");
        let qwen = crate::qwen::run(
            "read_file",
            &json!({"file_path": dir.path().join("minutes.pdf"), "pages": "1"}),
            &mut ws,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            qwen.contains("approved in March") && !qwen.contains("harbour"),
            "{qwen}"
        );
        // Claude Code's Read with pages; an empty pages is no range.
        let second = run(
            "Read",
            &json!({"file_path": "minutes.pdf", "pages": "2"}),
            &mut ws,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            second.contains("harbour opens on Tuesday") && !second.contains("approved in March"),
            "{second}"
        );
        let empty = run(
            "Read",
            &json!({"file_path": "minutes.pdf", "pages": " "}),
            &mut ws,
        )
        .unwrap_or_else(|e| panic!("{e}"));
        assert!(
            empty.contains("approved in March") && empty.contains("harbour"),
            "{empty}"
        );
        let bad = run(
            "Read",
            &json!({"file_path": "minutes.pdf", "pages": "x-y"}),
            &mut ws,
        );
        assert!(bad.is_err());
        assert!(state.files_read.contains(&dir.path().join("minutes.pdf")));
    }
}
