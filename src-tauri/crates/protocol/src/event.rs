use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::computer::{InputActionRecord, ScreenDiff, ScreenshotInfo, WindowInfo};
use crate::error::ErrorInfo;
use crate::op::{ApprovalPolicy, InputItem, SafeMode};
use crate::tool::{
    ApprovalDecision, Decider, ExecStatus, FileChange, OutputStream, PlanItem, RiskFinding,
    ScopeOffer, ToolCall,
};

/// One thing that happened in a session. Serialized, it is one line of the session log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Event {
    /// The id of the submission that caused it (empty for session-level events).
    pub id: String,
    /// Position in the session, from 0, without gaps.
    pub seq: u64,
    /// Milliseconds since the Unix epoch.
    #[ts(type = "number")]
    pub time_ms: u64,
    pub msg: EventMsg,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventMsg {
    /// First event of a session (and of a resumed one).
    SessionConfigured(SessionInfo),
    /// The person's message, as the model will see it.
    UserMessage {
        items: Vec<InputItem>,
    },
    TurnStarted {
        turn: u32,
    },
    /// A step of a turn: one model request.
    ModelRequestStarted {
        model: String,
    },
    AssistantTextDelta {
        delta: String,
    },
    ReasoningDelta {
        delta: String,
    },
    /// The model's complete text of one step (also written after an interrupt, with what had arrived).
    AssistantMessage {
        text: String,
        interrupted: bool,
    },
    /// A side effect the model asked for.
    ToolCallProposed {
        call: ToolCall,
    },
    /// The gate waits for an answer (`Op::Approval`).
    ApprovalRequested {
        call: ToolCall,
        /// Why the person should look closely (risk scan, protected path), if anything.
        warning: Option<String>,
        /// What the safe-mode scan and the protected-path check found, one entry a finding.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[ts(as = "Option<Vec<RiskFinding>>", optional)]
        risks: Vec<RiskFinding>,
        /// What an "always" answer may approve from now on, most specific first; the gate
        /// accepts no other. Empty: "always" cannot be given (nothing would ever pass without
        /// asking, e.g. with a risk finding, or nobody can answer).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        #[ts(as = "Option<Vec<ScopeOffer>>", optional)]
        scopes: Vec<ScopeOffer>,
    },
    ApprovalDecided {
        call_id: String,
        decision: ApprovalDecision,
        decider: Decider,
    },
    ExecBegin {
        call_id: String,
        language: String,
        code: String,
    },
    ExecOutput {
        call_id: String,
        stream: OutputStream,
        chunk: String,
    },
    ExecEnd {
        call_id: String,
        status: ExecStatus,
        exit_code: Option<i32>,
        #[ts(type = "number")]
        duration_ms: u64,
    },
    /// Files the call created, changed or deleted.
    FilesChanged {
        call_id: String,
        changes: Vec<FileChange>,
    },
    /// The model's task list as the engine now keeps it, after a plan call was taken (the
    /// whole list; it replaces the one before).
    PlanUpdated {
        call_id: String,
        items: Vec<PlanItem>,
    },
    /// What the model is told about the call (trimmed output, denial, error).
    ToolResult {
        call_id: String,
        output: String,
        is_error: bool,
    },
    ScreenshotTaken {
        call_id: Option<String>,
        screenshot: ScreenshotInfo,
    },
    InputActionPerformed {
        call_id: String,
        record: Box<InputActionRecord>,
    },
    ScreenDiffComputed {
        call_id: String,
        diff: ScreenDiff,
    },
    WindowFocusChanged {
        window: WindowInfo,
    },
    TokenUsage(TokenUsage),
    TurnEnded {
        turn: u32,
        reason: TurnEndReason,
    },
    /// The conversation the model sees was cleared (`%reset`).
    HistoryReset,
    /// The last exchange was removed (`%undo`); `removed` user messages are gone.
    HistoryUndone {
        removed: u32,
    },
    ProfileChanged {
        profile: String,
    },
    ModelChanged {
        model: String,
    },
    ApprovalPolicyChanged {
        policy: ApprovalPolicy,
    },
    /// The sandbox changed (`Op::SetSandbox`); `None`: no sandbox.
    SandboxChanged {
        sandbox: Option<SandboxInfo>,
    },
    /// Something for the person to know that is not an error.
    Notice {
        message: String,
    },
    Error(ErrorInfo),
    SessionSaved {
        path: String,
    },
    ShutdownComplete,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct SessionInfo {
    pub session_id: String,
    pub model: String,
    pub profile: String,
    pub cwd: String,
    pub approval_policy: ApprovalPolicy,
    /// Path of the JSONL log this session appends to.
    pub log_path: String,
    pub resumed: bool,
    pub protocol_version: u32,
    /// The sandbox every execution runs in; absent when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub sandbox: Option<SandboxInfo>,
    /// How code is scanned for risks before it is approved.
    #[serde(default)]
    #[ts(as = "Option<SafeMode>", optional)]
    pub safe_mode: SafeMode,
}

/// The sandbox of a session, as front ends show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, TS)]
pub struct SandboxInfo {
    /// `native`, `docker` or `openshell`.
    pub backend: String,
    /// The level (`read-only`, `workspace-write`, `full-access`) or the policy file.
    pub policy: String,
    /// What this kernel enforces (`landlock ABI 6 …`), for the native backend.
    pub enforcement: String,
    /// Why nothing can run: the sandbox cannot be enforced here. Never runs unsandboxed instead.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[ts(optional)]
    pub refusal: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
pub struct TokenUsage {
    pub input_tokens: u32,
    pub output_tokens: u32,
    /// Totals for the whole session so far.
    pub total_input_tokens: u32,
    pub total_output_tokens: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TurnEndReason {
    /// The model answered without asking for more tools.
    Completed,
    Interrupted,
    /// `--max_turns` steps were used.
    MaxTurns,
    /// The person aborted at an approval prompt.
    Aborted,
    /// An error ended the turn (an `Error` event precedes this one).
    Error,
}
