//! Running code for the agent: persistent language kernels and one-shot interpreters,
//! with streamed output, timeouts, interrupts that kill whole process groups, and a
//! watcher that reports which files a run changed.
//!
//! # API
//!
//! ```text
//! Kernels::new(KernelOptions) -> Kernels                 // one per session
//! Kernels::with_python_link(self, EngineLink) -> Kernels // a socket pair per Python kernel
//! Kernels::run(&mut self, language: &str, code: &str,
//!              output: &mut (dyn FnMut(OutputStream, &str) + Send),
//!              cancel: &CancellationToken) -> Result<RunOutcome, ExecError>
//! Kernels::run_language(&mut self, Language, ..same..)  // typed language
//! Kernels::options(&self) / options_mut(&mut self)       // cwd, timeout, env, launcher_prefix
//! Kernels::is_running(&mut self, Language) -> bool
//! Kernels::restart(&mut self, Language).await / shutdown(&mut self).await
//!
//! run_one_shot(&OneShotRunner, code, &KernelOptions, output, cancel) -> Result<RunOutcome, ExecError>
//! canonical_language(&str) -> Option<Language>;   available_languages() -> Vec<LanguageInfo>
//! trim_output(&str, max_chars) -> String;          trim_marker(n) -> String
//! WorkspaceWatcher::start(&Path) -> WorkspaceWatcher;  watcher.finish().await -> Vec<FileChange>
//! ```
//!
//! - `shell` (bash), `python` and `javascript` (node) keep state between runs: cwd and
//!   exported variables, Python and JS variables. A block's final bare expression is shown
//!   (`123 * 456` prints `56088`). `ruby`, `R`, `powershell`, `applescript` run one-shot.
//! - `output` receives chunks as they are produced, stdout and stderr apart; the
//!   [`RunOutcome`] also holds the whole text (bounded: very long output keeps head and tail).
//! - An interrupt (`cancel`) or the per-run timeout kills the kernel's whole process group
//!   (SIGKILL) and returns `Ok` with status `Interrupted`/`TimedOut` and the partial
//!   output; the kernel is restarted on the next run (`RunOutcome::kernel_restarted`).
//! - A missing interpreter is [`ExecError::LanguageNotInstalled`], whose message says how
//!   to install it; the caller reports it as `ExecStatus::FailedToStart`.
//! - `KernelOptions::launcher_prefix` is prepended to every spawned argv (sandbox hook).
//! - With an [`EngineLink`], each Python kernel inherits one end of a new connected socket
//!   pair (the engine gets the other), which works under the native sandbox too.
//! - Nothing here prints: diagnostics go through `tracing`.

mod error;
mod kernel;
mod kernels;
mod language;
mod link;
mod node;
mod oneshot;
mod options;
mod pipes;
mod process_group;
mod python;
mod shell;
mod snapshot;
mod trim;
mod watcher;

pub use error::ExecError;
pub use kernels::Kernels;
pub use language::{
    ALL_LANGUAGES, Language, LanguageInfo, available_languages, available_languages_on,
    canonical_language,
};
pub use link::{EngineLink, FD_ENV, UNAVAILABLE_ENV};
pub use oneshot::{OneShotRunner, run_one_shot};
pub use options::{KernelOptions, RunOutcome};
pub use pipes::{OutputSink, STREAM_END, STREAM_LIMIT, stream_cut_marker, stream_end_marker};
pub use process_group::launch_command;
pub use trim::{trim_marker, trim_output};
pub use watcher::{WorkspaceWatcher, unified_diff};
