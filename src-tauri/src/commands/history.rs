//! Past sessions from the logs, and the images (screenshots, screen diffs) they refer to.

use std::path::{Path, PathBuf};

use base64::Engine;
use oi_protocol::Event;
use serde::Serialize;
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;

#[derive(Debug, Clone, Serialize)]
pub struct SessionEntry {
    pub id: String,
    pub started_ms: u64,
    /// The folder it works in (unknown for some old logs).
    pub cwd: Option<String>,
    pub model: String,
    pub profile: String,
    pub first_words: String,
    pub events: usize,
    /// Running in this app now.
    pub live: bool,
}

/// Past and running sessions, newest first.
#[tauri::command]
pub fn list_sessions(state: State<'_, AppState>) -> Result<Vec<SessionEntry>, CommandError> {
    let live = state.session_ids();
    let found = oi_core::store::list_sessions(&state.defaults().data_dir)?;
    Ok(found
        .into_iter()
        .map(|s| SessionEntry {
            live: live.contains(&s.id),
            id: s.id,
            started_ms: s.started_ms,
            cwd: s.cwd.map(|c| c.display().to_string()),
            model: s.model,
            profile: s.profile,
            first_words: s.first_words,
            events: s.events,
        })
        .collect())
}

/// Every event a session logged, to show it again.
#[tauri::command]
pub fn read_session(
    state: State<'_, AppState>,
    session_id: String,
) -> Result<Vec<Event>, CommandError> {
    Ok(oi_core::store::replay(
        &state.defaults().data_dir,
        &session_id,
    )?)
}

fn image_mime(path: &Path) -> Option<&'static str> {
    match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

/// An image the engine stored beside its logs, as a data URL (the CSP allows no file access).
/// Only images below the data directory are served.
#[tauri::command]
pub fn read_image(state: State<'_, AppState>, path: String) -> Result<String, CommandError> {
    let denied = || CommandError::InvalidRequest(format!("{path} is not an image of a session"));
    let requested = PathBuf::from(&path);
    let mime = image_mime(&requested).ok_or_else(denied)?;
    let real = requested
        .canonicalize()
        .map_err(|source| CommandError::Read {
            path: path.clone(),
            source,
        })?;
    let root = state
        .defaults()
        .data_dir
        .canonicalize()
        .map_err(|_| denied())?;
    if !real.starts_with(&root) {
        return Err(denied());
    }
    let bytes = std::fs::read(&real).map_err(|source| CommandError::Read {
        path: path.clone(),
        source,
    })?;
    Ok(format!(
        "data:{mime};base64,{}",
        base64::engine::general_purpose::STANDARD.encode(bytes)
    ))
}
