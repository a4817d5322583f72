//! Starting without a display fails with a clear message and a non-zero exit, never a GTK panic.

use std::process::Command;

fn launch(display: Option<&str>) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_interpreter-gui"));
    cmd.env_remove("WAYLAND_DISPLAY").env_remove("DISPLAY");
    if let Some(d) = display {
        cmd.env("DISPLAY", d);
    }
    let out = cmd.output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn no_display_is_a_clear_error() {
    let (code, stderr) = launch(None);
    assert_eq!(code, Some(1), "{stderr}");
    assert!(stderr.contains("needs a graphical display"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn an_unreachable_display_is_a_clear_error() {
    let (code, stderr) = launch(Some(":249"));
    assert_eq!(code, Some(1), "{stderr}");
    assert!(
        stderr.contains("cannot open the display \":249\""),
        "{stderr}"
    );
    assert!(!stderr.contains("panicked"), "{stderr}");
}
