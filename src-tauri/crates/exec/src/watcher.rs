//! Which files a run created, modified or deleted, with unified diffs for text files.
//!
//! `notify` says which paths were touched; the [`Snapshot`] taken at start gives the
//! "before" content. The watcher never fails a run: problems are logged and give a
//! partial (or, when the notifier itself failed, a rescanned) result.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use notify::{Event, EventKind, RecommendedWatcher, RecursiveMode, Watcher};
use oi_protocol::{FileChange, FileChangeKind};
use similar::TextDiff;

use crate::snapshot::{Content, FileState, Snapshot, is_ignored, list_files};

/// When no sentinel can be written (a read-only workspace), events of a burst keep arriving
/// briefly after the run: wait this long before reading.
const SETTLE: Duration = Duration::from_millis(150);
/// Longest wait for the sentinel's own events.
const SENTINEL_WAIT: Duration = Duration::from_secs(2);
/// Prefix of the file created and removed at once to mark the end of a run's events.
const SENTINEL_PREFIX: &str = ".oi-watch-sentinel-";
/// More changed files than this are not reported one by one.
const MAX_CHANGES: usize = 2_000;

/// Started before a run on the workspace directory; [`WorkspaceWatcher::finish`] after it.
pub struct WorkspaceWatcher {
    root: PathBuf,
    /// The directory as given, when it differs from its canonical form (event paths may
    /// use either).
    given_root: PathBuf,
    snapshot: Snapshot,
    watcher: Option<RecommendedWatcher>,
    events: mpsc::Receiver<notify::Result<Event>>,
    /// Events read while waiting for the sentinel.
    pending: Vec<notify::Result<Event>>,
}

impl WorkspaceWatcher {
    /// Snapshots `dir` and starts watching it. Blocking: the snapshot reads small text
    /// files (bounded; call from `spawn_blocking` when the tree may be large).
    pub fn start(dir: &Path) -> WorkspaceWatcher {
        let root = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
        let (sender, events) = mpsc::channel();
        let watcher = match notify::recommended_watcher(sender) {
            Ok(mut watcher) => match watcher.watch(&root, RecursiveMode::Recursive) {
                Ok(()) => Some(watcher),
                Err(error) => {
                    tracing::warn!(%error, dir = %root.display(), "cannot watch the workspace; will rescan");
                    None
                }
            },
            Err(error) => {
                tracing::warn!(%error, "no file watcher; will rescan");
                None
            }
        };
        // After the watch is set, so that no change falls between snapshot and watch.
        let snapshot = Snapshot::take(&root);
        WorkspaceWatcher {
            root,
            given_root: dir.to_path_buf(),
            snapshot,
            watcher,
            events,
            pending: Vec::new(),
        }
    }

    /// Every file the run created, modified or deleted, sorted by path; paths are relative
    /// to the watched directory with `/` separators.
    pub async fn finish(mut self) -> Vec<FileChange> {
        self.settle().await;
        match tokio::task::spawn_blocking(move || self.collect()).await {
            Ok(changes) => changes,
            Err(error) => {
                tracing::warn!(%error, "collecting file changes failed");
                Vec::new()
            }
        }
    }

    /// Waits until every event of the run has been delivered. The notifier reports events in
    /// order, so once it reports a file created and removed now, everything before it is in:
    /// no fixed delay, which would add to every code run.
    async fn settle(&mut self) {
        if self.watcher.is_none() {
            return; // the result comes from a rescan
        }
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.subsec_nanos());
        let name = format!("{SENTINEL_PREFIX}{}-{nanos}", std::process::id());
        let sentinel = self.root.join(&name);
        if std::fs::write(&sentinel, b"")
            .and_then(|()| std::fs::remove_file(&sentinel))
            .is_err()
        {
            tokio::time::sleep(SETTLE).await;
            return;
        }
        let deadline = tokio::time::Instant::now() + SENTINEL_WAIT;
        loop {
            let mut seen = false;
            for event in self.events.try_iter() {
                if let Ok(event) = &event
                    && matches!(event.kind, EventKind::Remove(_))
                    && event
                        .paths
                        .iter()
                        .any(|p| p.file_name().is_some_and(|f| f == name.as_str()))
                {
                    seen = true;
                }
                self.pending.push(event);
            }
            if seen {
                return;
            }
            if tokio::time::Instant::now() >= deadline {
                tracing::warn!(
                    "file watcher: the end-of-run marker never arrived; reading what came"
                );
                return;
            }
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }

    fn collect(mut self) -> Vec<FileChange> {
        // Stop watching first: what follows reads files but does not change them.
        let watched = self.watcher.take().is_some();
        let mut candidates = BTreeSet::new();
        let mut rescan = !watched;
        let pending = std::mem::take(&mut self.pending);
        let events: Vec<_> = pending.into_iter().chain(self.events.try_iter()).collect();
        for event in events {
            match event {
                Ok(event) => {
                    if matches!(event.kind, EventKind::Access(_)) {
                        continue;
                    }
                    for path in &event.paths {
                        if path
                            .file_name()
                            .is_some_and(|f| f.to_string_lossy().starts_with(SENTINEL_PREFIX))
                        {
                            continue;
                        }
                        if let Some(relative) = self.relative(path) {
                            candidates.insert(relative);
                        }
                    }
                }
                Err(error) => {
                    tracing::warn!(%error, "file watcher error; rescanning the workspace");
                    rescan = true;
                }
            }
        }
        if rescan {
            let mut complete = true;
            candidates.extend(list_files(&self.root, Path::new(""), 20_000, &mut complete));
            candidates.extend(self.snapshot.files.keys().cloned());
        }
        let files = self.expand_directories(candidates);

        let mut changes = Vec::new();
        for relative in files {
            if changes.len() >= MAX_CHANGES {
                tracing::warn!(
                    limit = MAX_CHANGES,
                    "too many changed files; list truncated"
                );
                break;
            }
            if let Some(change) = self.change_of(&relative) {
                changes.push(change);
            }
        }
        changes
    }

    fn relative(&self, path: &Path) -> Option<PathBuf> {
        let relative = path
            .strip_prefix(&self.root)
            .or_else(|_| path.strip_prefix(&self.given_root))
            .ok()?;
        if relative.as_os_str().is_empty() || is_ignored(relative) {
            return None;
        }
        Some(relative.to_path_buf())
    }

    /// Replaces directories by the files under them, before and after.
    fn expand_directories(&self, candidates: BTreeSet<PathBuf>) -> BTreeSet<PathBuf> {
        let mut files = BTreeSet::new();
        for relative in candidates {
            let absolute = self.root.join(&relative);
            let is_dir = std::fs::symlink_metadata(&absolute).is_ok_and(|meta| meta.is_dir());
            if is_dir {
                let mut complete = true;
                files.extend(list_files(
                    &self.root,
                    &relative,
                    MAX_CHANGES,
                    &mut complete,
                ));
            }
            let known_below: Vec<_> = self
                .snapshot
                .files
                .keys()
                .filter(|known| known.starts_with(&relative) && **known != relative)
                .cloned()
                .collect();
            files.extend(known_below);
            if !is_dir {
                files.insert(relative);
            }
        }
        files
    }

    fn change_of(&self, relative: &Path) -> Option<FileChange> {
        let before = self.snapshot.files.get(relative);
        let after = FileState::read(&self.root.join(relative), true);
        let path = slash_path(relative);
        let (kind, diff) = match (before, &after) {
            (None, None) => return None,
            (None, Some(after)) => {
                let kind = if self.snapshot.complete {
                    FileChangeKind::Created
                } else {
                    FileChangeKind::Modified
                };
                (
                    kind,
                    text_of(after).map(|new| unified_diff(&path, None, Some(new))),
                )
            }
            (Some(before), None) => (
                FileChangeKind::Deleted,
                text_of(before).map(|old| unified_diff(&path, Some(old), None)),
            ),
            (Some(before), Some(after)) => match (&before.content, &after.content) {
                (Content::Text(old), Content::Text(new)) => {
                    if old == new {
                        return None;
                    }
                    (
                        FileChangeKind::Modified,
                        Some(unified_diff(&path, Some(old), Some(new))),
                    )
                }
                (Content::Binary, Content::Binary)
                | (Content::Unread, _)
                | (_, Content::Unread)
                    if before.len == after.len && before.modified == after.modified =>
                {
                    return None;
                }
                (Content::Binary, Content::Text(new)) if before.len == 0 => (
                    FileChangeKind::Modified,
                    Some(unified_diff(&path, Some(""), Some(new))),
                ),
                _ => (FileChangeKind::Modified, None),
            },
        };
        Some(FileChange { path, kind, diff })
    }
}

fn text_of(state: &FileState) -> Option<&str> {
    match &state.content {
        Content::Text(text) => Some(text),
        Content::Binary | Content::Unread => None,
    }
}

fn slash_path(relative: &Path) -> String {
    relative
        .components()
        .map(|component| component.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// A git-style unified diff: `--- a/path` / `+++ b/path`, `/dev/null` for the missing side.
pub fn unified_diff(path: &str, old: Option<&str>, new: Option<&str>) -> String {
    let old_header = old.map_or_else(|| "/dev/null".to_string(), |_| format!("a/{path}"));
    let new_header = new.map_or_else(|| "/dev/null".to_string(), |_| format!("b/{path}"));
    TextDiff::from_lines(old.unwrap_or(""), new.unwrap_or(""))
        .unified_diff()
        .context_radius(3)
        .header(&old_header, &new_header)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diff_has_git_headers() {
        let diff = unified_diff("src/a.txt", Some("one\ntwo\n"), Some("one\nthree\n"));
        assert!(
            diff.starts_with("--- a/src/a.txt\n+++ b/src/a.txt\n"),
            "{diff}"
        );
        assert!(diff.contains("-two\n+three\n"), "{diff}");
        let created = unified_diff("n.txt", None, Some("x\n"));
        assert!(
            created.starts_with("--- /dev/null\n+++ b/n.txt\n"),
            "{created}"
        );
    }
}
