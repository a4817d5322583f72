//! "Always" approvals remembered across sessions: a command prefix in one project (working
//! directory), kept in `approvals.json` in the data dir. `interpreter --approvals` lists them
//! and revokes them. Session-wide approvals live only in the gate.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::rules::CommandPattern;

pub const FILE_NAME: &str = "approvals.json";

/// One remembered approval.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredApproval {
    /// The project (working directory) it holds in.
    pub project: PathBuf,
    /// The command prefix it allows (never a program name alone).
    pub command: CommandPattern,
    pub created_ms: u64,
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
        Ok(file.approvals)
    }

    /// Those that hold in `project`.
    pub fn for_project(&self, project: &Path) -> Result<Vec<CommandPattern>, ApprovalStoreError> {
        let project = canonical(project);
        Ok(self
            .list()?
            .into_iter()
            .filter(|a| a.project == project)
            .map(|a| a.command)
            .collect())
    }

    /// Remember `command` in `project` (once).
    pub fn add(&self, project: &Path, command: CommandPattern) -> Result<(), ApprovalStoreError> {
        let project = canonical(project);
        let mut all = self.list()?;
        if all
            .iter()
            .any(|a| a.project == project && a.command == command)
        {
            return Ok(());
        }
        let created_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis() as u64)
            .unwrap_or(0);
        all.push(StoredApproval {
            project,
            command,
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
            version: 1,
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
        let git = CommandPattern::parse("git status").unwrap();
        let make = CommandPattern::parse("make test").unwrap();
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
}
