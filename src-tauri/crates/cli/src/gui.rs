//! `interpreter --gui`: hands over to the desktop app, a separate binary so this one links
//! no GTK or WebKit and keeps working over SSH.

use std::ffi::OsString;
use std::path::PathBuf;

use anyhow::{Result, bail};

pub const GUI_BINARY: &str = "interpreter-gui";

/// The desktop app's binary: beside this one, else on PATH.
pub fn find_gui_binary() -> Option<PathBuf> {
    oi_config::installed_program(GUI_BINARY)
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

/// What the app is started with: `forwarded` without `--local` (the app cannot discover local
/// runtimes itself), and the model `--local` chose, with its API base, in its place.
pub fn app_args(
    forwarded: Vec<OsString>,
    chosen: Option<(String, Option<String>)>,
) -> Vec<OsString> {
    let mut args: Vec<OsString> = forwarded.into_iter().filter(|a| a != "--local").collect();
    if let Some((model, base)) = chosen {
        args.extend(["--model".into(), model.into()]);
        if let Some(base) = base {
            args.extend(["--api-base".into(), base.into()]);
        }
    }
    args
}

/// This invocation's arguments without `--gui` (the app takes the rest).
pub fn forwarded_args() -> Vec<OsString> {
    std::env::args_os()
        .skip(1)
        .filter(|a| a != "--gui")
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn local_is_resolved_before_the_app_starts() {
        let os = |v: &[&str]| v.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            app_args(
                os(&["--local", "--profile", "os", "hello"]),
                Some((
                    "llamacpp/qwen".into(),
                    Some("http://127.0.0.1:8080/v1".into())
                ))
            ),
            os(&[
                "--profile",
                "os",
                "hello",
                "--model",
                "llamacpp/qwen",
                "--api-base",
                "http://127.0.0.1:8080/v1"
            ])
        );
        assert_eq!(app_args(os(&["--model", "m"]), None), os(&["--model", "m"]));
    }
}
