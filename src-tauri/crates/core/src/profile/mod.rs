//! Harness profiles: the system prompt, the tools offered, how calls are written and read back.
//! Built-in profiles live in `profiles/<id>/` at the repository root and are embedded in the binary.

pub mod text_calls;
mod tools;

use std::path::Path;

use oi_protocol::{CallOrigin, ToolCall};
use serde::Deserialize;

use crate::history::{History, HistoryItem};
use crate::model::{ChatMessage, ContentPart, ModelRequest, NativeToolCall, Role, ToolSpec};

pub use tools::{ToolDef, action_for};

/// A built-in profile: id, profile.toml, and its fragments (file name, text).
type BuiltinProfile = (&'static str, &'static str, &'static [(&'static str, &'static str)]);

const BUILTIN: &[BuiltinProfile] = &[(
    "classic",
    include_str!("../../../../../profiles/classic/profile.toml"),
    &[("system.md", include_str!("../../../../../profiles/classic/system.md"))],
)];

/// How the profile's tool calls are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ToolStyle {
    /// Native function calling; fenced code blocks with a language also run.
    NativeOrFenced,
    /// Native function calling only (text JSON calls are still recognised).
    Native,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProfileFile {
    id: String,
    name: String,
    emulates: String,
    tool_style: ToolStyle,
    tools: Vec<String>,
    system: Vec<String>,
    #[serde(default)]
    defaults: ProfileDefaults,
}

#[derive(Debug, Clone, Default, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileDefaults {
    pub temperature: Option<f32>,
    pub max_tokens: Option<u32>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("no profile named `{0}` (see `interpreter --profiles`)")]
    Unknown(String),
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
}

/// A loaded profile.
#[derive(Debug, Clone)]
pub struct Profile {
    pub id: String,
    pub name: String,
    pub emulates: String,
    pub tool_style: ToolStyle,
    pub tools: Vec<ToolDef>,
    pub defaults: ProfileDefaults,
    system_template: String,
}

/// Values substituted into a system prompt template.
#[derive(Debug, Clone, Default)]
pub struct PromptContext {
    pub os: String,
    pub cwd: String,
    pub user: String,
    pub date: String,
    pub languages: String,
}

impl PromptContext {
    /// What this machine and session look like right now.
    pub fn current(cwd: &Path, languages: &[String]) -> Self {
        PromptContext {
            os: format!("{} ({})", std::env::consts::OS, std::env::consts::ARCH),
            cwd: cwd.display().to_string(),
            user: std::env::var("USER").unwrap_or_else(|_| "unknown".into()),
            date: chrono::Local::now().format("%A, %Y-%m-%d").to_string(),
            languages: languages.join(", "),
        }
    }
}

impl Profile {
    /// Ids and summaries of the built-in profiles.
    pub fn builtin_ids() -> Vec<&'static str> {
        BUILTIN.iter().map(|(id, _, _)| *id).collect()
    }

    /// Loads a profile: `<config_dir>/profiles/<id>/` overrides the built-in one.
    pub fn load(id: &str, config_dir: Option<&Path>) -> Result<Profile, ProfileError> {
        if let Some(dir) = config_dir.map(|d| d.join("profiles").join(id)) {
            let toml_path = dir.join("profile.toml");
            if toml_path.is_file() {
                return Self::load_dir(&dir);
            }
        }
        let (_, toml_text, fragments) = BUILTIN
            .iter()
            .find(|(bid, _, _)| *bid == id)
            .ok_or_else(|| ProfileError::Unknown(id.to_string()))?;
        Self::parse(&format!("profiles/{id}/profile.toml"), toml_text, &|name| {
            fragments.iter().find(|(n, _)| *n == name).map(|(_, t)| t.to_string())
        })
    }

    fn load_dir(dir: &Path) -> Result<Profile, ProfileError> {
        let toml_path = dir.join("profile.toml");
        let text = std::fs::read_to_string(&toml_path).map_err(|e| ProfileError::Invalid {
            file: toml_path.display().to_string(),
            message: e.to_string(),
        })?;
        Self::parse(&toml_path.display().to_string(), &text, &|name| {
            std::fs::read_to_string(dir.join(name)).ok()
        })
    }

    fn parse(
        file: &str,
        text: &str,
        fragment: &dyn Fn(&str) -> Option<String>,
    ) -> Result<Profile, ProfileError> {
        let invalid = |message: String| ProfileError::Invalid { file: file.to_string(), message };
        let parsed: ProfileFile = toml::from_str(text).map_err(|e| invalid(e.to_string()))?;
        let mut system_template = String::new();
        for name in &parsed.system {
            let part = fragment(name)
                .ok_or_else(|| invalid(format!("system: fragment `{name}` not found beside the profile")))?;
            if !system_template.is_empty() {
                system_template.push_str("\n\n");
            }
            system_template.push_str(part.trim_end());
        }
        let tools = parsed
            .tools
            .iter()
            .map(|t| ToolDef::named(t).ok_or_else(|| invalid(format!("tools: unknown tool `{t}`"))))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Profile {
            id: parsed.id,
            name: parsed.name,
            emulates: parsed.emulates,
            tool_style: parsed.tool_style,
            tools,
            defaults: parsed.defaults,
            system_template,
        })
    }

    pub fn system_prompt(&self, ctx: &PromptContext) -> String {
        self.system_template
            .replace("{{os}}", &ctx.os)
            .replace("{{cwd}}", &ctx.cwd)
            .replace("{{user}}", &ctx.user)
            .replace("{{date}}", &ctx.date)
            .replace("{{languages}}", &ctx.languages)
    }

    pub fn tool_specs(&self) -> Vec<ToolSpec> {
        self.tools.iter().map(ToolDef::spec).collect()
    }

    fn tool_names(&self) -> Vec<&str> {
        self.tools.iter().map(|t| t.name).collect()
    }

    /// Renders the conversation for the model. `native_tools` is false when the model
    /// refused tools: then calls and results travel as text.
    pub fn render(&self, history: &History, ctx: &PromptContext, native_tools: bool) -> ModelRequest {
        let mut messages = Vec::new();
        for item in history.items() {
            match item {
                HistoryItem::User { items } => messages.push(user_message(items)),
                HistoryItem::Assistant { text, calls, .. } => {
                    let mut msg = ChatMessage::text(Role::Assistant, text.clone());
                    for call in calls {
                        if call.origin == CallOrigin::Native && native_tools {
                            msg.tool_calls.push(NativeToolCall {
                                id: call.call_id.clone(),
                                name: call.name.clone(),
                                arguments: call.arguments.clone(),
                            });
                        } else if call.origin == CallOrigin::Native {
                            // The model cannot see native calls: show it what ran.
                            let shown = tools::call_as_text(call);
                            let joined = msg.joined_text();
                            msg.content = vec![ContentPart::Text(format!("{joined}\n\n{shown}"))];
                        }
                    }
                    if msg.joined_text().is_empty() && msg.tool_calls.is_empty() {
                        continue;
                    }
                    messages.push(msg);
                }
                HistoryItem::ToolResult { call_id, tool_name, output, .. } => {
                    let native = native_tools && call_origin(history, call_id) == Some(CallOrigin::Native);
                    let output = if output.trim().is_empty() { "(no output)".to_string() } else { output.clone() };
                    if native {
                        let mut m = ChatMessage::text(Role::Tool, output);
                        m.tool_call_id = Some(call_id.clone());
                        m.tool_name = Some(tool_name.clone());
                        messages.push(m);
                    } else {
                        let text = format!(
                            "The code ran. Its output:\n```\n{output}\n```\nContinue with the next step if there is one; otherwise tell me the result."
                        );
                        push_user_text(&mut messages, text);
                    }
                }
            }
        }
        ModelRequest {
            model: String::new(),
            system: self.system_prompt(ctx),
            messages,
            tools: if native_tools { self.tool_specs() } else { Vec::new() },
            temperature: self.defaults.temperature,
            max_tokens: self.defaults.max_tokens,
        }
    }

    /// Turns what the model produced into tool calls: native calls first; without any,
    /// calls written as text (JSON, `<tool_call>` tags, and for classic, fenced code).
    pub fn interpret(&self, text: &str, native: Vec<NativeToolCall>, next_id: &mut dyn FnMut() -> String) -> Vec<ToolCall> {
        if !native.is_empty() {
            return native
                .into_iter()
                .map(|c| {
                    let action = action_for(&c.name, &c.arguments);
                    let call_id = if c.id.is_empty() { next_id() } else { c.id };
                    ToolCall { call_id, name: c.name, arguments: c.arguments, origin: CallOrigin::Native, action }
                })
                .collect();
        }
        let names = self.tool_names();
        let json = text_calls::json_calls(text, &names);
        if !json.is_empty() {
            return json
                .into_iter()
                .map(|c| ToolCall {
                    call_id: next_id(),
                    action: action_for(&c.name, &c.arguments),
                    name: c.name,
                    arguments: c.arguments,
                    origin: CallOrigin::Text,
                })
                .collect();
        }
        if self.tool_style == ToolStyle::NativeOrFenced {
            return text_calls::fenced_blocks(text, false)
                .into_iter()
                .filter(|b| oi_exec::canonical_language(&b.lang).is_some())
                .map(|b| {
                    let arguments = serde_json::json!({"language": b.lang, "code": b.body});
                    ToolCall {
                        call_id: next_id(),
                        name: "execute".to_string(),
                        action: action_for("execute", &arguments),
                        arguments,
                        origin: CallOrigin::Text,
                    }
                })
                .collect();
        }
        Vec::new()
    }
}

fn call_origin(history: &History, call_id: &str) -> Option<CallOrigin> {
    history.items().iter().rev().find_map(|i| match i {
        HistoryItem::Assistant { calls, .. } => {
            calls.iter().find(|c| c.call_id == call_id).map(|c| c.origin)
        }
        _ => None,
    })
}

fn user_message(items: &[oi_protocol::InputItem]) -> ChatMessage {
    let mut msg = ChatMessage::text(Role::User, "");
    msg.content.clear();
    for item in items {
        match item {
            oi_protocol::InputItem::Text { text } => msg.content.push(ContentPart::Text(text.clone())),
            oi_protocol::InputItem::Image { mime, data } => {
                msg.content.push(ContentPart::Image { mime: mime.clone(), data: data.clone() })
            }
            oi_protocol::InputItem::File { path } => {
                msg.content.push(ContentPart::Text(format!("(attached file: {path})")))
            }
        }
    }
    msg
}

/// Adds text as a user message, joining it to a user message just before (some APIs require
/// alternating roles).
fn push_user_text(messages: &mut Vec<ChatMessage>, text: String) {
    match messages.last_mut() {
        Some(last) if last.role == Role::User => last.content.push(ContentPart::Text(format!("\n\n{text}"))),
        _ => messages.push(ChatMessage::text(Role::User, text)),
    }
}
