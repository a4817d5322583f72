//! Reading one request's events.

use futures::StreamExt;
use oi_model::{ModelClient, ModelError, ModelEvent, ModelRequest};

/// The real GGUF (assembled by `.ci/local-model.sh` when missing).
pub fn real_gguf() -> std::path::PathBuf {
    oi_test_support::local_model::local_model().gguf.clone()
}

/// Every event of one request, or the error that ended it.
pub async fn collect(
    client: &dyn ModelClient,
    request: &ModelRequest,
) -> Result<Vec<ModelEvent>, ModelError> {
    let mut stream = client.stream(request).await?;
    let mut events = Vec::new();
    while let Some(event) = stream.next().await {
        events.push(event?);
    }
    Ok(events)
}
