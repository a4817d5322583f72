//! Programs that run code given to them: shells (`bash -c CODE` is shell code to read again;
//! a shell reading a file or standard input runs what cannot be seen here), other
//! interpreters (`python3 -c`, `node -e`, `perl -e`…: their code is not shell, so it cannot be
//! checked against command rules), and the two text tools that can run commands (`awk`'s
//! `system()` and pipes, GNU `sed`'s `e`).

use super::invocations::Inner;

/// What the interpreter `name` (lowercased, no path) runs. `None`: not an interpreter.
pub(super) fn interpreted(name: &str, program: &str, args: &[String]) -> Option<Vec<Inner>> {
    let base = name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    let inner = match base {
        "sh" | "bash" | "rbash" | "dash" | "ash" | "zsh" | "ksh" | "mksh" | "oksh" | "pdksh"
        | "yash" | "posh" | "fish" | "csh" | "tcsh" | "hush" => shell(program, args),
        "python" | "pypy" => run(program, &PYTHON, args),
        "node" | "nodejs" => run(program, &NODE, args),
        "perl" => run(program, &PERL, args),
        "ruby" => run(program, &RUBY, args),
        "php" | "php-cli" => run(program, &PHP, args),
        "lua" | "luajit" => run(program, &LUA, args),
        "rscript" => run(program, &RSCRIPT, args),
        "r" => match args.first().map(String::as_str) {
            Some("CMD") => Vec::new(),
            _ => run(program, &R, args),
        },
        "osascript" => run(program, &OSASCRIPT, args),
        "expect" => run(program, &EXPECT, args),
        "tclsh" | "wish" | "irb" | "jshell" => run(program, &Interpreter::PLAIN, args),
        "pwsh" | "powershell" => powershell(program, args),
        "deno" => match args
            .iter()
            .find(|a| !a.starts_with('-'))
            .map(String::as_str)
        {
            Some("eval") => vec![inline(program, "eval")],
            Some("repl") | None => vec![on_stdin(program)],
            Some(_) => Vec::new(),
        },
        "bun" | "julia" | "guile" | "racket" | "elixir" | "erl" | "sbcl" | "groovy" | "clojure"
        | "bb" | "scala" => {
            const INLINE: &[&str] = &["-e", "-E", "-c", "-p", "--eval", "--print", "-eval"];
            match args.iter().find(|a| INLINE.contains(&a.as_str())) {
                Some(flag) => vec![inline(program, flag)],
                None => Vec::new(),
            }
        }
        "awk" | "gawk" | "mawk" | "nawk" => awk(program, args),
        "sed" | "gsed" => sed(program, args),
        _ => return None,
    };
    Some(inner)
}

fn inline(program: &str, flag: &str) -> Inner {
    Inner::Unknown(format!(
        "`{program} {flag} …` runs inline code of another interpreter"
    ))
}

fn on_stdin(program: &str) -> Inner {
    Inner::Unknown(format!("`{program}` reads its code from standard input"))
}

/// `sh -c CODE` is shell code; `sh FILE`, `sh -s`, `sh < FILE` and `| sh` run code this check
/// cannot see.
fn shell(program: &str, args: &[String]) -> Vec<Inner> {
    let mut inline = false;
    let mut stdin = false;
    let mut i = 0;
    while let Some(word) = args.get(i) {
        if word == "--" || word == "-" {
            i += 1;
            break;
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                // fish
                "command" => {
                    return vec![Inner::Code(match value {
                        Some(v) => v.to_string(),
                        None => args.get(i + 1).cloned().unwrap_or_default(),
                    })];
                }
                "rcfile" | "init-file" if value.is_none() => i += 1,
                "help" | "version" => return Vec::new(),
                "login" | "norc" | "noprofile" | "posix" | "restricted" | "verbose"
                | "noediting" | "debugger" | "dump-strings" | "dump-po-strings"
                | "pretty-print" | "rcfile" | "init-file" | "no-config" | "private"
                | "interactive" | "no-execute" => {}
                _ => {
                    return vec![Inner::Unknown(format!(
                        "`{program} {word}` is an option this check does not know"
                    ))];
                }
            }
            i += 1;
            continue;
        }
        let Some(cluster) = word
            .strip_prefix('-')
            .or_else(|| word.strip_prefix('+'))
            .filter(|c| !c.is_empty())
        else {
            break;
        };
        for c in cluster.chars() {
            match c {
                'c' => inline = true,
                's' => stdin = true,
                // `-o pipefail`, `-O extglob`: the option's name is the next word.
                'o' | 'O' => i += 1,
                c if c.is_ascii_alphabetic() => {}
                _ => {
                    return vec![Inner::Unknown(format!(
                        "`{program} {word}` is an option this check does not know"
                    ))];
                }
            }
        }
        i += 1;
    }
    match (inline, stdin, args.get(i)) {
        (true, _, Some(code)) => vec![Inner::Code(code.clone())],
        (true, _, None) => Vec::new(),
        (false, false, Some(file)) => vec![Inner::Unknown(format!(
            "`{program} {file}` runs the shell code of a file"
        ))],
        (false, _, _) => vec![on_stdin(program)],
    }
}

/// The option syntax of an interpreter, as far as finding its code goes.
struct Interpreter {
    /// Short options whose value is code (`-c`, `-e`), also inside clusters (`perl -ne`).
    inline: &'static str,
    inline_long: &'static [&'static str],
    /// Short options that take the next word (or the rest of theirs) as a value.
    valued: &'static str,
    valued_long: &'static [&'static str],
    /// Short options whose value can only be the rest of their word (`perl -MPOSIX`).
    attached: &'static str,
    /// Short options that name the file to run (`php -f FILE`, `python -m MODULE`).
    file: &'static str,
    /// Short options that make it read code from the terminal (`python -i`).
    interactive: &'static str,
}

impl Interpreter {
    const PLAIN: Interpreter = Interpreter {
        inline: "",
        inline_long: &[],
        valued: "",
        valued_long: &[],
        attached: "",
        file: "",
        interactive: "",
    };
}

/// Inline code or code on standard input cannot be checked; a script file is judged by the
/// interpreter's name alone.
fn run(program: &str, spec: &Interpreter, args: &[String]) -> Vec<Inner> {
    let mut i = 0;
    while let Some(word) = args.get(i) {
        match word.as_str() {
            "--" => {
                i += 1;
                break;
            }
            "-" => return vec![on_stdin(program)],
            "-h" | "-v" | "-V" | "--help" | "--version" => return Vec::new(),
            _ => {}
        }
        if let Some(long) = word.strip_prefix("--") {
            let name = long.split_once('=').map_or(long, |(n, _)| n);
            if spec.inline_long.contains(&name) {
                return vec![inline(program, word)];
            }
            if spec.valued_long.contains(&name) && !long.contains('=') {
                i += 1;
            }
            i += 1;
            continue;
        }
        let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) else {
            break;
        };
        for (at, c) in cluster.char_indices() {
            if spec.inline.contains(c) {
                return vec![inline(program, word)];
            }
            if spec.interactive.contains(c) {
                return vec![on_stdin(program)];
            }
            if spec.file.contains(c) {
                return Vec::new();
            }
            if spec.valued.contains(c) {
                if at + c.len_utf8() == cluster.len() {
                    i += 1;
                }
                break;
            }
            if spec.attached.contains(c) {
                break;
            }
        }
        i += 1;
    }
    match args.get(i) {
        Some(_) => Vec::new(),
        None => vec![on_stdin(program)],
    }
}

/// PowerShell's options are words, case-insensitive, and may be shortened: `-c`, `-Command`,
/// `-EncodedCommand`, `-ec`, `-f FILE`.
fn powershell(program: &str, args: &[String]) -> Vec<Inner> {
    for word in args {
        let lower = word.to_ascii_lowercase();
        let Some(name) = lower.strip_prefix('-').filter(|n| !n.is_empty()) else {
            // The first operand is a script file.
            return Vec::new();
        };
        if "command".starts_with(name) || "encodedcommand".starts_with(name) || name == "ec" {
            return vec![inline(program, word)];
        }
        if "file".starts_with(name) {
            return Vec::new();
        }
    }
    vec![on_stdin(program)]
}

/// An awk program runs commands through `system()` and pipes (`print | "cmd"`,
/// `"cmd" | getline`).
fn awk(program: &str, args: &[String]) -> Vec<Inner> {
    let mut texts: Vec<&str> = Vec::new();
    let mut i = 0;
    while let Some(word) = args.get(i) {
        let word = word.as_str();
        let next = args.get(i + 1).map(String::as_str);
        match word {
            "--" => {
                i += 1;
                break;
            }
            "-f" | "-E" | "--file" | "--exec" => {
                return vec![Inner::Unknown(format!(
                    "`{program} {word}` runs an awk program from a file"
                ))];
            }
            "-e" | "--source" => {
                texts.extend(next);
                i += 2;
                continue;
            }
            "-F" | "-v" | "-i" | "-l" | "--field-separator" | "--assign" | "--include"
            | "--load" => {
                i += 2;
                continue;
            }
            _ => {}
        }
        if let Some(source) = word.strip_prefix("--source=") {
            texts.push(source);
        } else if word.starts_with("--file=") || word.starts_with("--exec=") {
            return vec![Inner::Unknown(format!(
                "`{program} {word}` runs an awk program from a file"
            ))];
        } else if !word.starts_with('-') || word == "-" {
            break;
        }
        i += 1;
    }
    if texts.is_empty() {
        texts.extend(args.get(i).map(String::as_str));
    }
    if texts.iter().any(|t| awk_runs_commands(t)) {
        return vec![Inner::Unknown(format!(
            "the `{program}` program runs commands (`system()`, or a pipe to or from one)"
        ))];
    }
    Vec::new()
}

fn awk_runs_commands(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let single_pipe = (0..chars.len()).any(|i| {
        chars[i] == '|'
            && (i == 0 || chars[i - 1] != '|')
            && chars.get(i + 1).is_none_or(|c| *c != '|')
    });
    single_pipe || text.contains("system")
}

/// GNU sed's `e` command and the `e` flag of `s` run commands; `--sandbox` refuses both.
fn sed(program: &str, args: &[String]) -> Vec<Inner> {
    let mut scripts: Vec<&str> = Vec::new();
    let mut i = 0;
    let mut operands = Vec::new();
    let from_file = || {
        vec![Inner::Unknown(format!(
            "`{program} -f` runs a sed script from a file"
        ))]
    };
    while let Some(word) = args.get(i) {
        let word = word.as_str();
        let next = args.get(i + 1).map(String::as_str);
        if word == "--sandbox" {
            return Vec::new();
        }
        if let Some(long) = word.strip_prefix("--") {
            let (name, value) = match long.split_once('=') {
                Some((n, v)) => (n, Some(v)),
                None => (long, None),
            };
            match name {
                "" => {
                    operands.extend(args[i + 1..].iter().map(String::as_str));
                    break;
                }
                "expression" => {
                    scripts.extend(value.or(next));
                    i += usize::from(value.is_none());
                }
                "file" => return from_file(),
                "line-length" => i += usize::from(value.is_none()),
                _ => {}
            }
        } else if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) {
            for (at, c) in cluster.char_indices() {
                let rest = &cluster[at + 1..];
                match c {
                    'e' | 'l' => {
                        let value = if rest.is_empty() {
                            i += 1;
                            next
                        } else {
                            Some(rest)
                        };
                        if c == 'e' {
                            scripts.extend(value);
                        }
                        break;
                    }
                    'f' => return from_file(),
                    // `-i.bak`: the rest is a suffix.
                    'i' => break,
                    _ => {}
                }
            }
        } else {
            operands.push(word);
        }
        i += 1;
    }
    if scripts.is_empty() {
        scripts.extend(operands.first());
    }
    if scripts.iter().any(|s| sed_runs_commands(s)) {
        return vec![Inner::Unknown(format!(
            "the `{program}` script runs commands (its `e` command or flag)"
        ))];
    }
    Vec::new()
}

/// Reads a sed script command by command: addresses, then one letter; `e` is the command
/// that runs one, and `s///e` runs the replacement.
fn sed_runs_commands(script: &str) -> bool {
    let c: Vec<char> = script.chars().collect();
    let mut i = 0;
    loop {
        while i < c.len() && (c[i].is_whitespace() || matches!(c[i], ';' | '{' | '}' | '!')) {
            i += 1;
        }
        if i >= c.len() {
            return false;
        }
        i = skip_address(&c, i);
        while i < c.len() && (c[i].is_whitespace() || c[i] == '!') {
            i += 1;
        }
        let Some(&command) = c.get(i) else {
            return false;
        };
        i += 1;
        match command {
            'e' => return true,
            's' | 'y' => {
                let Some(&delimiter) = c.get(i) else {
                    return false;
                };
                i = skip_delimited(&c, i + 1, delimiter);
                i = skip_delimited(&c, i, delimiter);
                if command == 's' {
                    while i < c.len() && !matches!(c[i], ';' | '\n' | '}') {
                        match c[i] {
                            'e' => return true,
                            // `w FILE` takes the rest of the line.
                            'w' => i = line_end(&c, i),
                            _ => i += 1,
                        }
                    }
                }
            }
            // Text, file names and labels run to the end of the line.
            'a' | 'i' | 'c' | 'r' | 'R' | 'w' | 'W' | ':' | '#' => i = line_end(&c, i),
            'b' | 't' | 'T' => {
                while i < c.len() && !matches!(c[i], ';' | '\n') {
                    i += 1;
                }
            }
            _ => {}
        }
    }
}

fn skip_address(c: &[char], mut i: usize) -> usize {
    for part in 0..2 {
        if part == 1 {
            if c.get(i) != Some(&',') {
                break;
            }
            i += 1;
            if matches!(c.get(i), Some('+' | '~')) {
                i += 1;
            }
        }
        match c.get(i) {
            Some(d) if d.is_ascii_digit() => {
                while c.get(i).is_some_and(|d| d.is_ascii_digit() || *d == '~') {
                    i += 1;
                }
            }
            Some('$') => i += 1,
            Some('/') => i = skip_delimited(c, i + 1, '/'),
            Some('\\') => match c.get(i + 1) {
                Some(&d) => i = skip_delimited(c, i + 2, d),
                None => i += 1,
            },
            _ => {}
        }
        while matches!(c.get(i), Some('I' | 'M')) && part == 0 && i > 0 && c[i - 1] == '/' {
            i += 1;
        }
    }
    i
}

/// The index after the next unescaped `delimiter` from `i`.
fn skip_delimited(c: &[char], mut i: usize, delimiter: char) -> usize {
    while i < c.len() {
        if c[i] == '\\' {
            i += 2;
            continue;
        }
        if c[i] == delimiter {
            return i + 1;
        }
        i += 1;
    }
    i
}

/// The end of the line from `i`, backslash-newline continuing it.
fn line_end(c: &[char], mut i: usize) -> usize {
    while i < c.len() && c[i] != '\n' {
        if c[i] == '\\' {
            i += 1;
        }
        i += 1;
    }
    i
}

const PYTHON: Interpreter = Interpreter {
    inline: "c",
    valued: "WX",
    file: "m",
    interactive: "i",
    valued_long: &["check-hash-based-pycs"],
    ..Interpreter::PLAIN
};
const NODE: Interpreter = Interpreter {
    inline: "ep",
    inline_long: &["eval", "print"],
    valued: "rC",
    valued_long: &[
        "require",
        "import",
        "loader",
        "experimental-loader",
        "input-type",
        "conditions",
        "title",
        "redirect-warnings",
        "icu-data-dir",
        "openssl-config",
    ],
    interactive: "i",
    ..Interpreter::PLAIN
};
const PERL: Interpreter = Interpreter {
    inline: "eE",
    attached: "MmIxilC0dDVF",
    ..Interpreter::PLAIN
};
const RUBY: Interpreter = Interpreter {
    inline: "e",
    valued: "rICE",
    attached: "0FiTWxK",
    ..Interpreter::PLAIN
};
const PHP: Interpreter = Interpreter {
    inline: "rBRE",
    valued: "cdzSt",
    file: "fF",
    interactive: "a",
    ..Interpreter::PLAIN
};
const LUA: Interpreter = Interpreter {
    inline: "e",
    valued: "l",
    interactive: "i",
    ..Interpreter::PLAIN
};
const RSCRIPT: Interpreter = Interpreter {
    inline: "e",
    ..Interpreter::PLAIN
};
const R: Interpreter = Interpreter {
    inline: "e",
    file: "f",
    ..Interpreter::PLAIN
};
const OSASCRIPT: Interpreter = Interpreter {
    inline: "e",
    valued: "ls",
    ..Interpreter::PLAIN
};
const EXPECT: Interpreter = Interpreter {
    inline: "c",
    file: "f",
    interactive: "i",
    ..Interpreter::PLAIN
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sed_scripts_that_run_commands() {
        for script in [
            "e ls",
            "1e ls",
            "$e",
            "/x/e date",
            "1,/re/ { e ls\n}",
            "s/a/b/e",
            "s|a|b|ge",
            "s/a/b/;s/c/d/e",
            "\\%x% e",
        ] {
            assert!(sed_runs_commands(script), "{script:?}");
        }
        for script in [
            "s/e/x/",
            "s/a/e/g",
            "s/\\/e/x/",
            "/e/d",
            "y/abe/xyz/",
            "a\\\ne text",
            "i hello e",
            "1d;$d",
            "s/x/y/w out.e",
            "b end; :end",
            "",
        ] {
            assert!(!sed_runs_commands(script), "{script:?}");
        }
    }

    #[test]
    fn awk_programs_that_run_commands() {
        assert!(awk_runs_commands("BEGIN { system(\"ls\") }"));
        assert!(awk_runs_commands("{ print | \"sort\" }"));
        assert!(awk_runs_commands("BEGIN { \"date\" | getline d }"));
        assert!(!awk_runs_commands("$1 == \"a\" || $2 == \"b\" { print }"));
        assert!(!awk_runs_commands("{ print $1 }"));
    }
}
