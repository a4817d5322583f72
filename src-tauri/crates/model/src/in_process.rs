//! A runtime that runs models in this process (the CLI's `local-runtime` build puts llama.cpp
//! here). oi-model stays free of it: the binary that links one installs it once at start, and
//! every session of that process (terminal, `exec`, ACP) builds its `builtin/…` clients from it.

use std::sync::{Arc, OnceLock};

use super::{ModelClient, ModelError, ModelSpec};

/// Builds clients for [`super::Provider::Builtin`] specs.
pub trait InProcessRuntime: Send + Sync {
    /// A client for `spec.name`: a `.gguf` path or the name of a model this runtime knows.
    /// Nothing heavy happens here; the model loads on the client's first request.
    fn client(&self, spec: &ModelSpec) -> Result<Box<dyn ModelClient>, ModelError>;
}

static RUNTIME: OnceLock<Arc<dyn InProcessRuntime>> = OnceLock::new();

/// Makes `runtime` the process's in-process runtime. The first call wins; returns whether it did.
pub fn install(runtime: Arc<dyn InProcessRuntime>) -> bool {
    RUNTIME.set(runtime).is_ok()
}

/// Whether this process can run models itself.
pub fn available() -> bool {
    RUNTIME.get().is_some()
}

pub(crate) fn client(spec: &ModelSpec) -> Result<Box<dyn ModelClient>, ModelError> {
    match RUNTIME.get() {
        Some(runtime) => runtime.client(spec),
        None => Err(ModelError::Builtin {
            model: spec.display_name(),
            message: "this build of Open Interpreter has no built-in runtime (cargo feature \
                      `local-runtime`; `bash .ci/install` builds it in). Serve the model with \
                      `llama-server -m MODEL.gguf --jinja` and use `--model llamacpp/any` instead"
                .to_string(),
        }),
    }
}
