//! A file change as the GUI shows it: a git-style unified diff (the same shape the
//! executors' workspace watcher reports for code runs).

use oi_exec::unified_diff;
use oi_protocol::{FileChange, FileChangeKind};

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
