//! The engine's events as `session/update`s: message and thought chunks, tool calls with their
//! status, output and diffs, and plans. One mapper per session feed keeps what each call showed.

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use agent_client_protocol::v1::schema::{
    ContentBlock, ContentChunk, Diff, ImageContent, Plan, PlanEntry, PlanEntryPriority,
    PlanEntryStatus, ResourceLink, SessionUpdate, Terminal, ToolCall as AcpToolCall,
    ToolCallContent, ToolCallLocation, ToolCallStatus, ToolCallUpdate, ToolCallUpdateFields,
    ToolKind,
};
use oi_protocol::{
    EventMsg, FileChange, FileChangeKind, InputItem, PlanItem, PlanStatus, ToolAction, ToolCall,
};
use serde_json::json;

use crate::client_env::Terminals;

/// What one tool call has shown so far (ACP replaces a call's content as a whole).
#[derive(Debug, Default)]
struct CallView {
    code: Option<String>,
    /// The editor's terminal the command ran in: it shows the output itself.
    terminal: Option<String>,
    output: String,
    diffs: Vec<ToolCallContent>,
    locations: Vec<ToolCallLocation>,
    /// `diffs` are the engine's preview of an edit, replaced by what it did once it ran.
    previewed: bool,
}

impl CallView {
    fn content(&self) -> Vec<ToolCallContent> {
        let mut content = Vec::new();
        if let Some(code) = &self.code {
            content.push(text_content(code.clone()));
        }
        if let Some(id) = &self.terminal {
            content.push(ToolCallContent::Terminal(Terminal::new(id.clone())));
        } else if !self.output.is_empty() {
            content.push(text_content(fenced("console", &self.output)));
        }
        content.extend(self.diffs.iter().cloned());
        content
    }
}

pub struct UpdateMapper {
    cwd: PathBuf,
    /// Replaying a log: the person's own messages are shown too.
    replay: bool,
    calls: HashMap<String, CallView>,
    /// Calls first seen in their approval request: actions of code, which no result ends.
    adopted: HashSet<String>,
    terminals: Terminals,
}

impl UpdateMapper {
    pub fn live(cwd: &Path, terminals: Terminals) -> Self {
        UpdateMapper {
            cwd: cwd.to_path_buf(),
            replay: false,
            calls: HashMap::new(),
            adopted: HashSet::new(),
            terminals,
        }
    }

    pub fn replay(cwd: &Path) -> Self {
        UpdateMapper {
            replay: true,
            ..Self::live(cwd, Terminals::default())
        }
    }

    /// The view of a call, with the editor's terminal it ran in, if any.
    fn view(&mut self, call_id: &str) -> &mut CallView {
        let terminal = self
            .terminals
            .lock()
            .ok()
            .and_then(|t| t.get(call_id).cloned());
        let view = self.calls.entry(call_id.to_string()).or_default();
        if terminal.is_some() {
            view.terminal = terminal;
        }
        view
    }

    pub fn map(&mut self, msg: &EventMsg) -> Vec<SessionUpdate> {
        match msg {
            EventMsg::UserMessage { items } if self.replay => {
                items.iter().map(user_chunk).collect()
            }
            EventMsg::AssistantTextDelta { delta } => vec![SessionUpdate::AgentMessageChunk(
                ContentChunk::new(delta.as_str().into()),
            )],
            EventMsg::ReasoningDelta { delta } => vec![SessionUpdate::AgentThoughtChunk(
                ContentChunk::new(delta.as_str().into()),
            )],
            EventMsg::ToolCallProposed { call } => self.proposed(call),
            // An action of the model's code (Python's `computer`) was never proposed: it is
            // shown when it asks, and its decision ends it (no result of its own follows).
            EventMsg::ApprovalRequested { call, .. } if !self.calls.contains_key(&call.call_id) => {
                self.adopted.insert(call.call_id.clone());
                self.proposed(call)
            }
            EventMsg::ApprovalDecided {
                call_id, decision, ..
            } if self.adopted.remove(call_id) => {
                let status = if decision.runs() {
                    ToolCallStatus::Completed
                } else {
                    ToolCallStatus::Failed
                };
                vec![update(call_id, ToolCallUpdateFields::new().status(status))]
            }
            EventMsg::ApprovalDecided {
                call_id, decision, ..
            } if decision.runs() && self.calls.contains_key(call_id) => {
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new().status(ToolCallStatus::InProgress),
                )]
            }
            EventMsg::ExecBegin { call_id, .. } => {
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new().status(ToolCallStatus::InProgress),
                )]
            }
            EventMsg::ExecOutput { call_id, chunk, .. } => {
                let view = self.view(call_id);
                view.output.push_str(chunk);
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new().content(view.content()),
                )]
            }
            EventMsg::FilesChanged { call_id, changes } => {
                let cwd = self.cwd.clone();
                let view = self.view(call_id);
                if std::mem::take(&mut view.previewed) {
                    view.diffs.clear();
                    view.locations.clear();
                    view.code = None;
                }
                for change in changes {
                    let path = absolute(&cwd, &change.path);
                    view.locations.push(ToolCallLocation::new(path.clone()));
                    if let Some(diff) = diff_content(&path, change) {
                        view.diffs.push(diff);
                    }
                }
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new()
                        .content(view.content())
                        .locations(view.locations.clone()),
                )]
            }
            // The list as the engine took it (a malformed call changes nothing and shows none).
            EventMsg::PlanUpdated { items, .. } => vec![SessionUpdate::Plan(plan(items))],
            EventMsg::ToolResult {
                call_id,
                output,
                is_error,
            } => {
                self.view(call_id);
                let view = self.calls.remove(call_id).unwrap_or_default();
                if let Ok(mut terminals) = self.terminals.lock() {
                    terminals.remove(call_id);
                }
                let mut content = view.content();
                if view.output.is_empty() && view.diffs.is_empty() && !output.is_empty() {
                    content.push(text_content(fenced("", output)));
                }
                let status = if *is_error {
                    ToolCallStatus::Failed
                } else {
                    ToolCallStatus::Completed
                };
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new()
                        .status(status)
                        .content(content)
                        .raw_output(json!({ "output": output, "is_error": is_error })),
                )]
            }
            EventMsg::ScreenshotTaken {
                call_id: Some(call_id),
                screenshot,
            } if self.calls.contains_key(call_id) => {
                let link = ResourceLink::new(
                    screenshot.path.clone(),
                    format!("file://{}", screenshot.path),
                )
                .mime_type(screenshot.mime.clone());
                vec![update(
                    call_id,
                    ToolCallUpdateFields::new().content(vec![ToolCallContent::from(
                        ContentBlock::ResourceLink(link),
                    )]),
                )]
            }
            _ => Vec::new(),
        }
    }

    fn proposed(&mut self, call: &ToolCall) -> Vec<SessionUpdate> {
        let mut view = CallView::default();
        if let ToolAction::RunCode { language, code } = &call.action
            && code.trim().contains('\n')
        {
            view.code = Some(fenced(language, code));
        }
        match preview(&self.cwd, call) {
            Some(preview) => {
                view.code = preview.error;
                view.diffs = preview.diffs;
                view.locations = preview.locations;
                view.previewed = true;
            }
            None => {
                if let ToolAction::Read {
                    path: Some(path), ..
                } = &call.action
                {
                    view.locations
                        .push(ToolCallLocation::new(absolute(&self.cwd, path)));
                }
            }
        }
        let acp = AcpToolCall::new(call.call_id.clone(), title(call))
            .kind(kind(call))
            .status(ToolCallStatus::Pending)
            .content(view.content())
            .locations(view.locations.clone())
            .raw_input(call.arguments.clone());
        self.calls.insert(call.call_id.clone(), view);
        vec![SessionUpdate::ToolCall(acp)]
    }
}

fn update(call_id: &str, fields: ToolCallUpdateFields) -> SessionUpdate {
    SessionUpdate::ToolCallUpdate(ToolCallUpdate::new(call_id.to_string(), fields))
}

/// The permission request carries the call as an update: title, kind and what it will run, or
/// for an edit the engine's diff of each file it will change.
pub fn permission_view(cwd: &Path, call: &ToolCall) -> ToolCallUpdate {
    let mut fields = ToolCallUpdateFields::new()
        .title(title(call))
        .kind(kind(call))
        .raw_input(call.arguments.clone());
    if let ToolAction::RunCode { language, code } = &call.action {
        fields = fields.content(vec![text_content(fenced(language, code))]);
    }
    if let Some(preview) = preview(cwd, call) {
        let mut content: Vec<ToolCallContent> =
            preview.error.into_iter().map(text_content).collect();
        content.extend(preview.diffs);
        fields = fields.content(content).locations(preview.locations);
    }
    ToolCallUpdate::new(call.call_id.clone(), fields)
}

/// An edit as the engine previewed it: the files it will change, as diffs and locations, or
/// why there is no preview.
struct EditPreview {
    diffs: Vec<ToolCallContent>,
    locations: Vec<ToolCallLocation>,
    error: Option<String>,
}

fn preview(cwd: &Path, call: &ToolCall) -> Option<EditPreview> {
    let ToolAction::EditFiles {
        changes,
        preview_error,
        ..
    } = &call.action
    else {
        return None;
    };
    let mut out = EditPreview {
        diffs: Vec::new(),
        locations: Vec::new(),
        error: preview_error
            .as_ref()
            .map(|why| format!("No preview: {why}")),
    };
    for change in changes {
        let path = absolute(cwd, &change.path);
        out.locations.push(ToolCallLocation::new(path.clone()));
        out.diffs.extend(diff_content(&path, change));
    }
    Some(out)
}

fn user_chunk(item: &InputItem) -> SessionUpdate {
    let block = match item {
        InputItem::Text { text } => ContentBlock::from(text.as_str()),
        InputItem::Image { mime, data } => {
            ContentBlock::Image(ImageContent::new(data.clone(), mime.clone()))
        }
        InputItem::File { path } => {
            ContentBlock::ResourceLink(ResourceLink::new(path.clone(), format!("file://{path}")))
        }
    };
    SessionUpdate::UserMessageChunk(ContentChunk::new(block))
}

fn text_content(text: String) -> ToolCallContent {
    ToolCallContent::from(ContentBlock::from(text))
}

/// Markdown code fence long enough not to be closed by the text inside.
fn fenced(language: &str, text: &str) -> String {
    let mut fence = "```".to_string();
    while text.contains(&fence) {
        fence.push('`');
    }
    let newline = if text.ends_with('\n') { "" } else { "\n" };
    format!("{fence}{language}\n{text}{newline}{fence}")
}

fn absolute(cwd: &Path, path: &str) -> PathBuf {
    let p = Path::new(path);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}

fn diff_content(path: &Path, change: &FileChange) -> Option<ToolCallContent> {
    let (old, new) = crate::diff::sides(change.diff.as_deref()?)?;
    let diff = match change.kind {
        FileChangeKind::Created => Diff::new(path, new),
        FileChangeKind::Modified | FileChangeKind::Deleted => Diff::new(path, new).old_text(old),
    };
    Some(ToolCallContent::Diff(diff))
}

pub fn title(call: &ToolCall) -> String {
    match &call.action {
        ToolAction::RunCode { language, code } => {
            let mut lines = code.trim().lines();
            let first = lines.next().unwrap_or_default();
            let mut short: String = first.chars().take(80).collect();
            if short.len() < first.len() || lines.next().is_some() {
                short.push_str(" …");
            }
            if matches!(language.as_str(), "shell" | "bash" | "sh" | "zsh") {
                format!("`{short}`")
            } else {
                format!("Run {language}: `{short}`")
            }
        }
        ToolAction::Read { summary, .. } | ToolAction::EditFiles { summary, .. } => summary.clone(),
        ToolAction::Computer { action, .. } => format!("Computer: {action}"),
        ToolAction::Plan { .. } => "Update plan".to_string(),
        ToolAction::Other { .. } => match oi_core::mcp::server_and_tool(&call.name) {
            Some((server, tool)) => format!("{server}: {tool}"),
            None => call.name.clone(),
        },
    }
}

pub fn kind(call: &ToolCall) -> ToolKind {
    let name = call.name.to_ascii_lowercase();
    match &call.action {
        ToolAction::RunCode { .. } => ToolKind::Execute,
        ToolAction::Read { .. }
            if ["search", "grep", "glob", "find"]
                .iter()
                .any(|w| name.contains(w)) =>
        {
            ToolKind::Search
        }
        ToolAction::Read { .. } => ToolKind::Read,
        ToolAction::EditFiles { .. } => ToolKind::Edit,
        ToolAction::Plan { .. } => ToolKind::Think,
        ToolAction::Computer { .. } | ToolAction::Other { .. } => ToolKind::Other,
    }
}

/// The model's task list as an ACP plan.
fn plan(items: &[PlanItem]) -> Plan {
    Plan::new(
        items
            .iter()
            .map(|item| {
                let status = match item.status {
                    PlanStatus::Completed => PlanEntryStatus::Completed,
                    PlanStatus::InProgress => PlanEntryStatus::InProgress,
                    PlanStatus::Pending => PlanEntryStatus::Pending,
                };
                PlanEntry::new(item.text.clone(), PlanEntryPriority::Medium, status)
            })
            .collect(),
    )
}

#[cfg(test)]
#[path = "updates_tests.rs"]
mod tests;
