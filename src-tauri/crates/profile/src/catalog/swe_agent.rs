//! SWE-agent's ACI commands. The model writes them as one fenced command per reply; these
//! schemas name their arguments (what a parsed command becomes, and what JSON calls may use).

use serde_json::{Value, json};

use super::ToolDef;

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "open",
            description: "open \"<path>\" [<line_number>]: opens a file and shows 100 lines around the line.",
            schema: open,
        },
        ToolDef {
            name: "goto",
            description: "goto <line_number>: moves the window to show the line.",
            schema: goto,
        },
        ToolDef {
            name: "scroll_down",
            description: "scroll_down: moves the window down 100 lines.",
            schema: none,
        },
        ToolDef {
            name: "scroll_up",
            description: "scroll_up: moves the window up 100 lines.",
            schema: none,
        },
        ToolDef {
            name: "create",
            description: "create <filename>: creates and opens a new empty file.",
            schema: create,
        },
        ToolDef {
            name: "search_file",
            description: "search_file <search_term> [<file>]: finds the term in the open or given file.",
            schema: search_file,
        },
        ToolDef {
            name: "search_dir",
            description: "search_dir <search_term> [<dir>]: finds the term in every file below the directory.",
            schema: search_dir,
        },
        ToolDef {
            name: "find_file",
            description: "find_file <file_name> [<dir>]: finds files by name (wildcards allowed).",
            schema: find_file,
        },
        ToolDef {
            name: "edit",
            description: "edit <start_line>:<end_line> then the replacement text then end_of_edit: replaces \
                          those lines of the open file. Indentation matters. An edit that breaks Python \
                          syntax is refused and the file is left unchanged.",
            schema: edit,
        },
        ToolDef {
            name: "submit",
            description: "submit: ends the task with the current state of the files.",
            schema: none,
        },
    ]
}

fn object(properties: Value, required: &[&str]) -> Value {
    json!({"type": "object", "properties": properties, "required": required})
}

fn none() -> Value {
    object(json!({}), &[])
}

fn open() -> Value {
    object(
        json!({"path": {"type": "string"}, "line_number": {"type": "integer"}}),
        &["path"],
    )
}

fn goto() -> Value {
    object(
        json!({"line_number": {"type": "integer"}}),
        &["line_number"],
    )
}

fn create() -> Value {
    object(json!({"filename": {"type": "string"}}), &["filename"])
}

fn search_file() -> Value {
    object(
        json!({"search_term": {"type": "string"}, "file": {"type": "string"}}),
        &["search_term"],
    )
}

fn search_dir() -> Value {
    object(
        json!({"search_term": {"type": "string"}, "dir": {"type": "string"}}),
        &["search_term"],
    )
}

fn find_file() -> Value {
    object(
        json!({"file_name": {"type": "string"}, "dir": {"type": "string"}}),
        &["file_name"],
    )
}

fn edit() -> Value {
    object(
        json!({"start_line": {"type": "integer"}, "end_line": {"type": "integer"}, "replacement_text": {"type": "string"}}),
        &["start_line", "end_line", "replacement_text"],
    )
}
