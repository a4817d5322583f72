use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::tool::ApprovalDecision;

/// One request from a front end to the session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
pub struct Submission {
    /// Chosen by the front end; events caused by this submission carry it back.
    pub id: String,
    pub op: Op,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Op {
    /// The person's message: starts a turn.
    UserInput { items: Vec<InputItem> },
    /// The answer to an [`crate::EventMsg::ApprovalRequested`].
    Approval {
        call_id: String,
        decision: ApprovalDecision,
    },
    /// Stop the model stream or the running code, keep what was produced.
    Interrupt,
    /// Switch the harness profile; the conversation is kept and re-rendered.
    SetProfile { profile: String },
    /// Switch the model (same syntax as `--model`).
    SetModel { model: String },
    /// Change how side effects are approved.
    SetApprovalPolicy { policy: ApprovalPolicy },
    /// Switch the sandbox: `backend` is native, docker, openshell or none; `level` read-only,
    /// workspace-write (the default) or full-access. Running kernels stop; the next run starts
    /// under the new sandbox.
    SetSandbox {
        backend: String,
        level: Option<String>,
    },
    /// Forget the conversation (the log keeps it).
    Reset,
    /// Drop the last user message and everything after it.
    Undo,
    /// Write the conversation to a file (JSONL events), for `%load` later.
    SaveConversation { path: String },
    /// Replace the conversation with one saved by `SaveConversation` (or a session log).
    LoadConversation { path: String },
    /// Report token usage so far.
    ReportTokens,
    /// End the session.
    Shutdown,
}

/// Part of a user message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum InputItem {
    Text {
        text: String,
    },
    /// An image, base64 encoded.
    Image {
        mime: String,
        data: String,
    },
    /// A file the person attached: its path, read by the engine.
    File {
        path: String,
    },
}

impl InputItem {
    pub fn text(text: impl Into<String>) -> Self {
        InputItem::Text { text: text.into() }
    }
}

/// When a side effect runs without asking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalPolicy {
    /// Ask before every side effect (read-only actions excepted).
    #[default]
    Ask,
    /// Run everything without asking (`-y`, `--auto_run`).
    Auto,
    /// Never run anything; every proposal is denied and reported to the model.
    Deny,
}

/// Safe mode: a static risk scan of every code block before it is approved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum SafeMode {
    /// No scan.
    #[default]
    Off,
    /// Risky code is shown with the reasons and always needs a person's approval (even with `-y`).
    Ask,
    /// Risky code is blocked (the model is told why) and everything runs in the sandbox.
    Auto,
}
