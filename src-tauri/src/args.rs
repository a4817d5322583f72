//! The app's command line: what `interpreter --gui` forwards (its session flags, `--background`).

use clap::Parser;
use oi_config::Flags;
use serde::Serialize;

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

/// What a second launch (`interpreter --gui ARGS` while the app runs) hands to the running app:
/// its prompt, the folder it was started in, and the model and profile it names.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Handover {
    pub prompt: Option<String>,
    pub cwd: String,
    pub model: Option<String>,
    pub profile: Option<String>,
}

impl Handover {
    /// The second launch's arguments (its program name first) and folder.
    pub fn parse(argv: &[String], cwd: &str) -> Result<Handover, clap::Error> {
        let args = GuiArgs::try_parse_from(argv)?;
        let prompt = args.prompt.join(" ");
        Ok(Handover {
            prompt: (!prompt.trim().is_empty()).then_some(prompt),
            cwd: cwd.to_string(),
            model: args.flags.model,
            profile: args.flags.profile,
        })
    }

    /// A bare second launch only brings the window forward.
    pub fn is_empty(&self) -> bool {
        self.prompt.is_none() && self.model.is_none() && self.profile.is_none()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn a_second_launch_hands_over_its_prompt_folder_model_and_profile() {
        let h = Handover::parse(
            &argv(&[
                "interpreter-gui",
                "--model",
                "openai/other",
                "--profile",
                "codex",
                "list",
                "the files",
            ]),
            "/home/me/project",
        )
        .unwrap();
        assert_eq!(
            h,
            Handover {
                prompt: Some("list the files".into()),
                cwd: "/home/me/project".into(),
                model: Some("openai/other".into()),
                profile: Some("codex".into()),
            }
        );
        let bare = Handover::parse(&argv(&["interpreter-gui"]), "/tmp").unwrap();
        assert!(bare.is_empty());
        assert!(Handover::parse(&argv(&["interpreter-gui", "--sandbox", "jail"]), "/tmp").is_err());
    }

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
