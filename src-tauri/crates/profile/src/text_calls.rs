//! Tool calls written as text. Small local models often print the call instead of making it:
//! bare JSON `{"name": …, "arguments": …}`, Qwen's `<tool_call>…</tool_call>`, JSON in a fence,
//! or (classic style) a fenced code block with a language.

use serde_json::Value;

/// A call recognised in assistant text.
#[derive(Debug, Clone, PartialEq)]
pub struct TextCall {
    pub name: String,
    pub arguments: Value,
}

/// A fenced block: its info string (language) and body.
#[derive(Debug, Clone, PartialEq)]
pub struct FencedBlock {
    pub lang: String,
    pub body: String,
}

/// Every complete fenced block in `text`, in order. An unclosed block at the end is ignored
/// (the model was cut off) unless `include_unclosed`.
pub fn fenced_blocks(text: &str, include_unclosed: bool) -> Vec<FencedBlock> {
    let mut blocks = Vec::new();
    // (fence, lang, body, the fence's indentation)
    let mut current: Option<(String, String, String, usize)> = None;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        match &mut current {
            None => {
                if let Some(fence) = fence_prefix(trimmed) {
                    let lang = trimmed[fence.len()..].trim().to_string();
                    current = Some((fence, lang, String::new(), line.len() - trimmed.len()));
                }
            }
            Some((fence, lang, body, indent)) => {
                let t = trimmed.trim_end();
                if t.starts_with(fence.as_str()) && t.chars().all(|c| c == '`' || c == '~') {
                    blocks.push(FencedBlock {
                        lang: std::mem::take(lang),
                        body: std::mem::take(body),
                    });
                    current = None;
                } else {
                    // A block indented under a list item is indented by as much as its fence:
                    // the 0.5B model's steps "1. …" each held a block three spaces in, which ran
                    // as an IndentationError (thirtieth set, task 17).
                    let margin = line.len() - line.trim_start_matches([' ', '\t']).len();
                    body.push_str(&line[margin.min(*indent)..]);
                }
            }
        }
    }
    if include_unclosed && let Some((_, lang, body, _)) = current {
        blocks.push(FencedBlock { lang, body });
    }
    for b in &mut blocks {
        if b.body.ends_with('\n') {
            b.body.pop();
        }
        // Info strings like "python title=x" keep only the language.
        b.lang = b
            .lang
            .split_whitespace()
            .next()
            .unwrap_or("")
            .to_lowercase();
        // The language said again on the body's first line, or said there for a bare fence:
        // the language, not code (begun "```python\n", the 0.5B model went on
        // "python\nresult = 80 * 0.15 + 8", a NameError; sixteenth set, task 3).
        if let Some((first, rest)) = b.body.split_once('\n') {
            let named = first.trim().to_lowercase();
            let language = !named.is_empty()
                && (b.lang == named
                    || b.lang.is_empty() && LANGUAGE_LINES.contains(&named.as_str()));
            if language && !rest.trim().is_empty() {
                b.body = rest.to_string();
                b.lang = named;
            }
        }
    }
    blocks
}

/// A bare fence's first line that names the block's language rather than holding code.
const LANGUAGE_LINES: [&str; 9] = [
    "python",
    "python3",
    "py",
    "bash",
    "sh",
    "shell",
    "javascript",
    "js",
    "node",
];

fn fence_prefix(line: &str) -> Option<String> {
    for ch in ['`', '~'] {
        let n = line.chars().take_while(|c| *c == ch).count();
        if n >= 3 {
            return Some(std::iter::repeat_n(ch, n).collect());
        }
    }
    None
}

/// A block whose whole body calls the tool as if it were a Python function —
/// `execute(language="python", code="print(1)")`, as the 1.5B model writes — gives the
/// language and code it meant (running it as Python is a `NameError`).
pub fn tool_written_as_python(body: &str, tool: &str) -> Option<(Option<String>, String)> {
    let inner = body
        .trim()
        .strip_prefix(tool)?
        .trim_start()
        .strip_prefix('(')?
        .trim_end()
        .strip_suffix(')')?;
    let mut rest = inner.trim();
    let (mut language, mut code) = (None, None);
    let mut position = 0;
    while !rest.is_empty() {
        if position >= 2 {
            return None;
        }
        let (key, after) = match rest.split_once('=') {
            Some((k, a))
                if !k.trim().is_empty()
                    && k.trim().chars().all(|c| c.is_alphanumeric() || c == '_') =>
            {
                (Some(k.trim()), a.trim_start())
            }
            _ => (None, rest),
        };
        let (value, after) = python_string(after)?;
        match key.unwrap_or(if position == 0 { "language" } else { "code" }) {
            "language" | "lang" => language = Some(value),
            "code" | "source" => code = Some(value),
            _ => return None,
        }
        position += 1;
        rest = after.trim_start();
        rest = rest.strip_prefix(',').unwrap_or(rest).trim_start();
    }
    Some((language, code?))
}

/// A Python string literal at the start of `s` (quotes `'`/`"`, single or triple, `r`
/// prefix, the common escapes) and what follows it.
fn python_string(s: &str) -> Option<(String, &str)> {
    let (raw, s) = match s.strip_prefix(['r', 'R']) {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let quote = ["\"\"\"", "'''", "\"", "'"]
        .into_iter()
        .find(|q| s.starts_with(q))?;
    let body = &s[quote.len()..];
    let mut out = String::new();
    let mut chars = body.char_indices();
    while let Some((i, c)) = chars.next() {
        if body[i..].starts_with(quote) {
            return Some((out, &body[i + quote.len()..]));
        }
        if c == '\\' && !raw {
            let (_, e) = chars.next()?;
            match e {
                'n' => out.push('\n'),
                't' => out.push('\t'),
                '\\' | '\'' | '"' => out.push(e),
                '\n' => {}
                other => {
                    out.push('\\');
                    out.push(other);
                }
            }
        } else {
            if quote.len() == 1 && c == '\n' {
                return None;
            }
            out.push(c);
        }
    }
    None
}

/// Whether `code` is only a value: a number (`56211`, `-3.5e2`, `1,234`), one quoted string,
/// or a file name alone (the 1.5B model followed its code with a block holding only
/// `find_warmest_day.py`, whose NameError came last in every run until the bench's time ran
/// out).
pub fn is_bare_value(code: &str) -> bool {
    let c = code.trim();
    if c.is_empty() {
        return false;
    }
    let number = c.chars().any(|ch| ch.is_ascii_digit())
        && c.chars()
            .all(|ch| ch.is_ascii_digit() || "+-.,_eE ".contains(ch));
    let quoted = c.len() >= 2
        && ['"', '\'']
            .iter()
            .any(|q| c.starts_with(*q) && c.ends_with(*q) && !c[1..c.len() - 1].contains(*q));
    let file_name = c.rsplit_once('.').is_some_and(|(stem, extension)| {
        !stem.is_empty()
            && stem
                .chars()
                .all(|ch| ch.is_alphanumeric() || "_-".contains(ch))
            && ["py", "js", "sh", "txt", "csv", "json", "log", "md"].contains(&extension)
    });
    number || quoted || file_name
}

/// Tool calls written as JSON: bare, inside `<tool_call>` tags, or in a ```json fence.
/// Only objects naming one of `known_tools` count, so ordinary JSON in an answer is left alone.
pub fn json_calls(text: &str, known_tools: &[&str]) -> Vec<TextCall> {
    let mut calls = Vec::new();
    let mut candidates = json_call_spans(text);
    if candidates.is_empty() {
        candidates.extend(embedded_objects(&without_code_around_calls(text)));
    }
    for candidate in candidates {
        let (imports, object) = imports_before_object(&candidate).unwrap_or(("", &candidate));
        let start = calls.len();
        for value in parse_json_values(object.trim()) {
            collect_calls(&value, Names::Known(known_tools), &mut calls);
        }
        for call in &mut calls[start..] {
            python_code_mended(&mut call.arguments, imports);
        }
    }
    calls.dedup();
    calls
}

/// The Python imports a ```python block writes before the one object that follows them, and
/// that object: the 0.5B model, told to import `json`, wrote `import json` above its JSON call
/// in a python block, which ran as a dict that prints itself (twenty-ninth set, task 14).
fn imports_before_object(span: &str) -> Option<(&str, &str)> {
    let mut at = 0;
    for line in span.split_inclusive('\n') {
        let t = line.trim();
        if t.is_empty()
            || t.starts_with("import ")
            || t.starts_with("from ") && t.contains(" import ")
        {
            at += line.len();
        } else {
            break;
        }
    }
    let (imports, rest) = span.split_at(at);
    (!imports.trim().is_empty() && rest.trim_start().starts_with('{'))
        .then_some((imports.trim(), rest))
}

/// A Python call's `code` with the imports written outside it put first, and without the
/// indentation all its lines share: code written indented under its JSON key
/// (`"code": "\n    with open(…"`) is an IndentationError as it stands (twenty-ninth set,
/// task 14).
fn python_code_mended(arguments: &mut Value, imports: &str) {
    let python = arguments
        .get("language")
        .and_then(Value::as_str)
        .is_none_or(|l| matches!(l.to_ascii_lowercase().as_str(), "python" | "py" | "python3"));
    let Some(Value::String(code)) = arguments.get_mut("code") else {
        return;
    };
    if !python {
        return;
    }
    let indented = code
        .lines()
        .filter(|l| !l.trim().is_empty())
        .all(|l| l.starts_with([' ', '\t']));
    if indented && code.lines().any(|l| !l.trim().is_empty()) {
        *code = dedent(code);
    }
    if !imports.is_empty() {
        let missing: Vec<&str> = imports
            .lines()
            .map(str::trim)
            .filter(|i| !i.is_empty() && !code.lines().any(|l| l.trim() == *i))
            .collect();
        if !missing.is_empty() {
            *code = format!("{}\n{code}", missing.join("\n"));
        }
    }
}

/// Calls written on purpose (the whole reply, a `json` fence or `<tool_call>` tags) to a tool
/// that is not among `known_tools`: small models invent a name (`multiply`, `reverseString`)
/// for what they mean to do. Objects in prose are left alone.
pub fn unknown_json_calls(text: &str, known_tools: &[&str]) -> Vec<TextCall> {
    let mut calls = Vec::new();
    for candidate in json_call_spans(text) {
        for value in parse_json_values(candidate.trim()) {
            collect_calls(&value, Names::Unknown(known_tools), &mut calls);
        }
    }
    calls.dedup();
    calls
}

/// When `text` holds what was meant as a JSON call of one of `known_tools` (bare, fenced or in
/// `<tool_call>` tags) but does not parse, why it does not. A broken call of an invented name
/// is left to the turn's coaching, which asks for a python block with the request in view (the
/// 0.5B model's `"code": "def f(n):" + "…"` under the name `factorial`: told of broken JSON,
/// it wrote other code that was wrong; asked for a python block for the request, right code).
pub fn broken_json_call(text: &str, known_tools: &[&str]) -> Option<String> {
    unparsed_call(text, |c| {
        known_tools.iter().any(|t| c.contains(&format!("\"{t}\"")))
    })
}

/// When `text` holds a JSON call of any name, with arguments, written where a call is written
/// on purpose ([`json_call_spans`]), that does not parse: why it does not.
pub fn broken_call_of_any_name(text: &str) -> Option<String> {
    unparsed_call(text, |c| c.contains("\"arguments\""))
}

/// Why the first span of `text` that is meant as a JSON call (an object naming `"name"`, and
/// `meant` of it) does not parse.
fn unparsed_call(text: &str, meant: impl Fn(&str) -> bool) -> Option<String> {
    json_call_spans(text).into_iter().find_map(|c| {
        let c = c.trim();
        if !c.starts_with('{') || !c.contains("\"name\"") || !meant(c) {
            return None;
        }
        serde_json::from_str::<Value>(c)
            .err()
            .map(|e| e.to_string())
    })
}

/// Where a JSON call is written on purpose: inside `<tool_call>` tags, in a bare, `json` or
/// `tool_call` fence, as the whole text, or as the whole of a `python` fence (a dict literal
/// that, run, only prints itself: the 0.5B model wrote its call to a tool it named
/// `people.json` in a ```python block, and its answer came from the dict it printed).
fn json_call_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find("<tool_call>") {
        let after = &rest[start + "<tool_call>".len()..];
        let end = after.find("</tool_call>").unwrap_or(after.len());
        spans.push(after[..end].to_string());
        rest = &after[end..];
    }
    for block in fenced_blocks(text, true) {
        let body = block.body.trim();
        let whole_object =
            (body.starts_with('{') || imports_before_object(body).is_some()) && body.ends_with('}');
        if block.lang.is_empty()
            || block.lang == "json"
            || block.lang == "tool_call"
            || (matches!(block.lang.as_str(), "python" | "py") && whole_object)
        {
            spans.push(block.body);
        }
    }
    let whole = text.trim();
    if whole.starts_with('{') || whole.starts_with('[') {
        spans.push(whole.to_string());
    }
    spans
}

/// `text` without the code blocks (in a language that runs) that hold more than a call: an
/// object there is the code's, and the block is what runs. The 0.5B model defined
/// `compute_total_items()` in a ```python block that ended with `execute({"name": "execute",
/// "arguments": {"language": "python", "code": "compute_total_items()"}})`; that object taken
/// for the call ran `compute_total_items()` alone, a NameError (twenty-second set, task 31).
fn without_code_around_calls(text: &str) -> String {
    let mut out = text.to_string();
    for block in fenced_blocks(text, true) {
        let body = block.body.trim();
        let only_a_call = body.starts_with('{')
            || body.starts_with("execute(")
            || body.starts_with("<tool_call>");
        if !body.is_empty() && !only_a_call && oi_exec::canonical_language(&block.lang).is_some() {
            out = out.replacen(block.body.as_str(), "", 1);
        }
    }
    out
}

/// Top-level `{…}` spans that look like a call, found in prose.
fn embedded_objects(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == '{' {
            let mut depth = 0i32;
            let mut in_str = false;
            let mut escaped = false;
            for j in i..bytes.len() {
                let c = bytes[j];
                if in_str {
                    if escaped {
                        escaped = false;
                    } else if c == '\\' {
                        escaped = true;
                    } else if c == '"' {
                        in_str = false;
                    }
                    continue;
                }
                match c {
                    '"' => in_str = true,
                    '{' => depth += 1,
                    '}' => {
                        depth -= 1;
                        if depth == 0 {
                            let s: String = bytes[i..=j].iter().collect();
                            if s.contains("\"name\"") {
                                out.push(s);
                            }
                            i = j;
                            break;
                        }
                    }
                    _ => {}
                }
            }
        }
        i += 1;
    }
    out
}

/// One JSON value, or several written one per line. A value written as a Python triple-quoted
/// string (`"code": """` … `"""`, as small models write code in a JSON call) is taken as
/// the string it means.
fn parse_json_values(s: &str) -> Vec<Value> {
    if let Ok(v) = serde_json::from_str::<Value>(s) {
        return vec![v];
    }
    if let Some(v) = triple_quoted_as_json(s).and_then(|j| serde_json::from_str(&j).ok()) {
        return vec![v];
    }
    if let Some(v) = loose_quotes_in_code(s).and_then(|j| serde_json::from_str(&j).ok()) {
        return vec![v];
    }
    // Lines of code written as they are inside a JSON string (the 0.5B model's `"code":
    // "import os` and the next lines, unescaped): its newlines and tabs escaped.
    if let Some(escaped) = raw_breaks_escaped(s) {
        let fixed = loose_quotes_in_code(&escaped).unwrap_or(escaped);
        if let Ok(v) = serde_json::from_str(&fixed) {
            return vec![v];
        }
    }
    // A `"code"` string never closed, or closed inside the brackets it should stand before.
    if let Some(v) = unclosed_code_closed(s).and_then(|j| serde_json::from_str(&j).ok()) {
        return vec![v];
    }
    s.lines()
        .filter_map(|l| serde_json::from_str::<Value>(l.trim()).ok())
        .collect()
}

/// `s` with the line breaks and tabs inside its JSON strings escaped (`\n`, `\t`); `None`
/// when its strings hold none.
fn raw_breaks_escaped(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len() + 16);
    let (mut in_string, mut escaped, mut changed) = (false, false, false);
    for c in s.chars() {
        match c {
            '\n' | '\r' | '\t' if in_string => {
                changed = true;
                out.push_str(match c {
                    '\n' => "\\n",
                    '\r' => "\\r",
                    _ => "\\t",
                });
                escaped = false;
                continue;
            }
            '"' if !escaped => in_string = !in_string,
            _ => {}
        }
        escaped = c == '\\' && !escaped;
        out.push(c);
    }
    changed.then_some(out)
}

/// `s` with each `"""…"""` written as a JSON string of its text, dedented (the model indents
/// the code under its key); `None` when it has none.
fn triple_quoted_as_json(s: &str) -> Option<String> {
    const TRIPLE: &str = "\"\"\"";
    let mut out = String::new();
    let mut rest = s;
    while let Some(start) = rest.find(TRIPLE) {
        let after = &rest[start + TRIPLE.len()..];
        let end = after.find(TRIPLE)?;
        out.push_str(&rest[..start]);
        out.push_str(&serde_json::to_string(&dedent(&after[..end])).ok()?);
        rest = &after[end + TRIPLE.len()..];
    }
    if out.is_empty() {
        return None;
    }
    out.push_str(rest);
    Some(out)
}

/// `s` with the double quotes inside its `"code"` string escaped, when that string is the
/// object's last value and its code holds quotes the model did not escape (the 0.5B model wrote
/// `"code": "…print(f"Skipping line: {line}")…"}}`, which is no JSON). The string runs from
/// `"code": "` to the last quote before the closing brackets; `None` when there is no such key
/// or no quote in it needed escaping.
fn loose_quotes_in_code(s: &str) -> Option<String> {
    let start = code_string_start(s)?;
    let tail = s[start..]
        .trim_end()
        .trim_end_matches(|c: char| c == '}' || c == ']' || c.is_whitespace());
    let end = start + tail.strip_suffix('"')?.len();
    let body = &s[start..end];
    // Another key after the code (`…", "language": "python"`): the code is not the last value.
    let another_key = body.match_indices('"').any(|(at, _)| {
        let rest = body[at + 1..].trim_start();
        let Some(rest) = rest.strip_prefix(',') else {
            return false;
        };
        let Some(key) = rest.trim_start().strip_prefix('"') else {
            return false;
        };
        key.split_once('"').is_some_and(|(name, after)| {
            !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
                && after.trim_start().starts_with(':')
        })
    });
    if another_key {
        return None;
    }
    let escaped = escaped_in_string(body, false);
    (escaped.len() > body.len()).then(|| format!("{}{escaped}{}", &s[..start], &s[end..]))
}

/// `s` with its `"code"` string closed where the model left it open, at the object's end
/// (the 0.5B model wrote `"code": "numbers = […] return sum(numbers)}}`, and `"code": "def
/// longest_word(lines): return max(lines, key=len)}"}`, its quote inside the brackets): the
/// code runs from `"code": "` to the brackets and quotes that end the text, its quotes and line
/// breaks escaped, and as many brackets close it as were opened before it. `None` when there
/// is no such key, or when the text does not end with a bracket.
fn unclosed_code_closed(s: &str) -> Option<String> {
    // Only a call the model ended itself: one cut short (by the reply's token limit) may hold
    // a command cut short, which is not run.
    if !s.trim_end().ends_with('}') {
        return None;
    }
    let start = code_string_start(s)?;
    let body = s[start..]
        .trim_end()
        .trim_end_matches(|c: char| c == '}' || c == '"' || c.is_whitespace());
    if body.trim().is_empty() {
        return None;
    }
    let opened = s[..start].matches('{').count();
    let closed = s[..start].matches('}').count();
    Some(format!(
        "{}{}\"{}",
        &s[..start],
        escaped_in_string(body, true),
        "}".repeat(opened.checked_sub(closed)?)
    ))
}

/// Where the text of a call's `"code"` string begins: just after the quote that opens it.
fn code_string_start(s: &str) -> Option<usize> {
    let key = s.find("\"code\"")?;
    let value = s[key + "\"code\"".len()..].trim_start().strip_prefix(':')?;
    let value = value.trim_start().strip_prefix('"')?;
    Some(s.len() - value.len())
}

/// `text` as it must stand inside a JSON string: its quotes not escaped yet escaped, and,
/// with `breaks`, its line breaks and tabs written `\n` and `\t` (a carriage return left out).
fn escaped_in_string(text: &str, breaks: bool) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut backslashes = 0;
    for c in text.chars() {
        match c {
            '"' if backslashes % 2 == 0 => out.push_str("\\\""),
            '\n' if breaks => out.push_str("\\n"),
            '\t' if breaks => out.push_str("\\t"),
            '\r' if breaks => {}
            _ => out.push(c),
        }
        backslashes = if c == '\\' { backslashes + 1 } else { 0 };
    }
    out
}

/// The text without the indentation all its lines share, and without blank lines around it.
fn dedent(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let body: Vec<&str> = lines
        .iter()
        .map(|l| l.get(indent..).unwrap_or_else(|| l.trim_start()))
        .collect();
    body.join("\n").trim_matches('\n').trim_end().to_string()
}

/// Which calls `collect_calls` takes.
#[derive(Clone, Copy)]
enum Names<'a> {
    /// Calls to these tools.
    Known(&'a [&'a str]),
    /// Calls to any other name, with arguments: `{"name": "Alice", "age": 3}` is data.
    Unknown(&'a [&'a str]),
}

fn collect_calls(value: &Value, names: Names, out: &mut Vec<TextCall>) {
    match value {
        Value::Array(items) => items.iter().for_each(|v| collect_calls(v, names, out)),
        Value::Object(map) => {
            // {"name": …, "arguments"|"parameters": …} or {"function": {"name", "arguments"}}
            if let Some(f) = map.get("function").filter(|f| f.is_object()) {
                return collect_calls(f, names, out);
            }
            let Some(name) = map.get("name").and_then(Value::as_str) else {
                return;
            };
            // A tool's definition said back (the tools list of the prompt, as the 1.5B model
            // echoed it before its code): its `parameters` are a JSON schema, not arguments.
            let schema = map
                .get("parameters")
                .is_some_and(|p| p.get("properties").is_some_and(Value::is_object));
            if schema && !map.contains_key("arguments") {
                return;
            }
            let has_arguments = ["arguments", "parameters", "input"]
                .iter()
                .any(|k| map.contains_key(*k));
            let taken = match names {
                Names::Known(known) => known.contains(&name),
                Names::Unknown(known) => !known.contains(&name) && has_arguments,
            };
            if !taken {
                return;
            }
            let args = map
                .get("arguments")
                .or_else(|| map.get("parameters"))
                .or_else(|| map.get("input"))
                .cloned()
                .unwrap_or(Value::Object(Default::default()));
            let args = match args {
                Value::String(s) => serde_json::from_str(&s).unwrap_or(Value::String(s)),
                other => other,
            };
            out.push(TextCall {
                name: name.to_string(),
                arguments: args,
            });
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn finds_fenced_blocks_with_languages() {
        let text =
            "Plan:\n```python\nprint(1)\n```\nthen\n```bash\nls -la\n```\n```python\nunclosed";
        let blocks = fenced_blocks(text, false);
        assert_eq!(
            blocks,
            vec![
                FencedBlock {
                    lang: "python".into(),
                    body: "print(1)".into()
                },
                FencedBlock {
                    lang: "bash".into(),
                    body: "ls -la".into()
                },
            ]
        );
    }

    #[test]
    fn a_language_said_again_on_the_first_line_is_no_code() {
        let said_again = fenced_blocks(
            "```python\npython\nresult = 80 * 0.15 + 8\nprint(result)\n```",
            false,
        );
        assert_eq!(said_again[0].lang, "python");
        assert_eq!(said_again[0].body, "result = 80 * 0.15 + 8\nprint(result)");
        let bare = fenced_blocks("```\nPython\nprint(1)\n```", false);
        assert_eq!(
            (bare[0].lang.as_str(), bare[0].body.as_str()),
            ("python", "print(1)")
        );
        // A line of code, another language's name, or the name alone stay as they are.
        for text in [
            "```python\nprint(1)\nprint(2)\n```",
            "```bash\npython\nls\n```",
            "```python\npython\n```",
            "```\nls\npwd\n```",
        ] {
            let block = &fenced_blocks(text, false)[0];
            let inner = text.trim_start_matches('`').trim_end_matches("\n```");
            let (lang, body) = inner.split_once('\n').unwrap();
            assert_eq!(
                (block.lang.as_str(), block.body.as_str()),
                (lang, body),
                "{text}"
            );
        }
    }

    #[test]
    fn a_tool_definition_said_back_is_no_call() {
        let known = ["execute"];
        let echoed = r#"<tools>
{"type": "function", "function": {"name": "execute", "description": "Run code.", "parameters": {"type": "object", "properties": {"language": {"type": "string"}, "code": {"type": "string"}}, "required": ["language", "code"]}}}
</tools>"#;
        assert_eq!(json_calls(echoed, &known), vec![]);
        // Arguments named `parameters` (as Llama writes them) still make a call.
        let call =
            r#"{"name": "execute", "parameters": {"language": "python", "code": "print(1)"}}"#;
        assert_eq!(json_calls(call, &known).len(), 1);
    }

    #[test]
    fn recognises_bare_json_qwen_tags_and_fenced_json() {
        let known = ["execute"];
        let bare =
            r#"{"name": "execute", "arguments": {"language": "python", "code": "print(2)"}}"#;
        assert_eq!(
            json_calls(bare, &known),
            vec![TextCall {
                name: "execute".into(),
                arguments: json!({"language": "python", "code": "print(2)"})
            }]
        );
        let tagged = "<tool_call>\n{\"name\": \"execute\", \"arguments\": {\"language\": \"shell\", \"code\": \"ls\"}}\n</tool_call>";
        assert_eq!(json_calls(tagged, &known).len(), 1);
        let fenced = "```json\n{\"name\": \"execute\", \"arguments\": \"{\\\"language\\\": \\\"python\\\", \\\"code\\\": \\\"1+1\\\"}\"}\n```";
        assert_eq!(
            json_calls(fenced, &known)[0].arguments,
            json!({"language": "python", "code": "1+1"})
        );
        let prose = "I will run {\"name\": \"execute\", \"parameters\": {\"language\": \"python\", \"code\": \"x\"}} now";
        assert_eq!(json_calls(prose, &known).len(), 1);
    }

    #[test]
    fn a_call_written_as_a_whole_python_block_is_a_call() {
        let known = ["execute"];
        let block = "```python\n{\n  \"name\": \"people.json\",\n  \"arguments\": {\"filter\": \"age > 30\"}\n}\n```";
        let calls = unknown_json_calls(block, &known);
        assert_eq!(calls.len(), 1);
        assert_eq!(calls[0].name, "people.json");
        let meant = "```python\n{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"print(1)\"}}\n```";
        assert_eq!(json_calls(meant, &known)[0].arguments["code"], "print(1)");
        // Python that builds a dict among other lines is code.
        let code = "```python\nd = {\"name\": \"a\", \"arguments\": {}}\nprint(d)\n```";
        assert_eq!(unknown_json_calls(code, &known), vec![]);
        assert_eq!(json_calls(code, &known), vec![]);
    }

    #[test]
    fn bare_values_are_told_apart_from_code() {
        for value in [
            "56211",
            " -3.5e2\n",
            "1,234",
            "'done'",
            "\"56088\"",
            "find_warmest_day.py\n",
            "notes.txt",
        ] {
            assert!(is_bare_value(value), "{value}");
        }
        for code in [
            "123 * 457",
            "print(1)",
            "x",
            "",
            "'a' + 'b'",
            "ls -la",
            "e",
            "data.items",
            "./run.sh",
            "python a.py",
            "os.path",
        ] {
            assert!(!is_bare_value(code), "{code}");
        }
    }

    #[test]
    fn code_written_as_a_triple_quoted_string_in_json_is_taken_dedented() {
        // As Qwen2.5-Coder-0.5B wrote it.
        let text = "```json\n{\n  \"name\": \"execute\",\n  \"arguments\": {\n    \"language\": \"python\",\n    \"code\": \"\"\"\n    with open('numbers.txt') as file:\n        numbers = [int(l) for l in file]\n        print(max(numbers))\n    \"\"\"\n  }\n}\n```";
        let calls = json_calls(text, &["execute"]);
        assert_eq!(calls.len(), 1, "{text}");
        assert_eq!(
            calls[0].arguments["code"],
            "with open('numbers.txt') as file:\n    numbers = [int(l) for l in file]\n    print(max(numbers))"
        );
        assert!(
            broken_json_call("{\"name\": \"execute\", \"code\": \"\"\"x", &["execute"]).is_some()
        );
    }

    #[test]
    fn a_call_in_a_python_block_after_its_imports_runs_its_code_with_them() {
        // As Qwen2.5-Coder-0.5B wrote it, told to import json (twenty-ninth set, task 14).
        let text = "Here's the corrected code:\n```python\nimport json\n{\n  \"name\": \"execute\",\n  \"arguments\": {\n    \"language\": \"python\",\n    \"code\": \"\"\"\n    with open('videos.json', 'r') as file:\n        data = json.load(file)\n    print(sum(v['duration'] for v in data))\n    \"\"\"\n  }\n}\n```";
        let calls = json_calls(text, &["execute"]);
        assert_eq!(calls.len(), 1, "{text}");
        assert_eq!(
            calls[0].arguments["code"],
            "import json\nwith open('videos.json', 'r') as file:\n    data = json.load(file)\nprint(sum(v['duration'] for v in data))"
        );
        // Code that runs on after the object is no call.
        let more = "```python\nimport json\n{\"name\": \"execute\", \"arguments\": {\"code\": \"print(1)\"}}\nprint(2)\n```";
        assert!(json_calls(more, &["execute"]).is_empty());
        // An import inside the code is not written twice.
        let inside = "```python\nimport json\n{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"import json\\nprint(json.dumps(1))\"}}\n```";
        assert_eq!(
            json_calls(inside, &["execute"])[0].arguments["code"],
            "import json\nprint(json.dumps(1))"
        );
    }

    #[test]
    fn a_block_indented_under_a_list_item_is_taken_without_that_indentation() {
        // As Qwen2.5-Coder-0.5B wrote it (thirtieth set, task 17).
        let text = "1. **Read the data:**\n   ```python\n   import csv\n   for row in csv.reader(open('a.csv')):\n       print(row)\n   ```\n2. Done.";
        let blocks = fenced_blocks(text, false);
        assert_eq!(blocks.len(), 1);
        assert_eq!(
            blocks[0].body,
            "import csv\nfor row in csv.reader(open('a.csv')):\n    print(row)"
        );
        // A block at the margin keeps its own indentation.
        let flat = "```python\n  x = 1\n```";
        assert_eq!(fenced_blocks(flat, false)[0].body, "  x = 1");
    }

    #[test]
    fn python_code_indented_under_its_json_key_is_taken_dedented() {
        // As Qwen2.5-Coder-0.5B wrote it (twenty-ninth set, task 14): IndentationError as it
        // stood.
        let text = "```json\n{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"\\n    with open('videos.json') as file:\\n        data = json.load(file)\\n    print(len(data))\\n\"}}\n```";
        assert_eq!(
            json_calls(text, &["execute"])[0].arguments["code"],
            "with open('videos.json') as file:\n    data = json.load(file)\nprint(len(data))"
        );
        // Shell keeps its text as written.
        let shell =
            "{\"name\": \"execute\", \"arguments\": {\"language\": \"shell\", \"code\": \"  ls\"}}";
        assert_eq!(json_calls(shell, &["execute"])[0].arguments["code"], "  ls");
        // Code with a line at the margin is left alone.
        let flat = "{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"for i in range(2):\\n    print(i)\"}}";
        assert_eq!(
            json_calls(flat, &["execute"])[0].arguments["code"],
            "for i in range(2):\n    print(i)"
        );
    }

    #[test]
    fn quotes_left_unescaped_in_a_calls_code_are_taken_as_the_code_s() {
        // As Qwen2.5-Coder-0.5B wrote it, under a name of its own.
        let text = "```json\n{\"name\": \"sum_numbers\", \"arguments\": {\"language\": \"python\", \"code\": \"with open('numbers.txt') as file:\\n    for line in file:\\n        print(f\"Skipping line: {line.strip()}\\n\")\\nprint(\\\"done\\\")\"}}\n```";
        let calls = unknown_json_calls(text, &["execute"]);
        assert_eq!(calls.len(), 1, "{text}");
        assert_eq!(calls[0].name, "sum_numbers");
        assert_eq!(
            calls[0].arguments["code"],
            "with open('numbers.txt') as file:\n    for line in file:\n        print(f\"Skipping line: {line.strip()}\n\")\nprint(\"done\")"
        );
        assert_eq!(
            json_calls(&text.replace("sum_numbers", "execute"), &["execute"]).len(),
            1
        );
        // Only a `code` string that is the call's last value, and only when a quote needed it.
        assert_eq!(loose_quotes_in_code(r#"{"code": "print(1)"}"#), None);
        assert_eq!(
            loose_quotes_in_code(r#"{"code": "print("a")", "language": "python"}"#),
            None
        );
        assert_eq!(loose_quotes_in_code(r#"{"name": "x"}"#), None);
    }

    #[test]
    fn lines_of_code_left_unescaped_in_a_calls_string_are_taken_as_they_are() {
        // Fourth set, task 25 (0.5B): the code's lines written as they are inside the string,
        // under a tool named after the file.
        let written = "```json\n{\n  \"name\": \"shopping.txt\",\n  \"arguments\": {\n    \"language\": \"python\",\n    \"code\": \"import os\nfor line in open('shopping.txt'):\n\tprint(line.split())\"\n  }\n}\n```";
        let calls = unknown_json_calls(written, &["execute"]);
        assert_eq!(calls.len(), 1, "{calls:?}");
        assert_eq!(
            calls[0].arguments,
            json!({"language": "python", "code": "import os\nfor line in open('shopping.txt'):\n\tprint(line.split())"})
        );
        // With a quote left unescaped too.
        let quoted = "{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"s = \"a b\"\nprint(len(s.split()))\"}}";
        assert_eq!(
            json_calls(quoted, &["execute"])[0].arguments["code"],
            json!("s = \"a b\"\nprint(len(s.split()))")
        );
        assert_eq!(raw_breaks_escaped("{\"a\": 1,\n\"b\": \"x\"}"), None);
    }

    #[test]
    fn a_code_string_left_open_is_closed_at_the_objects_end() {
        // The main set's 0.5B runs, tasks 12 and 28.
        for (text, code) in [
            (
                r#"{"name": "sum_numbers", "arguments": {"language": "python", "code": "numbers = [int(line) for line in open('numbers.txt', 'r')] return sum(numbers)}}"#,
                "numbers = [int(line) for line in open('numbers.txt', 'r')] return sum(numbers)",
            ),
            (
                r#"{"name": "longest_word", "arguments": {"language": "python", "code": "def longest_word(lines): return max(lines, key=len)}"}"#,
                "def longest_word(lines): return max(lines, key=len)",
            ),
            (
                "{\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"print(\"hi\")\nprint(2)}}",
                "print(\"hi\")\nprint(2)",
            ),
        ] {
            let values = parse_json_values(text);
            assert_eq!(
                values.first().and_then(|v| v["arguments"]["code"].as_str()),
                Some(code),
                "{text}"
            );
        }
        assert_eq!(
            unclosed_code_closed(r#"{"name": "x", "arguments": {"n": 1}"#),
            None
        );
        assert_eq!(unclosed_code_closed(r#"{"code": "}"#), None);
        // Cut short, not ended by the model: not run.
        assert_eq!(
            unclosed_code_closed(
                r#"{"name": "execute", "arguments": {"language": "python", "code": "print(6 * 7)"#
            ),
            None
        );
    }

    #[test]
    fn broken_json_calls_are_recognised() {
        let known = ["execute"];
        let cut = r#"{"name": "execute", "arguments": {"language": "python", "code": "print(1)"#;
        assert!(
            broken_json_call(cut, &known).unwrap().contains("EOF"),
            "{:?}",
            broken_json_call(cut, &known)
        );
        let fenced = "```json\n{\"name\": \"execute\", \"arguments\": {'code': 1}}\n```";
        assert!(broken_json_call(fenced, &known).is_some());
        let fine = r#"{"name": "execute", "arguments": {"code": "1"}}"#;
        assert_eq!(broken_json_call(fine, &known), None);
        assert_eq!(broken_json_call("{\"name\": \"Alice\",", &known), None);
        // An invented name is left to the turn's coaching.
        let invented =
            r#"{"name": "sum_units", "arguments": {"language": "python", "code": "x = 1}}"#;
        assert_eq!(broken_json_call(invented, &known), None);
        assert!(broken_call_of_any_name(invented).is_some());
        assert!(broken_call_of_any_name(&format!("Here:\n```json\n{invented}\n```")).is_some());
        assert_eq!(broken_call_of_any_name(fine), None);
        assert_eq!(broken_call_of_any_name("{\"name\": \"Alice\","), None);
        assert_eq!(broken_json_call("The answer is 42.", &known), None);
    }

    #[test]
    fn calls_to_invented_tools_are_found_only_where_a_call_is_written_on_purpose() {
        let known = ["execute"];
        let fenced = "```json\n{\"name\": \"multiply\", \"arguments\": {\"a\": 2, \"b\": 3}}\n```";
        assert_eq!(
            unknown_json_calls(fenced, &known),
            vec![TextCall {
                name: "multiply".into(),
                arguments: json!({"a": 2, "b": 3})
            }]
        );
        let tagged = "<tool_call>{\"name\": \"list_directory\", \"arguments\": {\"path\": \".\"}}</tool_call>";
        assert_eq!(unknown_json_calls(tagged, &known)[0].name, "list_directory");
        let bare = r#"{"name": "reverseString", "arguments": {"language": "python", "code": "1"}}"#;
        assert_eq!(unknown_json_calls(bare, &known)[0].name, "reverseString");
        // Known names are `json_calls`' business; prose and plain data are nobody's.
        let known_call = r#"{"name": "execute", "arguments": {"language": "python", "code": "1"}}"#;
        assert!(unknown_json_calls(known_call, &known).is_empty());
        let prose = "I would call {\"name\": \"multiply\", \"arguments\": {}} here";
        assert!(unknown_json_calls(prose, &known).is_empty());
        assert!(unknown_json_calls(r#"{"name": "Alice", "age": 3}"#, &known).is_empty());
        assert!(unknown_json_calls("```json\n{\"name\": \"Alice\"}\n```", &known).is_empty());
    }

    #[test]
    fn the_tool_written_as_a_python_call_gives_its_code() {
        assert_eq!(
            tool_written_as_python(
                r#"execute(language="python", code="print(2 ** 40)")"#,
                "execute"
            ),
            Some((Some("python".into()), "print(2 ** 40)".into()))
        );
        let triple = "execute(\n    language='python',\n    code='''\nx = 3\nprint(x)\n''',\n)";
        assert_eq!(
            tool_written_as_python(triple, "execute"),
            Some((Some("python".into()), "\nx = 3\nprint(x)\n".into()))
        );
        assert_eq!(
            tool_written_as_python(r#"execute("shell", "echo 'a\tb'\nls")"#, "execute"),
            Some((Some("shell".into()), "echo 'a\tb'\nls".into()))
        );
        assert_eq!(
            tool_written_as_python(r#"execute(code=r"\d+")"#, "execute"),
            Some((None, "\\d+".into()))
        );
        for not_it in [
            "print(1)",
            "execute(code=x)",
            "execute(language='python', code='1')\nprint(2)",
            "execute(timeout=3, code='1')",
            "execute_all(code='1')",
            "execute(code='unclosed)",
            "execute('python', '1', '2')",
        ] {
            assert_eq!(tool_written_as_python(not_it, "execute"), None, "{not_it}");
        }
    }

    #[test]
    fn leaves_unrelated_json_alone() {
        assert!(json_calls(r#"{"name": "Alice", "age": 3}"#, &["execute"]).is_empty());
        assert!(json_calls("no json here", &["execute"]).is_empty());
    }
}
