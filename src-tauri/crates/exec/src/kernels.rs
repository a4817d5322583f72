//! The session's kernels: one persistent kernel per persistent language, started on first
//! use and restarted after it ends; one-shot languages go to [`crate::run_one_shot`].

use std::collections::HashMap;
use std::time::Duration;

use oi_protocol::ExecStatus;
use tokio_util::sync::CancellationToken;

use crate::error::ExecError;
use crate::kernel::{Kernel, KernelSpec};
use crate::language::{Language, canonical_language, known_names};
use crate::link::EngineLink;
use crate::oneshot::{OneShotRunner, run_one_shot};
use crate::options::{KernelOptions, RunOutcome};
use crate::pipes::OutputSink;
use crate::{node, python, shell};

/// One per session. Owns the persistent kernels; dropping it kills them and their children.
pub struct Kernels {
    options: KernelOptions,
    running: HashMap<Language, Kernel>,
    python_link: Option<EngineLink>,
}

impl Kernels {
    pub fn new(options: KernelOptions) -> Self {
        Kernels {
            options,
            running: HashMap::new(),
            python_link: None,
        }
    }

    /// Every Python kernel started from now on gets its own line to the engine (the
    /// preloaded `computer` object speaks over it).
    pub fn with_python_link(mut self, link: EngineLink) -> Self {
        self.python_link = Some(link);
        self
    }

    pub fn options(&self) -> &KernelOptions {
        &self.options
    }

    /// Changes apply to kernels started afterwards (see [`Kernels::restart`]).
    pub fn options_mut(&mut self) -> &mut KernelOptions {
        &mut self.options
    }

    /// Runs `code` in the language a model called `language` (aliases accepted, see
    /// [`canonical_language`]).
    pub async fn run(
        &mut self,
        language: &str,
        code: &str,
        output: &mut OutputSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        let Some(language) = canonical_language(language) else {
            return Err(ExecError::UnknownLanguage {
                name: language.to_string(),
                known: known_names(),
            });
        };
        self.run_language(language, code, output, cancel).await
    }

    /// Runs `code` in `language`. Output is passed to `output` as it is produced, stdout
    /// and stderr apart. `cancel` interrupts: the run's process group is killed and the
    /// partial output returned with [`ExecStatus::Interrupted`].
    pub async fn run_language(
        &mut self,
        language: Language,
        code: &str,
        output: &mut OutputSink<'_>,
        cancel: &CancellationToken,
    ) -> Result<RunOutcome, ExecError> {
        if cancel.is_cancelled() {
            return Ok(not_run(ExecStatus::Interrupted));
        }
        if let Some(runner) = OneShotRunner::for_language(language) {
            return run_one_shot(&runner, code, &self.options, output, cancel).await;
        }
        let timeout = self.options.timeout;
        let kernel = self.kernel(language)?;
        let (outcome, alive) = kernel.run(code, output, cancel, timeout).await;
        if !alive && let Some(kernel) = self.running.remove(&language) {
            kernel.shutdown().await;
        }
        Ok(outcome)
    }

    /// Whether `language` has a live kernel (state from earlier runs).
    pub fn is_running(&mut self, language: Language) -> bool {
        match self.running.get_mut(&language) {
            Some(kernel) => !kernel.has_exited(),
            None => false,
        }
    }

    /// Ends `language`'s kernel (its variables are lost); the next run starts a new one.
    pub async fn restart(&mut self, language: Language) {
        if let Some(kernel) = self.running.remove(&language) {
            kernel.shutdown().await;
        }
    }

    /// Ends every kernel and the processes they started.
    pub async fn shutdown(&mut self) {
        for (_, kernel) in self.running.drain() {
            kernel.shutdown().await;
        }
    }

    fn kernel(&mut self, language: Language) -> Result<&mut Kernel, ExecError> {
        let dead = self
            .running
            .get_mut(&language)
            .is_some_and(|kernel| kernel.has_exited());
        if dead {
            tracing::info!(%language, "kernel had exited; starting a new one");
            self.running.remove(&language);
        }
        if !self.running.contains_key(&language) {
            let link = match language {
                Language::Python => self.python_link.as_ref(),
                _ => None,
            };
            let kernel = Kernel::start(spec(language), &self.options, link)?;
            self.running.insert(language, kernel);
        }
        self.running
            .get_mut(&language)
            .ok_or_else(|| ExecError::Io(std::io::Error::other("kernel vanished")))
    }
}

fn spec(language: Language) -> KernelSpec {
    match language {
        Language::Python => python::spec(),
        Language::JavaScript => node::spec(),
        _ => shell::spec(),
    }
}

fn not_run(status: ExecStatus) -> RunOutcome {
    RunOutcome {
        status,
        exit_code: None,
        stdout: String::new(),
        stderr: String::new(),
        duration: Duration::ZERO,
        kernel_restarted: false,
    }
}
