//! The Open Interpreter desktop app: a window over the engine's sessions, visual approvals,
//! and a tray icon that keeps the app alive when the window is closed.
//!
//! `run()` is the binary; [`app_builder`] is runtime-generic so `tauri::test::mock_builder`
//! can exercise the commands without a display.

pub mod activity;
pub mod args;
mod bindings;
mod bridge;
pub mod commands;
mod display;
pub mod error;
pub mod folders;
mod hotkey;
mod notify;
mod quit;
pub mod state;
mod tray;
mod window;

use std::process::ExitCode;

use clap::Parser;
use tauri::{Builder, Manager as _, Runtime};

use crate::args::GuiArgs;
use crate::state::{AppState, Launch};

/// The global shortcut that interrupts every session.
pub const STOP_HOTKEY: &str = "Ctrl+Alt+.";

/// The commands, state and window behaviour, on any runtime.
pub fn app_builder<R: Runtime>(builder: Builder<R>, state: AppState) -> Builder<R> {
    builder
        .manage(state)
        .on_window_event(window::on_window_event)
        .invoke_handler(tauri::generate_handler![
            commands::app::app_info,
            commands::app::subscribe_app,
            commands::app::quit,
            commands::folders::recent_folders,
            commands::folders::check_folder,
            commands::session::start_session,
            commands::session::attach_session,
            commands::session::send_input,
            commands::session::decide_approval,
            commands::session::interrupt,
            commands::session::set_model,
            commands::session::set_profile,
            commands::session::set_approval_policy,
            commands::session::reset,
            commands::session::undo,
            commands::session::report_tokens,
            commands::session::set_sandbox,
            commands::session::save_conversation,
            commands::session::load_conversation,
            commands::session::check_conversation,
            commands::session::close_session,
            commands::session::pause_all,
            commands::history::list_sessions,
            commands::history::read_session,
            commands::history::delete_session,
            commands::history::read_image,
        ])
}

/// Launch options from the command line.
pub fn launch_of(args: &GuiArgs) -> Launch {
    let prompt = args.prompt.join(" ");
    Launch {
        initial_prompt: (!prompt.trim().is_empty()).then_some(prompt),
        flags: args.flags.clone(),
    }
}

pub fn run() -> ExitCode {
    // The sandbox helper (`interpreter-gui __sandbox …`): sessions' code is sandboxed by
    // re-executing this program. Before anything else, while the process is single-threaded.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == oi_sandbox::SUBCOMMAND)
    {
        oi_sandbox::sandbox_main(std::env::args_os().skip(2).collect());
    }
    init_tracing();
    // `--model FILE.gguf` and `builtin/NAME` run in this process, as in the terminal.
    #[cfg(feature = "local-runtime")]
    oi_llama::install();
    let args = GuiArgs::parse();
    if let Err(e) = display::check() {
        return fail(&e);
    }
    let mut defaults = match oi_core::settings::resolve(&args.flags) {
        Ok(settings) => settings.session,
        Err(e) => return fail(&e),
    };
    // The app's windows are its own: computer use never types or clicks into them, and the
    // person's input in them (reading a card, clicking Approve) is no takeover.
    defaults.own_pids = vec![std::process::id()];
    if let Some(setup) = &mut defaults.sandbox_setup {
        setup.helper = sandbox_helper();
    }
    let state = AppState::new(defaults, launch_of(&args));
    let background = args.background;
    // First plugin: a second launch hands over to the running app before anything else starts.
    let builder =
        Builder::default().plugin(tauri_plugin_single_instance::init(|app, argv, cwd| {
            hand_over(app, &argv, &cwd);
        }));
    let result = app_builder(builder, state)
        .plugin(hotkey::plugin())
        .setup(move |app| {
            let handle = app.handle();
            tray::install(handle)?;
            app.state::<AppState>().set_hooks(Box::new(tray::TrayHooks {
                app: handle.clone(),
                notifications: notify::Notifications::default(),
            }));
            hotkey::register(handle);
            bridge::start(&app.state::<AppState>());
            app.state::<AppState>().watch_store();
            if !background {
                window::show_main(handle);
            }
            Ok(())
        })
        .run(tauri::generate_context!());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e),
    }
}

/// A second launch's arguments, to the running app's window, which it brings forward unless
/// `--background` was given (a bare launch only does that; one that cannot be taken over
/// says why there).
fn hand_over<R: Runtime>(app: &tauri::AppHandle<R>, argv: &[String], cwd: &str) {
    let state = app.state::<AppState>();
    let parsed = args::Handover::parse(argv, cwd, &state.launch().flags);
    if !parsed.as_ref().is_ok_and(|h| h.background) {
        window::show_main(app);
    }
    let signal = match parsed {
        Ok(handover) if handover.is_empty() => return,
        Ok(mut handover) => match state.keep_handover(&mut handover) {
            Ok(()) => state::AppSignal::Launched {
                handover: Box::new(handover),
            },
            Err(reason) => state::AppSignal::LaunchRefused { reason },
        },
        Err(reason) => state::AppSignal::LaunchRefused { reason },
    };
    state.broadcast(signal);
}

/// The terminal's binary (`interpreter`), which runs the app's native sandbox: this one cannot,
/// as WebKit's libraries start a thread before main and the kernel gives no user namespace to a
/// process with threads. Without it the native sandbox refuses to run code, and says why.
fn sandbox_helper() -> oi_core::sandbox::SandboxHelper {
    match oi_config::installed_program("interpreter") {
        Some(program) => oi_core::sandbox::SandboxHelper::Program(program),
        None => oi_core::sandbox::SandboxHelper::Missing(
            "the native sandbox runs code through the terminal's `interpreter` program, which is \
             neither beside the app nor on PATH: install it (`bash .ci/install` installs both)"
                .into(),
        ),
    }
}

fn init_tracing() {
    let filter = tracing_subscriber::EnvFilter::try_from_env("OI_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// The one place the app speaks on stderr: it could not start.
#[allow(clippy::print_stderr)]
fn fail(error: &dyn std::fmt::Display) -> ExitCode {
    eprintln!("interpreter-gui: {error}");
    ExitCode::FAILURE
}
