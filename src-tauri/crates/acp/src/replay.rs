//! `session/load` and `session/list` over the engine's session logs.

use std::io::BufRead;
use std::path::{Path, PathBuf};

use agent_client_protocol::v1::schema::{ContentBlock, ContentChunk, SessionInfo, SessionUpdate};
use oi_core::store::{self, SessionSummary, StoreError};
use oi_protocol::{Event, EventMsg};

use crate::updates::UpdateMapper;

/// The conversation of a log as updates, with streamed text joined into whole chunks.
pub fn updates(events: &[Event], cwd: &Path) -> Vec<SessionUpdate> {
    let mut mapper = UpdateMapper::replay(cwd);
    let mut out: Vec<SessionUpdate> = Vec::new();
    for event in events {
        for update in mapper.map(&event.msg) {
            match (out.last_mut(), update) {
                (
                    Some(SessionUpdate::AgentMessageChunk(prev)),
                    SessionUpdate::AgentMessageChunk(next),
                )
                | (
                    Some(SessionUpdate::AgentThoughtChunk(prev)),
                    SessionUpdate::AgentThoughtChunk(next),
                ) => {
                    join(prev, next);
                }
                (_, update) => out.push(update),
            }
        }
    }
    out
}

fn join(prev: &mut ContentChunk, next: ContentChunk) {
    if let (ContentBlock::Text(a), ContentBlock::Text(b)) = (&mut prev.content, &next.content) {
        a.text.push_str(&b.text);
    }
}

/// Past sessions, newest first, optionally only those started in `cwd`.
pub fn list(data_dir: &Path, cwd: Option<&Path>) -> Result<Vec<SessionInfo>, StoreError> {
    let mut out = Vec::new();
    for summary in store::list_sessions(data_dir)? {
        let Some(session_cwd) = first_cwd(&summary.path) else {
            continue;
        };
        if cwd.is_some_and(|c| c != session_cwd) {
            continue;
        }
        out.push(info(&summary, session_cwd));
    }
    Ok(out)
}

fn info(summary: &SessionSummary, cwd: PathBuf) -> SessionInfo {
    let title = if summary.first_words.is_empty() {
        "(empty)".to_string()
    } else {
        summary.first_words.clone()
    };
    let mut info = SessionInfo::new(summary.id.clone(), cwd).title(title);
    if let Some(at) = updated_at(&summary.path) {
        info = info.updated_at(at);
    }
    info
}

/// The working directory a log's session started in (its first event).
pub fn first_cwd(path: &Path) -> Option<PathBuf> {
    let file = std::fs::File::open(path).ok()?;
    let mut line = String::new();
    std::io::BufReader::new(file).read_line(&mut line).ok()?;
    match serde_json::from_str::<Event>(&line).ok()?.msg {
        EventMsg::SessionConfigured(info) => Some(PathBuf::from(info.cwd)),
        _ => None,
    }
}

/// When the log was last written, as RFC 3339.
fn updated_at(path: &Path) -> Option<String> {
    let modified = std::fs::metadata(path).ok()?.modified().ok()?;
    Some(
        chrono::DateTime::<chrono::Utc>::from(modified)
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_protocol::InputItem;

    fn ev(seq: u64, msg: EventMsg) -> Event {
        Event {
            id: String::new(),
            seq,
            time_ms: 0,
            msg,
        }
    }

    #[test]
    fn a_log_replays_as_whole_messages() {
        let events = vec![
            ev(
                0,
                EventMsg::UserMessage {
                    items: vec![InputItem::text("hi")],
                },
            ),
            ev(
                1,
                EventMsg::AssistantTextDelta {
                    delta: "Hel".into(),
                },
            ),
            ev(2, EventMsg::AssistantTextDelta { delta: "lo".into() }),
            ev(
                3,
                EventMsg::AssistantMessage {
                    text: "Hello".into(),
                    interrupted: false,
                },
            ),
        ];
        let json = serde_json::to_value(updates(&events, Path::new("/w"))).unwrap();
        assert_eq!(
            json,
            serde_json::json!([
                {"sessionUpdate": "user_message_chunk", "content": {"type": "text", "text": "hi"}},
                {"sessionUpdate": "agent_message_chunk", "content": {"type": "text", "text": "Hello"}},
            ])
        );
    }
}
