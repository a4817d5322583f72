//! The app's command line: what `interpreter --gui` forwards (its session flags, `--background`).

use clap::Parser;
use oi_config::Flags;

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

    /// The session flags, as the terminal takes them.
    #[command(flatten)]
    pub flags: Flags,

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
        assert_eq!(a.flags.model.as_deref(), Some("openai/x"));
        assert_eq!(a.flags.api_base.as_deref(), Some("http://127.0.0.1:1/v1"));
        assert!(a.flags.auto_run && a.background);
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
        let f = &a.flags;
        assert_eq!(f.sandbox, Some(oi_sandbox::Backend::Native));
        assert_eq!(f.sandbox_level, Some(oi_sandbox::Level::ReadOnly));
        assert_eq!(f.sandbox_policy, Some(std::path::PathBuf::from("p.yaml")));
        assert_eq!(f.safe_mode, Some(oi_protocol::SafeMode::Ask));
        assert!(GuiArgs::try_parse_from(["interpreter-gui", "--sandbox", "jail"]).is_err());
    }
}
