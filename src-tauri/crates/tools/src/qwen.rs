//! Qwen Code's file tools. `read_file`, `write_file` and `edit` share their names with
//! DeepSeek-TUI's and SWE-agent's tools; a call is Qwen Code's when its arguments are
//! (`file_path`, `old_string`). The searches reuse the engine's Glob, Grep and list code.

use serde_json::{Value, json};

use super::{ToolError, Workspace, opt_bool, opt_str, opt_usize, str_arg};

/// Lines `read_file` returns when the model gives no limit.
const DEFAULT_LIMIT: usize = 2000;

pub(super) fn handles(name: &str, args: &Value) -> bool {
    match name {
        "read_file" | "write_file" => args.get("file_path").is_some(),
        "edit" => args.get("old_string").is_some(),
        "glob" | "grep_search" | "list_directory" => true,
        _ => false,
    }
}

/// Names only Qwen Code uses (the shared ones are built in under other harnesses anyway).
pub(super) fn handles_name(name: &str) -> bool {
    matches!(name, "glob" | "grep_search" | "list_directory")
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    match name {
        "read_file" => read_file(args, ws),
        "write_file" => write_file(args, ws),
        "edit" => edit(args, ws),
        "glob" => super::search::run("Glob", args, ws),
        "grep_search" => {
            let mut grep =
                json!({"pattern": str_arg(args, "pattern")?, "output_mode": "content", "-n": true});
            for key in ["path", "glob"] {
                if let Some(v) = args.get(key) {
                    grep[key] = v.clone();
                }
            }
            if let Some(limit) = opt_usize(args, "limit") {
                grep["head_limit"] = json!(limit);
            }
            super::search::run("Grep", &grep, ws)
        }
        _ => super::read::run("list_dir", args, ws),
    }
}

fn read_file(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    if !path.is_file() {
        return Err(ToolError::Rejected(format!(
            "File not found or not a file: {}",
            ws.display(&path)
        )));
    }
    if let Some(document) = super::read::document(&path, opt_str(args, "pages")) {
        ws.state.files_read.insert(path);
        return document;
    }
    let text = ws.read_text(&path)?;
    ws.state.files_read.insert(path);
    let total = text.lines().count();
    let offset = opt_usize(args, "offset").unwrap_or(0);
    let limit = opt_usize(args, "limit").unwrap_or(DEFAULT_LIMIT).max(1);
    if offset == 0 && total <= limit {
        return Ok(text);
    }
    if offset >= total {
        return Ok(format!(
            "(the file has {total} lines; offset {offset} is past its end)"
        ));
    }
    let shown: Vec<&str> = text.lines().skip(offset).take(limit).collect();
    let last = offset + shown.len();
    Ok(format!(
        "Showing lines {}-{last} of {total}; read on with offset {last}.\n{}",
        offset + 1,
        shown.join("\n")
    ))
}

fn write_file(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    let content = str_arg(args, "content")?;
    let existed = path.exists();
    ws.write_text(&path, content)?;
    ws.state.files_read.insert(path.clone());
    Ok(if existed {
        format!("Overwrote {}", ws.display(&path))
    } else {
        format!("Created {}", ws.display(&path))
    })
}

fn edit(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let path = ws.resolve(str_arg(args, "file_path")?);
    let old = str_arg(args, "old_string")?;
    let new = str_arg(args, "new_string")?;
    if old.is_empty() {
        if path.exists() {
            return Err(ToolError::Rejected(format!(
                "{} already exists; an empty old_string only creates new files.",
                ws.display(&path)
            )));
        }
        ws.write_text(&path, new)?;
        return Ok(format!("Created {}", ws.display(&path)));
    }
    if !path.is_file() {
        return Err(ToolError::Rejected(format!(
            "File not found: {}",
            ws.display(&path)
        )));
    }
    let text = ws.read_text(&path)?;
    let count = text.matches(old).count();
    let replace_all = opt_bool(args, "replace_all");
    let changed = match count {
        0 => {
            return Err(ToolError::Rejected(format!(
                "old_string was not found in {}; read the file and copy the text exactly.",
                ws.display(&path)
            )));
        }
        1 => text.replacen(old, new, 1),
        n if replace_all => {
            let _ = n;
            text.replace(old, new)
        }
        n => {
            return Err(ToolError::Rejected(format!(
                "old_string occurs {n} times in {}; add surrounding lines to make it unique, or set replace_all.",
                ws.display(&path)
            )));
        }
    };
    ws.write_text(&path, &changed)?;
    ws.state.files_read.insert(path.clone());
    let times = if count == 1 {
        String::new()
    } else {
        format!(" ({count} replacements)")
    };
    Ok(format!("Edited {}{times}", ws.display(&path)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ToolState;

    #[test]
    fn qwen_calls_are_told_from_same_named_tools_by_their_arguments() {
        assert!(handles("read_file", &json!({"file_path": "/a"})));
        assert!(!handles("read_file", &json!({"path": "a"})));
        assert!(handles(
            "edit",
            &json!({"file_path": "/a", "old_string": "x", "new_string": "y"})
        ));
        assert!(!handles(
            "edit",
            &json!({"start_line": 1, "end_line": 2, "replacement": ""})
        ));
    }

    #[test]
    fn read_edit_and_write_work_on_the_workspace() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.txt");
        std::fs::write(&f, "one\ntwo\ntwo\nthree\n").unwrap();
        let mut state = ToolState::default();
        let mut ws = Workspace::new(dir.path(), &mut state);
        let file = f.display().to_string();
        assert_eq!(
            run(
                "read_file",
                &json!({"file_path": file, "offset": 1, "limit": 2}),
                &mut ws
            )
            .unwrap(),
            "Showing lines 2-3 of 4; read on with offset 3.\ntwo\ntwo"
        );
        let twice = run(
            "edit",
            &json!({"file_path": file, "old_string": "two", "new_string": "2"}),
            &mut ws,
        );
        assert!(matches!(twice, Err(ToolError::Rejected(m)) if m.contains("occurs 2 times")));
        run(
            "edit",
            &json!({"file_path": file, "old_string": "two", "new_string": "2", "replace_all": true}),
            &mut ws,
        )
        .unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "one\n2\n2\nthree\n");
        run(
            "write_file",
            &json!({"file_path": "b/new.txt", "content": "hi"}),
            &mut ws,
        )
        .unwrap();
        assert_eq!(
            std::fs::read_to_string(dir.path().join("b/new.txt")).unwrap(),
            "hi"
        );
    }
}
