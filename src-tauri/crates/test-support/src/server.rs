//! The HTTP server: routing, recording, and turning rendered frames into response bodies.

use std::collections::{BTreeMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::Response;
use axum::routing::post;
use bytes::Bytes;
use serde_json::{Value, json};
use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;

use crate::invariants;
use crate::script::{Part, Script, ScriptedResponse};
use crate::wire::{ErrorSpec, Frame, Provider, TurnContext, anthropic, ollama, openai};

/// One HTTP request the server received.
#[derive(Debug, Clone, PartialEq)]
pub struct RecordedRequest {
    pub method: String,
    /// Path without the query string.
    pub path: String,
    /// Header names lowercased; repeated headers joined with ", ".
    pub headers: BTreeMap<String, String>,
    /// The JSON body; `Null` when empty, a JSON string holding the raw text when not JSON.
    pub body: Value,
}

impl RecordedRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .get(&name.to_ascii_lowercase())
            .map(String::as_str)
    }

    /// Whether this request asked the model for a response (as opposed to discovery).
    pub fn is_model_request(&self) -> bool {
        self.method == "POST" && Provider::for_path(&self.path).is_some()
    }

    /// The names of the tools the request offered (OpenAI's `function.name`, or `name`).
    pub fn tool_names(&self) -> Vec<&str> {
        self.body
            .get("tools")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|t| {
                t["function"]["name"]
                    .as_str()
                    .or_else(|| t["name"].as_str())
            })
            .collect()
    }

    /// The request's `messages` array (empty when absent).
    pub fn messages(&self) -> &[Value] {
        self.body
            .get("messages")
            .and_then(Value::as_array)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }
}

struct Recorded {
    turns: VecDeque<ScriptedResponse>,
    scripted: usize,
    served: usize,
    requests: Vec<RecordedRequest>,
    violations: Vec<String>,
}

struct Shared {
    recorded: Mutex<Recorded>,
    models: Vec<String>,
    context_window: u32,
    reasoning_field: String,
    ollama_thinking: bool,
    shutdown: CancellationToken,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Recorded> {
        // A panic while holding the lock is a bug in this crate; the data is still usable.
        self.recorded
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// A model server on 127.0.0.1 that plays a [`Script`]. Dropping it stops it.
pub struct ScriptedModelServer {
    addr: SocketAddr,
    shared: Arc<Shared>,
    task: JoinHandle<()>,
    /// The runtime of [`ScriptedModelServer::start_blocking`].
    runtime: Option<tokio::runtime::Runtime>,
}

impl ScriptedModelServer {
    /// Starts serving on the current tokio runtime. The runtime must keep running (a
    /// multi-thread runtime, or a test that awaits) for the server to answer.
    pub async fn start(script: Script) -> Self {
        let (listener, shared) = bind(script);
        let addr = local_addr(&listener);
        let task = tokio::spawn(serve(listener, Arc::clone(&shared)));
        Self {
            addr,
            shared,
            task,
            runtime: None,
        }
    }

    /// Starts serving on a runtime of its own, for tests that block (spawning and waiting on
    /// the real binaries). Usable from inside or outside a runtime.
    pub fn start_blocking(script: Script) -> Self {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .thread_name("scripted-model-server")
            .enable_all()
            .build()
            .expect("scripted model server: cannot build a tokio runtime");
        let (listener, shared) = bind(script);
        let addr = local_addr(&listener);
        let task = runtime.spawn(serve(listener, Arc::clone(&shared)));
        Self {
            addr,
            shared,
            task,
            runtime: Some(runtime),
        }
    }

    /// `http://127.0.0.1:PORT`, without a trailing slash or `/v1`.
    pub fn base_url(&self) -> String {
        format!("http://{}", self.addr)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Every request received, discovery included, in arrival order.
    pub fn requests(&self) -> Vec<RecordedRequest> {
        self.shared.lock().requests.clone()
    }

    /// Only the model requests (chat completions, messages, Ollama chat), in order.
    pub fn model_requests(&self) -> Vec<RecordedRequest> {
        self.requests()
            .into_iter()
            .filter(RecordedRequest::is_model_request)
            .collect()
    }

    /// Protocol breaches seen so far, as readable sentences.
    pub fn violations(&self) -> Vec<String> {
        self.shared.lock().violations.clone()
    }

    /// Panics listing every violation, if any.
    #[track_caller]
    pub fn assert_invariants(&self) {
        let violations = self.violations();
        assert!(
            violations.is_empty(),
            "the scripted model server saw {} protocol violation(s):\n  - {}",
            violations.len(),
            violations.join("\n  - ")
        );
    }

    /// Scripted responses not served yet.
    pub fn remaining(&self) -> usize {
        self.shared.lock().turns.len()
    }

    /// Model requests answered from the script so far.
    pub fn served(&self) -> usize {
        self.shared.lock().served
    }

    fn model_request_count(&self) -> usize {
        self.shared
            .lock()
            .requests
            .iter()
            .filter(|r| r.is_model_request())
            .count()
    }

    /// Waits until `count` model requests have arrived; false on timeout. Blocks the thread:
    /// use it with [`ScriptedModelServer::start_blocking`], or the async variant on a
    /// server started with [`ScriptedModelServer::start`] on a current-thread runtime.
    pub fn wait_for_model_requests(&self, count: usize, timeout: Duration) -> bool {
        let deadline = std::time::Instant::now() + timeout;
        while self.model_request_count() < count {
            if std::time::Instant::now() >= deadline {
                return false;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        true
    }

    /// [`ScriptedModelServer::wait_for_model_requests`] for async tests.
    pub async fn wait_for_model_requests_async(&self, count: usize, timeout: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + timeout;
        while self.model_request_count() < count {
            if tokio::time::Instant::now() >= deadline {
                return false;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        true
    }
}

impl Drop for ScriptedModelServer {
    fn drop(&mut self) {
        // Ends hung responses too, so clients blocked on them see the connection close.
        self.shared.shutdown.cancel();
        self.task.abort();
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

fn bind(script: Script) -> (std::net::TcpListener, Arc<Shared>) {
    let listener = std::net::TcpListener::bind(("127.0.0.1", 0))
        .expect("scripted model server: cannot bind 127.0.0.1:0");
    listener
        .set_nonblocking(true)
        .expect("scripted model server: cannot set non-blocking");
    let shared = Arc::new(Shared {
        recorded: Mutex::new(Recorded {
            scripted: script.turns.len(),
            turns: script.turns.into(),
            served: 0,
            requests: Vec::new(),
            violations: Vec::new(),
        }),
        models: script.models,
        context_window: script.context_window,
        reasoning_field: script.openai_reasoning_field,
        ollama_thinking: script.ollama_thinking,
        shutdown: CancellationToken::new(),
    });
    (listener, shared)
}

fn local_addr(listener: &std::net::TcpListener) -> SocketAddr {
    listener
        .local_addr()
        .expect("scripted model server: no local address")
}

async fn serve(listener: std::net::TcpListener, shared: Arc<Shared>) {
    let listener = tokio::net::TcpListener::from_std(listener)
        .expect("scripted model server: cannot register the listener");
    let app = Router::new()
        .route("/v1/chat/completions", post(model_request))
        .route("/chat/completions", post(model_request))
        .route("/v1/messages", post(model_request))
        .route("/api/chat", post(model_request))
        .fallback(discovery)
        .with_state(shared);
    // axum::serve only returns when accepting fails for good; a library must not print, and
    // the test then sees its requests refused, which says enough.
    // Frames go out as written, as a real streaming provider sends them (no Nagle delay).
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    let _ = axum::serve(listener, app).await;
}

fn record(
    shared: &Shared,
    method: &Method,
    uri: &Uri,
    headers: &HeaderMap,
    body: &Bytes,
) -> (usize, RecordedRequest) {
    let mut header_map: BTreeMap<String, String> = BTreeMap::new();
    for (name, value) in headers {
        let value = String::from_utf8_lossy(value.as_bytes()).into_owned();
        header_map
            .entry(name.as_str().to_ascii_lowercase())
            .and_modify(|existing| {
                existing.push_str(", ");
                existing.push_str(&value);
            })
            .or_insert(value);
    }
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_slice(body)
            .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(body).into_owned()))
    };
    let request = RecordedRequest {
        method: method.as_str().to_owned(),
        path: uri.path().to_owned(),
        headers: header_map,
        body,
    };
    let mut recorded = shared.lock();
    recorded.requests.push(request.clone());
    (recorded.requests.len(), request)
}

async fn model_request(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    raw: Bytes,
) -> Response {
    let (number, request) = record(&shared, &method, &uri, &headers, &raw);
    let Some(provider) = Provider::for_path(&request.path) else {
        return json_response(StatusCode::NOT_FOUND, &json!({"error": "no such endpoint"}));
    };
    let label = format!("request #{number} ({} {})", request.method, request.path);
    if !request.body.is_object() {
        shared
            .lock()
            .violations
            .push(format!("{label}: the body is not a JSON object"));
        let error = ErrorSpec {
            status: 400,
            message: "The request body is not valid JSON.".to_owned(),
            code: None,
            body: None,
        };
        return json_response(StatusCode::BAD_REQUEST, &provider.error_body(&error));
    }
    let breaches = invariants::check(provider, &request.body, &request.headers);
    let next = {
        let mut recorded = shared.lock();
        recorded.violations.extend(
            breaches
                .into_iter()
                .map(|breach| format!("{label}: {breach}")),
        );
        let next = recorded.turns.pop_front();
        match next {
            Some(response) => {
                recorded.served += 1;
                Ok((recorded.served, response))
            }
            None => {
                let message = format!(
                    "oi-test-support: the script ran out: {label} has no scripted response \
                     ({} were scripted and all have been served)",
                    recorded.scripted
                );
                recorded.violations.push(message.clone());
                Err(message)
            }
        }
    };
    let (turn, response) = match next {
        Ok(next) => next,
        Err(message) => {
            let error = ErrorSpec {
                status: 500,
                message,
                code: None,
                body: None,
            };
            return json_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                &provider.error_body(&error),
            );
        }
    };
    let ctx = TurnContext::new(
        turn,
        &request.body,
        raw.len(),
        &response,
        &shared.reasoning_field,
    );
    respond(
        &shared,
        provider,
        provider.wants_stream(&request.body),
        &response.parts,
        ctx,
    )
    .await
}

async fn respond(
    shared: &Shared,
    provider: Provider,
    stream: bool,
    parts: &[Part],
    ctx: TurnContext,
) -> Response {
    // Leading delays come before the headers: a slow time to first byte.
    let mut rest = parts;
    while let Some((Part::DelayMs(ms), tail)) = rest.split_first() {
        tokio::time::sleep(Duration::from_millis(*ms)).await;
        rest = tail;
    }
    if let Some(error) = rest.first().and_then(ErrorSpec::from_part) {
        let status =
            StatusCode::from_u16(error.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        return json_response(status, &provider.error_body(&error));
    }
    if stream {
        let frames = crate::wire::stream_frames(rest, provider.encoder(ctx).as_mut());
        let mut response = Response::new(frames_body(frames, shared.shutdown.clone()));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            header::HeaderValue::from_static(provider.stream_content_type()),
        );
        headers.insert(
            header::CACHE_CONTROL,
            header::HeaderValue::from_static("no-cache"),
        );
        return response;
    }
    // Non-streaming: the body is whole or not at all.
    let cut = rest.iter().position(|part| {
        matches!(
            part,
            Part::Hang | Part::DropConnection | Part::HttpError { .. }
        )
    });
    let content = &rest[..cut.unwrap_or(rest.len())];
    for part in content {
        if let Part::DelayMs(ms) = part {
            tokio::time::sleep(Duration::from_millis(*ms)).await;
        }
    }
    let body = provider.complete_body(content, &ctx);
    match cut.map(|index| &rest[index]) {
        Some(Part::Hang) => {
            shared.shutdown.cancelled().await;
            json_response(
                StatusCode::SERVICE_UNAVAILABLE,
                &json!({"error": "server stopped"}),
            )
        }
        Some(Part::DropConnection) => {
            let text = body.to_string();
            let half = Bytes::from(text.as_bytes()[..text.len() / 2].to_vec());
            let frames = vec![Frame::Data(half), Frame::Drop];
            let mut response = Response::new(frames_body(frames, shared.shutdown.clone()));
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                header::HeaderValue::from_static("application/json"),
            );
            response
        }
        Some(part) => {
            let error = ErrorSpec::from_part(part).unwrap_or(ErrorSpec {
                status: 500,
                message: String::new(),
                code: None,
                body: None,
            });
            let status =
                StatusCode::from_u16(error.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            json_response(status, &provider.error_body(&error))
        }
        None => json_response(StatusCode::OK, &body),
    }
}

/// A body that plays frames: data, pauses, a hang until shutdown, or an abort.
fn frames_body(frames: Vec<Frame>, shutdown: CancellationToken) -> Body {
    let state = (VecDeque::from(frames), shutdown, false);
    let stream = futures::stream::unfold(state, |(mut frames, shutdown, ended)| async move {
        if ended {
            return None;
        }
        loop {
            match frames.pop_front()? {
                Frame::Data(bytes) => return Some((Ok(bytes), (frames, shutdown, false))),
                Frame::Delay(duration) => tokio::time::sleep(duration).await,
                Frame::Hang => {
                    shutdown.cancelled().await;
                    return Some((Err(aborted("server stopped")), (frames, shutdown, true)));
                }
                Frame::Drop => {
                    // Let what was sent reach the client first, so the cut is mid-body
                    // rather than before the status line.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    return Some((
                        Err(aborted("scripted connection drop")),
                        (frames, shutdown, true),
                    ));
                }
            }
        }
    });
    Body::from_stream(stream)
}

fn aborted(why: &str) -> std::io::Error {
    std::io::Error::new(std::io::ErrorKind::ConnectionReset, why.to_owned())
}

fn json_response(status: StatusCode, body: &Value) -> Response {
    let mut response = Response::new(Body::from(body.to_string()));
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        header::HeaderValue::from_static("application/json"),
    );
    response
}

/// Discovery endpoints, and a recorded violation for anything unknown.
async fn discovery(
    State(shared): State<Arc<Shared>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    raw: Bytes,
) -> Response {
    let (number, request) = record(&shared, &method, &uri, &headers, &raw);
    let model = request
        .body
        .get("model")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let body = match (request.method.as_str(), request.path.as_str()) {
        ("GET", "/v1/models" | "/models") if request.headers.contains_key("anthropic-version") => {
            anthropic::models_body(&shared.models)
        }
        ("GET", "/v1/models" | "/models") => openai::models_body(&shared.models),
        ("GET", "/api/tags") => ollama::tags_body(&shared.models),
        ("POST", "/api/show") => {
            let name = model.or_else(|| {
                request
                    .body
                    .get("name")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            });
            match name {
                Some(name) if shared.models.iter().any(|m| ollama::same_model(m, &name)) => {
                    ollama::show_body(&name, shared.context_window, shared.ollama_thinking)
                }
                Some(name) => {
                    return json_response(
                        StatusCode::NOT_FOUND,
                        &json!({"error": format!("model '{name}' not found")}),
                    );
                }
                None => {
                    return json_response(
                        StatusCode::BAD_REQUEST,
                        &json!({"error": "model is required"}),
                    );
                }
            }
        }
        ("GET", "/api/version") => json!({"version": "0.12.6"}),
        // LM Studio's own REST API: which models are language models, and their windows.
        ("GET", "/api/v0/models") => json!({
            "object": "list",
            "data": shared.models.iter().map(|id| json!({
                "id": id,
                "object": "model",
                "type": "llm",
                "publisher": "scripted",
                "arch": "qwen2",
                "compatibility_type": "gguf",
                "quantization": "Q4_K_M",
                "state": "loaded",
                "max_context_length": shared.context_window,
                "loaded_context_length": shared.context_window,
            })).collect::<Vec<_>>(),
        }),
        ("GET", "/props") => json!({
            "default_generation_settings": {
                "n_ctx": shared.context_window,
                "params": {"n_predict": -1, "temperature": 0.8},
            },
            "total_slots": 1,
            "model_path": format!("/models/{}.gguf", shared.models.first().map_or("scripted-model", String::as_str)),
            "chat_template": "",
            "build_info": "scripted",
        }),
        ("GET", "/health") => json!({"status": "ok"}),
        _ => {
            let what = format!(
                "request #{number}: no such endpoint {} {}",
                request.method, request.path
            );
            shared.lock().violations.push(what.clone());
            return json_response(StatusCode::NOT_FOUND, &json!({"error": what}));
        }
    };
    json_response(StatusCode::OK, &body)
}
