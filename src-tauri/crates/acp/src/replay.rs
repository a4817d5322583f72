//! `session/load` and `session/list` over the engine's session logs.

use std::path::{Path, PathBuf};

use agent_client_protocol::v1::schema::{ContentBlock, ContentChunk, SessionInfo, SessionUpdate};
use oi_core::store::{SessionStore, StoreError};
use oi_protocol::{Event, SessionListing};

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
    Ok(SessionStore::new(data_dir)
        .list()?
        .into_iter()
        .filter_map(|listing| {
            let session_cwd = PathBuf::from(listing.cwd.as_deref()?);
            cwd.is_none_or(|c| c == session_cwd)
                .then(|| info(&listing, session_cwd))
        })
        .collect())
}

fn info(summary: &SessionListing, cwd: PathBuf) -> SessionInfo {
    let title = if summary.title.is_empty() {
        "(empty)".to_string()
    } else {
        summary.title.clone()
    };
    let mut info = SessionInfo::new(summary.id.clone(), cwd).title(title);
    if let Some(at) =
        chrono::DateTime::<chrono::Utc>::from_timestamp_millis(summary.updated_ms as i64)
    {
        info = info.updated_at(at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    }
    info
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_protocol::{EventMsg, InputItem};

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
