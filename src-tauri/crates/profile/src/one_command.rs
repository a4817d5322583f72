//! SWE-agent's reply format: a discussion, then exactly one command in a fenced block.
//! ACI commands become structured calls; anything else runs in the shell as `bash`.

use serde_json::{Map, Value, json};

use super::text_calls::{TextCall, fenced_blocks, json_calls};

/// Commands of the interface (the rest of a block is a shell command).
const COMMANDS: &[&str] = &[
    "open",
    "goto",
    "scroll_up",
    "scroll_down",
    "create",
    "search_file",
    "search_dir",
    "find_file",
    "edit",
    "submit",
];

pub(crate) fn is_command(name: &str) -> bool {
    COMMANDS.contains(&name) || name == "bash"
}

/// What a reply asks for: a command, or why the reply must be written again.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Reply {
    Command { name: String, arguments: Value },
    FormatError(String),
}

pub(crate) fn parse_reply(text: &str) -> Reply {
    let blocks = fenced_blocks(text, false);
    match blocks.as_slice() {
        [block] => match parse_command(&block.body) {
            Ok((name, arguments)) => Reply::Command { name, arguments },
            Err(problem) => Reply::FormatError(correction(&problem)),
        },
        [] => Reply::FormatError(correction("your reply had no command in a fenced block")),
        _ => Reply::FormatError(correction(&format!(
            "your reply had {} fenced blocks; write exactly one command per reply",
            blocks.len()
        ))),
    }
}

/// Why a reply holding JSON `calls` is not one command: several calls, or a call beside a
/// fenced command. `None` when it is one command (or holds no JSON call: [`parse_reply`] judges).
pub(crate) fn not_one_command(text: &str, calls: &[TextCall], known: &[&str]) -> Option<String> {
    if calls.is_empty() {
        return None;
    }
    let other_blocks = fenced_blocks(text, false)
        .iter()
        .filter(|b| json_calls(&b.body, known).is_empty())
        .count();
    let commands = calls.len() + other_blocks;
    (commands > 1).then(|| {
        correction(&format!(
            "your reply had {commands} commands; write exactly one command per reply"
        ))
    })
}

fn correction(problem: &str) -> String {
    format!(
        "Your output was not in the expected format: {problem}.\n\
         Every reply must be one discussion and one command, like this:\n\
         DISCUSSION\n\
         What you think, and why you run the command below.\n\n\
         ```\n\
         the one command to run\n\
         ```\n\
         Answer again in this format."
    )
}

/// Splits a command line like a shell would, keeping quoted words whole.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut started = false;
    for c in line.chars() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => cur.push(c),
            None if c == '"' || c == '\'' => {
                quote = Some(c);
                started = true;
            }
            None if c.is_whitespace() => {
                if started || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                    started = false;
                }
            }
            None => cur.push(c),
        }
    }
    if started || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn parse_command(body: &str) -> Result<(String, Value), String> {
    let body = body.trim_matches('\n');
    let first = body.lines().next().unwrap_or_default().trim();
    let w = words(first);
    let Some(cmd) = w
        .first()
        .map(String::as_str)
        .filter(|c| COMMANDS.contains(c))
    else {
        if body.trim().is_empty() {
            return Err("the fenced block was empty".into());
        }
        // A JSON tool call to a tool this session lacks (the known ones were taken before):
        // `{"name": …}` is no shell command.
        if let Ok(Value::Object(call)) = serde_json::from_str::<Value>(body.trim())
            && let Some(name) = call.get("name").and_then(Value::as_str)
        {
            return Err(format!(
                "there is no tool `{name}` here; the block must hold one of the commands \
                 ({}) or a shell command",
                COMMANDS.join(", ")
            ));
        }
        return Ok(("bash".into(), json!({"command": body})));
    };
    let args = &w[1..];
    let arg = |i: usize| args.get(i).cloned();
    let number = |i: usize, what: &str| -> Result<Value, String> {
        let text = arg(i).ok_or_else(|| format!("`{cmd}` needs {what}"))?;
        text.parse::<u64>()
            .map(Value::from)
            .map_err(|_| format!("{what} must be a number, not `{text}`"))
    };
    let mut map = Map::new();
    match cmd {
        "open" => {
            map.insert(
                "path".into(),
                arg(0).ok_or("`open` needs a file path")?.into(),
            );
            if args.len() > 1 {
                map.insert("line_number".into(), number(1, "the line number")?);
            }
        }
        "goto" => {
            map.insert("line_number".into(), number(0, "the line number")?);
        }
        "create" => {
            map.insert(
                "filename".into(),
                arg(0).ok_or("`create` needs a file name")?.into(),
            );
        }
        "search_file" | "search_dir" => {
            map.insert(
                "search_term".into(),
                arg(0).ok_or("the search needs a term")?.into(),
            );
            if let Some(place) = arg(1) {
                map.insert(
                    if cmd == "search_file" { "file" } else { "dir" }.into(),
                    place.into(),
                );
            }
        }
        "find_file" => {
            map.insert(
                "file_name".into(),
                arg(0).ok_or("`find_file` needs a file name")?.into(),
            );
            if let Some(dir) = arg(1) {
                map.insert("dir".into(), dir.into());
            }
        }
        "edit" => {
            let range = arg(0).ok_or("`edit` needs <start_line>:<end_line>")?;
            let (start, end) = range
                .split_once(':')
                .ok_or("`edit` needs <start_line>:<end_line>")?;
            let parse = |s: &str| {
                s.trim()
                    .parse::<u64>()
                    .map_err(|_| format!("`{range}` is not a line range"))
            };
            map.insert("start_line".into(), parse(start)?.into());
            map.insert("end_line".into(), parse(end)?.into());
            let rest: Vec<&str> = body.lines().skip(1).collect();
            let end_at = rest
                .iter()
                .rposition(|l| l.trim() == "end_of_edit")
                .ok_or("`edit` must end with a line `end_of_edit`")?;
            map.insert("replacement_text".into(), rest[..end_at].join("\n").into());
        }
        _ => {}
    }
    Ok((cmd.to_string(), Value::Object(map)))
}

/// A structured call written back as the command line the model would type.
pub(crate) fn command_line(name: &str, arguments: &Value) -> String {
    let s = |k: &str| {
        arguments.get(k).map(|v| {
            v.as_str()
                .map(str::to_string)
                .unwrap_or_else(|| v.to_string())
        })
    };
    let quoted = |v: String| {
        if v.contains(' ') {
            format!("\"{v}\"")
        } else {
            v
        }
    };
    let parts: Vec<Option<String>> = match name {
        "bash" => return s("command").unwrap_or_default(),
        "edit" => {
            return format!(
                "edit {}:{}\n{}\nend_of_edit",
                s("start_line").unwrap_or_default(),
                s("end_line").unwrap_or_default(),
                s("replacement_text").unwrap_or_default()
            );
        }
        "open" => vec![s("path").map(quoted), s("line_number")],
        "goto" => vec![s("line_number")],
        "create" => vec![s("filename")],
        "search_file" => vec![s("search_term").map(quoted), s("file")],
        "search_dir" => vec![s("search_term").map(quoted), s("dir")],
        "find_file" => vec![s("file_name"), s("dir")],
        _ => vec![],
    };
    std::iter::once(name.to_string())
        .chain(parts.into_iter().flatten())
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command(text: &str) -> (String, Value) {
        match parse_reply(text) {
            Reply::Command { name, arguments } => (name, arguments),
            Reply::FormatError(e) => panic!("{e}"),
        }
    }

    #[test]
    fn parses_commands_and_shell() {
        assert_eq!(
            command("DISCUSSION\nLook.\n```\nopen \"src/a b.py\" 20\n```"),
            (
                "open".into(),
                json!({"path": "src/a b.py", "line_number": 20})
            )
        );
        assert_eq!(
            command("```\nls -a\n```"),
            ("bash".into(), json!({"command": "ls -a"}))
        );
        let (name, args) = command("fix\n```\nedit 3:4\n    return x\nend_of_edit\n```");
        assert_eq!(name, "edit");
        assert_eq!(
            args,
            json!({"start_line": 3, "end_line": 4, "replacement_text": "    return x"})
        );
        assert_eq!(
            command_line("edit", &args),
            "edit 3:4\n    return x\nend_of_edit"
        );
        assert_eq!(
            command_line("open", &json!({"path": "a.py", "line_number": 3})),
            "open a.py 3"
        );
    }

    #[test]
    fn a_json_call_to_a_tool_it_lacks_is_a_format_error_not_a_shell_command() {
        let Reply::FormatError(message) = parse_reply(
            "DISCUSSION\nLook it up.\n\n```\n{\"name\": \"web_search\", \"arguments\": {\"q\": \"x\"}}\n```",
        ) else {
            panic!("ran as a command");
        };
        assert!(
            message.contains("there is no tool `web_search` here"),
            "{message}"
        );
        // JSON that is no call still runs in the shell (e.g. an echo of a JSON file's line).
        assert!(matches!(
            parse_reply("DISCUSSION\n\n```\n{\"a\": 1}\n```"),
            Reply::Command { name, .. } if name == "bash"
        ));
    }

    #[test]
    fn asks_again_for_zero_or_several_commands() {
        assert!(matches!(
            parse_reply("I think it is done."),
            Reply::FormatError(_)
        ));
        assert!(
            matches!(parse_reply("```\nls\n```\n```\npwd\n```"), Reply::FormatError(e) if e.contains("2 fenced blocks"))
        );
        assert!(
            matches!(parse_reply("```\ngoto x\n```"), Reply::FormatError(e) if e.contains("must be a number"))
        );
    }
}
