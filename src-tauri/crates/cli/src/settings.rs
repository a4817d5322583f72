//! Effective settings: oi-core's resolver (defaults, then config.toml, then flags — with where
//! each came from) over this binary's flags.

use std::path::PathBuf;

use anyhow::Result;
pub use oi_core::settings::Settings;

use crate::args::SessionFlags;

/// The config file these flags select.
pub fn config_path(flags: &SessionFlags) -> PathBuf {
    oi_core::settings::config_path(flags.config_file.as_deref())
}

pub fn resolve(flags: &SessionFlags) -> Result<Settings> {
    Ok(oi_core::settings::resolve(&flags.to_settings_flags())?)
}

impl SessionFlags {
    pub(crate) fn to_settings_flags(&self) -> oi_core::settings::Flags {
        oi_core::settings::Flags {
            model: self.model.clone(),
            api_base: self.api_base.clone(),
            api_key: self.api_key.clone(),
            auto_run: self.auto_run,
            max_output: self.max_output,
            max_turns: self.max_turns,
            context_window: self.context_window,
            max_tokens: self.max_tokens,
            temperature: self.temperature,
            system_message: self.system_message.clone(),
            custom_instructions: self.custom_instructions.clone(),
            profile: self.profile.clone(),
            timeout: self.timeout,
            plain: self.plain,
            config_file: self.config_file.clone(),
            sandbox: self.sandbox,
            sandbox_level: self.sandbox_level,
            sandbox_policy: self.sandbox_policy.clone(),
            safe_mode: self.safe_mode,
        }
    }
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
