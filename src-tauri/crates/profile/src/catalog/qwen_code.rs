//! Qwen Code's tools: run_shell_command, read_file, write_file, edit, glob, grep_search,
//! list_directory and todo_write. `read_file`, `write_file`, `edit` and `todo_write` share
//! their names with other harnesses' tools of another shape, so a profile names them
//! `qwen-code:NAME`; the engine tells the shapes apart by their arguments (`file_path`,
//! `old_string`).

use serde_json::{Value, json};

use super::ToolDef;

pub(super) const HARNESS: &str = "qwen-code";

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "run_shell_command",
            description: "Run a shell command with `bash -c` in the project and return its output \
                          (stdout, stderr, exit code). Explain commands that change the system before \
                          running them. Put long-running servers in the background with `&`.",
            schema: run_shell_command,
        },
        ToolDef {
            name: "read_file",
            description: "Read a file. For large files, give `offset` (0-based line number) and \
                          `limit` (number of lines) to read a part; the result says when it is cut. \
                          PDF, Word, spreadsheet, slide and EPUB files come back as text with page \
                          markers; `pages` (\"2\", \"1-5\") reads only those pages.",
            schema: read_file,
        },
        ToolDef {
            name: "write_file",
            description: "Write content to a file, creating it (and its directories) or replacing what \
                          it held.",
            schema: write_file,
        },
        ToolDef {
            name: "edit",
            description: "Replace text in a file. `old_string` must match the file exactly, whitespace \
                          included, with enough surrounding lines to be unique; set `replace_all` to \
                          change every occurrence. An empty `old_string` creates a new file holding \
                          `new_string`.",
            schema: edit,
        },
        ToolDef {
            name: "glob",
            description: "Find files whose paths match a glob pattern (like `src/**/*.ts`), sorted by \
                          path.",
            schema: glob,
        },
        ToolDef {
            name: "grep_search",
            description: "Search file contents for a regular expression; returns matching lines with \
                          their file and line number.",
            schema: grep_search,
        },
        ToolDef {
            name: "list_directory",
            description: "List the files and subdirectories directly inside a directory.",
            schema: list_directory,
        },
        ToolDef {
            name: "todo_write",
            description: "Create and update the task list for the current session. Send the whole \
                          list each time; keep one item in_progress and mark items completed as soon \
                          as they are done.",
            schema: todo_write,
        },
    ]
}

fn run_shell_command() -> Value {
    json!({
        "type": "object",
        "properties": {
            "command": {"type": "string", "description": "Exact bash command to run."},
            "description": {"type": "string", "description": "A short description of what the command does."}
        },
        "required": ["command"]
    })
}

fn read_file() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "The absolute path of the file to read."},
            "offset": {"type": "number", "description": "0-based line to start reading at; use with limit for large files."},
            "limit": {"type": "number", "description": "How many lines to read."},
            "pages": {"type": "string", "description": "For documents (PDF, Word, spreadsheets…): the pages to read, like \"3\" or \"1-5\"."}
        },
        "required": ["file_path"]
    })
}

fn write_file() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "The absolute path of the file to write."},
            "content": {"type": "string", "description": "The content to write."}
        },
        "required": ["file_path", "content"]
    })
}

fn edit() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "The absolute path of the file to change."},
            "old_string": {"type": "string", "description": "The exact text to replace."},
            "new_string": {"type": "string", "description": "The text to put in its place."},
            "replace_all": {"type": "boolean", "description": "Replace every occurrence (default false)."}
        },
        "required": ["file_path", "old_string", "new_string"]
    })
}

fn glob() -> Value {
    json!({
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "The glob pattern, e.g. `**/*.py`."},
            "path": {"type": "string", "description": "The directory to search in (default: the project root)."}
        },
        "required": ["pattern"]
    })
}

fn grep_search() -> Value {
    json!({
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "The regular expression to search for."},
            "path": {"type": "string", "description": "The file or directory to search (default: the project root)."},
            "glob": {"type": "string", "description": "Only files matching this glob, e.g. `*.rs`."},
            "limit": {"type": "number", "description": "Most matching lines to return."}
        },
        "required": ["pattern"]
    })
}

fn list_directory() -> Value {
    json!({
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "The absolute path of the directory to list."}
        },
        "required": ["path"]
    })
}

fn todo_write() -> Value {
    json!({
        "type": "object",
        "properties": {
            "todos": {
                "type": "array",
                "description": "The whole, updated list.",
                "items": {
                    "type": "object",
                    "properties": {
                        "id": {"type": "string"},
                        "content": {"type": "string", "minLength": 1},
                        "status": {"type": "string", "enum": ["pending", "in_progress", "completed"]}
                    },
                    "required": ["id", "content", "status"]
                }
            }
        },
        "required": ["todos"]
    })
}
