use std::ffi::OsString;
use std::path::{Path, PathBuf};

use crate::error::ExecError;

/// The languages the engine can run. Shell, Python and JavaScript run in persistent
/// kernels; the others run one-shot, a fresh interpreter per block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Language {
    Shell,
    Python,
    JavaScript,
    Ruby,
    R,
    PowerShell,
    AppleScript,
}

/// Every language, in the order [`available_languages`] lists them.
pub const ALL_LANGUAGES: [Language; 7] = [
    Language::Shell,
    Language::Python,
    Language::JavaScript,
    Language::Ruby,
    Language::R,
    Language::PowerShell,
    Language::AppleScript,
];

impl Language {
    /// The canonical name (what [`canonical_language`] maps aliases to).
    pub fn name(self) -> &'static str {
        match self {
            Language::Shell => "shell",
            Language::Python => "python",
            Language::JavaScript => "javascript",
            Language::Ruby => "ruby",
            Language::R => "R",
            Language::PowerShell => "powershell",
            Language::AppleScript => "applescript",
        }
    }

    /// Whether state (variables, cwd) survives between blocks.
    pub fn is_persistent(self) -> bool {
        matches!(
            self,
            Language::Shell | Language::Python | Language::JavaScript
        )
    }

    /// Interpreter names looked up on PATH, first found wins.
    pub fn programs(self) -> &'static [&'static str] {
        match self {
            // zsh and sh blocks run in bash too: one persistent shell per session.
            Language::Shell => &["bash"],
            Language::Python => &["python3", "python"],
            Language::JavaScript => &["node", "nodejs"],
            Language::Ruby => &["ruby"],
            Language::R => &["Rscript"],
            Language::PowerShell => &["pwsh"],
            Language::AppleScript => &["osascript"],
        }
    }

    /// How a person gets the interpreter, for the "not installed" error.
    pub fn install_hint(self) -> &'static str {
        match self {
            Language::Shell => "apt install bash",
            Language::Python => "apt install python3",
            Language::JavaScript => "apt install nodejs",
            Language::Ruby => "apt install ruby",
            Language::R => "apt install r-base",
            Language::PowerShell => "see https://aka.ms/install-powershell",
            Language::AppleScript => "osascript exists only on macOS",
        }
    }

    /// Finds the interpreter on `path_var` (a PATH value; the process's PATH when `None`).
    pub(crate) fn locate(self, path_var: Option<&OsString>) -> Result<PathBuf, ExecError> {
        self.programs()
            .iter()
            .find_map(|program| find_program(program, path_var))
            .ok_or_else(|| ExecError::LanguageNotInstalled {
                language: self.name().to_string(),
                program: self
                    .programs()
                    .first()
                    .copied()
                    .unwrap_or_default()
                    .to_string(),
                hint: self.install_hint().to_string(),
                installed: installed_languages(path_var),
            })
    }
}

/// The names of the languages whose interpreter is on `path_var`, Python and shell first.
pub(crate) fn installed_languages(path_var: Option<&OsString>) -> Vec<&'static str> {
    let mut order = ALL_LANGUAGES;
    order.sort_by_key(|l| !matches!(l, Language::Python));
    order
        .into_iter()
        .filter(|l| {
            l.programs()
                .iter()
                .any(|p| find_program(p, path_var).is_some())
        })
        .map(Language::name)
        .collect()
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Maps what a model writes after a code fence (`sh`, `py`, `node`, `R`…) to a language.
pub fn canonical_language(name: &str) -> Option<Language> {
    let lower = name.trim().to_ascii_lowercase();
    let language = match lower.as_str() {
        "shell" | "sh" | "bash" | "zsh" | "console" | "terminal" => Language::Shell,
        "python" | "py" | "python3" => Language::Python,
        "javascript" | "js" | "node" | "nodejs" => Language::JavaScript,
        "ruby" | "rb" => Language::Ruby,
        "r" | "rscript" => Language::R,
        "powershell" | "pwsh" | "ps1" => Language::PowerShell,
        "applescript" | "osascript" => Language::AppleScript,
        _ => return None,
    };
    Some(language)
}

/// What the machine offers for one language.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LanguageInfo {
    pub language: Language,
    pub name: &'static str,
    /// The interpreter found on PATH, if any.
    pub program: Option<PathBuf>,
    pub persistent: bool,
    pub installed: bool,
}

/// Every language with its interpreter (if installed). Cheap: looks at PATH only.
pub fn available_languages() -> Vec<LanguageInfo> {
    available_languages_on(None)
}

/// [`available_languages`] on the given PATH value (the process's PATH when `None`).
pub fn available_languages_on(path_var: Option<&OsString>) -> Vec<LanguageInfo> {
    ALL_LANGUAGES
        .iter()
        .map(|&language| {
            let program = language.locate(path_var).ok();
            LanguageInfo {
                language,
                name: language.name(),
                installed: program.is_some(),
                program,
                persistent: language.is_persistent(),
            }
        })
        .collect()
}

pub(crate) fn known_names() -> String {
    ALL_LANGUAGES
        .iter()
        .map(|language| language.name())
        .collect::<Vec<_>>()
        .join(", ")
}

/// `which`: the first executable file called `program` on `path_var`. A name with a
/// slash is taken as a path.
pub(crate) fn find_program(program: &str, path_var: Option<&OsString>) -> Option<PathBuf> {
    if program.contains('/') {
        let path = Path::new(program);
        return is_executable(path).then(|| path.to_path_buf());
    }
    let own;
    let path_var = match path_var {
        Some(value) => value,
        None => {
            own = std::env::var_os("PATH")?;
            &own
        }
    };
    std::env::split_paths(path_var)
        .map(|dir| dir.join(program))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    path.metadata()
        .map(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
        .unwrap_or(false)
}
