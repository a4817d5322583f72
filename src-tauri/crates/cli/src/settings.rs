//! Effective settings: defaults, then config.toml, then flags — with where each came from.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context, Result};
use oi_core::SessionConfig;
use oi_core::config::{self, ConfigFile};
use oi_protocol::ApprovalPolicy;

use crate::args::SessionFlags;

pub const DEFAULT_MODEL: &str = "openai/gpt-4o";

/// Where a value came from, for `--config`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File(PathBuf),
    Flag,
    Env(&'static str),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Flag => f.write_str("command line"),
            Source::Env(v) => write!(f, "environment ({v})"),
        }
    }
}

pub struct Settings {
    pub session: SessionConfig,
    pub plain: bool,
    pub config_path: PathBuf,
    /// (setting, value shown, source) for `--config`.
    pub provenance: Vec<(&'static str, String, Source)>,
}

pub fn resolve(flags: &SessionFlags) -> Result<Settings> {
    let config_dir = config::config_dir();
    let config_path = flags
        .config_file
        .clone()
        .or_else(|| config_dir.as_ref().map(|d| d.join("config.toml")))
        .unwrap_or_else(|| PathBuf::from("config.toml"));
    let file: ConfigFile = config::load(&config_path)?;
    let data_dir = config::data_dir().context("no data directory: set XDG_DATA_HOME or HOME")?;
    let cwd = std::env::current_dir().context("the current directory is not readable")?;
    let src_file = Source::File(config_path.clone());
    let mut prov = Vec::new();

    macro_rules! pick {
        ($name:literal, $flag:expr, $file:expr, $default:expr) => {{
            let (v, s) = match ($flag, $file) {
                (Some(v), _) => (v, Source::Flag),
                (None, Some(v)) => (v, src_file.clone()),
                (None, None) => ($default, Source::Default),
            };
            prov.push(($name, format!("{:?}", v), s));
            v
        }};
    }

    let model = pick!(
        "model",
        flags.model.clone(),
        file.model.clone(),
        DEFAULT_MODEL.to_string()
    );
    let api_base = pick!(
        "api_base",
        flags.api_base.clone().map(Some),
        file.api_base.clone().map(Some),
        None
    );
    let api_key_flag = flags.api_key.clone().or(file.api_key.clone());
    let key_source = if flags.api_key.is_some() {
        Source::Flag
    } else if file.api_key.is_some() {
        src_file.clone()
    } else if std::env::var_os("ANTHROPIC_API_KEY").is_some() && model.starts_with("anthropic/") {
        Source::Env("ANTHROPIC_API_KEY")
    } else if std::env::var_os("OPENAI_API_KEY").is_some() {
        Source::Env("OPENAI_API_KEY")
    } else {
        Source::Default
    };
    prov.push((
        "api_key",
        if key_source == Source::Default {
            "(none)".into()
        } else {
            "(set, hidden)".into()
        },
        key_source,
    ));
    let auto_run = pick!(
        "auto_run",
        flags.auto_run.then_some(true),
        file.auto_run,
        false
    );
    let max_output = pick!("max_output", flags.max_output, file.max_output, 2800usize);
    let max_turns = pick!("max_turns", flags.max_turns, file.max_turns, 30u32);
    let profile = pick!(
        "profile",
        flags.profile.clone(),
        file.profile.clone(),
        "classic".to_string()
    );
    let context_window = pick!(
        "context_window",
        flags.context_window.map(Some),
        file.context_window.map(Some),
        None
    );
    let max_tokens = pick!(
        "max_tokens",
        flags.max_tokens.map(Some),
        file.max_tokens.map(Some),
        None
    );
    let temperature = pick!(
        "temperature",
        flags.temperature.map(Some),
        file.temperature.map(Some),
        None
    );
    let system_message = pick!(
        "system_message",
        flags.system_message.clone().map(Some),
        file.system_message.clone().map(Some),
        None
    );
    let custom_instructions = pick!(
        "custom_instructions",
        flags.custom_instructions.clone().map(Some),
        file.custom_instructions.clone().map(Some),
        None
    );
    let timeout = pick!(
        "timeout",
        flags.timeout.map(Some),
        file.timeout.map(Some),
        None
    );
    let plain = pick!("plain", flags.plain.then_some(true), file.plain, false);
    prov.push(("data_dir", data_dir.display().to_string(), Source::Default));

    let mut session = SessionConfig::new(model, cwd, data_dir);
    session.api_base = api_base;
    session.api_key = api_key_flag;
    session.approval_policy = if auto_run {
        ApprovalPolicy::Auto
    } else {
        ApprovalPolicy::Ask
    };
    session.max_output = max_output;
    session.max_turns = max_turns;
    session.profile = profile;
    session.context_window = context_window;
    session.max_tokens = max_tokens;
    session.temperature = temperature;
    session.system_message = system_message;
    session.custom_instructions = custom_instructions;
    session.exec_timeout = timeout.map(Duration::from_secs);
    session.config_dir = config_dir;
    if let Some(ms) = std::env::var("OI_RETRY_BASE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        session.retry.base_delay = Duration::from_millis(ms);
    }
    Ok(Settings {
        session,
        plain,
        config_path,
        provenance: prov,
    })
}
