//! Command rules: allow / prompt / forbid shell commands by prefix, from the user's
//! config.toml and the project's `.interpreter/config.toml`, and the command patterns that
//! "always" approvals remember.
//!
//! A pattern is a list of words (`git status`); a command matches when its words start with
//! them. Shell code is split into simple commands first, so `git status && rm -rf ~` is two
//! commands and an allow for `git status` covers only the first. Nothing is ever allowed by
//! program name alone: a one-word allow pattern matches only that exact command (`ls`, not
//! `ls -la /`). Forbid and prompt patterns may be one word (`forbid = ["sudo"]`).
//!
//! Rules that refuse (forbid, prompt) fail closed. They see every command a block runs
//! ([`Invocations`]): the program by its name whatever its path or case (`/usr/bin/TOUCH` is
//! `touch`), through wrappers (`env`, `sudo`, `xargs`, `find -exec`…) and nested shell code
//! (`bash -c`, `eval`). When a block runs something that cannot be known without running it (a
//! program named by `$x`, `python -c` code, `| sh`, Python that starts processes), it needs a
//! person whenever any such rule exists. Allow rules never see through anything: they cover
//! the exact words of plain commands only.
//!
//! Under `--sandbox native`, forbid rules hold at exec time too ([`CommandRules::exec_forbid`]):
//! a supervisor outside the sandbox refuses every exec of a forbidden program by the sandboxed
//! code (`os.system`, scripts, Makefiles, `$x`), so approving code the rules cannot see through
//! does not approve what it forbids. Prompt rules stay here, before the run.
//!
//! The language is the canonical one ([`language_of`]); the engine decided it when it built the
//! call's action, so the rules and the kernel that runs the code cannot disagree.

use std::fmt;
use std::path::{Path, PathBuf};

use oi_exec::Language;
use serde::{Deserialize, Serialize};

mod interpreters;
mod invocations;
mod options;
mod spawns;
mod wrappers;

pub use invocations::{Invocations, program_name};
pub use oi_config::CommandLists;

/// Where a project's own settings live, below its directory.
pub const PROJECT_CONFIG: &str = ".interpreter/config.toml";

/// A command prefix, as words.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct CommandPattern {
    pub words: Vec<String>,
}

/// Programs whose first argument says little about what runs (`bash -c …`, `sudo rm …`):
/// a remembered approval of one covers exactly the command approved.
const WRAPPERS: &[&str] = &[
    "sudo", "doas", "env", "bash", "sh", "zsh", "dash", "fish", "eval", "exec", "command", "xargs",
    "nohup", "timeout", "nice", "time", "python", "python3", "node", "perl", "ruby", "php", "npx",
    "uvx", "su", "ssh", "watch", "find",
];

impl CommandPattern {
    /// A pattern from its text: one simple command, no redirections or substitutions.
    pub fn parse(text: &str) -> Result<Self, String> {
        let commands = oi_sandbox::shell_words::parse(text);
        match commands.as_slice() {
            [one] if one.redirects.is_empty() && !text.contains("$(") && !text.contains('`') => {
                Ok(CommandPattern {
                    words: one.words.clone(),
                })
            }
            [] => Err("empty command".into()),
            _ => Err(format!(
                "`{}` is not one plain command (no ;, &&, |, redirections or $(…))",
                text.trim()
            )),
        }
    }

    /// What an "always" answer to `code` remembers: the program and its first argument
    /// (`git status`), or the whole command when it is one word, a wrapper (`bash -c …`,
    /// `sudo …`, `X=1 …`) or its first argument is an option (`git -C dir push`, whose
    /// `git -C` would approve any directory and subcommand). `None` when the code is not one
    /// plain shell command.
    pub fn suggest(code: &str) -> Option<Self> {
        let commands = plain_commands(code)?;
        let [words] = commands.as_slice() else {
            return None;
        };
        let program = words.first()?;
        let option_first = words.get(1).is_some_and(|w| w.starts_with('-'));
        let take = if WRAPPERS.contains(&program_name(program).to_ascii_lowercase().as_str())
            || program.contains('=')
            || option_first
        {
            words.len()
        } else {
            words.len().min(2)
        };
        Some(CommandPattern {
            words: words[..take].to_vec(),
        })
    }

    /// Does the command `words` fall under this pattern? With `allowing`, a one-word pattern
    /// matches only the same one-word command.
    pub fn matches(&self, words: &[String], allowing: bool) -> bool {
        if self.words.is_empty() {
            return false;
        }
        if allowing && self.words.len() == 1 {
            return words == self.words.as_slice();
        }
        words.starts_with(&self.words)
    }

    /// Does a command that runs `words` fall under this refusing (forbid, prompt) pattern? The
    /// program is compared by name, without its directory and ignoring case (macOS runs
    /// `/usr/bin/TOUCH` as `touch`); the arguments word for word.
    pub fn refuses(&self, words: &[String]) -> bool {
        let (Some(pattern), Some(program)) = (self.words.first(), words.first()) else {
            return false;
        };
        program_name(pattern).eq_ignore_ascii_case(program_name(program))
            && words[1..].starts_with(&self.words[1..])
    }
}

impl fmt::Display for CommandPattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let quoted: Vec<String> = self
            .words
            .iter()
            .map(|w| {
                if !w.is_empty()
                    && w.chars()
                        .all(|c| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c))
                {
                    w.clone()
                } else {
                    format!("'{}'", w.replace('\'', r"'\''"))
                }
            })
            .collect();
        f.write_str(&quoted.join(" "))
    }
}

/// The simple commands of shell code, when it can be judged command by command: `None` if it
/// writes files through redirections or runs command substitutions.
pub fn plain_commands(code: &str) -> Option<Vec<Vec<String>>> {
    if code.contains("$(") || code.contains('`') || code.contains("<(") || code.contains(">(") {
        return None;
    }
    let commands = oi_sandbox::shell_words::parse(code);
    let mut out = Vec::new();
    for c in commands {
        let writes = c
            .redirects
            .iter()
            .any(|(op, target)| op.starts_with('>') && target != "/dev/null");
        if writes {
            return None;
        }
        out.push(c.words);
    }
    (!out.is_empty()).then_some(out)
}

/// The language a call's action names, when it is one of the canonical names the engine
/// gives it (`shell`, `python`…). Anything else, an alias included, is `None`: refused, not
/// guessed at.
pub fn language_of(name: &str) -> Option<Language> {
    oi_exec::canonical_language(name).filter(|language| language.name() == name)
}

/// Whether an action's `language` is shell code (rules and prefixes apply to shell code).
pub fn is_shell(language: &str) -> bool {
    language_of(language) == Some(Language::Shell)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuleKind {
    Allow,
    Prompt,
    Forbid,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CommandRule {
    pub kind: RuleKind,
    pub pattern: CommandPattern,
    /// The file it came from.
    pub source: PathBuf,
}

impl fmt::Display for CommandRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            RuleKind::Allow => "allow",
            RuleKind::Prompt => "prompt",
            RuleKind::Forbid => "forbid",
        };
        write!(f, "{kind} `{}` ({})", self.pattern, self.source.display())
    }
}

/// A project's `.interpreter/config.toml`.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ProjectFile {
    #[serde(default)]
    commands: CommandLists,
}

#[derive(Debug, thiserror::Error)]
pub enum RulesError {
    #[error("{file}: commands.{list}[{index}]: {reason}")]
    Invalid {
        file: PathBuf,
        list: &'static str,
        index: usize,
        reason: String,
    },
    #[error(transparent)]
    Config(#[from] oi_config::ConfigError),
}

/// All command rules of a session.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CommandRules {
    pub rules: Vec<CommandRule>,
}

/// What the rules say about a block of code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RuleVerdict {
    Forbid(CommandRule),
    Prompt(CommandRule),
    /// Refusing rules exist and the block runs something they cannot see; why.
    Unknowable(String),
    Allow,
    /// No rule decides.
    None,
}

impl CommandRules {
    /// Add the lists of one file. A project file may only tighten: its `allow` entries are
    /// returned as a notice and ignored (a cloned repository must not approve its own commands).
    pub fn add(
        &mut self,
        lists: &CommandLists,
        source: &Path,
        project: bool,
    ) -> Result<Vec<String>, RulesError> {
        let mut notices = Vec::new();
        for (list, kind, entries) in [
            ("allow", RuleKind::Allow, &lists.allow),
            ("prompt", RuleKind::Prompt, &lists.prompt),
            ("forbid", RuleKind::Forbid, &lists.forbid),
        ] {
            for (index, text) in entries.iter().enumerate() {
                let invalid = |reason: String| RulesError::Invalid {
                    file: source.to_path_buf(),
                    list,
                    index,
                    reason,
                };
                let pattern = CommandPattern::parse(text).map_err(invalid)?;
                if kind == RuleKind::Allow && project {
                    notices.push(format!(
                        "{}: ignored commands.allow `{pattern}`: a project cannot allow commands \
                         itself; put it in your own config.toml, or answer [p]roject at a prompt",
                        source.display()
                    ));
                    continue;
                }
                if kind == RuleKind::Allow && pattern.words.len() == 1 {
                    return Err(invalid(format!(
                        "`{pattern}` names a program alone, which would allow anything it can do; \
                         add its subcommand or arguments (e.g. `{pattern} status`)"
                    )));
                }
                self.rules.push(CommandRule {
                    kind,
                    pattern,
                    source: source.to_path_buf(),
                });
            }
        }
        Ok(notices)
    }

    /// The forbid rules as the native sandbox refuses them at exec time, by program name and
    /// first arguments, whatever spelled the command. Prompt rules stay with the check before
    /// a run: no person answers in the middle of one.
    pub fn exec_forbid(&self) -> Vec<oi_sandbox::ExecRule> {
        self.rules
            .iter()
            .filter(|rule| rule.kind == RuleKind::Forbid)
            .filter_map(|rule| {
                let (program, args) = rule.pattern.words.split_first()?;
                let mut words = vec![program_name(program).to_string()];
                words.extend(args.iter().cloned());
                Some(oi_sandbox::ExecRule {
                    words,
                    label: rule.to_string(),
                })
            })
            .collect()
    }

    /// Load `project_dir/.interpreter/config.toml` (absent is fine).
    pub fn add_project(&mut self, project_dir: &Path) -> Result<Vec<String>, RulesError> {
        let path = project_dir.join(PROJECT_CONFIG);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => {
                return Err(oi_config::ConfigError::Read { path, source }.into());
            }
        };
        let file: ProjectFile = oi_config::parse_as(&path, &text)?;
        self.add(&file.commands, &path, true)
    }

    /// Judge a block: forbid wins over prompt, prompt over what cannot be known, and that
    /// over allow; allow needs every command of a shell block covered (and no file
    /// redirections or substitutions).
    pub fn judge(&self, language: Language, code: &str) -> RuleVerdict {
        if self.rules.is_empty() {
            return RuleVerdict::None;
        }
        if self.rules.iter().any(|r| r.kind != RuleKind::Allow) {
            let seen = match language {
                Language::Shell => Invocations::of_shell(code),
                other => spawns::of_other(other, code),
            };
            for kind in [RuleKind::Forbid, RuleKind::Prompt] {
                let hit = self
                    .rules
                    .iter()
                    .filter(|r| r.kind == kind)
                    .find(|r| seen.commands.iter().any(|words| r.pattern.refuses(words)));
                match (kind, hit) {
                    (RuleKind::Forbid, Some(r)) => return RuleVerdict::Forbid(r.clone()),
                    (RuleKind::Prompt, Some(r)) => return RuleVerdict::Prompt(r.clone()),
                    _ => {}
                }
            }
            if let Some(why) = seen.unknown.into_iter().next() {
                return RuleVerdict::Unknowable(why);
            }
        }
        let allowed = self.rules.iter().filter(|r| r.kind == RuleKind::Allow);
        let patterns: Vec<&CommandPattern> = allowed.map(|r| &r.pattern).collect();
        if language == Language::Shell && covers(&patterns, code) {
            RuleVerdict::Allow
        } else {
            RuleVerdict::None
        }
    }
}

/// Whether every command of `code` falls under one of the (allowing) patterns.
pub fn covers(patterns: &[&CommandPattern], code: &str) -> bool {
    if patterns.is_empty() {
        return false;
    }
    match plain_commands(code) {
        Some(commands) => commands
            .iter()
            .all(|words| patterns.iter().any(|p| p.matches(words, true))),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str) -> CommandPattern {
        CommandPattern::parse(text).unwrap()
    }

    #[test]
    fn only_forbid_rules_go_to_exec_time_by_program_name() {
        let mut rules = CommandRules::default();
        let lists = CommandLists {
            allow: vec!["git status".into()],
            prompt: vec!["curl".into()],
            forbid: vec!["/usr/bin/touch".into(), "git push".into()],
        };
        rules.add(&lists, Path::new("config.toml"), false).unwrap();
        let exec = rules.exec_forbid();
        let words: Vec<Vec<String>> = exec.iter().map(|r| r.words.clone()).collect();
        assert_eq!(
            words,
            [vec!["touch".to_string()], vec!["git".into(), "push".into()]]
        );
        assert_eq!(exec[1].label, "forbid `git push` (config.toml)");
    }

    #[test]
    fn suggestions_never_stop_at_a_program_name() {
        let s = |code: &str| CommandPattern::suggest(code).map(|p| p.to_string());
        assert_eq!(s("git status -s").as_deref(), Some("git status"));
        assert_eq!(s("ls").as_deref(), Some("ls"));
        assert_eq!(
            s("bash -c 'rm -rf x'").as_deref(),
            Some("bash -c 'rm -rf x'")
        );
        assert_eq!(
            s("sudo apt install x").as_deref(),
            Some("sudo apt install x")
        );
        assert_eq!(s("git -C /x push").as_deref(), Some("git -C /x push"));
        assert_eq!(s("rm -rf build").as_deref(), Some("rm -rf build"));
        assert_eq!(
            s("/usr/bin/sudo rm x").as_deref(),
            Some("/usr/bin/sudo rm x")
        );
        assert_eq!(s("git status && rm -rf ~"), None);
        assert_eq!(s("echo hi > ~/.bashrc"), None);
        assert_eq!(s("echo $(whoami)"), None);
    }

    #[test]
    fn allowing_patterns_cover_whole_blocks_only() {
        let git = p("git status");
        let ls = p("ls");
        let allow = [&git, &ls];
        assert!(covers(&allow, "git status -s"));
        assert!(covers(&allow, "git status; ls"));
        assert!(covers(&allow, "git status 2>/dev/null"));
        assert!(!covers(&allow, "git statusx"));
        assert!(!covers(&allow, "ls -la /"), "one word allows only itself");
        assert!(!covers(&allow, "git status && rm -rf ~"));
        assert!(!covers(&allow, "git status > out.txt"));
        assert!(!covers(&allow, "git status $(rm -rf ~)"));
    }

    #[test]
    fn rules_forbid_then_prompt_then_allow() {
        let mut rules = CommandRules::default();
        let lists = CommandLists {
            allow: vec!["cargo test".into(), "git push origin".into()],
            prompt: vec!["git push".into()],
            forbid: vec!["rm -rf".into(), "curl".into()],
        };
        assert!(
            rules
                .add(&lists, Path::new("c.toml"), false)
                .unwrap()
                .is_empty()
        );
        let j = |code: &str| rules.judge(Language::Shell, code);
        assert_eq!(j("cargo test --all"), RuleVerdict::Allow);
        assert!(matches!(j("git push origin main"), RuleVerdict::Prompt(_)));
        assert!(matches!(
            j("cargo test && rm -rf target"),
            RuleVerdict::Forbid(_)
        ));
        assert!(matches!(j("bash -c 'curl x'"), RuleVerdict::Forbid(_)));
        assert!(
            matches!(j("sudo rm -rf /tmp/x"), RuleVerdict::Forbid(r) if r.to_string() == "forbid `rm -rf` (c.toml)")
        );
        assert_eq!(j("ls"), RuleVerdict::None);
        assert_eq!(
            rules.judge(Language::Python, "import os"),
            RuleVerdict::None
        );
    }

    #[test]
    fn bad_rules_are_named_and_projects_cannot_allow() {
        let mut rules = CommandRules::default();
        let e = rules
            .add(
                &CommandLists {
                    allow: vec!["git".into()],
                    ..Default::default()
                },
                Path::new("/c/config.toml"),
                false,
            )
            .unwrap_err()
            .to_string();
        assert!(
            e.starts_with("/c/config.toml: commands.allow[0]: `git` names a program alone"),
            "{e}"
        );
        let e = rules
            .add(
                &CommandLists {
                    forbid: vec!["a; b".into()],
                    ..Default::default()
                },
                Path::new("c.toml"),
                false,
            )
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("commands.forbid[0]: `a; b` is not one plain command"),
            "{e}"
        );
        let notices = rules
            .add(
                &CommandLists {
                    allow: vec!["make deploy".into()],
                    forbid: vec!["make clean".into()],
                    ..Default::default()
                },
                Path::new("/p/.interpreter/config.toml"),
                true,
            )
            .unwrap();
        assert_eq!(notices.len(), 1);
        assert!(notices[0].contains("a project cannot allow commands itself"));
        assert_eq!(rules.rules.len(), 1);
        assert_eq!(
            rules.judge(Language::Shell, "make deploy"),
            RuleVerdict::None
        );
    }
}
