//! Task lists the model keeps for itself: Claude Code's `TodoWrite`, Codex's `update_plan` and
//! DeepSeek-TUI's `todo_write`. Each call replaces the whole list; the engine keeps the latest.

use oi_protocol::{PlanItem, PlanStatus};
use serde_json::Value;

use super::{ToolError, Workspace, opt_str};

pub(super) fn handles(name: &str) -> bool {
    matches!(name, "TodoWrite" | "update_plan" | "todo_write")
}

/// The task list a plan call writes, checked: every item has text and a known status
/// (`pending` when none is given).
pub fn items(name: &str, args: &Value) -> Result<Vec<PlanItem>, ToolError> {
    let (list_key, text_key) = if name == "update_plan" {
        ("plan", "step")
    } else {
        ("todos", "content")
    };
    let items = args
        .get(list_key)
        .and_then(Value::as_array)
        .ok_or(ToolError::MissingArgument(if name == "update_plan" {
            "plan"
        } else {
            "todos"
        }))?;
    let mut plan = Vec::new();
    for item in items {
        let text = item
            .get(text_key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .trim()
            .to_string();
        if text.is_empty() {
            return Err(ToolError::Rejected(format!(
                "every item needs a non-empty `{text_key}`"
            )));
        }
        let written = item
            .get("status")
            .and_then(Value::as_str)
            .unwrap_or("pending");
        let status = PlanStatus::parse(written).ok_or_else(|| {
            ToolError::Rejected(format!(
                "`{written}` is not a status: use pending, in_progress or completed"
            ))
        })?;
        plan.push(PlanItem { text, status });
    }
    Ok(plan)
}

pub(super) fn run(name: &str, args: &Value, ws: &mut Workspace) -> Result<String, ToolError> {
    let plan = items(name, args)?;
    ws.state.plan = plan;
    Ok(match name {
        "TodoWrite" => {
            "Todos have been updated. Keep the list current as you work, and go on with \
                        the task in progress if there is one."
                .to_string()
        }
        "update_plan" => {
            let mut out = "Plan updated".to_string();
            if let Some(why) = opt_str(args, "explanation") {
                out.push_str(&format!(" ({why})"));
            }
            out
        }
        _ => {
            let done = ws
                .state
                .plan
                .iter()
                .filter(|i| i.status == PlanStatus::Completed)
                .count();
            let mut out = format!("Todo list updated ({done}/{} done)", ws.state.plan.len());
            for (n, item) in ws.state.plan.iter().enumerate() {
                let mark = match item.status {
                    PlanStatus::Completed => "[x]",
                    PlanStatus::InProgress => "[~]",
                    PlanStatus::Pending => "[ ]",
                };
                out.push_str(&format!("\n{}. {mark} {}", n + 1, item.text));
            }
            out
        }
    })
}
