//! Builds the ui (ui/dist, embedded by `generate_context!`) and declares the app's own commands
//! so the window's capability can grant exactly them.

use std::path::Path;
use std::process::Command;

const COMMANDS: &[&str] = &[
    "app_info",
    "subscribe_app",
    "quit",
    "recent_folders",
    "check_folder",
    "start_session",
    "attach_session",
    "send_input",
    "decide_approval",
    "interrupt",
    "set_model",
    "set_profile",
    "set_approval_policy",
    "reset",
    "undo",
    "report_tokens",
    "close_session",
    "set_sandbox",
    "save_conversation",
    "check_conversation",
    "load_conversation",
    "pause_all",
    "list_sessions",
    "read_session",
    "delete_session",
    "read_image",
];

fn npm(ui: &Path, args: &[&str]) -> Result<(), String> {
    let status = Command::new("npm")
        .args(args)
        .current_dir(ui)
        .status()
        .map_err(|e| format!("cannot run npm ({e}); install Node.js 20+ and npm"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`npm {}` in ui/ failed ({status})", args.join(" ")))
    }
}

/// `npm ci` when node_modules is missing, then `npm run build`. OI_SKIP_UI_BUILD=1 uses ui/dist as it is.
fn build_ui() -> Result<(), String> {
    // Read at run time: cargo may reuse this script's binary built from another checkout.
    let manifest = std::env::var_os("CARGO_MANIFEST_DIR")
        .ok_or_else(|| "CARGO_MANIFEST_DIR is not set".to_string())?;
    let ui = Path::new(&manifest).join("../ui");
    for watched in [
        "src",
        "index.html",
        "package.json",
        "package-lock.json",
        "vite.config.ts",
        "tsconfig.json",
    ] {
        println!("cargo:rerun-if-changed={}", ui.join(watched).display());
    }
    println!("cargo:rerun-if-env-changed=OI_SKIP_UI_BUILD");
    if std::env::var_os("OI_SKIP_UI_BUILD").is_some_and(|v| v != "0") {
        return if ui.join("dist/index.html").is_file() {
            Ok(())
        } else {
            Err("OI_SKIP_UI_BUILD is set but ui/dist is missing".into())
        };
    }
    if !ui.join("node_modules").is_dir() {
        npm(&ui, &["ci", "--no-audit", "--no-fund"])?;
    }
    npm(&ui, &["run", "build"])
}

fn main() {
    if let Err(e) = build_ui() {
        panic!("building the ui failed: {e}");
    }
    let attributes = tauri_build::Attributes::new()
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    if let Err(e) = tauri_build::try_build(attributes) {
        panic!("tauri build step failed: {e:#}");
    }
}
