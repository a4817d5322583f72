//! Whole-file writes and exact string replacement: Claude Code's `Write` and `Edit` (which refuse
//! to touch a file the model has not read, and a replacement that is missing or ambiguous), and
//! DeepSeek-TUI's `write_file` and `edit_file`.

use std::path::Path;

use serde_json::Value;

use super::read::number_lines;
use super::{ToolError, Workspace, opt_bool, str_arg};

/// Lines of context shown around an edit.
const SNIPPET_CONTEXT: usize = 4;

pub(super) fn handles(name: &str) -> bool {
    matches!(name, "Write" | "Edit" | "write_file" | "edit_file")
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    match name {
        "Write" => write(args, ws),
        "Edit" => edit(args, ws),
        "write_file" => {
            let path = ws.resolve(str_arg(args, "path")?);
            let content = str_arg(args, "content")?;
            let existed = path.exists();
            ws.write_text(&path, content)?;
            let verb = if existed { "Wrote" } else { "Created" };
            Ok(format!(
                "{verb} {} ({} bytes)",
                ws.display(&path),
                content.len()
            ))
        }
        _ => search_replace(args, ws),
    }
}

fn require_read(path: &Path, ws: &Workspace) -> Result<(), ToolError> {
    if path.exists() && !ws.state.files_read.contains(path) {
        return Err(ToolError::Rejected(
            "The file has not been read in this session. Read it first, then write to it.".into(),
        ));
    }
    Ok(())
}

fn write(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    let content = str_arg(args, "content")?;
    require_read(&path, ws)?;
    let existed = path.exists();
    ws.write_text(&path, content)?;
    ws.state.files_read.insert(path.clone());
    if existed {
        Ok(format!("The file {} has been overwritten.", path.display()))
    } else {
        Ok(format!("File created at: {}", path.display()))
    }
}

fn edit(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    let old = str_arg(args, "old_string")?;
    let new = str_arg(args, "new_string")?;
    let replace_all = opt_bool(args, "replace_all");
    if old == new {
        return Err(ToolError::Rejected(
            "Nothing to change: old_string and new_string are identical.".into(),
        ));
    }
    if old.is_empty() {
        // An empty old_string creates a file, as in Claude Code.
        if path.exists() && !ws.read_text(&path)?.is_empty() {
            return Err(ToolError::Rejected(
                "Cannot create the file: it already exists. Give old_string to edit it.".into(),
            ));
        }
        ws.write_text(&path, new)?;
        ws.state.files_read.insert(path.clone());
        return Ok(format!("File created at: {}", path.display()));
    }
    if !path.exists() {
        return Err(ToolError::Rejected(format!(
            "File does not exist: {}",
            path.display()
        )));
    }
    require_read(&path, ws)?;
    let text = ws.read_text(&path)?;
    let count = text.matches(old).count();
    if count == 0 {
        return Err(ToolError::Rejected(format!(
            "String to replace not found in file.\nString: {old}"
        )));
    }
    if count > 1 && !replace_all {
        return Err(ToolError::Rejected(format!(
            "Found {count} matches of the string to replace, but replace_all is false. To replace \
             every occurrence, set replace_all to true. To replace just one, include more \
             surrounding context so that old_string matches exactly once.\nString: {old}"
        )));
    }
    let first_at = text.find(old).unwrap_or(0);
    let updated = if replace_all {
        text.replace(old, new)
    } else {
        text.replacen(old, new, 1)
    };
    ws.write_text(&path, &updated)?;
    if replace_all && count > 1 {
        return Ok(format!(
            "The file {} has been updated. All {count} occurrences were replaced.",
            path.display()
        ));
    }
    let first_line = text[..first_at].matches('\n').count() + 1;
    let start = first_line.saturating_sub(SNIPPET_CONTEXT).max(1);
    let span = new.matches('\n').count() + 1 + 2 * SNIPPET_CONTEXT;
    Ok(format!(
        "The file {} has been updated. Here is `cat -n` of a snippet of the edited file:\n{}",
        path.display(),
        number_lines(&updated, start, span)
    ))
}

fn search_replace(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "path")?);
    let search = str_arg(args, "search")?;
    let replace = str_arg(args, "replace")?;
    let text = ws.read_text(&path)?;
    match text.matches(search).count() {
        0 => Err(ToolError::Rejected(format!(
            "search text not found in {}",
            ws.display(&path)
        ))),
        1 => {
            ws.write_text(&path, &text.replacen(search, replace, 1))?;
            Ok(format!("Edited {}", ws.display(&path)))
        }
        n => Err(ToolError::Rejected(format!(
            "search text found {n} times in {}; include more context so it matches once",
            ws.display(&path)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::ToolState;
    use serde_json::json;

    #[test]
    fn edit_needs_a_read_and_a_unique_match() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.py");
        std::fs::write(&file, "x = 1\nx = 1\n").unwrap();
        let mut state = ToolState::default();
        let args = json!({"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 2"});
        let err = run("Edit", &args, &mut Workspace::new(dir.path(), &mut state)).unwrap_err();
        assert!(err.to_string().contains("has not been read"), "{err}");
        state.files_read.insert(file.clone());
        let err = run("Edit", &args, &mut Workspace::new(dir.path(), &mut state)).unwrap_err();
        assert!(err.to_string().starts_with("Found 2 matches"), "{err}");
        let all = json!({"file_path": "a.py", "old_string": "x = 1", "new_string": "x = 2", "replace_all": true});
        run("Edit", &all, &mut Workspace::new(dir.path(), &mut state)).unwrap();
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x = 2\nx = 2\n");
    }
}
