//! Codex's patch format: `*** Begin Patch`, then `*** Add File:`, `*** Delete File:` and
//! `*** Update File:` (optionally `*** Move to:`) sections with `@@` context hunks, then
//! `*** End Patch`. The whole patch is checked against the files before anything is written.

use std::path::PathBuf;

use serde_json::Value;

use super::{ToolError, Workspace};

#[derive(Debug, thiserror::Error, PartialEq)]
pub enum PatchError {
    #[error("Invalid patch: the first line must be `*** Begin Patch`")]
    MissingBegin,
    #[error("Invalid patch: the last line must be `*** End Patch`")]
    MissingEnd,
    #[error("Invalid patch: line {line}: {message}")]
    Syntax { line: usize, message: String },
    #[error("Failed to find the expected lines in {path}:\n{lines}")]
    NoMatch { path: String, lines: String },
    #[error("Failed to find the context `{context}` in {path}")]
    NoContext { path: String, context: String },
    #[error("{path}: {message}")]
    File { path: String, message: String },
}

/// One hunk of an update: an optional line to find first, the lines it replaces and their replacement.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Hunk {
    pub context: Option<String>,
    pub old: Vec<String>,
    pub new: Vec<String>,
    /// `*** End of File`: the old lines end the file.
    pub at_end: bool,
}

#[derive(Debug, Clone, PartialEq)]
pub enum PatchOp {
    Add {
        path: String,
        content: String,
    },
    Delete {
        path: String,
    },
    Update {
        path: String,
        move_to: Option<String>,
        hunks: Vec<Hunk>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct Patch {
    pub ops: Vec<PatchOp>,
}

pub fn parse_patch(text: &str) -> Result<Patch, PatchError> {
    let lines: Vec<&str> = text.trim().lines().collect();
    if lines.first().map(|l| l.trim()) != Some("*** Begin Patch") {
        return Err(PatchError::MissingBegin);
    }
    if lines.last().map(|l| l.trim()) != Some("*** End Patch") {
        return Err(PatchError::MissingEnd);
    }
    let body = &lines[1..lines.len() - 1];
    let syntax = |i: usize, message: String| PatchError::Syntax {
        line: i + 2,
        message,
    };
    let mut ops = Vec::new();
    let mut i = 0;
    while i < body.len() {
        let line = body[i];
        if let Some(path) = line.strip_prefix("*** Add File: ") {
            let mut content = String::new();
            i += 1;
            while i < body.len() && !body[i].starts_with("*** ") {
                let Some(added) = body[i].strip_prefix('+') else {
                    return Err(syntax(
                        i,
                        format!("every line of an added file starts with `+`: `{}`", body[i]),
                    ));
                };
                content.push_str(added);
                content.push('\n');
                i += 1;
            }
            ops.push(PatchOp::Add {
                path: path.trim().to_string(),
                content,
            });
        } else if let Some(path) = line.strip_prefix("*** Delete File: ") {
            ops.push(PatchOp::Delete {
                path: path.trim().to_string(),
            });
            i += 1;
        } else if let Some(path) = line.strip_prefix("*** Update File: ") {
            i += 1;
            let mut move_to = None;
            if let Some(to) = body.get(i).and_then(|l| l.strip_prefix("*** Move to: ")) {
                move_to = Some(to.trim().to_string());
                i += 1;
            }
            let mut hunks: Vec<Hunk> = Vec::new();
            while i < body.len() {
                let l = body[i];
                if l.trim() == "*** End of File" {
                    if let Some(h) = hunks.last_mut() {
                        h.at_end = true;
                    }
                    i += 1;
                    continue;
                }
                if l.starts_with("*** ") {
                    break;
                }
                if let Some(ctx) = l.strip_prefix("@@") {
                    let ctx = ctx.trim();
                    hunks.push(Hunk {
                        context: (!ctx.is_empty()).then(|| ctx.to_string()),
                        ..Hunk::default()
                    });
                    i += 1;
                    continue;
                }
                if hunks.is_empty() {
                    hunks.push(Hunk::default());
                }
                let Some(h) = hunks.last_mut() else { break };
                match l.chars().next() {
                    Some('+') => h.new.push(l[1..].to_string()),
                    Some('-') => h.old.push(l[1..].to_string()),
                    Some(' ') => {
                        h.old.push(l[1..].to_string());
                        h.new.push(l[1..].to_string());
                    }
                    // A blank line inside a hunk is an empty context line.
                    None => {
                        h.old.push(String::new());
                        h.new.push(String::new());
                    }
                    Some(_) => {
                        return Err(syntax(
                            i,
                            format!("a hunk line starts with ` `, `-` or `+`: `{l}`"),
                        ));
                    }
                }
                i += 1;
            }
            if hunks.iter().all(|h| h.old.is_empty() && h.new.is_empty()) && move_to.is_none() {
                return Err(syntax(
                    i.saturating_sub(1),
                    format!("the update of {} changes nothing", path.trim()),
                ));
            }
            ops.push(PatchOp::Update {
                path: path.trim().to_string(),
                move_to,
                hunks,
            });
        } else if line.trim().is_empty() {
            i += 1;
        } else {
            return Err(syntax(
                i,
                format!(
                    "expected `*** Add File:`, `*** Delete File:` or `*** Update File:`, found `{line}`"
                ),
            ));
        }
    }
    if ops.is_empty() {
        return Err(syntax(0, "the patch has no file operations".into()));
    }
    Ok(Patch { ops })
}

/// The file after its hunks are applied.
pub fn apply_hunks(path: &str, original: &str, hunks: &[Hunk]) -> Result<String, PatchError> {
    let mut lines: Vec<String> = original.split('\n').map(str::to_string).collect();
    if lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    let mut replacements: Vec<(usize, usize, Vec<String>)> = Vec::new();
    let mut pos = 0;
    for hunk in hunks {
        if let Some(ctx) = &hunk.context {
            let found = find(&lines, std::slice::from_ref(ctx), pos, false).ok_or_else(|| {
                PatchError::NoContext {
                    path: path.to_string(),
                    context: ctx.clone(),
                }
            })?;
            pos = found + 1;
        }
        if hunk.old.is_empty() {
            replacements.push((lines.len(), 0, hunk.new.clone()));
            continue;
        }
        let mut old = hunk.old.clone();
        let mut new = hunk.new.clone();
        let mut at = find(&lines, &old, pos, hunk.at_end);
        // A trailing blank line in the hunk may stand for the end of the file.
        if at.is_none() && old.last().is_some_and(String::is_empty) {
            old.pop();
            if new.last().is_some_and(String::is_empty) {
                new.pop();
            }
            at = find(&lines, &old, pos, hunk.at_end);
        }
        let at = at.ok_or_else(|| PatchError::NoMatch {
            path: path.to_string(),
            lines: hunk.old.join("\n"),
        })?;
        pos = at + old.len();
        replacements.push((at, old.len(), new));
    }
    replacements.sort_by_key(|r| r.0);
    for (at, len, new) in replacements.into_iter().rev() {
        lines.splice(at..at + len, new);
    }
    let mut out = lines.join("\n");
    out.push('\n');
    Ok(out)
}

/// Where `needle` starts in `lines` at or after `from`: exact first, then ignoring trailing
/// whitespace, then ignoring surrounding whitespace (models often get indentation slightly wrong).
fn find(lines: &[String], needle: &[String], from: usize, at_end: bool) -> Option<usize> {
    if needle.len() > lines.len() {
        return None;
    }
    let last_start = lines.len() - needle.len();
    let normalizers: [fn(&str) -> &str; 3] = [|s| s, str::trim_end, str::trim];
    for norm in normalizers {
        let matches = |start: usize| {
            needle
                .iter()
                .enumerate()
                .all(|(k, n)| norm(&lines[start + k]) == norm(n))
        };
        if at_end && last_start >= from && matches(last_start) {
            return Some(last_start);
        }
        if let Some(start) = (from..=last_start).find(|&s| matches(s)) {
            return Some(start);
        }
    }
    None
}

/// Runs `apply_patch`: the patch comes as `input` (or the whole argument string).
pub(super) fn run(args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let text = args
        .get("input")
        .or_else(|| args.get("patch"))
        .and_then(Value::as_str)
        .or_else(|| args.as_str())
        .ok_or(ToolError::MissingArgument("input"))?;
    let patch = parse_patch(text)?;
    // Check every operation against the files first; then write.
    let mut writes: Vec<(PathBuf, Option<String>)> = Vec::new();
    let mut summary = Vec::new();
    for op in &patch.ops {
        match op {
            PatchOp::Add { path, content } => {
                writes.push((ws.resolve(path), Some(content.clone())));
                summary.push(format!("A {path}"));
            }
            PatchOp::Delete { path } => {
                let full = ws.resolve(path);
                if !full.is_file() {
                    return Err(PatchError::File {
                        path: path.clone(),
                        message: "no such file to delete".into(),
                    }
                    .into());
                }
                writes.push((full, None));
                summary.push(format!("D {path}"));
            }
            PatchOp::Update {
                path,
                move_to,
                hunks,
            } => {
                let full = ws.resolve(path);
                let original = ws.read_text(&full).map_err(|e| PatchError::File {
                    path: path.clone(),
                    message: e.reason(),
                })?;
                let updated = apply_hunks(path, &original, hunks)?;
                match move_to {
                    Some(to) => {
                        writes.push((ws.resolve(to), Some(updated)));
                        writes.push((full, None));
                        summary.push(format!("M {to}"));
                    }
                    None => {
                        writes.push((full, Some(updated)));
                        summary.push(format!("M {path}"));
                    }
                }
            }
        }
    }
    for (path, content) in writes {
        match content {
            Some(c) => ws.write_text(&path, &c)?,
            None => ws.delete(&path)?,
        }
    }
    Ok(format!(
        "Success. Updated the following files:\n{}",
        summary.join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_operation() {
        let patch = parse_patch(
            "*** Begin Patch\n*** Add File: new.txt\n+hello\n*** Delete File: old.txt\n*** Update File: a.py\n\
             *** Move to: b.py\n@@ def f():\n-    return 1\n+    return 2\n*** End Patch\n",
        )
        .unwrap();
        assert_eq!(patch.ops.len(), 3);
        assert_eq!(
            patch.ops[0],
            PatchOp::Add {
                path: "new.txt".into(),
                content: "hello\n".into()
            }
        );
        let PatchOp::Update { move_to, hunks, .. } = &patch.ops[2] else {
            panic!()
        };
        assert_eq!(move_to.as_deref(), Some("b.py"));
        assert_eq!(hunks[0].context.as_deref(), Some("def f():"));
        assert_eq!(parse_patch("hello"), Err(PatchError::MissingBegin));
    }

    #[test]
    fn hunks_apply_after_their_context() {
        let original = "def f():\n    return 1\n\ndef g():\n    return 1\n";
        let hunk = Hunk {
            context: Some("def g():".into()),
            old: vec!["    return 1".into()],
            new: vec!["    return 3".into()],
            at_end: false,
        };
        assert_eq!(
            apply_hunks("a.py", original, &[hunk]).unwrap(),
            "def f():\n    return 1\n\ndef g():\n    return 3\n"
        );
        let missing = Hunk {
            old: vec!["nope".into()],
            ..Hunk::default()
        };
        assert!(matches!(
            apply_hunks("a.py", original, &[missing]),
            Err(PatchError::NoMatch { .. })
        ));
    }
}
