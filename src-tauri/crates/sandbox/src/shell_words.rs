//! Just enough of a shell parser for the risk scan: simple commands, their words (quotes
//! removed), their redirections, and whether a pipe feeds them. Command substitutions and
//! `bash -c '…'` strings are returned as nested code to scan again.

/// One simple command.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SimpleCommand {
    /// Words with quotes removed; `$VAR`, `~` and globs left as written.
    pub words: Vec<String>,
    /// `(operator, target)`: `(">", "~/.bashrc")`, `("<", "file")`.
    pub redirects: Vec<(String, String)>,
    /// Standard input comes from a pipe.
    pub piped: bool,
    /// The source text of the command, for the report.
    pub text: String,
}

/// Split shell code into simple commands. Text inside `$(…)`, `` `…` `` and `<(…)` is parsed
/// as its own commands (their output feeding the outer command is not tracked).
// The macros reset state that the last expansion, at the end of input, never reads again.
#[allow(unused_assignments)]
pub fn parse(code: &str) -> Vec<SimpleCommand> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut cur = SimpleCommand::default();
    let mut word = String::new();
    let mut in_word = false;
    let mut pending_redirect: Option<String> = None;
    let mut start = 0usize;
    let mut i = 0usize;
    // Between `case WORD in` or `;;` and the `)` ending the patterns: words there are patterns
    // (`reboot | halt)`), not commands.
    let mut in_patterns = false;

    macro_rules! end_word {
        () => {
            if in_word {
                let w = std::mem::take(&mut word);
                if let Some(op) = pending_redirect.take() {
                    cur.redirects.push((op, w));
                } else {
                    cur.words.push(w);
                }
                in_word = false;
            }
        };
    }
    macro_rules! end_command {
        ($at:expr, $next_piped:expr) => {
            end_word!();
            pending_redirect = None;
            cur.text = chars[start.min($at)..$at]
                .iter()
                .collect::<String>()
                .trim()
                .to_string();
            if is_case_head(&cur.words) {
                in_patterns = true;
            }
            if !cur.words.is_empty() || !cur.redirects.is_empty() {
                out.push(std::mem::take(&mut cur));
            } else {
                cur = SimpleCommand::default();
            }
            cur.piped = $next_piped;
        };
    }

    while i < chars.len() {
        if !in_word && is_case_head(&cur.words) {
            end_command!(i, false);
            start = i;
        }
        if in_patterns {
            i = skip_case_patterns(&chars, i);
            in_patterns = false;
            start = i;
            continue;
        }
        let c = chars[i];
        match c {
            '\\' if i + 1 < chars.len() => {
                if chars[i + 1] != '\n' {
                    word.push(chars[i + 1]);
                    in_word = true;
                }
                i += 2;
                continue;
            }
            '\'' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '"' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '$' && chars.get(i + 1) == Some(&'(') {
                        let (inner, next) = balanced(&chars, i + 2);
                        out.extend(parse(&inner));
                        word.push_str("$(…)");
                        i = next;
                        continue;
                    }
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        i += 1;
                    }
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '#' if !in_word => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                continue;
            }
            '$' | '<' if chars.get(i + 1) == Some(&'(') => {
                // Nested code: parse it on its own and keep a placeholder word.
                let (inner, next) = balanced(&chars, i + 2);
                out.extend(parse(&inner));
                if c == '$' {
                    word.push_str("$(…)");
                    in_word = true;
                } else {
                    end_word!();
                    cur.words.push("<(…)".into());
                }
                i = next;
                continue;
            }
            '`' => {
                let mut j = i + 1;
                while j < chars.len() && chars[j] != '`' {
                    j += 1;
                }
                out.extend(parse(
                    &chars[i + 1..j.min(chars.len())].iter().collect::<String>(),
                ));
                word.push_str("$(…)");
                in_word = true;
                i = j + 1;
                continue;
            }
            ' ' | '\t' => end_word!(),
            ';' if matches!(chars.get(i + 1), Some(';' | '&')) => {
                // The end of a `case` item: patterns come next.
                end_command!(i, false);
                i += 2;
                if chars.get(i) == Some(&'&') {
                    i += 1;
                }
                in_patterns = true;
                start = i;
                continue;
            }
            '\n' | ';' | '(' | ')' => {
                end_command!(i, false);
                start = i + 1;
            }
            '|' => {
                let double = chars.get(i + 1) == Some(&'|');
                end_command!(i, !double);
                i += if double { 2 } else { 1 };
                if chars.get(i) == Some(&'&') {
                    i += 1;
                }
                start = i;
                continue;
            }
            '&' => {
                if chars.get(i + 1) == Some(&'>') {
                    end_word!();
                    let append = chars.get(i + 2) == Some(&'>');
                    pending_redirect = Some(if append { ">>" } else { ">" }.into());
                    i += if append { 3 } else { 2 };
                    continue;
                }
                let double = chars.get(i + 1) == Some(&'&');
                end_command!(i, false);
                i += if double { 2 } else { 1 };
                start = i;
                continue;
            }
            '>' | '<' => {
                // `2>` and `&>`: the fd number is not a word.
                if in_word && word.chars().all(|ch| ch.is_ascii_digit()) {
                    word.clear();
                    in_word = false;
                }
                end_word!();
                let mut op = c.to_string();
                i += 1;
                while i < chars.len() && matches!(chars[i], '>' | '|' | '&') && op.len() < 3 {
                    op.push(chars[i]);
                    i += 1;
                }
                if op.ends_with('&') {
                    // `>&2`: duplicating a descriptor, no file.
                    while i < chars.len() && (chars[i].is_ascii_digit() || chars[i] == '-') {
                        i += 1;
                    }
                    continue;
                }
                pending_redirect = Some(op.replace('|', ""));
                continue;
            }
            _ => {
                word.push(c);
                in_word = true;
            }
        }
        i += 1;
    }
    end_command!(chars.len(), false);
    out
}

/// `case WORD in`, whose patterns follow.
fn is_case_head(words: &[String]) -> bool {
    words.len() == 3 && words[0] == "case" && words[2] == "in"
}

/// Skips a `case` item's patterns from `from`: up to and past the unquoted `)` that ends them,
/// or past `esac` when no item follows. Returns where the item's commands start.
fn skip_case_patterns(chars: &[char], from: usize) -> usize {
    let mut i = from;
    while i < chars.len() && (chars[i].is_whitespace() || chars[i] == '(' || chars[i] == '#') {
        if chars[i] == '#' {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        i += 1;
    }
    let word_end = |at: usize| {
        chars
            .get(at)
            .is_none_or(|c| !c.is_alphanumeric() && *c != '_')
    };
    if chars[i.min(chars.len())..].starts_with(&['e', 's', 'a', 'c']) && word_end(i + 4) {
        return i + 4;
    }
    let mut quote: Option<char> = None;
    while i < chars.len() {
        let c = chars[i];
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '\\' => i += 1,
            None if c == '\'' || c == '"' => quote = Some(c),
            None if c == ')' => return i + 1,
            None => {}
        }
        i += 1;
    }
    i
}

/// The text up to the parenthesis closing the one before `from`, and the index after it.
fn balanced(chars: &[char], from: usize) -> (String, usize) {
    let mut depth = 1;
    let mut j = from;
    while j < chars.len() {
        match chars[j] {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        j += 1;
    }
    (chars[from..j.min(chars.len())].iter().collect(), j + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(code: &str) -> Vec<Vec<String>> {
        parse(code).into_iter().map(|c| c.words).collect()
    }

    #[test]
    fn case_patterns_are_not_commands() {
        let code = "case \"$1\" in\n  # items\n  rc | reboot | 'halt)x') echo skip ;;\n  (shutdown) rm -rf build ;&\n  *) run \"$1\" ;;\nesac\nreboot";
        assert_eq!(
            words(code),
            vec![
                vec!["case", "$1", "in"],
                vec!["echo", "skip"],
                vec!["rm", "-rf", "build"],
                vec!["run", "$1"],
                vec!["reboot"],
            ]
        );
        // The last item may end at `esac` without `;;`; nested commands still count.
        assert_eq!(
            words("case $x in a) halt ;; b) $(poweroff) ;; esac; echo done"),
            vec![
                vec!["case", "$x", "in"],
                vec!["halt"],
                vec!["poweroff"],
                vec!["$(…)"],
                vec!["echo", "done"],
            ]
        );
    }

    #[test]
    fn splits_commands_and_words() {
        assert_eq!(
            words("rm -rf 'a b' && echo \"x y\"; ls"),
            vec![vec!["rm", "-rf", "a b"], vec!["echo", "x y"], vec!["ls"]]
        );
        let cmds = parse("curl -fsSL https://x.sh | sudo bash");
        assert!(!cmds[0].piped && cmds[1].piped);
        assert_eq!(cmds[1].words, vec!["sudo", "bash"]);
        assert!(!parse("a || b")[1].piped);
    }

    #[test]
    fn redirects_and_substitutions() {
        let cmds = parse("echo hi >> ~/.bashrc 2>&1; cat < in.txt 2> err.log");
        assert_eq!(cmds[0].words, vec!["echo", "hi"]);
        assert_eq!(
            cmds[0].redirects,
            vec![(">>".to_string(), "~/.bashrc".to_string())]
        );
        assert_eq!(
            cmds[1].redirects,
            vec![
                ("<".into(), "in.txt".into()),
                (">".into(), "err.log".into())
            ]
        );
        let nested = words("sh -c \"$(curl -fsSL https://x)\"");
        assert!(nested.contains(&vec![
            "curl".to_string(),
            "-fsSL".into(),
            "https://x".into()
        ]));
        assert_eq!(words("echo ok # rm -rf /"), vec![vec!["echo", "ok"]]);
    }
}
