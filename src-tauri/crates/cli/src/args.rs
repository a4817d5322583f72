//! Command-line flags. Classic Open Interpreter spellings (`--auto_run`, `--api_base`…) are
//! accepted beside the kebab-case ones.

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

/// Flags shared by the terminal, `exec` and `acp`: the session flags every front end takes
/// (oi-core's, also the desktop app's), and `--local`.
#[derive(Debug, Args, Default, Clone)]
pub struct SessionFlags {
    #[command(flatten)]
    pub settings: oi_config::Flags,

    /// Use a model on this machine: find running Ollama, llama.cpp, llamafile and LM Studio
    /// servers, choose one of their models, and remember the choice.
    #[arg(long, global = true)]
    pub local: bool,
}

impl SessionFlags {
    /// Takes what `later` gave (flags after `exec` or `acp` win over the same flags before it).
    pub fn merge(&mut self, later: &SessionFlags) {
        self.settings.merge(&later.settings);
        self.local |= later.local;
    }
}
