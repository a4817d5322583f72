//! The session log: every event appended as one JSON line the moment it happens, so a crash
//! or SIGKILL loses nothing already shown; listing past sessions; rebuilding a conversation.
//!
//! One writer per log: the engine that opens a log for writing holds an advisory lock on it
//! (`flock`) for as long as the session lives, and the kernel drops the lock when that process
//! ends, however it ends. A second engine opening the same log (resuming in the app a session
//! that is live in a terminal) is refused with [`StoreError::Busy`] before it appends anything.
//! Readers (listing, replay, following a live session) take no lock.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::fcntl::{Flock, FlockArg};

use oi_protocol::{Event, EventMsg};

use crate::history::{History, HistoryItem};

mod catalog;
mod follow;
mod index;

pub use catalog::{ListWatch, SessionStore};
pub use follow::{Following, LogFollower};
pub use index::{SessionSummary, summarise};

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("cannot write the session log {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot read the session log {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("no saved session matches `{0}` (see `interpreter --conversations`)")]
    NotFound(String),
    /// Another engine (another process, or another session of this one) writes this log.
    #[error(
        "the session is open elsewhere{}: another engine is writing its log {}; close it there \
         first, or start a new session",
        .pid.map(|pid| format!(" (pid {pid})")).unwrap_or_default(),
        .path.display()
    )]
    Busy { path: PathBuf, pid: Option<u32> },
}

/// Where sessions are kept: `$XDG_DATA_HOME/open-interpreter/sessions`.
pub fn sessions_dir(data_dir: &Path) -> PathBuf {
    data_dir.join("sessions")
}

/// How long opening a log waits for an engine of this process that holds it to end.
const OWN_ENGINE_ENDING: std::time::Duration = std::time::Duration::from_secs(2);

/// Appends events to a JSONL file with one unbuffered write per line, holding the log's lock.
pub struct SessionLog {
    path: PathBuf,
    file: LogFile,
    /// Kept beside the log ([`index`]), for listing without reading every event.
    summary: SessionSummary,
}

enum LogFile {
    /// Locked until dropped (or until the process ends).
    Locked(Flock<File>),
    /// On a filesystem without `flock` (some network and FUSE mounts): written unguarded.
    Unlocked(File),
}

impl LogFile {
    fn get(&self) -> &File {
        match self {
            LogFile::Locked(locked) => locked,
            LogFile::Unlocked(file) => file,
        }
    }
}

impl SessionLog {
    /// Opens `path` for appending, refusing with [`StoreError::Busy`] when another engine has
    /// it open for writing.
    pub fn open(path: &Path) -> Result<SessionLog, StoreError> {
        let write_error = |source| StoreError::Write {
            path: path.to_path_buf(),
            source,
        };
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(write_error)?;
        }
        // A log moved away (to the trash) between our open and our lock is not the session's
        // log any more: open the path again.
        let file = loop {
            let file = OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(write_error)?;
            // An engine of this very process that is ending (an editor closed the session and
            // loads it again at once) lets go of the lock in a moment: wait for it, briefly.
            let locked = lock_with_patience(file, OWN_ENGINE_ENDING, own_or_let_go);
            let file = match locked {
                Ok(locked) => LogFile::Locked(locked),
                Err((file, Errno::EWOULDBLOCK)) => {
                    return Err(StoreError::Busy {
                        path: path.to_path_buf(),
                        pid: lock_holder(&file),
                    });
                }
                Err((file, errno @ (Errno::ENOLCK | Errno::EOPNOTSUPP | Errno::ENOSYS))) => {
                    tracing::warn!(
                        path = %path.display(),
                        "the session log cannot be locked here ({errno}); another engine could write it too"
                    );
                    LogFile::Unlocked(file)
                }
                Err((_, errno)) => return Err(write_error(errno.into())),
            };
            if names(path, &file) {
                break file;
            }
        };
        // Under the lock: nobody else appends while the summary catches up with the log.
        let summary = index::summarise(path)?;
        Ok(SessionLog {
            path: path.to_path_buf(),
            file,
            summary,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    pub fn append(&mut self, event: &Event) -> Result<(), StoreError> {
        let mut line = serde_json::to_vec(event).map_err(|e| StoreError::Write {
            path: self.path.clone(),
            source: std::io::Error::other(e),
        })?;
        line.push(b'\n');
        let mut file = self.file.get();
        // One write call per line: the kernel has it even if this process is killed next.
        file.write_all(&line).map_err(|source| StoreError::Write {
            path: self.path.clone(),
            source,
        })?;
        let shown_changed = self.summary.observe(event, line.len() as u64);
        if SessionSummary::worth_saving(event, shown_changed) {
            self.save_summary();
        }
        Ok(())
    }

    /// The summary is a cache of the log: failing to write it costs a slower listing, no data.
    fn save_summary(&self) {
        if let Err(e) = index::save(&self.summary) {
            tracing::warn!("the session summary was not saved: {e}");
        }
    }
}

impl Drop for SessionLog {
    fn drop(&mut self) {
        self.save_summary();
    }
}

/// Whether `path` still names the open `file` (not moved away or replaced meanwhile).
fn names(path: &Path, file: &LogFile) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(path), file.get().metadata()) {
        (Ok(named), Ok(open)) => named.dev() == open.dev() && named.ino() == open.ino(),
        _ => false,
    }
}

/// Locks `file` for writing. While another holds it and `lets_go_soon` says that holder is
/// ending, tries again every 20 ms for up to `patience`; then the last answer stands.
fn lock_with_patience(
    mut file: File,
    patience: std::time::Duration,
    lets_go_soon: impl Fn(&File) -> bool,
) -> Result<Flock<File>, (File, Errno)> {
    let until = std::time::Instant::now() + patience;
    loop {
        match Flock::lock(file, FlockArg::LockExclusiveNonblock) {
            Err((busy, Errno::EWOULDBLOCK))
                if std::time::Instant::now() < until && lets_go_soon(&busy) =>
            {
                file = busy;
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            other => return other,
        }
    }
}

/// Which process holds the `flock` on `file`, from Linux's `/proc/locks` (elsewhere, or in a
/// pid namespace that hides it, `None`).
fn lock_holder(file: &File) -> Option<u32> {
    holder_in(&flock_holders()?, file)?.filter(|&pid| pid != 0)
}

/// The holder of `file`'s lock among `held`: `Some(None)` when nobody holds it.
fn holder_in(held: &[((u64, u64), u32)], file: &File) -> Option<Option<u32>> {
    use std::os::unix::fs::MetadataExt;
    let meta = file.metadata().ok()?;
    let id = (meta.dev(), meta.ino());
    Some(held.iter().find_map(|&(f, pid)| (f == id).then_some(pid)))
}

/// The lock on `file` is held by an engine of this process (which is ending), or by nobody any
/// more (let go since our try): worth trying again. Not where `/proc/locks` cannot say.
fn own_or_let_go(file: &File) -> bool {
    let Some(held) = flock_holders() else {
        return false;
    };
    match holder_in(&held, file) {
        Some(Some(pid)) => pid == std::process::id(),
        Some(None) => true,
        None => false,
    }
}

/// Every `flock` held on this machine, as ((device, inode) as `stat` gives them, pid; 0 for a
/// holder in a pid namespace this process cannot see), from Linux's `/proc/locks`; `None` where
/// there is no such file. The device counts: an inode number alone is another file on another
/// file system.
pub(crate) fn flock_holders() -> Option<Vec<((u64, u64), u32)>> {
    // The kernel walks its list of locks afresh at each `read`, by position, so a lock taken
    // or let go between two reads can make the next one skip a lock held all along. Read in
    // small pieces (as `read_to_string` reads, its first read 32 bytes), the lock of a
    // terminal session still writing went unseen once while other tests' engines came and
    // went, and the app took the session for ended. So: large reads (a page of locks comes in
    // one walk), and two passes, a lock held in either counting (one let go in between counts
    // as held a poll longer).
    let mut held: Vec<((u64, u64), u32)> = Vec::new();
    for _ in 0..2 {
        for lock in read_locks()?.lines().filter_map(flock_line) {
            if !held.contains(&lock) {
                held.push(lock);
            }
        }
    }
    Some(held)
}

/// `/proc/locks`, read in pieces as large as the kernel gives.
fn read_locks() -> Option<String> {
    use std::io::Read;
    let mut file = File::open("/proc/locks").ok()?;
    let mut text = Vec::new();
    let mut piece = vec![0u8; 64 * 1024];
    loop {
        match file.read(&mut piece).ok()? {
            0 => break,
            n => text.extend_from_slice(&piece[..n]),
        }
    }
    Some(String::from_utf8_lossy(&text).into_owned())
}

/// One line of `/proc/locks` when it is a held `flock`:
/// `1: FLOCK  ADVISORY  WRITE 1234 fd:01:5678 0 EOF` (major and minor in hex); a waiter's line
/// has `->` first.
fn flock_line(line: &str) -> Option<((u64, u64), u32)> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let at = fields.iter().position(|f| *f == "FLOCK")?;
    if fields.get(at.checked_sub(1)?) == Some(&"->") {
        return None;
    }
    let pid: u32 = fields.get(at + 3)?.parse().ok()?;
    let mut file = fields.get(at + 4)?.split(':');
    let major = u64::from_str_radix(file.next()?, 16).ok()?;
    let minor = u64::from_str_radix(file.next()?, 16).ok()?;
    let inode = file.next()?.parse::<u64>().ok()?;
    Some(((nix::libc::makedev(major as u32, minor as u32), inode), pid))
}

/// Reads every event of a log; a torn last line (killed mid-write) is skipped.
pub fn read_events(path: &Path) -> Result<Vec<Event>, StoreError> {
    let file = File::open(path).map_err(|source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut events = Vec::new();
    for (n, line) in BufReader::new(file).lines().enumerate() {
        let line = line.map_err(|source| StoreError::Read {
            path: path.to_path_buf(),
            source,
        })?;
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Event>(&line) {
            Ok(e) => events.push(e),
            Err(e) => {
                tracing::warn!(path = %path.display(), line = n + 1, "skipping unreadable log line: {e}")
            }
        }
    }
    Ok(events)
}

/// The conversation a log describes, as the model should see it when the session resumes.
/// Text that streamed before a crash is kept; a call cut off mid-run gets the output it had.
pub fn rebuild_history(events: &[Event]) -> History {
    let mut rebuild = Rebuild::default();
    for event in events {
        rebuild.apply(&event.msg);
    }
    rebuild.finish()
}

/// The events that rebuild `history` (through [`rebuild_history`]), for a `%load`ed
/// conversation to be part of this session's own log. Screenshots of tool results are not
/// replayed (the log names them with their sizes, which history does not keep).
pub fn replay_events(history: &History) -> Vec<EventMsg> {
    let mut out = Vec::new();
    for item in history.items() {
        match item {
            HistoryItem::User { items } => out.push(EventMsg::UserMessage {
                items: items.clone(),
            }),
            HistoryItem::Assistant {
                text,
                reasoning,
                calls,
                interrupted,
            } => {
                if !reasoning.is_empty() {
                    out.push(EventMsg::ReasoningDelta {
                        delta: reasoning.clone(),
                    });
                }
                out.push(EventMsg::AssistantMessage {
                    text: text.clone(),
                    interrupted: *interrupted,
                });
                out.extend(
                    calls
                        .iter()
                        .map(|call| EventMsg::ToolCallProposed { call: call.clone() }),
                );
            }
            HistoryItem::ToolResult {
                call_id,
                output,
                is_error,
                ..
            } => out.push(EventMsg::ToolResult {
                call_id: call_id.clone(),
                output: output.clone(),
                is_error: *is_error,
            }),
        }
    }
    out
}

/// The state of [`rebuild_history`] between events: the assistant message being assembled.
#[derive(Default)]
struct Rebuild {
    history: History,
    text: String,
    reasoning: String,
    calls: Vec<oi_protocol::ToolCall>,
    /// What the log said of the message being assembled (`AssistantMessage`); `None` while it
    /// has only streamed, which makes it interrupted if nothing completes it.
    interrupted: Option<bool>,
    exec_output: std::collections::HashMap<String, String>,
    screenshots: std::collections::HashMap<String, Vec<String>>,
}

impl Rebuild {
    fn apply(&mut self, msg: &EventMsg) {
        match msg {
            EventMsg::UserMessage { items } => {
                self.flush();
                self.history.push(HistoryItem::User {
                    items: items.clone(),
                });
            }
            EventMsg::AssistantTextDelta { delta } => self.text.push_str(delta),
            EventMsg::ReasoningDelta { delta } => self.reasoning.push_str(delta),
            EventMsg::AssistantMessage { text, interrupted } => {
                self.text = text.clone();
                self.interrupted = Some(*interrupted);
            }
            EventMsg::ToolCallProposed { call } => self.calls.push(call.clone()),
            EventMsg::ModelRequestStarted { .. } | EventMsg::TurnEnded { .. } => self.flush(),
            EventMsg::ExecOutput { call_id, chunk, .. } => {
                self.exec_output
                    .entry(call_id.clone())
                    .or_default()
                    .push_str(chunk);
            }
            EventMsg::ScreenshotTaken {
                call_id: Some(call_id),
                screenshot,
            } => {
                self.screenshots
                    .entry(call_id.clone())
                    .or_default()
                    .push(screenshot.path.clone());
            }
            EventMsg::ToolResult {
                call_id,
                output,
                is_error,
            } => {
                self.flush();
                let tool_name = tool_name_of(&self.history, call_id);
                self.history.push(HistoryItem::ToolResult {
                    call_id: call_id.clone(),
                    tool_name,
                    output: output.clone(),
                    is_error: *is_error,
                    images: self.screenshots.remove(call_id).unwrap_or_default(),
                });
            }
            EventMsg::HistoryReset => {
                self.flush();
                self.history.clear();
            }
            EventMsg::HistoryUndone { .. } => {
                self.flush();
                self.history.undo();
            }
            _ => {}
        }
    }

    /// Ends the assistant message being assembled, if there is one.
    fn flush(&mut self) {
        if !self.text.is_empty() || !self.calls.is_empty() {
            self.history.push(HistoryItem::Assistant {
                // As the session had it: an answer a correction set aside is not shown again.
                text: crate::coaching::answer_shown(std::mem::take(&mut self.text), &self.calls),
                reasoning: std::mem::take(&mut self.reasoning),
                calls: std::mem::take(&mut self.calls),
                interrupted: self.interrupted.unwrap_or(true),
            });
        }
        self.reasoning.clear();
        self.interrupted = None;
    }

    fn finish(mut self) -> History {
        self.flush();
        // Calls that never got a result: the model must still see an answer to each.
        for call in self.history.unanswered_calls() {
            let seen = self.exec_output.remove(&call.call_id).unwrap_or_default();
            let output = if seen.is_empty() {
                "(the session ended before this call finished; it may not have run)".to_string()
            } else {
                format!("{seen}\n(the session ended before this call finished)")
            };
            self.history.push(HistoryItem::ToolResult {
                call_id: call.call_id.clone(),
                tool_name: call.name.clone(),
                output,
                is_error: true,
                images: Vec::new(),
            });
        }
        self.history
    }
}

fn tool_name_of(history: &History, call_id: &str) -> String {
    history
        .items()
        .iter()
        .rev()
        .find_map(|i| match i {
            HistoryItem::Assistant { calls, .. } => calls
                .iter()
                .find(|c| c.call_id == call_id)
                .map(|c| c.name.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_protocol::{CallOrigin, InputItem, ToolAction, ToolCall, TurnEndReason};
    use serde_json::json;

    #[test]
    fn a_lock_held_throughout_is_seen_while_others_come_and_go() {
        use std::os::unix::fs::MetadataExt;
        use std::sync::atomic::{AtomicBool, Ordering};
        let dir = tempfile::tempdir().unwrap();
        let held = File::create(dir.path().join("held.jsonl")).unwrap();
        let held = nix::fcntl::Flock::lock(held, nix::fcntl::FlockArg::LockExclusiveNonblock)
            .map_err(|(_, e)| e)
            .unwrap();
        let meta = held.metadata().unwrap();
        let id = (meta.dev(), meta.ino());
        // Other locks taken and let go all the while, as the engines of other sessions do.
        let stop = std::sync::Arc::new(AtomicBool::new(false));
        let churn: Vec<_> = (0..2)
            .map(|n| {
                let stop = stop.clone();
                let path = dir.path().join(format!("other{n}"));
                std::thread::spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let files: Vec<_> = (0..20)
                            .filter_map(|i| File::create(path.with_extension(i.to_string())).ok())
                            .filter_map(|f| {
                                nix::fcntl::Flock::lock(f, nix::fcntl::FlockArg::LockExclusive).ok()
                            })
                            .collect();
                        drop(files);
                    }
                })
            })
            .collect();
        let missed = (0..3000)
            .filter(|_| !flock_holders().unwrap().iter().any(|(file, _)| *file == id))
            .count();
        stop.store(true, Ordering::Relaxed);
        for thread in churn {
            thread.join().unwrap();
        }
        assert_eq!(
            missed, 0,
            "a lock held all along was missed {missed} times of 3000"
        );
    }

    fn events(msgs: Vec<EventMsg>) -> Vec<Event> {
        msgs.into_iter()
            .enumerate()
            .map(|(seq, msg)| Event {
                id: "s".into(),
                seq: seq as u64,
                time_ms: 0,
                msg,
            })
            .collect()
    }

    fn user(text: &str) -> HistoryItem {
        HistoryItem::User {
            items: vec![InputItem::Text { text: text.into() }],
        }
    }

    fn assistant(text: &str, calls: Vec<ToolCall>, interrupted: bool) -> HistoryItem {
        HistoryItem::Assistant {
            text: text.into(),
            reasoning: if interrupted { "" } else { "thought" }.into(),
            calls,
            interrupted,
        }
    }

    pub(super) fn shell_call(id: &str) -> ToolCall {
        ToolCall {
            call_id: id.into(),
            wire_id: None,
            name: "execute".into(),
            arguments: json!({"language": "shell", "code": "ls"}),
            origin: CallOrigin::Native,
            action: ToolAction::RunCode {
                language: "shell".into(),
                code: "ls".into(),
            },
        }
    }

    pub(super) fn configured(model: &str, cwd: &str) -> EventMsg {
        EventMsg::SessionConfigured(oi_protocol::SessionInfo {
            session_id: "s".into(),
            model: model.into(),
            profile: "classic".into(),
            cwd: cwd.into(),
            approval_policy: oi_protocol::ApprovalPolicy::Ask,
            log_path: String::new(),
            resumed: false,
            protocol_version: 1,
            sandbox: None,
            safe_mode: Default::default(),
        })
    }

    pub(super) fn said(text: &str) -> EventMsg {
        EventMsg::UserMessage {
            items: vec![InputItem::Text { text: text.into() }],
        }
    }

    pub(super) fn ended() -> EventMsg {
        EventMsg::TurnEnded {
            turn: 1,
            reason: TurnEndReason::Completed,
        }
    }

    /// Listing reads the summaries beside the logs, and each is exact: what a live writer
    /// logged since its last save (mid-turn, or killed) is folded in by the reader.
    #[test]
    fn sessions_are_listed_from_summaries_that_stay_exact() {
        let data = tempfile::tempdir().unwrap();
        let dir = sessions_dir(data.path());
        let path = dir.join("a.jsonl");
        let mut log = SessionLog::open(&path).unwrap();
        for event in events(vec![
            configured("openai/gpt-4o", "/work/a"),
            said("count the lines of every file here please, then sum them up"),
            ended(),
        ]) {
            log.append(&event).unwrap();
        }
        let meta = index::summary_path(&path);
        let saved: SessionSummary = serde_json::from_slice(&std::fs::read(&meta).unwrap()).unwrap();
        assert_eq!(saved.events, 3);
        assert_eq!(saved.log_len, std::fs::metadata(&path).unwrap().len());

        // Mid-turn: two more events not yet in the saved summary; the listing has them.
        for event in events(vec![
            EventMsg::ModelChanged {
                model: "ollama/qwen".into(),
            },
            EventMsg::AssistantTextDelta { delta: "Hi".into() },
        ]) {
            log.append(&event).unwrap();
        }
        let store = SessionStore::new(data.path());
        let listed = store.list().unwrap();
        assert_eq!(listed.len(), 1);
        let s = &listed[0];
        assert_eq!(
            (s.id.as_str(), s.model.as_str(), s.events, s.cwd.as_deref()),
            ("a", "ollama/qwen", 5, Some("/work/a"))
        );
        assert_eq!(
            s.title,
            "count the lines of every file here please, then sum…"
        );
        assert_eq!(store.log_path(&s.id), path);

        // A log from before summaries (none beside it) is read once and summarised.
        drop(log);
        let old = dir.join("b.jsonl");
        let lines: Vec<String> = events(vec![configured("m", "/w/b"), said("hello")])
            .iter()
            .map(|e| serde_json::to_string(e).unwrap() + "\n")
            .collect();
        std::fs::write(&old, lines.concat()).unwrap();
        assert!(!index::summary_path(&old).exists());
        let listed = store.list().unwrap();
        assert_eq!(listed.len(), 2);
        let b = listed.iter().find(|s| s.id == "b").unwrap();
        assert_eq!((b.events, b.title.as_str()), (2, "hello"));
        assert!(index::summary_path(&old).exists());

        // A torn last line (killed mid-write) is not counted until it is whole.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&old)
            .unwrap()
            .write_all(b"{\"id\":\"s\",\"se")
            .unwrap();
        let b = summarise(&old).unwrap();
        assert_eq!(b.events, 2);
        // A summary that is nonsense is rebuilt from the log.
        std::fs::write(index::summary_path(&path), b"{not json").unwrap();
        assert_eq!(summarise(&path).unwrap().events, 5);
        assert_eq!(store.replay("a").unwrap().len(), 5);
    }

    /// A follower gets each whole line once, in order, and waits for a torn one.
    #[test]
    fn a_follower_reads_what_the_writer_appends() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.jsonl");
        let mut log = SessionLog::open(&path).unwrap();
        let mut follower = LogFollower::new(&path);
        assert!(follower.read_new().unwrap().is_empty());
        let all = events(vec![said("one"), said("two"), ended()]);
        log.append(&all[0]).unwrap();
        log.append(&all[1]).unwrap();
        assert_eq!(follower.read_new().unwrap(), all[..2].to_vec());
        assert!(follower.read_new().unwrap().is_empty());
        let line = serde_json::to_string(&all[2]).unwrap() + "\n";
        let (head, tail) = line.split_at(7);
        let mut file = std::fs::OpenOptions::new()
            .append(true)
            .open(&path)
            .unwrap();
        file.write_all(head.as_bytes()).unwrap();
        assert!(follower.read_new().unwrap().is_empty());
        file.write_all(tail.as_bytes()).unwrap();
        assert_eq!(follower.read_new().unwrap(), all[2..].to_vec());
    }

    #[test]
    fn a_lock_is_known_by_its_device_and_inode() {
        let held = flock_line("1: FLOCK  ADVISORY  WRITE 1234 fe:0a:5678 0 EOF");
        assert_eq!(held, Some(((nix::libc::makedev(0xfe, 0x0a), 5678), 1234)));
        assert_eq!(
            flock_line("1: -> FLOCK  ADVISORY  WRITE 99 fe:0a:5678 0 EOF"),
            None,
            "a waiter holds nothing"
        );
        assert_eq!(
            flock_line("2: POSIX  ADVISORY  WRITE 1 08:01:2 0 EOF"),
            None
        );
    }

    #[test]
    fn an_engine_of_this_process_that_is_ending_is_waited_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sessions").join("s.jsonl");
        let writer = SessionLog::open(&path).unwrap();
        // The session is closed, and its engine lets go a moment after the next open starts.
        let ending = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(200));
            drop(writer);
        });
        let again = SessionLog::open(&path);
        ending.join().unwrap();
        assert!(again.is_ok(), "{:?}", again.err());
    }

    #[test]
    fn a_log_has_one_writer_and_any_number_of_readers() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sessions").join("s.jsonl");
        let mut writer = SessionLog::open(&path).unwrap();
        for event in events(vec![EventMsg::HistoryReset]) {
            writer.append(&event).unwrap();
        }
        // A second open is another open file description: refused like another process.
        let Err(e) = SessionLog::open(&path) else {
            panic!("two writers of one log");
        };
        let StoreError::Busy { path: busy, pid } = &e else {
            panic!("{e}");
        };
        assert_eq!(busy, &path);
        if Path::new("/proc/locks").exists() {
            assert_eq!(*pid, Some(std::process::id()));
            let expected = format!(
                "the session is open elsewhere (pid {}): another engine is writing its log",
                std::process::id()
            );
            assert!(e.to_string().starts_with(&expected), "{e}");
        }
        assert_eq!(read_events(&path).unwrap().len(), 1, "nothing appended");
        drop(writer);
        let mut again = SessionLog::open(&path).unwrap();
        for event in events(vec![EventMsg::HistoryReset]) {
            again.append(&event).unwrap();
        }
        assert_eq!(read_events(&path).unwrap().len(), 2);
    }

    #[test]
    fn a_replayed_conversation_rebuilds_to_itself() {
        let mut history = History::default();
        for item in [
            user("list the files"),
            assistant("Listing.", vec![shell_call("c1")], false),
            HistoryItem::ToolResult {
                call_id: "c1".into(),
                tool_name: "execute".into(),
                output: "a.txt".into(),
                is_error: false,
                images: Vec::new(),
            },
            assistant("There is a.txt.", Vec::new(), false),
            user("and now?"),
            assistant("Let me", Vec::new(), true),
            user("go on"),
        ] {
            history.push(item);
        }
        let rebuilt = rebuild_history(&events(replay_events(&history)));
        assert_eq!(rebuilt, history);
    }

    #[test]
    fn a_message_is_interrupted_unless_the_log_completes_it() {
        let rebuilt = rebuild_history(&events(vec![
            EventMsg::UserMessage {
                items: vec![InputItem::Text { text: "hi".into() }],
            },
            EventMsg::AssistantTextDelta {
                delta: "Hel".into(),
            },
            EventMsg::AssistantMessage {
                text: "Hello".into(),
                interrupted: false,
            },
            EventMsg::TurnEnded {
                turn: 1,
                reason: TurnEndReason::Completed,
            },
            EventMsg::UserMessage {
                items: vec![InputItem::Text {
                    text: "more".into(),
                }],
            },
            EventMsg::AssistantTextDelta {
                delta: "Cut sh".into(),
            },
        ]));
        let interrupted: Vec<(String, bool)> = rebuilt
            .items()
            .iter()
            .filter_map(|i| match i {
                HistoryItem::Assistant {
                    text, interrupted, ..
                } => Some((text.clone(), *interrupted)),
                _ => None,
            })
            .collect();
        assert_eq!(
            interrupted,
            vec![("Hello".to_string(), false), ("Cut sh".to_string(), true)]
        );
    }
}
