//! Logged sessions through the engine's storage API, and the images (screenshots, screen diffs) they refer to.

use std::path::{Path, PathBuf};

use base64::Engine;
use oi_protocol::{Event, SessionListing};
use tauri::State;

use crate::error::CommandError;
use crate::state::AppState;

/// Logged sessions, newest first, from the engine's index: those running here, in a
/// terminal or an editor, and ended ones.
#[tauri::command]
pub fn list_sessions(state: State<'_, AppState>) -> Result<Vec<SessionListing>, CommandError> {
    Ok(state.store().list()?)
}

/// Every event a session logged, to show it again.
#[tauri::command]
pub fn read_session(
    state: State<'_, AppState>,
    session_id: String,
) -> Result<Vec<Event>, CommandError> {
    Ok(state.store().replay(&session_id)?)
}

/// Moves a session that no engine runs to the trash folder (nothing is lost); returns where
/// its log went.
#[tauri::command]
pub fn delete_session(
    state: State<'_, AppState>,
    session_id: String,
) -> Result<String, CommandError> {
    Ok(state.store().delete(&session_id)?.display().to_string())
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
