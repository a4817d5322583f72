//! What a workspace looked like before a run, bounded so that a huge tree costs little:
//! the content of small text files, the size and mtime of everything else listed.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Directories whose churn is not the code's doing (or is too big to diff).
const IGNORED_DIRS: [&str; 4] = [".git", "node_modules", "target", "__pycache__"];
/// Larger files are compared by size and mtime only.
pub(crate) const MAX_TEXT_BYTES: u64 = 1024 * 1024;
/// At most this many files are listed…
const MAX_LISTED: usize = 20_000;
/// …of which at most this many, with this many bytes in all, are read.
const MAX_READ_FILES: usize = 5_000;
const MAX_READ_BYTES: u64 = 32 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Content {
    Text(String),
    Binary,
    /// Too large, or past the reading budget.
    Unread,
}

#[derive(Debug, Clone)]
pub(crate) struct FileState {
    pub len: u64,
    pub modified: Option<SystemTime>,
    pub content: Content,
}

impl FileState {
    /// Reads a regular file (not following a final symlink); `None` when there is none.
    pub(crate) fn read(path: &Path, read_content: bool) -> Option<FileState> {
        let meta = std::fs::symlink_metadata(path).ok()?;
        if !meta.is_file() {
            return None;
        }
        let content = if read_content && meta.len() <= MAX_TEXT_BYTES {
            match std::fs::read(path) {
                Ok(bytes) => classify(bytes),
                Err(error) => {
                    tracing::debug!(%error, path = %path.display(), "could not read file");
                    Content::Unread
                }
            }
        } else {
            Content::Unread
        };
        Some(FileState {
            len: meta.len(),
            modified: meta.modified().ok(),
            content,
        })
    }
}

fn classify(bytes: Vec<u8>) -> Content {
    if bytes.iter().take(8192).any(|&byte| byte == 0) {
        return Content::Binary;
    }
    match String::from_utf8(bytes) {
        Ok(text) => Content::Text(text),
        Err(_) => Content::Binary,
    }
}

/// Whether a path (relative to the workspace) is inside an ignored directory.
pub(crate) fn is_ignored(relative: &Path) -> bool {
    relative.components().any(|component| {
        IGNORED_DIRS
            .iter()
            .any(|ignored| component.as_os_str() == *ignored)
    })
}

#[derive(Debug, Default)]
pub(crate) struct Snapshot {
    /// Keyed by path relative to the workspace root.
    pub files: HashMap<PathBuf, FileState>,
    /// False when the listing stopped early: an unknown path may have existed before.
    pub complete: bool,
}

impl Snapshot {
    pub(crate) fn take(root: &Path) -> Snapshot {
        let mut snapshot = Snapshot {
            files: HashMap::new(),
            complete: true,
        };
        let mut budget = ReadBudget::default();
        for relative in list_files(root, Path::new(""), MAX_LISTED, &mut snapshot.complete) {
            let read = budget.allows();
            if let Some(state) = FileState::read(&root.join(&relative), read) {
                budget.spend(&state);
                snapshot.files.insert(relative, state);
            }
        }
        snapshot
    }
}

#[derive(Default)]
struct ReadBudget {
    files: usize,
    bytes: u64,
}

impl ReadBudget {
    fn allows(&self) -> bool {
        self.files < MAX_READ_FILES && self.bytes < MAX_READ_BYTES
    }

    fn spend(&mut self, state: &FileState) {
        if state.content != Content::Unread {
            self.files += 1;
            self.bytes += state.len;
        }
    }
}

/// Regular files under `root/start` (relative to `root`), skipping ignored directories and
/// not following symlinks; at most `limit` (clearing `complete` when it stops early).
pub(crate) fn list_files(
    root: &Path,
    start: &Path,
    limit: usize,
    complete: &mut bool,
) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending = vec![start.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = match std::fs::read_dir(root.join(&dir)) {
            Ok(entries) => entries,
            Err(error) => {
                tracing::debug!(%error, dir = %dir.display(), "cannot list directory");
                continue;
            }
        };
        for entry in entries.flatten() {
            let relative = dir.join(entry.file_name());
            let Ok(kind) = entry.file_type() else {
                continue;
            };
            if kind.is_dir() {
                if !is_ignored(Path::new(&entry.file_name())) {
                    pending.push(relative);
                }
            } else if kind.is_file() {
                if found.len() >= limit {
                    *complete = false;
                    return found;
                }
                found.push(relative);
            }
        }
    }
    found
}
