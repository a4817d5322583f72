//! Whether a graphical display is there, checked before GTK starts (GTK panics without one).

#[derive(Debug, thiserror::Error)]
pub enum DisplayError {
    #[error(
        "the desktop app needs a graphical display, and none is set (DISPLAY and WAYLAND_DISPLAY are empty).\n\
         Over SSH, use the terminal interface (`interpreter`), or forward X with `ssh -X`."
    )]
    NotSet,
    #[error(
        "cannot open the display {display:?}: {reason}.\nIs the X server running, and may this user connect to it?"
    )]
    Unreachable { display: String, reason: String },
}

fn non_empty(var: &str) -> Option<String> {
    std::env::var(var).ok().filter(|v| !v.is_empty())
}

/// Checks the environment, then opens the display through GTK (which reports, rather than
/// panics, when called here first).
pub fn check() -> Result<(), DisplayError> {
    let x11 = non_empty("DISPLAY");
    let wayland = non_empty("WAYLAND_DISPLAY");
    if x11.is_none() && wayland.is_none() {
        return Err(DisplayError::NotSet);
    }
    #[cfg(target_os = "linux")]
    if let Err(e) = gtk::init() {
        return Err(DisplayError::Unreachable {
            display: x11.or(wayland).unwrap_or_default(),
            reason: e.to_string(),
        });
    }
    Ok(())
}
