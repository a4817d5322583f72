//! A small summary kept beside each session log (`<id>.meta.json`), so listing sessions reads
//! a few hundred bytes per session instead of every event of every log.
//!
//! The summary records how many bytes of the log it describes (`log_len`). The engine that
//! writes a log rewrites its summary when a shown field changes (model, profile, title) and at
//! the end of each turn; a reader folds in whatever the log gained since (a live session in the
//! middle of a turn, or one whose engine was killed), so a listing is always exact. A log that
//! has no summary yet (written before summaries existed) is read once and summarised.

use std::path::{Path, PathBuf};

use oi_protocol::{Event, EventMsg, InputItem};
use serde::{Deserialize, Serialize};

use super::StoreError;

/// A past or running session, as lists show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionSummary {
    pub id: String,
    /// The log (never stored: it is beside the summary).
    #[serde(skip)]
    pub path: PathBuf,
    pub started_ms: u64,
    /// When the last event was logged.
    #[serde(default)]
    pub updated_ms: u64,
    /// The folder the session works in.
    #[serde(default)]
    pub cwd: Option<PathBuf>,
    pub model: String,
    pub profile: String,
    /// The first words the person wrote.
    pub first_words: String,
    /// Events logged.
    pub events: usize,
    /// Bytes of the log this summary describes.
    #[serde(default)]
    pub log_len: u64,
}

impl SessionSummary {
    fn empty(path: &Path) -> Self {
        SessionSummary {
            id: path
                .file_stem()
                .map(|s| s.to_string_lossy().into_owned())
                .unwrap_or_default(),
            path: path.to_path_buf(),
            started_ms: 0,
            updated_ms: 0,
            cwd: None,
            model: String::new(),
            profile: String::new(),
            first_words: String::new(),
            events: 0,
            log_len: 0,
        }
    }

    /// Takes one logged event (of `line_len` bytes with its newline) into the summary. Returns
    /// whether a field a list shows changed.
    pub(crate) fn observe(&mut self, event: &Event, line_len: u64) -> bool {
        if self.events == 0 {
            self.started_ms = event.time_ms;
        }
        self.events += 1;
        self.updated_ms = event.time_ms;
        self.log_len += line_len;
        match &event.msg {
            EventMsg::SessionConfigured(info) => {
                self.model.clone_from(&info.model);
                self.profile.clone_from(&info.profile);
                self.cwd = Some(PathBuf::from(&info.cwd));
                true
            }
            EventMsg::ModelChanged { model } => {
                self.model.clone_from(model);
                true
            }
            EventMsg::ProfileChanged { profile } => {
                self.profile.clone_from(profile);
                true
            }
            EventMsg::UserMessage { items } if self.first_words.is_empty() => {
                let text: Vec<&str> = items
                    .iter()
                    .filter_map(|i| match i {
                        InputItem::Text { text } => Some(text.as_str()),
                        _ => None,
                    })
                    .collect();
                self.first_words = first_words(&text.join(" "), 10);
                true
            }
            _ => false,
        }
    }

    /// Whether the engine should write the summary now: a shown field changed, or a turn ended
    /// (the event count and time are then right at rest).
    pub(crate) fn worth_saving(event: &Event, shown_changed: bool) -> bool {
        shown_changed
            || matches!(
                event.msg,
                EventMsg::TurnEnded { .. }
                    | EventMsg::SessionSaved { .. }
                    | EventMsg::ShutdownComplete
                    | EventMsg::HistoryReset
                    | EventMsg::HistoryUndone { .. }
            )
    }

    /// Folds in the log's lines from byte `self.log_len` on. A torn last line (killed
    /// mid-write) is left for later; an unreadable whole line is counted and skipped.
    fn catch_up(&mut self) -> Result<(), StoreError> {
        let lines = super::follow::whole_lines(&self.path, self.log_len)?;
        if lines.restarted {
            // The log was replaced or cut: start over.
            *self = SessionSummary::empty(&self.path.clone());
        }
        for (event, len) in lines.lines {
            match event {
                Some(event) => {
                    self.observe(&event, len);
                }
                None => self.log_len += len,
            }
        }
        Ok(())
    }
}

/// Where the summary of the log at `log` is kept.
pub(crate) fn summary_path(log: &Path) -> PathBuf {
    log.with_extension("meta.json")
}

/// Writes `summary` beside its log, atomically (a reader sees the old one or the new one).
pub(crate) fn save(summary: &SessionSummary) -> Result<(), StoreError> {
    let path = summary_path(&summary.path);
    let write_error = |source| StoreError::Write {
        path: path.clone(),
        source,
    };
    let text = serde_json::to_vec(summary).map_err(|e| write_error(std::io::Error::other(e)))?;
    let tmp = path.with_extension(format!("tmp.{}", std::process::id()));
    std::fs::write(&tmp, text).map_err(write_error)?;
    std::fs::rename(&tmp, &path).map_err(write_error)
}

/// The summary of the log at `log`, exact as of now.
pub fn summarise(log: &Path) -> Result<SessionSummary, StoreError> {
    let stored = std::fs::read(summary_path(log))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<SessionSummary>(&bytes).ok());
    let had = stored.as_ref().map(|s| s.log_len);
    let mut summary = stored.unwrap_or_else(|| SessionSummary::empty(log));
    summary.path = log.to_path_buf();
    summary.catch_up()?;
    // A log read whole once is summarised for next time; a live one's engine keeps it current.
    if had.is_none() && summary.events > 0 && save(&summary).is_err() {
        tracing::debug!(log = %log.display(), "could not save the session summary");
    }
    Ok(summary)
}

fn first_words(text: &str, n: usize) -> String {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut s = words.iter().take(n).copied().collect::<Vec<_>>().join(" ");
    if words.len() > n {
        s.push('…');
    }
    s
}
