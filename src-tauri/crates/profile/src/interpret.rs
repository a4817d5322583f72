//! What the model's reply asks the engine to do: native calls first; without any, calls
//! written as text (JSON, `<tool_call>` tags), then the profile's own text format (fenced code
//! for classic and minimal, one command per reply for SWE-agent).

use oi_protocol::{CallOrigin, ToolCall};
use serde_json::{Value, json};

use super::one_command::{self, Reply, parse_reply};
use super::tools::{UNKNOWN_TOOL, UNREADABLE_CALL, action_for, format_error_call};
use super::{Profile, ToolStyle, python_api, python_slips, text_calls};
use oi_model::NativeToolCall;

/// A call of an invented tool, taken for one the engine has.
struct Repair {
    name: String,
    arguments: Value,
    /// One line for the session's events.
    says: String,
}

/// Mends the slips in an `execute` call's Python that Python would refuse outright
/// ([`python_slips`]), saying what it changed.
fn mend_python(call: &mut ToolCall) -> Option<String> {
    if call.name != "execute" || call.arguments["language"].as_str() != Some("python") {
        return None;
    }
    let (code, said) = python_slips::mend(call.arguments["code"].as_str()?)?;
    call.arguments["code"] = Value::String(code);
    call.action = action_for(&call.name, &call.arguments);
    Some(format!(
        "the model's Python is mended before it runs: {}",
        said.join("; ")
    ))
}

/// What a reply asks for: its calls, and what the engine changed in them to make them run.
#[derive(Debug, Default)]
pub struct Interpreted {
    pub calls: Vec<ToolCall>,
    /// One line per call taken under another name than the model gave it (an invented tool
    /// whose arguments fit one of the profile's), for the session's events.
    pub repairs: Vec<String>,
}

impl Profile {
    /// The calls in a reply. `extra_tools`: names of the session's MCP tools, which the model
    /// may call as text like the profile's own.
    pub fn interpret(
        &self,
        text: &str,
        native: Vec<NativeToolCall>,
        extra_tools: &[&str],
        next_id: &mut dyn FnMut() -> String,
    ) -> Interpreted {
        let mut repairs = Vec::new();
        let mut calls = self.interpret_calls(text, native, extra_tools, next_id, &mut repairs);
        for call in &mut calls {
            if let Some(says) = mend_python(call) {
                repairs.push(says);
            }
        }
        Interpreted { calls, repairs }
    }

    fn interpret_calls(
        &self,
        text: &str,
        native: Vec<NativeToolCall>,
        extra_tools: &[&str],
        next_id: &mut dyn FnMut() -> String,
        repairs: &mut Vec<String>,
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
                .map(|(c, wire_id)| {
                    let known = self.offers(&c.name) || extra_tools.contains(&c.name.as_str());
                    let repair = (!known)
                        .then(|| self.repair(&c.name, &c.arguments))
                        .flatten();
                    let (name, arguments) = match repair {
                        Some(Repair {
                            name,
                            arguments,
                            says,
                        }) => {
                            repairs.push(says);
                            (name, arguments)
                        }
                        None => (c.name, c.arguments),
                    };
                    ToolCall {
                        call_id: next_id(),
                        wire_id,
                        action: action_for(&name, &arguments),
                        name,
                        arguments,
                        origin: CallOrigin::Native,
                    }
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
            return vec![format_error_call(next_id(), problem)];
        }
        if !json.is_empty() {
            return json
                .into_iter()
                .map(|c| text_call(c.name, c.arguments, next_id()))
                .collect();
        }
        if self.tool_style == ToolStyle::NativeOrFenced {
            let mut invented = text_calls::unknown_json_calls(text, &names);
            // A call whose name a code block of the reply writes as a string is that code's
            // output shown ahead ("When you run this code, it will output: {"name":
            // "number_of_unique_ips", …}"): the code is what runs. The 0.5B model's block
            // built that dict, and the dict was taken for a call of a tool it never meant.
            let code: Vec<String> = text_calls::fenced_blocks(text, false)
                .into_iter()
                .filter(|b| oi_exec::canonical_language(&b.lang).is_some())
                .map(|b| b.body)
                .filter(|body| !body.trim_start().starts_with('{'))
                .collect();
            invented.retain(|c| {
                !code.iter().any(|body| {
                    body.contains(&format!("\"{}\"", c.name))
                        || body.contains(&format!("'{}'", c.name))
                })
            });
            if !invented.is_empty() {
                return invented
                    .into_iter()
                    .map(|c| match self.repair(&c.name, &c.arguments) {
                        Some(Repair {
                            name,
                            arguments,
                            says,
                        }) => {
                            repairs.push(says);
                            text_call(name, arguments, next_id())
                        }
                        None => format_error_call(next_id(), self.unknown_tool_message(&c.name)),
                    })
                    .collect();
            }
        }
        match self.tool_style {
            ToolStyle::NativeOrFenced => {
                let blocks: Vec<ToolCall> = self.fenced_calls(text, &text_call, next_id);
                if !blocks.is_empty() {
                    return blocks;
                }
                // A call the model meant but wrote as broken JSON: tell it, so it can try again.
                match text_calls::broken_json_call(text, &names) {
                    Some(problem) => vec![format_error_call(
                        next_id(),
                        self.broken_call_message(&problem),
                    )],
                    None => Vec::new(),
                }
            }
            ToolStyle::OneCommand => match parse_reply(text) {
                Reply::Command { name, arguments } => vec![text_call(name, arguments, next_id())],
                Reply::FormatError(message) => {
                    vec![format_error_call(next_id(), message)]
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
                // `execute(language=…, code=…)` in a block is the tool called as Python.
                let (lang, body) = match text_calls::tool_written_as_python(&b.body, "execute") {
                    Some((lang, code)) if self.offers("execute") => {
                        (lang.unwrap_or_else(|| "python".into()), code)
                    }
                    _ => (b.lang, b.body),
                };
                let (name, arguments) = if self.offers("execute") {
                    ("execute", json!({"language": lang, "code": body}))
                } else {
                    ("bash", json!({"command": body}))
                };
                text_call(name.to_string(), arguments, next_id())
            })
            .collect()
    }

    /// What a call of `name`, a tool this profile does not have, is taken for: a function of
    /// Python's `computer` API called as a tool runs as that Python; otherwise the one tool
    /// whose schema the arguments fit.
    fn repair(&self, name: &str, arguments: &Value) -> Option<Repair> {
        if self.offers("execute")
            && let Some((code, function)) = python_api::as_python(name, arguments)
        {
            return Some(Repair {
                name: "execute".into(),
                arguments: json!({"language": "python", "code": code}),
                says: format!(
                    "the model called `{name}`, which is not a tool here; it is Python's \
                     `{function}`, so it runs as that Python"
                ),
            });
        }
        let tool = self.fitting_tool(arguments)?;
        Some(Repair {
            name: tool.into(),
            arguments: arguments.clone(),
            says: format!(
                "the model called `{name}`, which is not a tool here; its arguments fit `{tool}`, \
                 so it runs as `{tool}`"
            ),
        })
    }

    /// The one tool of this profile whose schema `arguments` fit (every required argument
    /// given, none it does not know), if exactly one does.
    fn fitting_tool(&self, arguments: &Value) -> Option<&'static str> {
        let given = arguments.as_object()?;
        let mut fits = self.tools.iter().filter(|t| {
            let schema = (t.schema)();
            let properties = schema.get("properties").and_then(Value::as_object);
            let required = schema.get("required").and_then(Value::as_array);
            let known = |k: &String| properties.is_some_and(|p| p.contains_key(k));
            !given.is_empty()
                && given.keys().all(known)
                && required.is_none_or(|r| {
                    r.iter()
                        .filter_map(Value::as_str)
                        .all(|k| given.contains_key(k))
                })
        });
        let first = fits.next()?;
        fits.next().is_none().then_some(first.name)
    }

    /// What the model is told when it calls a tool this profile does not have. The example
    /// is its own call written as Python: copied as it is, it fails and says what to define,
    /// where a stock example would run and print a number the model then gives as its answer.
    fn unknown_tool_message(&self, name: &str) -> String {
        let tools: Vec<String> = self.tools.iter().map(|t| format!("`{}`", t.name)).collect();
        let mut message = format!(
            "{UNKNOWN_TOOL} `{name}`, so nothing ran. The tools here are: {}.",
            tools.join(", ")
        );
        if self.offers("execute") {
            // A "tool" named as a file (`requests.log`) is the file the model wants to look
            // at: written as a call, the example was `print(requests.log(last_column="128"))`,
            // which the 0.5B model ran twice (NameError: requests).
            let code = match file_kind(name) {
                Some(true) => format!("print(computer.files.read('{name}'))"),
                Some(false) => format!("print(open('{name}').read())"),
                // Not a call of the invented name: the 0.5B model ran the example it was
                // given, `print(count_negations(gitignore=[…]))`, into a NameError
                // (thirty-first set, task 15).
                None => {
                    message.push_str(&format!(
                        " `{name}` is no Python function here either: write the Python code that does its work yourself and prints the result, in a ```python fenced block, or run that code with `execute`, {}.",
                        execute_example("<your code>")
                    ));
                    return message;
                }
            };
            message.push_str(&format!(
                " To work something out, write Python code that computes and prints the result \
                 and run it with `execute`, like {}, or write the code in a ```python fenced block.",
                execute_example(&code)
            ));
        }
        message
    }

    /// What a call that does not parse is told. With `execute`, a fenced block comes first: the
    /// 0.5B model, told to write valid JSON, sent the same broken JSON back (code joined with
    /// `+` as in JavaScript) until the corrections ran out; asked for a ```python block, it
    /// wrote one that ran.
    fn broken_call_message(&self, problem: &str) -> String {
        if self.offers("execute") {
            return format!(
                "{UNREADABLE_CALL} ({problem}), so nothing ran. Write the code itself in a \
                 ```python fenced block (plain code, no JSON around it), or the call again as valid JSON, like {}.",
                execute_example("print(result)")
            );
        }
        let example = json!({"name": "bash", "arguments": {"command": "ls"}}).to_string();
        format!(
            "{UNREADABLE_CALL} ({problem}), so nothing ran. Write it again as valid JSON, \
             like {example}, or put the code in a fenced block that names its language."
        )
    }
}

/// Whether `name` is a file's name: `Some(true)` for a document `computer.files.read` renders
/// (PDF, Word, spreadsheet, slides, EPUB), `Some(false)` for a text file, `None` for no file.
fn file_kind(name: &str) -> Option<bool> {
    let (stem, extension) = name.rsplit_once('.')?;
    if stem.is_empty() || name.contains(['\'', '"', '(', ')', ' ']) {
        return None;
    }
    match extension.to_ascii_lowercase().as_str() {
        "pdf" | "docx" | "doc" | "xlsx" | "xls" | "pptx" | "epub" | "odt" => Some(true),
        "txt" | "csv" | "tsv" | "json" | "log" | "md" | "yaml" | "yml" | "xml" | "html" | "ini"
        | "cfg" | "toml" | "dat" => Some(false),
        _ => None,
    }
}

/// `{"name": "execute", "arguments": {"language": "python", "code": …}}` for `code`.
fn execute_example(code: &str) -> String {
    json!({"name": "execute", "arguments": {"language": "python", "code": code}}).to_string()
}

#[cfg(test)]
mod tests {
    use oi_protocol::ToolAction;

    use super::super::tools::FORMAT_ERROR;

    use super::*;

    const ECHO: &str = "mcp__everything__echo";

    fn calls(profile: &str, text: &str, extra: &[&str]) -> Vec<ToolCall> {
        let profile = Profile::load_builtin(profile).unwrap();
        let mut n = 0;
        profile
            .interpret(text, Vec::new(), extra, &mut || {
                n += 1;
                format!("c{n}")
            })
            .calls
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
        // Without the server, the tagged call names a tool that is not here: the model is told.
        let unknown = calls("classic", &text, &[]);
        assert_eq!(unknown.len(), 1);
        assert_eq!(unknown[0].name, FORMAT_ERROR);
        let message = unknown[0].arguments["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("no tool named `{ECHO}`")),
            "{message}"
        );
        assert!(message.contains("`execute`"), "{message}");
    }

    #[test]
    fn a_json_brace_that_slipped_into_the_python_is_cut_and_said() {
        let profile = Profile::load_builtin("classic").unwrap();
        // As Qwen2.5-Coder-0.5B wrote it, under an invented name.
        let text = r#"{"name": "sum_numbers", "arguments": {"language": "python", "code": "nums = [1, 2]\nsum(nums)}"}}"#;
        let mut n = 0;
        let got = profile.interpret(text, Vec::new(), &[], &mut || {
            n += 1;
            format!("c{n}")
        });
        assert!(matches!(
            &got.calls[0].action,
            ToolAction::RunCode { code, .. } if code == "nums = [1, 2]\nsum(nums)"
        ));
        assert_eq!(got.calls[0].arguments["code"], "nums = [1, 2]\nsum(nums)");
        assert_eq!(got.repairs.len(), 2, "{:?}", got.repairs);
        assert!(
            got.repairs[1].contains("`}` at the end closed nothing"),
            "{:?}",
            got.repairs
        );
        // Shell is left as written.
        let shell = r#"{"name": "execute", "arguments": {"language": "shell", "code": "echo }"}}"#;
        let got = profile.interpret(shell, Vec::new(), &[], &mut || "s1".into());
        assert_eq!(got.calls[0].arguments["code"], "echo }");
        assert!(got.repairs.is_empty());
    }

    #[test]
    fn an_invented_tool_whose_arguments_fit_execute_runs_as_execute_and_says_so() {
        let profile = Profile::load_builtin("classic").unwrap();
        let text = r#"{"name": "reverseString", "arguments": {"language": "python", "code": "print('a'[::-1])"}}"#;
        let mut n = 0;
        let got = profile.interpret(text, Vec::new(), &[], &mut || {
            n += 1;
            format!("c{n}")
        });
        assert_eq!(got.calls.len(), 1);
        assert_eq!(got.calls[0].name, "execute");
        assert!(matches!(
            &got.calls[0].action,
            ToolAction::RunCode { language, .. } if language == "python"
        ));
        assert_eq!(got.repairs.len(), 1);
        assert!(
            got.repairs[0].contains("`reverseString`"),
            "{:?}",
            got.repairs
        );
        // Natively too; a known name is never renamed, and arguments that fit no tool (or
        // more than one) are not guessed.
        let native = |name: &str, arguments: Value| {
            let mut n = 0;
            profile.interpret(
                "",
                vec![NativeToolCall {
                    id: "w1".into(),
                    name: name.into(),
                    arguments,
                }],
                &[],
                &mut || {
                    n += 1;
                    format!("c{n}")
                },
            )
        };
        let fixed = native("run_python", json!({"language": "python", "code": "1"}));
        assert_eq!(fixed.calls[0].name, "execute");
        assert_eq!(fixed.calls[0].wire_id.as_deref(), Some("w1"));
        assert_eq!(fixed.repairs.len(), 1);
        let kept = native("execute", json!({"language": "python", "code": "1"}));
        assert!(kept.repairs.is_empty());
        let unfit = native("multiply", json!({"a": 1, "b": 2}));
        assert_eq!(unfit.calls[0].name, "multiply");
        assert!(unfit.repairs.is_empty());
        // `{"pattern"}` fits Qwen Code's `glob` and `grep_search` alike.
        let qwen = Profile::load_builtin("qwen-code").unwrap();
        let mut n = 0;
        let ambiguous = qwen.interpret(
            "",
            vec![NativeToolCall {
                id: String::new(),
                name: "find".into(),
                arguments: json!({"pattern": "*.rs"}),
            }],
            &[],
            &mut || {
                n += 1;
                format!("c{n}")
            },
        );
        assert!(ambiguous.repairs.is_empty(), "{:?}", ambiguous.repairs);
    }

    #[test]
    fn a_files_api_function_called_as_a_tool_runs_as_its_python() {
        // The 0.5B model's first reply to "find the PDF I downloaded last week…".
        let text = "```json\n{\"name\": \"find\", \"arguments\": {\"kind\": \"pdf\", \"modified_within\": \"7d\"}}\n```";
        let profile = Profile::load_builtin("classic").unwrap();
        let mut n = 0;
        let got = profile.interpret(text, Vec::new(), &[], &mut || {
            n += 1;
            format!("c{n}")
        });
        assert_eq!(got.calls.len(), 1);
        let ToolAction::RunCode { language, code } = &got.calls[0].action else {
            panic!("{:?}", got.calls[0])
        };
        assert_eq!(language, "python");
        assert!(
            code.starts_with("found = computer.files.find(kind=\"pdf\", modified_within=\"7d\")"),
            "{code}"
        );
        assert!(
            got.repairs[0].contains("`computer.files.find`"),
            "{:?}",
            got.repairs
        );
        // Natively, the profile's own tool of that name stays itself: DeepSeek-TUI's
        // `read_file` is a tool there, and Python's only where it is not.
        let native = |profile: &str, name: &str| {
            let mut n = 0;
            Profile::load_builtin(profile).unwrap().interpret(
                "",
                vec![NativeToolCall {
                    id: String::new(),
                    name: name.into(),
                    arguments: json!({"path": "report.pdf"}),
                }],
                &[],
                &mut || {
                    n += 1;
                    format!("c{n}")
                },
            )
        };
        let classic = native("classic", "read_file");
        assert_eq!(classic.calls[0].name, "execute");
        assert_eq!(
            classic.calls[0].arguments["code"],
            "print(computer.files.read(path=\"report.pdf\"))"
        );
        let deepseek = native("deepseek-tui", "read_file");
        assert_eq!(deepseek.calls[0].name, "read_file");
        assert!(deepseek.repairs.is_empty());
    }

    #[test]
    fn the_tool_called_as_python_in_a_block_runs_the_code_it_meant() {
        let text = "```python\nexecute(language=\"shell\", code=\"ls -1 | wc -l\")\n```";
        let found = calls("classic", text, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(
            found[0].action,
            ToolAction::RunCode {
                language: "shell".into(),
                code: "ls -1 | wc -l".into()
            }
        );
    }

    #[test]
    fn a_block_that_ends_calling_the_tool_on_its_own_function_runs_whole() {
        // Twenty-second set, task 31 (0.5B): the JSON inside the block was taken for the call,
        // and `compute_total_items()` ran alone, a NameError.
        let text = "Here is the code:\n\n```python\nimport json\n\ndef compute_total_items():\n    with open('inventory.json') as file:\n        inventory = json.load(file)\n    print(sum(inventory.values()))\n\n# Run the function with execute\nexecute({\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"compute_total_items()\"}})\n```\n\nThis code defines a function.";
        let found = calls("classic", text, &[]);
        assert_eq!(found.len(), 1);
        let ToolAction::RunCode { language, code } = &found[0].action else {
            panic!("{:?}", found[0].action);
        };
        assert_eq!(language, "python");
        assert!(
            code.starts_with("import json\n\ndef compute_total_items():"),
            "{code}"
        );
        assert!(
            code.ends_with("# Run the function with execute\ncompute_total_items()"),
            "{code}"
        );
        // A block that is only the call is still the call.
        let only = "```python\nexecute({\"name\": \"execute\", \"arguments\": {\"language\": \"shell\", \"code\": \"ls\"}})\n```";
        let found = calls("classic", only, &[]);
        assert_eq!(
            found[0].action,
            ToolAction::RunCode {
                language: "shell".into(),
                code: "ls".into()
            }
        );
    }

    #[test]
    fn a_call_that_a_code_block_prints_is_its_output_and_the_code_runs() {
        // Thirteenth set, task 27 (0.5B): the block built this dict and printed it, and the
        // "it will output" block after it was taken for a call of `number_of_unique_ips`.
        let text = "Here is the code:\n```python\nips = set(l.split()[0] for l in open('access.log'))\nresult = {\n    \"name\": \"number_of_unique_ips\",\n    \"arguments\": {\"type\": \"integer\"}\n}\nprint(result)\n```\nWhen you run this code, it will output:\n```\n{\"name\": \"number_of_unique_ips\", \"arguments\": {\"type\": \"integer\"}}\n```";
        let found = calls("classic", text, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "execute");
        assert!(
            found[0].arguments["code"]
                .as_str()
                .unwrap()
                .contains("print(result)")
        );
        // A block that is only the call (a dict literal) is no code that prints it.
        let alone = "```python\n{\"name\": \"multiply\", \"arguments\": {\"a\": 2}}\n```";
        assert_eq!(calls("classic", alone, &[])[0].name, FORMAT_ERROR);
        // Code that never names it leaves the call a call.
        let other = "```python\nprint(1)\n```\n```json\n{\"name\": \"multiply\", \"arguments\": {\"a\": 2}}\n```";
        assert_eq!(calls("classic", other, &[])[0].name, FORMAT_ERROR);
    }

    #[test]
    fn an_invented_tool_whose_arguments_fit_nothing_is_told_which_tools_exist() {
        let text =
            "```json\n{\"name\": \"multiply\", \"arguments\": {\"a\": 1234, \"b\": 5678}}\n```";
        let found = calls("classic", text, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, FORMAT_ERROR);
        let message = found[0].arguments["message"].as_str().unwrap();
        assert!(message.contains("no tool named `multiply`"), "{message}");
        // No example that calls it: the model runs the example into a NameError.
        assert!(!message.contains("multiply("), "{message}");
        assert!(
            message.contains("`multiply` is no Python function here either")
                && message.contains(r#""code":"<your code>""#),
            "{message}"
        );
    }

    #[test]
    fn an_invented_tool_named_as_a_file_is_shown_how_to_read_it() {
        for (name, code) in [
            ("requests.log", "print(open('requests.log').read())"),
            ("report.pdf", "print(computer.files.read('report.pdf'))"),
        ] {
            let text =
                format!("{{\"name\": \"{name}\", \"arguments\": {{\"last_column\": \"128\"}}}}");
            let found = calls("classic", &text, &[]);
            assert_eq!(found[0].name, FORMAT_ERROR);
            let message = found[0].arguments["message"].as_str().unwrap();
            assert!(
                message.contains(&format!(r#""code":"{code}""#)),
                "{message}"
            );
        }
        // A module's function is no file.
        assert_eq!(file_kind("math.sqrt"), None);
        assert_eq!(file_kind(".log"), None);
    }
}
