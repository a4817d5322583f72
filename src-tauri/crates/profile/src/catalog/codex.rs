//! Codex's tools: shell (an argv array), apply_patch (its own patch format), update_plan.

use serde_json::{Value, json};

use super::ToolDef;

pub(super) fn tools() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "shell",
            description: "Runs a command and returns its output. Pass the argv as an array, usually \
                          [\"bash\", \"-lc\", \"<command>\"]. Set workdir rather than using cd.",
            schema: shell,
        },
        ToolDef {
            name: "apply_patch",
            description: "Edits files with a patch. The input starts with `*** Begin Patch` and ends \
                          with `*** End Patch`; in between, `*** Add File: <path>` (every line \
                          prefixed with +), `*** Delete File: <path>`, or `*** Update File: <path>` \
                          (optionally followed by `*** Move to: <path>`) with hunks that start with \
                          `@@` (optionally followed by a line to find, such as a function header) and \
                          contain context lines (space), removed lines (-) and added lines (+). Give \
                          about three lines of context around each change. Paths are relative.",
            schema: apply_patch,
        },
        ToolDef {
            name: "update_plan",
            description: "Updates the task plan shown to the user: a list of short steps, each \
                          pending, in_progress or completed, with at most one in_progress.",
            schema: update_plan,
        },
    ]
}

fn shell() -> Value {
    json!({
        "type": "object",
        "properties": {
            "command": {"type": "array", "items": {"type": "string"}, "description": "The command to execute"},
            "workdir": {"type": "string", "description": "The working directory to run the command in"},
            "timeout_ms": {"type": "number", "description": "The timeout for the command in milliseconds"}
        },
        "required": ["command"],
        "additionalProperties": false
    })
}

fn apply_patch() -> Value {
    json!({
        "type": "object",
        "properties": {"input": {"type": "string", "description": "The entire contents of the apply_patch command"}},
        "required": ["input"],
        "additionalProperties": false
    })
}

fn update_plan() -> Value {
    json!({
        "type": "object",
        "properties": {
            "explanation": {"type": "string"},
            "plan": {
                "type": "array",
                "description": "The list of steps",
                "items": {
                    "type": "object",
                    "properties": {
                        "step": {"type": "string"},
                        "status": {"type": "string", "description": "One of: pending, in_progress, completed"}
                    },
                    "required": ["step", "status"],
                    "additionalProperties": false
                }
            }
        },
        "required": ["plan"],
        "additionalProperties": false
    })
}
