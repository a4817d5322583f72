//! Claude Code's core tools: Bash, Read, Write, Edit, MultiEdit, Glob, Grep, TodoWrite.

use serde_json::{Value, json};

use super::ToolDef;

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "Bash",
            description: "Runs a bash command in a persistent shell session (the working directory \
                          and exported variables carry over). Quote paths that contain spaces. Use it \
                          for git, builds, tests and other terminal work; use Read, Glob and Grep \
                          rather than cat, find and grep to look at files.",
            schema: bash,
        },
        ToolDef {
            name: "Read",
            description: "Reads a file from the local filesystem. Output is numbered like `cat -n`, \
                          starting at line 1. By default up to 2000 lines are returned; give offset \
                          (first line) and limit (number of lines) for long files. Lines longer than \
                          2000 characters are cut. Read a file before editing or overwriting it. \
                          It also reads PDFs and other documents (Word, OpenDocument, spreadsheets, \
                          slides, EPUB) as their text, page by page; for a long PDF give pages \
                          (\"1-5\", \"3\") to read only those.",
            schema: read,
        },
        ToolDef {
            name: "Write",
            description: "Writes a file, replacing it if it exists. An existing file must have been \
                          read with Read first. Prefer Edit for changes to existing files.",
            schema: write,
        },
        ToolDef {
            name: "Edit",
            description: "Replaces exact text in a file. old_string must match the file exactly \
                          (indentation included; leave out the line-number prefix that Read shows) \
                          and must match only once unless replace_all is true; otherwise the edit \
                          fails. The file must have been read with Read first.",
            schema: edit,
        },
        ToolDef {
            name: "MultiEdit",
            description: "Makes several exact replacements in one file in a single call. The edits \
                          apply in order, each to the result of the one before, and all of them \
                          succeed or none is written; each follows Edit's rules (an exact, unique \
                          old_string unless replace_all). Use it rather than several Edit calls on \
                          the same file. The file must have been read with Read first; to create a \
                          file, give the first edit an empty old_string.",
            schema: multi_edit,
        },
        ToolDef {
            name: "Glob",
            description: "Finds files by glob pattern such as `**/*.rs` or `src/**/*.ts`, newest \
                          first. Use it to find files by name.",
            schema: glob,
        },
        ToolDef {
            name: "Grep",
            description: "Searches file contents with a regular expression (ripgrep syntax). Filter \
                          files with glob or type; output_mode is files_with_matches (default), \
                          content (matching lines; -n, -A, -B, -C apply) or count.",
            schema: grep,
        },
        ToolDef {
            name: "TodoWrite",
            description: "Creates and updates a structured task list for the current session. Use it \
                          for work with three or more steps: mark one task in_progress before starting \
                          it and completed as soon as it is done. Send the whole list each time.",
            schema: || super::todos_schema(true),
        },
    ]
}

fn bash() -> Value {
    json!({
        "type": "object",
        "properties": {
            "command": {"type": "string", "description": "The command to run"},
            "timeout": {"type": "number", "description": "Optional timeout in milliseconds (max 600000)"},
            "description": {"type": "string", "description": "What the command does, in 5-10 words"}
        },
        "required": ["command"],
        "additionalProperties": false
    })
}

fn read() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "Absolute path of the file to read"},
            "offset": {"type": "number", "description": "Line number to start reading from"},
            "limit": {"type": "number", "description": "Number of lines to read"},
            "pages": {"type": "string", "description": "Page range for PDF files (e.g., \"1-5\", \"3\", \"10-20\"). Only applicable to PDF and other documents."}
        },
        "required": ["file_path"],
        "additionalProperties": false
    })
}

fn write() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "Absolute path of the file to write"},
            "content": {"type": "string", "description": "The content to write"}
        },
        "required": ["file_path", "content"],
        "additionalProperties": false
    })
}

fn edit() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "Absolute path of the file to modify"},
            "old_string": {"type": "string", "description": "The text to replace"},
            "new_string": {"type": "string", "description": "The text to replace it with (must differ from old_string)"},
            "replace_all": {"type": "boolean", "default": false, "description": "Replace every occurrence of old_string"}
        },
        "required": ["file_path", "old_string", "new_string"],
        "additionalProperties": false
    })
}

fn glob() -> Value {
    json!({
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "The glob pattern to match files against"},
            "path": {"type": "string", "description": "Directory to search in; the working directory when omitted"}
        },
        "required": ["pattern"],
        "additionalProperties": false
    })
}

fn grep() -> Value {
    json!({
        "type": "object",
        "properties": {
            "pattern": {"type": "string", "description": "Regular expression to search for"},
            "path": {"type": "string", "description": "File or directory to search; the working directory when omitted"},
            "glob": {"type": "string", "description": "Only search files matching this glob, e.g. `*.js`"},
            "type": {"type": "string", "description": "Only search files of this type, e.g. py, rust, js"},
            "output_mode": {"type": "string", "enum": ["content", "files_with_matches", "count"]},
            "-i": {"type": "boolean", "description": "Case-insensitive search"},
            "-n": {"type": "boolean", "description": "Show line numbers (content mode)"},
            "-A": {"type": "number", "description": "Lines to show after each match (content mode)"},
            "-B": {"type": "number", "description": "Lines to show before each match (content mode)"},
            "-C": {"type": "number", "description": "Lines to show around each match (content mode)"},
            "head_limit": {"type": "number", "description": "Only the first N results"},
            "multiline": {"type": "boolean", "description": "Let . match newlines and patterns span lines"}
        },
        "required": ["pattern"],
        "additionalProperties": false
    })
}

fn multi_edit() -> Value {
    json!({
        "type": "object",
        "properties": {
            "file_path": {"type": "string", "description": "Absolute path of the file to modify"},
            "edits": {
                "type": "array",
                "minItems": 1,
                "description": "Edits applied in order, each to the result of the previous one",
                "items": {
                    "type": "object",
                    "properties": {
                        "old_string": {"type": "string", "description": "The text to replace"},
                        "new_string": {"type": "string", "description": "The text to replace it with"},
                        "replace_all": {"type": "boolean", "default": false, "description": "Replace every occurrence of old_string"}
                    },
                    "required": ["old_string", "new_string"],
                    "additionalProperties": false
                }
            }
        },
        "required": ["file_path", "edits"],
        "additionalProperties": false
    })
}
