//! The index of the session logs: a small summary kept beside each log (`<id>.meta.json`), so
//! listing sessions reads a few hundred bytes per session instead of every event of every log.
//!
//! A summary is a cache of its log, never the truth: it records which log it describes (device
//! and inode) and how many bytes of it (`log_len`). Whoever reads it folds in what the log
//! gained since (a live session in the middle of a turn, or one whose engine was killed), so a
//! listing is always exact; a summary that is missing, unreadable, of an older layout or of
//! another log (replaced, cut) is rebuilt from the log. The engine that writes a log rewrites
//! its summary when a shown field or the status changes and at the end of each turn.
//!
//! Several processes (the terminal, the app, editors' agents) may write summaries at once: each
//! writes a file of its own and renames it into place, so a reader sees a whole old summary or
//! a whole new one, and a summary that lost a race to an older one is only a slower catch-up.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use oi_protocol::{Event, EventMsg, InputItem, SessionStatus};
use serde::{Deserialize, Serialize};

use super::StoreError;

/// The summary layout; a summary of another version is rebuilt from its log.
const LAYOUT: u32 = 2;

/// A logged session, as far as its log says (whether its engine still runs is the listing's
/// business: see `catalog`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionSummary {
    #[serde(default)]
    pub layout: u32,
    pub id: String,
    /// The log (never stored: it is beside the summary).
    #[serde(skip)]
    pub path: PathBuf,
    pub started_ms: u64,
    /// When the last event was logged.
    pub updated_ms: u64,
    /// The folder the session works in.
    pub cwd: Option<PathBuf>,
    pub model: String,
    pub profile: String,
    /// The first words the person wrote.
    pub first_words: String,
    /// What the log's last events say the session is doing.
    pub status: SessionStatus,
    /// Approvals requested and not yet decided.
    pub pending_approvals: u32,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Events logged.
    pub events: usize,
    /// Lines that are whole but not an event (skipped, kept in the log).
    pub unreadable_lines: usize,
    /// Bytes of the log this summary describes.
    pub log_len: u64,
    /// Which file the summary describes: its device and inode.
    pub log_file: (u64, u64),
}

impl SessionSummary {
    fn empty(path: &Path, log_file: (u64, u64)) -> Self {
        SessionSummary {
            layout: LAYOUT,
            id: session_id(path),
            path: path.to_path_buf(),
            started_ms: 0,
            updated_ms: 0,
            cwd: None,
            model: String::new(),
            profile: String::new(),
            first_words: String::new(),
            status: SessionStatus::Idle,
            pending_approvals: 0,
            input_tokens: 0,
            output_tokens: 0,
            events: 0,
            unreadable_lines: 0,
            log_len: 0,
            log_file,
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
        let status = self.status;
        let shown = match &event.msg {
            EventMsg::SessionConfigured(info) => {
                self.model.clone_from(&info.model);
                self.profile.clone_from(&info.profile);
                self.cwd = Some(PathBuf::from(&info.cwd));
                // A resumed session's engine starts afresh.
                self.status = SessionStatus::Idle;
                self.pending_approvals = 0;
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
            EventMsg::TurnStarted { .. } => {
                self.status = SessionStatus::Working;
                false
            }
            EventMsg::ApprovalRequested { .. } => {
                self.pending_approvals += 1;
                self.status = SessionStatus::WaitingForApproval;
                false
            }
            EventMsg::ApprovalDecided { .. } => {
                self.pending_approvals = self.pending_approvals.saturating_sub(1);
                if self.pending_approvals == 0 {
                    self.status = SessionStatus::Working;
                }
                false
            }
            EventMsg::TurnEnded { .. } => {
                self.pending_approvals = 0;
                self.status = SessionStatus::Idle;
                false
            }
            EventMsg::ShutdownComplete => {
                self.pending_approvals = 0;
                self.status = SessionStatus::Ended;
                false
            }
            EventMsg::TokenUsage(usage) => {
                self.input_tokens = u64::from(usage.total_input_tokens);
                self.output_tokens = u64::from(usage.total_output_tokens);
                false
            }
            _ => false,
        };
        shown || status != self.status
    }

    /// Whether the engine should write the summary now: a shown field or the status changed,
    /// or the counts are right at rest.
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
    fn catch_up(&mut self) -> Result<usize, StoreError> {
        let lines = super::follow::whole_lines(&self.path, self.log_len)?;
        if lines.restarted {
            // The log was cut: start over.
            *self = SessionSummary::empty(&self.path.clone(), self.log_file);
        }
        let read = lines.lines.len();
        for (event, len) in lines.lines {
            match event {
                Some(event) => {
                    self.observe(&event, len);
                }
                None => {
                    tracing::warn!(log = %self.path.display(), "skipping an unreadable log line");
                    self.unreadable_lines += 1;
                    self.log_len += len;
                }
            }
        }
        Ok(read)
    }
}

/// The session id a log's file name gives.
pub(crate) fn session_id(log: &Path) -> String {
    log.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

/// Where the summary of the log at `log` is kept.
pub(crate) fn summary_path(log: &Path) -> PathBuf {
    log.with_extension("meta.json")
}

/// The device and inode of the file at `path`.
pub(crate) fn file_identity(path: &Path) -> Result<(u64, u64), StoreError> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::metadata(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    Ok((meta.dev(), meta.ino()))
}

/// Writes `summary` beside its log, atomically: through a file no other writer (another
/// process, or another thread of this one) uses, renamed into place.
pub(crate) fn save(summary: &SessionSummary) -> Result<(), StoreError> {
    static WRITES: AtomicU64 = AtomicU64::new(0);
    let path = summary_path(&summary.path);
    let write_error = |source| StoreError::Write {
        path: path.clone(),
        source,
    };
    let text = serde_json::to_vec(summary).map_err(|e| write_error(std::io::Error::other(e)))?;
    let tmp = path.with_extension(format!(
        "tmp.{}.{}",
        std::process::id(),
        WRITES.fetch_add(1, Ordering::Relaxed)
    ));
    if let Err(e) = std::fs::write(&tmp, text) {
        let _ = std::fs::remove_file(&tmp);
        return Err(write_error(e));
    }
    std::fs::rename(&tmp, &path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        write_error(e)
    })
}

/// A reader that folded in this many lines saves what it learnt, so the next listing need not.
const WORTH_SAVING_LINES: usize = 64;

/// The summary of the log at `log`, exact as of now.
pub fn summarise(log: &Path) -> Result<SessionSummary, StoreError> {
    let identity = file_identity(log)?;
    /// Read first: a summary of another layout is rebuilt without a word.
    #[derive(Deserialize)]
    struct Layout {
        #[serde(default)]
        layout: u32,
    }
    let stored = match std::fs::read(summary_path(log)) {
        Ok(bytes) => match serde_json::from_slice::<Layout>(&bytes).and_then(|l| match l.layout {
            LAYOUT => serde_json::from_slice::<SessionSummary>(&bytes).map(Some),
            _ => Ok(None),
        }) {
            Ok(Some(s)) if s.log_file == identity => Some(s),
            Ok(_) => None,
            Err(e) => {
                tracing::warn!(log = %log.display(), "rebuilding an unreadable session summary: {e}");
                None
            }
        },
        Err(_) => None,
    };
    let rebuilt = stored.is_none();
    let mut summary = stored.unwrap_or_else(|| SessionSummary::empty(log, identity));
    summary.path = log.to_path_buf();
    let read = summary.catch_up()?;
    if (rebuilt || read >= WORTH_SAVING_LINES)
        && summary.events > 0
        && let Err(e) = save(&summary)
    {
        tracing::debug!("could not save the session summary: {e}");
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
