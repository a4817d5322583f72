//! Every tool a built-in profile can offer, by harness: name, description and JSON schema.
//! A bare name finds the first tool of that name; a harness whose tools reuse another's names
//! with other arguments (Qwen Code's `read_file`) is asked for as `harness:name`. Shared names
//! are told apart by their arguments when they run, so a call recorded under one profile still
//! means the same thing after a switch.

mod claude_code;
mod codex;
mod deepseek;
mod qwen_code;
mod swe_agent;

use serde_json::{Value, json};

/// A tool offered to the model.
#[derive(Debug, Clone)]
pub struct ToolDef {
    pub name: &'static str,
    pub description: &'static str,
    pub(crate) schema: fn() -> Value,
}

impl ToolDef {
    pub fn named(name: &str) -> Option<ToolDef> {
        find(name)
    }

    pub fn spec(&self) -> oi_model::ToolSpec {
        oi_model::ToolSpec {
            name: self.name.to_string(),
            description: self.description.to_string(),
            parameters: (self.schema)(),
        }
    }
}

/// All tools, in catalogue order.
pub(crate) fn all() -> impl Iterator<Item = ToolDef> {
    classic()
        .into_iter()
        .chain(claude_code::tools())
        .chain(codex::tools())
        .chain(deepseek::tools())
        .chain(swe_agent::tools())
        .chain(qwen_code::tools())
        .chain([computer()])
}

/// The tool `name` of one harness (`qwen-code:read_file`), or the first of that name.
pub(crate) fn find(name: &str) -> Option<ToolDef> {
    match name.split_once(':') {
        Some((qwen_code::HARNESS, tool)) => qwen_code::tools().into_iter().find(|t| t.name == tool),
        Some(_) => None,
        None => all().find(|t| t.name == name),
    }
}

/// Anthropic's computer tool (`computer_20250124` and later), as a function any model can call.
fn computer() -> ToolDef {
    ToolDef {
        name: "computer",
        description: "Use the mouse and keyboard and see the screen. Coordinates are pixels of the latest \
                      screenshot. Take a screenshot first; every action returns a new one. Click the centre \
                      of what you aim at; check the result in the screenshot before going on.",
        schema: computer_schema,
    }
}

fn computer_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "action": {"type": "string", "enum": [
                "screenshot", "cursor_position", "mouse_move", "left_click", "right_click", "middle_click",
                "double_click", "triple_click", "left_click_drag", "left_mouse_down", "left_mouse_up",
                "scroll", "key", "type", "hold_key", "wait", "zoom"],
                "description": "What to do."},
            "coordinate": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
                "description": "[x, y] in screenshot pixels: where to move, click or scroll; the end of a drag."},
            "start_coordinate": {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2,
                "description": "[x, y] where left_click_drag starts."},
            "text": {"type": "string",
                "description": "type: the text. key: keys like \"ctrl+shift+t\" or \"Return\" (several separated by spaces). hold_key: the key. Clicks and scroll: modifier keys to hold, like \"shift\"."},
            "scroll_direction": {"type": "string", "enum": ["up", "down", "left", "right"]},
            "scroll_amount": {"type": "integer", "minimum": 0, "description": "Wheel clicks to scroll (default 3)."},
            "duration": {"type": "number", "description": "Seconds, for hold_key and wait."},
            "region": {"type": "array", "items": {"type": "integer"}, "minItems": 4, "maxItems": 4,
                "description": "zoom: [x0, y0, x1, y1] in screenshot pixels, shown at full resolution."},
            "window": {"type": "string",
                "description": "screenshot: only this window, at full resolution (part of its title, or \"active\" for the focused one). Coordinates for actions stay those of the full screenshot."}
        },
        "required": ["action"]
    })
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
