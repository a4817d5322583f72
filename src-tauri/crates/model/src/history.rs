//! The conversation as the engine keeps it: provider- and profile-neutral.
//! A profile renders it into a [`crate::ModelRequest`]; the session log rebuilds it on resume.

use oi_protocol::{InputItem, ToolCall};

#[derive(Debug, Clone, PartialEq)]
pub enum HistoryItem {
    User {
        items: Vec<InputItem>,
    },
    Assistant {
        text: String,
        reasoning: String,
        calls: Vec<ToolCall>,
        /// The model was cut off by an interrupt.
        interrupted: bool,
    },
    ToolResult {
        call_id: String,
        tool_name: String,
        output: String,
        is_error: bool,
        /// Screenshots that go with the result (files beside the session log).
        images: Vec<String>,
    },
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct History {
    items: Vec<HistoryItem>,
}

impl History {
    pub fn items(&self) -> &[HistoryItem] {
        &self.items
    }

    pub fn push(&mut self, item: HistoryItem) {
        self.items.push(item);
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    /// Removes the last user message and everything after it; returns whether one was removed.
    pub fn undo(&mut self) -> bool {
        match self.last_user() {
            Some(pos) => {
                self.items.truncate(pos);
                true
            }
            None => false,
        }
    }

    fn last_user(&self) -> Option<usize> {
        self.items
            .iter()
            .rposition(|i| matches!(i, HistoryItem::User { .. }))
    }

    /// The turn under way: the person's message that opened it and what followed.
    pub fn last_turn(&self) -> Option<(&[InputItem], &[HistoryItem])> {
        let start = self.last_user()?;
        match &self.items[start] {
            HistoryItem::User { items } => Some((items, &self.items[start + 1..])),
            _ => None,
        }
    }

    /// The call `call_id` names (ids are unique within a session).
    pub fn call(&self, call_id: &str) -> Option<&ToolCall> {
        self.items.iter().rev().find_map(|i| match i {
            HistoryItem::Assistant { calls, .. } => calls.iter().find(|c| c.call_id == call_id),
            _ => None,
        })
    }

    /// Tool calls that have no result yet (a crash or kill mid-run).
    pub fn unanswered_calls(&self) -> Vec<ToolCall> {
        let mut open: Vec<ToolCall> = Vec::new();
        for item in &self.items {
            match item {
                HistoryItem::Assistant { calls, .. } => open.extend(calls.iter().cloned()),
                HistoryItem::ToolResult { call_id, .. } => open.retain(|c| &c.call_id != call_id),
                HistoryItem::User { .. } => {}
            }
        }
        open
    }

    /// A rough size in characters, for token estimates.
    pub fn char_len(&self) -> usize {
        self.items
            .iter()
            .map(|i| match i {
                HistoryItem::User { items } => items
                    .iter()
                    .map(|it| match it {
                        InputItem::Text { text } => text.len(),
                        InputItem::Image { .. } => 3000,
                        InputItem::File { path } => path.len(),
                    })
                    .sum(),
                HistoryItem::Assistant { text, calls, .. } => {
                    text.len()
                        + calls
                            .iter()
                            .map(|c| c.arguments.to_string().len())
                            .sum::<usize>()
                }
                HistoryItem::ToolResult { output, .. } => output.len(),
            })
            .sum()
    }
}
