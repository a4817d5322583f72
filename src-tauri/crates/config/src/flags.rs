//! The session flags every front end takes (`interpreter`, `exec`, `acp`, the desktop app).

use std::path::{Path, PathBuf};

use oi_protocol::SafeMode;
use oi_sandbox::{Backend, Level};

pub const DEFAULT_MODEL: &str = "openai/gpt-4o";

/// What the person gave on the command line — the session flags of the terminal, `exec`,
/// `acp` and the desktop app alike; `None` (or `false`) leaves the choice to config.toml, then
/// to the default. Serialized when `interpreter acp` hands an editor's session to the app.
#[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, clap::Args)]
#[serde(default)]
pub struct Flags {
    /// Model: openai/NAME, anthropic/NAME, ollama/NAME, lmstudio/NAME, llamacpp/NAME, or a bare name.
    #[arg(short, long, global = true)]
    pub model: Option<String>,

    /// Base URL of the model API.
    #[arg(
        long = "api-base",
        alias = "api_base",
        global = true,
        value_name = "URL"
    )]
    pub api_base: Option<String>,

    /// API key (otherwise OPENAI_API_KEY / ANTHROPIC_API_KEY).
    #[arg(long = "api-key", alias = "api_key", global = true, value_name = "KEY")]
    pub api_key: Option<String>,

    /// Run code without asking first.
    #[arg(short = 'y', long = "auto-run", alias = "auto_run", global = true)]
    pub auto_run: bool,

    /// Characters of each run's output the model sees (head and tail are kept).
    #[arg(
        long = "max-output",
        alias = "max_output",
        global = true,
        value_name = "CHARS"
    )]
    pub max_output: Option<usize>,

    /// Model requests per turn before stopping.
    #[arg(
        long = "max-turns",
        alias = "max_turns",
        global = true,
        value_name = "N"
    )]
    pub max_turns: Option<u32>,

    /// The model's context window in tokens.
    #[arg(
        long = "context-window",
        alias = "context_window",
        global = true,
        value_name = "TOKENS"
    )]
    pub context_window: Option<u32>,

    /// Most tokens per model answer.
    #[arg(
        long = "max-tokens",
        alias = "max_tokens",
        global = true,
        value_name = "TOKENS"
    )]
    pub max_tokens: Option<u32>,

    #[arg(long, global = true)]
    pub temperature: Option<f32>,

    /// Replace the profile's system prompt.
    #[arg(
        long = "system-message",
        alias = "system_message",
        global = true,
        value_name = "TEXT"
    )]
    pub system_message: Option<String>,

    /// Add to the system prompt.
    #[arg(
        long = "custom-instructions",
        alias = "custom_instructions",
        global = true,
        value_name = "TEXT"
    )]
    pub custom_instructions: Option<String>,

    /// Harness profile (see --profiles).
    #[arg(long, global = true)]
    pub profile: Option<String>,

    /// Seconds one run of code may take.
    #[arg(long, global = true, value_name = "SECONDS")]
    pub timeout: Option<u64>,

    /// No colors or styling.
    #[arg(long, global = true)]
    pub plain: bool,

    /// Show a reasoning model's thinking in full (otherwise it is folded to one line).
    #[arg(long = "show-reasoning", alias = "show_reasoning", global = true)]
    pub show_reasoning: bool,

    /// Use this config file instead of the one in the config directory.
    #[arg(long = "config-file", global = true, value_name = "PATH")]
    pub config_file: Option<PathBuf>,

    /// Run code in a sandbox: native (landlock + seccomp, no root needed), docker, openshell, none.
    #[arg(long, global = true, value_name = "BACKEND")]
    pub sandbox: Option<Backend>,

    /// What sandboxed code may do: read-only, workspace-write (the default), full-access.
    /// Turns the native sandbox on when no --sandbox is given.
    #[arg(
        short = 's',
        long = "sandbox-level",
        alias = "sandbox_level",
        global = true,
        value_name = "LEVEL"
    )]
    pub sandbox_level: Option<Level>,

    /// A YAML sandbox policy file (instead of a level). Turns the native sandbox on when no --sandbox is given.
    #[arg(
        long = "sandbox-policy",
        alias = "sandbox_policy",
        global = true,
        value_name = "FILE"
    )]
    pub sandbox_policy: Option<PathBuf>,

    /// Scan code for risks before approval: off, ask (warn and always ask; a bare --safe_mode),
    /// auto (block risky code; run everything in the sandbox).
    #[arg(long = "safe-mode", alias = "safe_mode", global = true, value_name = "MODE", num_args = 0..=1,
          default_missing_value = "ask", value_parser = parse_safe_mode)]
    pub safe_mode: Option<SafeMode>,
}

impl Flags {
    /// Whether nothing was given.
    pub fn is_empty(&self) -> bool {
        *self == Flags::default()
    }

    /// Takes what `later` gave (flags after a subcommand win over the same flags before it).
    pub fn merge(&mut self, later: &Flags) {
        // Every field by name: a new flag does not compile until it is merged here.
        let Flags {
            model,
            api_base,
            api_key,
            auto_run,
            max_output,
            max_turns,
            context_window,
            max_tokens,
            temperature,
            system_message,
            custom_instructions,
            profile,
            timeout,
            plain,
            show_reasoning,
            config_file,
            sandbox,
            sandbox_level,
            sandbox_policy,
            safe_mode,
        } = later;
        macro_rules! take {
            ($($f:ident),*) => { $( if $f.is_some() { self.$f.clone_from($f); } )* };
        }
        take!(
            model,
            api_base,
            api_key,
            max_output,
            max_turns,
            context_window,
            max_tokens,
            temperature,
            system_message,
            custom_instructions,
            profile,
            timeout,
            config_file,
            sandbox,
            sandbox_level,
            sandbox_policy,
            safe_mode
        );
        self.auto_run |= *auto_run;
        self.plain |= *plain;
        self.show_reasoning |= *show_reasoning;
    }
}

/// `--safe_mode` and the `safe_mode` key: off, ask, auto.
pub fn parse_safe_mode(s: &str) -> Result<SafeMode, String> {
    match s {
        "off" => Ok(SafeMode::Off),
        "ask" => Ok(SafeMode::Ask),
        "auto" => Ok(SafeMode::Auto),
        other => Err(format!(
            "unknown safe mode \"{other}\" (expected off, ask, auto)"
        )),
    }
}

/// The config file `--config-file` names, else the one in the config directory.
pub fn config_path(config_file: Option<&Path>) -> PathBuf {
    config_file
        .map(Path::to_path_buf)
        .or_else(|| crate::config_dir().map(|d| d.join("config.toml")))
        .unwrap_or_else(|| PathBuf::from("config.toml"))
}
