//! The conversation as this profile's harness would send it. Calls the model can see as native
//! calls travel natively; the rest (the model refused tools, the harness has none, or the call
//! was made under another profile whose tool this one lacks) travel as text the harness writes.

use oi_protocol::{CallOrigin, ToolAction, ToolCall};

use super::tools::{FORMAT_ERROR, call_as_text};
use super::{Profile, PromptContext, ToolStyle};
use oi_model::history::{History, HistoryItem};
use oi_model::{ChatMessage, ContentPart, ModelRequest, NativeToolCall, Role, ToolSpec};

impl Profile {
    /// Renders the conversation for the model. `native_tools` is false when the model
    /// refused tools: then calls and results travel as text.
    pub fn render(
        &self,
        history: &History,
        ctx: &PromptContext,
        native_tools: bool,
    ) -> ModelRequest {
        self.render_with_tools(history, ctx, native_tools, &[])
    }

    /// Renders with `extra_tools` (a session's MCP tools) offered beside the profile's own:
    /// natively when tools travel natively, else described in the system prompt.
    pub fn render_with_tools(
        &self,
        history: &History,
        ctx: &PromptContext,
        native_tools: bool,
        extra_tools: &[ToolSpec],
    ) -> ModelRequest {
        let native_tools = self.tools_travel_natively(native_tools);
        // Which calls travel natively: offered now, made natively.
        let native_call = |origin: CallOrigin, name: &str| {
            native_tools
                && origin == CallOrigin::Native
                && (self.offers(name) || extra_tools.iter().any(|t| t.name == name))
        };
        let mut messages = Vec::new();
        let shown_images = recent_images(history);
        for item in history.items() {
            match item {
                HistoryItem::User { items } => push_user(&mut messages, user_message(items)),
                HistoryItem::Assistant { text, calls, .. } => {
                    let mut msg = ChatMessage::text(Role::Assistant, text.clone());
                    for call in calls {
                        if native_call(call.origin, &call.name) {
                            msg.tool_calls.push(NativeToolCall {
                                id: wire_id(call),
                                name: call.name.clone(),
                                arguments: call.arguments.clone(),
                            });
                        } else if call.origin == CallOrigin::Native {
                            // The model cannot see this call natively: show it what ran.
                            let shown = call_as_text(call, self.tool_style);
                            let joined = msg.joined_text();
                            let text = if joined.trim().is_empty() {
                                shown
                            } else {
                                format!("{joined}\n\n{shown}")
                            };
                            msg.content = vec![ContentPart::Text(text)];
                        }
                    }
                    if msg.joined_text().is_empty() && msg.tool_calls.is_empty() {
                        continue;
                    }
                    messages.push(msg);
                }
                HistoryItem::ToolResult {
                    call_id,
                    tool_name,
                    output,
                    images,
                    is_error,
                } => {
                    let image_parts = image_parts(images, &shown_images);
                    let call = history.call(call_id);
                    let origin = call.map_or(CallOrigin::Text, |c| c.origin);
                    let ran_code =
                        call.is_none_or(|c| matches!(c.action, ToolAction::RunCode { .. }));
                    let output = if output.trim().is_empty() {
                        "(no output)".to_string()
                    } else {
                        output.clone()
                    };
                    if native_call(origin, tool_name) {
                        let mut m = ChatMessage::text(Role::Tool, output);
                        m.tool_call_id = Some(call.map_or_else(|| call_id.clone(), wire_id));
                        m.tool_name = Some(tool_name.clone());
                        m.content.extend(image_parts);
                        messages.push(m);
                    } else if tool_name == FORMAT_ERROR {
                        push_user_text(&mut messages, output);
                    } else {
                        let observation = if ran_code && *is_error {
                            &self.error_observation
                        } else if ran_code {
                            &self.observation
                        } else {
                            &self.tool_observation
                        };
                        let text = observation
                            .replace("{{tool}}", tool_name)
                            .replace("{{output}}", &output);
                        push_user_text(&mut messages, text);
                        if let Some(last) = messages.last_mut() {
                            last.content.extend(image_parts);
                        }
                    }
                }
            }
        }
        let context = self.fill(&self.context_template, ctx);
        if !context.is_empty()
            && let Some(first) = messages.iter_mut().find(|m| m.role == Role::User)
        {
            first
                .content
                .insert(0, ContentPart::Text(format!("{context}\n\n")));
        }
        let (mut system, session_facts_at) = self.system_prompt_parts(ctx);
        if let Some(section) = self.extra_tools_section(native_tools, extra_tools) {
            system = format!("{}\n\n{section}", system.trim_end());
        }
        if let Some(extra) = &ctx.custom_instructions {
            system = format!("{system}\n\n{extra}");
        }
        ModelRequest {
            model: String::new(),
            system,
            messages,
            tools: if native_tools {
                let mut tools = self.tool_specs();
                tools.extend(extra_tools.iter().cloned());
                tools
            } else {
                Vec::new()
            },
            temperature: self.defaults.temperature,
            max_tokens: self.defaults.max_tokens,
            context_window: None,
            session_facts_at,
        }
    }
}

impl Profile {
    /// Whether tool calls go as the API's native calls: the model takes tools and the
    /// harness uses them.
    fn tools_travel_natively(&self, model_takes_tools: bool) -> bool {
        model_takes_tools && self.tool_style != ToolStyle::OneCommand
    }

    /// What the system prompt says of `extra_tools` when they cannot travel natively (a
    /// `system_message` that replaces the prompt keeps it too).
    fn extra_tools_section(
        &self,
        model_takes_tools: bool,
        extra_tools: &[ToolSpec],
    ) -> Option<String> {
        if self.tools_travel_natively(model_takes_tools) {
            return None;
        }
        super::text_tools::section(self.tool_style, extra_tools)
    }
}

/// Screenshots sent as images: the most recent few (older ones only cost context).
const MAX_IMAGES: usize = 3;

fn recent_images(history: &History) -> std::collections::HashSet<String> {
    history
        .items()
        .iter()
        .rev()
        .filter_map(|i| match i {
            HistoryItem::ToolResult { images, .. } => Some(images.iter().rev()),
            _ => None,
        })
        .flatten()
        .take(MAX_IMAGES)
        .cloned()
        .collect()
}

fn image_parts(images: &[String], shown: &std::collections::HashSet<String>) -> Vec<ContentPart> {
    use base64::Engine;
    images
        .iter()
        .map(|path| {
            if !shown.contains(path) {
                return ContentPart::Text("\n(an earlier screenshot, no longer shown)".into());
            }
            match std::fs::read(path) {
                Ok(bytes) => ContentPart::Image {
                    mime: if path.ends_with(".jpg") {
                        "image/jpeg"
                    } else {
                        "image/png"
                    }
                    .into(),
                    data: base64::engine::general_purpose::STANDARD.encode(bytes),
                },
                Err(e) => {
                    ContentPart::Text(format!("\n(the screenshot {path} cannot be read: {e})"))
                }
            }
        })
        .collect()
}

/// The id a call has on the wire: the provider's when it gave a usable one.
fn wire_id(call: &ToolCall) -> String {
    call.wire_id.clone().unwrap_or_else(|| call.call_id.clone())
}

fn user_message(items: &[oi_protocol::InputItem]) -> ChatMessage {
    let mut msg = ChatMessage::text(Role::User, "");
    msg.content.clear();
    for item in items {
        match item {
            oi_protocol::InputItem::Text { text } => {
                msg.content.push(ContentPart::Text(text.clone()))
            }
            oi_protocol::InputItem::Image { mime, data } => msg.content.push(ContentPart::Image {
                mime: mime.clone(),
                data: data.clone(),
            }),
            oi_protocol::InputItem::File { path } => msg
                .content
                .push(ContentPart::Text(format!("(attached file: {path})"))),
        }
    }
    msg
}

/// Adds a user message, joined to a user message just before it: a result that travels as text
/// is a user message, and a person may write next (after an interrupt or the turn limit). Some
/// APIs and many local chat templates require roles to alternate.
fn push_user(messages: &mut Vec<ChatMessage>, message: ChatMessage) {
    match messages.last_mut() {
        Some(last) if last.role == Role::User => {
            last.content.push(ContentPart::Text("\n\n".into()));
            last.content.extend(message.content);
        }
        _ => messages.push(message),
    }
}

fn push_user_text(messages: &mut Vec<ChatMessage>, text: String) {
    push_user(messages, ChatMessage::text(Role::User, text));
}

#[cfg(test)]
mod tests {
    use oi_protocol::{CallOrigin, InputItem, ToolAction, ToolCall};

    use super::*;

    fn user(text: &str) -> HistoryItem {
        HistoryItem::User {
            items: vec![InputItem::Text { text: text.into() }],
        }
    }

    #[test]
    fn a_person_writing_after_a_text_result_makes_no_second_user_message_in_a_row() {
        let profile = Profile::load("classic", None).unwrap();
        let mut history = History::default();
        history.push(user("count"));
        history.push(HistoryItem::Assistant {
            text: "```python\nprint(1)\n```".into(),
            reasoning: String::new(),
            calls: vec![ToolCall {
                call_id: "c1".into(),
                wire_id: None,
                name: "execute".into(),
                arguments: serde_json::json!({"language": "python", "code": "print(1)"}),
                origin: CallOrigin::Text,
                action: ToolAction::RunCode {
                    language: "python".into(),
                    code: "print(1)".into(),
                },
            }],
            interrupted: false,
        });
        history.push(HistoryItem::ToolResult {
            call_id: "c1".into(),
            tool_name: "execute".into(),
            output: "1".into(),
            is_error: false,
            images: Vec::new(),
        });
        history.push(user("now two"));
        let request = profile.render(&history, &PromptContext::default(), false);
        let roles: Vec<Role> = request.messages.iter().map(|m| m.role).collect();
        assert_eq!(roles, vec![Role::User, Role::Assistant, Role::User]);
        let last = request.messages[2].joined_text();
        assert!(
            last.starts_with("Output:\n1\n\nThat is what your code printed."),
            "{last}"
        );
        assert!(last.ends_with("now two"), "{last}");
    }

    #[test]
    fn the_system_prompt_and_tools_are_the_same_in_every_folder_and_on_every_day() {
        // A runtime that keeps a read prompt (the built-in one, a server's prompt cache) reuses
        // what comes before the first difference: the environment comes after the tools.
        // (Not classic's: with its environment in the first user message, Qwen2.5-Coder-0.5B
        // answered in JSON calls far more often and finished fewer tasks, measured.)
        let mut history = History::default();
        history.push(user("hello"));
        history.push(HistoryItem::Assistant {
            text: "hi".into(),
            reasoning: String::new(),
            calls: Vec::new(),
            interrupted: false,
        });
        history.push(user("again"));
        let here = PromptContext::current(std::path::Path::new("/home/ada/reports"), &[]);
        let mut elsewhere = PromptContext::current(std::path::Path::new("/srv/other"), &[]);
        elsewhere.date = "Monday, 2031-01-06".into();
        elsewhere.user = "grace".into();
        for id in ["qwen-code", "codex"] {
            let profile = Profile::load(id, None).unwrap();
            let a = profile.render(&history, &here, true);
            let b = profile.render(&history, &elsewhere, true);
            assert_eq!(a.system, b.system, "{id}");
            assert!(!a.system.contains("/home/ada/reports"), "{id}");
            assert_eq!(a.tools, b.tools, "{id}");
            let first = a.messages[0].joined_text();
            assert!(first.contains("/home/ada/reports"), "{id}: {first}");
            assert!(first.ends_with("\n\nhello"), "{id}: {first}");
            assert!(!a.messages[1].joined_text().contains("/home/ada"), "{id}");
            assert_eq!(a.messages[2].joined_text(), "again", "{id}");
        }
        // Classic's and Claude Code's facts stay in the system prompt (in the first user
        // message, Qwen2.5-Coder-0.5B did worse, above), marked where they begin: the built-in
        // runtime sends them after the tools.
        for id in ["classic", "claude-code"] {
            let profile = Profile::load(id, None).unwrap();
            let a = profile.render(&history, &here, true);
            let b = profile.render(&history, &elsewhere, true);
            let (at, other_at) = (a.session_facts_at.unwrap(), b.session_facts_at.unwrap());
            assert_eq!(a.system[..at], b.system[..other_at], "{id}");
            assert!(a.system[at..].contains("/home/ada/reports"), "{id}");
            assert!(b.system[at..].contains("2031-01-06"), "{id}");
            assert!(a.system[at..].starts_with("\n\n"), "{id}");
            assert!(!a.system[..at].contains("/home/ada"), "{id}");
        }
        let classic = Profile::load("classic", None).unwrap();
        let mut own = here.clone();
        own.system_message = Some("Be brief. You are in /home/ada/reports.".into());
        assert_eq!(classic.render(&history, &own, true).session_facts_at, None);
        // The facts open the minimal profile's prompt: nothing before them to keep.
        let minimal = Profile::load("minimal", None).unwrap();
        assert_eq!(minimal.render(&history, &here, true).session_facts_at, None);
    }
}
