//! `--sandbox native` through the real binary: the kernels run under `interpreter __sandbox`
//! (landlock + seccomp), so code cannot write outside the workspace or reach a listener, while
//! the allowed work in the same session succeeds. Network attempts target only a listener this
//! test opens on 127.0.0.1.

use std::net::TcpListener;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use oi_product_tests::{Sandbox, of_type, run_exec};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::{Value, json};

fn run(language: &str, code: &str) -> ScriptedResponse {
    ScriptedResponse::tool_call("execute", json!({"language": language, "code": code}))
}

/// A product sandbox with its own temp dir (the policy's writable temp) and a directory outside.
struct Confined {
    sb: Sandbox,
    tmp: PathBuf,
    outside: PathBuf,
}

impl Confined {
    fn new() -> Self {
        let sb = Sandbox::new();
        let root = sb.root.path().canonicalize().unwrap();
        // `exec_json` points TMPDIR here: the policy's writable temp dir.
        let (tmp, outside) = (root.join("tmp"), root.join("outside"));
        std::fs::create_dir_all(&tmp).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        Confined { sb, tmp, outside }
    }

    fn exec(
        &self,
        server: &ScriptedModelServer,
        extra: &[&str],
    ) -> (std::process::Output, Vec<Value>) {
        self.sb
            .exec_json(&format!("{}/v1", server.base_url()), extra)
    }
}

fn results(events: &[Value]) -> Vec<String> {
    of_type(events, "tool_result")
        .iter()
        .map(|e| e["msg"]["output"].as_str().unwrap().to_string())
        .collect()
}

/// Accepts connections in the background and remembers whether any arrived.
fn listener() -> (u16, Arc<AtomicBool>) {
    let l = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = l.local_addr().unwrap().port();
    let reached = Arc::new(AtomicBool::new(false));
    let flag = reached.clone();
    std::thread::spawn(move || {
        if l.accept().is_ok() {
            flag.store(true, Ordering::SeqCst);
        }
    });
    (port, reached)
}

#[test]
fn native_sandbox_confines_every_kernel_and_lets_workspace_work_through() {
    let c = Confined::new();
    let (port, reached) = listener();
    let outside = c.outside.display().to_string();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "open('inside.txt', 'w').write('ok')\nprint('python inside ok')",
        ),
        run(
            "python",
            &format!("open('{outside}/py.txt', 'w').write('escaped')"),
        ),
        run("python", "open('../outside/rel.txt', 'w').write('escaped')"),
        run(
            "python",
            &format!(
                "import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    print('CONNECTED')\nexcept OSError as e:\n    print('blocked:', e)"
            ),
        ),
        run("shell", &format!("echo escaped > {outside}/sh.txt")),
        run("shell", "echo shell-ok > inside2.txt && cat inside2.txt"),
        run(
            "javascript",
            &format!("require('fs').writeFileSync('{outside}/js.txt', 'x')"),
        ),
        run(
            "javascript",
            "require('fs').writeFileSync('inside3.txt', 'x'); 'js ok'",
        ),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = c.exec(&server, &["-y", "--sandbox", "native"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let info = &of_type(&events, "session_configured")[0]["msg"]["sandbox"];
    assert_eq!(info["backend"], json!("native"));
    assert_eq!(info["policy"], json!("workspace-write"));
    assert!(
        info["enforcement"]
            .as_str()
            .unwrap()
            .contains("landlock ABI"),
        "{info}"
    );
    let r = results(&events);
    assert_eq!(r.len(), 8, "{r:#?}");
    assert_eq!(r[0].trim(), "python inside ok");
    assert!(r[1].contains("PermissionError"), "{}", r[1]);
    assert!(r[2].contains("PermissionError"), "{}", r[2]);
    assert!(r[3].starts_with("blocked:"), "{}", r[3]);
    assert!(r[4].contains("Permission denied"), "{}", r[4]);
    assert_eq!(r[5].trim(), "shell-ok");
    assert!(
        r[6].contains("EACCES") || r[6].contains("permission denied"),
        "{}",
        r[6]
    );
    assert!(r[7].contains("js ok"), "{}", r[7]);
    assert_eq!(
        std::fs::read_to_string(c.sb.work().join("inside.txt")).unwrap(),
        "ok"
    );
    assert!(c.sb.work().join("inside3.txt").exists());
    let escaped: Vec<_> = std::fs::read_dir(&c.outside)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .collect();
    assert!(
        escaped.is_empty(),
        "files written outside the workspace: {escaped:?}"
    );
    assert!(
        !reached.load(Ordering::SeqCst),
        "the sandboxed code reached the listener"
    );
    server.assert_invariants();
}

#[test]
fn without_a_sandbox_the_same_code_escapes() {
    // The control: what the sandbox stops is really possible without it.
    let c = Confined::new();
    let outside = c.outside.display().to_string();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            &format!("open('{outside}/py.txt', 'w').write('escaped')"),
        ),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = c.exec(&server, &["-y"]);
    assert!(out.status.success());
    assert!(
        of_type(&events, "session_configured")[0]["msg"]
            .get("sandbox")
            .is_none()
    );
    assert!(c.outside.join("py.txt").exists());
}

#[test]
fn when_the_kernel_cannot_enforce_the_sandbox_nothing_runs_and_the_session_says_why() {
    let c = Confined::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "touch ran.txt"),
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "python", "code": "open('ran2.txt', 'w')"}),
        ),
        ScriptedResponse::text("I could not run it."),
    ]));
    let mut cmd = c.sb.command("interpreter");
    // The test hook can only make the probe report less support, never weaken the sandbox.
    cmd.env("TMPDIR", &c.tmp)
        .env("OI_SANDBOX_FORCE_UNSUPPORTED", "landlock")
        .args([
            "exec",
            "--json",
            "-y",
            "--sandbox",
            "native",
            "--model",
            "openai/m",
        ])
        .args(["--api_base", &format!("{}/v1", server.base_url()), "go"]);
    let (out, events) = run_exec(&mut cmd, None);
    assert!(
        out.status.success(),
        "the session goes on: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let refusal = of_type(&events, "session_configured")[0]["msg"]["sandbox"]["refusal"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        refusal.contains("landlock is reported unavailable"),
        "{refusal}"
    );
    let errors = of_type(&events, "error");
    assert!(
        errors
            .iter()
            .all(|e| e["msg"]["kind"] == json!("sandbox_unavailable")),
        "{errors:?}"
    );
    assert_eq!(
        errors.len(),
        3,
        "one at the start, one per refused run: {errors:?}"
    );
    assert!(
        of_type(&events, "exec_begin").is_empty(),
        "nothing may start"
    );
    for r in results(&events) {
        assert!(
            r.starts_with("Not run: the native sandbox cannot be enforced"),
            "{r}"
        );
    }
    assert!(!c.sb.work().join("ran.txt").exists() && !c.sb.work().join("ran2.txt").exists());
    // The model was told, and answered.
    assert_eq!(server.model_requests().len(), 3);
}

#[test]
fn config_shows_the_effective_sandbox_and_where_it_came_from() {
    let c = Confined::new();
    std::fs::create_dir_all(c.sb.config().join("open-interpreter")).unwrap();
    std::fs::write(
        c.sb.config().join("open-interpreter/config.toml"),
        "sandbox_level = \"read-only\"\n",
    )
    .unwrap();
    let out =
        c.sb.command("interpreter")
            .env("TMPDIR", &c.tmp)
            .arg("--config")
            .output()
            .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    let line = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("no {name} in {text}"))
            .to_string()
    };
    assert!(
        line("sandbox ").contains("native") && line("sandbox ").contains("config.toml"),
        "{text}"
    );
    assert!(line("sandbox_level").contains("read-only"), "{text}");
    assert!(
        line("effective sandbox:").contains("native read-only (landlock ABI"),
        "{text}"
    );

    let bad =
        c.sb.command("interpreter")
            .args(["--sandbox", "podman", "--config"])
            .output()
            .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains(
            "unknown sandbox backend \"podman\" (expected native, openshell, docker, none)"
        )
    );
}
