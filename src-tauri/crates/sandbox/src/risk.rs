//! What the risk scan reports and what it looks for in code of any language: a finding
//! ([`Risk`], its [`Severity`]), the constant [`Pattern`]s the rules are written with, and the
//! patterns shell, Python and JavaScript are all scanned for (fork bombs, reverse shells,
//! credential paths).

use std::sync::LazyLock;

use regex::Regex;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Severity {
    /// Worth a second look.
    Medium,
    /// Likely to do damage that is hard to undo.
    High,
    /// Destroys the system or the user's data, or hands control to a stranger.
    Critical,
}

/// One finding.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Risk {
    /// Stable rule id, e.g. `rm-rf-broad`.
    pub rule: &'static str,
    pub severity: Severity,
    /// For a person, in the approval prompt.
    pub reason: &'static str,
    /// The command or call that matched.
    pub snippet: String,
}

pub(crate) fn risk(
    rule: &'static str,
    severity: Severity,
    reason: &'static str,
    snippet: &str,
) -> Risk {
    let snippet: String = snippet.trim().chars().take(200).collect();
    Risk {
        rule,
        severity,
        reason,
        snippet,
    }
}

static FORK_BOMB: LazyLock<Pattern> =
    LazyLock::new(|| Pattern::new(r"([\w:.]+)\s*\(\)\s*\{\s*([\w:.]+)\s*\|\s*([\w:.]+)\s*&\s*\}"));
static REVERSE_SHELL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r"(?:bash|sh)\s+-i\s*[>&]+\s*/dev/tcp/|/dev/tcp/[^\s]+\s+0>&1|\b(?:nc|ncat|netcat)\b[^|;&\n]*\s-[ec]\s",
    )
});
pub(crate) static CREDENTIAL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r"(?:~|\$HOME|\$\{HOME\}|/home/[^/\s'\x22]+|/root|expanduser\(\s*['\x22]~)/?(?:\.ssh/id_[\w.-]+|\.aws/credentials|\.netrc|\.git-credentials|\.docker/config\.json|\.kube/config|\.gnupg/|\.config/gh/hosts\.yml|\.pypirc)|/etc/(?:shadow|gshadow|sudoers)\b",
    )
});

/// A constant pattern. A pattern that failed to compile would match nothing; the tests check
/// that every one compiles.
pub(crate) struct Pattern(Option<Regex>);

impl Pattern {
    pub(crate) fn new(pattern: &str) -> Self {
        Pattern(Regex::new(pattern).ok())
    }
    pub(crate) fn find_iter<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = regex::Match<'a>> + 'a {
        self.0.iter().flat_map(move |re| re.find_iter(text))
    }
    pub(crate) fn captures_iter<'a>(
        &'a self,
        text: &'a str,
    ) -> impl Iterator<Item = regex::Captures<'a>> + 'a {
        self.0.iter().flat_map(move |re| re.captures_iter(text))
    }
    pub(crate) fn find<'a>(&self, text: &'a str) -> Option<regex::Match<'a>> {
        self.0.as_ref().and_then(|re| re.find(text))
    }
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.0.as_ref().is_some_and(|re| re.is_match(text))
    }
}

pub(crate) fn scan_text_patterns(code: &str, risks: &mut Vec<Risk>) {
    for caps in FORK_BOMB.captures_iter(code) {
        if caps[1] == caps[2] && caps[2] == caps[3] {
            risks.push(risk(
                "fork-bomb",
                Severity::Critical,
                "a fork bomb: exhausts processes until the machine hangs",
                &caps[0],
            ));
        }
    }
    if let Some(m) = REVERSE_SHELL.find(code) {
        risks.push(risk(
            "reverse-shell",
            Severity::Critical,
            "hands a shell on this machine to a remote host",
            m.as_str(),
        ));
    }
}

#[cfg(test)]
impl Pattern {
    pub(crate) fn compiled(&self) -> bool {
        self.0.is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn regexes_compile() {
        for re in [&FORK_BOMB, &REVERSE_SHELL, &CREDENTIAL] {
            assert!(re.compiled());
        }
    }
}
