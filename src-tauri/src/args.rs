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
/// a new session in the folder it was started in, with every session flag it gave, its prompt
/// sent.
#[derive(Debug, Clone, PartialEq, Serialize, ts_rs::TS)]
#[ts(export_to = "app/")]
pub struct Handover {
    /// Names the session's settings, kept by the app until the ui starts the session with them
    /// (`StartOptions::handover`); set when they are kept.
    #[ts(type = "number")]
    pub id: u64,
    pub prompt: Option<String>,
    pub cwd: String,
    pub model: Option<String>,
    pub profile: Option<String>,
    /// `-y`: the session runs code without asking.
    pub auto_run: bool,
    /// The other flags it gave, as the person reads them (`--temperature 0.2`; a key hidden):
    /// they hold for that session.
    pub carried: Vec<String>,
    /// Flags that mean something in the terminal only (`--plain`).
    pub unused: Vec<String>,
    /// Its session flags.
    #[serde(skip)]
    pub flags: Flags,
    /// `--background`: the window is not brought forward.
    #[serde(skip)]
    pub background: bool,
}

impl Handover {
    /// The second launch's arguments (its program name first) and folder; why it cannot be
    /// taken over, in words for the person, when its arguments are not understood or ask for
    /// a sandbox or safe mode other than the one the running app was launched with
    /// (`running`): its prompt would run without what it asked for.
    pub fn parse(argv: &[String], cwd: &str, running: &Flags) -> Result<Handover, String> {
        let mut args = GuiArgs::try_parse_from(argv).map_err(|e| {
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
        // A config file named from the second launch's folder is that folder's.
        if let Some(file) = &mut args.flags.config_file
            && file.is_relative()
        {
            *file = std::path::Path::new(cwd).join(&*file);
        }
        let prompt = args.prompt.join(" ");
        let (carried, unused) = described(&args.flags);
        Ok(Handover {
            id: 0,
            prompt: (!prompt.trim().is_empty()).then_some(prompt),
            cwd: cwd.to_string(),
            model: args.flags.model.clone(),
            profile: args.flags.profile.clone(),
            auto_run: args.flags.auto_run,
            carried,
            unused,
            flags: args.flags,
            background: args.background,
        })
    }

    /// A bare second launch only brings the window forward.
    pub fn is_empty(&self) -> bool {
        self.prompt.is_none() && self.flags.is_empty()
    }
}

/// The flags a handed-over session takes besides its model, profile and `-y` (which the
/// toolbar shows), and those that mean nothing in the app, as the person would write them.
fn described(f: &Flags) -> (Vec<String>, Vec<String>) {
    // Every field by name: a new flag does not compile until it is described here.
    let Flags {
        model: _,
        profile: _,
        auto_run: _,
        api_base,
        api_key,
        max_output,
        max_turns,
        context_window,
        max_tokens,
        temperature,
        system_message,
        custom_instructions,
        timeout,
        plain,
        show_reasoning,
        config_file,
        // Only the running app's own are taken (checked above); the session bar shows them.
        sandbox: _,
        sandbox_level: _,
        sandbox_policy: _,
        safe_mode: _,
    } = f;
    fn chars(text: &str) -> String {
        format!("({} characters)", text.chars().count())
    }
    let mut carried = Vec::new();
    let mut add = |flag: &str, value: Option<String>| {
        if let Some(value) = value {
            carried.push(format!("{flag} {value}"));
        }
    };
    add("--api-base", api_base.clone());
    add(
        "--api-key",
        api_key.as_ref().map(|_| "(hidden)".to_string()),
    );
    add("--max-output", max_output.map(|v| v.to_string()));
    add("--max-turns", max_turns.map(|v| v.to_string()));
    add("--context-window", context_window.map(|v| v.to_string()));
    add("--max-tokens", max_tokens.map(|v| v.to_string()));
    add("--temperature", temperature.map(|v| v.to_string()));
    add("--system-message", system_message.as_deref().map(chars));
    add(
        "--custom-instructions",
        custom_instructions.as_deref().map(chars),
    );
    add("--timeout", timeout.map(|v| v.to_string()));
    add(
        "--config-file",
        config_file.as_ref().map(|p| p.display().to_string()),
    );
    let mut unused = Vec::new();
    if *plain {
        unused.push("--plain".to_string());
    }
    if *show_reasoning {
        // The app always folds reasoning into a disclosure the person opens.
        unused.push("--show-reasoning".to_string());
    }
    (carried, unused)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn argv(args: &[&str]) -> Vec<String> {
        args.iter().map(|a| a.to_string()).collect()
    }

    #[test]
    fn a_second_launch_hands_over_its_prompt_folder_and_every_flag() {
        let h = Handover::parse(
            &argv(&[
                "interpreter-gui",
                "--model",
                "openai/other",
                "--profile",
                "codex",
                "-y",
                "--temperature",
                "0.25",
                "--max-tokens",
                "77",
                "--api-key",
                "sk-secret",
                "--system-message",
                "Be brief.",
                "--config-file",
                "oi.toml",
                "--plain",
                "list",
                "the files",
            ]),
            "/home/me/project",
            &Flags::default(),
        )
        .unwrap();
        assert_eq!(h.prompt.as_deref(), Some("list the files"));
        assert_eq!(h.cwd, "/home/me/project");
        assert_eq!(h.model.as_deref(), Some("openai/other"));
        assert_eq!(h.profile.as_deref(), Some("codex"));
        assert!(h.auto_run && !h.background);
        assert_eq!(h.flags.temperature, Some(0.25));
        assert_eq!(h.flags.max_tokens, Some(77));
        // Named from the second launch's folder.
        assert_eq!(
            h.flags.config_file.as_deref(),
            Some(std::path::Path::new("/home/me/project/oi.toml"))
        );
        // Every flag is said, the key hidden; none is dropped without a word.
        assert_eq!(
            h.carried,
            [
                "--api-key (hidden)",
                "--max-tokens 77",
                "--temperature 0.25",
                "--system-message (9 characters)",
                "--config-file /home/me/project/oi.toml",
            ]
        );
        assert_eq!(h.unused, ["--plain"]);
        let shown = serde_json::to_string(&h).unwrap();
        assert!(!shown.contains("sk-secret"), "{shown}");
        // A flag alone starts a session with it; nothing at all only brings the window forward.
        let flag_only =
            Handover::parse(&argv(&["interpreter-gui", "-y"]), "/tmp", &Flags::default()).unwrap();
        assert!(!flag_only.is_empty() && flag_only.prompt.is_none());
        let tray = Handover::parse(
            &argv(&["interpreter-gui", "--background", "hi"]),
            "/tmp",
            &Flags::default(),
        )
        .unwrap();
        assert!(tray.background);
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
