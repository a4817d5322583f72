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

use std::sync::Arc;

use oi_computer::ComputerError;
use oi_protocol::{CallOrigin, ToolAction, ToolCall};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

use crate::approval::{Gate, Passage};
use crate::kernel_lines::{KernelRequests, failure};
use crate::runtime::Runtime;

/// One code block's computer actions: what answers its kernel's requests while it runs.
pub(crate) struct BlockActions<'a> {
    rt: &'a Arc<Runtime>,
    id: &'a str,
    cancel: &'a CancellationToken,
    /// The code block's call: actions are numbered below it, and `view()` screenshots are its images.
    parent: String,
    count: u32,
    /// Screenshots the code showed to the model (`display.view()`), for the block's result.
    pub images: Vec<String>,
    /// The person stopped the turn at one of the actions: the rest are refused, the turn ends.
    pub aborted: bool,
}

impl<'a> BlockActions<'a> {
    pub(crate) fn new(
        rt: &'a Arc<Runtime>,
        id: &'a str,
        cancel: &'a CancellationToken,
        parent: &ToolCall,
    ) -> Self {
        BlockActions {
            rt,
            id,
            cancel,
            parent: parent.call_id.clone(),
            count: 0,
            images: Vec::new(),
            aborted: false,
        }
    }
}

#[async_trait::async_trait]
impl KernelRequests for BlockActions<'_> {
    async fn answer(&mut self, request: serde_json::Map<String, Value>) -> Value {
        answer(self, request).await
    }
}

/// Gates and performs one action, as the `computer` tool does.
async fn answer(
    block: &mut BlockActions<'_>,
    mut arguments: serde_json::Map<String, Value>,
) -> Value {
    let (rt, cancel) = (block.rt, block.cancel);
    let events = rt.emitter.events(block.id);
    if let Some(op) = arguments.remove("files") {
        let op = op.as_str().unwrap_or_default().to_string();
        let sandbox = rt.state.with(|s| s.resources.sandbox.clone());
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
    let takeover = match rt.computer.prepare(&mut call).await {
        Ok(t) => t,
        Err(e) => {
            crate::computer::report(events, &e);
            return computer_failure(&e);
        }
    };
    match Gate::of(rt, block.id).pass(&call, takeover, cancel).await {
        Passage::Run { .. } => {
            let shown_in = if show { &block.parent } else { &call.call_id };
            match rt.computer.perform(events, &call, shown_in).await {
                Ok(done) => {
                    if show && let Some(s) = &done.screenshot {
                        block.images.push(s.path.clone());
                    }
                    json!({"ok": true, "text": done.text, "screenshot": done.screenshot})
                }
                Err(e) => {
                    crate::computer::report(events, &e);
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
