//! The helper's protocol: one JSON object a line on stdin (requests) and stdout (replies).

use std::io::{BufRead, Write};

use oi_protocol::InputActionRecord;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::device::{Input, MonitorInfo, Screen};
use crate::perform::{Computer, ComputerConfig, Outcome};
use crate::takeover::Takeover;
use crate::{ComputerAction, ComputerError};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u64,
    #[serde(flatten)]
    pub op: RequestOp,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum RequestOp {
    Configure {
        config: ComputerConfig,
    },
    Monitors,
    /// The planned telemetry of the tool call's arguments.
    Plan {
        arguments: Value,
    },
    /// Performs the action. With its approved plan, input goes to the plan's target window
    /// or nowhere; without one, to the target worked out now.
    Perform {
        arguments: Value,
        #[serde(default)]
        plan: Option<Box<InputActionRecord>>,
    },
    /// Physical input since the last `Takeover` request.
    Takeover,
    /// Stops the action under way at once (and any queued before this), releasing the keys and
    /// buttons it holds. Read as soon as it arrives, even while an action runs.
    Stop,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reply {
    pub id: u64,
    #[serde(flatten)]
    pub body: ReplyBody,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum ReplyBody {
    Configured,
    Monitors {
        monitors: Vec<MonitorInfo>,
    },
    Planned {
        record: Box<InputActionRecord>,
    },
    Performed {
        outcome: Box<Outcome>,
    },
    Takeover {
        takeover: Option<Takeover>,
    },
    /// A `Stop` was handled: what was held is released (stop requests carry id 0, which no
    /// other request uses, so no one waits for this).
    Stopped,
    Error {
        error: ComputerError,
    },
}

/// Answers requests until stdin closes. A reader thread takes each request as it arrives, so a
/// `Stop` reaches the action under way; the others are answered in order.
pub fn serve<S: Screen, I: Input>(
    computer: &mut Computer<S, I>,
    detector: &std::sync::Mutex<crate::TakeoverDetector>,
    input: impl BufRead + Send,
    mut output: impl Write,
) -> std::io::Result<()> {
    let stop = computer.stop_flag();
    let (tx, rx) = std::sync::mpsc::channel::<Result<Request, String>>();
    std::thread::scope(|scope| {
        let reader = scope.spawn(move || -> std::io::Result<()> {
            for line in input.lines() {
                let line = line?;
                if line.trim().is_empty() {
                    continue;
                }
                let request = serde_json::from_str::<Request>(&line).map_err(|e| e.to_string());
                if matches!(
                    &request,
                    Ok(Request {
                        op: RequestOp::Stop,
                        ..
                    })
                ) {
                    stop.store(true, std::sync::atomic::Ordering::SeqCst);
                }
                if tx.send(request).is_err() {
                    break;
                }
            }
            Ok(())
        });
        for request in rx {
            let reply = match request {
                Ok(req) => Reply {
                    id: req.id,
                    body: answer(computer, detector, req.op),
                },
                Err(e) => Reply {
                    id: 0,
                    body: ReplyBody::Error {
                        error: ComputerError::Failed {
                            message: format!("bad request: {e}"),
                        },
                    },
                },
            };
            let text = serde_json::to_string(&reply).map_err(std::io::Error::other)?;
            writeln!(output, "{text}")?;
            output.flush()?;
        }
        // The engine is gone: nothing stays pressed.
        computer.stopped();
        reader
            .join()
            .unwrap_or_else(|_| Err(std::io::Error::other("the request reader panicked")))
    })
}

fn answer<S: Screen, I: Input>(
    computer: &mut Computer<S, I>,
    detector: &std::sync::Mutex<crate::TakeoverDetector>,
    op: RequestOp,
) -> ReplyBody {
    let result = match op {
        RequestOp::Configure { config } => {
            computer.configure(config);
            Ok(ReplyBody::Configured)
        }
        RequestOp::Monitors => computer
            .screen()
            .monitors()
            .map(|monitors| ReplyBody::Monitors { monitors })
            .map_err(Into::into),
        RequestOp::Plan { arguments } => ComputerAction::parse(&arguments)
            .map_err(ComputerError::from)
            .and_then(|a| computer.plan(&a))
            .map(|record| ReplyBody::Planned {
                record: Box::new(record),
            }),
        RequestOp::Perform { arguments, plan } => ComputerAction::parse(&arguments)
            .map_err(ComputerError::from)
            .and_then(|a| computer.perform(&a, plan.as_deref()))
            .map(|outcome| ReplyBody::Performed {
                outcome: Box::new(outcome),
            }),
        RequestOp::Takeover => {
            let takeover = detector.lock().unwrap_or_else(|e| e.into_inner()).take();
            Ok(ReplyBody::Takeover { takeover })
        }
        RequestOp::Stop => {
            computer.stopped();
            Ok(ReplyBody::Stopped)
        }
    };
    result.unwrap_or_else(|error| ReplyBody::Error { error })
}
