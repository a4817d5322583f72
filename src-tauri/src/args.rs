//! The app's command line: what `interpreter --gui` forwards (its session flags, `--background`).

use std::path::PathBuf;

use clap::Parser;
use oi_core::settings::Flags;
use oi_protocol::SafeMode;
use oi_sandbox::{Backend, Level};

#[derive(Debug, Clone, Default, Parser)]
#[command(
    name = "interpreter-gui",
    version,
    about = "The Open Interpreter desktop app"
)]
pub struct GuiArgs {
    /// Start in the system tray only.
    #[arg(long)]
    pub background: bool,

    /// Model: openai/NAME, anthropic/NAME, ollama/NAME, lmstudio/NAME, llamacpp/NAME, or a bare name.
    #[arg(short, long)]
    pub model: Option<String>,

    /// Base URL of the model API.
    #[arg(long = "api-base", alias = "api_base", value_name = "URL")]
    pub api_base: Option<String>,

    /// API key (otherwise OPENAI_API_KEY / ANTHROPIC_API_KEY).
    #[arg(long = "api-key", alias = "api_key", value_name = "KEY")]
    pub api_key: Option<String>,

    /// Run code without asking first.
    #[arg(short = 'y', long = "auto-run", alias = "auto_run")]
    pub auto_run: bool,

    /// Harness profile.
    #[arg(long)]
    pub profile: Option<String>,

    #[arg(long = "max-output", alias = "max_output", value_name = "CHARS")]
    pub max_output: Option<usize>,

    #[arg(long = "max-turns", alias = "max_turns", value_name = "N")]
    pub max_turns: Option<u32>,

    #[arg(
        long = "context-window",
        alias = "context_window",
        value_name = "TOKENS"
    )]
    pub context_window: Option<u32>,

    #[arg(long = "max-tokens", alias = "max_tokens", value_name = "TOKENS")]
    pub max_tokens: Option<u32>,

    #[arg(long)]
    pub temperature: Option<f32>,

    #[arg(long = "system-message", alias = "system_message", value_name = "TEXT")]
    pub system_message: Option<String>,

    #[arg(
        long = "custom-instructions",
        alias = "custom_instructions",
        value_name = "TEXT"
    )]
    pub custom_instructions: Option<String>,

    /// Seconds one run of code may take.
    #[arg(long, value_name = "SECONDS")]
    pub timeout: Option<u64>,

    /// Accepted for symmetry with the terminal; the app always styles.
    #[arg(long, hide = true)]
    pub plain: bool,

    #[arg(long = "config-file", value_name = "PATH")]
    pub config_file: Option<PathBuf>,

    /// Run code in a sandbox: native (landlock + seccomp, no root needed), docker, openshell, none.
    #[arg(long, value_name = "BACKEND")]
    pub sandbox: Option<Backend>,

    /// What sandboxed code may do: read-only, workspace-write (the default), full-access.
    #[arg(
        short = 's',
        long = "sandbox-level",
        alias = "sandbox_level",
        value_name = "LEVEL"
    )]
    pub sandbox_level: Option<Level>,

    /// A YAML sandbox policy file (instead of a level).
    #[arg(long = "sandbox-policy", alias = "sandbox_policy", value_name = "FILE")]
    pub sandbox_policy: Option<PathBuf>,

    /// Scan code for risks before approval: off, ask (a bare --safe_mode), auto.
    #[arg(long = "safe-mode", alias = "safe_mode", value_name = "MODE", num_args = 0..=1,
          default_missing_value = "ask", value_parser = oi_core::settings::parse_safe_mode)]
    pub safe_mode: Option<SafeMode>,

    /// The first message, sent when the window opens.
    #[arg(trailing_var_arg = true, value_name = "PROMPT")]
    pub prompt: Vec<String>,
}

impl GuiArgs {
    /// The session flags, for oi-core's settings resolver (the terminal's too).
    pub fn settings_flags(&self) -> Flags {
        Flags {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn takes_what_the_cli_forwards() {
        let a = GuiArgs::try_parse_from([
            "interpreter-gui",
            "--model",
            "openai/x",
            "--api_base",
            "http://127.0.0.1:1/v1",
            "-y",
            "--background",
            "--profile",
            "classic",
            "hello",
            "there",
        ])
        .unwrap();
        assert_eq!(a.model.as_deref(), Some("openai/x"));
        assert_eq!(a.api_base.as_deref(), Some("http://127.0.0.1:1/v1"));
        assert!(a.auto_run && a.background);
        assert_eq!(a.prompt, vec!["hello", "there"]);
    }

    #[test]
    fn takes_the_terminals_sandbox_flags() {
        let a = GuiArgs::try_parse_from([
            "interpreter-gui",
            "--sandbox",
            "native",
            "-s",
            "read-only",
            "--sandbox_policy",
            "p.yaml",
            "--safe_mode",
        ])
        .unwrap();
        let f = a.settings_flags();
        assert_eq!(f.sandbox, Some(Backend::Native));
        assert_eq!(f.sandbox_level, Some(Level::ReadOnly));
        assert_eq!(f.sandbox_policy, Some(PathBuf::from("p.yaml")));
        assert_eq!(f.safe_mode, Some(SafeMode::Ask));
        assert!(GuiArgs::try_parse_from(["interpreter-gui", "--sandbox", "jail"]).is_err());
    }
}
