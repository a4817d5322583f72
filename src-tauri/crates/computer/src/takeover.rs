//! Telling the person's input from our own. The system reports synthetic and physical input
//! alike (XTEST events reach XRecord like any other), so the performer notes what it is about
//! to do and the detector discounts it: pointer positions it moved to, and key, button and
//! wheel events while an action runs (plus a short grace period for events still in flight).

use std::collections::VecDeque;
use std::time::{Duration, Instant};

use oi_protocol::Point;
use serde::{Deserialize, Serialize};

use crate::device::ObservedInput;

/// How long after an action its own events may still arrive.
const GRACE: Duration = Duration::from_millis(300);
/// Pointer positions we moved to, remembered this long.
const MOVE_MEMORY: Duration = Duration::from_secs(2);

/// The person used the mouse or keyboard.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Takeover {
    /// What they did first: `mouse_move`, `button`, `key` or `wheel`.
    pub first: String,
    /// Where the pointer went, for a move.
    pub at: Option<Point>,
    pub events: u32,
}

#[derive(Debug, Default)]
pub struct TakeoverDetector {
    moves: VecDeque<(Point, Instant)>,
    acting: bool,
    quiet_after: Option<Instant>,
    seen: Option<Takeover>,
    own_pids: Vec<u32>,
}

impl TakeoverDetector {
    /// Processes whose windows are the agent's own front end (the desktop app): input in them
    /// is the person answering the agent, not taking over. The platform's monitor asks.
    pub fn set_own_pids(&mut self, pids: Vec<u32>) {
        self.own_pids = pids;
    }

    pub fn own_pids(&self) -> &[u32] {
        &self.own_pids
    }

    /// Whether the person has used the mouse or keyboard since the last [`take`](Self::take).
    pub fn taken_over(&self) -> bool {
        self.seen.is_some()
    }

    /// An action starts: its key, button and wheel events are ours.
    pub fn begin_action(&mut self) {
        self.acting = true;
    }

    pub fn end_action(&mut self) {
        self.acting = false;
        self.quiet_after = Some(Instant::now() + GRACE);
    }

    /// We are about to move the pointer to `p`.
    pub fn expect_move(&mut self, p: Point) {
        let now = Instant::now();
        while self
            .moves
            .front()
            .is_some_and(|(_, t)| now.duration_since(*t) > MOVE_MEMORY)
        {
            self.moves.pop_front();
        }
        self.moves.push_back((p, now));
    }

    pub fn observe(&mut self, input: ObservedInput) {
        let ours = match input {
            ObservedInput::MouseMove { x, y } => {
                let p = Point { x, y };
                match self.moves.iter().position(|(m, _)| *m == p) {
                    Some(i) => {
                        // Events arrive in order: what came before this one has arrived too.
                        self.moves.drain(..=i);
                        true
                    }
                    None => false,
                }
            }
            _ => self.acting || self.quiet_after.is_some_and(|t| Instant::now() < t),
        };
        if ours {
            return;
        }
        match &mut self.seen {
            Some(t) => t.events += 1,
            None => {
                let (first, at) = match input {
                    ObservedInput::MouseMove { x, y } => ("mouse_move", Some(Point { x, y })),
                    ObservedInput::Button => ("button", None),
                    ObservedInput::Key => ("key", None),
                    ObservedInput::Wheel => ("wheel", None),
                };
                self.seen = Some(Takeover {
                    first: first.into(),
                    at,
                    events: 1,
                });
            }
        }
    }

    /// What the person did since the last call (and forgets it). Also how input is dropped
    /// that is no takeover: what they did while an approval waited for them.
    pub fn take(&mut self) -> Option<Takeover> {
        self.seen.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn our_moves_and_action_events_are_not_a_takeover() {
        let mut d = TakeoverDetector::default();
        d.expect_move(Point { x: 5, y: 5 });
        d.expect_move(Point { x: 6, y: 6 });
        d.begin_action();
        d.observe(ObservedInput::MouseMove { x: 5, y: 5 });
        d.observe(ObservedInput::Button);
        d.observe(ObservedInput::MouseMove { x: 6, y: 6 });
        d.end_action();
        d.observe(ObservedInput::Key);
        assert_eq!(d.take(), None);
        d.observe(ObservedInput::MouseMove { x: 6, y: 6 });
        d.observe(ObservedInput::MouseMove { x: 7, y: 6 });
        assert_eq!(
            d.take(),
            Some(Takeover {
                first: "mouse_move".into(),
                at: Some(Point { x: 6, y: 6 }),
                events: 2
            })
        );
        assert_eq!(d.take(), None);
    }

    #[test]
    fn a_move_to_where_we_did_not_go_during_an_action_is_seen_at_once() {
        let mut d = TakeoverDetector::default();
        d.expect_move(Point { x: 10, y: 10 });
        d.begin_action();
        d.observe(ObservedInput::MouseMove { x: 10, y: 10 });
        assert!(!d.taken_over());
        d.observe(ObservedInput::MouseMove { x: 400, y: 300 });
        assert!(d.taken_over(), "seen while the action still runs");
        // Still there for the next plan to report.
        assert_eq!(d.take().map(|t| t.at), Some(Some(Point { x: 400, y: 300 })));
    }
}
