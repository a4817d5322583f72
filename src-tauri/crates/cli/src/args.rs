//! Command-line flags. Classic Open Interpreter spellings (`--auto_run`, `--api_base`…) are
//! accepted beside the kebab-case ones.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "interpreter",
    version,
    about = "Open Interpreter: a language model that runs code on your computer, with your approval",
    after_help = "Examples:\n  interpreter                         chat in the terminal\n  interpreter -y \"make a chart of data.csv\"\n  interpreter --local                 choose a model served on this machine\n  interpreter --model ollama/qwen2.5-coder --api_base http://127.0.0.1:11434\n  interpreter exec --json -y \"count the files here\"\n  i what is in this folder?"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,

    #[command(flatten)]
    pub session: SessionFlags,

    /// Print the effective settings and where each came from.
    #[arg(long)]
    pub config: bool,

    /// List past conversations.
    #[arg(long)]
    pub conversations: bool,

    /// List the remembered "always" approvals; `--approvals revoke N` or `--approvals revoke all` forgets them.
    #[arg(long, num_args = 0..=2, value_names = ["revoke", "N|all"])]
    pub approvals: Option<Vec<String>>,

    /// Continue a past conversation (the latest when no ID is given).
    #[arg(long, value_name = "ID", num_args = 0..=1, default_missing_value = "")]
    pub resume: Option<String>,

    /// List the harness profiles.
    #[arg(long)]
    pub profiles: bool,

    /// Open the desktop app (a second launch focuses the running one).
    #[arg(long)]
    pub gui: bool,

    /// With --gui: start in the system tray only.
    #[arg(long, requires = "gui")]
    pub background: bool,

    /// The first message (the session stays open afterwards).
    #[arg(trailing_var_arg = true, value_name = "PROMPT")]
    pub prompt: Vec<String>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run one request to completion without interaction (for scripts and other programs).
    Exec(ExecArgs),
    /// Serve an editor (Zed, JetBrains, VS Code) over the Agent Client Protocol on stdio.
    Acp(AcpArgs),
}

#[derive(Debug, Args)]
pub struct AcpArgs {
    #[command(flatten)]
    pub session: SessionFlags,
}

#[derive(Debug, Args)]
pub struct ExecArgs {
    /// Print every event as one JSON line on stdout, and nothing else.
    #[arg(long)]
    pub json: bool,

    #[command(flatten)]
    pub session: SessionFlags,

    /// The request; read from stdin when absent.
    #[arg(trailing_var_arg = true, value_name = "PROMPT")]
    pub prompt: Vec<String>,
}

/// Flags shared by the terminal and `exec`.
#[derive(Debug, Args, Default, Clone)]
pub struct SessionFlags {
    /// Model: openai/NAME, anthropic/NAME, ollama/NAME, lmstudio/NAME, llamacpp/NAME, or a bare name.
    #[arg(short, long, global = true)]
    pub model: Option<String>,

    /// Use a model on this machine: find running Ollama, llama.cpp, llamafile and LM Studio
    /// servers, choose one of their models, and remember the choice.
    #[arg(long, global = true)]
    pub local: bool,

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

    /// Use this config file instead of the one in the config directory.
    #[arg(long = "config-file", global = true, value_name = "PATH")]
    pub config_file: Option<PathBuf>,

    /// Run code in a sandbox: native (landlock + seccomp, no root needed), docker, openshell, none.
    #[arg(long, global = true, value_name = "BACKEND", value_parser = parse_backend)]
    pub sandbox: Option<oi_sandbox::Backend>,

    /// What sandboxed code may do: read-only, workspace-write (the default), full-access.
    /// Turns the native sandbox on when no --sandbox is given.
    #[arg(short = 's', long = "sandbox-level", alias = "sandbox_level", global = true, value_name = "LEVEL", value_parser = parse_level)]
    pub sandbox_level: Option<oi_sandbox::Level>,

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
          default_missing_value = "ask", value_parser = oi_core::settings::parse_safe_mode)]
    pub safe_mode: Option<oi_protocol::SafeMode>,
}

fn parse_backend(s: &str) -> Result<oi_sandbox::Backend, String> {
    s.parse()
        .map_err(|e: oi_sandbox::BackendError| e.to_string())
}

fn parse_level(s: &str) -> Result<oi_sandbox::Level, String> {
    s.parse()
        .map_err(|e: oi_sandbox::policy::UnknownLevel| e.to_string())
}
