use std::path::PathBuf;

/// Why code could not be run at all. A run that started and was then interrupted,
/// timed out or failed is not an error: it is a [`crate::RunOutcome`] with its status.
#[derive(Debug, thiserror::Error)]
pub enum ExecError {
    #[error("unknown language `{name}`: use one of {known}")]
    UnknownLanguage { name: String, known: String },
    #[error("{language} is not installed: install it ({hint}) or ask for another language")]
    LanguageNotInstalled {
        language: String,
        /// The interpreter that was looked for on PATH.
        program: String,
        hint: String,
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
