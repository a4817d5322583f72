//! A file change as the GUI shows it: a git-style unified diff (the same shape the
//! executors' workspace watcher reports for code runs).

use oi_protocol::{FileChange, FileChangeKind};
use similar::TextDiff;

/// The change from `before` to `after` (`None` = the file does not exist on that side).
pub(crate) fn change(path: &str, before: Option<&str>, after: Option<&str>) -> FileChange {
    let kind = match (before, after) {
        (None, _) => FileChangeKind::Created,
        (Some(_), None) => FileChangeKind::Deleted,
        (Some(_), Some(_)) => FileChangeKind::Modified,
    };
    FileChange {
        path: path.to_string(),
        kind,
        diff: Some(unified_diff(path, before, after)),
    }
}

pub(crate) fn unified_diff(path: &str, before: Option<&str>, after: Option<&str>) -> String {
    let old_header = before.map_or_else(|| "/dev/null".to_string(), |_| format!("a/{path}"));
    let new_header = after.map_or_else(|| "/dev/null".to_string(), |_| format!("b/{path}"));
    TextDiff::from_lines(before.unwrap_or(""), after.unwrap_or(""))
        .unified_diff()
        .context_radius(3)
        .header(&old_header, &new_header)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diffs_name_both_sides() {
        let c = change("a.txt", Some("one\ntwo\n"), Some("one\nthree\n"));
        assert_eq!(c.kind, FileChangeKind::Modified);
        let diff = c.diff.unwrap_or_default();
        assert!(diff.starts_with("--- a/a.txt\n+++ b/a.txt\n"), "{diff}");
        assert!(diff.contains("-two\n+three\n"), "{diff}");
        assert_eq!(
            change("n.txt", None, Some("x\n")).kind,
            FileChangeKind::Created
        );
        assert!(
            change("n.txt", Some("x\n"), None)
                .diff
                .unwrap_or_default()
                .contains("+++ /dev/null")
        );
    }
}
