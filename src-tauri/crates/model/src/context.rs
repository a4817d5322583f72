//! Keeping requests inside the model's context window: the window comes from the person
//! (`--context_window`) or from the runtime (`/api/show`, `/props`); a request that would not fit
//! first loses the middle of old tool outputs, then whole old exchanges, and what still does not
//! fit is said before it is sent.

use crate::{ChatMessage, ContentPart, ModelRequest, Role, local::RuntimeLimits};

/// The window a session works with, and where it came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContextLimits {
    pub window: u32,
    /// Most tokens of one answer the runtime allows, when it caps them.
    pub max_output: Option<u32>,
}

impl ContextLimits {
    pub fn configured(window: u32) -> Self {
        ContextLimits {
            window,
            max_output: None,
        }
    }

    pub fn from_runtime(limits: &RuntimeLimits) -> Option<Self> {
        limits.context_window.map(|window| ContextLimits {
            window,
            max_output: limits.max_output,
        })
    }

    /// Tokens kept free for the answer.
    pub fn reserve(&self, max_tokens: Option<u32>) -> u32 {
        let wanted = max_tokens
            .or(self.max_output)
            .unwrap_or((self.window / 4).min(4096));
        wanted.min(self.window / 2)
    }
}

/// What fitting did to a request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Fit {
    /// Old outputs shortened.
    pub trimmed: usize,
    /// Old messages left out.
    pub dropped: usize,
    /// Estimated tokens still too many (the request is sent anyway; the runtime may refuse it).
    pub over_by: u32,
}

/// An estimate of what a request costs in tokens: about three characters a token (code and
/// numbers tokenize denser than prose, so this errs on the large side), plus a little per message.
pub fn estimate_tokens(req: &ModelRequest) -> u32 {
    let mut chars = req.system.len();
    let mut extra = 0u32;
    for m in &req.messages {
        extra += 4;
        for part in &m.content {
            match part {
                ContentPart::Text(t) => chars += t.len(),
                ContentPart::Image { .. } => extra += 800,
            }
        }
        for call in &m.tool_calls {
            chars += call.name.len() + call.arguments.to_string().len();
        }
    }
    for tool in &req.tools {
        chars += tool.name.len() + tool.description.len() + tool.parameters.to_string().len();
    }
    (chars / 3) as u32 + extra
}

/// Old outputs longer than this lose their middle when the request does not fit.
const TRIM_ABOVE: usize = 1200;
const KEEP_EACH_END: usize = 400;

/// Makes `req` fit `limits` with `reserve` tokens left for the answer, as far as it can.
pub fn fit(req: &mut ModelRequest, limits: &ContextLimits, reserve: u32) -> Fit {
    let budget = limits.window.saturating_sub(reserve);
    let mut result = Fit::default();
    let over = |req: &ModelRequest| estimate_tokens(req).saturating_sub(budget);
    if over(req) == 0 {
        return result;
    }
    // The newest message is what the model must answer: it stays whole.
    let last = req.messages.len().saturating_sub(1);
    for i in 0..last {
        if is_output(&req.messages[i]) && trim_middle(&mut req.messages[i]) {
            result.trimmed += 1;
            if over(req) == 0 {
                return result;
            }
        }
    }
    // Then whole exchanges, oldest first. Cutting only before a person's message keeps every
    // tool result with the call it answers.
    while over(req) > 0 {
        let Some(cut) = req
            .messages
            .iter()
            .skip(1)
            .position(|m| m.role == Role::User)
            .map(|i| i + 1)
        else {
            break;
        };
        req.messages.drain(..cut);
        result.dropped += cut;
    }
    if result.dropped > 0 {
        req.system.push_str(
            "\n\n(Earlier messages of this conversation were left out to fit the model's context window.)",
        );
    }
    result.over_by = over(req);
    result
}

/// A tool result, or a user message (text profiles send outputs as user messages).
fn is_output(m: &ChatMessage) -> bool {
    m.role == Role::Tool || m.role == Role::User
}

/// Keeps the head and tail of a long text. True when it shortened something.
fn trim_middle(m: &mut ChatMessage) -> bool {
    let mut changed = false;
    for part in &mut m.content {
        let ContentPart::Text(text) = part else {
            continue;
        };
        if text.len() <= TRIM_ABOVE {
            continue;
        }
        let head_end = floor_char_boundary(text, KEEP_EACH_END);
        let tail_start = ceil_char_boundary(text, text.len() - KEEP_EACH_END);
        let left_out = tail_start - head_end;
        *text = format!(
            "{}\n[… {left_out} characters left out to fit the context window …]\n{}",
            &text[..head_end],
            &text[tail_start..]
        );
        changed = true;
    }
    changed
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn ceil_char_boundary(s: &str, mut i: usize) -> usize {
    while !s.is_char_boundary(i) {
        i += 1;
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::NativeToolCall;
    use serde_json::json;

    fn user(t: &str) -> ChatMessage {
        ChatMessage::text(Role::User, t)
    }

    fn call(id: &str) -> ChatMessage {
        let mut m = ChatMessage::text(Role::Assistant, "");
        m.tool_calls.push(NativeToolCall {
            id: id.into(),
            name: "execute".into(),
            arguments: json!({"code": "x"}),
        });
        m
    }

    fn result(id: &str, output: &str) -> ChatMessage {
        let mut m = ChatMessage::text(Role::Tool, output);
        m.tool_call_id = Some(id.into());
        m
    }

    fn request(messages: Vec<ChatMessage>) -> ModelRequest {
        ModelRequest {
            system: "be brief".into(),
            messages,
            ..Default::default()
        }
    }

    #[test]
    fn a_request_that_fits_is_left_alone() {
        let mut req = request(vec![user("hi"), call("a"), result("a", "ok")]);
        let before = req.clone();
        assert_eq!(
            fit(&mut req, &ContextLimits::configured(1000), 100),
            Fit::default()
        );
        assert_eq!(req, before);
    }

    #[test]
    fn old_outputs_lose_their_middle_first() {
        let long = "x".repeat(6000);
        let mut req = request(vec![
            user("count"),
            call("a"),
            result("a", &long),
            user("and now?"),
        ]);
        let got = fit(&mut req, &ContextLimits::configured(1200), 200);
        assert_eq!(
            got,
            Fit {
                trimmed: 1,
                dropped: 0,
                over_by: 0
            }
        );
        let text = req.messages[2].joined_text();
        assert!(
            text.contains("[… 5200 characters left out to fit the context window …]"),
            "{text}"
        );
        assert_eq!(req.messages.len(), 4);
    }

    #[test]
    fn then_whole_old_exchanges_go_and_calls_keep_their_results() {
        let chunk = "y".repeat(1000);
        let mut messages = Vec::new();
        for i in 0..6 {
            messages.push(user(&format!("question {i} {chunk}")));
            messages.push(call(&format!("c{i}")));
            messages.push(result(&format!("c{i}"), "short"));
        }
        messages.push(user("last question"));
        let mut req = request(messages);
        let got = fit(&mut req, &ContextLimits::configured(1500), 300);
        assert!(got.dropped >= 3 && got.dropped.is_multiple_of(3), "{got:?}");
        assert_eq!(got.over_by, 0);
        assert_eq!(req.messages[0].role, Role::User);
        assert_eq!(req.messages.last().unwrap().joined_text(), "last question");
        assert!(req.system.contains("were left out to fit"));
        assert!(estimate_tokens(&req) <= 1200);
    }

    #[test]
    fn what_cannot_fit_is_reported() {
        let mut req = request(vec![user(&"z".repeat(9000))]);
        let got = fit(&mut req, &ContextLimits::configured(1000), 200);
        assert!(got.over_by > 2000, "{got:?}");
        assert_eq!(req.messages[0].joined_text().len(), 9000);
    }

    #[test]
    fn the_answer_reserve_comes_from_max_tokens_or_the_runtime() {
        let l = ContextLimits {
            window: 4096,
            max_output: None,
        };
        assert_eq!(l.reserve(None), 1024);
        assert_eq!(l.reserve(Some(300)), 300);
        assert_eq!(l.reserve(Some(100_000)), 2048);
        assert_eq!(
            ContextLimits {
                window: 4096,
                max_output: Some(256)
            }
            .reserve(None),
            256
        );
    }
}
