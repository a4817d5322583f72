//! The sessions of a data directory as front ends reach them: listed from the index, replayed,
//! followed live, moved to the trash. No front end opens a log file itself.

use std::collections::HashSet;
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::Duration;

use nix::errno::Errno;
use oi_protocol::{Event, SessionListing, SessionStatus};

use super::follow::Following;
use super::index::{self, SessionSummary};
use super::{StoreError, read_events, sessions_dir};

/// How long deleting a session that logged its end waits for its engine to let go of the log.
const ENGINE_ENDING: Duration = Duration::from_secs(2);

/// The logged sessions of one data directory.
#[derive(Debug, Clone)]
pub struct SessionStore {
    data_dir: PathBuf,
}

/// Which logs an engine writes now, from the locks the kernel holds for them.
enum Writers {
    /// The locked files, as (device, inode).
    Known(HashSet<(u64, u64)>),
    /// This system does not say (no `/proc/locks`): what a log's events say is taken.
    Unknown,
}

impl Writers {
    fn now() -> Writers {
        match super::flock_holders() {
            Some(held) => Writers::Known(held.into_iter().map(|(file, _)| file).collect()),
            None => Writers::Unknown,
        }
    }

    fn status(&self, summary: &SessionSummary) -> SessionStatus {
        match self {
            Writers::Known(files) if !files.contains(&summary.log_file) => SessionStatus::Ended,
            _ => summary.status,
        }
    }
}

/// Whether an engine writes the log at `path` now (true where the system cannot say).
pub(crate) fn is_written(path: &Path) -> bool {
    match (Writers::now(), index::file_identity(path)) {
        (Writers::Known(files), Ok(file)) => files.contains(&file),
        (Writers::Known(_), Err(_)) => false,
        (Writers::Unknown, _) => true,
    }
}

fn listing(summary: SessionSummary, status: SessionStatus) -> SessionListing {
    SessionListing {
        id: summary.id,
        title: summary.first_words,
        cwd: summary.cwd.map(|c| c.display().to_string()),
        model: summary.model,
        profile: summary.profile,
        created_ms: summary.started_ms,
        updated_ms: summary.updated_ms,
        status,
        input_tokens: summary.input_tokens,
        output_tokens: summary.output_tokens,
        events: summary.events as u64,
    }
}

impl SessionStore {
    /// The sessions kept under `data_dir` (in its `sessions` folder).
    pub fn new(data_dir: &Path) -> SessionStore {
        SessionStore {
            data_dir: data_dir.to_path_buf(),
        }
    }

    pub fn dir(&self) -> PathBuf {
        sessions_dir(&self.data_dir)
    }

    /// Where deleted sessions go: `trash/sessions` beside `sessions`.
    pub fn trash_dir(&self) -> PathBuf {
        self.data_dir.join("trash").join("sessions")
    }

    /// The log of the session `id` (which need not exist yet).
    pub fn log_path(&self, id: &str) -> PathBuf {
        self.dir().join(format!("{id}.jsonl"))
    }

    /// Every logged session, newest first, each as its index says (exact: see `index`).
    pub fn list(&self) -> Result<Vec<SessionListing>, StoreError> {
        let writers = Writers::now();
        Ok(self
            .summaries()?
            .into_iter()
            .map(|s| {
                let status = writers.status(&s);
                listing(s, status)
            })
            .collect())
    }

    /// The index entries of every session with at least one event, newest first.
    fn summaries(&self) -> Result<Vec<SessionSummary>, StoreError> {
        let dir = self.dir();
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(StoreError::Read { path: dir, source }),
        };
        let mut out = Vec::new();
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_none_or(|e| e != "jsonl") {
                continue;
            }
            match index::summarise(&path) {
                Ok(summary) if summary.events > 0 => out.push(summary),
                Ok(_) => {}
                Err(e) => tracing::warn!("skipping a session log: {e}"),
            }
        }
        out.sort_by(|a, b| b.started_ms.cmp(&a.started_ms).then(b.id.cmp(&a.id)));
        Ok(out)
    }

    /// The session `id`, or the one a unique prefix of an id names; `None`: the latest.
    pub fn find(&self, id: Option<&str>) -> Result<SessionListing, StoreError> {
        let path = self.find_log(id)?;
        let summary = index::summarise(&path)?;
        let status = Writers::now().status(&summary);
        Ok(listing(summary, status))
    }

    fn find_log(&self, id: Option<&str>) -> Result<PathBuf, StoreError> {
        if let Some(id) = id {
            // An exact id is found without listing.
            let exact = self.log_path(id);
            if !id.contains('/') && exact.is_file() {
                return Ok(exact);
            }
        }
        let sessions = self.summaries()?;
        match id {
            None => sessions
                .into_iter()
                .next()
                .map(|s| s.path)
                .ok_or_else(|| StoreError::NotFound("(latest)".into())),
            Some(id) => {
                let mut matching: Vec<_> = sessions
                    .into_iter()
                    .filter(|s| s.id.starts_with(id))
                    .collect();
                if matching.len() == 1 {
                    Ok(matching.remove(0).path)
                } else {
                    Err(StoreError::NotFound(id.to_string()))
                }
            }
        }
    }

    /// Every event the session `id` (or a unique prefix of it) logged so far.
    pub fn replay(&self, id: &str) -> Result<Vec<Event>, StoreError> {
        read_events(&self.find_log(Some(id))?)
    }

    /// The session `id` as it goes on: its events so far, then each new one as its engine (in
    /// this process or another: a terminal's, an editor's) logs it; see [`Following`].
    pub fn follow(&self, id: &str) -> Result<Following, StoreError> {
        Ok(Following::new(&self.find_log(Some(id))?))
    }

    /// Moves the session `id` (its log, its summary and its screenshots) to the trash folder,
    /// where nothing is lost; refused with [`StoreError::Busy`] while an engine writes it.
    /// Returns where the log went.
    pub fn delete(&self, id: &str) -> Result<PathBuf, StoreError> {
        let log = self.find_log(Some(id))?;
        let id = index::session_id(&log);
        let write_error = |path: &Path| {
            let path = path.to_path_buf();
            move |source| StoreError::Write { path, source }
        };
        let file = std::fs::File::open(&log).map_err(|source| StoreError::Read {
            path: log.clone(),
            source,
        })?;
        // A session that logged its end lets go of its log a moment later: wait for that.
        let ending = index::summarise(&log).is_ok_and(|s| s.status == SessionStatus::Ended);
        let locked = super::lock_with_patience(file, ENGINE_ENDING, |_| ending);
        // Held while the files move: an engine resuming the session meanwhile waits or is
        // refused, and one that opened the log just before finds it gone and starts anew.
        let _held = match locked {
            Ok(locked) => Some(locked),
            Err((file, Errno::EWOULDBLOCK)) => {
                return Err(StoreError::Busy {
                    path: log.clone(),
                    pid: super::lock_holder(&file),
                });
            }
            Err((_, Errno::ENOLCK | Errno::EOPNOTSUPP | Errno::ENOSYS)) => None,
            Err((_, errno)) => return Err(write_error(&log)(errno.into())),
        };
        let trash = self.trash_dir();
        std::fs::create_dir_all(&trash).map_err(write_error(&trash))?;
        // A session deleted before, resumed and deleted again keeps both copies.
        let name = (0..)
            .map(|n| match n {
                0 => id.clone(),
                n => format!("{id}.{n}"),
            })
            .find(|name| !trash.join(format!("{name}.jsonl")).exists())
            .unwrap_or_else(|| id.clone());
        let to = trash.join(format!("{name}.jsonl"));
        std::fs::rename(&log, &to).map_err(write_error(&log))?;
        // The rest is derived (the summary) or optional (screenshots): moved when there.
        let moves = [
            (index::summary_path(&log), index::summary_path(&to)),
            (log.with_extension(""), to.with_extension("")),
        ];
        for (from, to) in moves {
            if from.exists()
                && let Err(e) = std::fs::rename(&from, &to)
            {
                tracing::warn!("{} was not moved to the trash: {e}", from.display());
            }
        }
        Ok(to)
    }

    /// Calls `changed` (from a thread of its own) soon after sessions appear, go, or change
    /// what a list shows, at most about every `settle`, until the returned watch is dropped.
    pub fn watch(
        &self,
        settle: Duration,
        changed: impl Fn() + Send + 'static,
    ) -> Result<ListWatch, StoreError> {
        let dir = self.dir();
        std::fs::create_dir_all(&dir).map_err(|source| StoreError::Write {
            path: dir.clone(),
            source,
        })?;
        let (tx, rx) = mpsc::channel::<()>();
        let mut watcher = notify::recommended_watcher(move |e: notify::Result<notify::Event>| {
            if e.is_ok_and(|e| e.paths.iter().any(|p| shown_change(p, &e.kind))) {
                let _ = tx.send(());
            }
        })
        .map_err(|e| StoreError::Read {
            path: dir.clone(),
            source: std::io::Error::other(e),
        })?;
        notify::Watcher::watch(&mut watcher, &dir, notify::RecursiveMode::NonRecursive).map_err(
            |e| StoreError::Read {
                path: dir.clone(),
                source: std::io::Error::other(e),
            },
        )?;
        std::thread::Builder::new()
            .name("session-list-watch".into())
            .spawn(move || {
                // Ends when the watcher (and with it the sender) is dropped.
                while rx.recv().is_ok() {
                    std::thread::sleep(settle);
                    while rx.try_recv().is_ok() {}
                    changed();
                }
            })
            .map_err(|source| StoreError::Read { path: dir, source })?;
        Ok(ListWatch { _watcher: watcher })
    }
}

/// Whether a change to `path` can change a listing: a summary rewritten (the engine rewrites it
/// when a shown field or the status changes), a log created or removed.
fn shown_change(path: &Path, kind: &notify::EventKind) -> bool {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name.ends_with(".meta.json")
        || (name.ends_with(".jsonl")
            && matches!(
                kind,
                notify::EventKind::Create(_)
                    | notify::EventKind::Remove(_)
                    | notify::EventKind::Modify(notify::event::ModifyKind::Name(_))
            ))
}

/// Keeps [`SessionStore::watch`]'s notices coming while it lives.
pub struct ListWatch {
    _watcher: notify::RecommendedWatcher,
}

#[cfg(test)]
#[path = "catalog_tests.rs"]
mod tests;
