//! `interpreter` and `i`: the terminal front end over the Open Interpreter engine.
//! This crate links no GTK or WebKit: it runs over SSH on a bare server.

mod acp;
mod approval;
mod args;
mod builtin;
mod exec_mode;
mod gui;
mod info;
mod interactive;
mod local;
mod markdown;
mod picker;
mod reader;
mod reasoning;
mod render;
mod settings;

use std::io::Write;
use std::process::ExitCode;

use anyhow::Result;
use clap::Parser;

pub use args::Cli;

/// Which binary was started.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invocation {
    Interpreter,
    /// `i <words>`: one quick request in the current directory.
    QuickI,
}

pub fn main(invocation: Invocation) -> ExitCode {
    // The sandbox helper (`interpreter __sandbox …`), re-executed by the executors: before
    // anything else, while the process is still single-threaded. It never returns.
    if std::env::args_os()
        .nth(1)
        .is_some_and(|a| a == oi_sandbox::SUBCOMMAND)
    {
        oi_sandbox::sandbox_main(std::env::args_os().skip(2).collect());
    }
    // A parent may hand us SIGINT blocked (signal masks survive exec; test runners do this):
    // Ctrl-C must reach us. Done before the runtime starts its threads, which inherit it.
    let _ = nix::sys::signal::SigSet::from(nix::sys::signal::Signal::SIGINT).thread_unblock();
    init_tracing();
    // `--model FILE.gguf` and `builtin/NAME` run in this process.
    #[cfg(feature = "local-runtime")]
    oi_llama::install();
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => return fail(&anyhow::anyhow!("cannot start the async runtime: {e}")),
    };
    match runtime.block_on(run(cli, invocation)) {
        Ok(code) => {
            // Kernels and readers may still hold threads: do not wait for them.
            runtime.shutdown_timeout(std::time::Duration::from_millis(200));
            ExitCode::from(code)
        }
        Err(e) => fail(&e),
    }
}

fn fail(e: &anyhow::Error) -> ExitCode {
    let _ = writeln!(std::io::stderr(), "Error: {e:#}");
    ExitCode::from(2)
}

/// Logs go to stderr, and only when RUST_LOG asks: stdout is the UI or the JSONL stream.
fn init_tracing() {
    if std::env::var_os("RUST_LOG").is_some() {
        let _ = tracing_subscriber::fmt()
            .with_env_filter(tracing_subscriber::EnvFilter::from_default_env())
            .with_writer(std::io::stderr)
            .try_init();
    }
}

async fn run(cli: Cli, invocation: Invocation) -> Result<u8> {
    if let Some(args::Command::Acp(acp)) = cli.command {
        return acp::run(&cli.session, &acp.session).await;
    }
    if let Some(args::Command::Exec(exec)) = cli.command {
        let mut flags = cli.session.clone();
        flags.merge(&exec.session);
        if flags.local {
            let path = settings::config_path(&flags);
            local::choose(&mut flags, &path, local::Asking::Nobody).await?;
        }
        let mut settings = settings::resolve(&flags)?;
        // Nobody can answer a prompt here: without -y, only what a command rule or a
        // remembered approval allows runs; what would ask is shown, then denied.
        settings.session.interactive_approvals = false;
        let plain = settings.plain || !std::io::IsTerminal::is_terminal(&std::io::stdout());
        let handle = oi_core::spawn_session(settings.session, oi_core::SessionRequest::new())?;
        return exec_mode::run(
            handle,
            exec.prompt,
            exec.json,
            plain,
            settings.show_reasoning,
        )
        .await;
    }
    if cli.gui {
        // The app has no model picker of its own for `--local`: choose here, as the terminal
        // does (remembered in config.toml), and hand the app the model chosen.
        let mut flags = cli.session.clone();
        let mut chosen = None;
        if flags.local && flags.settings.model.is_none() {
            let path = settings::config_path(&flags);
            let asking = if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
                local::Asking::Person
            } else {
                local::Asking::Nobody
            };
            if !local::choose(&mut flags, &path, asking).await? {
                return Ok(1);
            }
            chosen = flags
                .settings
                .model
                .clone()
                .map(|m| (m, flags.settings.api_base.clone()));
        }
        return gui::launch(gui::app_args(gui::forwarded_args(), chosen));
    }
    let mut flags = cli.session.clone();
    let informational = cli.config || cli.conversations || cli.profiles || cli.approvals.is_some();
    let path = settings::config_path(&flags);
    if flags.local && !informational {
        if !local::choose(&mut flags, &path, local::Asking::Person).await? {
            return Ok(1);
        }
    } else if !informational
        && cli.resume.is_none()
        && std::io::IsTerminal::is_terminal(&std::io::stdin())
        && std::io::IsTerminal::is_terminal(&std::io::stdout())
        && local::is_first_run(&flags, &path)
        && !local::first_run(&mut flags, &path).await?
    {
        return Ok(1);
    }
    let settings = settings::resolve(&flags)?;
    if cli.config {
        info::print_config(&settings)?;
        return Ok(0);
    }
    if let Some(action) = &cli.approvals {
        info::approvals(&settings.session.data_dir, action)?;
        return Ok(0);
    }
    if cli.conversations {
        info::print_conversations(&settings.session.data_dir)?;
        return Ok(0);
    }
    if cli.profiles {
        info::print_profiles(settings.session.config_dir.as_deref())?;
        return Ok(0);
    }
    let session = settings.session;
    let plain = settings.plain || !std::io::IsTerminal::is_terminal(&std::io::stdout());
    let show_reasoning = settings.show_reasoning;
    let history_file = session.data_dir.join("input-history.txt");
    let handle = oi_core::spawn_session(session, oi_core::SessionRequest::resuming(cli.resume))?;
    let reader = reader::LineReader::spawn(Some(history_file));
    let first = (!cli.prompt.is_empty()).then(|| cli.prompt.join(" "));
    let quick = invocation == Invocation::QuickI && first.is_some();
    interactive::Interactive::new(handle, reader, plain, show_reasoning, quick)
        .run(first)
        .await?;
    Ok(0)
}
