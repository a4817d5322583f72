//! Finding documents the way people describe them: "the PDF I downloaded last week".

use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use crate::{DocumentError, DocumentKind};

/// How deep `find` looks below each folder.
const MAX_DEPTH: usize = 6;
/// Files looked at before `find` stops, so a huge home folder cannot stall it.
const MAX_VISITED: usize = 200_000;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FindQuery {
    /// Only documents of this kind (by extension); any document kind when `None`.
    pub kind: Option<DocumentKind>,
    /// Only files modified this recently.
    pub modified_within: Option<Duration>,
    /// Where to look; the user's Downloads, Desktop and Documents when `None`.
    pub folder: Option<PathBuf>,
    /// Where the person works (the code's working directory): looked in first when no
    /// `folder` is given.
    pub working_dir: Option<PathBuf>,
    /// Only files whose name contains this, case-insensitively.
    pub name: Option<String>,
    /// Only files with this extension, when the kind was named by one (`txt`, `md`, `csv`):
    /// "how many .txt files" does not count the Markdown beside them.
    pub extension: Option<String>,
}

/// "7d", "36h", "90m", "2w", "45s" (also "7 days", "36 hours").
pub fn parse_age(given: &str) -> Result<Duration, DocumentError> {
    let bad = || DocumentError::BadAge {
        given: given.to_string(),
    };
    let s = given.trim().to_ascii_lowercase();
    let split = s.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?;
    let (number, unit) = s.split_at(split);
    let number: u64 = number.parse().map_err(|_| bad())?;
    let seconds = match unit.trim() {
        "s" | "sec" | "secs" | "second" | "seconds" => 1,
        "m" | "min" | "mins" | "minute" | "minutes" => 60,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3600,
        "d" | "day" | "days" => 86_400,
        "w" | "wk" | "week" | "weeks" => 7 * 86_400,
        _ => return Err(bad()),
    };
    number
        .checked_mul(seconds)
        .map(Duration::from_secs)
        .ok_or_else(bad)
}

/// The user's Downloads, Desktop and Documents folders, those that exist, without repeats:
/// as the XDG user dirs name them (`~/.config/user-dirs.dirs`, other names in other
/// languages), else `~/Downloads`, `~/Desktop` and `~/Documents` (a machine without
/// xdg-user-dirs has no such file, and its browser still saves to `~/Downloads`).
pub fn default_folders() -> Vec<PathBuf> {
    folders_of(
        dirs::home_dir().as_deref(),
        [
            dirs::download_dir(),
            dirs::desktop_dir(),
            dirs::document_dir(),
        ],
    )
}

/// [`default_folders`] from the home folder and what the XDG user dirs say of each.
fn folders_of(home: Option<&Path>, named: [Option<PathBuf>; 3]) -> Vec<PathBuf> {
    let mut folders: Vec<PathBuf> = Vec::new();
    for (named, usual) in named.into_iter().zip(["Downloads", "Desktop", "Documents"]) {
        let Some(dir) = named.or_else(|| home.map(|h| h.join(usual))) else {
            continue;
        };
        if dir.is_dir() && !folders.contains(&dir) {
            folders.push(dir);
        }
    }
    folders
}

/// Documents matching `query`, newest first. Hidden files and folders are skipped;
/// unreadable folders are passed over.
pub fn find(query: &FindQuery) -> Vec<PathBuf> {
    find_at(query, SystemTime::now())
}

fn find_at(query: &FindQuery, now: SystemTime) -> Vec<PathBuf> {
    let folders = match &query.folder {
        Some(folder) => vec![folder.clone()],
        None => query
            .working_dir
            .iter()
            .cloned()
            .chain(default_folders())
            .collect(),
    };
    let since = query.modified_within.and_then(|age| now.checked_sub(age));
    let name = query.name.as_ref().map(|n| n.to_lowercase());
    let mut found: Vec<(SystemTime, PathBuf)> = Vec::new();
    let mut visited = 0;
    for folder in folders {
        let mut stack = vec![(folder, 0usize)];
        while let Some((dir, depth)) = stack.pop() {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                continue;
            };
            for entry in entries.flatten() {
                visited += 1;
                if visited > MAX_VISITED {
                    break;
                }
                let path = entry.path();
                if is_hidden(&path) {
                    continue;
                }
                // file_type does not follow symlinks: linked folders are not walked.
                let Ok(file_type) = entry.file_type() else {
                    continue;
                };
                if file_type.is_dir() {
                    if depth < MAX_DEPTH {
                        stack.push((path, depth + 1));
                    }
                    continue;
                }
                let Some(kind) = DocumentKind::from_extension(&path) else {
                    continue;
                };
                if query.kind.is_some_and(|k| k != kind) {
                    continue;
                }
                if let Some(wanted) = &query.extension
                    && !path
                        .extension()
                        .is_some_and(|e| e.to_string_lossy().eq_ignore_ascii_case(wanted))
                {
                    continue;
                }
                if let Some(name) = &name
                    && !path
                        .file_name()
                        .is_some_and(|f| f.to_string_lossy().to_lowercase().contains(name))
                {
                    continue;
                }
                let Ok(modified) = entry.metadata().and_then(|m| m.modified()) else {
                    continue;
                };
                if since.is_some_and(|since| modified < since) {
                    continue;
                }
                if !found.iter().any(|(_, p)| p == &path) {
                    found.push((modified, path));
                }
            }
        }
    }
    found.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1)));
    found.into_iter().map(|(_, p)| p).collect()
}

fn is_hidden(path: &Path) -> bool {
    path.file_name()
        .is_some_and(|n| n.to_string_lossy().starts_with('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_folders_are_the_xdg_ones_else_the_usual_names_in_home() {
        let home = tempfile::tempdir().unwrap();
        let home = home.path();
        for dir in ["Downloads", "Documents", "Téléchargements"] {
            std::fs::create_dir(home.join(dir)).unwrap();
        }
        // No user-dirs.dirs: ~/Downloads and ~/Documents (no ~/Desktop here).
        assert_eq!(
            folders_of(Some(home), [None, None, None]),
            vec![home.join("Downloads"), home.join("Documents")]
        );
        // Named ones win; a named folder that is not there is passed over, not replaced;
        // the same folder named twice is searched once.
        let named = [
            Some(home.join("Téléchargements")),
            Some(home.join("Bureau")),
            Some(home.join("Téléchargements")),
        ];
        assert_eq!(
            folders_of(Some(home), named),
            vec![home.join("Téléchargements")]
        );
        assert_eq!(folders_of(None, [None, None, None]), Vec::<PathBuf>::new());
    }

    #[test]
    fn ages_parse_in_the_units_people_use() {
        assert_eq!(parse_age("7d").unwrap(), Duration::from_secs(7 * 86_400));
        assert_eq!(parse_age("36h").unwrap(), Duration::from_secs(36 * 3600));
        assert_eq!(parse_age("90m").unwrap(), Duration::from_secs(90 * 60));
        assert_eq!(
            parse_age(" 2 weeks ").unwrap(),
            Duration::from_secs(14 * 86_400)
        );
        for bad in ["", "d", "7", "7y", "-3d", "99999999999999999999d"] {
            assert!(
                matches!(parse_age(bad), Err(DocumentError::BadAge { .. })),
                "{bad}"
            );
        }
    }
}
