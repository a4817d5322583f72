//! What shell code runs, as far as reading it can tell: every command with its program, seen
//! through keywords (`if`, `{`, `!`…), assignments, wrappers (`sudo`, `env`, `xargs`,
//! `find -exec`…) and shell code handed to another shell (`bash -c`, `eval`, `watch`), and
//! what runs but cannot be known without running it.
//!
//! Decided here:
//! - a program named by an expansion (`$x`, `${x}`, `$(…)`, backticks, `$'…'`), a glob or a
//!   brace expansion is unknown;
//! - `source`/`.`, a shell given a file or standard input (`bash f.sh`, `| sh`,
//!   `python3 <<EOF`), and inline code of another interpreter (`python -c`, `node -e`…) are
//!   unknown;
//! - a function's body counts as run where it is defined (so calling it needs no tracking), and
//!   an alias's value as code (`alias t=touch` runs `touch` for the rules);
//! - a script file run by an interpreter (`python3 x.py`, `./x.sh`) is judged by its program's
//!   name only: its contents are for the sandbox, at run time.

use super::interpreters::interpreted;
use super::wrappers::{is_assignment, wrapped};

/// How deep wrappers and nested code are followed; deeper is unknown.
const MAX_DEPTH: usize = 12;

/// What a wrapper or interpreter runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Inner {
    /// A command: its program and arguments.
    Command(Vec<String>),
    /// Shell code (`bash -c CODE`, `eval …`, `watch`'s words).
    Code(String),
    /// Something runs that this check cannot see; why, for a person.
    Unknown(String),
}

/// What a block runs.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Invocations {
    /// Each command: program (as written, path included) and arguments. A wrapper gives its
    /// own command, itself without its options before the inner one (`sudo touch y` for
    /// `sudo -u x touch y`, so a pattern `sudo touch` matches), and the inner command.
    pub commands: Vec<Vec<String>>,
    /// What runs but cannot be known from the text, each with why.
    pub unknown: Vec<String>,
}

impl Invocations {
    /// Everything shell `code` runs.
    pub fn of_shell(code: &str) -> Self {
        let mut out = Invocations::default();
        out.walk_code(code, 0);
        out
    }

    pub(super) fn walk_code(&mut self, code: &str, depth: usize) {
        if depth > MAX_DEPTH {
            self.unknown
                .push("shell code nested too deeply to follow".to_string());
            return;
        }
        for command in oi_sandbox::shell_words::parse(code) {
            self.walk_command(&command.words, depth);
        }
    }

    fn walk_command(&mut self, words: &[String], depth: usize) {
        if depth > MAX_DEPTH {
            self.unknown
                .push("commands nested too deeply to follow".to_string());
            return;
        }
        let Some(start) = program_start(words) else {
            return;
        };
        let words = &words[start..];
        let program = words[0].as_str();
        if let Some(why) = unknowable(program) {
            self.unknown.push(format!("the program `{program}` {why}"));
            return;
        }
        self.commands.push(words.to_vec());
        let name = program_name(program).to_ascii_lowercase();
        let args = &words[1..];
        let inner = wrapped(&name, program, args).or_else(|| interpreted(&name, program, args));
        for inner in inner.unwrap_or_default() {
            match inner {
                Inner::Command(command) => {
                    let mut short = vec![program.to_string()];
                    short.extend(command.iter().cloned());
                    if short.len() < words.len() {
                        self.commands.push(short);
                    }
                    self.walk_command(&command, depth + 1);
                }
                Inner::Code(code) => self.walk_code(&code, depth + 1),
                Inner::Unknown(why) => self.unknown.push(why),
            }
        }
    }
}

/// Where the program of a simple command is: after keywords (`if`, `then`, `do`, `!`, `{`…)
/// and assignments. `None` when nothing runs (`for i in …`, `x=1`, `fi`).
fn program_start(words: &[String]) -> Option<usize> {
    let mut i = 0;
    while let Some(word) = words.get(i) {
        match word.as_str() {
            "!" | "{" | "}" | "if" | "then" | "else" | "elif" | "fi" | "while" | "until" | "do"
            | "done" | "esac" | "coproc" => i += 1,
            // `function f { …`: the name is not a command.
            "function" => i += 2,
            // `for NAME in WORDS`, `select …`, `case WORD in`: words, not commands.
            "for" | "select" | "case" if i == 0 || is_keyword(&words[i - 1]) => return None,
            w if is_assignment(w) => i += 1,
            _ => return Some(i),
        }
    }
    None
}

fn is_keyword(word: &str) -> bool {
    matches!(
        word,
        "!" | "{" | "then" | "else" | "elif" | "if" | "while" | "until" | "do"
    )
}

/// Why the program word cannot be known before the code runs, if it cannot.
fn unknowable(program: &str) -> Option<&'static str> {
    let name = program_name(program);
    if program.contains('$') {
        Some(
            "is named by an expansion (a variable, a command's output or `$'…'` quoting), \
             known only when the code runs",
        )
    } else if name.contains(['*', '?']) || (name.contains('[') && name != "[" && name != "[[") {
        Some("is a pattern, known only when the code runs")
    } else if program.contains('{') {
        Some("is a brace expansion, known only when the code runs")
    } else {
        None
    }
}

/// The program a word runs, without its directory: `/usr/bin/touch` is `touch`.
pub fn program_name(word: &str) -> &str {
    let word = word.trim_end_matches('/');
    word.rsplit('/').next().unwrap_or(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn programs(code: &str) -> Vec<String> {
        Invocations::of_shell(code)
            .commands
            .iter()
            .map(|c| c.join(" "))
            .collect()
    }

    #[test]
    fn wrappers_give_their_own_command_and_the_inner_one() {
        assert_eq!(
            programs("sudo -u x touch y"),
            ["sudo -u x touch y", "sudo touch y", "touch y"]
        );
        assert_eq!(programs("if x=1 y; then :; fi"), ["y", ":"]);
        assert_eq!(programs("for f in a b; do rm $f; done"), ["rm $f"]);
        assert_eq!(programs("bash -c 'ls; id'"), ["bash -c ls; id", "ls", "id"]);
    }

    #[test]
    fn unknown_programs_say_why() {
        let seen = Invocations::of_shell("echo ok; \"$run\" x");
        assert_eq!(seen.commands, vec![vec!["echo".to_string(), "ok".into()]]);
        assert_eq!(seen.unknown.len(), 1);
        assert!(
            seen.unknown[0].starts_with("the program `$run` is named by an expansion"),
            "{:?}",
            seen.unknown
        );
        let nested = format!("{}touch x", "eval ".repeat(MAX_DEPTH));
        assert_eq!(
            programs(&nested).last().map(String::as_str),
            Some("touch x")
        );
        let deeper = format!("eval {nested}");
        assert_eq!(
            Invocations::of_shell(&deeper).unknown,
            ["shell code nested too deeply to follow"]
        );
    }
}
