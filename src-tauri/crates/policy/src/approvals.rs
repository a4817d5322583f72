//! "Always" approvals remembered across sessions: a scope's key ([`ScopeKey`]: a command
//! prefix, code in a language, a file or folder, an app, a tool) in one project (working
//! directory), kept in `approvals.json` in the data dir. `interpreter --approvals` lists them
//! and revokes them. Session-wide approvals live only in the gate.
//!
//! The file's first version kept only command prefixes (`"command": ["git", "status"]`); it
//! still loads, and is written in the current version at the next change.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::CommandPattern;
use crate::scopes::ScopeKey;

pub const FILE_NAME: &str = "approvals.json";

/// The version of the file this program writes.
const VERSION: u32 = 2;

/// One remembered approval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "StoredEntry")]
pub struct StoredApproval {
    /// The project (working directory) it holds in.
    pub project: PathBuf,
    /// What it approves.
    pub key: ScopeKey,
    pub created_ms: u64,
}

/// An entry as either version of the file has it.
#[derive(Deserialize)]
struct StoredEntry {
    project: PathBuf,
    #[serde(default)]
    key: Option<ScopeKey>,
    /// Version 1: a command prefix.
    #[serde(default)]
    command: Option<CommandPattern>,
    #[serde(default)]
    created_ms: u64,
}

impl TryFrom<StoredEntry> for StoredApproval {
    type Error = String;

    fn try_from(e: StoredEntry) -> Result<Self, String> {
        let key = match (e.key, e.command) {
            (Some(key), _) => key,
            (None, Some(command)) => ScopeKey::CommandPrefix { command },
            (None, None) => {
                return Err(format!(
                    "the approval for {} names nothing it approves",
                    e.project.display()
                ));
            }
        };
        Ok(StoredApproval {
            project: e.project,
            key,
            created_ms: e.created_ms,
        })
    }
}

#[derive(Debug, Default, Serialize, Deserialize)]
struct StoreFile {
    version: u32,
    approvals: Vec<StoredApproval>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApprovalStoreError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path} is not a valid approvals file ({source}); fix or delete it")]
    Invalid {
        path: PathBuf,
        source: serde_json::Error,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error(
        "{path} was written by a newer version of this program (file version {version}); \
         update, or move the file away"
    )]
    Newer { path: PathBuf, version: u32 },
    #[error("there is no remembered approval number {0} (see interpreter --approvals)")]
    NoSuchApproval(usize),
}

/// The file of remembered approvals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApprovalStore {
    path: PathBuf,
}

impl ApprovalStore {
    pub fn in_data_dir(data_dir: &Path) -> Self {
        ApprovalStore {
            path: data_dir.join(FILE_NAME),
        }
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Every remembered approval, in the order they were given (numbered from 1 in listings).
    pub fn list(&self) -> Result<Vec<StoredApproval>, ApprovalStoreError> {
        let text = match std::fs::read_to_string(&self.path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => {
                return Err(ApprovalStoreError::Read {
                    path: self.path.clone(),
                    source,
                });
            }
        };
        let file: StoreFile =
            serde_json::from_str(&text).map_err(|source| ApprovalStoreError::Invalid {
                path: self.path.clone(),
                source,
            })?;
        if file.version > VERSION {
            // Its entries may mean more than this version can tell: neither use nor rewrite it.
            return Err(ApprovalStoreError::Newer {
                path: self.path.clone(),
                version: file.version,
            });
        }
        Ok(file.approvals)
    }

    /// Those that hold in `project`.
    pub fn for_project(&self, project: &Path) -> Result<Vec<ScopeKey>, ApprovalStoreError> {
        let project = canonical(project);
        Ok(self
            .list()?
            .into_iter()
            .filter(|a| a.project == project)
            .map(|a| a.key)
            .collect())
    }

    /// Remember `key` in `project` (once).
    pub fn add(&self, project: &Path, key: ScopeKey) -> Result<(), ApprovalStoreError> {
        let project = canonical(project);
        let mut all = self.list()?;
        if all.iter().any(|a| a.project == project && a.key == key) {
            return Ok(());
        }
        let created_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        all.push(StoredApproval {
            project,
            key,
            created_ms,
        });
        self.write(all)
    }

    /// Forget approval number `n` (from 1, as listed).
    pub fn revoke(&self, n: usize) -> Result<StoredApproval, ApprovalStoreError> {
        let mut all = self.list()?;
        if n == 0 || n > all.len() {
            return Err(ApprovalStoreError::NoSuchApproval(n));
        }
        let removed = all.remove(n - 1);
        self.write(all)?;
        Ok(removed)
    }

    /// Forget every approval; returns how many there were.
    pub fn revoke_all(&self) -> Result<usize, ApprovalStoreError> {
        let n = self.list()?.len();
        self.write(Vec::new())?;
        Ok(n)
    }

    fn write(&self, approvals: Vec<StoredApproval>) -> Result<(), ApprovalStoreError> {
        let err = |source| ApprovalStoreError::Write {
            path: self.path.clone(),
            source,
        };
        if let Some(dir) = self.path.parent() {
            std::fs::create_dir_all(dir).map_err(err)?;
        }
        let text = serde_json::to_string_pretty(&StoreFile {
            version: VERSION,
            approvals,
        })
        .map_err(|e| err(std::io::Error::other(e)))?;
        // Write then rename: a crash never leaves half a file.
        let tmp = self.path.with_extension("json.tmp");
        std::fs::write(&tmp, text).map_err(err)?;
        std::fs::rename(&tmp, &self.path).map_err(err)
    }
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_list_revoke() {
        let t = tempfile::tempdir().unwrap();
        let store = ApprovalStore::in_data_dir(t.path());
        assert!(store.list().unwrap().is_empty());
        let (a, b) = (t.path().join("a"), t.path().join("b"));
        std::fs::create_dir_all(&a).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        let git = ScopeKey::CommandPrefix {
            command: CommandPattern::parse("git status").unwrap(),
        };
        let make = ScopeKey::Code {
            tool: "execute".into(),
            language: "python".into(),
        };
        store.add(&a, git.clone()).unwrap();
        store.add(&a, git.clone()).unwrap();
        store.add(&b, make.clone()).unwrap();
        assert_eq!(store.list().unwrap().len(), 2);
        assert_eq!(store.for_project(&a).unwrap(), vec![git]);
        assert_eq!(
            store.for_project(&b.join("../b")).unwrap(),
            vec![make.clone()]
        );
        assert_eq!(store.revoke(1).unwrap().project, a.canonicalize().unwrap());
        assert!(store.for_project(&a).unwrap().is_empty());
        assert!(matches!(
            store.revoke(5),
            Err(ApprovalStoreError::NoSuchApproval(5))
        ));
        assert_eq!(store.revoke_all().unwrap(), 1);
        assert!(store.list().unwrap().is_empty());
        std::fs::write(store.path(), "{").unwrap();
        assert!(
            store
                .list()
                .unwrap_err()
                .to_string()
                .contains("fix or delete it")
        );
    }

    #[test]
    fn every_kind_of_key_round_trips_and_the_first_version_still_loads() {
        let t = tempfile::tempdir().unwrap();
        let store = ApprovalStore::in_data_dir(t.path());
        let project = t.path().join("p");
        std::fs::create_dir_all(&project).unwrap();
        let project = project.canonicalize().unwrap();
        // A file of the first version, as an older build wrote it.
        let v1 = serde_json::json!({"version": 1, "approvals": [
            {"project": project, "command": ["git", "status"], "created_ms": 5}
        ]});
        std::fs::write(store.path(), v1.to_string()).unwrap();
        let git = ScopeKey::CommandPrefix {
            command: CommandPattern::parse("git status").unwrap(),
        };
        assert_eq!(store.for_project(&project).unwrap(), vec![git.clone()]);
        let keys = vec![
            git,
            ScopeKey::Code {
                tool: "execute".into(),
                language: "python".into(),
            },
            ScopeKey::File {
                path: project.join("src/a.rs"),
            },
            ScopeKey::Folder {
                path: project.join("src"),
            },
            ScopeKey::App {
                app: "xterm".into(),
            },
            ScopeKey::Tool {
                tool: "mcp__files__write".into(),
            },
        ];
        for key in &keys {
            store.add(&project, key.clone()).unwrap();
        }
        assert_eq!(store.for_project(&project).unwrap(), keys);
        let text = std::fs::read_to_string(store.path()).unwrap();
        assert!(text.contains("\"version\": 2"), "{text}");
        assert_eq!(
            store.list().unwrap()[0].created_ms,
            5,
            "the old entry is kept"
        );

        // A bad or newer file is an error, and nothing in it is lost by a later add.
        for bad in [
            "{\"version\": 2, \"approvals\": [{\"project\": \"/p\"}]}".to_string(),
            "{\"version\": 9, \"approvals\": []}".to_string(),
        ] {
            std::fs::write(store.path(), &bad).unwrap();
            let e = store.list().unwrap_err().to_string();
            assert!(e.contains(&store.path().display().to_string()), "{e}");
            assert!(store.add(&project, keys[1].clone()).is_err());
            assert_eq!(std::fs::read_to_string(store.path()).unwrap(), bad);
        }
    }
}
