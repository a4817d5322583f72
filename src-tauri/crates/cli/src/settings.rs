//! Effective settings: oi-core's resolver (defaults, then config.toml, then flags — with where
//! each came from) over this binary's flags.

use std::path::PathBuf;

use anyhow::Result;
pub use oi_core::settings::Settings;

use crate::args::SessionFlags;

/// The config file these flags select.
pub fn config_path(flags: &SessionFlags) -> PathBuf {
    oi_config::config_path(flags.settings.config_file.as_deref())
}

pub fn resolve(flags: &SessionFlags) -> Result<Settings> {
    Ok(oi_core::settings::resolve(&flags.settings)?)
}

/// One line for `--config` and the banner: `native workspace-write (landlock ABI 7 …)`.
pub fn describe_sandbox(sandbox: &oi_core::sandbox::SessionSandbox) -> String {
    match &sandbox.info {
        None => "none: code runs unconfined".into(),
        Some(info) => match &info.refusal {
            Some(why) => format!(
                "{} {}: UNAVAILABLE, nothing will run: {why}",
                info.backend, info.policy
            ),
            None if info.enforcement.is_empty() => format!("{} {}", info.backend, info.policy),
            None => format!("{} {} ({})", info.backend, info.policy, info.enforcement),
        },
    }
}
