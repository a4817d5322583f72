//! The tools harness profiles offer besides running code: reading, writing and editing files,
//! searching, patches, plans, and SWE-agent's file window. They run inside the engine on the
//! session's working directory; the turn loop has already passed them through the approval gate.

mod aci;
mod diff;
mod edit;
pub mod environment;
mod lint;
mod patch;
mod plan;
mod preview;
mod qwen;
mod read;
mod search;

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use oi_protocol::{FileChange, ToolAction, ToolCall};
use serde_json::Value;

use crate::environment::ClientFiles;

pub use aci::FileWindow;
pub use oi_protocol::PlanItem;
pub use patch::{Patch, PatchError, PatchOp, parse_patch};
pub use plan::items as plan_items;
pub use preview::{fill_preview, preview};

/// What the tools remember between calls in one session.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolState {
    /// Files read in this session (Claude Code refuses to edit a file it has not read).
    pub files_read: HashSet<PathBuf>,
    /// The latest todo list or plan the model wrote.
    pub plan: Vec<PlanItem>,
    /// SWE-agent's open file and the first line of its 100-line window.
    pub window: Option<FileWindow>,
    /// Replies in a row that broke the one-command format.
    pub format_errors: u32,
}

/// What a tool run produced.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolOutput {
    /// What the model is told.
    pub text: String,
    pub is_error: bool,
    /// Files created, changed or deleted, with diffs.
    pub changes: Vec<FileChange>,
    /// The tool finishes the task (SWE-agent's `submit`).
    pub ends_turn: bool,
    /// The task list the engine keeps now, when the call replaced it.
    pub plan: Option<Vec<PlanItem>>,
}

/// Why a tool did not do what it was asked; the text is what the harness tells its model.
#[derive(Debug, thiserror::Error)]
pub enum ToolError {
    #[error("{0}")]
    Rejected(String),
    #[error("missing required parameter `{0}`")]
    MissingArgument(&'static str),
    #[error("{path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error(transparent)]
    Patch(#[from] PatchError),
    #[error("{path}: {source}")]
    Client {
        path: String,
        source: crate::environment::EnvironmentError,
    },
}

impl ToolError {
    pub(crate) fn io(path: &Path, source: std::io::Error) -> Self {
        ToolError::Io {
            path: path.display().to_string(),
            source,
        }
    }

    /// What went wrong, without the path.
    pub(crate) fn reason(&self) -> String {
        match self {
            ToolError::Io { source, .. } => source.to_string(),
            ToolError::Client { source, .. } => source.to_string(),
            other => other.to_string(),
        }
    }

    fn client(path: &Path, source: crate::environment::EnvironmentError) -> Self {
        ToolError::Client {
            path: path.display().to_string(),
            source,
        }
    }
}

/// Where the engine's own file tools may write: the session's sandbox policy, which the
/// engine (oi-core) carries.
pub trait WriteRule: Sync {
    /// `Err(why)` when the policy keeps `path` from being written.
    fn check_write(&self, path: &Path) -> Result<(), String>;
}

/// No sandbox: every path may be written (the protected paths are checked apart).
pub struct Unconfined;

impl WriteRule for Unconfined {
    fn check_write(&self, _: &Path) -> Result<(), String> {
        Ok(())
    }
}

/// What the engine's own writes must respect: the session's sandbox policy (the file tools
/// run in the engine, outside the kernel's sandbox, so they check paths themselves), and the
/// protected paths, which only a person's explicit approval opens.
#[derive(Clone, Copy)]
pub struct WriteGuard<'a> {
    pub sandbox: &'a dyn WriteRule,
    /// Where the protected paths are; `None`: no protected-path check.
    pub protected: Option<&'a oi_policy::gate::GatePaths>,
    /// A person approved this very call (not a policy, rule or remembered approval).
    pub approved_by_person: bool,
}

impl WriteGuard<'_> {
    /// No restriction (no sandbox, no protected paths).
    pub fn open() -> WriteGuard<'static> {
        WriteGuard {
            sandbox: &Unconfined,
            protected: None,
            approved_by_person: false,
        }
    }

    fn check(&self, path: &Path) -> Result<(), ToolError> {
        self.sandbox
            .check_write(path)
            .map_err(ToolError::Rejected)?;
        if let Some(paths) = self.protected
            && !self.approved_by_person
            && let Some(reason) = paths.protection(path)
        {
            return Err(ToolError::Rejected(format!(
                "Not written: {} is protected ({reason}); writing it needs the user's explicit approval.",
                path.display()
            )));
        }
        Ok(())
    }
}

/// The session's working directory, the tools' memory, and the changes made so far in one call.
/// Reads and writes go through the front end's files when it offers them (an editor's buffers).
pub struct Workspace<'a> {
    pub cwd: &'a Path,
    pub state: &'a mut ToolState,
    guard: WriteGuard<'a>,
    changes: Vec<FileChange>,
    files: Option<ClientFiles>,
    /// A dry run: writes and deletes are recorded, with their diffs, and kept here (`None`:
    /// deleted) for later reads in the same call, but nothing is written.
    dry_run: Option<std::collections::HashMap<PathBuf, Option<String>>>,
}

impl<'a> Workspace<'a> {
    pub fn new(cwd: &'a Path, state: &'a mut ToolState) -> Self {
        Workspace {
            cwd,
            state,
            guard: WriteGuard::open(),
            changes: Vec::new(),
            files: None,
            dry_run: None,
        }
    }

    /// Writes nothing; [`Workspace::write_text`] and [`Workspace::delete`] only record.
    pub(crate) fn dry_run(mut self) -> Self {
        self.dry_run = Some(Default::default());
        self
    }

    pub fn with_client_files(mut self, files: Option<ClientFiles>) -> Self {
        self.files = files;
        self
    }

    pub fn with_guard(mut self, guard: WriteGuard<'a>) -> Self {
        self.guard = guard;
        self
    }

    /// A path as the model wrote it, relative to the working directory unless absolute.
    pub fn resolve(&self, path: &str) -> PathBuf {
        resolve(self.cwd, path)
    }

    /// How a path is shown: relative to the working directory when below it.
    pub fn display(&self, path: &Path) -> String {
        path.strip_prefix(self.cwd)
            .unwrap_or(path)
            .display()
            .to_string()
    }

    pub fn read_text(&self, path: &Path) -> Result<String, ToolError> {
        if let Some(planned) = self.dry_run.as_ref().and_then(|d| d.get(path)) {
            let gone = || std::io::Error::from(std::io::ErrorKind::NotFound);
            return planned.clone().ok_or_else(|| ToolError::io(path, gone()));
        }
        match self.files.as_ref().and_then(|f| f.read(path)) {
            Some(read) => read.map_err(|e| ToolError::client(path, e)),
            None => std::fs::read_to_string(path).map_err(|e| ToolError::io(path, e)),
        }
    }

    /// Writes a file (creating parent directories) and records the change with its diff.
    pub fn write_text(&mut self, path: &Path, content: &str) -> Result<(), ToolError> {
        self.guard.check(path)?;
        // The diff's old side is what the person sees: the editor's buffer when there is one.
        let before = if path.exists() {
            self.read_text(path).ok()
        } else {
            None
        };
        if self.dry_run.is_some() {
            let shown = self.display(path);
            self.changes
                .push(diff::change(&shown, before.as_deref(), Some(content)));
            if let Some(planned) = self.dry_run.as_mut() {
                planned.insert(path.to_path_buf(), Some(content.to_string()));
            }
            return Ok(());
        }
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).map_err(|e| ToolError::io(parent, e))?;
        }
        match self.files.as_ref().and_then(|f| f.write(path, content)) {
            Some(written) => written.map_err(|e| ToolError::client(path, e))?,
            None => std::fs::write(path, content).map_err(|e| ToolError::io(path, e))?,
        }
        let shown = self.display(path);
        self.changes
            .push(diff::change(&shown, before.as_deref(), Some(content)));
        Ok(())
    }

    pub fn delete(&mut self, path: &Path) -> Result<(), ToolError> {
        self.guard.check(path)?;
        if self.dry_run.is_some() {
            let before = self.read_text(path)?;
            let shown = self.display(path);
            self.changes.push(diff::change(&shown, Some(&before), None));
            if let Some(planned) = self.dry_run.as_mut() {
                planned.insert(path.to_path_buf(), None);
            }
            return Ok(());
        }
        let before = std::fs::read_to_string(path).ok();
        std::fs::remove_file(path).map_err(|e| ToolError::io(path, e))?;
        let shown = self.display(path);
        self.changes
            .push(diff::change(&shown, before.as_deref(), None));
        Ok(())
    }
}

fn resolve(cwd: &Path, path: &str) -> PathBuf {
    let p = Path::new(path.trim());
    let full = if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    };
    // `./a` and `.` name the same places as `a` and the directory itself.
    full.components()
        .filter(|c| *c != std::path::Component::CurDir)
        .collect()
}

/// The engine tool that carries out `call`, when it is not code for a kernel: its name and
/// arguments (Codex's `shell` running `apply_patch` is the patch tool).
pub fn builtin_tool(call: &ToolCall) -> Option<(&str, &Value)> {
    match &call.action {
        ToolAction::RunCode { .. } => None,
        ToolAction::EditFiles { arguments, .. } if call.name == "shell" => {
            Some(("apply_patch", arguments))
        }
        _ if is_builtin(&call.name) => Some((call.name.as_str(), &call.arguments)),
        _ => None,
    }
}

/// The files `call` will write when an engine tool carries it out, for the approval gate.
pub fn planned_writes_of(call: &ToolCall, cwd: &Path, state: &ToolState) -> Vec<PathBuf> {
    match (&call.action, builtin_tool(call)) {
        // By the engine tool's name: Codex's `shell` call of `apply_patch` is a patch.
        (ToolAction::EditFiles { .. }, Some((name, arguments))) => {
            planned_writes(name, arguments, cwd, state)
        }
        _ => Vec::new(),
    }
}

/// The files a call of an engine tool will write, for the approval gate to see before anyone
/// is asked (the write guard checks each write again as it happens).
pub fn planned_writes(name: &str, args: &Value, cwd: &Path, state: &ToolState) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = ["file_path", "path", "filename"]
        .iter()
        .filter_map(|k| opt_str(args, k))
        .map(|p| resolve(cwd, p))
        .collect();
    if name == "apply_patch" {
        // A patch that does not parse writes nothing.
        let ops = opt_str(args, "input")
            .and_then(|text| parse_patch(text).ok())
            .map(|patch| patch.ops)
            .unwrap_or_default();
        for op in ops {
            match op {
                PatchOp::Add { path, .. } | PatchOp::Delete { path } => {
                    out.push(resolve(cwd, &path))
                }
                PatchOp::Update { path, move_to, .. } => {
                    out.push(resolve(cwd, &path));
                    out.extend(move_to.map(|to| resolve(cwd, &to)));
                }
            }
        }
    }
    out.extend(aci::planned_write(name, state));
    out
}

/// Whether the engine implements a tool of this name (rather than a language kernel).
pub fn is_builtin(name: &str) -> bool {
    read::handles(name)
        || edit::handles(name)
        || search::handles(name)
        || plan::handles(name)
        || aci::handles(name)
        || qwen::handles_name(name)
        || name == "apply_patch"
}

/// Runs one tool call (on a blocking thread when `files` is given: it waits on the runtime).
pub fn run(
    name: &str,
    args: &Value,
    cwd: &Path,
    guard: &WriteGuard<'_>,
    state: &mut ToolState,
    files: Option<ClientFiles>,
) -> ToolOutput {
    let mut ws = Workspace::new(cwd, state)
        .with_guard(*guard)
        .with_client_files(files);
    let result = dispatch(name, args, &mut ws);
    let ends_turn = name == "submit" && aci::handles(name);
    let changes = std::mem::take(&mut ws.changes);
    match result {
        Ok(text) => ToolOutput {
            text,
            is_error: false,
            changes,
            ends_turn,
            plan: plan::handles(name).then(|| ws.state.plan.clone()),
        },
        Err(e) => ToolOutput {
            text: e.to_string(),
            is_error: true,
            changes,
            ends_turn: false,
            plan: None,
        },
    }
}

/// Runs the tool `name` in `ws`.
fn dispatch(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    // Qwen Code's calls first: some share a name with other harnesses' tools.
    if qwen::handles(name, args) {
        qwen::run(name, args, ws)
    } else if read::handles(name) {
        read::run(name, args, ws)
    } else if edit::handles(name) {
        edit::run(name, args, ws)
    } else if search::handles(name) {
        search::run(name, args, ws)
    } else if plan::handles(name) {
        plan::run(name, args, ws)
    } else if aci::handles(name) {
        aci::run(name, args, ws)
    } else if name == "apply_patch" {
        patch::run(args, ws)
    } else {
        Err(ToolError::Rejected(format!("No such tool: `{name}`.")))
    }
}

/// A required string argument.
pub(crate) fn str_arg<'v>(args: &'v Value, key: &'static str) -> Result<&'v str, ToolError> {
    args.get(key)
        .and_then(Value::as_str)
        .ok_or(ToolError::MissingArgument(key))
}

pub(crate) fn opt_str<'v>(args: &'v Value, key: &str) -> Option<&'v str> {
    args.get(key)
        .and_then(Value::as_str)
        .filter(|s| !s.trim().is_empty())
}

/// A non-negative integer argument; models often send numbers as strings.
pub(crate) fn opt_usize(args: &Value, key: &str) -> Option<usize> {
    match args.get(key)? {
        Value::Number(n) => n.as_u64().map(|n| n as usize),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

pub(crate) fn opt_bool(args: &Value, key: &str) -> bool {
    match args.get(key) {
        Some(Value::Bool(b)) => *b,
        Some(Value::String(s)) => s == "true",
        _ => false,
    }
}
