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
    writeln!(
        out,
        "effective sandbox: {}",
        crate::settings::describe_sandbox(&settings.session.sandbox)
    )?;
    Ok(())
}

pub fn print_conversations(data_dir: &Path) -> Result<()> {
    let sessions = oi_core::store::list_sessions(data_dir)?;
    let mut out = std::io::stdout().lock();
    if sessions.is_empty() {
        writeln!(
            out,
            "no conversations yet (they are kept in {})",
            oi_core::store::sessions_dir(data_dir).display()
        )?;
        return Ok(());
    }
    for s in sessions {
        let when = chrono::DateTime::from_timestamp_millis(s.started_ms as i64)
            .map(|d| {
                d.with_timezone(&chrono::Local)
                    .format("%Y-%m-%d %H:%M")
                    .to_string()
            })
            .unwrap_or_default();
        let words = if s.first_words.is_empty() {
            "(empty)".to_string()
        } else {
            s.first_words
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
    for id in oi_core::profile::Profile::builtin_ids() {
        match oi_core::profile::Profile::load(id, config_dir) {
            Ok(p) => writeln!(
                out,
                "{:<14} {:<18} {}",
                p.id,
                format!("{:?}", p.tool_style),
                p.emulates
            )?,
            Err(e) => writeln!(out, "{id:<14} error: {e}")?,
        }
    }
    Ok(())
}
