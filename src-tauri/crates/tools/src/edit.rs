//! Whole-file writes and exact string replacement: Claude Code's `Write`, `Edit` and `MultiEdit`
//! (which refuse to touch a file the model has not read, and a replacement that is missing or
//! ambiguous; MultiEdit applies all its edits or none), and DeepSeek-TUI's `write_file` and
//! `edit_file`.

use std::path::Path;

use serde_json::Value;

use super::read::number_lines;
use super::{ToolError, Workspace, opt_bool, str_arg};

/// Lines of context shown around an edit.
const SNIPPET_CONTEXT: usize = 4;

pub(super) fn handles(name: &str) -> bool {
    matches!(
        name,
        "Write" | "Edit" | "MultiEdit" | "write_file" | "edit_file"
    )
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    match name {
        "Write" => write(args, ws),
        "Edit" => edit(args, ws),
        "MultiEdit" => multi_edit(args, ws),
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
    let (updated, count, first_at) = replace_exact(&text, old, new, replace_all)?;
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

/// One exact replacement, Claude Code's rules: the text must be there, and only once unless
/// `replace_all`. Gives the new text, how many occurrences were replaced and where the first was.
fn replace_exact(
    text: &str,
    old: &str,
    new: &str,
    replace_all: bool,
) -> Result<(String, usize, usize), ToolError> {
    if old == new {
        return Err(ToolError::Rejected(
            "Nothing to change: old_string and new_string are identical.".into(),
        ));
    }
    if old.is_empty() {
        return Err(ToolError::Rejected(
            "old_string is empty: an empty old_string only creates a file that does not exist yet."
                .into(),
        ));
    }
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
    Ok((updated, count, first_at))
}

/// Several edits to one file, applied in order to the result of the previous one; if any fails,
/// none is written. A first edit with an empty old_string creates the file.
fn multi_edit(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    let edits = args
        .get("edits")
        .and_then(Value::as_array)
        .filter(|edits| !edits.is_empty())
        .ok_or(ToolError::MissingArgument("edits"))?;
    let mut text = if path.exists() {
        require_read(&path, ws)?;
        Some(ws.read_text(&path)?)
    } else {
        None
    };
    for (i, edit) in edits.iter().enumerate() {
        let failed = |e: ToolError| {
            ToolError::Rejected(format!(
                "Edit {} of {} failed, so no edit was applied: {e}",
                i + 1,
                edits.len()
            ))
        };
        let old = str_arg(edit, "old_string").map_err(failed)?;
        let new = str_arg(edit, "new_string").map_err(failed)?;
        text = Some(match text {
            None if i == 0 && old.is_empty() => new.to_string(),
            None => {
                return Err(failed(ToolError::Rejected(format!(
                    "File does not exist: {}",
                    path.display()
                ))));
            }
            Some(current) => {
                replace_exact(&current, old, new, opt_bool(edit, "replace_all"))
                    .map_err(failed)?
                    .0
            }
        });
    }
    ws.write_text(&path, text.as_deref().unwrap_or_default())?;
    ws.state.files_read.insert(path.clone());
    Ok(format!(
        "Applied {} edit{} to {}.",
        edits.len(),
        if edits.len() == 1 { "" } else { "s" },
        path.display()
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
    use crate::ToolState;
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

    #[test]
    fn multi_edit_applies_all_edits_in_order_or_none() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("a.py");
        std::fs::write(&file, "a = 1\nb = 2\n").unwrap();
        let mut state = ToolState::default();
        state.files_read.insert(file.clone());
        // The second edit sees the first one's result; the third fails: nothing is written.
        let bad = json!({"file_path": "a.py", "edits": [
            {"old_string": "a = 1", "new_string": "a = 10"},
            {"old_string": "a = 10", "new_string": "a = 100"},
            {"old_string": "c = 3", "new_string": "c = 4"}
        ]});
        let err = run(
            "MultiEdit",
            &bad,
            &mut Workspace::new(dir.path(), &mut state),
        )
        .unwrap_err();
        assert!(
            err.to_string().starts_with(
                "Edit 3 of 3 failed, so no edit was applied: String to replace not found"
            ),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "a = 1\nb = 2\n");
        let good = json!({"file_path": "a.py", "edits": [
            {"old_string": "a = 1", "new_string": "a = 10"},
            {"old_string": "a = 10", "new_string": "a = 100"},
            {"old_string": "= 2", "new_string": "= 20", "replace_all": true}
        ]});
        let out = run(
            "MultiEdit",
            &good,
            &mut Workspace::new(dir.path(), &mut state),
        )
        .unwrap();
        assert!(out.starts_with("Applied 3 edits to"), "{out}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "a = 100\nb = 20\n");
        // A new file: the first edit's empty old_string creates it.
        let create = json!({"file_path": "new.txt", "edits": [
            {"old_string": "", "new_string": "hello world\n"},
            {"old_string": "world", "new_string": "there"}
        ]});
        run(
            "MultiEdit",
            &create,
            &mut Workspace::new(dir.path(), &mut state),
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("new.txt")).unwrap(),
            "hello there\n"
        );
        let unread = dir.path().join("b.py");
        std::fs::write(&unread, "x\n").unwrap();
        let err = run(
            "MultiEdit",
            &json!({"file_path": "b.py", "edits": [{"old_string": "x", "new_string": "y"}]}),
            &mut Workspace::new(dir.path(), &mut state),
        )
        .unwrap_err();
        assert!(err.to_string().contains("has not been read"), "{err}");
    }
}
