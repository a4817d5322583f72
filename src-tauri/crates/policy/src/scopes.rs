//! What an "always" answer approves. The engine decides the scopes a call can be approved by —
//! code in one language through one tool, a shell command prefix, a file or a folder for edits,
//! the target app for screen actions, one tool for the rest — offers them in
//! `ApprovalRequested`, and lets a later call pass without asking only when it falls under a
//! key it remembered, exactly as the key means.
//!
//! Matching is done here, once, for every front end: the terminal, the app and editors only
//! show the offers and send one back.

use std::fmt;
use std::path::{Path, PathBuf};

use oi_protocol::{ApprovalScope, Remembered, ScopeOffer, ToolAction, ToolCall};
use serde::{Deserialize, Serialize};

use crate::rules::{CommandPattern, covers, is_shell, language_of};

/// The key of one scope, as the gate remembers it and the approvals file stores it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ScopeKey {
    /// Code in this canonical language through this tool (never shell code).
    Code { tool: String, language: String },
    /// Shell commands whose words start with these.
    CommandPrefix { command: CommandPattern },
    /// Edits of this one file (absolute, symlinks of its existing part followed:
    /// `oi_sandbox::protected::resolve_for_check`).
    File { path: PathBuf },
    /// Edits of files under this folder (absolute, likewise).
    Folder { path: PathBuf },
    /// Screen actions aimed at windows of this app.
    App { app: String },
    /// Every call of this tool (one that is neither code, an edit nor a screen action).
    Tool { tool: String },
}

impl ScopeKey {
    /// The key an offered scope names, and how long it holds; `None` for the kinds of older
    /// logs, which are never offered.
    pub fn of(scope: &ApprovalScope) -> Option<(ScopeKey, Remembered)> {
        Some(match scope {
            ApprovalScope::Code {
                tool,
                language,
                remembered,
            } => (
                ScopeKey::Code {
                    tool: tool.clone(),
                    language: language.clone(),
                },
                *remembered,
            ),
            ApprovalScope::CommandPrefix { prefix, remembered } => (
                ScopeKey::CommandPrefix {
                    command: CommandPattern::parse(prefix).ok()?,
                },
                *remembered,
            ),
            ApprovalScope::File { path, remembered } => (
                ScopeKey::File {
                    path: PathBuf::from(path),
                },
                *remembered,
            ),
            ApprovalScope::Folder { path, remembered } => (
                ScopeKey::Folder {
                    path: PathBuf::from(path),
                },
                *remembered,
            ),
            ApprovalScope::App { app, remembered } => {
                (ScopeKey::App { app: app.clone() }, *remembered)
            }
            ApprovalScope::Tool { tool, remembered } => {
                (ScopeKey::Tool { tool: tool.clone() }, *remembered)
            }
            ApprovalScope::Session | ApprovalScope::ProjectCommandPrefix { .. } => return None,
        })
    }

    /// The scope of the protocol that names this key.
    pub fn scope(&self, remembered: Remembered) -> ApprovalScope {
        match self.clone() {
            ScopeKey::Code { tool, language } => ApprovalScope::Code {
                tool,
                language,
                remembered,
            },
            ScopeKey::CommandPrefix { command } => ApprovalScope::CommandPrefix {
                prefix: command.to_string(),
                remembered,
            },
            ScopeKey::File { path } => ApprovalScope::File {
                path: path.display().to_string(),
                remembered,
            },
            ScopeKey::Folder { path } => ApprovalScope::Folder {
                path: path.display().to_string(),
                remembered,
            },
            ScopeKey::App { app } => ApprovalScope::App { app, remembered },
            ScopeKey::Tool { tool } => ApprovalScope::Tool { tool, remembered },
        }
    }

    /// What it approves, for a person; paths below `project` are shown relative to it.
    pub fn describe(&self, project: &Path) -> String {
        let shown = |path: &Path| match path.strip_prefix(project) {
            Ok(rel) if rel.as_os_str().is_empty() => ".".to_string(),
            Ok(rel) => rel.display().to_string(),
            Err(_) => path.display().to_string(),
        };
        match self {
            ScopeKey::Code { tool, language } => format!("{language} code through `{tool}`"),
            ScopeKey::CommandPrefix { command } if command.words.len() == 1 => {
                format!("the command `{command}` (exactly)")
            }
            ScopeKey::CommandPrefix { command } => format!("commands starting `{command}`"),
            ScopeKey::File { path } => format!("edits of {}", shown(path)),
            ScopeKey::Folder { path } => {
                format!(
                    "edits of files under {}/",
                    shown(path).trim_end_matches('/')
                )
            }
            ScopeKey::App { app } => format!("screen actions in {app}"),
            ScopeKey::Tool { tool } => format!("`{tool}` calls"),
        }
    }

    /// The offer of this key for a person to pick.
    pub fn offer(&self, remembered: Remembered, project: &Path) -> ScopeOffer {
        let when = match remembered {
            Remembered::Session => "this session",
            Remembered::Project => "in this project, across sessions",
        };
        ScopeOffer {
            scope: self.scope(remembered),
            label: format!("{}, {when}", self.describe(project)),
        }
    }
}

impl fmt::Display for ScopeKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Path::new("")))
    }
}

/// The keys a call could be approved by from now on, most specific first. `writes`: the files
/// an edit will write (absolute). None for a compound shell block, code the engine does not
/// run, an edit whose files are unknown, or a screen action with no target app.
pub fn keys_for(call: &ToolCall, writes: &[PathBuf]) -> Vec<ScopeKey> {
    match &call.action {
        ToolAction::RunCode { language, code } if is_shell(language) => {
            CommandPattern::suggest(code)
                .map(|command| ScopeKey::CommandPrefix { command })
                .into_iter()
                .collect()
        }
        ToolAction::RunCode { language, .. } if language_of(language).is_some() => {
            vec![ScopeKey::Code {
                tool: call.name.clone(),
                language: language.clone(),
            }]
        }
        ToolAction::RunCode { .. } | ToolAction::Read { .. } | ToolAction::Plan { .. } => {
            Vec::new()
        }
        ToolAction::EditFiles { .. } => {
            let mut files: Vec<PathBuf> = writes
                .iter()
                .map(|p| oi_sandbox::protected::resolve_for_check(p))
                .collect();
            files.sort();
            files.dedup();
            let mut keys = Vec::new();
            if let [one] = files.as_slice() {
                keys.push(ScopeKey::File { path: one.clone() });
            }
            if let Some(folder) = common_folder(&files) {
                keys.push(ScopeKey::Folder { path: folder });
            }
            keys
        }
        ToolAction::Computer { plan, .. } => plan
            .as_ref()
            .and_then(|p| p.target_window.as_ref())
            .map(|w| w.app_name.trim())
            .filter(|app| !app.is_empty())
            .map(|app| ScopeKey::App {
                app: app.to_string(),
            })
            .into_iter()
            .collect(),
        ToolAction::Other { .. } => vec![ScopeKey::Tool {
            tool: call.name.clone(),
        }],
    }
}

/// The folder every file is in (the deepest one), never the file system's root.
fn common_folder(files: &[PathBuf]) -> Option<PathBuf> {
    let mut folder = files.first()?.parent()?.to_path_buf();
    for file in &files[1..] {
        while !file.starts_with(&folder) {
            folder = folder.parent()?.to_path_buf();
        }
    }
    (folder.parent().is_some()).then_some(folder)
}

/// The keys approved for "always" in one place (a session, or a project).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Approvals {
    keys: Vec<ScopeKey>,
}

impl Approvals {
    pub fn new(keys: Vec<ScopeKey>) -> Self {
        let mut a = Approvals::default();
        for key in keys {
            a.insert(key);
        }
        a
    }

    pub fn insert(&mut self, key: ScopeKey) {
        if !self.keys.contains(&key) {
            self.keys.push(key);
        }
    }

    pub fn keys(&self) -> &[ScopeKey] {
        &self.keys
    }

    /// Whether the call falls under these keys (with `also`'s) as each key means: the same tool
    /// and language; every command of a shell block under one of the prefixes, or under
    /// `allowing` (the allow rules); every file an edit writes the same file or under the
    /// folder; the same target app; the same tool.
    pub fn cover(
        sets: &[&Approvals],
        allowing: &[&CommandPattern],
        call: &ToolCall,
        writes: &[PathBuf],
    ) -> bool {
        let keys = || sets.iter().flat_map(|s| s.keys.iter());
        match &call.action {
            ToolAction::RunCode { language, code } if is_shell(language) => {
                let mut patterns: Vec<&CommandPattern> = keys()
                    .filter_map(|k| match k {
                        ScopeKey::CommandPrefix { command } => Some(command),
                        _ => None,
                    })
                    .collect();
                if patterns.is_empty() {
                    return false;
                }
                patterns.extend_from_slice(allowing);
                covers(&patterns, code)
            }
            ToolAction::RunCode { language, .. } => keys().any(|k| {
                matches!(k, ScopeKey::Code { tool, language: l } if *tool == call.name && l == language)
            }),
            ToolAction::EditFiles { .. } => {
                !writes.is_empty()
                    && writes.iter().all(|w| {
                        let w = oi_sandbox::protected::resolve_for_check(w);
                        keys().any(|k| match k {
                            ScopeKey::File { path } => *path == w,
                            ScopeKey::Folder { path } => w.starts_with(path) && w != *path,
                            _ => false,
                        })
                    })
            }
            ToolAction::Computer { .. } => match keys_for(call, writes).first() {
                Some(app) => keys().any(|k| k == app),
                None => false,
            },
            ToolAction::Other { .. } => keys()
                .any(|k| matches!(k, ScopeKey::Tool { tool } if *tool == call.name)),
            ToolAction::Read { .. } | ToolAction::Plan { .. } => false,
        }
    }
}

#[cfg(test)]
#[path = "scopes_tests.rs"]
mod tests;
