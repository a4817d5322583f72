//! The folder a new session works in: checked when chosen, remembered once a session starts there.

use tauri::State;

use crate::error::CommandError;
use crate::folders;
use crate::state::AppState;

/// The folders sessions were started in, newest first.
#[tauri::command]
pub fn recent_folders(state: State<'_, AppState>) -> Vec<String> {
    folders::recent(&state.defaults().data_dir)
        .into_iter()
        .map(|f| f.display().to_string())
        .collect()
}

/// The folder `path` names (absolute, resolved), or why a session cannot work there.
#[tauri::command]
pub fn check_folder(path: String) -> Result<String, CommandError> {
    Ok(folders::check(&path)?.display().to_string())
}
