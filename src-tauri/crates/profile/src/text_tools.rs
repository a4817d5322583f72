//! A session's extra tools (its MCP servers' tools) told to a model that cannot call them
//! natively: the harness has no native tools (SWE-agent), or the model refused them. The model
//! then writes the call as text, which `interpret` recognises.

use serde_json::{Map, Value};

use super::ToolStyle;
use oi_model::ToolSpec;

/// Characters of tool descriptions and schemas the section may take (about 3,000 tokens).
const MAX_SECTION_CHARS: usize = 12_000;

/// The system prompt's section naming `tools` and how to call one as text in `style`.
pub(crate) fn section(style: ToolStyle, tools: &[ToolSpec]) -> Option<String> {
    let first = tools.first()?;
    let mut out = String::from(
        "TOOLS FROM MCP SERVERS:\nThese tools are also available. Each is given with what it does and the JSON Schema of its arguments.\n",
    );
    let mut short = 0;
    for tool in tools {
        let description = tool.description.trim();
        let description = if description.is_empty() {
            "(no description)"
        } else {
            description
        };
        let full = format!(
            "- {}: {}\n  Arguments: {}\n",
            tool.name,
            description,
            compact_schema(&tool.parameters)
        );
        if out.len() + full.len() <= MAX_SECTION_CHARS {
            out.push_str(&full);
        } else {
            // Small local models have small context windows: past the budget, a tool is
            // named with the start of its description only.
            let brief: String = description.chars().take(100).collect();
            out.push_str(&format!("- {}: {brief}\n", tool.name));
            short += 1;
        }
    }
    if short > 0 {
        out.push_str(&format!(
            "({short} tools above are listed without their arguments to save room; give the arguments their description implies.)\n"
        ));
    }
    let example = format!(
        "{{\"name\": \"{}\", \"arguments\": {}}}",
        first.name,
        example_arguments(&first.parameters)
    );
    match style {
        ToolStyle::OneCommand => out.push_str(&format!(
            "To call one, make the fenced block of your reply hold only the call as a JSON object; it is then the reply's one command:\n\n```\n{example}\n```\n\nIts result comes back as the command's output."
        )),
        ToolStyle::NativeOrFenced | ToolStyle::Native => out.push_str(&format!(
            "To call one, write the call as a JSON object between <tool_call> tags, then stop and wait for its result:\n\n<tool_call>\n{example}\n</tool_call>"
        )),
    }
    Some(out)
}

/// The schema on one line, without the keys that only say which schema dialect it is.
fn compact_schema(schema: &Value) -> String {
    let mut schema = schema.clone();
    if let Value::Object(map) = &mut schema {
        map.remove("$schema");
    }
    schema.to_string()
}

/// Arguments for the example call: each required property with a value of its type.
fn example_arguments(schema: &Value) -> Value {
    let properties = schema.get("properties").and_then(Value::as_object);
    let required: Vec<&str> = schema
        .get("required")
        .and_then(Value::as_array)
        .map(|r| r.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let mut args = Map::new();
    for name in required {
        let kind = properties
            .and_then(|p| p.get(name))
            .and_then(|p| p.get("type"))
            .and_then(Value::as_str)
            .unwrap_or("string");
        let value = match kind {
            "integer" | "number" => Value::from(1),
            "boolean" => Value::Bool(true),
            "array" => Value::Array(Vec::new()),
            "object" => Value::Object(Map::new()),
            _ => Value::String("...".into()),
        };
        args.insert(name.to_string(), value);
    }
    Value::Object(args)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn many_tools_fit_a_budget_and_are_all_named() {
        let tools: Vec<ToolSpec> = (0..200)
            .map(|i| ToolSpec {
                name: format!("mcp__big__tool_{i}"),
                description: format!("Tool number {i}. {}", "Long words. ".repeat(20)),
                parameters: serde_json::json!({"type": "object", "properties": {
                    "path": {"type": "string", "description": "x".repeat(200)}}}),
            })
            .collect();
        let text = section(ToolStyle::Native, &tools).unwrap();
        assert!(text.len() < MAX_SECTION_CHARS + 200 * 160, "{}", text.len());
        assert!(text.len() < 50_000, "{}", text.len());
        for i in [0, 57, 199] {
            assert!(text.contains(&format!("mcp__big__tool_{i}:")), "tool {i}");
        }
        assert!(text.contains("listed without their arguments"), "{text}");
    }

    fn echo() -> ToolSpec {
        ToolSpec {
            name: "mcp__everything__echo".into(),
            description: "Echoes back the input".into(),
            parameters: json!({
                "$schema": "http://json-schema.org/draft-07/schema#",
                "type": "object",
                "properties": {"message": {"type": "string"}, "times": {"type": "integer"}},
                "required": ["message", "times"],
            }),
        }
    }

    #[test]
    fn each_tool_is_listed_with_its_schema_and_the_call_in_the_profile_syntax() {
        assert_eq!(section(ToolStyle::OneCommand, &[]), None);
        let swe = section(ToolStyle::OneCommand, &[echo()]).unwrap();
        assert!(
            swe.contains("- mcp__everything__echo: Echoes back the input\n  Arguments: {"),
            "{swe}"
        );
        assert!(!swe.contains("$schema"), "{swe}");
        let call = "{\"name\": \"mcp__everything__echo\", \"arguments\": {\"message\":\"...\",\"times\":1}}";
        assert!(swe.contains(&format!("```\n{call}\n```")), "{swe}");
        let classic = section(ToolStyle::NativeOrFenced, &[echo()]).unwrap();
        assert!(
            classic.contains(&format!("<tool_call>\n{call}\n</tool_call>")),
            "{classic}"
        );
    }

    #[test]
    fn the_example_call_is_one_the_text_call_reader_takes() {
        let text = section(ToolStyle::OneCommand, &[echo()]).unwrap();
        let calls = super::super::text_calls::json_calls(&text, &["mcp__everything__echo"]);
        assert_eq!(calls.len(), 1, "{text}");
        assert_eq!(calls[0].arguments, json!({"message": "...", "times": 1}));
    }
}
