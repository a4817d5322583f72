//! Reasoning written inline in the answer: `<think>…</think>` (DeepSeek-R1, QwQ, Qwen3) or
//! `<thinking>…</thinking>`, as Ollama before 0.9, llama.cpp with `--reasoning-format none` and
//! many OpenAI-compatible servers send it. Every client passes its text deltas through
//! [`ThinkSplitter`] so the engine sees reasoning as [`ModelEvent::ReasoningDelta`], never as
//! the answer (and so never as code to run).
//!
//! The rule: an opening tag counts only where the answer has not begun, that is when the text
//! before it in this message is empty, whitespace, or earlier reasoning blocks. Once the model
//! has written anything else, `<think>` is just text (a model explaining the tag to someone).
//! A block runs to its own closing tag (`<think>` to `</think>`, `<thinking>` to
//! `</thinking>`); one left open when the message ends was reasoning cut short, and stays
//! reasoning. Whitespace around reasoning blocks at the start is dropped, so the answer does
//! not open with the blank lines models put after `</think>`. Tags may be cut across deltas at
//! any point: text that could still become a tag is held back until it is decided, at most a
//! tag's length plus leading whitespace.
//!
//! Not handled: an answer that starts inside reasoning with no opening tag at all (templates
//! that put `<think>` into the prompt); telling that apart would mean holding back the whole
//! answer until a `</think>` arrives or the message ends.

use std::collections::VecDeque;
use std::pin::Pin;
use std::task::{Context, Poll};

use futures::Stream;

use super::{ModelError, ModelEvent, ModelStream};

const TAGS: [(&str, &str); 2] = [("<think>", "</think>"), ("<thinking>", "</thinking>")];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing but whitespace and reasoning blocks so far; a tag may open.
    BeforeAnswer,
    /// Inside a block that ends with this closing tag.
    Reasoning(&'static str),
    /// The answer has begun; everything is text.
    Answer,
}

/// One piece of split text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Piece {
    Text(String),
    Reasoning(String),
}

/// Splits a message's text deltas into answer text and inline reasoning.
#[derive(Debug)]
pub struct ThinkSplitter {
    state: State,
    /// Undecided text: whitespace and a possible opening tag, or a possible closing tag.
    held: String,
    /// Some reasoning block has closed (whitespace after it is not part of the answer).
    after_block: bool,
}

impl Default for ThinkSplitter {
    fn default() -> Self {
        ThinkSplitter {
            state: State::BeforeAnswer,
            held: String::new(),
            after_block: false,
        }
    }
}

impl ThinkSplitter {
    /// Takes the next delta; returns what is decided, in order.
    pub fn push(&mut self, delta: &str) -> Vec<Piece> {
        let mut out = Vec::new();
        if self.state == State::Answer {
            emit(&mut out, Piece::Text(delta.to_string()));
            return out;
        }
        self.held.push_str(delta);
        loop {
            let progressed = match self.state {
                State::Answer => {
                    let rest = std::mem::take(&mut self.held);
                    emit(&mut out, Piece::Text(rest));
                    false
                }
                State::BeforeAnswer => self.step_before_answer(&mut out),
                State::Reasoning(close) => self.step_reasoning(close, &mut out),
            };
            if !progressed {
                return out;
            }
        }
    }

    /// The message ended: whatever is held is decided as it stands.
    pub fn finish(&mut self) -> Vec<Piece> {
        let mut out = Vec::new();
        let rest = std::mem::take(&mut self.held);
        match self.state {
            State::Reasoning(_) => emit(&mut out, Piece::Reasoning(rest)),
            State::BeforeAnswer if self.after_block && rest.trim().is_empty() => {}
            State::BeforeAnswer | State::Answer => emit(&mut out, Piece::Text(rest)),
        }
        *self = ThinkSplitter::default();
        out
    }

    /// Returns whether the state changed (so the held text should be looked at again).
    fn step_before_answer(&mut self, out: &mut Vec<Piece>) -> bool {
        let start = self.held.len() - self.held.trim_start().len();
        let rest = &self.held[start..];
        if rest.is_empty() {
            return false;
        }
        for (open, close) in TAGS {
            if let Some(after) = rest.strip_prefix(open) {
                self.held = after.to_string();
                self.state = State::Reasoning(close);
                return true;
            }
        }
        if TAGS.iter().any(|(open, _)| open.starts_with(rest)) {
            return false; // could still become a tag
        }
        // The answer begins; whitespace before it is kept unless it followed reasoning.
        let text = if self.after_block {
            rest.to_string()
        } else {
            std::mem::take(&mut self.held)
        };
        self.held.clear();
        emit(out, Piece::Text(text));
        self.state = State::Answer;
        false
    }

    fn step_reasoning(&mut self, close: &'static str, out: &mut Vec<Piece>) -> bool {
        if let Some(at) = self.held.find(close) {
            let reasoning = self.held[..at].to_string();
            self.held = self.held[at + close.len()..].to_string();
            emit(out, Piece::Reasoning(reasoning));
            self.state = State::BeforeAnswer;
            self.after_block = true;
            return true;
        }
        // Keep back the longest tail that could be the start of the closing tag.
        let keep = (1..close.len())
            .rev()
            .find(|&n| self.held.ends_with(&close[..n]))
            .unwrap_or(0);
        let cut = self.held.len() - keep;
        let reasoning: String = self.held.drain(..cut).collect();
        emit(out, Piece::Reasoning(reasoning));
        false
    }
}

/// Appends a non-empty piece, merging it into the last one of the same kind.
fn emit(out: &mut Vec<Piece>, piece: Piece) {
    match (out.last_mut(), piece) {
        (_, Piece::Text(t) | Piece::Reasoning(t)) if t.is_empty() => {}
        (Some(Piece::Text(a)), Piece::Text(b))
        | (Some(Piece::Reasoning(a)), Piece::Reasoning(b)) => a.push_str(&b),
        (_, piece) => out.push(piece),
    }
}

fn into_event(piece: Piece) -> ModelEvent {
    match piece {
        Piece::Text(t) => ModelEvent::TextDelta(t),
        Piece::Reasoning(r) => ModelEvent::ReasoningDelta(r),
    }
}

/// A model stream whose text deltas have their inline reasoning split out.
pub(crate) fn split(inner: ModelStream) -> ModelStream {
    Box::pin(SplitStream {
        inner,
        splitter: ThinkSplitter::default(),
        ready: VecDeque::new(),
        ended: false,
    })
}

struct SplitStream {
    inner: ModelStream,
    splitter: ThinkSplitter,
    ready: VecDeque<Result<ModelEvent, ModelError>>,
    ended: bool,
}

impl SplitStream {
    fn flush(&mut self) {
        for piece in self.splitter.finish() {
            self.ready.push_back(Ok(into_event(piece)));
        }
    }
}

impl Stream for SplitStream {
    type Item = Result<ModelEvent, ModelError>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            if let Some(ready) = self.ready.pop_front() {
                return Poll::Ready(Some(ready));
            }
            if self.ended {
                return Poll::Ready(None);
            }
            match self.inner.as_mut().poll_next(cx) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(None) => {
                    self.ended = true;
                    self.flush();
                }
                Poll::Ready(Some(Ok(ModelEvent::TextDelta(delta)))) => {
                    for piece in self.splitter.push(&delta) {
                        self.ready.push_back(Ok(into_event(piece)));
                    }
                }
                // Native reasoning passes as it is.
                Poll::Ready(Some(Ok(ev @ ModelEvent::ReasoningDelta(_)))) => {
                    self.ready.push_back(Ok(ev));
                }
                // Anything else ends the text for now: held text goes first, in order.
                Poll::Ready(Some(other)) => {
                    let ends_message = matches!(other, Ok(ModelEvent::Done { .. }) | Err(_));
                    if ends_message || matches!(other, Ok(ModelEvent::ToolCall(_))) {
                        self.flush();
                    }
                    self.ready.push_back(other);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Feeds `parts` and returns (text, reasoning).
    fn run(parts: &[&str]) -> (String, String) {
        let mut s = ThinkSplitter::default();
        let mut pieces = Vec::new();
        for p in parts {
            pieces.extend(s.push(p));
        }
        pieces.extend(s.finish());
        let mut text = String::new();
        let mut reasoning = String::new();
        for p in pieces {
            match p {
                Piece::Text(t) => text.push_str(&t),
                Piece::Reasoning(r) => reasoning.push_str(&r),
            }
        }
        (text, reasoning)
    }

    /// Every way of cutting `input` in two at a character boundary, and one delta per character.
    fn check_every_cut(input: &str, text: &str, reasoning: &str) {
        let want = (text.to_string(), reasoning.to_string());
        assert_eq!(run(&[input]), want, "whole: {input:?}");
        for (at, _) in input.char_indices().skip(1) {
            let (a, b) = input.split_at(at);
            assert_eq!(run(&[a, b]), want, "cut at {at}: {a:?} | {b:?}");
        }
        let chars: Vec<String> = input.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        assert_eq!(run(&refs), want, "one character per delta: {input:?}");
    }

    #[test]
    fn a_leading_think_block_is_reasoning_at_every_cut() {
        check_every_cut(
            "<think>Maybe ```python\nprint(1)\n``` — no.</think>\n\nThe answer: ✓",
            "The answer: ✓",
            "Maybe ```python\nprint(1)\n``` — no.",
        );
    }

    #[test]
    fn thinking_tags_and_leading_whitespace_are_recognised() {
        check_every_cut("\n  <thinking>hm</thinking>ok", "ok", "hm");
        // `</think>` does not close a `<thinking>` block.
        check_every_cut("<thinking>a </think> b</thinking>c", "c", "a </think> b");
    }

    #[test]
    fn several_blocks_before_the_answer_are_all_reasoning() {
        check_every_cut(
            "<think>one</think> \n<think>two</think>\nanswer",
            "answer",
            "onetwo",
        );
    }

    #[test]
    fn a_tag_after_the_answer_began_is_text() {
        check_every_cut(
            "Models write <think>…</think> first.",
            "Models write <think>…</think> first.",
            "",
        );
        check_every_cut(
            "<think>r</think>Use <think> tags.",
            "Use <think> tags.",
            "r",
        );
    }

    #[test]
    fn an_unclosed_block_stays_reasoning() {
        check_every_cut(
            "<think>cut off mid-thought </thi",
            "",
            "cut off mid-thought </thi",
        );
    }

    #[test]
    fn text_that_only_looks_like_a_tag_start_is_text() {
        check_every_cut("<thin ice", "<thin ice", "");
        check_every_cut("  <b>bold</b>", "  <b>bold</b>", "");
        check_every_cut("  <thi", "  <thi", "");
        check_every_cut("plain answer", "plain answer", "");
    }

    #[test]
    fn whitespace_only_answers_after_reasoning_are_dropped() {
        check_every_cut("<think>x</think>\n\n", "", "x");
    }

    #[tokio::test]
    async fn the_stream_flushes_held_text_before_tool_calls_and_at_the_end() {
        use futures::StreamExt;
        let call = ModelEvent::ToolCall(super::super::NativeToolCall {
            id: "c".into(),
            name: "t".into(),
            arguments: serde_json::json!({}),
        });
        let inner: Vec<Result<ModelEvent, ModelError>> = vec![
            Ok(ModelEvent::ReasoningDelta("native".into())),
            Ok(ModelEvent::TextDelta(" <thi".into())),
            Ok(call.clone()),
            Ok(ModelEvent::Done { stop_reason: None }),
        ];
        let events: Vec<ModelEvent> = split(Box::pin(futures::stream::iter(inner)))
            .map(|e| e.unwrap_or(ModelEvent::TextDelta("error".into())))
            .collect()
            .await;
        assert_eq!(
            events,
            vec![
                ModelEvent::ReasoningDelta("native".into()),
                ModelEvent::TextDelta(" <thi".into()),
                call,
                ModelEvent::Done { stop_reason: None },
            ]
        );
    }
}
