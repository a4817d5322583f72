//! Offline means offline: a whole session, in the terminal and through `exec --json`, connects
//! to nothing but the model endpoint the person chose — seen by tracing every `connect` the
//! process tree makes, with every proxy variable pointing at a listener that must see nothing.

use std::net::TcpListener;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use expectrl::Eof;
use oi_product_tests::{Sandbox, of_type, run_exec_ok, spawn_pty};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

/// A listener that counts the connections it is offered.
fn sentinel() -> (u16, Arc<AtomicUsize>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let hits = Arc::new(AtomicUsize::new(0));
    let counted = hits.clone();
    std::thread::spawn(move || {
        for _ in listener.incoming() {
            counted.fetch_add(1, Ordering::SeqCst);
        }
    });
    (port, hits)
}

const PROXY_VARIABLES: [&str; 6] = [
    "HTTP_PROXY",
    "HTTPS_PROXY",
    "ALL_PROXY",
    "http_proxy",
    "https_proxy",
    "all_proxy",
];

fn script() -> Script {
    Script::new(vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "python", "code": "print('offline', 6 * 7)"}),
        ),
        ScriptedResponse::text("It is offline-42."),
    ])
    .with_models(["tiny"])
}

/// `interpreter ARGS` under `strace -f -e trace=connect`, proxies pointed at the sentinel.
fn traced(sb: &Sandbox, log: &Path, proxy_port: u16, args: &[&str]) -> std::process::Command {
    let log = log.to_str().unwrap();
    let mut cmd = sb.command_under(
        &["strace", "-f", "-qq", "-e", "trace=connect", "-o", log],
        "interpreter",
    );
    cmd.args(args);
    for var in PROXY_VARIABLES {
        cmd.env(var, format!("http://127.0.0.1:{proxy_port}"));
    }
    cmd
}

/// The `address:port` of every IPv4/IPv6 connect in an strace log.
fn inet_connects(log: &Path) -> Vec<String> {
    let text = std::fs::read_to_string(log).unwrap();
    let field = |line: &str, key: &str| -> Option<String> {
        let start = line.find(key)? + key.len();
        let rest = &line[start..];
        let end = rest.find(['"', ')']).unwrap_or(rest.len());
        Some(rest[..end].to_string())
    };
    text.lines()
        .filter(|l| l.contains("connect(") && (l.contains("AF_INET") || l.contains("AF_INET6")))
        .map(|l| {
            let port = field(l, "sin_port=htons(")
                .or_else(|| field(l, "sin6_port=htons("))
                .unwrap_or_default();
            let addr = field(l, "inet_addr(\"")
                .or_else(|| field(l, "inet_pton(AF_INET6, \""))
                .unwrap_or_else(|| l.to_string());
            format!("{addr}:{port}")
        })
        .collect()
}

fn assert_only_the_model_was_reached(
    log: &Path,
    server: &ScriptedModelServer,
    proxy_hits: &AtomicUsize,
) {
    let model = format!("127.0.0.1:{}", server.addr().port());
    let connects = inet_connects(log);
    assert!(
        connects.contains(&model),
        "no connection to the model at {model} was traced: {connects:?}"
    );
    let others: Vec<&String> = connects.iter().filter(|c| **c != model).collect();
    assert!(
        others.is_empty(),
        "connections besides the model endpoint {model}: {others:?}"
    );
    assert_eq!(
        proxy_hits.load(Ordering::SeqCst),
        0,
        "the proxy listener was contacted"
    );
}

#[test]
fn exec_json_session_touches_only_the_model_endpoint() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(script());
    let (proxy_port, hits) = sentinel();
    let log = sb.root.path().join("connect.log");
    let base = format!("{}/v1", server.base_url());
    let mut cmd = traced(
        &sb,
        &log,
        proxy_port,
        &[
            "exec",
            "--json",
            "-y",
            "--model",
            "llamacpp/tiny",
            "--api_base",
            &base,
            "--context_window",
            "8192",
            "what is 6*7?",
        ],
    );
    let events = run_exec_ok(&mut cmd);
    assert_eq!(
        of_type(&events, "tool_result")[0]["msg"]["output"],
        json!("offline 42\n")
    );
    assert_eq!(
        of_type(&events, "assistant_message").last().unwrap()["msg"]["text"],
        json!("It is offline-42.")
    );
    assert_only_the_model_was_reached(&log, &server, &hits);
    // With the window given, the runtime is not even asked for it.
    assert!(server.requests().iter().all(|r| r.is_model_request()));
}

#[test]
fn terminal_session_touches_only_the_model_endpoint() {
    let sb = Sandbox::new();
    // An Ollama model: the session also asks the runtime for its window (/api/show), on the
    // same endpoint.
    let server = ScriptedModelServer::start_blocking(script());
    let (proxy_port, hits) = sentinel();
    let log = sb.root.path().join("connect.log");
    let base = server.base_url();
    let mut p = spawn_pty(traced(
        &sb,
        &log,
        proxy_port,
        &[
            "--model",
            "ollama/tiny",
            "--api_base",
            &base,
            "-y",
            "--plain",
            "what is 6*7?",
        ],
    ));
    p.expect("offline 42").unwrap();
    p.expect("It is offline-42.").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert_only_the_model_was_reached(&log, &server, &hits);
    assert!(
        server.requests().iter().any(|r| r.path == "/api/show"),
        "the window was not asked for"
    );
}

#[test]
fn no_code_outside_the_model_clients_opens_network_connections() {
    // The trace above covers what a session does; this covers code paths it did not take.
    let root = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap())
        .parent()
        .unwrap()
        .to_path_buf();
    // The built-in runtime's model downloads run only when the person picks a model that is
    // not in the cache (builtin_runtime.rs checks that a cached one asks nothing).
    let allowed = [
        "src-tauri/crates/model/src/",
        "src-tauri/crates/llama/src/models.rs",
        "src-tauri/crates/test-support/",
    ];
    let needles = [
        "reqwest",
        "TcpStream",
        "UdpSocket",
        "ureq::",
        "hyper::",
        "tauri_plugin_updater",
        "ToSocketAddrs",
    ];
    let mut offenders = Vec::new();
    let mut stack = vec![root.join("src-tauri")];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap().flatten() {
            let path = entry.path();
            let name = entry.file_name().to_string_lossy().to_string();
            if path.is_dir() {
                if !["target", "node_modules", "tests", "gen"].contains(&name.as_str()) {
                    stack.push(path);
                }
                continue;
            }
            let rel = path
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            if !name.ends_with(".rs") || allowed.iter().any(|a| rel.starts_with(a)) {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap_or_default();
            // Unit tests inside a file may talk to local test servers.
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for (n, line) in code.lines().enumerate() {
                if needles.iter().any(|w| line.contains(w)) {
                    offenders.push(format!("{rel}:{}: {}", n + 1, line.trim()));
                }
            }
        }
    }
    assert!(
        offenders.is_empty(),
        "network code outside the model clients:\n{}",
        offenders.join("\n")
    );
}
