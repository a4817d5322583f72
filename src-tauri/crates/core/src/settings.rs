//! A new session's settings as every front end resolves them: flags, then config.toml, then
//! built-in defaults — with where each value came from (the terminal's `--config` shows it).

use std::path::{Path, PathBuf};
use std::time::Duration;

use oi_protocol::{ApprovalPolicy, SafeMode};
use oi_sandbox::{Backend, Level};

use oi_config::{self as config, ConfigFile, DEFAULT_MODEL, Flags, config_path};

use crate::SessionConfig;
use crate::profile::Profile;
use crate::sandbox::{SandboxRequest, SandboxSetup};
use oi_policy::rules::{CommandRules, RulesError};

/// Where a value came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    Default,
    File(PathBuf),
    Flag,
    Env(&'static str),
    /// A default of the session's profile (its `[defaults]`).
    Profile(String),
}

impl std::fmt::Display for Source {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Source::Default => f.write_str("default"),
            Source::File(p) => write!(f, "{}", p.display()),
            Source::Flag => f.write_str("command line"),
            Source::Env(v) => write!(f, "environment ({v})"),
            Source::Profile(id) => write!(f, "profile {id}"),
        }
    }
}

pub struct Settings {
    pub session: SessionConfig,
    pub plain: bool,
    /// The terminal shows reasoning in full rather than folded.
    pub show_reasoning: bool,
    pub config_path: PathBuf,
    /// (setting, value shown, source).
    pub provenance: Vec<(&'static str, String, Source)>,
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error(transparent)]
    Config(#[from] config::ConfigError),
    #[error(transparent)]
    Rules(#[from] RulesError),
    #[error("{}: {key}: {message}", path.display())]
    InvalidValue {
        path: PathBuf,
        key: &'static str,
        message: String,
    },
    #[error(
        "safe mode auto runs code only inside a sandbox, and the sandbox is set to none ({set_by}); \
         use --sandbox native (or docker, openshell), or --safe_mode ask"
    )]
    SafeModeNeedsSandbox { set_by: Source },
    #[error("no data directory: set XDG_DATA_HOME or HOME")]
    NoDataDir,
    #[error("the current directory is not readable: {0}")]
    Cwd(std::io::Error),
}

/// The session the flags and config.toml describe, in the current directory. The sandbox
/// re-executes this program (`std::env::current_exe`), which must handle
/// [`oi_sandbox::SUBCOMMAND`] first thing.
pub fn resolve(flags: &Flags) -> Result<Settings, SettingsError> {
    let config_dir = config::config_dir();
    let config_path = config_path(flags.config_file.as_deref());
    let file: ConfigFile = config::load(&config_path)?;
    let data_dir = config::data_dir().ok_or(SettingsError::NoDataDir)?;
    let cwd = std::env::current_dir().map_err(SettingsError::Cwd)?;
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
    let max_output = pick!("max_output", flags.max_output, file.max_output, 2800usize);
    let max_turns = pick!("max_turns", flags.max_turns, file.max_turns, 30u32);
    let profile = pick!(
        "profile",
        flags.profile.clone(),
        file.profile.clone(),
        default_profile(&model).to_string()
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
    let show_reasoning = pick!(
        "show_reasoning",
        flags.show_reasoning.then_some(true),
        file.show_reasoning,
        false
    );
    prov.push(("data_dir", data_dir.display().to_string(), Source::Default));
    // The profile's own defaults come after the person's choices. A profile that does not load
    // is reported when the session starts; until then it asks for nothing.
    let profile_defaults = Profile::load(&profile, config_dir.as_deref())
        .map(|p| p.defaults)
        .unwrap_or_default();
    let from_profile = Source::Profile(profile.clone());
    let auto = |on: bool| {
        if on {
            ApprovalPolicy::Auto
        } else {
            ApprovalPolicy::Ask
        }
    };
    let (approval_policy, approval_src) = match (file.auto_run, profile_defaults.approval) {
        _ if flags.auto_run => (ApprovalPolicy::Auto, Source::Flag),
        (Some(on), _) => (auto(on), src_file.clone()),
        (None, Some(policy)) => (policy, from_profile.clone()),
        (None, None) => (ApprovalPolicy::Ask, Source::Default),
    };
    prov.push((
        "approval",
        format!("{approval_policy:?}").to_lowercase(),
        approval_src,
    ));
    let sandbox = sandbox_settings(
        flags,
        &file,
        &config_path,
        profile_defaults.sandbox.map(|level| (level, from_profile)),
        &mut prov,
    )?;

    let mut session = SessionConfig::new(model, cwd, data_dir);
    session.api_base = api_base;
    session.api_key = api_key_flag;
    session.approval_policy = approval_policy;
    session.max_output = max_output;
    session.max_turns = max_turns;
    session.profile = profile;
    session.context_window = context_window;
    session.max_tokens = max_tokens;
    session.temperature = temperature;
    session.system_message = system_message;
    session.custom_instructions = custom_instructions;
    session.exec_timeout = timeout.map(Duration::from_secs);
    // Set up when a session starts, for its own directory.
    session.sandbox_setup = Some(sandbox.setup);
    session.safe_mode = sandbox.safe_mode;
    let mut rules = CommandRules::default();
    if let Some(lists) = &file.commands {
        rules.add(lists, &config_path, false)?;
    }
    prov.push((
        "command_rules",
        format!("{} rules, + the project's", rules.rules.len()),
        Source::Default,
    ));
    session.command_rules = rules;
    if let Some(computer) = &file.computer {
        session.computer_monitor = computer.monitor.unwrap_or(0);
        session.screenshot_size = computer.screenshot_size;
        if let Some((w, h)) = computer.screenshot_size
            && (w == 0 || h == 0)
        {
            return Err(SettingsError::InvalidValue {
                path: config_path.clone(),
                key: "computer.screenshot_size",
                message: format!("{w}x{h} is not a size: give [width, height] in pixels"),
            });
        }
    }
    session.config_dir = config_dir;
    session.mcp_servers = file.mcp_server_list();
    if !file.mcp_servers.is_empty() {
        let names: Vec<&str> = file.mcp_servers.keys().map(String::as_str).collect();
        prov.push(("mcp_servers", names.join(", "), src_file.clone()));
    }
    if let Some(ms) = std::env::var("OI_RETRY_BASE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
    {
        session.retry.base_delay = Duration::from_millis(ms);
    }
    Ok(Settings {
        session,
        plain,
        show_reasoning,
        config_path,
        provenance: prov,
    })
}

/// The profile a model gets when nobody chose one: Qwen models get Qwen Code's harness, the
/// one they are trained to drive; the rest the classic one. Small Qwen models (under 3B
/// parameters by their name, like `qwen2.5-coder-0.5b`) keep the classic one: with Qwen Code's
/// tools the 0.5B model ran no code at all in the real-model tests, with classic's `execute`
/// and its text-call shims it computes and answers.
fn default_profile(model: &str) -> &'static str {
    let name = model
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_ascii_lowercase();
    if name.starts_with("qwen") && !parameter_billions(&name).is_some_and(|b| b < 3.0) {
        "qwen-code"
    } else {
        "classic"
    }
}

/// The parameter count a model's name gives, in billions (`qwen2.5-coder:1.5b` → 1.5).
fn parameter_billions(name: &str) -> Option<f32> {
    name.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
        .find_map(|part| {
            let number = part.strip_suffix('b')?;
            number.parse::<f32>().ok().filter(|n| *n > 0.0)
        })
}

struct SandboxSettings {
    setup: SandboxSetup,
    safe_mode: SafeMode,
}

/// `--sandbox`, `-s/--sandbox-level`, `--sandbox-policy`, `--safe_mode` and their config keys,
/// then the profile's default level. A level or a policy file without a backend means native;
/// safe mode `auto` runs code only in a sandbox, so it turns native on too.
fn sandbox_settings(
    flags: &Flags,
    file: &ConfigFile,
    config_path: &Path,
    profile_level: Option<(Level, Source)>,
    prov: &mut Vec<(&'static str, String, Source)>,
) -> Result<SandboxSettings, SettingsError> {
    let src_file = Source::File(config_path.to_path_buf());
    let (file_backend, file_level, file_safe) = (file.sandbox, file.sandbox_level, file.safe_mode);
    // A relative policy path in config.toml is relative to the config file.
    let file_policy = file
        .sandbox_policy
        .as_ref()
        .map(|p| match config_path.parent() {
            Some(dir) if p.is_relative() => dir.join(p),
            _ => p.clone(),
        });

    let (safe_mode, safe_src) = match (flags.safe_mode, file_safe) {
        (Some(m), _) => (m, Source::Flag),
        (None, Some(m)) => (m, src_file.clone()),
        (None, None) => (SafeMode::Off, Source::Default),
    };
    let (policy_file, policy_src) = match (&flags.sandbox_policy, &file_policy) {
        (Some(p), _) => (Some(absolute(p)), Source::Flag),
        (None, Some(p)) => (Some(p.clone()), src_file.clone()),
        (None, None) => (None, Source::Default),
    };
    let (mut level, mut level_src) = match (flags.sandbox_level, file_level) {
        (Some(l), _) => (Some(l), Source::Flag),
        (None, Some(l)) => (Some(l), src_file.clone()),
        (None, None) => (None, Source::Default),
    };
    let (backend, backend_src) = match (flags.sandbox, file_backend) {
        (Some(b), _) => (b, Source::Flag),
        (None, Some(b)) => (b, src_file.clone()),
        (None, None) if level.is_some() => (Backend::Native, level_src.clone()),
        (None, None) if policy_file.is_some() => (Backend::Native, policy_src.clone()),
        (None, None) if safe_mode == SafeMode::Auto => (Backend::Native, safe_src.clone()),
        (None, None) => match &profile_level {
            Some((_, src)) => (Backend::Native, src.clone()),
            None => (Backend::None, Source::Default),
        },
    };
    // The profile's level, when nobody chose a level or policy for the backend in use.
    if let (None, None, Some((l, src))) = (level, &policy_file, profile_level)
        && backend != Backend::None
    {
        level = Some(l);
        level_src = src;
    }
    // The backend itself is the profile's wish (nobody else turned the sandbox on).
    let profile_default = match &backend_src {
        Source::Profile(id) => Some(id.clone()),
        _ => None,
    };
    if safe_mode == SafeMode::Auto && backend == Backend::None {
        return Err(SettingsError::SafeModeNeedsSandbox {
            set_by: backend_src,
        });
    }
    prov.push(("sandbox", backend.to_string(), backend_src));
    prov.push((
        "sandbox_level",
        level.unwrap_or_default().to_string(),
        level_src,
    ));
    prov.push((
        "sandbox_policy",
        policy_file
            .as_ref()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|| "(none)".into()),
        policy_src,
    ));
    prov.push((
        "safe_mode",
        format!("{safe_mode:?}").to_lowercase(),
        safe_src,
    ));
    let request = SandboxRequest {
        backend,
        level: level.unwrap_or_default(),
        policy_file,
        image: file.sandbox_image.clone(),
        // The session's rules, project ones included, are added when it starts.
        exec_forbid: Vec::new(),
    };
    Ok(SandboxSettings {
        setup: SandboxSetup {
            request,
            profile_default,
            helper: crate::sandbox::SandboxHelper::ThisProgram,
        },
        safe_mode,
    })
}

fn absolute(p: &Path) -> PathBuf {
    std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf())
}

#[cfg(test)]
mod default_profile_tests {
    #[test]
    fn qwen_models_get_qwen_code_unless_a_profile_is_chosen() {
        for model in [
            "ollama/qwen2.5-coder:7b",
            "llamacpp/Qwen3-8B",
            "qwen-max",
            "lmstudio/qwen3-coder-30b-a3b",
        ] {
            assert_eq!(super::default_profile(model), "qwen-code", "{model}");
        }
        for model in [
            "openai/gpt-4o",
            "ollama/deepseek-r1",
            "anthropic/claude-x",
            "ollama/qwen2.5-coder:1.5b",
            "llamacpp/qwen2.5-coder-0.5b",
            "ollama/qwen3:0.6b",
        ] {
            assert_eq!(super::default_profile(model), "classic", "{model}");
        }
    }
}
