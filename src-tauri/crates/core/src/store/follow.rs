//! Following a session that another engine is writing (a terminal's or an editor's session
//! shown live in the app): each call hands over the events appended since the last one.

use std::fs::File;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
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
        let read_error = |source| StoreError::Read {
            path: self.path.clone(),
            source,
        };
        let mut file = File::open(&self.path).map_err(read_error)?;
        let len = file.metadata().map_err(read_error)?.len();
        if len < self.offset {
            // Replaced or cut: follow the new log from its start.
            self.offset = 0;
        }
        file.seek(SeekFrom::Start(self.offset))
            .map_err(read_error)?;
        let mut reader = BufReader::new(file);
        let mut events = Vec::new();
        let mut line = Vec::new();
        loop {
            line.clear();
            let n = reader.read_until(b'\n', &mut line).map_err(read_error)?;
            if n == 0 || line.last() != Some(&b'\n') {
                break;
            }
            self.offset += n as u64;
            match serde_json::from_slice::<Event>(&line) {
                Ok(event) => events.push(event),
                Err(e) => {
                    tracing::warn!(path = %self.path.display(), "skipping unreadable log line: {e}")
                }
            }
        }
        Ok(events)
    }
}
