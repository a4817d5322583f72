//! The app's command line: what `interpreter --gui` forwards (its session flags, `--background`).

use std::path::PathBuf;

use clap::Parser;

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

    /// Sandbox level for code the agent runs (shown; enforcement comes with the sandbox front end).
    #[arg(long, value_name = "LEVEL")]
    pub sandbox: Option<String>,

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

    /// The first message, sent when the window opens.
    #[arg(trailing_var_arg = true, value_name = "PROMPT")]
    pub prompt: Vec<String>,
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
}
