//! Line input on its own thread: rustyline (editing, history) on a terminal, plain lines otherwise.

use std::io::{BufRead, IsTerminal};
use std::path::PathBuf;

use tokio::sync::{mpsc, oneshot};

pub enum Line {
    Text(String),
    /// Ctrl-C at the prompt.
    Interrupted,
    /// Ctrl-D or end of input.
    Eof,
}

struct Request {
    prompt: String,
    add_to_history: bool,
    reply: oneshot::Sender<Line>,
}

#[derive(Clone)]
pub struct LineReader {
    tx: mpsc::UnboundedSender<Request>,
}

impl LineReader {
    pub fn spawn(history_file: Option<PathBuf>) -> LineReader {
        let (tx, mut rx) = mpsc::unbounded_channel::<Request>();
        std::thread::spawn(move || {
            let interactive = std::io::stdin().is_terminal();
            let mut editor = if interactive {
                rustyline::DefaultEditor::new().ok()
            } else {
                None
            };
            if let (Some(ed), Some(path)) = (editor.as_mut(), history_file.as_ref()) {
                let _ = ed.load_history(path);
            }
            let stdin = std::io::stdin();
            while let Some(req) = rx.blocking_recv() {
                let line = match editor.as_mut() {
                    Some(ed) => match ed.readline(&req.prompt) {
                        Ok(l) => {
                            if req.add_to_history && !l.trim().is_empty() {
                                let _ = ed.add_history_entry(l.as_str());
                                if let Some(path) = &history_file {
                                    let _ = ed.append_history(path);
                                }
                            }
                            Line::Text(l)
                        }
                        Err(rustyline::error::ReadlineError::Interrupted) => Line::Interrupted,
                        Err(_) => Line::Eof,
                    },
                    None => {
                        use std::io::Write;
                        let mut out = std::io::stdout();
                        let _ = out.write_all(req.prompt.as_bytes());
                        let _ = out.flush();
                        let mut buf = String::new();
                        match stdin.lock().read_line(&mut buf) {
                            Ok(0) | Err(_) => Line::Eof,
                            Ok(_) => Line::Text(buf.trim_end_matches(['\n', '\r']).to_string()),
                        }
                    }
                };
                let _ = req.reply.send(line);
            }
        });
        LineReader { tx }
    }

    pub async fn read(&self, prompt: &str, add_to_history: bool) -> Line {
        let (reply, rx) = oneshot::channel();
        if self
            .tx
            .send(Request {
                prompt: prompt.to_string(),
                add_to_history,
                reply,
            })
            .is_err()
        {
            return Line::Eof;
        }
        rx.await.unwrap_or(Line::Eof)
    }
}
