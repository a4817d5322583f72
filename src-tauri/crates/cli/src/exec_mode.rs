//! `interpreter exec`: one request to completion, no interaction. With `--json`, stdout carries
//! only the events, one JSON object per line. Exit status: 0 when the turn completed.

use std::io::{Read, Write};
use std::time::Duration;

use anyhow::{Context, Result};
use oi_core::SessionHandle;
use oi_protocol::{EventMsg, InputItem, Op, Submission, TurnEndReason};

use crate::render::Renderer;

pub async fn run(
    mut handle: SessionHandle,
    prompt: Vec<String>,
    json: bool,
    plain: bool,
    show_reasoning: bool,
) -> Result<u8> {
    let prompt = if prompt.is_empty() {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .context("cannot read the prompt from stdin")?;
        s
    } else {
        prompt.join(" ")
    };
    anyhow::ensure!(
        !prompt.trim().is_empty(),
        "no prompt: pass one as an argument or on stdin"
    );
    let _ = handle.submissions.send(Submission {
        id: "exec".into(),
        op: Op::UserInput {
            items: vec![InputItem::text(prompt.trim())],
        },
    });
    let mut out = std::io::stdout().lock();
    let mut renderer = Renderer::new(plain, show_reasoning);
    let mut code = 1u8;
    let mut interrupted = false;
    loop {
        let ev = tokio::select! {
            ev = handle.events.recv() => ev,
            _ = tokio::signal::ctrl_c(), if !interrupted => {
                interrupted = true;
                let _ = handle.submissions.send(Submission { id: "exec".into(), op: Op::Interrupt });
                continue;
            }
        };
        let Some(ev) = ev else { break };
        if json {
            serde_json::to_writer(&mut out, &ev).context("cannot write to stdout")?;
            out.write_all(b"\n").context("cannot write to stdout")?;
            out.flush().context("cannot write to stdout")?;
        } else if !matches!(ev.msg, EventMsg::ModelRequestStarted { .. }) {
            renderer.render(&ev.msg, &mut out);
        }
        if let EventMsg::TurnEnded { reason, .. } = ev.msg {
            code = match reason {
                TurnEndReason::Completed => 0,
                TurnEndReason::Interrupted => 130,
                TurnEndReason::MaxTurns => 3,
                TurnEndReason::Aborted | TurnEndReason::Error => 1,
            };
            break;
        }
    }
    let _ = handle.submissions.send(Submission {
        id: "exec".into(),
        op: Op::Shutdown,
    });
    let _ = tokio::time::timeout(Duration::from_secs(5), async {
        while let Some(ev) = handle.events.recv().await {
            if json {
                let _ = serde_json::to_writer(&mut out, &ev);
                let _ = out.write_all(b"\n");
            }
            if matches!(ev.msg, EventMsg::ShutdownComplete) {
                break;
            }
        }
    })
    .await;
    let _ = out.flush();
    Ok(code)
}
