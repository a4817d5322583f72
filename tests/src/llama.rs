//! A real llama.cpp server (from the `xllamacpp` package) with Qwen2.5-Coder-0.5B-Instruct,
//! installed when missing by `.ci/local-model.sh` (cached outside the clone, sha256-checked) and
//! started on 127.0.0.1 for one test.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The name the server gives the model (`--model llamacpp/ALIAS`).
pub const MODEL_ALIAS: &str = "qwen2.5-coder-0.5b";
/// The context window the server runs with.
pub const CONTEXT: u32 = 4096;

pub struct LlamaServer {
    child: Child,
    port: u16,
    _logs: tempfile::TempDir,
}

impl LlamaServer {
    /// Installs what is missing, starts the server and waits until it answers `/health`.
    pub fn start() -> Self {
        let root = oi_test_support::local_model::workspace_root();
        let local = oi_test_support::local_model::local_model();
        let (model, python) = (&local.gguf, &local.python);
        let logs = tempfile::tempdir().expect("temp dir");
        let log_path = logs.path().join("llama-server.log");
        // Port 0: the server takes a free port itself and prints it once the model is loaded
        // ("listening http://127.0.0.1:PORT"), so no other test's server can hold it meanwhile.
        let mut child = Command::new(python)
            .arg(root.join("tests/local-model/llama_server.py"))
            .arg(model)
            .args(["0", &CONTEXT.to_string(), MODEL_ALIAS])
            // The launcher serves until its stdin closes: if this test dies, so does the server.
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log_path).expect("log file"))
            .spawn()
            .expect("start the llama.cpp server");
        let stdout = child.stdout.take().expect("the launcher's stdout");
        let (said, heard) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let mut line = String::new();
            let _ = BufReader::new(stdout).read_line(&mut line);
            let _ = said.send(line);
        });
        let line = heard
            .recv_timeout(Duration::from_secs(180))
            .unwrap_or_default();
        let Some(port) = line
            .trim()
            .rsplit(':')
            .next()
            .and_then(|p| p.parse::<u16>().ok())
        else {
            panic!(
                "the llama.cpp server did not say where it listens ({line:?}):\n{}",
                tail(&log_path)
            );
        };
        let mut server = LlamaServer {
            child,
            port,
            _logs: logs,
        };
        let deadline = Instant::now() + Duration::from_secs(60);
        while !server.healthy() {
            if let Ok(Some(status)) = server.child.try_wait() {
                panic!(
                    "the llama.cpp server exited ({status}):\n{}",
                    tail(&log_path)
                );
            }
            assert!(
                Instant::now() < deadline,
                "the llama.cpp server never became healthy:\n{}",
                tail(&log_path)
            );
            std::thread::sleep(Duration::from_millis(200));
        }
        server
    }

    /// `http://127.0.0.1:PORT/v1`
    pub fn api_base(&self) -> String {
        format!("http://127.0.0.1:{}/v1", self.port)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    fn healthy(&self) -> bool {
        let Ok(mut stream) = TcpStream::connect(("127.0.0.1", self.port)) else {
            return false;
        };
        let _ = stream.set_read_timeout(Some(Duration::from_secs(5)));
        if stream
            .write_all(b"GET /health HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
            .is_err()
        {
            return false;
        }
        let mut status = String::new();
        BufReader::new(&mut stream).read_line(&mut status).is_ok() && status.contains(" 200")
    }
}

fn tail(path: &std::path::Path) -> String {
    let mut text = String::new();
    let _ = std::fs::File::open(path).and_then(|mut f| f.read_to_string(&mut text));
    let mut start = text.len().saturating_sub(3000);
    while !text.is_char_boundary(start) {
        start += 1;
    }
    text[start..].to_string()
}

impl Drop for LlamaServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
