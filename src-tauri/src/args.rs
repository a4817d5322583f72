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
    /// The second launch's arguments (its program name first) and folder; why it cannot be
    /// taken over, in words for the person, when its arguments are not understood or ask for
    /// a sandbox or safe mode other than the one the running app was launched with
    /// (`running`): its prompt would run without what it asked for.
    pub fn parse(argv: &[String], cwd: &str, running: &Flags) -> Result<Handover, String> {
        let args = GuiArgs::try_parse_from(argv).map_err(|e| {
            let text = e.to_string();
            let first = text.lines().next().unwrap_or_default();
            first.strip_prefix("error: ").unwrap_or(first).to_string()
        })?;
        // What it names must be what the running app has; what it does not name, it takes.
        let f = &args.flags;
        fn other<T: PartialEq>(asked: &Option<T>, running: &Option<T>) -> bool {
            asked.is_some() && asked != running
        }
        if other(&f.sandbox, &running.sandbox)
            || other(&f.sandbox_level, &running.sandbox_level)
            || other(&f.sandbox_policy, &running.sandbox_policy)
            || other(&f.safe_mode, &running.safe_mode)
        {
            return Err(
                "the app is already running with its own sandbox and safe mode; \
                        quit it and launch again to use others"
                    .into(),
            );
        }
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
            &Flags::default(),
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
        let bare = Handover::parse(&argv(&["interpreter-gui"]), "/tmp", &Flags::default()).unwrap();
        assert!(bare.is_empty());
        assert!(
            Handover::parse(
                &argv(&["interpreter-gui", "--sandbox", "jail"]),
                "/tmp",
                &Flags::default()
            )
            .is_err()
        );
        // A sandbox or safe mode other than the running app's is refused, not dropped; the
        // same one is taken.
        for asked in [
            &["--sandbox", "native"][..],
            &["--sandbox-level", "read-only"],
            &["--safe-mode", "auto"],
        ] {
            let mut args = vec!["interpreter-gui"];
            args.extend_from_slice(asked);
            args.push("delete the logs");
            let refused = Handover::parse(&argv(&args), "/tmp", &Flags::default()).unwrap_err();
            assert!(refused.contains("own sandbox and safe mode"), "{refused}");
        }
        let running = GuiArgs::try_parse_from(["interpreter-gui", "--safe-mode", "auto"])
            .unwrap()
            .flags;
        let same = Handover::parse(
            &argv(&["interpreter-gui", "--safe-mode", "auto", "hi"]),
            "/tmp",
            &running,
        )
        .unwrap();
        assert_eq!(same.prompt.as_deref(), Some("hi"));
        let unnamed = Handover::parse(&argv(&["interpreter-gui", "hi"]), "/tmp", &running);
        assert_eq!(unnamed.unwrap().prompt.as_deref(), Some("hi"));
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
