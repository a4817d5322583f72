//! Code in other languages, for the command rules: a block that starts processes (Python's
//! `subprocess`, Node's `child_process`, Ruby's backticks…) runs commands that cannot be told
//! from its text in general, so it is unknown; the commands its string literals spell are
//! still checked (`os.system('touch x')` is forbidden outright when `touch` is).
//!
//! This is a static look for the usual ways; code bent on hiding a call (building the module
//! name at run time through some path not listed here) is the sandbox's to stop.

use std::sync::LazyLock;

use oi_exec::Language;
use regex::Regex;

use super::invocations::Invocations;

/// What a block in `language` (not shell) runs, as far as its text tells.
pub fn of_other(language: Language, code: &str) -> Invocations {
    let mut out = Invocations::default();
    if language == Language::PowerShell {
        out.unknown.push(
            "PowerShell runs programs by name like a shell, and its code is not read here".into(),
        );
        return out;
    }
    let Some(starts) = starts_processes(language, code) else {
        return out;
    };
    out.unknown.push(format!(
        "{} code that starts processes (`{starts}`) runs commands that cannot be known before it runs",
        language.name()
    ));
    for literal in literals(code) {
        let mut seen = Invocations::default();
        seen.walk_code(&literal, 1);
        out.commands.extend(seen.commands);
    }
    out
}

/// The first sign in `code` that it starts processes or runs code built at run time.
fn starts_processes(language: Language, code: &str) -> Option<String> {
    let pattern: &Option<Regex> = match language {
        Language::Python => &PYTHON,
        Language::JavaScript => &JAVASCRIPT,
        Language::Ruby => &RUBY,
        Language::R => &R,
        Language::AppleScript => &APPLESCRIPT,
        Language::Shell | Language::PowerShell => return None,
    };
    match pattern {
        Some(pattern) => pattern.find(code).map(|m| m.as_str().trim().to_string()),
        // Fail closed; the tests compile every pattern.
        None => Some("a pattern of this check that did not compile".into()),
    }
}

static PYTHON: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\bsubprocess\b|\bos\s*\.\s*(?:system|popen|exec\w*|spawn\w*|posix_spawn\w*|fork\w*)\b",
        r"|\bfrom\s+os\s+import\b[^\n]*(?:\bsystem\b|\bpopen\b|\bexec|\bspawn|\bposix_spawn|\bfork|\*)",
        r"|\bimport\s+os\s+as\b|\bpty\b|\b__import__\b|\bimportlib\b|\bctypes\b|\bcffi\b",
        r"|\bpexpect\b|\bplumbum\b|\bimport\s+sh\b|\bcommands\s*\.\s*get|\bplatform\s*\.\s*popen",
        r"|\bgetattr\s*\(\s*(?:os|subprocess|sys)\b|\bsys\s*\.\s*modules\b|\bvars\s*\(\s*os\b",
        r"|\bos\s*\.\s*__dict__|(?:^|[^.\w])(?:exec|eval|compile)\s*\(",
    ))
    .ok()
});

static JAVASCRIPT: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\bchild_process\b|\bprocess\s*\.\s*(?:binding|dlopen|mainModule)\b|\b_load\b",
        r"|(?:^|[^.\w])eval\s*\(|\bnew\s+Function\b|(?:^|[^.\w])Function\s*\(",
        r"|\bimport\s*\(|\brequire\s*\(\s*(?:[^'\x22`\s]|`[^`]*\$\{)",
        r"|\bDeno\s*\.\s*(?:run|Command)\b|\bBun\s*\.\s*(?:spawn\w*|\$)",
    ))
    .ok()
});

static RUBY: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(concat!(
        r"`|%x|\bsystem\b|\bexec\b|\bspawn\b|\bIO\s*\.\s*popen\b|\bOpen3\b|\bPTY\b|\bfork\b",
        r"|\bKernel\b|\beval\b|\binstance_eval\b|\bclass_eval\b|\bsend\s*\(|\bpublic_send\b",
        r"|\bopen\s*\(\s*['\x22]\||\bsyscall\b|\bFiddle\b",
    ))
    .ok()
});

static R: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(concat!(
        r"\bsystem2?\s*\(|\bshell\s*\(|\bpipe\s*\(|\bprocessx\b|\bsys\s*::|\beval\s*\(",
        r"|\bdo\.call\b|\bmatch\.fun\b|\bdyn\.load\b|\bRcpp\b",
    ))
    .ok()
});

static APPLESCRIPT: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\bdo\s+shell\s+script\b|\brun\s+script\b|\bdo\s+script\b|\btell\s+application\s+"(?:Terminal|iTerm2?|System Events)""#,
    )
    .ok()
});

/// The string literals of `code`: `'…'`, `"…"` and `` `…` ``, escapes undone.
fn literals(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = code.chars();
    while let Some(c) = chars.next() {
        if !matches!(c, '\'' | '"' | '`') {
            continue;
        }
        let mut literal = String::new();
        while let Some(d) = chars.next() {
            match d {
                '\\' => literal.extend(chars.next()),
                d if d == c => break,
                d => literal.push(d),
            }
        }
        if !literal.trim().is_empty() {
            out.push(literal);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        for pattern in [&*PYTHON, &*JAVASCRIPT, &*RUBY, &*R, &*APPLESCRIPT] {
            assert!(pattern.as_ref().is_some_and(|p| !p.is_match("")));
        }
    }

    #[test]
    fn ordinary_code_starts_nothing() {
        for (language, code) in [
            (Language::Python, "import os\nprint(os.path.join('a', 'b'))"),
            (Language::Python, "import re\nre.compile('x')\nmodel.eval()"),
            (
                Language::JavaScript,
                "const fs = require('fs'); fs.readFileSync('x')",
            ),
            (Language::Ruby, "puts File.read('x')"),
            (Language::R, "x <- c(1, 2)\nprint(mean(x))"),
            (Language::AppleScript, "display dialog \"hi\""),
        ] {
            assert_eq!(starts_processes(language, code), None, "{code}");
        }
    }

    #[test]
    fn literals_become_commands_to_check() {
        let seen = of_other(
            Language::Python,
            "import subprocess\nsubprocess.run(['rm', '-rf', 'x']); subprocess.run(\"ls -l\")",
        );
        assert!(seen.unknown[0].contains("python code that starts processes (`subprocess`)"));
        assert!(seen.commands.contains(&vec!["rm".to_string()]));
        assert!(seen.commands.contains(&vec!["ls".to_string(), "-l".into()]));
    }
}
