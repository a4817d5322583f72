//! Every tool a built-in profile can offer, by harness: name, description and JSON schema.
//! Names are unique across harnesses, so a call recorded under one profile still means the
//! same thing after a switch.

mod claude_code;
mod codex;
mod deepseek;
mod swe_agent;

use serde_json::{Value, json};

use super::tools::ToolDef;

/// All tools, in catalogue order.
pub(crate) fn all() -> impl Iterator<Item = ToolDef> {
    classic()
        .into_iter()
        .chain(claude_code::tools())
        .chain(codex::tools())
        .chain(deepseek::tools())
        .chain(swe_agent::tools())
}

fn classic() -> Vec<ToolDef> {
    vec![
        ToolDef {
            name: "execute",
            description: "Run code on the user's machine and return its output. State persists \
                          between runs (variables, working directory). Languages: python, shell, \
                          javascript, and ruby, r, powershell, applescript where installed.",
            schema: execute_schema,
        },
        ToolDef {
            name: "bash",
            description: "Run a shell command in the working directory and return what it printed.",
            schema: bash_schema,
        },
    ]
}

fn execute_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "language": {"type": "string", "description": "The language of the code: python, shell, javascript, ruby, r, powershell or applescript."},
            "code": {"type": "string", "description": "The code to run."}
        },
        "required": ["language", "code"]
    })
}

fn bash_schema() -> Value {
    json!({
        "type": "object",
        "properties": {"command": {"type": "string", "description": "The command to run."}},
        "required": ["command"]
    })
}

/// The `todos` list shared by the todo tools (DeepSeek's has no `activeForm`).
fn todos_schema(with_active_form: bool) -> Value {
    let mut item = json!({
        "type": "object",
        "properties": {
            "content": {"type": "string", "minLength": 1},
            "status": {"type": "string", "enum": ["pending", "in_progress", "completed"]}
        },
        "required": ["content", "status"]
    });
    if with_active_form {
        item["properties"]["activeForm"] = json!({"type": "string", "minLength": 1});
        item["required"] = json!(["content", "status", "activeForm"]);
    }
    json!({
        "type": "object",
        "properties": {"todos": {"type": "array", "items": item, "description": "The whole, updated list."}},
        "required": ["todos"]
    })
}
