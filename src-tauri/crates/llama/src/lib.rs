//! The built-in local runtime: llama.cpp in this process on a GGUF file, as one more
//! [`ModelClient`] — the chat template from the GGUF, `<tool_call>` blocks parsed as llama.cpp's
//! server parses them, `<think>` split off as reasoning, the context window from the model —
//! and the recommended models' downloads ([`models`]).
//!
//! `install()` makes it the process's [`oi_model::in_process`] runtime, so `--model
//! /path/to/model.gguf` and `--model builtin/NAME` work in every front end of that process.

mod calls;
mod client;
mod engine;
pub mod models;
mod template;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, OnceLock};

use llama_cpp_2::llama_backend::LlamaBackend;
use oi_model::in_process::InProcessRuntime;
use oi_model::{ModelClient, ModelError, ModelSpec};

pub use client::BuiltinClient;
pub use engine::{CONTEXT_CAP, Engine, EngineOptions, ModelFacts};

/// Why the built-in runtime cannot answer.
#[derive(Debug, Clone, thiserror::Error)]
pub enum RuntimeError {
    #[error("{0}")]
    Load(String),
    #[error(
        "the GGUF carries no chat template (`tokenizer.chat_template`), so there is no way to know how to write a conversation for it: use an instruct/chat model's GGUF"
    )]
    NoTemplate,
    #[error("its chat template: {0}")]
    Template(String),
    #[error(
        "it reads no images (the built-in runtime has no vision support): use a hosted vision model, or leave the image out"
    )]
    NoVision,
    #[error("the prompt has {prompt} tokens; the model runs with {n_ctx}")]
    ContextFull { prompt: usize, n_ctx: usize },
    #[error(
        "`{name}` is not a model the built-in runtime knows; it knows {known}, or a path to a .gguf file"
    )]
    UnknownName { name: String, known: String },
    #[error(
        "`{name}` is not downloaded ({path} is missing): `interpreter --local` downloads it ({size})"
    )]
    NotDownloaded {
        name: String,
        path: PathBuf,
        size: String,
    },
    #[error("llama.cpp: {0}")]
    Engine(String),
}

impl RuntimeError {
    pub(crate) fn into_model_error_for(self, model: &str) -> ModelError {
        match self {
            RuntimeError::ContextFull { .. } => ModelError::ContextOverflow {
                message: self.to_string(),
            },
            other => ModelError::Builtin {
                model: model.to_string(),
                message: other.to_string(),
            },
        }
    }

    pub(crate) fn into_model_error(self) -> ModelError {
        self.into_model_error_for("the model")
    }
}

static BACKEND: OnceLock<Result<LlamaBackend, String>> = OnceLock::new();

/// llama.cpp's backend, started once per process, its logs sent to `tracing` (never to stderr,
/// which the terminal UI shares).
pub(crate) fn backend() -> Result<&'static LlamaBackend, RuntimeError> {
    BACKEND
        .get_or_init(|| {
            llama_cpp_2::send_logs_to_tracing(llama_cpp_2::LogOptions::default());
            LlamaBackend::init().map_err(|e| e.to_string())
        })
        .as_ref()
        .map_err(|e| RuntimeError::Engine(format!("cannot start: {e}")))
}

/// The runtime: one engine per GGUF file, kept for the life of the process so switching back
/// to a model does not load it again.
pub struct BuiltinRuntime {
    models_dir: Option<PathBuf>,
    options: EngineOptions,
    engines: Mutex<HashMap<PathBuf, Arc<Engine>>>,
}

impl BuiltinRuntime {
    pub fn new(models_dir: Option<PathBuf>, options: EngineOptions) -> Self {
        BuiltinRuntime {
            models_dir,
            options,
            engines: Mutex::new(HashMap::new()),
        }
    }

    /// The file `name` (from `--model builtin/NAME` or a `.gguf` path) stands for.
    pub fn resolve(&self, name: &str) -> Result<PathBuf, RuntimeError> {
        if oi_model::is_gguf_path(name) {
            let path = PathBuf::from(name);
            return Ok(std::fs::canonicalize(&path).unwrap_or(path));
        }
        let Some(model) = models::find(name) else {
            let known: Vec<&str> = models::RECOMMENDED.iter().map(|m| m.name).collect();
            return Err(RuntimeError::UnknownName {
                name: name.to_string(),
                known: known.join(", "),
            });
        };
        let dir = self
            .models_dir
            .clone()
            .ok_or_else(|| RuntimeError::Load("no cache directory ($HOME is not set)".into()))?;
        if !model.is_present(&dir) {
            return Err(RuntimeError::NotDownloaded {
                name: name.to_string(),
                path: model.path_in(&dir),
                size: model.size.human(),
            });
        }
        Ok(model.path_in(&dir))
    }

    fn engine(&self, path: PathBuf) -> Result<Arc<Engine>, RuntimeError> {
        let mut engines = self
            .engines
            .lock()
            .map_err(|_| RuntimeError::Engine("a thread panicked".into()))?;
        if let Some(engine) = engines.get(&path) {
            return Ok(engine.clone());
        }
        let engine = Arc::new(Engine::start(path.clone(), self.options.clone())?);
        engine.preload();
        engines.insert(path, engine.clone());
        Ok(engine)
    }
}

impl InProcessRuntime for BuiltinRuntime {
    /// Never fails: a model that cannot run says why on each request, and the session goes on.
    fn client(&self, spec: &ModelSpec) -> Result<Box<dyn ModelClient>, ModelError> {
        let engine = self.resolve(&spec.name).and_then(|p| self.engine(p));
        Ok(Box::new(BuiltinClient::new(spec.display_name(), engine)))
    }
}

/// Makes the built-in runtime (models in the user's cache) this process's in-process runtime.
pub fn install() {
    oi_model::in_process::install(Arc::new(BuiltinRuntime::new(
        models::models_dir(),
        EngineOptions::default(),
    )));
}
