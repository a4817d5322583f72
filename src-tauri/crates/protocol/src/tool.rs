use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::computer::InputActionRecord;

/// A side effect the model asked for, as the engine understood it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct ToolCall {
    /// Given by the engine, unique within the session; results, approvals and cards refer to it.
    pub call_id: String,
    /// The provider's id for the call, used only on the wire (providers and local servers repeat
    /// or omit ids); `None`: the wire uses `call_id`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub wire_id: Option<String>,
    /// The tool's name as the model wrote it (`execute`, `Bash`, `shell`, `computer`…).
    pub name: String,
    /// The arguments exactly as the model gave them (what a re-rendered history sends back).
    #[ts(type = "unknown")]
    pub arguments: serde_json::Value,
    /// Whether the model used native tool calling or wrote the call as text.
    pub origin: CallOrigin,
    pub action: ToolAction,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum CallOrigin {
    /// The provider's tool-calling API.
    Native,
    /// Parsed from the assistant's text (fenced code, bare JSON, `<tool_call>` tags…).
    Text,
}

/// What a tool call will do, in the engine's terms (how the GUI and the gate show it).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ToolAction {
    /// Run code in a language kernel. `language` is the canonical name the engine decided
    /// (`shell`, `python`, `javascript`, `ruby`, `R`, `powershell`, `applescript`), whatever
    /// alias the model wrote; a name it does not run is kept as written, and refused.
    RunCode { language: String, code: String },
    /// Read-only inspection (read a file, list, search): no approval needed by default.
    Read {
        summary: String,
        #[ts(type = "unknown")]
        arguments: serde_json::Value,
        /// The file or folder it reads, lists or searches, as the model named it (relative
        /// to the session's directory unless absolute). `None`: no one place (a search of
        /// the whole project, a move in an open file window).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        path: Option<String>,
    },
    /// The model's task list, replaced whole (Claude Code's `TodoWrite`, Codex's
    /// `update_plan`, Qwen Code's and DeepSeek-TUI's `todo_write`). Changes nothing outside the
    /// engine; [`crate::EventMsg::PlanUpdated`] follows when the engine has taken it.
    Plan {
        /// The list as the engine read it; empty when the call is malformed (its result says
        /// why).
        items: Vec<PlanItem>,
    },
    /// Write or edit files.
    EditFiles {
        summary: String,
        /// The engine tool's input (for the engine; front ends show `changes`).
        #[ts(type = "unknown")]
        arguments: serde_json::Value,
        /// What it will change, worked out by the engine before approval against the files as
        /// they are: each file it will write, with a unified diff (paths relative to the
        /// session's directory when below it). Empty in logs of older versions.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[ts(as = "Option<Vec<FileChange>>", optional)]
        changes: Vec<FileChange>,
        /// Why there is no preview: the edit would fail as it stands (a missing file, text not
        /// found, a patch that does not apply). A person is asked all the same.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        preview_error: Option<String>,
    },
    /// Act on the screen, mouse or keyboard.
    Computer {
        action: String,
        #[ts(type = "unknown")]
        arguments: serde_json::Value,
        /// What the action will do, worked out before approval: the planned pointer path, the
        /// keys and the target window (`actual_path` empty).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[ts(optional)]
        plan: Option<Box<InputActionRecord>>,
    },
    /// Anything else the profile defines.
    Other {
        #[ts(type = "unknown")]
        arguments: serde_json::Value,
    },
}

impl ToolAction {
    /// An edit whose preview the engine has not worked out yet.
    pub fn edit(summary: String, arguments: serde_json::Value) -> Self {
        ToolAction::EditFiles {
            summary,
            arguments,
            changes: Vec::new(),
            preview_error: None,
        }
    }

    /// Whether the action changes nothing outside the engine.
    pub fn is_read_only(&self) -> bool {
        match self {
            ToolAction::Read { .. } | ToolAction::Plan { .. } => true,
            // Looking at the screen, reading the pointer position or the clipboard, waiting.
            ToolAction::Computer { action, .. } => matches!(
                action.as_str(),
                "screenshot" | "cursor_position" | "zoom" | "wait" | "clipboard_view"
            ),
            _ => false,
        }
    }
}

/// One step of the model's task list.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct PlanItem {
    pub text: String,
    pub status: PlanStatus,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum PlanStatus {
    Pending,
    InProgress,
    Completed,
}

impl PlanStatus {
    /// The name the tools' schemas use (`pending`, `in_progress`, `completed`).
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "pending" => Some(PlanStatus::Pending),
            "in_progress" => Some(PlanStatus::InProgress),
            "completed" => Some(PlanStatus::Completed),
            _ => None,
        }
    }
}

/// A person's (or a policy's) answer to an approval request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ApprovalDecision {
    Approve,
    /// Approve, and approve the same kind of call without asking for the rest of the scope.
    ApproveAlways {
        scope: ApprovalScope,
    },
    /// Approve a modified version of the code.
    ApproveEdited {
        code: String,
    },
    Deny,
    /// Deny and end the turn.
    Abort,
}

impl ApprovalDecision {
    pub fn runs(&self) -> bool {
        matches!(
            self,
            ApprovalDecision::Approve
                | ApprovalDecision::ApproveAlways { .. }
                | ApprovalDecision::ApproveEdited { .. }
        )
    }
}

/// What an "always" answer approves from now on: one key, in this session or remembered in
/// this project. The engine offers the scopes a call can have in `ApprovalRequested`
/// ([`ScopeOffer`]); an answer names one of those, and the gate refuses any other.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ApprovalScope {
    /// Code in one (canonical) language through one tool: `python` through `execute`.
    /// Never shell code, which is approved by command prefix.
    Code {
        tool: String,
        language: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// Shell commands whose words start with `prefix`: a program and at least its first
    /// argument (`git status`), or the one whole command the engine named. Every command of a
    /// block (`a && b`, pipes, `;`, subshells) must be covered for the block to pass.
    CommandPrefix {
        prefix: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// File edits that change this file only (an absolute path).
    File {
        path: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// File edits that change only files under this folder (an absolute path).
    Folder {
        path: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// Screen actions aimed at windows of this app (the plan's target window).
    App {
        app: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// Every call of one tool that is neither code, an edit nor a screen action (an MCP tool).
    Tool {
        tool: String,
        #[serde(default)]
        remembered: Remembered,
    },
    /// Only in logs written before scopes had keys: every call of a tool. Never offered; the
    /// gate refuses it.
    Session,
    /// Only in logs written before scopes had keys: now `CommandPrefix` remembered in the
    /// project. Never offered; the gate refuses it.
    ProjectCommandPrefix { prefix: String },
}

/// How long an "always" answer holds.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Remembered {
    /// Until the session ends.
    #[default]
    Session,
    /// In this project (the working directory) across sessions; `interpreter --approvals`
    /// lists and revokes them.
    Project,
}

/// A scope the engine will accept for "always", with the words front ends show for it as
/// they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct ScopeOffer {
    pub scope: ApprovalScope,
    /// For a person: ``commands starting `git status`, this session``.
    pub label: String,
}

/// One finding of the safe-mode scan or the protected-path check, shown with an approval request.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct RiskFinding {
    /// Stable rule id (`rm-rf-broad`, `curl-pipe-shell`, `protected-path`…).
    pub rule: String,
    pub severity: RiskSeverity,
    /// For a person: what the code would do.
    pub reason: String,
    /// The command, call or path that matched.
    pub snippet: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum RiskSeverity {
    Medium,
    High,
    Critical,
}

/// Who decided an approval.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Decider {
    User,
    Policy,
    RememberedApproval,
    /// A command rule (allow / forbid) in config.toml or the project's config.
    Rule,
    /// Safe mode blocked it.
    SafeMode,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum OutputStream {
    Stdout,
    Stderr,
}

/// How a run of code ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ExecStatus {
    /// Ran to the end (any exit code).
    Completed,
    /// Stopped by an interrupt; its process group was killed.
    Interrupted,
    /// Killed after the per-run timeout.
    TimedOut,
    /// Could not start (interpreter missing, kernel failed).
    FailedToStart,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum FileChangeKind {
    Created,
    Modified,
    Deleted,
}

/// One file that a tool call created, changed or deleted.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct FileChange {
    pub path: String,
    pub kind: FileChangeKind,
    /// Unified diff for text files; `None` for binary or oversized files.
    pub diff: Option<String>,
}
