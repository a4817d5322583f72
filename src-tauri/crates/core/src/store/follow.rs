//! Following a session that another engine is writing (a terminal's or an editor's session
//! shown live in the app): each call hands over the events appended since the last one.

use std::fs::File;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

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
