//! The tools a profile can offer, and what a call to each means to the engine.

use oi_protocol::{ToolAction, ToolCall};
use serde_json::{Value, json};

use super::ToolStyle;
pub use super::catalog::ToolDef;

/// The name of the pseudo-call that answers a reply breaking a one-command format.
pub const FORMAT_ERROR: &str = "format_error";
/// The argument of a [`FORMAT_ERROR`] call that replaced the answer before it: that answer is
/// set aside (not shown to the model again, in this process or after a resume, which rebuilds
/// the conversation from the log where the call is kept with its arguments).
pub const SUPERSEDES_ANSWER: &str = "supersedes_answer";
/// How the correction of a call to a tool the profile does not have starts.
pub const UNKNOWN_TOOL: &str = "There is no tool named";
/// How the correction of a call that does not parse starts.
pub const UNREADABLE_CALL: &str = "Your tool call could not be read";

/// The pseudo-call whose result is `message`, sent back as text in place of a reply the engine
/// cannot act on (a broken format, an invented tool, or a slip the harness coaches).
pub fn format_error_call(call_id: String, message: String) -> ToolCall {
    let arguments = json!({ "message": message });
    ToolCall {
        call_id,
        wire_id: None,
        action: action_for(FORMAT_ERROR, &arguments),
        name: FORMAT_ERROR.to_string(),
        arguments,
        origin: oi_protocol::CallOrigin::Text,
    }
}

/// What a call to `name` with `arguments` will do.
pub fn action_for(name: &str, arguments: &Value) -> ToolAction {
    let s = |k: &str| {
        arguments
            .get(k)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    };
    // `file_path` (Qwen Code) or `path` (DeepSeek-TUI).
    let path_of = |k: &str| {
        let qwen = s("file_path");
        if qwen.is_empty() { s(k) } else { qwen }
    };
    // A read of one place: the file or folder argument as the model wrote it.
    let read_at = |summary: String, path: String| ToolAction::Read {
        summary,
        arguments: arguments.clone(),
        path: (!path.trim().is_empty()).then_some(path),
    };
    let read = |summary: String| read_at(summary, String::new());
    let edit = |summary: String| ToolAction::edit(summary, arguments.clone());
    match name {
        "execute" | "run_code" | "python" => {
            let language = canonical_language(
                arguments
                    .get("language")
                    .and_then(Value::as_str)
                    .unwrap_or("python"),
            );
            let code = arguments
                .get("code")
                .and_then(Value::as_str)
                .map(str::to_string)
                .or_else(|| arguments.as_str().map(str::to_string))
                .unwrap_or_default();
            ToolAction::RunCode { language, code }
        }
        "shell" => codex_shell(arguments),
        "bash" | "Bash" | "exec_shell" | "run_shell_command" => {
            let code = arguments
                .get("command")
                .or_else(|| arguments.get("code"))
                .and_then(Value::as_str)
                .map(str::to_string)
                .or_else(|| arguments.as_str().map(str::to_string))
                .unwrap_or_default();
            ToolAction::RunCode {
                language: "shell".into(),
                code,
            }
        }
        "Read" => read_at(format!("Read {}", s("file_path")), s("file_path")),
        "read_file" => read_at(format!("Read {}", path_of("path")), path_of("path")),
        "list_directory" => read_at(format!("List {}", s("path")), s("path")),
        "glob" | "Glob" => read_at(format!("Find files {}", s("pattern")), s("path")),
        "grep_search" | "Grep" | "grep_files" => {
            read_at(format!("Search for {}", s("pattern")), s("path"))
        }
        "list_dir" => {
            let path = if s("path").is_empty() {
                ".".into()
            } else {
                s("path")
            };
            read_at(format!("List {path}"), path)
        }
        "file_search" => read(format!("Find files like {}", s("query"))),
        "open" => read_at(format!("Open {}", s("path")), s("path")),
        "goto" | "scroll_up" | "scroll_down" => read(format!("Move the file window ({name})")),
        "search_file" => read_at(format!("Search for {}", s("search_term")), s("file")),
        "search_dir" => read_at(format!("Search for {}", s("search_term")), s("dir")),
        "find_file" => read_at(format!("Find file {}", s("file_name")), s("dir")),
        // A plan changes nothing outside the engine; a malformed one is told by its result.
        "TodoWrite" | "todo_write" | "update_plan" => ToolAction::Plan {
            items: oi_tools::plan_items(name, arguments).unwrap_or_default(),
        },
        "submit" => read("Submit the task".into()),
        // The engine's correction; one that replaced the answer before it says so.
        FORMAT_ERROR if arguments[SUPERSEDES_ANSWER] == true => {
            read("Answer set aside (not from what the code printed or read): ask again".into())
        }
        FORMAT_ERROR => read("Ask for a reply in the expected format".into()),
        "Write" => edit(format!("Write {}", s("file_path"))),
        "Edit" => edit(format!("Edit {}", s("file_path"))),
        "MultiEdit" => edit(format!(
            "Edit {} ({} changes)",
            s("file_path"),
            arguments
                .get("edits")
                .and_then(Value::as_array)
                .map_or(0, Vec::len)
        )),
        "write_file" => edit(format!("Write {}", path_of("path"))),
        // Qwen Code's `edit` (SWE-agent's has no `old_string`).
        "edit" if arguments.get("old_string").is_some() => edit(format!("Edit {}", s("file_path"))),
        "edit_file" => edit(format!("Edit {}", s("path"))),
        "apply_patch" => edit(patch_summary(
            arguments
                .get("input")
                .and_then(Value::as_str)
                .unwrap_or_default(),
        )),
        "create" => edit(format!("Create {}", s("filename"))),
        "edit" => edit(format!(
            "Replace lines {}-{} of the open file",
            arguments["start_line"], arguments["end_line"]
        )),
        "computer" => ToolAction::Computer {
            action: s("action"),
            arguments: arguments.clone(),
            plan: None,
        },
        _ => ToolAction::Other {
            arguments: arguments.clone(),
        },
    }
}

/// The language of a call, decided here once for the gate, the rules, safe mode, the sandbox,
/// the kernels and every front end: the canonical name of what the model wrote (`console`,
/// `bash `, `py` are `shell`, `shell`, `python`). A name the engine does not run stays as
/// written, and the gate refuses it.
fn canonical_language(written: &str) -> String {
    match oi_exec::canonical_language(written) {
        Some(language) => language.name().to_string(),
        None => written.to_string(),
    }
}

/// Codex's `shell` takes an argv. `["bash", "-lc", script]` runs the script; an
/// `apply_patch` invocation (argv or heredoc) is a patch, as Codex itself treats it.
fn codex_shell(arguments: &Value) -> ToolAction {
    let argv: Vec<String> = match arguments.get("command") {
        Some(Value::Array(items)) => items
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_string)
            .collect(),
        Some(Value::String(s)) => vec![s.clone()],
        _ => arguments
            .as_str()
            .map(|s| vec![s.to_string()])
            .unwrap_or_default(),
    };
    let script = match argv.as_slice() {
        [sh, flag, script]
            if matches!(sh.as_str(), "bash" | "sh" | "zsh") && flag.starts_with('-') =>
        {
            script.clone()
        }
        [cmd, patch] if cmd == "apply_patch" || cmd == "applypatch" => {
            let input = patch.clone();
            return ToolAction::edit(patch_summary(&input), json!({"input": input}));
        }
        _ => argv
            .iter()
            .map(|a| shell_quote(a))
            .collect::<Vec<_>>()
            .join(" "),
    };
    if let Some(input) = heredoc_patch(&script) {
        return ToolAction::edit(patch_summary(&input), json!({"input": input}));
    }
    let code = match arguments.get("workdir").and_then(Value::as_str) {
        Some(dir) if !dir.is_empty() => format!("(cd {} && {script})", shell_quote(dir)),
        _ => script,
    };
    ToolAction::RunCode {
        language: "shell".into(),
        code,
    }
}

/// The patch in `apply_patch <<'EOF' … EOF`.
fn heredoc_patch(script: &str) -> Option<String> {
    let rest = script.trim_start().strip_prefix("apply_patch")?;
    let start = rest.find("*** Begin Patch")?;
    let end = rest.find("*** End Patch")? + "*** End Patch".len();
    (end > start).then(|| rest[start..end].to_string())
}

fn shell_quote(arg: &str) -> String {
    if !arg.is_empty()
        && arg
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
    {
        arg.to_string()
    } else {
        format!("'{}'", arg.replace('\'', r"'\''"))
    }
}

fn patch_summary(patch: &str) -> String {
    let files: Vec<String> = patch
        .lines()
        .filter_map(|l| {
            let l = l.trim();
            l.strip_prefix("*** Add File: ")
                .map(|p| format!("add {p}"))
                .or_else(|| {
                    l.strip_prefix("*** Update File: ")
                        .map(|p| format!("update {p}"))
                })
                .or_else(|| {
                    l.strip_prefix("*** Delete File: ")
                        .map(|p| format!("delete {p}"))
                })
                .or_else(|| {
                    l.strip_prefix("*** Move to: ")
                        .map(|p| format!("move to {p}"))
                })
        })
        .collect();
    format!("Apply a patch: {}", files.join(", "))
}

/// A call shown as text, for a profile or model that cannot see it as a native call.
pub(crate) fn call_as_text(call: &ToolCall, style: ToolStyle) -> String {
    match (&call.action, style) {
        (ToolAction::RunCode { code, .. }, ToolStyle::OneCommand) => format!("```\n{code}\n```"),
        (ToolAction::RunCode { language, code }, _) => format!("```{language}\n{code}\n```"),
        (_, ToolStyle::OneCommand) if super::one_command::is_command(&call.name) => {
            format!(
                "```\n{}\n```",
                super::one_command::command_line(&call.name, &call.arguments)
            )
        }
        _ => format!(
            "{{\"name\": \"{}\", \"arguments\": {}}}",
            call.name, call.arguments
        ),
    }
}
