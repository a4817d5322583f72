//! The built-in runtime (llama.cpp in the `interpreter` process, the `local-runtime` feature)
//! on the real Qwen2.5-Coder-0.5B GGUF: `--model FILE.gguf` computes through the gate with no
//! server; `--local` with nothing running offers the built-in models and takes one from the
//! cache without fetching anything; on a fresh machine `interpreter` says what it can use and
//! downloads the chosen model (here from a local mirror serving the real file, `HF_ENDPOINT`),
//! checked against its sha256, then works.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use expectrl::Eof;
use oi_product_tests::{Sandbox, expect_patiently, run_exec_within, spawn_pty};
use serde_json::Value;

use super::local::no_runtimes;
use super::real_model::{
    PRODUCT, QUESTION, STEADY, answers_after_the_result, approve_until_the_turn_ends,
    assert_computed_and_answered_with,
};

const WINDOW_NOTICE: &str = "context window 8192 tokens (from the GGUF, built-in runtime)";
const CACHE_NAME: &str = "qwen2.5-coder-0.5b-instruct-q4_k_m.gguf";

fn real_gguf() -> PathBuf {
    oi_test_support::local_model::local_model().gguf.clone()
}

fn models_dir(sb: &Sandbox) -> PathBuf {
    sb.root.path().join("home/.cache/open-interpreter/models")
}

/// A listener that counts the connections made to it (a model hub that must not be asked).
fn watched_endpoint() -> (String, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let seen = Arc::new(AtomicUsize::new(0));
    let count = seen.clone();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            count.fetch_add(1, Ordering::SeqCst);
            drop(stream);
        }
    });
    (url, seen)
}

fn assert_answered(sb: &Sandbox, screen: &str) {
    assert!(
        screen.contains(PRODUCT),
        "the run's output was not shown:\n{screen}"
    );
    let events = sb.log_events();
    assert_computed_and_answered_with(&events, WINDOW_NOTICE);
    assert!(!answers_after_the_result(&events).is_empty());
}

#[test]
fn exec_json_runs_a_gguf_in_process_and_computes_with_python() {
    let sb = Sandbox::new();
    let (hub, asked) = watched_endpoint();
    let mut cmd = sb.command("interpreter");
    cmd.env("HF_ENDPOINT", &hub)
        .env("OI_LOCAL_RUNTIMES", no_runtimes())
        .args(["exec", "--json", "-y", "--model"])
        .arg(real_gguf())
        .args(STEADY)
        .arg(QUESTION);
    let (out, events) = run_exec_within(&mut cmd, None, Duration::from_secs(600));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_computed_and_answered_with(&events, WINDOW_NOTICE);
    let configured = &events[0]["msg"];
    assert_eq!(
        configured["model"],
        Value::from(real_gguf().to_str().unwrap())
    );
    assert_eq!(asked.load(Ordering::SeqCst), 0);
    // The prompt it read is kept whole for the next process, though this one exited as soon
    // as it had answered.
    let kept: Vec<String> = std::fs::read_dir(
        sb.root
            .path()
            .join("home/.cache/open-interpreter/prompt-cache"),
    )
    .unwrap()
    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
    .collect();
    assert_eq!(kept.len(), 1, "{kept:?}");
    assert!(kept[0].ends_with("-8192.state"), "{kept:?}");
}

/// While the person types their first message, the terminal's session has the model read the
/// system prompt and keep it: the prompt's state is on disk before anything was asked, and the
/// question that follows is answered from it.
#[test]
fn the_terminal_reads_the_system_prompt_while_the_person_types() {
    let sb = Sandbox::new();
    let cache = sb
        .root
        .path()
        .join("home/.cache/open-interpreter/prompt-cache");
    let kept = || -> Vec<String> {
        std::fs::read_dir(&cache)
            .map(|d| {
                d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .filter(|n| n.ends_with(".state"))
                    .collect()
            })
            .unwrap_or_default()
    };
    let mut cmd = sb.command("interpreter");
    cmd.env("OI_LOCAL_RUNTIMES", no_runtimes())
        .arg("--model")
        .arg(real_gguf())
        .args(STEADY);
    let mut p = spawn_pty(cmd);
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("> ").unwrap();
    let deadline = Instant::now() + Duration::from_secs(120);
    while kept().is_empty() {
        assert!(Instant::now() < deadline, "no prompt kept within 120 s");
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(
        sb.log_events()
            .iter()
            .all(|e| e["msg"]["type"] != "model_request_started"),
        "read before any request"
    );
    p.send_line(QUESTION).unwrap();
    let screen = approve_until_the_turn_ends(&mut p, &sb);
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert_answered(&sb, &screen);
    assert_eq!(kept().len(), 1, "{:?}", kept());
}

#[test]
fn a_gguf_that_cannot_run_is_an_error_and_the_session_goes_on() {
    let sb = Sandbox::new();
    let bad = sb.work().join("notes.gguf");
    std::fs::write(&bad, "not a model").unwrap();
    let mut cmd = sb.command("interpreter");
    cmd.arg("--plain").arg("--model").arg(&bad);
    let mut p = spawn_pty(cmd);
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("> ").unwrap();
    p.send_line("hello").unwrap();
    p.expect("not a GGUF file").unwrap();
    p.expect("> ").unwrap();
    p.send_line("%model builtin/qwen2.5-coder-0.5b").unwrap();
    p.expect("> ").unwrap();
    p.send_line("hello again").unwrap();
    p.expect("not downloaded").unwrap();
    p.expect("interpreter --local").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
}

#[test]
fn local_with_nothing_running_offers_the_builtin_model_in_the_cache_and_fetches_nothing() {
    let sb = Sandbox::new();
    std::fs::create_dir_all(models_dir(&sb)).unwrap();
    std::os::unix::fs::symlink(real_gguf(), models_dir(&sb).join(CACHE_NAME)).unwrap();
    let (hub, asked) = watched_endpoint();
    let mut cmd = sb.command("interpreter");
    cmd.env("HF_ENDPOINT", &hub)
        .env("OI_LOCAL_RUNTIMES", no_runtimes())
        .arg("--local")
        .args(STEADY);
    let mut p = spawn_pty(cmd);
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("ollama serve").unwrap();
    p.expect("the built-in runtime").unwrap();
    p.expect("qwen2.5-coder-0.5b  (in the cache").unwrap();
    p.expect("qwen2.5-coder-1.5b  (download 1.1 GB").unwrap();
    p.send("\r").unwrap();
    p.expect("Using builtin/qwen2.5-coder-0.5b").unwrap();
    p.expect("> ").unwrap();
    p.send_line(QUESTION).unwrap();
    let screen = approve_until_the_turn_ends(&mut p, &sb);
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert_answered(&sb, &screen);
    let saved = std::fs::read_to_string(sb.config().join("open-interpreter/config.toml")).unwrap();
    assert_eq!(saved, "model = \"builtin/qwen2.5-coder-0.5b\"\n");
    assert_eq!(asked.load(Ordering::SeqCst), 0, "the model hub was asked");
}

/// Python's file server on a folder laid out as Hugging Face's download paths.
struct Mirror {
    child: Child,
    url: String,
    _dir: tempfile::TempDir,
}

impl Mirror {
    fn serving(file: &Path, repo_path: &str) -> Mirror {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join(repo_path);
        std::fs::create_dir_all(target.parent().unwrap()).unwrap();
        std::os::unix::fs::symlink(file, &target).unwrap();
        // Port 0: the server takes a free port itself and says which ("Serving HTTP on
        // 127.0.0.1 port N …"), so no other test's server can be mistaken for it.
        let mut child = Command::new("python3")
            .args([
                "-u",
                "-m",
                "http.server",
                "--bind",
                "127.0.0.1",
                "0",
                "--directory",
            ])
            .arg(dir.path())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        let port: u16 = first
            .split(" port ")
            .nth(1)
            .and_then(|rest| rest.split_whitespace().next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("the mirror did not start: {first:?}"));
        Mirror {
            child,
            url: format!("http://127.0.0.1:{port}"),
            _dir: dir,
        }
    }
}

impl Drop for Mirror {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn a_fresh_machine_says_what_it_can_use_downloads_the_choice_and_works() {
    let sb = Sandbox::new();
    let mirror = Mirror::serving(
        &real_gguf(),
        &format!("Qwen/Qwen2.5-Coder-0.5B-Instruct-GGUF/resolve/main/{CACHE_NAME}"),
    );
    let mut cmd = sb.command("interpreter");
    cmd.env("HF_ENDPOINT", &mirror.url)
        .env("OI_LOCAL_RUNTIMES", no_runtimes())
        .args(STEADY);
    let mut p = spawn_pty(cmd);
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("No model is set up yet").unwrap();
    p.expect("OPENAI_API_KEY").unwrap();
    p.expect("qwen2.5-coder-0.5b  (download 491 MB").unwrap();
    p.send("\r").unwrap();
    // The download and its sha256 take a while: wait without keeping a core busy.
    expect_patiently(&mut p, "checked its sha256", Duration::from_secs(300)).unwrap();
    p.expect("Using builtin/qwen2.5-coder-0.5b").unwrap();
    p.expect("> ").unwrap();
    let cached = models_dir(&sb).join(CACHE_NAME);
    assert_eq!(
        std::fs::metadata(&cached).unwrap().len(),
        std::fs::metadata(real_gguf()).unwrap().len()
    );
    p.send_line(QUESTION).unwrap();
    let screen = approve_until_the_turn_ends(&mut p, &sb);
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert_answered(&sb, &screen);
    drop(mirror);

    // The next start is offline: the remembered model, from the cache, nothing asked.
    let (hub, asked) = watched_endpoint();
    let mut cmd = sb.command("interpreter");
    cmd.env("HF_ENDPOINT", &hub).arg("--plain");
    let mut p = spawn_pty(cmd);
    p.set_expect_timeout(Some(Duration::from_secs(60)));
    p.expect("builtin/qwen2.5-coder-0.5b").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert_eq!(asked.load(Ordering::SeqCst), 0);
}
