//! Following a session that another engine is writing (a terminal's or an editor's session
//! shown live in the app): [`LogFollower`] hands over the events appended since its last call;
//! [`Following`] is the same as an async stream that wakes when the log grows (inotify through
//! `notify`, with a slow poll behind it) and ends when the session does.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use oi_protocol::Event;

use super::StoreError;

/// Reads a session log as it grows, from its start. Takes no lock: the writer is never held up.
pub struct LogFollower {
    path: PathBuf,
    /// Bytes of whole lines handed over so far.
    offset: u64,
}

impl LogFollower {
    pub fn new(path: &Path) -> Self {
        LogFollower {
            path: path.to_path_buf(),
            offset: 0,
        }
    }

    /// The events of whole lines written since the last call (none when nothing new). A line
    /// still being written is left for the next call; an unreadable one is skipped.
    pub fn read_new(&mut self) -> Result<Vec<Event>, StoreError> {
        let lines = whole_lines(&self.path, self.offset)?;
        if lines.restarted {
            // Replaced or cut: follow the new log from its start.
            self.offset = 0;
        }
        let mut events = Vec::new();
        for (event, len) in lines.lines {
            self.offset += len;
            match event {
                Some(event) => events.push(event),
                None => {
                    tracing::warn!(path = %self.path.display(), "skipping an unreadable log line")
                }
            }
        }
        Ok(events)
    }
}

/// How often a follower looks at the log when no change notice came (a filesystem without
/// inotify, or a notice lost), and how often it checks whether its writer still runs.
const LOOK_AGAIN: Duration = Duration::from_millis(500);

/// A live session's events as an async stream: every event of its log from the first, then
/// each new one as its engine (in this process or another) appends it, none twice and none
/// missed. Ends after the session's `ShutdownComplete`, or once no engine writes the log any
/// more and everything it wrote was handed over.
pub struct Following {
    reader: LogFollower,
    ready: std::collections::VecDeque<Event>,
    grown: Arc<tokio::sync::Notify>,
    /// Holds the change notices coming (`None`: inotify is unavailable; polling only).
    _watcher: Option<notify::RecommendedWatcher>,
    ended: bool,
}

impl Following {
    pub(super) fn new(path: &Path) -> Following {
        let grown = Arc::new(tokio::sync::Notify::new());
        let wake = Arc::clone(&grown);
        let watcher = notify::recommended_watcher(move |_: notify::Result<notify::Event>| {
            wake.notify_one();
        })
        .and_then(|mut w| {
            notify::Watcher::watch(&mut w, path, notify::RecursiveMode::NonRecursive).map(|()| w)
        })
        .map_err(|e| tracing::debug!(log = %path.display(), "following by polling only: {e}"))
        .ok();
        Following {
            reader: LogFollower::new(path),
            ready: Default::default(),
            grown,
            _watcher: watcher,
            ended: false,
        }
    }

    /// The next event, waiting for the log to grow; `None` once the session ended.
    pub async fn next(&mut self) -> Option<Result<Event, StoreError>> {
        loop {
            if let Some(event) = self.ready.pop_front() {
                if matches!(event.msg, oi_protocol::EventMsg::ShutdownComplete) {
                    self.ended = true;
                }
                return Some(Ok(event));
            }
            if self.ended {
                return None;
            }
            // Whether a writer runs is asked before reading, so what it wrote before it let go
            // is read after.
            let writer_gone = !super::catalog::is_written(&self.reader.path);
            match self.reader.read_new() {
                Ok(events) if !events.is_empty() => self.ready.extend(events),
                Ok(_) if writer_gone => {
                    self.ended = true;
                    return None;
                }
                Ok(_) => {
                    let _ = tokio::time::timeout(LOOK_AGAIN, self.grown.notified()).await;
                }
                Err(e) => {
                    self.ended = true;
                    return Some(Err(e));
                }
            }
        }
    }

    /// The same, as a [`futures::Stream`].
    pub fn into_stream(self) -> impl futures::Stream<Item = Result<Event, StoreError>> + Send {
        futures::stream::unfold(self, |mut following| async move {
            following.next().await.map(|item| (item, following))
        })
    }
}

/// The whole lines of a log after byte `from`.
pub(super) struct WholeLines {
    /// The log is shorter than `from` (replaced or cut): the lines are read from its start.
    pub restarted: bool,
    /// Each line's event (`None`: unreadable) and its length with the newline.
    pub lines: Vec<(Option<Event>, u64)>,
}

/// Reads the whole lines of the log at `path` written after byte `from`; a torn last line
/// (being written, or its writer killed) is left out.
pub(super) fn whole_lines(path: &Path, from: u64) -> Result<WholeLines, StoreError> {
    let read_error = |source| StoreError::Read {
        path: path.to_path_buf(),
        source,
    };
    let mut file = File::open(path).map_err(read_error)?;
    let len = file.metadata().map_err(read_error)?.len();
    let restarted = len < from;
    let from = if restarted { 0 } else { from };
    file.seek(SeekFrom::Start(from)).map_err(read_error)?;
    let mut reader = BufReader::new(file.take(len - from));
    let mut lines = Vec::new();
    let mut line = Vec::new();
    loop {
        line.clear();
        let n = reader.read_until(b'\n', &mut line).map_err(read_error)?;
        if n == 0 || line.last() != Some(&b'\n') {
            break;
        }
        lines.push((serde_json::from_slice::<Event>(&line).ok(), n as u64));
    }
    Ok(WholeLines { restarted, lines })
}
