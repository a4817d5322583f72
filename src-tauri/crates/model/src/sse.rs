//! Sending a request with retries, shared by every client.

use super::error::{classify_http, classify_transport};
use super::retry::retry_after;
use super::{ModelError, RetryPolicy};

/// What a client needs to know to send and classify.
pub(crate) struct Endpoint<'a> {
    pub url: &'a str,
    pub model: &'a str,
    pub hint: Option<&'static str>,
}

/// POSTs `body`, retrying transient failures, and returns the successful response.
pub(crate) async fn post_with_retries(
    request: impl Fn() -> reqwest::RequestBuilder,
    endpoint: &Endpoint<'_>,
    retry: &RetryPolicy,
) -> Result<reqwest::Response, ModelError> {
    let mut attempt = 0u32;
    loop {
        let outcome = request().send().await;
        let (err, wait) = match outcome {
            Ok(resp) if resp.status().is_success() => return Ok(resp),
            Ok(resp) => {
                let status = resp.status().as_u16();
                let after = retry_after(resp.headers());
                let body = resp.text().await.unwrap_or_default();
                let err = classify_http(endpoint.url, endpoint.model, status, &body);
                (err, after)
            }
            Err(e) => (classify_transport(endpoint.url, endpoint.hint, &e), None),
        };
        let retryable = err.is_transient() || matches!(err, ModelError::RateLimited { .. });
        if !retryable || attempt >= retry.max_retries {
            return Err(match err {
                ModelError::RateLimited {
                    endpoint, message, ..
                } => ModelError::RateLimited {
                    endpoint,
                    attempts: attempt + 1,
                    message,
                },
                other => other,
            });
        }
        let delay = retry.delay(attempt, wait);
        tracing::warn!(%err, attempt, ?delay, "model request failed; retrying");
        tokio::time::sleep(delay).await;
        attempt += 1;
    }
}

/// The error a server sent inside a successful stream: `"error": "…"` (Ollama) or
/// `"error": {"message": "…"}` (OpenAI-compatible servers).
pub(crate) fn in_stream_error(endpoint: &str, error: &serde_json::Value) -> ModelError {
    let message = error
        .as_str()
        .or_else(|| error.get("message").and_then(serde_json::Value::as_str))
        .map(str::to_string)
        .unwrap_or_else(|| error.to_string());
    ModelError::Http {
        endpoint: endpoint.to_string(),
        status: 200,
        message,
    }
}

/// Cuts a byte stream into lines (NDJSON), whatever the chunk boundaries.
#[derive(Default)]
pub(crate) struct LineBuffer {
    buf: Vec<u8>,
}

impl LineBuffer {
    pub fn push(&mut self, bytes: &[u8]) {
        self.buf.extend_from_slice(bytes);
    }

    /// The next complete, non-empty line.
    pub fn next_line(&mut self) -> Option<String> {
        while let Some(pos) = self.buf.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.buf.drain(..=pos).collect();
            let text = String::from_utf8_lossy(&line).trim().to_string();
            if !text.is_empty() {
                return Some(text);
            }
        }
        None
    }

    /// What is left when the stream ends without a final newline.
    pub fn rest(&mut self) -> Option<String> {
        let text = String::from_utf8_lossy(&std::mem::take(&mut self.buf))
            .trim()
            .to_string();
        (!text.is_empty()).then_some(text)
    }
}

/// Where a client's reading task sends what it parsed.
pub(crate) type EventSender = tokio::sync::mpsc::Sender<Result<super::ModelEvent, ModelError>>;

/// Runs `read` on its own task and exposes what it sends as a [`super::ModelStream`].
/// Dropping the stream aborts the task, which closes the connection (interrupts rely on this).
/// Inline `<think>` reasoning in the text becomes reasoning events here, for every client.
pub(crate) fn spawn_reader<F, Fut>(read: F) -> super::ModelStream
where
    F: FnOnce(EventSender) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let (tx, rx) = tokio::sync::mpsc::channel(256);
    let task = tokio::spawn(read(tx));
    // Reasoning models may write their thinking inline, as `<think>` in the text, on any wire.
    super::inline_reasoning::split(Box::pin(AbortOnDrop { rx, task }))
}

struct AbortOnDrop {
    rx: tokio::sync::mpsc::Receiver<Result<super::ModelEvent, ModelError>>,
    task: tokio::task::JoinHandle<()>,
}

impl futures::Stream for AbortOnDrop {
    type Item = Result<super::ModelEvent, ModelError>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        self.rx.poll_recv(cx)
    }
}

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::{ModelError, in_stream_error};

    #[test]
    fn in_stream_errors_of_both_shapes_keep_their_message() {
        for error in [
            json!("model 'qwen' not found"),
            json!({"message": "model 'qwen' not found", "type": "invalid_request_error"}),
        ] {
            match in_stream_error("http://h/v1", &error) {
                ModelError::Http {
                    status, message, ..
                } => assert_eq!((status, message.as_str()), (200, "model 'qwen' not found")),
                other => panic!("{other:?}"),
            }
        }
    }
}
