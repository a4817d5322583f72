//! Slips a weak model makes in the Python it writes inside a JSON call, each one Python refuses
//! outright (a `SyntaxError`), mended only where the code cannot have meant anything else:
//! - the JSON's own `}` slipped into the code string (`…sum(numbers)}"}}`): brackets at the
//!   end that close nothing are cut, when nothing but such brackets follows the first one;
//! - `"\n"` in the JSON meant Python's `'\n'` (`count('\n')`), so a one-line string holds a
//!   real line break: it is written back as `\n`, when every string then ends;
//! - a compound statement written after `;` on one line (`import json; with open(f) as h: …`),
//!   or after a whole statement with only a space between (`cat = 'CAT' for c in cat: …`), as
//!   models squeeze code onto one line inside JSON: it starts a line of its own, at the line's
//!   indentation (what follows its `:` on that line stays its body);
//! - a compound statement written after another's `:` on one line (`with open(f, 'w') as h:
//!   for line in lines: h.write(line)`): it starts a line of its own, one step further in;
//! - the result handed back with `return` at the top level (`with open(f) as h:` then
//!   `return len(h.readlines())`): the one `return`, on the last line, in code that defines no
//!   function, prints its value instead;
//! - the `execute` tool written as a Python function of its own (`def execute(language, code):`
//!   with an `if language == "python":` branch that does the work) and never called: that
//!   branch runs at the top level, its final `return VALUE` printed, the rest of the code kept;
//! - the `execute` tool called from inside the code with its JSON call as the argument
//!   (`execute({"name": "execute", "arguments": {"language": "python", "code": "f()"}})`), after
//!   code that defines what that call uses: the call's Python code stands in its place.
//!
//! The 0.5B model repeated each of these unchanged after the hint, until its turn ended.

/// The mended code, and one line per slip mended (for the session's events).
pub(crate) fn mend(code: &str) -> Option<(String, Vec<String>)> {
    let mut code = code.to_string();
    let mut said = Vec::new();
    if let Some(mended) = tool_call_inlined(&code) {
        code = mended;
        said.push(
            "its `execute({…})` call inside the code is replaced by the Python it asks to run"
                .to_string(),
        );
    }
    if let Some(mended) = line_breaks_in_strings(&code) {
        code = mended;
        said.push("a line break inside a one-line string is written `\\n`".to_string());
    }
    if let Some(mended) = compounds_on_their_own_lines(&code) {
        code = mended;
        said.push(
            "a `with`/`for`/`if` after `;`, or after a whole statement, starts its own line"
                .to_string(),
        );
    }
    if let Some(mended) = nested_compounds_on_their_own_lines(&code) {
        code = mended;
        said.push("a `for`/`with`/`if` after another's `:` starts its own line".to_string());
    }
    if let Some(kept) = without_stray_closers(&code) {
        let cut = code[kept.len()..].trim().to_string();
        code = kept.to_string();
        said.push(format!("`{cut}` at the end closed nothing and is cut"));
    }
    if let Some(mended) = home_made_tool_branch(&code) {
        code = mended;
        said.push(
            "its own `execute(language, code)`, never called, is left out and its Python branch runs"
                .to_string(),
        );
    }
    if let Some(mended) = final_return_printed(&code) {
        code = mended;
        said.push("its `return` outside a function prints the value instead".to_string());
    }
    (!said.is_empty()).then_some((code, said))
}

/// The code with the line breaks inside one-line strings written `\n`, when it has any and
/// every string then ends.
fn line_breaks_in_strings(code: &str) -> Option<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = String::with_capacity(code.len() + 8);
    let mut mended = false;
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            '#' => {
                while i < chars.len() && chars[i] != '\n' {
                    out.push(chars[i]);
                    i += 1;
                }
                continue;
            }
            '\'' | '"' => {
                let triple = chars.get(i + 1) == Some(&c) && chars.get(i + 2) == Some(&c);
                let width = if triple { 3 } else { 1 };
                out.extend(&chars[i..i + width]);
                i += width;
                loop {
                    let d = *chars.get(i)?;
                    if d == '\\' {
                        out.push(d);
                        out.push(*chars.get(i + 1)?);
                        i += 2;
                    } else if d == c && (!triple || chars[i..].starts_with(&[c, c, c])) {
                        out.extend(&chars[i..i + width]);
                        i += width;
                        break;
                    } else if d == '\n' && !triple {
                        out.push_str("\\n");
                        mended = true;
                        i += 1;
                    } else {
                        out.push(d);
                        i += 1;
                    }
                }
                continue;
            }
            _ => out.push(c),
        }
        i += 1;
    }
    mended.then_some(out)
}

/// The code with each compound statement that follows `;` (outside strings and brackets)
/// moved to a line of its own, at the indentation of the line it was on.
fn compounds_on_their_own_lines(code: &str) -> Option<String> {
    const COMPOUND: [&str; 8] = [
        "with ", "for ", "if ", "while ", "def ", "class ", "try:", "async ",
    ];
    let bytes = code.as_bytes();
    let mut out = String::with_capacity(code.len());
    let mut depth = 0usize;
    let mut line_start = 0;
    let mut copied = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => line_start = i + 1,
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            quote @ (b'\'' | b'"') => {
                i = past_string(bytes, i, quote)?;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            // Or after a whole statement with only a space between (`cat = 'CAT' for c in
            // cat: print(ord(c))`, as the 0.5B model wrote it inside JSON): a `for`, `with`,
            // `while`, `def` or `class` cannot go on an expression outside brackets (`if` can,
            // as a conditional expression, and is left).
            b' ' if depth == 0
                && ["for ", "with ", "while ", "def ", "class "]
                    .iter()
                    .any(|k| code[i + 1..].starts_with(k))
                && code[line_start..i]
                    .trim_end()
                    .ends_with(|c: char| c.is_alphanumeric() || "_'\")]}".contains(c))
                && !code[line_start..i].trim_end().ends_with("async") =>
            {
                let line = &code[line_start..];
                let indent = &line[..indent_of(line)];
                out.push_str(code[copied..i].trim_end_matches([' ', '\t']));
                out.push('\n');
                out.push_str(indent);
                copied = i + 1;
            }
            b';' if depth == 0 => {
                let rest = code[i + 1..].trim_start_matches([' ', '\t']);
                if COMPOUND.iter().any(|k| rest.starts_with(k)) {
                    let line = &code[line_start..];
                    let indent = &line[..indent_of(line)];
                    out.push_str(code[copied..i].trim_end_matches([' ', '\t']));
                    out.push('\n');
                    out.push_str(indent);
                    copied = code.len() - rest.len();
                }
            }
            _ => {}
        }
        i += 1;
    }
    if copied == 0 {
        return None;
    }
    out.push_str(&code[copied..]);
    Some(out)
}

/// The code with its one top-level-block `return VALUE`, on its last line, as `print(VALUE)`.
fn final_return_printed(code: &str) -> Option<String> {
    let defines = code.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with("def ") || t.starts_with("async def ") || t.starts_with("class ")
    });
    if defines || code.lines().filter(|l| is_return(l)).count() != 1 {
        return None;
    }
    let lines: Vec<&str> = code.trim_end().lines().collect();
    let last = *lines.last()?;
    let value = last.trim_start().strip_prefix("return")?.trim();
    if !is_return(last) || value.is_empty() || value.ends_with('\\') {
        return None;
    }
    let indent = &last[..last.len() - last.trim_start().len()];
    let mut out = lines[..lines.len() - 1].join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!("{indent}print({value})"));
    Some(out)
}

/// The code with each compound statement written after another one's `:` on the same line
/// moved to a line of its own, one step (four spaces) further in than that line. Python refuses
/// `with open('sorted.txt', 'w') as f: for line in lines: f.write(line)`; the 0.5B model wrote it
/// so inside JSON and sent it back unchanged (twenty-first set, task 26).
fn nested_compounds_on_their_own_lines(code: &str) -> Option<String> {
    const HEADERS: [&str; 8] = [
        "with ", "for ", "if ", "elif ", "else", "while ", "try", "async ",
    ];
    const NESTED: [&str; 4] = ["with ", "for ", "if ", "while "];
    let mut out: Vec<String> = Vec::new();
    let mut changed = false;
    for line in code.lines() {
        let mut line = line.to_string();
        loop {
            let trimmed = line.trim_start_matches([' ', '\t']);
            let indent = line[..line.len() - trimmed.len()].to_string();
            if !HEADERS.iter().any(|h| trimmed.starts_with(h)) {
                break;
            }
            let Some(colon) = header_colon(trimmed) else {
                break;
            };
            let rest = trimmed[colon + 1..].trim_start();
            if !NESTED.iter().any(|k| rest.starts_with(k)) {
                break;
            }
            out.push(format!("{indent}{}", &trimmed[..=colon]));
            line = format!("{indent}    {rest}");
            changed = true;
        }
        out.push(line);
    }
    changed.then(|| out.join("\n"))
}

/// Where a compound statement's header ends: its first `:` outside strings and brackets.
fn header_colon(line: &str) -> Option<usize> {
    let bytes = line.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => return None,
            quote @ (b'\'' | b'"') => {
                i = past_string(bytes, i, quote)?;
                continue;
            }
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            b':' if depth == 0 => return Some(i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Whether a line is a `return` statement.
fn is_return(line: &str) -> bool {
    let t = line.trim_start();
    t == "return" || t.starts_with("return ") || t.starts_with("return(")
}

/// How far a line is indented, in bytes of leading spaces and tabs.
fn indent_of(line: &str) -> usize {
    line.len() - line.trim_start_matches([' ', '\t']).len()
}

/// The code with a top-level `def NAME(language, …):` that is never called replaced by the
/// body of its `if language == "python":` branch (dedented; its last line's `return VALUE`
/// printed), when that branch does not run the `code` it is given and returns only there.
/// The 1.5B model wrote the tool as such a function (with a branch for every language) and
/// sent it back unchanged after the hint that it was never called (twentieth set, task 31).
fn home_made_tool_branch(code: &str) -> Option<String> {
    let lines: Vec<&str> = code.lines().collect();
    let def_at = lines.iter().position(|l| {
        l.strip_prefix("def ")
            .and_then(|rest| rest.split_once('('))
            .is_some_and(|(_, params)| params.trim_start().starts_with("language"))
    })?;
    let name = lines[def_at]["def ".len()..].split('(').next()?.trim();
    let end = lines[def_at + 1..]
        .iter()
        .position(|l| !l.trim().is_empty() && indent_of(l) == 0)
        .map_or(lines.len(), |p| def_at + 1 + p);
    let outside = || lines[..def_at].iter().chain(&lines[end..]);
    if name.is_empty() || outside().any(|l| l.contains(&format!("{name}("))) {
        return None;
    }
    let body = &lines[def_at + 1..end];
    let is_python_branch = |l: &&str| {
        let t = l.trim_start();
        t.strip_prefix("if ")
            .or_else(|| t.strip_prefix("elif "))
            .is_some_and(|c| {
                c.starts_with("language")
                    && (c.contains("\"python\"") || c.contains("'python'"))
                    && c.trim_end().ends_with(':')
            })
    };
    let at = body.iter().position(is_python_branch)?;
    let if_indent = indent_of(body[at]);
    let mut branch: Vec<&str> = body[at + 1..]
        .iter()
        .take_while(|l| l.trim().is_empty() || indent_of(l) > if_indent)
        .copied()
        .collect();
    while branch.last().is_some_and(|l| l.trim().is_empty()) {
        branch.pop();
    }
    let inner = indent_of(branch.first()?);
    let uses_code = branch.iter().any(|l| {
        l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| w == "code")
    });
    let last = *branch.last()?;
    if uses_code
        || branch.iter().filter(|l| is_return(l)).count() > usize::from(is_return(last))
        || branch
            .iter()
            .any(|l| !l.trim().is_empty() && indent_of(l) < inner)
    {
        return None;
    }
    let mut out: Vec<String> = lines[..def_at].iter().map(|l| l.to_string()).collect();
    for line in &branch[..branch.len() - 1] {
        out.push(line.get(inner..).unwrap_or("").to_string());
    }
    let last = &last[inner..];
    match last.strip_prefix("return").map(str::trim) {
        Some("") => {}
        Some(value) => out.push(format!("print({value})")),
        None => out.push(last.to_string()),
    }
    out.extend(lines[end..].iter().map(|l| l.to_string()));
    Some(out.join("\n").trim_matches('\n').to_string())
}

/// The code with each line that calls `execute` with a JSON call of Python as its one argument
/// (`execute({"name": "execute", "arguments": {"language": "python", "code": "f()"}})`, or the
/// arguments alone) replaced by that call's code, at the line's indentation, when the code
/// defines no `execute` of its own. The 0.5B model defined `compute_total_items()`, then ran
/// it that way, and the call alone ran (twenty-second set, task 31).
fn tool_call_inlined(code: &str) -> Option<String> {
    if code.contains("def execute") {
        return None;
    }
    let mut mended = false;
    let mut out = Vec::new();
    for line in code.lines() {
        let t = line.trim();
        let inner = t
            .strip_prefix("execute(")
            .and_then(|r| r.strip_suffix(')'))
            .filter(|r| r.trim_start().starts_with('{'));
        let called = inner
            .and_then(|json| serde_json::from_str::<serde_json::Value>(json).ok())
            .and_then(|v| {
                let arguments = v.get("arguments").cloned().unwrap_or(v);
                let language = arguments.get("language").and_then(|l| l.as_str());
                let code = arguments.get("code")?.as_str()?.to_string();
                matches!(language, None | Some("python" | "py" | "python3")).then_some(code)
            });
        match called {
            Some(inner) => {
                let indent = &line[..indent_of(line)];
                out.extend(inner.lines().map(|l| format!("{indent}{l}")));
                mended = true;
            }
            None => out.push(line.to_string()),
        }
    }
    mended.then(|| out.join("\n"))
}

/// The code without its trailing stray closing brackets, when it has any.
fn without_stray_closers(code: &str) -> Option<&str> {
    let at = first_stray_closer(code)?;
    let (kept, rest) = code.split_at(at);
    rest.chars()
        .all(|c| matches!(c, ')' | ']' | '}') || c.is_whitespace())
        .then(|| kept.trim_end())
}

/// Where the first `)`, `]` or `}` outside strings and comments closes nothing open.
fn first_stray_closer(code: &str) -> Option<usize> {
    let bytes = code.as_bytes();
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            quote @ (b'\'' | b'"') => {
                i = past_string(bytes, i, quote)?;
                continue;
            }
            b @ (b'(' | b'[' | b'{') => open.push(b),
            b @ (b')' | b']' | b'}') => {
                let opener = match b {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.last() == Some(&opener) {
                    open.pop();
                } else if open.is_empty() {
                    return Some(i);
                } else {
                    // A mismatch inside: not the slip this is about.
                    return None;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index after the string that starts at `start` (its quote), triple-quoted or not; `None`
/// when it never ends (then nothing is cut).
fn past_string(bytes: &[u8], start: usize, quote: u8) -> Option<usize> {
    let triple = bytes.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    let mut i = start + if triple { 3 } else { 1 };
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' if !triple => return None,
            b if b == quote => {
                if !triple {
                    return Some(i + 1);
                }
                if bytes.get(i..i + 3) == Some(&[quote, quote, quote][..]) {
                    return Some(i + 3);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_break_the_json_made_inside_a_string_is_written_back() {
        let code = "print('ERROR lines: ' + str(open('app.log').read().count('\n')))";
        assert_eq!(
            line_breaks_in_strings(code).as_deref(),
            Some("print('ERROR lines: ' + str(open('app.log').read().count('\\n')))")
        );
        // Line breaks between statements, in triple-quoted strings and in comments stay.
        for code in [
            "x = 'a'\nprint(x)",
            "s = '''one\ntwo'''\nprint(s)",
            "# it's\nprint(1)",
            "print('a\\\nb')",
        ] {
            assert_eq!(line_breaks_in_strings(code), None, "{code}");
        }
        // A quote never closed is not guessed at.
        assert_eq!(line_breaks_in_strings("print('a)\nprint(2)"), None);
    }

    #[test]
    fn the_one_return_on_the_last_line_of_code_without_functions_prints() {
        let code = "with open('poem.txt') as file:\n    return len(file.readlines())\n";
        assert_eq!(
            final_return_printed(code).as_deref(),
            Some("with open('poem.txt') as file:\n    print(len(file.readlines()))")
        );
        assert_eq!(
            final_return_printed("x = 2 ** 40\nreturn x").as_deref(),
            Some("x = 2 ** 40\nprint(x)")
        );
        for code in [
            // In a function it is fine; two returns mean control flow a print would not keep.
            "def f():\n    return 1\nprint(f())",
            "for line in f:\n    if 'E' in line:\n        return 1\nreturn 0",
            "return 1\nprint(2)",
            "return",
        ] {
            assert_eq!(final_return_printed(code), None, "{code}");
        }
    }

    #[test]
    fn a_compound_after_another_ones_colon_starts_its_own_line() {
        // As the 0.5B model wrote it (twenty-first set, task 26), after the `;` mend.
        let code = "lines.sort()\nwith open('sorted.txt', 'w') as f: for line in lines: f.write(line + '\\n')";
        assert_eq!(
            nested_compounds_on_their_own_lines(code).as_deref(),
            Some(
                "lines.sort()\nwith open('sorted.txt', 'w') as f:\n    for line in lines: f.write(line + '\\n')"
            )
        );
        assert_eq!(
            nested_compounds_on_their_own_lines("  for a in b: if a: with c as d: print(d)")
                .as_deref(),
            Some("  for a in b:\n      if a:\n          with c as d: print(d)")
        );
        let (mended, said) = mend("import os; lines = ['b', 'a']; lines.sort(); with open('s.txt', 'w') as f: for line in lines: f.write(line)").unwrap();
        assert_eq!(
            mended,
            "import os; lines = ['b', 'a']; lines.sort()\nwith open('s.txt', 'w') as f:\n    for line in lines: f.write(line)"
        );
        assert_eq!(said.len(), 2, "{said:?}");
        for code in [
            "for x in y: print(x)",
            "with open(f) as h: data = h.read()",
            "if a: b = 1 if c else 2",
            "for k in sorted(d, key=lambda k: d[k]): print(k)",
            "if s == 'a: for b': print(s)",
            "elsewhere: int = 5",
            "print('with x: for y')",
        ] {
            assert_eq!(nested_compounds_on_their_own_lines(code), None, "{code}");
        }
    }

    #[test]
    fn the_tool_called_inside_the_code_is_replaced_by_its_code() {
        let code = "def f():\n    print(3)\n\nif True:\n    execute({\"name\": \"execute\", \"arguments\": {\"language\": \"python\", \"code\": \"f()\\nprint(4)\"}})";
        assert_eq!(
            tool_call_inlined(code).as_deref(),
            Some("def f():\n    print(3)\n\nif True:\n    f()\n    print(4)")
        );
        // The arguments alone, at the top level; the stray `)` of the call's code is cut after.
        let (mended, said) = mend(
            "def g(n):\n    print(n)\nexecute({\"language\": \"python\", \"code\": \"g(2))\"})",
        )
        .unwrap();
        assert_eq!(mended, "def g(n):\n    print(n)\ng(2)");
        assert_eq!(said.len(), 2, "{said:?}");
        for code in [
            // Another language, an `execute` of its own, or no JSON.
            "execute({\"language\": \"shell\", \"code\": \"ls\"})",
            "def execute(d):\n    print(d)\nexecute({\"code\": \"f()\"})",
            "execute(language='python', code='f()')",
            "x = execute({broken)",
        ] {
            assert_eq!(tool_call_inlined(code), None, "{code}");
        }
    }

    #[test]
    fn a_home_made_execute_never_called_runs_its_python_branch() {
        // As Qwen2.5-Coder-1.5B wrote it (twentieth set, task 31), shortened.
        let code = "import os\n\ndef execute(language, code):\n    if language == \"python\":\n        with open(\"doc.txt\", \"r\") as file:\n            lines = file.readlines()\n        lines.insert(0, \"title\\n\")\n        return lines[0]\n    elif language == \"shell\":\n        os.system(\"echo title > doc.txt\")\n        return os.popen(\"head -n 1 doc.txt\").read()\n    else:\n        return \"Unsupported language\"\n";
        assert_eq!(
            home_made_tool_branch(code).as_deref(),
            Some(
                "import os\n\nwith open(\"doc.txt\", \"r\") as file:\n    lines = file.readlines()\nlines.insert(0, \"title\\n\")\nprint(lines[0])"
            )
        );
        // Its branch second, quoted the other way, and code after the function kept.
        let code = "def run(language, code=None):\n    if language == 'shell':\n        pass\n    elif language == 'python':\n        total = sum(range(5))\n        print(total)\nprint('done')";
        assert_eq!(
            home_made_tool_branch(code).as_deref(),
            Some("total = sum(range(5))\nprint(total)\nprint('done')")
        );
        let (mended, said) = mend(code).unwrap();
        assert!(mended.starts_with("total = "), "{mended}");
        assert_eq!(said.len(), 1, "{said:?}");
        for code in [
            // Called: it runs as written.
            "def execute(language, code):\n    if language == 'python':\n        return 1\nprint(execute('python', ''))",
            // It runs the code it is given: nothing of its own to run.
            "def execute(language, code):\n    if language == 'python':\n        exec(code)",
            // A return in the middle: control flow a print would not keep.
            "def execute(language, code):\n    if language == 'python':\n        if x:\n            return 1\n        return 2",
            // No Python branch, or not a tool of its own.
            "def execute(language, code):\n    if language == 'shell':\n        os.system('ls')",
            "def area(width, height):\n    if width == 'python':\n        return 1",
            "    def execute(language, code):\n        if language == 'python':\n            return 1",
        ] {
            assert_eq!(home_made_tool_branch(code), None, "{code}");
        }
    }

    #[test]
    fn a_compound_statement_after_a_semicolon_starts_its_own_line() {
        // As Qwen2.5-Coder-1.5B wrote it, inside JSON.
        let code =
            "import json; with open('team.json') as f: data = json.load(f); print(len(data))";
        assert_eq!(
            compounds_on_their_own_lines(code).as_deref(),
            Some("import json\nwith open('team.json') as f: data = json.load(f); print(len(data))")
        );
        assert_eq!(
            compounds_on_their_own_lines("if x:\n    a = 1;  for i in y: print(i)").as_deref(),
            Some("if x:\n    a = 1\n    for i in y: print(i)")
        );
        // Or after a statement with only a space between (the 0.5B model's, inside JSON).
        assert_eq!(
            compounds_on_their_own_lines("cat = 'CAT' for char in cat: print(ord(char))")
                .as_deref(),
            Some("cat = 'CAT'\nfor char in cat: print(ord(char))")
        );
        assert_eq!(
            compounds_on_their_own_lines("    total = 0 for n in nums: total += n").as_deref(),
            Some("    total = 0\n    for n in nums: total += n")
        );
        for code in [
            "a = 1; b = 2",
            "print('x; if y')",
            "f(a, b); g()  # ; for",
            "with open(f) as h: print(h.read())",
            "x = [c for c in 'CAT']",
            "x = a if b else c",
            "for c in 'CAT': print(c)",
            "    for c in 'CAT': print(c)",
            "async for c in things: pass",
            "print('a for b')",
            "else: for_each = 1",
        ] {
            assert_eq!(compounds_on_their_own_lines(code), None, "{code}");
        }
    }

    #[test]
    fn every_slip_is_mended_and_said_once() {
        let (code, said) =
            mend("with open('n.txt') as f:\n    return f.read().count('\n')}").unwrap();
        assert_eq!(
            code,
            "with open('n.txt') as f:\n    print(f.read().count('\\n'))"
        );
        assert_eq!(said.len(), 3, "{said:?}");
        assert_eq!(mend("print(1)"), None);
    }

    #[test]
    fn a_json_brace_left_at_the_end_is_cut() {
        let code = "with open('numbers.txt') as f:\n    numbers = list(map(int, f.read().split()))\nsum(numbers)}";
        assert_eq!(
            without_stray_closers(code),
            Some(
                "with open('numbers.txt') as f:\n    numbers = list(map(int, f.read().split()))\nsum(numbers)"
            )
        );
        assert_eq!(without_stray_closers("print(1)}}\n"), Some("print(1)"));
        assert_eq!(without_stray_closers("x = [1, 2]\n])"), Some("x = [1, 2]"));
    }

    #[test]
    fn balanced_code_and_brackets_in_strings_and_comments_are_left_alone() {
        for code in [
            "print({'a': [1, (2, 3)]})",
            "print('}')",
            "print(\"a ) b\")",
            "s = '''\n}\n'''\nprint(s)",
            "x = 1  # closes } nothing\nprint(x)",
            "print(f'{x}')",
            "print('it\\'s }')",
        ] {
            assert_eq!(without_stray_closers(code), None, "{code}");
        }
    }

    #[test]
    fn a_stray_bracket_with_code_after_it_is_not_cut() {
        // Python's own error says more than a guess would.
        assert_eq!(without_stray_closers("print(1))\nprint(2)"), None);
        assert_eq!(without_stray_closers("x = (1]\n"), None);
        // An unterminated string: nothing is known about what follows.
        assert_eq!(without_stray_closers("print('a)}"), None);
    }
}
