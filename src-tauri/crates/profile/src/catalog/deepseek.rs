//! DeepSeek-TUI's agent tools: exec_shell, read_file, write_file, edit_file, list_dir,
//! grep_files, file_search, todo_write and update_plan (shared with Codex).

use serde_json::{Value, json};

use super::ToolDef;

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "exec_shell",
            description: "Run a shell command in the workspace and return its output.",
            schema: exec_shell,
        },
        ToolDef {
            name: "read_file",
            description: "Read a UTF-8 file from the workspace.",
            schema: path_only,
        },
        ToolDef {
            name: "write_file",
            description: "Create or overwrite a file in the workspace.",
            schema: write_file,
        },
        ToolDef {
            name: "edit_file",
            description: "Replace one exact occurrence of `search` with `replace` in a file. Fails when \
                          the search text is missing or appears more than once.",
            schema: edit_file,
        },
        ToolDef {
            name: "list_dir",
            description: "List the entries of a directory (directories end with /).",
            schema: list_dir,
        },
        ToolDef {
            name: "grep_files",
            description: "Search file contents with a regular expression; returns path:line: text.",
            schema: grep_files,
        },
        ToolDef {
            name: "file_search",
            description: "Find files by name with fuzzy matching, best matches first.",
            schema: file_search,
        },
        ToolDef {
            name: "todo_write",
            description: "Write the todo list that tracks a multi-step task. Each item has content and a \
                          status (pending, in_progress, completed); keep one item in_progress at a time. \
                          The list you send replaces the old one.",
            schema: || super::todos_schema(false),
        },
    ]
}

fn exec_shell() -> Value {
    json!({
        "type": "object",
        "properties": {
            "command": {"type": "string", "description": "The shell command to run"},
            "timeout_ms": {"type": "integer", "description": "Timeout in milliseconds"}
        },
        "required": ["command"]
    })
}

fn path_only() -> Value {
    json!({
        "type": "object",
        "properties": {"path": {"type": "string", "description": "Path relative to the workspace"}},
        "required": ["path"]
    })
}

fn write_file() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Path relative to the workspace"},
            "content": {"type": "string", "description": "The full new content"}
        },
        "required": ["path", "content"]
    })
}

fn edit_file() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Path relative to the workspace"},
            "search": {"type": "string", "description": "Exact text to find (must occur once)"},
            "replace": {"type": "string", "description": "Text to put in its place"}
        },
        "required": ["path", "search", "replace"]
    })
}

fn list_dir() -> Value {
    json!({
        "type": "object",
        "properties": {"path": {"type": "string", "description": "Directory relative to the workspace (default: .)"}}
    })
}

fn grep_files() -> Value {
    json!({
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "Regular expression"},
            "path": {"type": "string", "description": "Directory or file to search (default: workspace)"},
            "include": {"type": "string", "description": "Glob of files to include, e.g. *.rs"},
            "case_insensitive": {"type": "boolean"}
        },
        "required": ["pattern"]
    })
}

fn file_search() -> Value {
    json!({
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "File name or path fragment"},
            "path": {"type": "string", "description": "Base directory (default: workspace)"},
            "limit": {"type": "integer", "description": "Maximum results (default 20)"}
        },
        "required": ["query"]
    })
}
