//! Calls to the session's MCP servers' tools.

use oi_protocol::{ToolCall, TurnEndReason};

use super::{CallContext, RunResult, Runner};
use crate::mcp::McpTools;

impl Runner for McpTools {
    async fn run(&self, call: &ToolCall, cx: CallContext<'_>) -> RunResult {
        let output = self.call(&call.name, &call.arguments, cx.cancel).await;
        RunResult {
            text: output.text,
            is_error: output.is_error,
            ends: cx
                .cancel
                .is_cancelled()
                .then_some(TurnEndReason::Interrupted),
            ..Default::default()
        }
    }
}
