//! The defaults for new sessions: flags, then config.toml, then built-in defaults
//! (the same order as the terminal front end).

use std::time::Duration;

use oi_core::SessionConfig;
use oi_core::config;
use oi_protocol::ApprovalPolicy;

use crate::args::GuiArgs;

pub const DEFAULT_MODEL: &str = "openai/gpt-4o";

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    #[error(transparent)]
    Config(#[from] config::ConfigError),
    #[error("no data directory: set XDG_DATA_HOME or HOME")]
    NoDataDir,
    #[error("the current directory is not readable: {0}")]
    Cwd(std::io::Error),
}

pub fn resolve(args: &GuiArgs) -> Result<SessionConfig, SettingsError> {
    let config_dir = config::config_dir();
    let file = match args
        .config_file
        .clone()
        .or_else(|| config_dir.as_ref().map(|d| d.join("config.toml")))
    {
        Some(path) => config::load(&path)?,
        None => config::ConfigFile::default(),
    };
    let mcp_servers = file.mcp_server_list();
    let data_dir = config::data_dir().ok_or(SettingsError::NoDataDir)?;
    let cwd = std::env::current_dir().map_err(SettingsError::Cwd)?;
    let model = args
        .model
        .clone()
        .or(file.model)
        .unwrap_or_else(|| DEFAULT_MODEL.to_string());
    let mut c = SessionConfig::new(model, cwd, data_dir);
    c.api_base = args.api_base.clone().or(file.api_base);
    c.api_key = args.api_key.clone().or(file.api_key);
    c.approval_policy = if args.auto_run || file.auto_run == Some(true) {
        ApprovalPolicy::Auto
    } else {
        ApprovalPolicy::Ask
    };
    if let Some(v) = args.max_output.or(file.max_output) {
        c.max_output = v;
    }
    if let Some(v) = args.max_turns.or(file.max_turns) {
        c.max_turns = v;
    }
    if let Some(v) = args.profile.clone().or(file.profile) {
        c.profile = v;
    }
    c.context_window = args.context_window.or(file.context_window);
    c.max_tokens = args.max_tokens.or(file.max_tokens);
    c.temperature = args.temperature.or(file.temperature);
    c.system_message = args.system_message.clone().or(file.system_message);
    c.custom_instructions = args
        .custom_instructions
        .clone()
        .or(file.custom_instructions);
    c.exec_timeout = args.timeout.or(file.timeout).map(Duration::from_secs);
    c.config_dir = config_dir;
    c.mcp_servers = mcp_servers;
    Ok(c)
}
