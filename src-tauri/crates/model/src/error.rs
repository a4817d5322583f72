use oi_protocol::{ErrorInfo, ErrorKind};

/// Why a model request failed. Each variant maps to one [`ErrorKind`] and says what to do.
#[derive(Debug, thiserror::Error)]
pub enum ModelError {
    #[error("{endpoint} refused the API key ({status}): {message}")]
    Authentication {
        endpoint: String,
        status: u16,
        message: String,
    },
    #[error("{endpoint} does not know the model `{model}`: {message}")]
    UnknownModel {
        endpoint: String,
        model: String,
        message: String,
    },
    #[error("the conversation no longer fits the model's context: {message}")]
    ContextOverflow { message: String },
    #[error("nothing answers at {endpoint}{}", hint.map(|h| format!(" — {h}")).unwrap_or_default())]
    ConnectionRefused {
        endpoint: String,
        hint: Option<&'static str>,
    },
    #[error("rate limited by {endpoint} after {attempts} attempts: {message}")]
    RateLimited {
        endpoint: String,
        attempts: u32,
        message: String,
    },
    #[error("{endpoint} answered HTTP {status}: {message}")]
    Http {
        endpoint: String,
        status: u16,
        message: String,
    },
    #[error("request to {endpoint} failed: {message}")]
    Transport { endpoint: String, message: String },
    #[error("malformed response from {endpoint}: {message}")]
    Malformed { endpoint: String, message: String },
    #[error("internal error: {0}")]
    Internal(String),
    /// The built-in runtime cannot run this model; the message says what to do.
    #[error("cannot run {model}: {message}")]
    Builtin { model: String, message: String },
}

impl ModelError {
    pub fn kind(&self) -> ErrorKind {
        match self {
            ModelError::Authentication { .. } => ErrorKind::Authentication,
            ModelError::UnknownModel { .. } => ErrorKind::UnknownModel,
            ModelError::ContextOverflow { .. } => ErrorKind::ContextOverflow,
            ModelError::ConnectionRefused { .. } => ErrorKind::ConnectionRefused,
            ModelError::RateLimited { .. } => ErrorKind::RateLimited,
            ModelError::Http { .. } | ModelError::Transport { .. } => ErrorKind::Provider,
            ModelError::Malformed { .. } => ErrorKind::ModelOutput,
            ModelError::Internal(_) => ErrorKind::Internal,
            ModelError::Builtin { .. } => ErrorKind::UnknownModel,
        }
    }

    pub fn hint(&self) -> Option<String> {
        match self {
            ModelError::Authentication { .. } => Some(
                "set the key with --api_key, or OPENAI_API_KEY / ANTHROPIC_API_KEY in the environment"
                    .to_string(),
            ),
            ModelError::UnknownModel { .. } => Some(
                "check the model name (`--model provider/name`); for local runtimes, `interpreter --local` lists what is installed"
                    .to_string(),
            ),
            ModelError::ContextOverflow { .. } => Some(
                "use %reset or %undo to shorten the conversation, or raise --context_window".to_string(),
            ),
            ModelError::ConnectionRefused { .. } => Some(
                "start the model server, or point --api_base at one that runs".to_string(),
            ),
            ModelError::RateLimited { .. } => Some("wait a moment and try again".to_string()),
            _ => None,
        }
    }

    pub fn to_info(&self) -> ErrorInfo {
        ErrorInfo {
            kind: self.kind(),
            message: self.to_string(),
            hint: self.hint(),
        }
    }

    /// Whether trying the same request again may succeed.
    pub fn is_transient(&self) -> bool {
        match self {
            ModelError::Http { status, .. } => matches!(status, 500 | 502 | 503 | 504 | 529),
            ModelError::Transport { .. } => true,
            _ => false,
        }
    }
}

/// Sorts an HTTP error answer into the error a person can act on.
pub(crate) fn classify_http(endpoint: &str, model: &str, status: u16, body: &str) -> ModelError {
    let message = error_message(body);
    let lower = message.to_lowercase();
    let endpoint = endpoint.to_string();
    let overflow = [
        "context_length_exceeded",
        "context length",
        "context window",
        "prompt is too long",
        "context size",
        "maximum context",
        "too many tokens",
    ];
    if overflow
        .iter()
        .any(|p| lower.contains(p) || body.contains(p))
    {
        return ModelError::ContextOverflow { message };
    }
    match status {
        401 | 403 => ModelError::Authentication {
            endpoint,
            status,
            message,
        },
        404 if lower.contains("model") || body.contains("model_not_found") => {
            ModelError::UnknownModel {
                endpoint,
                model: model.to_string(),
                message,
            }
        }
        429 => ModelError::RateLimited {
            endpoint,
            attempts: 1,
            message,
        },
        _ => ModelError::Http {
            endpoint,
            status,
            message,
        },
    }
}

/// Pulls the human message out of OpenAI, Anthropic, Ollama or llama.cpp error bodies.
fn error_message(body: &str) -> String {
    let trimmed = body.trim();
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(trimmed) {
        let candidates = [
            v.pointer("/error/message"),
            v.pointer("/error"),
            v.pointer("/message"),
            v.pointer("/detail"),
        ];
        for c in candidates.into_iter().flatten() {
            if let Some(s) = c.as_str() {
                return s.to_string();
            }
        }
    }
    let mut s: String = trimmed.chars().take(500).collect();
    if s.is_empty() {
        s = "(empty body)".to_string();
    }
    s
}

/// Sorts a transport failure: refused connections get the runtime's start hint.
pub(crate) fn classify_transport(
    endpoint: &str,
    hint: Option<&'static str>,
    err: &reqwest::Error,
) -> ModelError {
    if err.is_connect() && is_refused(err) {
        return ModelError::ConnectionRefused {
            endpoint: endpoint.to_string(),
            hint,
        };
    }
    ModelError::Transport {
        endpoint: endpoint.to_string(),
        message: error_chain(err),
    }
}

fn is_refused(err: &reqwest::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(err);
    while let Some(e) = source {
        if let Some(io) = e.downcast_ref::<std::io::Error>() {
            return matches!(
                io.kind(),
                std::io::ErrorKind::ConnectionRefused | std::io::ErrorKind::NotFound
            );
        }
        source = e.source();
    }
    // Without an io::Error in the chain, a connect failure is still worth the hint.
    error_chain(err).to_lowercase().contains("refused")
}

pub(crate) fn error_chain(err: &dyn std::error::Error) -> String {
    let mut out = err.to_string();
    let mut source = err.source();
    while let Some(e) = source {
        let s = e.to_string();
        if !out.contains(&s) {
            out.push_str(": ");
            out.push_str(&s);
        }
        source = e.source();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classifies_provider_error_bodies() {
        let e = classify_http(
            "u",
            "m",
            401,
            r#"{"error":{"message":"Incorrect API key","type":"invalid_request_error"}}"#,
        );
        assert!(matches!(e, ModelError::Authentication { .. }), "{e:?}");
        let e = classify_http("u", "m", 404, r#"{"error":"model 'm' not found"}"#);
        assert!(matches!(e, ModelError::UnknownModel { .. }), "{e:?}");
        let e = classify_http(
            "u",
            "m",
            400,
            r#"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}"#,
        );
        assert!(matches!(e, ModelError::ContextOverflow { .. }), "{e:?}");
        let e = classify_http("u", "m", 503, "<html>busy</html>");
        assert!(e.is_transient());
        assert!(e.to_string().contains("busy"));
    }
}
