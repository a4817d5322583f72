use std::io::Write;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use oi_protocol::{ApprovalDecision, Decider, Event, EventMsg, SessionStatus, TokenUsage};
use pretty_assertions::assert_eq;

use super::SessionStore;
use crate::store::tests::{ended as turn_ended, said};
use crate::store::{SessionLog, StoreError, index, read_events};

fn event(seq: u64, msg: EventMsg) -> Event {
    Event {
        id: String::new(),
        seq,
        time_ms: 1_000 + seq,
        msg,
    }
}

fn configured(cwd: &str) -> EventMsg {
    crate::store::tests::configured("openai/gpt-4o", cwd)
}

fn asked(call_id: &str) -> EventMsg {
    EventMsg::ApprovalRequested {
        call: crate::store::tests::shell_call(call_id),
        warning: None,
        risks: vec![],
        scopes: vec![],
    }
}

fn decided(call_id: &str) -> EventMsg {
    EventMsg::ApprovalDecided {
        call_id: call_id.into(),
        decision: ApprovalDecision::Approve,
        decider: Decider::User,
    }
}

fn tokens(input: u32, output: u32) -> EventMsg {
    EventMsg::TokenUsage(TokenUsage {
        input_tokens: 1,
        output_tokens: 1,
        total_input_tokens: input,
        total_output_tokens: output,
    })
}

/// A session log with `msgs`, written by an engine that has since ended.
fn logged(store: &SessionStore, id: &str, msgs: Vec<EventMsg>) {
    let mut log = SessionLog::open(&store.log_path(id)).unwrap();
    for (seq, msg) in msgs.into_iter().enumerate() {
        log.append(&event(seq as u64, msg)).unwrap();
    }
}

fn status_of(store: &SessionStore, id: &str) -> SessionStatus {
    store.find(Some(id)).unwrap().status
}

#[test]
fn the_status_follows_the_log_and_whether_an_engine_writes_it() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    let mut log = SessionLog::open(&store.log_path("live")).unwrap();
    let mut seq = 0;
    let mut append = |msg| {
        log.append(&event(seq, msg)).unwrap();
        seq += 1;
    };
    append(configured("/w"));
    assert_eq!(status_of(&store, "live"), SessionStatus::Idle);
    append(EventMsg::TurnStarted { turn: 1 });
    assert_eq!(status_of(&store, "live"), SessionStatus::Working);
    append(asked("c1"));
    append(asked("c2"));
    append(decided("c1"));
    assert_eq!(
        status_of(&store, "live"),
        SessionStatus::WaitingForApproval,
        "one approval still waits"
    );
    append(decided("c2"));
    append(tokens(1200, 80));
    assert_eq!(status_of(&store, "live"), SessionStatus::Working);
    append(turn_ended());
    let listed = store.list().unwrap();
    assert_eq!(
        (
            listed[0].status,
            listed[0].input_tokens,
            listed[0].output_tokens
        ),
        (SessionStatus::Idle, 1200, 80)
    );
    // Its engine is killed mid-turn (no ShutdownComplete): nobody writes the log any more.
    append(EventMsg::TurnStarted { turn: 2 });
    drop(log);
    assert!(
        Path::new("/proc/locks").exists(),
        "Linux says who holds a lock"
    );
    assert_eq!(status_of(&store, "live"), SessionStatus::Ended);
}

/// The index is a cache: missing, unreadable, of an older layout or of another file, it is
/// rebuilt from the log and says what a full read of the log says.
#[test]
fn the_index_is_rebuilt_from_the_log_when_it_cannot_be_trusted() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    logged(
        &store,
        "a",
        vec![
            configured("/w/a"),
            said("sum the sizes of the logs"),
            EventMsg::TurnStarted { turn: 1 },
            tokens(10, 2),
            turn_ended(),
        ],
    );
    let log = store.log_path("a");
    let meta = index::summary_path(&log);
    let exact = store.list().unwrap();
    assert_eq!(exact[0].events, 5);
    assert_eq!(exact[0].title, "sum the sizes of the logs");

    for broken in [
        &b""[..],
        b"{not json",
        br#"{"layout":1,"id":"a","started_ms":0,"model":"","profile":"","first_words":"","events":0}"#,
    ] {
        std::fs::write(&meta, broken).unwrap();
        assert_eq!(store.list().unwrap(), exact, "{}", String::from_utf8_lossy(broken));
        let saved: index::SessionSummary =
            serde_json::from_slice(&std::fs::read(&meta).unwrap()).unwrap();
        assert_eq!(saved.events, 5, "the rebuilt summary is saved");
    }
    std::fs::remove_file(&meta).unwrap();
    assert_eq!(store.list().unwrap(), exact);

    // The log is replaced by another of the same length (another file): not trusted either.
    let text = std::fs::read_to_string(&log).unwrap();
    let other = text.replace("sum the sizes of the logs", "list the biggest log file");
    assert_eq!(other.len(), text.len());
    let replacement = log.with_extension("new");
    std::fs::write(&replacement, other).unwrap();
    std::fs::rename(&replacement, &log).unwrap();
    assert_eq!(store.list().unwrap()[0].title, "list the biggest log file");

    // An unreadable line is skipped (kept in the log), the lines after it are counted.
    let mut file = std::fs::OpenOptions::new().append(true).open(&log).unwrap();
    file.write_all(b"{\"seq\": \"not an event\"}\n").unwrap();
    file.write_all(
        (serde_json::to_string(&event(6, EventMsg::ShutdownComplete)).unwrap() + "\n").as_bytes(),
    )
    .unwrap();
    let s = index::summarise(&log).unwrap();
    assert_eq!((s.events, s.unreadable_lines), (6, 1));
    assert_eq!(read_events(&log).unwrap().len(), 6);
    assert!(
        std::fs::read_to_string(&log)
            .unwrap()
            .contains("not an event")
    );
}

/// Engines and listers in several threads (each summary is written to a file of its own and
/// renamed into place, as by several processes) never leave a summary that is not whole, and
/// the listing stays exact.
#[test]
fn concurrent_writers_never_break_the_index() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    let done = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = (0..3)
        .map(|w| {
            let store = store.clone();
            std::thread::spawn(move || {
                let mut log = SessionLog::open(&store.log_path(&format!("s{w}"))).unwrap();
                log.append(&event(0, configured("/w"))).unwrap();
                for seq in 1..300 {
                    let msg = match seq % 3 {
                        0 => turn_ended(),
                        1 => EventMsg::TurnStarted { turn: 1 },
                        _ => said(&format!("message {seq}")),
                    };
                    log.append(&event(seq, msg)).unwrap();
                }
            })
        })
        .collect();
    let readers: Vec<_> = (0..4)
        .map(|r| {
            let store = store.clone();
            let done = Arc::clone(&done);
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    for w in 0..3 {
                        let log = store.log_path(&format!("s{w}"));
                        let meta = index::summary_path(&log);
                        if r == 0 {
                            // Forces the others to rebuild and save while the writer saves.
                            let _ = std::fs::remove_file(&meta);
                        }
                        if let Ok(bytes) = std::fs::read(&meta) {
                            serde_json::from_slice::<index::SessionSummary>(&bytes)
                                .expect("a summary is whole");
                        }
                        if log.exists() {
                            index::summarise(&log).unwrap();
                        }
                    }
                }
            })
        })
        .collect();
    for w in writers {
        w.join().unwrap();
    }
    done.store(true, Ordering::Relaxed);
    for r in readers {
        r.join().unwrap();
    }
    let listed = store.list().unwrap();
    assert_eq!(listed.len(), 3);
    for s in &listed {
        assert_eq!(s.events, 300, "{s:?}");
        assert_eq!(s.title, "message 2");
        assert_eq!(s.status, SessionStatus::Ended);
    }
    let left: Vec<_> = std::fs::read_dir(store.dir())
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".tmp."))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_deleted_session_goes_to_the_trash_whole() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    let mut live = SessionLog::open(&store.log_path("d")).unwrap();
    live.append(&event(0, configured("/w"))).unwrap();
    live.append(&event(1, said("draw a chart"))).unwrap();
    let screenshots = store.log_path("d").with_extension("").join("screenshots");
    std::fs::create_dir_all(&screenshots).unwrap();
    std::fs::write(screenshots.join("1.png"), b"png").unwrap();

    let Err(StoreError::Busy { .. }) = store.delete("d") else {
        panic!("a session an engine writes was deleted");
    };
    assert_eq!(store.list().unwrap().len(), 1);
    drop(live);

    let to = store.delete("d").unwrap();
    assert_eq!(to, store.trash_dir().join("d.jsonl"));
    assert!(store.list().unwrap().is_empty());
    assert!(!store.log_path("d").exists());
    assert_eq!(read_events(&to).unwrap().len(), 2, "nothing lost");
    assert!(store.trash_dir().join("d.meta.json").is_file());
    assert!(store.trash_dir().join("d/screenshots/1.png").is_file());
    let Err(StoreError::NotFound(_)) = store.delete("d") else {
        panic!("deleted twice");
    };

    // The same id again (a session resumed from a copy) keeps both in the trash.
    logged(&store, "d", vec![configured("/w"), said("again")]);
    assert_eq!(
        store.delete("d").unwrap(),
        store.trash_dir().join("d.1.jsonl")
    );
    assert_eq!(read_events(&to).unwrap().len(), 2);
}

/// An engine that had opened the log just before it went to the trash does not write into
/// the trash: it finds the path names another file and starts the log anew.
#[test]
fn a_log_moved_away_before_its_lock_is_not_written() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    logged(&store, "m", vec![configured("/w")]);
    let moved = store.delete("m").unwrap();
    let mut log = SessionLog::open(&store.log_path("m")).unwrap();
    log.append(&event(0, said("new"))).unwrap();
    assert_eq!(read_events(&moved).unwrap().len(), 1);
    assert_eq!(read_events(&store.log_path("m")).unwrap().len(), 1);
}

#[tokio::test]
async fn following_streams_a_live_log_until_its_session_ends() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    let mut log = SessionLog::open(&store.log_path("f")).unwrap();
    log.append(&event(0, configured("/w"))).unwrap();
    let mut following = store.follow("f").unwrap();
    assert_eq!(following.next().await.unwrap().unwrap().seq, 0);

    let writer = std::thread::spawn(move || {
        for seq in 1..20 {
            std::thread::sleep(Duration::from_millis(10));
            log.append(&event(seq, said(&format!("m{seq}")))).unwrap();
        }
        log.append(&event(20, EventMsg::ShutdownComplete)).unwrap();
        // The engine lives on a moment after its session ended: the stream ends anyway.
        std::thread::sleep(Duration::from_secs(3));
    });
    let mut seqs = Vec::new();
    let streamed = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(e) = following.next().await {
            seqs.push(e.unwrap().seq);
        }
    })
    .await;
    assert!(streamed.is_ok(), "the stream did not end; got {seqs:?}");
    assert_eq!(seqs, (1..=20).collect::<Vec<_>>());
    writer.join().unwrap();

    // An engine that ends without a word (killed): the stream ends once its lock is gone.
    let mut log = SessionLog::open(&store.log_path("k")).unwrap();
    log.append(&event(0, configured("/w"))).unwrap();
    let following = store.follow("k").unwrap();
    let killed = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        log.append(&event(1, said("last"))).unwrap();
        drop(log);
    });
    let all: Vec<_> = tokio::time::timeout(
        Duration::from_secs(10),
        futures::StreamExt::collect::<Vec<_>>(following.into_stream()),
    )
    .await
    .expect("the stream ends");
    assert_eq!(all.len(), 2);
    killed.join().unwrap();
}

#[test]
fn a_watch_hears_sessions_come_change_and_go() {
    let data = tempfile::tempdir().unwrap();
    let store = SessionStore::new(data.path());
    let (tx, rx) = std::sync::mpsc::channel();
    let _watch = store
        .watch(Duration::from_millis(50), move || {
            let _ = tx.send(());
        })
        .unwrap();
    let heard = || {
        let got = rx.recv_timeout(Duration::from_secs(5)).is_ok();
        while rx.recv_timeout(Duration::from_millis(300)).is_ok() {}
        got
    };
    let mut log = SessionLog::open(&store.log_path("w")).unwrap();
    assert!(heard(), "a new log");
    log.append(&event(0, configured("/w"))).unwrap();
    assert!(heard(), "its first summary");
    log.append(&event(1, EventMsg::TurnStarted { turn: 1 }))
        .unwrap();
    assert!(heard(), "its status");
    log.append(&event(
        2,
        EventMsg::AssistantTextDelta { delta: "x".into() },
    ))
    .unwrap();
    assert!(!heard(), "a delta changes nothing a list shows");
    drop(log);
    store.delete("w").unwrap();
    assert!(heard(), "deleted");
}
