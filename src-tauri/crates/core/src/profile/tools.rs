//! The tools a profile can offer, with their JSON schemas, and how a call maps to an action.

use oi_protocol::{ToolAction, ToolCall};
use serde_json::{Value, json};

/// A tool offered to the model.
#[derive(Debug, Clone)]
pub struct ToolDef {
    pub name: &'static str,
    pub description: &'static str,
    schema: fn() -> Value,
}

impl ToolDef {
    pub fn named(name: &str) -> Option<ToolDef> {
        match name {
            "execute" => Some(ToolDef {
                name: "execute",
                description: "Run code on the user's machine and return its output. State persists \
                              between runs (variables, working directory). Languages: python, shell, \
                              javascript, and ruby, r, powershell, applescript where installed.",
                schema: execute_schema,
            }),
            _ => None,
        }
    }

    pub fn spec(&self) -> crate::model::ToolSpec {
        crate::model::ToolSpec {
            name: self.name.to_string(),
            description: self.description.to_string(),
            parameters: (self.schema)(),
        }
    }
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

/// What a call to `name` with `arguments` will do.
pub fn action_for(name: &str, arguments: &Value) -> ToolAction {
    match name {
        "execute" | "run_code" | "python" | "shell" | "bash" => {
            let language = arguments
                .get("language")
                .and_then(Value::as_str)
                .map(str::to_string)
                .unwrap_or_else(|| if name == "execute" || name == "run_code" { "python".into() } else { name.into() });
            let code = arguments
                .get("code")
                .or_else(|| arguments.get("command"))
                .and_then(Value::as_str)
                .map(str::to_string)
                .or_else(|| arguments.as_str().map(str::to_string))
                .unwrap_or_default();
            ToolAction::RunCode { language, code }
        }
        _ => ToolAction::Other { arguments: arguments.clone() },
    }
}

/// A call shown as text, for models that cannot see native calls.
pub(crate) fn call_as_text(call: &ToolCall) -> String {
    match &call.action {
        ToolAction::RunCode { language, code } => format!("```{language}\n{code}\n```"),
        _ => format!("{{\"name\": \"{}\", \"arguments\": {}}}", call.name, call.arguments),
    }
}
