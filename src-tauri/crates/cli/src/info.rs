//! `--config`, `--conversations`, `--profiles`.

use std::io::Write;
use std::path::Path;

use anyhow::Result;

use crate::settings::Settings;

pub fn print_config(settings: &Settings) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "config file: {}", settings.config_path.display())?;
    for (name, value, source) in &settings.provenance {
        writeln!(out, "{name:<20} {value:<40} ({source})")?;
    }
    // What a session here would get, checked without creating anything.
    let session = &settings.session;
    let (sandbox, dropped) = match &session.sandbox_setup {
        Some(setup) => setup.check(&session.cwd, session.config_dir.as_deref()),
        None => (oi_core::sandbox::SessionSandbox::none(), None),
    };
    writeln!(
        out,
        "effective sandbox: {}",
        crate::settings::describe_sandbox(&sandbox)
    )?;
    if let Some(notice) = dropped {
        writeln!(out, "  {notice}")?;
    }
    Ok(())
}

pub fn print_conversations(data_dir: &Path) -> Result<()> {
    let store = oi_core::store::SessionStore::new(data_dir);
    let sessions = store.list()?;
    let mut out = std::io::stdout().lock();
    if sessions.is_empty() {
        writeln!(
            out,
            "no conversations yet (they are kept in {})",
            store.dir().display()
        )?;
        return Ok(());
    }
    for s in sessions {
        let when = local_time(s.created_ms);
        let words = if s.title.is_empty() {
            "(empty)".to_string()
        } else {
            s.title
        };
        writeln!(out, "{}  {when}  {:<28} {words}", &s.id, s.model)?;
    }
    writeln!(
        out,
        "\ncontinue one with: interpreter --resume ID (a unique prefix is enough)"
    )?;
    Ok(())
}

pub fn print_profiles(config_dir: Option<&Path>) -> Result<()> {
    let mut out = std::io::stdout().lock();
    writeln!(out, "{:<14} {:<21} EMULATES", "PROFILE", "TOOL CALLS")?;
    for id in oi_core::profile::Profile::available(config_dir) {
        let own =
            config_dir.is_some_and(|d| d.join("profiles").join(&id).join("profile.toml").is_file());
        match oi_core::profile::Profile::load(&id, config_dir) {
            Ok(p) => writeln!(
                out,
                "{:<14} {:<21} {}{}",
                p.id,
                p.tool_style.describe(),
                p.emulates,
                if own { " (yours)" } else { "" }
            )?,
            Err(e) => writeln!(out, "{id:<14} error: {e}")?,
        }
    }
    writeln!(
        out,
        "\nuse one with --profile ID, or %profile ID in a session"
    )?;
    Ok(())
}

/// `--approvals`, `--approvals revoke N`, `--approvals revoke all`.
pub fn approvals(data_dir: &Path, action: &[String]) -> Result<()> {
    let store = oi_policy::approvals::ApprovalStore::in_data_dir(data_dir);
    let mut out = std::io::stdout().lock();
    match action {
        [] => {
            let all = store.list()?;
            if all.is_empty() {
                writeln!(
                    out,
                    "no remembered approvals (kept in {})",
                    store.path().display()
                )?;
                return Ok(());
            }
            for (i, a) in all.iter().enumerate() {
                let when = local_time(a.created_ms);
                writeln!(
                    out,
                    "{:>3}  {} in {}  ({when})",
                    i + 1,
                    a.key.describe(&a.project),
                    a.project.display()
                )?;
            }
            writeln!(
                out,
                "\nforget one with: interpreter --approvals revoke N (or: revoke all)"
            )?;
        }
        [verb, which] if verb == "revoke" && which == "all" => {
            let n = store.revoke_all()?;
            writeln!(
                out,
                "forgot {n} remembered approval{}",
                if n == 1 { "" } else { "s" }
            )?;
        }
        [verb, which] if verb == "revoke" => {
            let n: usize = which.parse().map_err(|_| {
                anyhow::anyhow!("`{which}` is not a number; use --approvals revoke N|all")
            })?;
            let gone = store.revoke(n)?;
            writeln!(
                out,
                "forgot {} in {}",
                gone.key.describe(&gone.project),
                gone.project.display()
            )?;
        }
        other => anyhow::bail!(
            "unknown --approvals action `{}`; use --approvals (list), --approvals revoke N, or --approvals revoke all",
            other.join(" ")
        ),
    }
    Ok(())
}

/// `2026-11-30 03:40` in local time.
fn local_time(ms: u64) -> String {
    chrono::DateTime::from_timestamp_millis(ms as i64)
        .map(|d| {
            d.with_timezone(&chrono::Local)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .unwrap_or_default()
}
