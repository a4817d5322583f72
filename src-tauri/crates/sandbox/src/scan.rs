//! Safe mode: a static risk scan of a code block before it is approved.
//!
//! Shell code is split into simple commands (`shell_words`) and each is judged on its
//! program and arguments, so `grep -r "rm -rf /" docs` is not a risk but `sudo rm -rf /` is.
//! Python and JavaScript are scanned for their own dangerous calls, and the command strings they
//! pass to `os.system`, `subprocess`, `child_process` are scanned as shell.

use std::sync::LazyLock;

use crate::risk::{CREDENTIAL, Pattern, risk, scan_text_patterns};
use crate::scan_shell::{is_broad_path, scan_shell};

pub use crate::risk::{Risk, Severity};

/// Scan `code` written in `language` (`shell`, `bash`, `sh`, `zsh`, `python`, `javascript`,
/// `node`, `js`, …; anything unknown is scanned as shell).
pub fn scan(language: &str, code: &str) -> Vec<Risk> {
    let mut risks = Vec::new();
    match language.to_ascii_lowercase().as_str() {
        "python" | "python3" | "py" => scan_python(code, &mut risks),
        "javascript" | "js" | "node" | "nodejs" | "typescript" | "ts" => {
            scan_node(code, &mut risks)
        }
        _ => scan_shell(code, &mut risks),
    }
    risks.dedup_by(|a, b| a.rule == b.rule && a.snippet == b.snippet);
    risks
}

// ---------------------------------------------------------------- python and node

static PY_COMMAND_CALL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r"\b(?:os\.system|os\.popen|os\.exec\w*|os\.spawn\w*|subprocess\.(?:run|call|check_call|check_output|Popen|getoutput|getstatusoutput)|pty\.spawn)\s*\(",
    )
});
static PY_RMTREE: LazyLock<Pattern> =
    LazyLock::new(|| Pattern::new(r"\b(?:shutil\.rmtree|rmtree)\s*\("));
static PY_FORK_LOOP: LazyLock<Pattern> =
    LazyLock::new(|| Pattern::new(r"while\s+(?:True|1)\s*:\s*(?:\n\s*)?os\.fork\(\)"));
static PY_STARTUP_WRITE: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r#"open\(.{0,120}?(?:\.bashrc|\.bash_profile|\.zshrc|\.profile|\.zprofile|\.zshenv)\b.{0,120}?,\s*(?:mode\s*=\s*)?['"][wax]"#,
    )
});
/// Calls that write, delete or move files, in Python and JavaScript.
pub(crate) static WRITE_CALL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r#"open\([^)]*['"](?:[wax]|r\+)[bt+]?['"]|\.write_(?:text|bytes)\(|\.(?:unlink|rmdir|touch|mkdir|rename|replace|symlink_to|chmod)\(|\bos\.(?:remove|unlink|rename|replace|rmdir|makedirs|mkdir|symlink|link|chmod|truncate)\(|\bshutil\.(?:copy\w*|move|rmtree)\(|\b(?:writeFile|writeFileSync|appendFile|appendFileSync|createWriteStream|rmSync|unlinkSync|renameSync|copyFileSync|mkdirSync|symlinkSync|truncateSync|chmodSync)\("#,
    )
});
static NODE_COMMAND_CALL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(r"\b(?:exec|execSync|spawn|spawnSync|execFile|execFileSync)\s*\(")
});
static NODE_RM: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(r"\b(?:rmSync|rmdirSync|rm|rmdir|rimraf|remove|removeSync|emptyDirSync)\s*\(")
});
static NODE_STARTUP_WRITE: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r#"(?:writeFile|appendFile|writeFileSync|appendFileSync|createWriteStream)\s*\(.{0,120}?(?:\.bashrc|\.bash_profile|\.zshrc|\.profile)\b"#,
    )
});
static STRING_LITERAL: LazyLock<Pattern> = LazyLock::new(|| {
    Pattern::new(
        r#"(?s)"""(.*?)"""|'''(.*?)'''|"((?:[^"\\\n]|\\.)*)"|'((?:[^'\\\n]|\\.)*)'|`((?:[^`\\]|\\.)*)`"#,
    )
});

/// The text of the call's arguments, up to the matching parenthesis.
fn call_args(code: &str, open_paren_end: usize) -> &str {
    let mut depth = 1;
    for (i, c) in code[open_paren_end..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => {
                depth -= 1;
                if depth == 0 {
                    return &code[open_paren_end..open_paren_end + i];
                }
            }
            _ => {}
        }
    }
    &code[open_paren_end..]
}

pub(crate) fn literals(args: &str) -> Vec<String> {
    STRING_LITERAL
        .captures_iter(args)
        .filter_map(|c| {
            (1..=5)
                .find_map(|i| c.get(i))
                .map(|m| m.as_str().to_string())
        })
        .collect()
}

/// Scan the command strings passed to a process-spawning call as shell.
fn scan_spawned_commands(code: &str, call: &Pattern, risks: &mut Vec<Risk>) {
    for m in call.find_iter(code) {
        let args = call_args(code, m.end());
        let command = literals(args).join(" ");
        let mut inner = Vec::new();
        scan_shell(&command, &mut inner);
        for mut r in inner {
            r.snippet = format!(
                "{}{})",
                m.as_str(),
                args.chars().take(160).collect::<String>()
            );
            risks.push(r);
        }
    }
}

fn broad_expression(args: &str) -> bool {
    let first = args.split(',').next().unwrap_or("").trim();
    let compact: String = first.chars().filter(|c| !c.is_whitespace()).collect();
    let home_expr = [
        "Path.home()",
        "expanduser('~')",
        "expanduser(\"~\")",
        "os.environ['HOME']",
        "os.environ[\"HOME\"]",
        "os.getenv('HOME')",
        "os.getenv(\"HOME\")",
        "os.homedir()",
        "process.env.HOME",
        "Path('/')",
        "Path(\"/\")",
    ];
    if home_expr.iter().any(|h| compact.ends_with(h)) {
        return true;
    }
    let lits = literals(first);
    lits.len() == 1
        && compact.trim_start_matches(['r', 'f']).len() == lits[0].len() + 2
        && is_broad_path(&lits[0])
}

fn scan_python(code: &str, risks: &mut Vec<Risk>) {
    scan_text_patterns(code, risks);
    scan_spawned_commands(code, &PY_COMMAND_CALL, risks);
    for m in PY_RMTREE.find_iter(code) {
        let args = call_args(code, m.end());
        if broad_expression(args) {
            risks.push(risk(
                "rmtree-broad",
                Severity::Critical,
                "recursively deletes a broad path (/, home, a system directory)",
                &format!("{}{})", m.as_str(), args),
            ));
        }
    }
    if let Some(m) = PY_FORK_LOOP.find(code) {
        risks.push(risk(
            "fork-bomb",
            Severity::Critical,
            "forks without end until the machine hangs",
            m.as_str(),
        ));
    }
    if let Some(m) = PY_STARTUP_WRITE.find(code) {
        risks.push(risk(
            "shell-startup-write",
            Severity::High,
            "changes a shell startup file, so the change runs in every future shell",
            m.as_str(),
        ));
    }
    scan_credential_mentions(code, risks);
}

fn scan_node(code: &str, risks: &mut Vec<Risk>) {
    scan_text_patterns(code, risks);
    scan_spawned_commands(code, &NODE_COMMAND_CALL, risks);
    for m in NODE_RM.find_iter(code) {
        let args = call_args(code, m.end());
        if broad_expression(args) {
            risks.push(risk(
                "rmtree-broad",
                Severity::Critical,
                "recursively deletes a broad path (/, home, a system directory)",
                &format!("{}{})", m.as_str(), args),
            ));
        }
    }
    if let Some(m) = NODE_STARTUP_WRITE.find(code) {
        risks.push(risk(
            "shell-startup-write",
            Severity::High,
            "changes a shell startup file, so the change runs in every future shell",
            m.as_str(),
        ));
    }
    scan_credential_mentions(code, risks);
}

fn scan_credential_mentions(code: &str, risks: &mut Vec<Risk>) {
    for lit in literals(code) {
        if CREDENTIAL.is_match(&lit) && !lit.ends_with(".pub") {
            risks.push(risk(
                "credential-read",
                Severity::High,
                "reads secret credentials (keys, tokens, password hashes)",
                &lit,
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(lang: &str, code: &str) -> Vec<&'static str> {
        scan(lang, code).into_iter().map(|r| r.rule).collect()
    }

    #[test]
    fn regexes_compile() {
        for re in [
            &PY_COMMAND_CALL,
            &PY_RMTREE,
            &PY_FORK_LOOP,
            &PY_STARTUP_WRITE,
            &NODE_COMMAND_CALL,
            &WRITE_CALL,
            &NODE_RM,
            &NODE_STARTUP_WRITE,
            &STRING_LITERAL,
        ] {
            assert!(re.compiled());
        }
    }

    #[test]
    fn reports_carry_rule_reason_and_snippet() {
        let r = scan("bash", "cd /tmp && sudo rm -rf / ; echo done");
        assert_eq!(r.len(), 1);
        assert_eq!(r[0].rule, "rm-rf-broad");
        assert_eq!(r[0].severity, Severity::Critical);
        assert_eq!(r[0].snippet, "sudo rm -rf /");
        assert!(!r[0].reason.is_empty());
    }

    #[test]
    fn words_in_arguments_are_not_commands() {
        assert!(rules("bash", "grep -r \"rm -rf /\" docs/").is_empty());
        assert!(rules("bash", "echo 'curl x | sh' > notes.txt").is_empty());
        assert_eq!(rules("bash", "bash -c 'rm -rf ~'"), vec!["rm-rf-broad"]);
        assert_eq!(
            rules(
                "python",
                "import subprocess\nsubprocess.run(['rm', '-rf', '/'])"
            ),
            vec!["rm-rf-broad"]
        );
    }
}
