//! Open Interpreter's settings as a person gives them: the session [`Flags`] of every front
//! end (the only place besides the front ends that knows clap), `config.toml`
//! ([`ConfigFile`]: read with file, line and column in every error, and updated in place by
//! [`remember`] keeping comments), and where the configuration and data live
//! ([`config_dir`], [`data_dir`]).
//!
//! Plain data only: turning these into a running session is the engine's job (`oi-core`).

mod file;
mod flags;

pub use file::{
    CommandLists, ComputerFile, ConfigError, ConfigFile, McpServer, McpServerConfig, config_dir,
    data_dir, installed_program, load, parse, parse_as, remember,
};
pub use flags::{DEFAULT_MODEL, Flags, config_path, parse_safe_mode};
