//! The folders sessions work in: a chosen folder is checked before a session starts there, and
//! the last few are remembered (newest first) in the app's data directory.

use std::path::{Path, PathBuf};

/// How many folders the app remembers.
pub const REMEMBERED: usize = 10;

#[derive(Debug, thiserror::Error)]
pub enum FolderError {
    #[error("{path} is not a folder")]
    NotAFolder { path: String },
    #[error("give the folder's full path (not {path:?})")]
    NotAbsolute { path: String },
    #[error("{path} cannot be opened: {source}")]
    Unreadable {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot remember the folder in {path}: {source}")]
    Store {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// The folder `path` names, absolute and resolved, if it is one.
pub fn check(path: &str) -> Result<PathBuf, FolderError> {
    let trimmed = path.trim();
    let expanded = match (trimmed.strip_prefix('~'), std::env::var_os("HOME")) {
        (Some(rest), Some(home)) if rest.is_empty() || rest.starts_with('/') => {
            PathBuf::from(home).join(rest.trim_start_matches('/'))
        }
        _ => PathBuf::from(trimmed),
    };
    if trimmed.is_empty() || !expanded.is_absolute() {
        return Err(FolderError::NotAbsolute {
            path: path.to_string(),
        });
    }
    let real = expanded
        .canonicalize()
        .map_err(|source| FolderError::Unreadable {
            path: path.to_string(),
            source,
        })?;
    if !real.is_dir() {
        return Err(FolderError::NotAFolder {
            path: real.display().to_string(),
        });
    }
    std::fs::read_dir(&real).map_err(|source| FolderError::Unreadable {
        path: real.display().to_string(),
        source,
    })?;
    Ok(real)
}

/// The remembered folders in `data_dir`, newest first. A missing or unreadable list is empty.
pub fn recent(data_dir: &Path) -> Vec<PathBuf> {
    std::fs::read_to_string(file(data_dir))
        .ok()
        .and_then(|text| serde_json::from_str::<Vec<PathBuf>>(&text).ok())
        .unwrap_or_default()
}

/// Puts `folder` first in the remembered list.
pub fn remember(data_dir: &Path, folder: &Path) -> Result<(), FolderError> {
    let mut list = recent(data_dir);
    list.retain(|f| f != folder);
    list.insert(0, folder.to_path_buf());
    list.truncate(REMEMBERED);
    let path = file(data_dir);
    let store = |source| FolderError::Store {
        path: path.clone(),
        source,
    };
    std::fs::create_dir_all(data_dir).map_err(store)?;
    let text = serde_json::to_string_pretty(&list).map_err(|e| store(e.into()))?;
    // Written whole then renamed: two windows never leave half a list.
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text).map_err(store)?;
    std::fs::rename(&tmp, &path).map_err(store)
}

fn file(data_dir: &Path) -> PathBuf {
    data_dir.join("recent-folders.json")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn checks_that_a_path_is_a_folder() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().canonicalize().unwrap();
        assert_eq!(check(&dir.path().display().to_string()).unwrap(), real);
        let file = dir.path().join("f.txt");
        std::fs::write(&file, "x").unwrap();
        assert!(matches!(
            check(&file.display().to_string()),
            Err(FolderError::NotAFolder { .. })
        ));
        assert!(matches!(
            check(&dir.path().join("missing").display().to_string()),
            Err(FolderError::Unreadable { .. })
        ));
        assert!(matches!(
            check("relative/path"),
            Err(FolderError::NotAbsolute { .. })
        ));
        assert!(matches!(check("  "), Err(FolderError::NotAbsolute { .. })));
    }

    #[test]
    fn remembers_the_newest_first_without_repeats_and_at_most_ten() {
        let data = tempfile::tempdir().unwrap();
        assert!(recent(data.path()).is_empty());
        for n in 0..12 {
            remember(data.path(), Path::new(&format!("/f{n}"))).unwrap();
        }
        remember(data.path(), Path::new("/f5")).unwrap();
        let list = recent(data.path());
        assert_eq!(list.len(), REMEMBERED);
        assert_eq!(list[0], Path::new("/f5"));
        assert_eq!(list[1], Path::new("/f11"));
        assert_eq!(list.iter().filter(|f| *f == Path::new("/f5")).count(), 1);
        assert!(!list.contains(&PathBuf::from("/f0")));
    }
}
