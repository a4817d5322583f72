//! SWE-agent's agent-computer interface: a 100-line window on one open file, moved with
//! `open`, `goto`, `scroll_up` and `scroll_down`; `create`; `search_file`, `search_dir`,
//! `find_file`; `edit` by line range behind a syntax gate; and `submit`.

use std::path::{Path, PathBuf};

use serde_json::Value;

use super::lint::python_syntax_error;
use super::search::walk;
use super::{ToolError, Workspace, opt_str, opt_usize, str_arg};

/// Lines shown at once.
pub const WINDOW: usize = 100;
/// Lines kept on screen when scrolling, so the model keeps its bearings.
const OVERLAP: usize = 2;
/// `search_dir` gives up above this many files.
const MAX_FILES: usize = 100;

/// The open file and the first line (1-based) of the window on it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FileWindow {
    pub path: PathBuf,
    pub first_line: usize,
}

pub(super) fn handles(name: &str) -> bool {
    matches!(
        name,
        "open"
            | "goto"
            | "scroll_up"
            | "scroll_down"
            | "create"
            | "search_file"
            | "search_dir"
            | "find_file"
            | "edit"
            | "submit"
    )
}

/// `edit` writes the open file, whatever its arguments say.
pub(super) fn planned_write(name: &str, state: &super::ToolState) -> Option<PathBuf> {
    (name == "edit")
        .then(|| state.window.as_ref().map(|w| w.path.clone()))
        .flatten()
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let out = match name {
        "open" => open(args, ws)?,
        "goto" => {
            let line =
                opt_usize(args, "line_number").ok_or(ToolError::MissingArgument("line_number"))?;
            let w = open_window(ws)?;
            show_centered(ws, w.path, line)?
        }
        "scroll_down" | "scroll_up" => {
            let w = open_window(ws)?;
            let step = WINDOW - OVERLAP;
            let first = if name == "scroll_down" {
                w.first_line + step
            } else {
                w.first_line.saturating_sub(step)
            };
            show(ws, w.path, first)?
        }
        "create" => create(args, ws)?,
        "search_file" => search_file(args, ws)?,
        "search_dir" => search_dir(args, ws)?,
        "find_file" => find_file(args, ws)?,
        "edit" => edit(args, ws)?,
        _ => return Ok("Submitted. The task is marked as done.".into()),
    };
    let open_file = ws
        .state
        .window
        .as_ref()
        .map_or("n/a".to_string(), |w| w.path.display().to_string());
    Ok(format!(
        "{out}\n(Open file: {open_file})\n(Current directory: {})",
        ws.cwd.display()
    ))
}

fn no_file_open() -> ToolError {
    ToolError::Rejected("No file open. Use the open command first.".into())
}

fn open_window(ws: &Workspace) -> Result<FileWindow, ToolError> {
    ws.state.window.clone().ok_or_else(no_file_open)
}

fn open(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "path")?);
    if path.is_dir() {
        return Err(ToolError::Rejected(format!(
            "Error: {} is a directory. You can only open files.",
            path.display()
        )));
    }
    if !path.is_file() {
        return Err(ToolError::Rejected(format!(
            "File {} not found",
            path.display()
        )));
    }
    match opt_usize(args, "line_number") {
        Some(line) => show_centered(ws, path, line),
        None => show(ws, path, 1),
    }
}

fn line_count(text: &str) -> usize {
    text.lines().count()
}

fn show_centered(ws: &mut Workspace, path: PathBuf, line: usize) -> Result<String, ToolError> {
    let total = line_count(&ws.read_text(&path)?);
    if line == 0 || line > total.max(1) {
        return Err(ToolError::Rejected(format!(
            "Error: <line> must be between 1 and {}",
            total.max(1)
        )));
    }
    show(ws, path, line.saturating_sub(WINDOW / 2).max(1))
}

/// Moves the window to `first` (kept inside the file) and prints it SWE-agent's way.
fn show(ws: &mut Workspace, path: PathBuf, first: usize) -> Result<String, ToolError> {
    let text = ws.read_text(&path)?;
    let lines: Vec<&str> = text.lines().collect();
    let total = lines.len();
    let first = first.clamp(1, total.saturating_sub(WINDOW - 1).max(1));
    let last = (first + WINDOW - 1).min(total);
    let mut out = format!("[File: {} ({total} lines total)]\n", path.display());
    if first > 1 {
        out.push_str(&format!("({} more lines above)\n", first - 1));
    }
    for n in first..=last {
        out.push_str(&format!("{n}:{}\n", lines[n - 1]));
    }
    if total == 0 {
        out.push_str("1:\n");
    }
    if last < total {
        out.push_str(&format!("({} more lines below)\n", total - last));
    }
    ws.state.window = Some(FileWindow {
        path,
        first_line: first,
    });
    Ok(out.trim_end().to_string())
}

fn create(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "filename")?);
    if path.exists() {
        return Err(ToolError::Rejected(format!(
            "Error: File '{}' already exists.",
            ws.display(&path)
        )));
    }
    ws.write_text(&path, "")?;
    show(ws, path, 1)
}

fn target_file(args: &Value, ws: &Workspace) -> Result<PathBuf, ToolError> {
    match opt_str(args, "file") {
        Some(f) => Ok(ws.resolve(f)),
        None => Ok(open_window(ws)?.path),
    }
}

fn search_file(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let term = str_arg(args, "search_term")?;
    let path = target_file(args, ws)?;
    let text = ws.read_text(&path)?;
    let hits: Vec<String> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.contains(term))
        .map(|(i, l)| format!("Line {}:{l}", i + 1))
        .collect();
    let shown = path.display();
    if hits.is_empty() {
        return Ok(format!("No matches found for \"{term}\" in {shown}"));
    }
    Ok(format!(
        "Found {} matches for \"{term}\" in {shown}:\n{}\nEnd of matches for \"{term}\" in {shown}",
        hits.len(),
        hits.join("\n")
    ))
}

fn search_dir(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let term = str_arg(args, "search_term")?;
    let dir = ws.resolve(opt_str(args, "dir").unwrap_or("."));
    let mut files: Vec<(String, usize)> = Vec::new();
    for file in walk(&dir) {
        let Ok(text) = std::fs::read_to_string(&file) else {
            continue;
        };
        let n = text.matches(term).count();
        if n > 0 {
            files.push((display_rel(&file, ws), n));
        }
    }
    let shown = dir.display();
    if files.is_empty() {
        return Ok(format!("No matches found for \"{term}\" in {shown}"));
    }
    if files.len() > MAX_FILES {
        return Ok(format!(
            "More than {MAX_FILES} files matched for \"{term}\" in {shown}. Please narrow your search."
        ));
    }
    let total: usize = files.iter().map(|f| f.1).sum();
    let list: Vec<String> = files
        .iter()
        .map(|(f, n)| format!("{f} ({n} matches)"))
        .collect();
    Ok(format!(
        "Found {total} matches for \"{term}\" in {shown}:\n{}\nEnd of matches for \"{term}\" in {shown}",
        list.join("\n")
    ))
}

fn display_rel(path: &Path, ws: &Workspace) -> String {
    format!("./{}", ws.display(path))
}

fn find_file(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let name = str_arg(args, "file_name")?;
    let dir = ws.resolve(opt_str(args, "dir").unwrap_or("."));
    let pattern = glob::Pattern::new(name).ok();
    let found: Vec<String> = walk(&dir)
        .into_iter()
        .filter(|p| {
            let file = p
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            file == name || pattern.as_ref().is_some_and(|g| g.matches(&file))
        })
        .map(|p| display_rel(&p, ws))
        .collect();
    let shown = dir.display();
    if found.is_empty() {
        return Ok(format!("No matches found for \"{name}\" in {shown}"));
    }
    Ok(format!(
        "Found {} matches for \"{name}\" in {shown}:\n{}",
        found.len(),
        found.join("\n")
    ))
}

/// Replaces lines `start_line..=end_line` of the open file; a Python file that stops parsing
/// is left as it was and the model is shown both versions.
fn edit(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let w = open_window(ws)?;
    let start = opt_usize(args, "start_line").ok_or(ToolError::MissingArgument("start_line"))?;
    let end = opt_usize(args, "end_line").ok_or(ToolError::MissingArgument("end_line"))?;
    let replacement = str_arg(args, "replacement_text")?;
    let original = ws.read_text(&w.path)?;
    let mut lines: Vec<&str> = original.lines().collect();
    let total = lines.len();
    if start == 0 || start > total + 1 || end + 1 < start || end > total.max(1) {
        return Err(ToolError::Rejected(format!(
            "Error: start_line and end_line must be within 1..{} with start_line <= end_line + 1",
            total.max(1)
        )));
    }
    let new_lines: Vec<&str> = replacement.lines().collect();
    // `edit 1:1` on an empty file inserts.
    lines.splice(start - 1..end.min(total), new_lines.iter().copied());
    let mut updated = lines.join("\n");
    if !updated.is_empty() {
        updated.push('\n');
    }
    if let Some(error) = python_syntax_error(&w.path, &updated)
        && python_syntax_error(&w.path, &original).is_none()
    {
        let around = |text: &str, count: usize| excerpt(text, start, count);
        return Err(ToolError::Rejected(format!(
            "Your proposed edit has introduced new syntax error(s). Read the error below, then retry.\n\n\
             ERRORS:\n- {error}\n\nThis is how your edit would have looked if applied\n\
             -------------------------------------------------\n{}\n-------------------------------------------------\n\n\
             This is the original code before your edit\n\
             -------------------------------------------------\n{}\n-------------------------------------------------\n\
             Your changes have NOT been applied. Fix your edit command and try again.\n\
             Check the start and end lines, and the indentation of the replacement.\n\
             Do not run the same edit again: it would fail the same way.",
            around(&updated, new_lines.len()),
            around(&original, end + 1 - start),
        )));
    }
    ws.write_text(&w.path, &updated)?;
    let path = w.path.clone();
    let shown = show_centered(ws, w.path, start.min(line_count(&updated)).max(1))
        .or_else(|_| show(ws, path, 1))?;
    Ok(format!(
        "{shown}\nFile updated. Review the changes: check the indentation, look for duplicate lines, \
         and edit the file again if needed."
    ))
}

/// Numbered lines around an edited span.
fn excerpt(text: &str, start: usize, count: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let from = start.saturating_sub(5).max(1);
    let to = (start + count + 4).min(lines.len());
    (from..=to)
        .filter_map(|n| lines.get(n - 1).map(|l| format!("{n}:{l}")))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolState;
    use serde_json::json;

    #[test]
    fn the_window_scrolls_and_bad_python_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let body: String = (1..=250).map(|n| format!("x{n} = {n}\n")).collect();
        std::fs::write(dir.path().join("m.py"), &body).unwrap();
        let mut state = ToolState::default();
        let mut ws = Workspace::new(dir.path(), &mut state);
        let out = run("open", &json!({"path": "m.py"}), &mut ws).unwrap();
        assert!(
            out.contains("(250 lines total)")
                && out.contains("\n100:x100 = 100\n(150 more lines below)"),
            "{out}"
        );
        let out = run("scroll_down", &json!({}), &mut ws).unwrap();
        assert!(out.contains("(98 more lines above)\n99:x99 = 99"), "{out}");
        let out = run("goto", &json!({"line_number": 240}), &mut ws).unwrap();
        assert!(out.contains("(150 more lines above)\n151:"), "{out}");
        let err = run(
            "edit",
            &json!({"start_line": 2, "end_line": 2, "replacement_text": "def broken(:"}),
            &mut ws,
        )
        .unwrap_err();
        assert!(err.to_string().contains("NOT been applied"), "{err}");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("m.py")).unwrap(),
            body
        );
        run(
            "edit",
            &json!({"start_line": 2, "end_line": 3, "replacement_text": "y = 2"}),
            &mut ws,
        )
        .unwrap();
        assert!(
            std::fs::read_to_string(dir.path().join("m.py"))
                .unwrap()
                .starts_with("x1 = 1\ny = 2\nx4 = 4\n")
        );
    }
}
