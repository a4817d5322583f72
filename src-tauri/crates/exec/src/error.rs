use std::path::PathBuf;

/// Why code could not be run at all. A run that started and was then interrupted,
/// timed out or failed is not an error: it is a [`crate::RunOutcome`] with its status.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error("unknown language `{name}`: use one of {known}")]
    UnknownLanguage { name: String, known: String },
    #[error("{language} is not installed: install it ({hint}){}", others_here(.installed))]
    LanguageNotInstalled {
        language: String,
        /// The interpreter that was looked for on PATH.
        program: String,
        hint: String,
        /// The languages that are installed (a small model kept asking for PowerShell on a
        /// machine without it until it was told what runs).
        installed: Vec<&'static str>,
    },
    #[error("the {language} kernel failed to start ({program}): {source}")]
    KernelStart {
        language: String,
        program: PathBuf,
        #[source]
        source: std::io::Error,
    },
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// What else to do: ", or write the code in a language installed here: python, shell".
fn others_here(installed: &[&str]) -> String {
    if installed.is_empty() {
        " or ask for another language".into()
    } else {
        format!(
            ", or write the code in a language installed here: {}",
            installed.join(", ")
        )
    }
}
