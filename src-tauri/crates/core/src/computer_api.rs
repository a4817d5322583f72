//! The `computer` object of the Python kernel, engine side. Each Python kernel inherits one end
//! of its own connected socket pair (oi-exec's `EngineLink`); its `computer.mouse.click(…)`,
//! `computer.display.view()`… send one JSON line on it and wait for one line back, one request at
//! a time. An open descriptor needs no `socket(2)` and no path, so this works under the native
//! sandbox (seccomp, landlock) as without one. While a code block runs the turn serves the current
//! Python kernel's line beside the kernel's output: each request becomes a `computer` call with
//! its plan that passes the same approval gate as the tool's, then runs on the same helper.
//! Outside a block, requests wait for the next.
//!
//! `computer.files` requests come on the same line (`{"files": "read" | "find", …}`) and are
//! answered by [`crate::files_api`] without approval: they change nothing.
//!
//! Request: the `computer` tool's arguments (`{"action": "left_click", "coordinate": [x, y]}`),
//! plus `"show": true` when the screenshot is for the model (`display.view()`). Reply:
//! `{"ok": true, "text", "screenshot": {path, width, height…} | null}` or
//! `{"ok": false, "kind": "denied" | "no_display" | "permission" | "helper" | "bad_action" | "failed", "message"}`.

use std::convert::Infallible;
use std::sync::Arc;

use oi_computer::ComputerError;
use oi_protocol::{CallOrigin, ToolAction, ToolCall};
use serde_json::{Value, json};
use tokio::sync::MutexGuard;
use tokio_util::sync::CancellationToken;

use crate::approval::Passage;
use crate::kernel_lines::{ComputerLines, Line, failure};
use crate::runtime::Runtime;

/// Held while a block is served; when the block ends it answers what is left half done.
struct Serving<'a>(MutexGuard<'a, ComputerLines>);

impl Drop for Serving<'_> {
    fn drop(&mut self) {
        if let Some(line) = &mut self.0.current {
            line.abandon();
        }
    }
}

/// One code block's computer actions.
pub(crate) struct BlockActions {
    /// The code block's call: actions are numbered below it, and `view()` screenshots are its images.
    parent: String,
    count: u32,
    /// Screenshots the code showed to the model (`display.view()`), for the block's result.
    pub images: Vec<String>,
    /// The person stopped the turn at one of the actions: the rest are refused, the turn ends.
    pub aborted: bool,
}

impl BlockActions {
    pub(crate) fn new(parent: &ToolCall) -> Self {
        BlockActions {
            parent: parent.call_id.clone(),
            count: 0,
            images: Vec::new(),
            aborted: false,
        }
    }
}

/// Serves the current Python kernel's requests, one after the other, until dropped (when the
/// block ends).
pub(crate) async fn serve(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
) -> Infallible {
    let mut serving = Serving(rt.computer_api.lock().await);
    let ComputerLines { arrivals, current } = &mut *serving.0;
    loop {
        let request = tokio::select! {
            // A Python kernel started in this block (the first, or after a restart).
            Some(stream) = arrivals.recv() => {
                *current = match Line::new(stream) {
                    Ok(line) => Some(line),
                    Err(e) => {
                        tracing::warn!("computer API: the kernel's line is unusable: {e}");
                        None
                    }
                };
                continue;
            }
            request = next_request(current) => request,
        };
        let Some(line) = current.as_mut() else {
            continue;
        };
        let reply = match serde_json::from_slice::<Value>(&request) {
            Ok(Value::Object(request)) => answer(rt, id, block, cancel, request).await,
            Ok(_) | Err(_) => failure(
                "bad_action",
                "a computer request is one JSON object a line".into(),
            ),
        };
        line.reply(&reply);
        if let Err(e) = line.flush().await {
            tracing::debug!("computer API: the kernel's line closed: {e}");
            *current = None;
        }
    }
}

/// The current line's next request; pending while there is none (its kernel ended).
async fn next_request(current: &mut Option<Line>) -> Vec<u8> {
    let Some(line) = current else {
        return std::future::pending().await;
    };
    let read = async {
        line.flush().await?;
        line.next_request().await
    };
    match read.await {
        Ok(Some(request)) => request,
        Ok(None) => {
            *current = None;
            std::future::pending().await
        }
        Err(e) => {
            tracing::debug!("computer API: the kernel's line closed: {e}");
            *current = None;
            std::future::pending().await
        }
    }
}

/// Gates and performs one action, as the `computer` tool does.
async fn answer(
    rt: &Arc<Runtime>,
    id: &str,
    block: &mut BlockActions,
    cancel: &CancellationToken,
    mut arguments: serde_json::Map<String, Value>,
) -> Value {
    if let Some(op) = arguments.remove("files") {
        let op = op.as_str().unwrap_or_default().to_string();
        let sandbox = rt.shared.lock().await.resources.sandbox.clone();
        return tokio::task::spawn_blocking(move || {
            crate::files_api::answer(&op, &arguments, &sandbox)
        })
        .await
        .unwrap_or_else(|e| failure("failed", format!("reading failed: {e}")));
    }
    if block.aborted {
        return failure(
            "denied",
            "Not run: the user stopped the turn at an earlier computer action.".into(),
        );
    }
    let show = arguments
        .remove("show")
        .is_some_and(|s| s == Value::Bool(true));
    let arguments = Value::Object(arguments);
    let action = arguments
        .get("action")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    block.count += 1;
    let mut call = ToolCall {
        call_id: format!("{}.computer_{}", block.parent, block.count),
        wire_id: None,
        name: "computer".into(),
        arguments: arguments.clone(),
        origin: CallOrigin::Text,
        action: ToolAction::Computer {
            action,
            arguments,
            plan: None,
        },
    };
    let takeover = match crate::computer::prepare(rt, &mut call).await {
        Ok(t) => t,
        Err(e) => {
            crate::computer::report(rt, id, &e);
            return computer_failure(&e);
        }
    };
    match crate::approval::pass_gate(rt, id, &call, takeover, cancel).await {
        Passage::Run { .. } => {
            let shown_in = if show { &block.parent } else { &call.call_id };
            match crate::computer::perform(rt, id, &call, shown_in).await {
                Ok(done) => {
                    if show && let Some(s) = &done.screenshot {
                        block.images.push(s.path.clone());
                    }
                    json!({"ok": true, "text": done.text, "screenshot": done.screenshot})
                }
                Err(e) => {
                    crate::computer::report(rt, id, &e);
                    computer_failure(&e)
                }
            }
        }
        Passage::Denied(reason) => failure("denied", reason),
        Passage::Aborted => {
            block.aborted = true;
            failure(
                "denied",
                "The user declined this action and stopped the turn.".into(),
            )
        }
        Passage::Interrupted => failure(
            "denied",
            "Not run: the user interrupted before approving.".into(),
        ),
    }
}

/// The error as the driver reads it: its serde form (`kind`, `message`) with `"ok": false`.
fn computer_failure(e: &ComputerError) -> Value {
    let mut reply = serde_json::to_value(e)
        .unwrap_or_else(|_| json!({"kind": "failed", "message": e.to_string()}));
    reply["ok"] = Value::Bool(false);
    reply
}
