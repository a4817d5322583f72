//! Client-side helpers: post JSON and read SSE / NDJSON streams back.

use std::time::Duration;

use futures::StreamExt;
use serde_json::Value;

/// One server-sent event: its `event:` name (if any) and its `data:` text.
#[derive(Debug, Clone, PartialEq)]
pub struct SseEvent {
    pub event: Option<String>,
    pub data: String,
}

impl SseEvent {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.data).unwrap_or_else(|e| panic!("bad JSON in {self:?}: {e}"))
    }
}

pub fn parse_sse(text: &str) -> Vec<SseEvent> {
    assert!(
        text.ends_with("\n\n") || text.is_empty(),
        "SSE stream not terminated by a blank line: {text:?}"
    );
    text.split("\n\n")
        .filter(|block| !block.is_empty())
        .map(|block| {
            let mut event = None;
            let mut data = Vec::new();
            for line in block.lines() {
                if let Some(name) = line.strip_prefix("event: ") {
                    event = Some(name.to_owned());
                } else if let Some(text) = line.strip_prefix("data: ") {
                    data.push(text);
                } else {
                    panic!("unexpected SSE line {line:?}");
                }
            }
            SseEvent {
                event,
                data: data.join("\n"),
            }
        })
        .collect()
}

pub fn parse_ndjson(text: &str) -> Vec<Value> {
    assert!(
        text.ends_with('\n'),
        "NDJSON stream must end with a newline: {text:?}"
    );
    text.lines()
        .map(|line| serde_json::from_str(line).expect("NDJSON line"))
        .collect()
}

pub async fn post(url: &str, headers: &[(&str, &str)], body: &Value) -> reqwest::Response {
    let mut request = reqwest::Client::new().post(url).json(body);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    tokio::time::timeout(Duration::from_secs(10), request.send())
        .await
        .expect("request timed out")
        .expect("request failed")
}

pub async fn post_text(url: &str, headers: &[(&str, &str)], body: &Value) -> (u16, String, String) {
    let response = post(url, headers, body).await;
    let status = response.status().as_u16();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap_or_default().to_owned())
        .unwrap_or_default();
    let text = tokio::time::timeout(Duration::from_secs(10), response.text())
        .await
        .expect("body timed out")
        .expect("body failed");
    (status, content_type, text)
}

/// Reads chunks until `wanted` bytes of text contain `needle`, then returns what was read and
/// the still-open response stream.
pub async fn read_until(
    response: reqwest::Response,
    needle: &str,
) -> (
    String,
    impl futures::Stream<Item = reqwest::Result<bytes::Bytes>>,
) {
    let mut stream = Box::pin(response.bytes_stream());
    let mut text = String::new();
    while !text.contains(needle) {
        let chunk = tokio::time::timeout(Duration::from_secs(10), stream.next())
            .await
            .expect("stream stalled before the expected text")
            .expect("stream ended before the expected text")
            .expect("stream failed");
        text.push_str(std::str::from_utf8(&chunk).expect("utf-8"));
    }
    (text, stream)
}
