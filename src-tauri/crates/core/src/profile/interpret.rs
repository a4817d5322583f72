//! What the model's reply asks the engine to do: native calls first; without any, calls
//! written as text (JSON, `<tool_call>` tags), then the profile's own text format (fenced code
//! for classic and minimal, one command per reply for SWE-agent).

use oi_protocol::{CallOrigin, ToolCall};
use serde_json::{Value, json};

use super::one_command::{self, Reply, parse_reply};
use super::tools::{FORMAT_ERROR, action_for};
use super::{Profile, ToolStyle, text_calls};
use crate::model::NativeToolCall;

impl Profile {
    /// The calls in a reply. `extra_tools`: names of the session's MCP tools, which the model
    /// may call as text like the profile's own.
    pub fn interpret(
        &self,
        text: &str,
        native: Vec<NativeToolCall>,
        extra_tools: &[&str],
        next_id: &mut dyn FnMut() -> String,
    ) -> Vec<ToolCall> {
        if !native.is_empty() {
            // The provider's id goes back on the wire only when it names one call of this
            // reply; the engine's own id is what results, approvals and cards refer to.
            let repeated = |id: &str| native.iter().filter(|c| c.id == id).count() > 1;
            let wire_ids: Vec<Option<String>> = native
                .iter()
                .map(|c| (!c.id.is_empty() && !repeated(&c.id)).then(|| c.id.clone()))
                .collect();
            return native
                .into_iter()
                .zip(wire_ids)
                .map(|(c, wire_id)| ToolCall {
                    call_id: next_id(),
                    wire_id,
                    action: action_for(&c.name, &c.arguments),
                    name: c.name,
                    arguments: c.arguments,
                    origin: CallOrigin::Native,
                })
                .collect();
        }
        let text_call = |name: String, arguments: Value, id: String| ToolCall {
            call_id: id,
            wire_id: None,
            action: action_for(&name, &arguments),
            name,
            arguments,
            origin: CallOrigin::Text,
        };
        let mut names = self.tool_names();
        if self.tool_style == ToolStyle::OneCommand {
            names.push("bash");
        }
        names.extend_from_slice(extra_tools);
        let json = text_calls::json_calls(text, &names);
        if self.tool_style == ToolStyle::OneCommand
            && let Some(problem) = one_command::not_one_command(text, &json, &names)
        {
            return vec![text_call(
                FORMAT_ERROR.to_string(),
                json!({"message": problem}),
                next_id(),
            )];
        }
        if !json.is_empty() {
            return json
                .into_iter()
                .map(|c| text_call(c.name, c.arguments, next_id()))
                .collect();
        }
        match self.tool_style {
            ToolStyle::NativeOrFenced => {
                let blocks: Vec<ToolCall> = self.fenced_calls(text, &text_call, next_id);
                if !blocks.is_empty() {
                    return blocks;
                }
                // A call the model meant but wrote as broken JSON: tell it, so it can try again.
                match text_calls::broken_json_call(text, &names) {
                    Some(problem) => vec![text_call(
                        FORMAT_ERROR.to_string(),
                        json!({"message": self.broken_call_message(&problem)}),
                        next_id(),
                    )],
                    None => Vec::new(),
                }
            }
            ToolStyle::OneCommand => match parse_reply(text) {
                Reply::Command { name, arguments } => vec![text_call(name, arguments, next_id())],
                Reply::FormatError(message) => {
                    vec![text_call(
                        FORMAT_ERROR.to_string(),
                        json!({"message": message}),
                        next_id(),
                    )]
                }
            },
            ToolStyle::Native => Vec::new(),
        }
    }

    /// Fenced code blocks in a language this profile can run.
    fn fenced_calls(
        &self,
        text: &str,
        text_call: &dyn Fn(String, Value, String) -> ToolCall,
        next_id: &mut dyn FnMut() -> String,
    ) -> Vec<ToolCall> {
        text_calls::fenced_blocks(text, false)
            .into_iter()
            // A block holding only a value is an answer shown as code (small models do this
            // with the result they were just given), not something to run.
            .filter(|b| !text_calls::is_bare_value(&b.body))
            .filter(|b| match oi_exec::canonical_language(&b.lang) {
                // A profile with only a shell tool runs only shell blocks.
                Some(lang) => self.offers("execute") || lang == oi_exec::Language::Shell,
                None => false,
            })
            .map(|b| {
                let (name, arguments) = if self.offers("execute") {
                    ("execute", json!({"language": b.lang, "code": b.body}))
                } else {
                    ("bash", json!({"command": b.body}))
                };
                text_call(name.to_string(), arguments, next_id())
            })
            .collect()
    }

    fn broken_call_message(&self, problem: &str) -> String {
        let example = if self.offers("execute") {
            r#"{"name": "execute", "arguments": {"language": "python", "code": "print(6 * 7)"}}"#
        } else {
            r#"{"name": "bash", "arguments": {"command": "ls"}}"#
        };
        format!(
            "Your tool call could not be read ({problem}), so nothing ran. Write it again as valid JSON, \
             like {example}, or put the code in a fenced block that names its language."
        )
    }
}

#[cfg(test)]
mod tests {
    use oi_protocol::ToolAction;

    use super::*;

    const ECHO: &str = "mcp__everything__echo";

    fn calls(profile: &str, text: &str, extra: &[&str]) -> Vec<ToolCall> {
        let profile = Profile::load_builtin(profile).unwrap();
        let mut n = 0;
        profile.interpret(text, Vec::new(), extra, &mut || {
            n += 1;
            format!("c{n}")
        })
    }

    #[test]
    fn a_json_call_to_an_extra_tool_is_swe_agents_one_command() {
        let text = format!(
            "DISCUSSION\nAsk the server.\n\n```\n{{\"name\": \"{ECHO}\", \"arguments\": {{\"message\": \"hi\"}}}}\n```"
        );
        let found = calls("swe-agent", &text, &[ECHO]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, ECHO);
        assert_eq!(found[0].origin, CallOrigin::Text);
        assert_eq!(found[0].arguments, json!({"message": "hi"}));
        assert!(matches!(found[0].action, ToolAction::Other { .. }));
        // Unknown to the session, the same block is a format error naming the tool.
        let unknown = calls("swe-agent", &text, &[]);
        assert_eq!(unknown[0].name, "format_error");
        assert!(
            unknown[0].arguments.to_string().contains(ECHO),
            "{:?}",
            unknown[0]
        );
    }

    #[test]
    fn swe_agent_refuses_a_json_call_beside_another_command() {
        let call = format!("{{\"name\": \"{ECHO}\", \"arguments\": {{}}}}");
        for text in [
            format!("<tool_call>{call}</tool_call>\n```\nls\n```"),
            format!(
                "<tool_call>{call}</tool_call>\n<tool_call>{{\"name\": \"bash\", \"arguments\": {{\"command\": \"ls\"}}}}</tool_call>"
            ),
        ] {
            let found = calls("swe-agent", &text, &[ECHO]);
            assert_eq!(found.len(), 1, "{text}");
            assert_eq!(found[0].name, FORMAT_ERROR, "{text}");
            let message = found[0].arguments["message"].as_str().unwrap();
            assert!(message.contains("had 2 commands"), "{message}");
        }
    }

    #[test]
    fn classic_reads_tagged_calls_to_extra_tools() {
        let text = format!(
            "Let me ask.\n<tool_call>\n{{\"name\": \"{ECHO}\", \"arguments\": {{\"message\": \"hi\"}}}}\n</tool_call>"
        );
        let found = calls("classic", &text, &[ECHO]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, ECHO);
        assert!(calls("classic", &text, &[]).is_empty());
    }
}
