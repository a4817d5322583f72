//! Tool calls in the generated text, as llama.cpp's server parses them for Hermes-style chat
//! templates (Qwen 2.5 and 3, Hermes, many fine-tunes): `<tool_call>{"name": …, "arguments": …}
//! </tool_call>` becomes a native call; everything else stays text, where the engine's text-call
//! shims (bare JSON, fences) look at it as they do for any server.

use oi_model::NativeToolCall;
use serde_json::Value;

const OPEN: &str = "<tool_call>";
const CLOSE: &str = "</tool_call>";

/// What the splitter decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Part {
    Text(String),
    Call(NativeToolCall),
}

/// Splits streamed text into text and `<tool_call>` blocks. Text that may still become an
/// opening tag is held back until it is decided.
#[derive(Debug, Default)]
pub struct CallSplitter {
    held: String,
    in_call: bool,
    calls: usize,
}

impl CallSplitter {
    pub fn push(&mut self, delta: &str) -> Vec<Part> {
        self.held.push_str(delta);
        let mut out = Vec::new();
        loop {
            if self.in_call {
                let Some(end) = self.held.find(CLOSE) else {
                    return out;
                };
                let body: String = self.held.drain(..end + CLOSE.len()).collect();
                self.in_call = false;
                let inner = &body[..end];
                out.push(self.call_or_text(inner));
            } else if let Some(start) = self.held.find(OPEN) {
                let before: String = self.held.drain(..start + OPEN.len()).collect();
                push_text(&mut out, &before[..start]);
                self.in_call = true;
            } else {
                let keep = partial_tag_len(&self.held);
                let ready: String = self.held.drain(..self.held.len() - keep).collect();
                push_text(&mut out, &ready);
                return out;
            }
        }
    }

    /// The text ended: a call left open is taken when it is complete JSON (models often stop
    /// right after the object), otherwise it is text again.
    pub fn finish(&mut self) -> Vec<Part> {
        let rest = std::mem::take(&mut self.held);
        let mut out = Vec::new();
        if self.in_call {
            self.in_call = false;
            out.push(self.call_or_text(&rest));
        } else {
            push_text(&mut out, &rest);
        }
        out
    }

    fn call_or_text(&mut self, inner: &str) -> Part {
        match parse_call(inner) {
            Some((name, arguments)) => {
                let id = format!("call_{}", self.calls);
                self.calls += 1;
                Part::Call(NativeToolCall {
                    id,
                    name,
                    arguments,
                })
            }
            None => Part::Text(format!("{OPEN}{inner}{CLOSE}")),
        }
    }
}

fn push_text(out: &mut Vec<Part>, text: &str) {
    if !text.is_empty() {
        out.push(Part::Text(text.to_string()));
    }
}

/// How many bytes at the end of `text` could be the start of [`OPEN`].
fn partial_tag_len(text: &str) -> usize {
    (1..OPEN.len())
        .rev()
        .find(|&n| {
            text.len() >= n
                && text.is_char_boundary(text.len() - n)
                && OPEN.starts_with(&text[text.len() - n..])
        })
        .unwrap_or(0)
}

fn parse_call(inner: &str) -> Option<(String, Value)> {
    let value: Value = serde_json::from_str(inner.trim()).ok()?;
    let name = value.get("name")?.as_str()?.to_string();
    let arguments = match value.get("arguments").or_else(|| value.get("parameters")) {
        Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::String(s.clone())),
        Some(v) => v.clone(),
        None => Value::Object(Default::default()),
    };
    Some((name, arguments))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn split_all(deltas: &[&str]) -> Vec<Part> {
        let mut s = CallSplitter::default();
        let mut out = Vec::new();
        for d in deltas {
            out.extend(s.push(d));
        }
        out.extend(s.finish());
        // Adjacent text parts are one text for the reader.
        let mut merged: Vec<Part> = Vec::new();
        for part in out {
            match (merged.last_mut(), part) {
                (Some(Part::Text(a)), Part::Text(b)) => a.push_str(&b),
                (_, p) => merged.push(p),
            }
        }
        merged
    }

    fn call(id: &str, name: &str, arguments: Value) -> Part {
        Part::Call(NativeToolCall {
            id: id.into(),
            name: name.into(),
            arguments,
        })
    }

    #[test]
    fn calls_cut_at_any_point_are_found() {
        let text = "Let me run it.\n<tool_call>\n{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"print(2)\"}}\n</tool_call>";
        let expected = vec![
            Part::Text("Let me run it.\n".into()),
            call(
                "call_0",
                "execute",
                json!({"language": "python", "code": "print(2)"}),
            ),
        ];
        for cut in 1..text.len() {
            let (a, b) = text.split_at(cut);
            assert_eq!(split_all(&[a, b]), expected, "cut at {cut}");
        }
        let chars: Vec<String> = text.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        assert_eq!(split_all(&refs), expected);
    }

    #[test]
    fn two_calls_string_arguments_and_an_unclosed_last_one() {
        let text = "<tool_call>{\"name\": \"a\", \"arguments\": \"{\\\"x\\\": 1}\"}</tool_call><tool_call>{\"name\": \"b\", \"arguments\": {}}";
        assert_eq!(
            split_all(&[text]),
            vec![
                call("call_0", "a", json!({"x": 1})),
                call("call_1", "b", json!({}))
            ]
        );
    }

    #[test]
    fn broken_calls_and_lookalikes_stay_text() {
        let broken = "<tool_call>{\"name\": \"a\", \"arguments\": {</tool_call> done";
        assert_eq!(split_all(&[broken]), vec![Part::Text(broken.into())]);
        let plain = "a < b and <tool_ is not a tag; {\"name\": \"x\", \"arguments\": {}}";
        assert_eq!(split_all(&[plain]), vec![Part::Text(plain.into())]);
        assert_eq!(
            split_all(&["ends with <tool"]),
            vec![Part::Text("ends with <tool".into())]
        );
        assert_eq!(
            split_all(&["é<", "tool_ca", "ll"]),
            vec![Part::Text("é<tool_call".into())]
        );
    }
}
