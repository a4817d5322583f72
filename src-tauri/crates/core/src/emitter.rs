//! Numbers, timestamps and logs every event, then hands it to the front end.
//! The log is written first: whatever a front end showed is already on disk.

use std::sync::{Arc, Mutex};

use oi_protocol::{ErrorInfo, Event, EventMsg};
use tokio::sync::mpsc;

use crate::store::SessionLog;

#[derive(Clone)]
pub struct Emitter {
    inner: Arc<Mutex<Inner>>,
    tx: mpsc::UnboundedSender<Event>,
}

struct Inner {
    seq: u64,
    log: SessionLog,
    /// The log failed once; the error was reported and later writes are still tried.
    log_failed: bool,
}

impl Inner {
    /// Numbers and timestamps `msg`.
    fn next_event(&mut self, id: &str, msg: EventMsg) -> Event {
        let event = Event {
            id: id.to_string(),
            seq: self.seq,
            time_ms: now_ms(),
            msg,
        };
        self.seq += 1;
        event
    }
}

impl Emitter {
    pub fn new(log: SessionLog, first_seq: u64, tx: mpsc::UnboundedSender<Event>) -> Self {
        Emitter {
            inner: Arc::new(Mutex::new(Inner {
                seq: first_seq,
                log,
                log_failed: false,
            })),
            tx,
        }
    }

    pub fn emit(&self, id: &str, msg: EventMsg) {
        let (event, log_error) = {
            let Ok(mut inner) = self.inner.lock() else {
                return;
            };
            let event = inner.next_event(id, msg);
            let log_error = match inner.log.append(&event) {
                Ok(()) => None,
                Err(e) if !inner.log_failed => {
                    inner.log_failed = true;
                    Some(e.to_string())
                }
                Err(_) => None,
            };
            (event, log_error)
        };
        let _ = self.tx.send(event);
        if let Some(message) = log_error {
            tracing::error!("{message}");
            let err = ErrorInfo {
                kind: oi_protocol::ErrorKind::SessionLog,
                message,
                hint: Some("check free disk space and permissions of the data directory".into()),
            };
            // Not logged: the log is what failed.
            let Ok(mut inner) = self.inner.lock() else {
                return;
            };
            let event = inner.next_event(id, EventMsg::Error(err));
            drop(inner);
            let _ = self.tx.send(event);
        }
    }

    /// The events of one turn or op: this emitter and the id they answer.
    pub(crate) fn events<'a>(&'a self, id: &'a str) -> Events<'a> {
        Events { emitter: self, id }
    }

    pub fn log_path(&self) -> String {
        self.inner
            .lock()
            .map(|i| i.log.path().display().to_string())
            .unwrap_or_default()
    }
}

/// Where a turn's runners send their events: the session's emitter, under the turn's id.
#[derive(Clone, Copy)]
pub(crate) struct Events<'a> {
    emitter: &'a Emitter,
    id: &'a str,
}

impl Events<'_> {
    pub(crate) fn emit(&self, msg: EventMsg) {
        self.emitter.emit(self.id, msg);
    }
}

pub fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as u64)
        .unwrap_or(0)
}
