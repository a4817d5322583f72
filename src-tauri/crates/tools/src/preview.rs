//! What an edit will change, before anyone approves it: the tool runs dry on the current files
//! (the same code that will make the edit, so the preview cannot disagree with it), and every
//! write it would make is kept as a unified diff. Nothing is written, and the tools' memory is
//! left as it was.

use std::path::Path;

use oi_protocol::{FileChange, ToolAction, ToolCall};
use serde_json::Value;

use super::{ToolState, Workspace, dispatch};

/// Fills in an edit call's preview: the files it will change with their diffs, or why it
/// cannot say. Other calls are left as they are.
pub fn fill_preview(call: &mut ToolCall, cwd: &Path, state: &ToolState) {
    let Some((name, args)) =
        super::builtin_tool(call).map(|(name, args)| (name.to_string(), args.clone()))
    else {
        return;
    };
    if let ToolAction::EditFiles {
        changes,
        preview_error,
        ..
    } = &mut call.action
    {
        (*changes, *preview_error) = match preview(&name, &args, cwd, state) {
            Ok(found) => (found, None),
            Err(why) => (Vec::new(), Some(why)),
        };
    }
}

/// Diffs longer than this are not carried in the preview (the change still lists the file).
const MAX_DIFF: usize = 200_000;

/// The files a call of the engine tool `name` would write, each with its diff against what it
/// holds now (paths shown relative to `cwd` when below it). `Err`: why no preview can be made,
/// which is why the edit itself would fail (a missing file, text not found, a patch that does
/// not apply), in the words the model would be told.
pub fn preview(
    name: &str,
    args: &Value,
    cwd: &Path,
    state: &ToolState,
) -> Result<Vec<FileChange>, String> {
    let mut state = state.clone();
    let mut ws = Workspace::new(cwd, &mut state).dry_run();
    dispatch(name, args, &mut ws).map_err(|e| e.to_string())?;
    let mut changes = std::mem::take(&mut ws.changes);
    for change in &mut changes {
        if change.diff.as_ref().is_some_and(|d| d.len() > MAX_DIFF) {
            change.diff = None;
        }
    }
    Ok(changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_protocol::FileChangeKind;
    use serde_json::json;

    struct Files {
        dir: tempfile::TempDir,
        state: ToolState,
    }

    fn files(contents: &[(&str, &str)]) -> Files {
        let dir = tempfile::tempdir().unwrap();
        let mut state = ToolState::default();
        for (path, text) in contents {
            let full = dir.path().join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(&full, text).unwrap();
            state.files_read.insert(full);
        }
        Files { dir, state }
    }

    impl Files {
        fn preview(
            &self,
            name: &str,
            args: Value,
        ) -> Result<Vec<(String, FileChangeKind, String)>, String> {
            let before = snapshot(self.dir.path());
            let out = preview(name, &args, self.dir.path(), &self.state);
            assert_eq!(
                snapshot(self.dir.path()),
                before,
                "a preview writes nothing"
            );
            out.map(|changes| {
                changes
                    .into_iter()
                    .map(|c| (c.path, c.kind, body(&c.diff.unwrap_or_default())))
                    .collect()
            })
        }
    }

    fn snapshot(dir: &Path) -> Vec<(std::path::PathBuf, String)> {
        let mut out: Vec<_> = walkdir(dir)
            .into_iter()
            .map(|p| {
                let text = std::fs::read_to_string(&p).unwrap_or_default();
                (p, text)
            })
            .collect();
        out.sort();
        out
    }

    fn walkdir(dir: &Path) -> Vec<std::path::PathBuf> {
        let mut out = Vec::new();
        for entry in std::fs::read_dir(dir).unwrap().flatten() {
            let p = entry.path();
            if p.is_dir() {
                out.extend(walkdir(&p));
            }
            out.push(p);
        }
        out
    }

    /// The diff's lines after its `---`/`+++` header.
    fn body(diff: &str) -> String {
        diff.lines()
            .filter(|l| !l.starts_with("---") && !l.starts_with("+++"))
            .collect::<Vec<_>>()
            .join("\n")
    }

    fn modified(path: &str, body: &str) -> (String, FileChangeKind, String) {
        (path.into(), FileChangeKind::Modified, body.into())
    }

    #[test]
    fn claude_codes_write_edit_and_multi_edit() {
        let f = files(&[("a.txt", "one\ntwo\n")]);
        assert_eq!(
            f.preview(
                "Edit",
                json!({"file_path": "a.txt", "old_string": "two", "new_string": "three"})
            ),
            Ok(vec![modified(
                "a.txt",
                "@@ -1,2 +1,2 @@\n one\n-two\n+three"
            )])
        );
        assert_eq!(
            f.preview(
                "MultiEdit",
                json!({"file_path": "a.txt", "edits": [
                    {"old_string": "one", "new_string": "1"},
                    {"old_string": "two", "new_string": "2"}
                ]})
            ),
            Ok(vec![modified(
                "a.txt",
                "@@ -1,2 +1,2 @@\n-one\n-two\n+1\n+2"
            )])
        );
        assert_eq!(
            f.preview("Write", json!({"file_path": "new/b.txt", "content": "x\n"})),
            Ok(vec![(
                "new/b.txt".into(),
                FileChangeKind::Created,
                "@@ -0,0 +1 @@\n+x".into()
            )])
        );
        // An edit that would fail says why.
        let missing = f.preview(
            "Edit",
            json!({"file_path": "gone.txt", "old_string": "a", "new_string": "b"}),
        );
        assert!(missing.unwrap_err().contains("File does not exist"));
        let not_found = f.preview(
            "Edit",
            json!({"file_path": "a.txt", "old_string": "zzz", "new_string": "b"}),
        );
        assert!(
            not_found
                .unwrap_err()
                .contains("String to replace not found")
        );
    }

    #[test]
    fn deepseek_and_qwen_edits() {
        let f = files(&[("a.txt", "one\ntwo\n")]);
        assert_eq!(
            f.preview(
                "edit_file",
                json!({"path": "a.txt", "search": "two", "replace": "2"})
            ),
            Ok(vec![modified("a.txt", "@@ -1,2 +1,2 @@\n one\n-two\n+2")])
        );
        assert_eq!(
            f.preview("write_file", json!({"path": "a.txt", "content": "new\n"})),
            Ok(vec![modified("a.txt", "@@ -1,2 +1 @@\n-one\n-two\n+new")])
        );
        // Qwen Code's `edit` and `write_file` (by their `file_path`).
        assert_eq!(
            f.preview(
                "edit",
                json!({"file_path": "a.txt", "old_string": "one", "new_string": "1"})
            ),
            Ok(vec![modified("a.txt", "@@ -1,2 +1,2 @@\n-one\n+1\n two")])
        );
        assert_eq!(
            f.preview(
                "write_file",
                json!({"file_path": "c.txt", "content": "c\n"})
            ),
            Ok(vec![(
                "c.txt".into(),
                FileChangeKind::Created,
                "@@ -0,0 +1 @@\n+c".into()
            )])
        );
    }

    #[test]
    fn codex_patches_with_every_file_they_touch() {
        let f = files(&[("a.txt", "one\ntwo\n"), ("old.txt", "bye\n")]);
        let patch = "*** Begin Patch\n*** Update File: a.txt\n@@\n one\n-two\n+three\n*** Add File: n.txt\n+new\n*** Delete File: old.txt\n*** End Patch";
        assert_eq!(
            f.preview("apply_patch", json!({"input": patch})),
            Ok(vec![
                modified("a.txt", "@@ -1,2 +1,2 @@\n one\n-two\n+three"),
                (
                    "n.txt".into(),
                    FileChangeKind::Created,
                    "@@ -0,0 +1 @@\n+new".into()
                ),
                (
                    "old.txt".into(),
                    FileChangeKind::Deleted,
                    "@@ -1 +0,0 @@\n-bye".into()
                ),
            ])
        );
        let bad = f.preview("apply_patch", json!({"input": "*** Begin Patch\n*** Update File: gone.txt\n@@\n-a\n+b\n*** End Patch"}));
        assert!(bad.is_err(), "{bad:?}");
        assert!(
            f.preview("apply_patch", json!({"input": "not a patch"}))
                .is_err()
        );
    }

    #[test]
    fn swe_agents_create_and_edit_of_the_open_file() {
        let mut f = files(&[("m.txt", "a\nb\nc\n")]);
        f.state.window = Some(super::super::FileWindow {
            path: f.dir.path().join("m.txt"),
            first_line: 1,
        });
        assert_eq!(
            f.preview(
                "edit",
                json!({"start_line": 2, "end_line": 2, "replacement_text": "B"})
            ),
            Ok(vec![modified("m.txt", "@@ -1,3 +1,3 @@\n a\n-b\n+B\n c")])
        );
        assert_eq!(
            f.preview("create", json!({"filename": "new.py"})),
            Ok(vec![(
                "new.py".into(),
                FileChangeKind::Created,
                String::new()
            )])
        );
        // The window did not move: the preview left the tools' memory alone.
        assert_eq!(
            f.state.window.as_ref().unwrap().path,
            f.dir.path().join("m.txt")
        );
        f.state.window = None;
        let no_window = f.preview(
            "edit",
            json!({"start_line": 1, "end_line": 1, "replacement_text": "x"}),
        );
        assert!(no_window.unwrap_err().contains("No file open"));
    }
}
