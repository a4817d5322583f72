//! The built-in runtime as a [`ModelClient`]: a request goes to the model's engine thread, its
//! events come back on a channel; dropping the stream (an interrupt) stops the generation.

use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::task::{Context, Poll};

use futures::Stream;
use oi_model::local::RuntimeLimits;
use oi_model::{ModelClient, ModelError, ModelEvent, ModelRequest, ModelStream};
use tokio::sync::mpsc;

use crate::RuntimeError;
use crate::engine::Engine;

pub struct BuiltinClient {
    model: String,
    endpoint: String,
    engine: Result<Arc<Engine>, RuntimeError>,
}

impl BuiltinClient {
    pub(crate) fn new(model: String, engine: Result<Arc<Engine>, RuntimeError>) -> Self {
        let endpoint = match &engine {
            Ok(e) => format!("built-in runtime ({})", e.path().display()),
            Err(_) => "built-in runtime".to_string(),
        };
        BuiltinClient {
            model,
            endpoint,
            engine,
        }
    }

    fn engine(&self) -> Result<&Engine, ModelError> {
        self.engine
            .as_deref()
            .map_err(|e| e.clone().into_model_error_for(&self.model))
    }
}

#[async_trait::async_trait]
impl ModelClient for BuiltinClient {
    async fn stream(&self, request: &ModelRequest) -> Result<ModelStream, ModelError> {
        let engine = self.engine()?;
        let (tx, rx) = mpsc::channel(256);
        let cancel = Arc::new(AtomicBool::new(false));
        engine
            .generate(request.clone(), tx, cancel.clone())
            .map_err(|e| e.into_model_error_for(&self.model))?;
        Ok(Box::pin(Generation {
            rx,
            cancel,
            model: self.model.clone(),
        }))
    }

    fn endpoint(&self) -> &str {
        &self.endpoint
    }

    fn reads_ahead(&self) -> bool {
        self.engine.is_ok()
    }

    /// The prompt ends with a trailing assistant message's text (template.rs), as with
    /// llama.cpp's server.
    fn continues_reply(&self) -> bool {
        true
    }

    fn warm(&self, request: &ModelRequest) {
        if let Ok(engine) = self.engine() {
            engine.warm(request.clone());
        }
    }

    async fn own_limits(&self) -> Result<Option<RuntimeLimits>, ModelError> {
        let facts = self
            .engine()?
            .facts()
            .await
            .map_err(|e| e.into_model_error_for(&self.model))?;
        Ok(Some(RuntimeLimits {
            context_window: Some(facts.n_ctx),
            max_output: None,
            source: "the GGUF, built-in runtime",
        }))
    }
}

/// One request's events; dropping it tells the engine to stop.
struct Generation {
    rx: mpsc::Receiver<Result<ModelEvent, ModelError>>,
    cancel: Arc<AtomicBool>,
    model: String,
}

impl Stream for Generation {
    type Item = Result<ModelEvent, ModelError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        match self.rx.poll_recv(cx) {
            // Errors from the engine name "the model"; the client knows which.
            Poll::Ready(Some(Err(ModelError::Builtin { message, .. }))) => {
                Poll::Ready(Some(Err(ModelError::Builtin {
                    model: self.model.clone(),
                    message,
                })))
            }
            other => other,
        }
    }
}

impl Drop for Generation {
    fn drop(&mut self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}
