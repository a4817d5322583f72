//! The prompt, from the chat template the GGUF carries (`tokenizer.chat_template`, Jinja):
//! rendered with the conversation and the tools the way llama.cpp's server does with `--jinja`
//! (Hugging Face's conventions: tool call arguments as objects, `tojson` with `", "` and `": "`
//! and no HTML escaping).

use minijinja::{Environment, Error as JinjaError, ErrorKind, Value as JinjaValue};
use oi_model::{ChatMessage, ContentPart, ModelRequest, Role, ToolSpec};
use serde_json::{Value, json};

use crate::RuntimeError;

/// A model's chat template, parsed once.
pub struct ChatTemplate {
    env: Environment<'static>,
    bos: String,
    eos: String,
    /// The template writes a system message that is not the first one (Qwen's, Llama 3's do;
    /// templates that insist on alternating roles refuse it).
    later_system: bool,
}

const NAME: &str = "chat";

impl ChatTemplate {
    /// `source` is the template text; `bos`/`eos` the model's special tokens as text.
    pub fn new(source: &str, bos: String, eos: String) -> Result<Self, RuntimeError> {
        let mut env = Environment::new();
        env.set_unknown_method_callback(minijinja_contrib::pycompat::unknown_method_callback);
        env.add_filter("tojson", tojson);
        env.add_function("raise_exception", raise_exception);
        env.add_function("strftime_now", strftime_now);
        env.add_template_owned(NAME, source.to_string())
            .map_err(|e| RuntimeError::Template(format!("it does not parse: {e:#}")))?;
        let mut template = ChatTemplate {
            env,
            bos,
            eos,
            later_system: false,
        };
        template.later_system = template.writes_a_later_system_message();
        tracing::debug!(
            facts_after_tools = template.later_system,
            "the template's system messages (with a second one, a prompt kept from another folder is reused through the tools)"
        );
        Ok(template)
    }

    fn writes_a_later_system_message(&self) -> bool {
        const FACTS: &str = "Working directory: /probe";
        let probe = json!([
            {"role": "system", "content": "You help."},
            {"role": "system", "content": FACTS},
            {"role": "user", "content": "Hello."},
        ]);
        let tool = json!([{"type": "function", "function": {"name": "run", "description": "Runs.",
            "parameters": {"type": "object", "properties": {}}}}]);
        // With tools and without: some templates write the first system message apart then.
        [Value::Null, tool].into_iter().all(|tools| {
            self.render_messages(probe.clone(), tools)
                .is_ok_and(|text| {
                    text.find("You help.")
                        .zip(text.find(FACTS))
                        .zip(text.find("Hello."))
                        .is_some_and(|((system, facts), user)| system < facts && facts < user)
                })
        })
    }

    /// The prompt for `request`, ending where the assistant's answer begins. A request whose
    /// last message is the assistant's text gives the answer's start: the prompt ends with it
    /// and the model continues it, as llama.cpp's server does.
    pub fn render(&self, request: &ModelRequest) -> Result<String, RuntimeError> {
        let start = match request.messages.last() {
            Some(m) if m.role == Role::Assistant && m.tool_calls.is_empty() => {
                Some(m.joined_text())
            }
            _ => None,
        };
        let asked = if start.is_some() {
            &request.messages[..request.messages.len() - 1]
        } else {
            &request.messages[..]
        };
        let mut messages = Vec::new();
        match self.session_facts(request) {
            // The session's facts after the tools (which the template writes at the end of the
            // first system message): what comes before them is the same in every folder and
            // on every day, and is read once (a kept prompt).
            Some((stable, facts)) => {
                messages.push(json!({"role": "system", "content": stable}));
                messages.push(json!({"role": "system", "content": facts}));
            }
            None if !request.system.is_empty() => {
                messages.push(json!({"role": "system", "content": request.system}));
            }
            None => {}
        }
        for m in asked {
            messages.push(message_json(m)?);
        }
        let tools: Vec<Value> = request.tools.iter().map(ToolSpec::as_function).collect();
        let tools = if tools.is_empty() {
            Value::Null
        } else {
            Value::Array(tools)
        };
        let prompt = self.render_messages(Value::Array(messages), tools)?;
        Ok(match start {
            Some(start) => prompt + &start,
            None => prompt,
        })
    }

    /// The system prompt cut where its facts about the session begin, when the template can
    /// write them as a second system message.
    fn session_facts<'r>(&self, request: &'r ModelRequest) -> Option<(&'r str, &'r str)> {
        let at = request.session_facts_at?;
        if !self.later_system || !request.system.is_char_boundary(at) {
            return None;
        }
        let (stable, facts) = request.system.split_at(at);
        let (stable, facts) = (stable.trim_end(), facts.trim());
        (!stable.is_empty() && !facts.is_empty()).then_some((stable, facts))
    }

    fn render_messages(&self, messages: Value, tools: Value) -> Result<String, RuntimeError> {
        let context = json!({
            "messages": messages,
            "tools": tools,
            "add_generation_prompt": true,
            "bos_token": self.bos,
            "eos_token": self.eos,
        });
        let template = self
            .env
            .get_template(NAME)
            .map_err(|e| RuntimeError::Template(e.to_string()))?;
        template
            .render(JinjaValue::from_serialize(&context))
            .map_err(|e| RuntimeError::Template(format!("rendering it failed: {e:#}")))
    }
}

fn message_json(m: &ChatMessage) -> Result<Value, RuntimeError> {
    if m.content
        .iter()
        .any(|p| matches!(p, ContentPart::Image { .. }))
    {
        return Err(RuntimeError::NoVision);
    }
    let content = m.joined_text();
    Ok(match m.role {
        Role::User => json!({"role": "user", "content": content}),
        Role::Assistant => {
            let mut v = json!({"role": "assistant", "content": content});
            if !m.tool_calls.is_empty() {
                v["tool_calls"] = m
                    .tool_calls
                    .iter()
                    .map(|c| {
                        json!({"id": c.id, "type": "function",
                               "function": {"name": c.name, "arguments": arguments_object(&c.arguments)}})
                    })
                    .collect();
            }
            v
        }
        Role::Tool => json!({
            "role": "tool",
            "tool_call_id": m.tool_call_id.clone().unwrap_or_default(),
            "name": m.tool_name.clone().unwrap_or_default(),
            "content": content,
        }),
    })
}

/// Templates expect arguments as an object; a call whose arguments were not JSON keeps its text.
fn arguments_object(args: &Value) -> Value {
    match args {
        Value::String(s) => serde_json::from_str(s).unwrap_or_else(|_| args.clone()),
        other => other.clone(),
    }
}

/// Python's `json.dumps` spacing, unescaped, as Hugging Face's templates are written for.
fn tojson(value: JinjaValue, kwargs: minijinja::value::Kwargs) -> Result<JinjaValue, JinjaError> {
    let indent: Option<usize> = kwargs.get("indent")?;
    kwargs.assert_all_used()?;
    let value: Value = serde_json::to_value(&value)
        .map_err(|e| JinjaError::new(ErrorKind::InvalidOperation, e.to_string()))?;
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, PyFormatter::new(indent));
    serde::Serialize::serialize(&value, &mut ser)
        .map_err(|e| JinjaError::new(ErrorKind::InvalidOperation, e.to_string()))?;
    let text = String::from_utf8(out)
        .map_err(|e| JinjaError::new(ErrorKind::InvalidOperation, e.to_string()))?;
    Ok(JinjaValue::from_safe_string(text))
}

/// `", "` between items and `": "` after keys; with an indent, one item a line.
struct PyFormatter {
    indent: Option<usize>,
    depth: usize,
}

impl PyFormatter {
    fn new(indent: Option<usize>) -> Self {
        PyFormatter { indent, depth: 0 }
    }

    fn newline<W: ?Sized + std::io::Write>(&self, w: &mut W) -> std::io::Result<()> {
        if let Some(n) = self.indent {
            w.write_all(b"\n")?;
            w.write_all(" ".repeat(n * self.depth).as_bytes())?;
        }
        Ok(())
    }

    fn separator<W: ?Sized + std::io::Write>(&self, w: &mut W, first: bool) -> std::io::Result<()> {
        if !first {
            w.write_all(if self.indent.is_some() { b"," } else { b", " })?;
        }
        self.newline(w)
    }
}

impl serde_json::ser::Formatter for PyFormatter {
    fn begin_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        w.write_all(b"[")
    }
    fn end_array<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        self.newline(w)?;
        w.write_all(b"]")
    }
    fn begin_array_value<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.separator(w, first)
    }
    fn begin_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth += 1;
        w.write_all(b"{")
    }
    fn end_object<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        self.depth -= 1;
        self.newline(w)?;
        w.write_all(b"}")
    }
    fn begin_object_key<W: ?Sized + std::io::Write>(
        &mut self,
        w: &mut W,
        first: bool,
    ) -> std::io::Result<()> {
        self.separator(w, first)
    }
    fn begin_object_value<W: ?Sized + std::io::Write>(&mut self, w: &mut W) -> std::io::Result<()> {
        w.write_all(b": ")
    }
}

fn raise_exception(message: String) -> Result<JinjaValue, JinjaError> {
    Err(JinjaError::new(ErrorKind::InvalidOperation, message))
}

/// Templates that date their system prompt (Llama 3.x) call this; the format is theirs.
fn strftime_now(format: String) -> String {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let days = now / 86_400;
    let (year, month, day) = civil_from_days(days as i64);
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let month_name = MONTHS[(month - 1) as usize];
    format
        .replace("%d", &format!("{day:02}"))
        .replace("%m", &format!("{month:02}"))
        .replace("%Y", &year.to_string())
        .replace("%B", month_name)
        .replace("%b", &month_name[..3])
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use oi_model::NativeToolCall;

    const CHATML_WITH_TOOLS: &str = r#"{%- if tools %}<|im_start|>system
{{ messages[0].content }}
<tools>{% for tool in tools %}
{{ tool | tojson }}{% endfor %}
</tools><|im_end|>
{% endif %}{%- for message in messages %}{% if message.role == "assistant" and message.tool_calls %}<|im_start|>assistant{% for tc in message.tool_calls %}
<tool_call>
{"name": "{{ tc.function.name }}", "arguments": {{ tc.function.arguments | tojson }}}
</tool_call>{% endfor %}<|im_end|>
{% elif message.role == "tool" %}<|im_start|>user
<tool_response>
{{ message.content }}
</tool_response><|im_end|>
{% elif not (tools and loop.first) %}<|im_start|>{{ message.role }}
{{ message.content.strip() }}<|im_end|>
{% endif %}{% endfor %}{% if add_generation_prompt %}<|im_start|>assistant
{% endif %}"#;

    fn request() -> ModelRequest {
        let mut call = ChatMessage::text(Role::Assistant, "");
        call.tool_calls.push(NativeToolCall {
            id: "call_0".into(),
            name: "execute".into(),
            arguments: json!({"language": "python", "code": "print(1 < 2)"}),
        });
        let mut result = ChatMessage::text(Role::Tool, "True");
        result.tool_call_id = Some("call_0".into());
        ModelRequest {
            system: "You run code.".into(),
            messages: vec![ChatMessage::text(Role::User, "  is 1 < 2?  "), call, result],
            tools: vec![ToolSpec {
                name: "execute".into(),
                description: "Runs code".into(),
                parameters: json!({"type": "object", "properties": {"code": {"type": "string"}}}),
            }],
            ..ModelRequest::default()
        }
    }

    #[test]
    fn renders_tools_calls_and_results_as_the_server_does() {
        // Keys come in the order the engine's JSON holds them (sorted, or as written when
        // serde_json keeps the order: features are unified across a build, so either can
        // happen), which is also the order the OpenAI client sends to llama.cpp's server, so
        // the server renders the same text. Python's spacing (this data has no `,` or `:`
        // inside its strings).
        let python = |v: &Value| {
            serde_json::to_string(v)
                .unwrap()
                .replace(',', ", ")
                .replace(':', ": ")
        };
        let req = request();
        let tool = python(&req.tools[0].as_function());
        let arguments = python(&req.messages[1].tool_calls[0].arguments);
        let t = ChatTemplate::new(CHATML_WITH_TOOLS, String::new(), "<|im_end|>".into()).unwrap();
        let prompt = t.render(&req).unwrap();
        pretty_assertions::assert_eq!(
            prompt,
            format!(
                "<|im_start|>system\nYou run code.\n<tools>\n{tool}\n</tools><|im_end|>\n\
                 <|im_start|>user\nis 1 < 2?<|im_end|>\n\
                 <|im_start|>assistant\n<tool_call>\n\
                 {{\"name\": \"execute\", \"arguments\": {arguments}}}\n\
                 </tool_call><|im_end|>\n\
                 <|im_start|>user\n<tool_response>\nTrue\n</tool_response><|im_end|>\n\
                 <|im_start|>assistant\n"
            )
        );
        assert!(tool.contains(r#""description": "Runs code""#), "{tool}");
    }

    #[test]
    fn a_last_assistant_message_is_the_start_of_the_answer_the_model_continues() {
        let t = ChatTemplate::new(CHATML_WITH_TOOLS, String::new(), "<|im_end|>".into()).unwrap();
        let mut req = request();
        let asked = t.render(&req).unwrap();
        req.messages
            .push(ChatMessage::text(Role::Assistant, "```python\n"));
        // The prompt as without it, then its text, with no end of turn after it.
        assert_eq!(t.render(&req).unwrap(), format!("{asked}```python\n"));
        // An assistant message that calls tools is a turn of its own, not a start.
        let mut called = request();
        called.messages.truncate(2);
        let prompt = t.render(&called).unwrap();
        assert!(
            prompt.ends_with("</tool_call><|im_end|>\n<|im_start|>assistant\n"),
            "{prompt}"
        );
    }

    #[test]
    fn a_template_that_does_not_parse_or_raises_says_so() {
        let err = ChatTemplate::new("{% for %}", String::new(), String::new())
            .err()
            .unwrap();
        assert!(err.to_string().contains("does not parse"), "{err}");
        let t = ChatTemplate::new(
            "{{ raise_exception('Only user and assistant roles are supported!') }}",
            String::new(),
            String::new(),
        )
        .unwrap();
        let err = t.render(&request()).unwrap_err().to_string();
        assert!(err.contains("Only user and assistant roles"), "{err}");
    }

    #[test]
    fn the_sessions_facts_follow_the_tools_so_what_precedes_them_is_the_same_everywhere() {
        let t = ChatTemplate::new(CHATML_WITH_TOOLS, String::new(), String::new()).unwrap();
        let in_folder = |folder: &str| {
            let mut req = request();
            req.system = format!("You run code.\n\nEnvironment:\n- Working directory: {folder}\n");
            req.session_facts_at = Some("You run code.".len());
            t.render(&req).unwrap()
        };
        let (here, there) = (in_folder("/home/ada"), in_folder("/srv/other"));
        let facts =
            here.find("<|im_start|>system\nEnvironment:\n- Working directory: /home/ada<|im_end|>");
        let tools_end = here.find("</tools><|im_end|>").unwrap();
        assert!(facts.is_some_and(|f| f > tools_end), "{here}");
        let shared = here
            .bytes()
            .zip(there.bytes())
            .take_while(|(a, b)| a == b)
            .count();
        assert!(shared > tools_end, "{here}\n---\n{there}");
        assert!(
            here.starts_with("<|im_start|>system\nYou run code.\n<tools>"),
            "{here}"
        );

        // Without a cut, or with one that is not on a character, the system prompt is whole.
        for at in [None, Some(1000)] {
            let mut req = request();
            req.system = "You run code.\n\nEnvironment: é".into();
            req.session_facts_at = at;
            let prompt = t.render(&req).unwrap();
            assert!(
                prompt.starts_with("<|im_start|>system\nYou run code.\n\nEnvironment: é\n<tools>"),
                "{prompt}"
            );
        }
        let mut req = request();
        req.system = "You run code.\n\nEnvironment: é".into();
        req.session_facts_at = Some(req.system.len() - 1);
        assert!(t.render(&req).unwrap().contains("Environment: é\n<tools>"));
    }

    #[test]
    fn a_template_that_takes_one_system_message_gets_the_facts_in_it() {
        // Roles must alternate after a first system message (Mistral's, Gemma's templates).
        let strict = r#"{%- for message in messages %}{% if message.role == "system" and not loop.first %}{{ raise_exception("Conversation roles must alternate") }}{% endif %}[{{ message.role }}] {{ message.content }}
{% endfor %}"#;
        let t = ChatTemplate::new(strict, String::new(), String::new()).unwrap();
        let mut req = request();
        req.messages.truncate(1);
        req.system = "You run code.\n\nEnvironment:\n- Date: today".into();
        req.session_facts_at = Some("You run code.".len());
        assert_eq!(
            t.render(&req).unwrap(),
            "[system] You run code.\n\nEnvironment:\n- Date: today\n[user]   is 1 < 2?  \n"
        );
    }

    #[test]
    fn images_are_refused() {
        let t = ChatTemplate::new(CHATML_WITH_TOOLS, String::new(), String::new()).unwrap();
        let mut req = request();
        req.messages[0].content.push(ContentPart::Image {
            mime: "image/png".into(),
            data: "AA==".into(),
        });
        assert!(matches!(t.render(&req), Err(RuntimeError::NoVision)));
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(20_819), (2027, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
    }
}
