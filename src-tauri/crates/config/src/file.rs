//! `config.toml` in the XDG config dir. Flags override it; `interpreter --config` shows where
//! each effective value came from.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// Settings a config file may hold. Unknown keys are errors (a typo should not be ignored).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConfigFile {
    pub model: Option<String>,
    pub api_base: Option<String>,
    pub api_key: Option<String>,
    pub auto_run: Option<bool>,
    pub max_output: Option<usize>,
    pub max_turns: Option<u32>,
    pub profile: Option<String>,
    pub context_window: Option<u32>,
    pub max_tokens: Option<u32>,
    pub temperature: Option<f32>,
    pub system_message: Option<String>,
    pub custom_instructions: Option<String>,
    /// Seconds a single run may take.
    pub timeout: Option<u64>,
    pub plain: Option<bool>,
    /// Show reasoning in full in the terminal instead of folded to one line.
    pub show_reasoning: Option<bool>,
    /// Sandbox backend: native, docker, openshell, none.
    pub sandbox: Option<oi_sandbox::Backend>,
    /// read-only, workspace-write, full-access.
    pub sandbox_level: Option<oi_sandbox::Level>,
    /// A YAML sandbox policy file (relative paths are relative to the config file).
    pub sandbox_policy: Option<PathBuf>,
    /// Image of the docker and OpenShell backends.
    pub sandbox_image: Option<String>,
    /// off, ask, auto.
    pub safe_mode: Option<oi_protocol::SafeMode>,
    /// Shell commands allowed without asking, always asked about, or never run, by prefix.
    pub commands: Option<CommandLists>,
    /// Computer use: which monitor, and the screenshot size the model sees.
    pub computer: Option<ComputerFile>,
    /// MCP servers every session starts: `[mcp_servers.NAME]` with `command`, `args`, `env`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub mcp_servers: BTreeMap<String, McpServerConfig>,
}

/// `[computer]` in config.toml.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ComputerFile {
    /// The monitor the agent sees and works on: 0 is the primary, then left to right.
    pub monitor: Option<usize>,
    /// `[width, height]` screenshots are scaled to for the model (over the profile's sizes).
    pub screenshot_size: Option<(u32, u32)>,
}

/// The `[commands]` table of a config file.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandLists {
    #[serde(default)]
    pub allow: Vec<String>,
    #[serde(default)]
    pub prompt: Vec<String>,
    #[serde(default)]
    pub forbid: Vec<String>,
}

/// How to start one MCP server: `command args…` with extra environment variables.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct McpServerConfig {
    pub command: String,
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
}

/// A named server, as a session is given it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpServer {
    pub name: String,
    pub config: McpServerConfig,
}

impl ConfigFile {
    /// The configured MCP servers, by name.
    pub fn mcp_server_list(&self) -> Vec<McpServer> {
        self.mcp_servers
            .iter()
            .map(|(name, config)| McpServer {
                name: name.clone(),
                config: config.clone(),
            })
            .collect()
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: {message}")]
    Invalid {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("cannot write {path}: {source}")]
    Write {
        path: PathBuf,
        source: std::io::Error,
    },
}

/// `$XDG_CONFIG_HOME/open-interpreter` (or `OI_CONFIG_DIR`).
pub fn config_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("OI_CONFIG_DIR") {
        return Some(PathBuf::from(dir));
    }
    dirs::config_dir().map(|d| d.join("open-interpreter"))
}

/// `$XDG_DATA_HOME/open-interpreter` (or `OI_DATA_DIR`).
pub fn data_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("OI_DATA_DIR") {
        return Some(PathBuf::from(dir));
    }
    dirs::data_dir().map(|d| d.join("open-interpreter"))
}

/// Another program of this product (`interpreter`, `interpreter-gui`): beside the running one
/// (as `.ci/install` and cargo put them), else on PATH.
pub fn installed_program(name: &str) -> Option<PathBuf> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(name)))
        .filter(|p| p.is_file());
    beside.or_else(|| {
        let paths = std::env::var_os("PATH")?;
        std::env::split_paths(&paths)
            .map(|p| p.join(name))
            .find(|p| p.is_file())
    })
}

/// Reads `config.toml`; a missing file is an empty config.
pub fn load(path: &Path) -> Result<ConfigFile, ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(ConfigFile::default()),
        Err(source) => {
            return Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    parse(path, &text)
}

pub fn parse(path: &Path, text: &str) -> Result<ConfigFile, ConfigError> {
    parse_as(path, text)
}

/// Any TOML settings file, with errors that name the file, line and column.
pub fn parse_as<T: serde::de::DeserializeOwned>(path: &Path, text: &str) -> Result<T, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let (line, column) = e
            .span()
            .map(|span| line_col(text, span.start))
            .unwrap_or((1, 1));
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message: e.message().trim().to_string(),
        }
    })
}

/// Sets (`Some`) or removes (`None`) top-level string settings in the config file, keeping
/// everything else in it (comments, order, formatting) as the person wrote it.
pub fn remember(path: &Path, settings: &[(&str, Option<&str>)]) -> Result<(), ConfigError> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(source) => {
            return Err(ConfigError::Read {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    // The file must be valid before we touch it: its errors are reported as for loading.
    parse(path, &text)?;
    let mut doc: toml_edit::DocumentMut = text.parse().map_err(|e: toml_edit::TomlError| {
        let (line, column) = e.span().map(|s| line_col(&text, s.start)).unwrap_or((1, 1));
        ConfigError::Invalid {
            path: path.to_path_buf(),
            line,
            column,
            message: e.message().trim().to_string(),
        }
    })?;
    for (key, value) in settings {
        match value {
            Some(v) => match doc.get_mut(key).and_then(|item| item.as_value_mut()) {
                // Keep the comment and spacing around an existing value.
                Some(existing) => {
                    let decor = existing.decor().clone();
                    *existing = toml_edit::Value::from(*v);
                    *existing.decor_mut() = decor;
                }
                None => {
                    doc.insert(key, toml_edit::value(*v));
                }
            },
            None => {
                doc.remove(key);
            }
        }
    }
    let write_error = |source| ConfigError::Write {
        path: path.to_path_buf(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(write_error)?;
    }
    std::fs::write(path, doc.to_string()).map_err(write_error)
}

fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let before = &text[..offset.min(text.len())];
    let line = before.matches('\n').count() + 1;
    let column = before
        .rsplit('\n')
        .next()
        .map(|l| l.chars().count())
        .unwrap_or(0)
        + 1;
    (line, column)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_settings() {
        let c = parse(
            Path::new("c.toml"),
            "model = \"ollama/qwen\"\nauto_run = true\nmax_output = 500\n",
        )
        .unwrap();
        assert_eq!(c.model.as_deref(), Some("ollama/qwen"));
        assert_eq!(c.auto_run, Some(true));
        assert_eq!(c.max_output, Some(500));
    }

    #[test]
    fn remember_keeps_comments_and_other_settings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("sub/config.toml");
        remember(&path, &[("model", Some("ollama/a"))]).unwrap();
        assert_eq!(load(&path).unwrap().model.as_deref(), Some("ollama/a"));
        let text = "# my settings\nauto_run = true # yes, really\nmodel = \"openai/gpt-4o\" # the old one\napi_base = \"http://x\"\n";
        std::fs::write(&path, text).unwrap();
        remember(
            &path,
            &[("model", Some("llamacpp/qwen")), ("api_base", None)],
        )
        .unwrap();
        let after = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            after,
            "# my settings\nauto_run = true # yes, really\nmodel = \"llamacpp/qwen\" # the old one\n"
        );
        std::fs::write(&path, "model = [\n").unwrap();
        let e = remember(&path, &[("model", Some("x"))])
            .unwrap_err()
            .to_string();
        assert!(e.contains("config.toml:"), "{e}");
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "model = [\n");
    }

    #[test]
    fn reads_mcp_servers() {
        let text = "[mcp_servers.everything]\ncommand = \"npx\"\nargs = [\"-y\", \"@modelcontextprotocol/server-everything\"]\nenv = { A = \"1\" }\n";
        let c = parse(Path::new("c.toml"), text).unwrap();
        let servers = c.mcp_server_list();
        assert_eq!(servers.len(), 1);
        assert_eq!(servers[0].name, "everything");
        assert_eq!(
            servers[0].config.args,
            ["-y", "@modelcontextprotocol/server-everything"]
        );
        assert_eq!(
            servers[0].config.env.get("A").map(String::as_str),
            Some("1")
        );
        let e = parse(Path::new("c.toml"), "[mcp_servers.x]\nargs = []\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("command"), "{e}");
    }

    #[test]
    fn errors_name_file_line_and_key() {
        let e = parse(
            Path::new("/x/config.toml"),
            "model = \"a\"\nmodle = \"b\"\n",
        )
        .unwrap_err()
        .to_string();
        assert!(e.starts_with("/x/config.toml:2:1:"), "{e}");
        assert!(e.contains("modle"), "{e}");
        let e = parse(Path::new("c.toml"), "max_output = \"lots\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("c.toml:1:") && e.contains("invalid type"), "{e}");
    }
}
