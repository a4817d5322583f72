//! `interpreter --gui`: hands over to the desktop app, a separate binary so this one links
//! no GTK or WebKit and keeps working over SSH.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{Result, bail};

pub const GUI_BINARY: &str = "interpreter-gui";

/// The desktop app's binary: beside this one, else on PATH.
pub fn find_gui_binary() -> Option<PathBuf> {
    if let Some(dir) = std::env::current_exe()
        .ok()
        .and_then(|p| p.parent().map(|d| d.to_path_buf()))
    {
        let beside = dir.join(GUI_BINARY);
        if beside.is_file() {
            return Some(beside);
        }
    }
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|p| p.join(GUI_BINARY))
        .find(|p| p.is_file())
}

/// Replaces this process's work with the app's: runs it with the remaining arguments and
/// returns its exit status.
pub fn launch(args: Vec<OsString>) -> Result<u8> {
    let has_display = std::env::var_os("DISPLAY").is_some_and(|d| !d.is_empty())
        || std::env::var_os("WAYLAND_DISPLAY").is_some_and(|d| !d.is_empty());
    if !has_display {
        bail!(
            "--gui needs a graphical display, and none is set (DISPLAY and WAYLAND_DISPLAY are empty).\n\
             Over SSH, use the terminal interface (`interpreter`), or forward X with `ssh -X`."
        );
    }
    let Some(binary) = find_gui_binary() else {
        bail!(
            "the desktop app (`{GUI_BINARY}`) is not installed beside `interpreter` or on PATH.\n\
             Build it with `cargo build -p interpreter-gui` (it needs WebKitGTK: \
             apt install libwebkit2gtk-4.1-0), or use the terminal interface."
        );
    };
    let status = std::process::Command::new(&binary).args(args).status()?;
    Ok(status.code().map(|c| c.clamp(0, 255) as u8).unwrap_or(1))
}

/// This invocation's arguments without `--gui` (the app takes the rest).
pub fn forwarded_args() -> Vec<OsString> {
    std::env::args_os()
        .skip(1)
        .filter(|a| a != "--gui")
        .collect()
}
