//! Protocol invariants every model request must keep, as the real APIs enforce them
//! (most of these are a 400 from the real service). Breaches are recorded, not refused, so
//! a test sees all of them at once in `assert_invariants`.

use std::collections::{BTreeMap, HashSet};

use serde_json::Value;

use crate::wire::Provider;

/// Human-readable breaches of `provider`'s request rules in one request.
pub(crate) fn check(
    provider: Provider,
    body: &Value,
    headers: &BTreeMap<String, String>,
) -> Vec<String> {
    let mut out = Vec::new();
    match body.get("model") {
        Some(Value::String(model)) if !model.is_empty() => {}
        _ => out.push("the `model` field is missing or empty".to_owned()),
    }
    let messages = match body.get("messages") {
        Some(Value::Array(messages)) if !messages.is_empty() => messages.as_slice(),
        Some(Value::Array(_)) => {
            out.push("`messages` is empty".to_owned());
            &[]
        }
        _ => {
            out.push("`messages` is missing or not an array".to_owned());
            &[]
        }
    };
    match provider {
        Provider::OpenAi => openai(messages, &mut out),
        Provider::Anthropic => {
            if body.get("max_tokens").and_then(Value::as_u64).is_none() {
                out.push("`max_tokens` is missing (Anthropic requires it)".to_owned());
            }
            if !headers.contains_key("anthropic-version") {
                out.push("the `anthropic-version` header is missing".to_owned());
            }
            anthropic(messages, &mut out);
        }
        Provider::Ollama => ollama(messages, &mut out),
    }
    out
}

fn role(message: &Value) -> &str {
    message
        .get("role")
        .and_then(Value::as_str)
        .unwrap_or("<no role>")
}

fn openai(messages: &[Value], out: &mut Vec<String>) {
    let mut called: HashSet<String> = HashSet::new();
    let mut pending: Vec<String> = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        let role = role(message);
        if role == "tool" {
            let Some(id) = message.get("tool_call_id").and_then(Value::as_str) else {
                out.push(format!(
                    "messages[{i}]: tool message without `tool_call_id`"
                ));
                continue;
            };
            if !called.contains(id) {
                out.push(format!(
                    "messages[{i}]: tool result for `{id}` answers no earlier assistant tool call"
                ));
            } else if !pending.iter().any(|p| p == id) {
                out.push(format!(
                    "messages[{i}]: tool result for `{id}` is not right after its assistant message \
                     (or answers it twice)"
                ));
            }
            pending.retain(|p| p != id);
            continue;
        }
        if !pending.is_empty() {
            out.push(format!(
                "messages[{i}] ({role}): the assistant tool calls {pending:?} were not answered by \
                 tool messages first"
            ));
            pending.clear();
        }
        if role == "assistant" {
            for (j, call) in message
                .get("tool_calls")
                .and_then(Value::as_array)
                .map(Vec::as_slice)
                .unwrap_or_default()
                .iter()
                .enumerate()
            {
                let Some(id) = call.get("id").and_then(Value::as_str) else {
                    out.push(format!("messages[{i}].tool_calls[{j}] has no `id`"));
                    continue;
                };
                if call
                    .pointer("/function/name")
                    .and_then(Value::as_str)
                    .is_none()
                {
                    out.push(format!(
                        "messages[{i}].tool_calls[{j}] has no `function.name`"
                    ));
                }
                if !call
                    .pointer("/function/arguments")
                    .is_some_and(Value::is_string)
                {
                    out.push(format!(
                        "messages[{i}].tool_calls[{j}]: `function.arguments` must be a JSON string"
                    ));
                }
                called.insert(id.to_owned());
                pending.push(id.to_owned());
            }
        }
    }
    if !pending.is_empty() {
        out.push(format!(
            "the last assistant tool calls {pending:?} were never answered"
        ));
    }
}

fn content_blocks<'a>(message: &'a Value, kind: &'a str) -> impl Iterator<Item = &'a Value> + 'a {
    message
        .get("content")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default()
        .iter()
        .filter(move |block| block.get("type").and_then(Value::as_str) == Some(kind))
}

fn anthropic(messages: &[Value], out: &mut Vec<String>) {
    let mut called: HashSet<String> = HashSet::new();
    let mut pending: Vec<String> = Vec::new();
    for (i, message) in messages.iter().enumerate() {
        let role = role(message);
        if role != "user" && role != "assistant" {
            out.push(format!(
                "messages[{i}]: role `{role}` (Anthropic takes only user and assistant; the system \
                 prompt goes in `system`)"
            ));
        }
        let answered: Vec<&str> = content_blocks(message, "tool_result")
            .filter_map(|block| block.get("tool_use_id").and_then(Value::as_str))
            .collect();
        if content_blocks(message, "tool_result").count() != answered.len() {
            out.push(format!(
                "messages[{i}]: a tool_result block has no `tool_use_id`"
            ));
        }
        if role == "assistant" && !answered.is_empty() {
            out.push(format!(
                "messages[{i}]: tool_result blocks in an assistant message"
            ));
        }
        for id in &answered {
            if !called.contains(*id) {
                out.push(format!(
                    "messages[{i}]: tool_result for `{id}` answers no earlier assistant tool_use"
                ));
            } else if !pending.iter().any(|p| p == id) {
                out.push(format!(
                    "messages[{i}]: tool_result for `{id}` is not in the message right after its \
                     tool_use (or answers it twice)"
                ));
            }
        }
        let unanswered: Vec<&String> = pending
            .iter()
            .filter(|p| !answered.contains(&p.as_str()))
            .collect();
        if !unanswered.is_empty() {
            out.push(format!(
                "messages[{i}] ({role}): tool_use {unanswered:?} not answered by tool_result blocks \
                 in the very next user message"
            ));
        }
        pending.clear();
        if role == "assistant" {
            for block in content_blocks(message, "tool_use") {
                match block.get("id").and_then(Value::as_str) {
                    Some(id) => {
                        called.insert(id.to_owned());
                        pending.push(id.to_owned());
                    }
                    None => out.push(format!("messages[{i}]: a tool_use block has no `id`")),
                }
                if !block.get("input").is_some_and(Value::is_object) {
                    out.push(format!(
                        "messages[{i}]: a tool_use block's `input` is not an object"
                    ));
                }
            }
        }
    }
    if !pending.is_empty() {
        out.push(format!(
            "the last assistant tool_use {pending:?} were never answered"
        ));
    }
}

fn ollama(messages: &[Value], out: &mut Vec<String>) {
    // Whether the tool messages seen now may answer calls: the nearest message before them
    // that is not a tool message is an assistant message with tool_calls.
    let mut answering = false;
    for (i, message) in messages.iter().enumerate() {
        let role = role(message);
        if role == "tool" {
            if !answering {
                out.push(format!(
                    "messages[{i}]: tool message does not follow an assistant message with tool_calls"
                ));
            }
            continue;
        }
        let calls = message.get("tool_calls").and_then(Value::as_array);
        answering = role == "assistant" && calls.is_some_and(|calls| !calls.is_empty());
        for (j, call) in calls
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .enumerate()
        {
            if call
                .pointer("/function/name")
                .and_then(Value::as_str)
                .is_none()
            {
                out.push(format!(
                    "messages[{i}].tool_calls[{j}] has no `function.name`"
                ));
            }
            if !call
                .pointer("/function/arguments")
                .is_some_and(Value::is_object)
            {
                out.push(format!(
                    "messages[{i}].tool_calls[{j}]: `function.arguments` must be a JSON object"
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn openai_violations(messages: Value) -> Vec<String> {
        check(
            Provider::OpenAi,
            &json!({"model": "m", "messages": messages}),
            &BTreeMap::new(),
        )
    }

    #[test]
    fn openai_tool_result_must_answer_an_earlier_call() {
        let ok = json!([
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": null, "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
            {"role": "tool", "tool_call_id": "a", "content": "done"},
            {"role": "assistant", "content": "ok"},
        ]);
        assert_eq!(openai_violations(ok), Vec::<String>::new());
        let orphan = json!([
            {"role": "user", "content": "hi"},
            {"role": "tool", "tool_call_id": "zzz", "content": "done"},
        ]);
        let violations = openai_violations(orphan);
        assert_eq!(violations.len(), 1, "{violations:?}");
        assert!(violations[0].contains("zzz"));
    }

    #[test]
    fn openai_unanswered_call_is_flagged() {
        let messages = json!([
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": null, "tool_calls": [
                {"id": "a", "type": "function", "function": {"name": "f", "arguments": {}}}]},
            {"role": "user", "content": "again"},
        ]);
        let violations = openai_violations(messages);
        assert_eq!(violations.len(), 2, "{violations:?}");
    }

    #[test]
    fn anthropic_tool_use_answered_in_next_user_message() {
        let headers = BTreeMap::from([("anthropic-version".to_owned(), "2023-06-01".to_owned())]);
        let body = |messages: Value| json!({"model": "m", "max_tokens": 10, "messages": messages});
        let ok = json!([
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]},
        ]);
        assert_eq!(
            check(Provider::Anthropic, &body(ok), &headers),
            Vec::<String>::new()
        );
        let late = json!([
            {"role": "user", "content": "hi"},
            {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "f", "input": {}}]},
            {"role": "user", "content": "something else"},
            {"role": "assistant", "content": "ok"},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": "x"}]},
        ]);
        assert_eq!(check(Provider::Anthropic, &body(late), &headers).len(), 2);
    }

    #[test]
    fn ollama_tool_message_needs_calls_before_it() {
        let body = json!({"model": "m", "messages": [
            {"role": "user", "content": "hi"},
            {"role": "tool", "content": "x"},
        ]});
        assert_eq!(check(Provider::Ollama, &body, &BTreeMap::new()).len(), 1);
    }
}
