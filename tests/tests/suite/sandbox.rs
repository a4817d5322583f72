//! `--sandbox native` through the real binary: the kernels run under `interpreter __sandbox`
//! (user and mount namespace, landlock, seccomp), so code cannot write outside the workspace or
//! reach a listener, while the allowed work in the same session succeeds. Network attempts
//! target only a listener this test opens on 127.0.0.1.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use oi_product_tests::{Sandbox, of_type, run_exec, run_exec_ok, tool_outputs};
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

    /// `interpreter` whose probe reports no landlock (the test hook can only make the probe
    /// report less support, never weaken the sandbox).
    fn without_landlock(&self) -> std::process::Command {
        let mut cmd = self.sb.command("interpreter");
        cmd.env("TMPDIR", &self.tmp)
            .env("OI_SANDBOX_FORCE_UNSUPPORTED", "landlock");
        cmd
    }

    /// `interpreter exec --json -y --sandbox BACKEND` with tests/fixtures/BACKEND-shim first on
    /// PATH, standing in for the backend's CLI, which logs its calls where `log` says; run to
    /// its successful end.
    fn exec_with_stand_in(
        &self,
        backend: &str,
        (log_var, log): (&str, &std::path::Path),
        server: &ScriptedModelServer,
    ) -> Vec<Value> {
        let shim =
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("fixtures/{backend}-shim"));
        let path = format!(
            "{}:{}",
            shim.display(),
            std::env::var("PATH").unwrap_or_default()
        );
        let mut cmd = self.sb.command("interpreter");
        cmd.env("PATH", path)
            .env("TMPDIR", &self.tmp)
            .env(log_var, log)
            .args(["exec", "--json", "-y", "--sandbox", backend])
            .args(["--model", "openai/m"])
            .args(["--api_base", &format!("{}/v1", server.base_url()), "go"]);
        run_exec_ok(&mut cmd)
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
    let enforcement = info["enforcement"].as_str().unwrap();
    assert!(
        enforcement.contains("landlock ABI")
            && enforcement.contains("user namespaces: yes")
            && enforcement.contains("a private /tmp and /dev/shm"),
        "{info}"
    );
    // This test's directories are under the machine's /tmp, which the sandbox replaces with
    // the session's own: the workspace is shown again at its path, the outside dir is not
    // there at all (the suite in oi-sandbox checks the read-only view of a visible one).
    let r = tool_outputs(&events);
    assert_eq!(r.len(), 8, "{r:#?}");
    assert_eq!(r[0].trim(), "python inside ok");
    assert!(r[1].contains("FileNotFoundError"), "{}", r[1]);
    assert!(r[2].contains("FileNotFoundError"), "{}", r[2]);
    assert!(r[3].starts_with("blocked:"), "{}", r[3]);
    assert!(r[4].contains("No such file or directory"), "{}", r[4]);
    assert_eq!(r[5].trim(), "shell-ok");
    assert!(r[6].contains("ENOENT"), "{}", r[6]);
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
    // The session's private directory (its /tmp, the kernels' code files) went with it.
    let left: Vec<_> = std::fs::read_dir(&c.tmp)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(left.is_empty(), "left in the temp dir: {left:?}");
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
    let mut cmd = c.without_landlock();
    cmd.args([
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
        errors.iter().all(|e| e["msg"]["hint"]
            .as_str()
            .is_some_and(|h| h.contains("%sandbox") && h.contains("--sandbox"))),
        "each says how to switch: {errors:?}"
    );
    assert!(
        of_type(&events, "exec_begin").is_empty(),
        "nothing may start"
    );
    for r in tool_outputs(&events) {
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

/// `NAME:ok` / `NAME:denied` lines of a tool result.
fn verdicts(output: &str) -> std::collections::BTreeMap<String, String> {
    output
        .lines()
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_string(), v.trim().to_string()))
        .collect()
}

#[test]
fn escape_attempts_fail_and_allowed_work_succeeds_in_the_same_session() {
    use std::os::linux::net::SocketAddrExt;
    let c = Confined::new();
    let home = c.sb.root.path().join("home");
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE").unwrap();
    std::fs::write(c.outside.join("existing.txt"), "original").unwrap();
    let (tcp4, reached4) = listener();
    let tcp6 = std::net::TcpListener::bind("[::1]:0").unwrap();
    let tcp6_port = tcp6.local_addr().unwrap().port();
    tcp6.set_nonblocking(true).unwrap();
    let udp = std::net::UdpSocket::bind("127.0.0.1:0").unwrap();
    let udp_port = udp.local_addr().unwrap().port();
    udp.set_nonblocking(true).unwrap();
    let unix_path = c.outside.join("sock");
    let unix = std::os::unix::net::UnixListener::bind(&unix_path).unwrap();
    unix.set_nonblocking(true).unwrap();
    let abstract_name = format!("oi-sandbox-test-{}", std::process::id());
    let abstract_addr =
        std::os::unix::net::SocketAddr::from_abstract_name(abstract_name.as_bytes()).unwrap();
    let abstract_listener = std::os::unix::net::UnixListener::bind_addr(&abstract_addr).unwrap();
    abstract_listener.set_nonblocking(true).unwrap();
    let me = std::process::id();
    let out = c.outside.display().to_string();
    // A file outside /tmp (which the sandbox replaces), so code sees it and tries to change it.
    let visible_dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap();
    let visible = visible_dir.path().join("mine.txt");
    std::fs::write(&visible, "mine").unwrap();
    let visible_before = std::fs::metadata(&visible).unwrap();
    let git = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(c.sb.work())
        .status()
        .unwrap();
    assert!(git.success());
    let private_tmp = format!("oi-product-private-{me}");

    let shell = format!(
        "t() {{ n=$1; shift; if ( eval \"$@\" ) >/dev/null 2>&1; then echo \"$n:ok\"; else echo \"$n:denied\"; fi; }}\n\
         t write_inside 'echo in > inside.txt'\n\
         t write_tmp 'echo t > \"$TMPDIR/tmp.txt\"'\n\
         t read_system 'head -c1 /etc/hostname'\n\
         t write_absolute 'echo x > {out}/abs.txt'\n\
         t write_dotdot 'echo x > ../outside/dotdot.txt'\n\
         t write_proc_cwd 'echo x > /proc/self/cwd/../outside/proc.txt'\n\
         t symlink_out 'ln -s {out} link && echo x > link/sym.txt'\n\
         t hardlink_out 'ln {out}/existing.txt hard.txt && echo x >> hard.txt'\n\
         t rename_out 'echo m > m.txt && mv m.txt {out}/moved.txt'\n\
         t overwrite_outside 'echo x > {out}/existing.txt'\n\
         t read_ssh_key 'cat ~/.ssh/id_rsa'\n\
         t signal_outside 'kill -0 {me}'\n\
         t chmod_visible 'chmod 777 {visible}'\n\
         t touch_visible 'touch -d 2001-01-01 {visible}'\n\
         t git_hook 'g=.g\"\"it; echo x > $g/hooks/post-checkout'\n\
         t git_config 'git config core.fsmonitor true'\n\
         t private_tmp 'echo s > /tmp/{private_tmp} && cat /tmp/{private_tmp}'\n",
        visible = visible.display()
    );
    let python = format!(
        "import socket\n\
         def t(name, f):\n    try:\n        f(); print(name + ':ok')\n    except OSError:\n        print(name + ':denied')\n\
         t('tcp4', lambda: socket.create_connection(('127.0.0.1', {tcp4}), timeout=3))\n\
         t('tcp6', lambda: socket.create_connection(('::1', {tcp6_port}), timeout=3))\n\
         t('udp', lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(b'x', ('127.0.0.1', {udp_port})))\n\
         def unix(addr):\n    s = socket.socket(socket.AF_UNIX); s.connect(addr)\n\
         t('unix_outside', lambda: unix('{}'))\n\
         t('unix_abstract', lambda: unix('\\0{abstract_name}'))\n\
         t('socketpair', lambda: socket.socketpair())\n",
        unix_path.display()
    );
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", &shell),
        run("python", &python),
        ScriptedResponse::text("done"),
    ]));
    let (status, events) = c.exec(&server, &["-y", "--sandbox", "native"]);
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let r = tool_outputs(&events);
    let mut all = verdicts(&r[0]);
    all.extend(verdicts(&r[1]));
    let allowed = [
        "write_inside",
        "write_tmp",
        "read_system",
        "socketpair",
        "private_tmp",
    ];
    let denied = [
        "write_absolute",
        "write_dotdot",
        "write_proc_cwd",
        "symlink_out",
        "hardlink_out",
        "rename_out",
        "overwrite_outside",
        "read_ssh_key",
        "signal_outside",
        "chmod_visible",
        "touch_visible",
        "git_hook",
        "git_config",
        "tcp4",
        "tcp6",
        "udp",
        "unix_outside",
        "unix_abstract",
    ];
    let mut wrong = Vec::new();
    for (names, want) in [(&allowed[..], "ok"), (&denied[..], "denied")] {
        for n in names {
            if all.get(*n).map(String::as_str) != Some(want) {
                wrong.push(format!("{n}: expected {want}, got {:?}", all.get(*n)));
            }
        }
    }
    assert!(wrong.is_empty(), "{}\n{r:#?}", wrong.join("\n"));
    // Nothing arrived at any listener, and nothing outside changed.
    assert!(!reached4.load(Ordering::SeqCst));
    assert!(tcp6.accept().is_err());
    assert!(udp.recv(&mut [0u8; 8]).is_err());
    assert!(unix.accept().is_err());
    assert!(abstract_listener.accept().is_err());
    let mut names: Vec<String> = std::fs::read_dir(&c.outside)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["existing.txt", "sock"]);
    assert_eq!(
        std::fs::read_to_string(c.outside.join("existing.txt")).unwrap(),
        "original"
    );
    assert_eq!(
        std::fs::read_to_string(c.sb.work().join("inside.txt")).unwrap(),
        "in\n"
    );
    use std::os::unix::fs::MetadataExt;
    let visible_after = std::fs::metadata(&visible).unwrap();
    assert_eq!(
        (
            visible_after.mode(),
            visible_after.mtime(),
            visible_after.ctime()
        ),
        (
            visible_before.mode(),
            visible_before.mtime(),
            visible_before.ctime()
        )
    );
    assert!(!c.sb.work().join(".git/hooks/post-checkout").exists());
    let config = std::fs::read_to_string(c.sb.work().join(".git/config")).unwrap();
    assert!(!config.contains("fsmonitor"), "{config}");
    assert!(!Path::new("/tmp").join(&private_tmp).exists());
}

#[test]
fn docker_and_openshell_without_their_cli_say_so_and_how_to_choose_another() {
    for (backend, cli) in [("docker", "docker"), ("openshell", "openshell")] {
        let c = Confined::new();
        let server = ScriptedModelServer::start_blocking(Script::new(vec![
            run("shell", "touch ran.txt"),
            ScriptedResponse::text("done"),
        ]));
        let empty = c.sb.root.path().join("empty-path");
        std::fs::create_dir_all(&empty).unwrap();
        let mut cmd = c.sb.command("interpreter");
        cmd.env("PATH", &empty)
            .env("TMPDIR", &c.tmp)
            .args([
                "exec",
                "--json",
                "-y",
                "--sandbox",
                backend,
                "--model",
                "openai/m",
            ])
            .args(["--api_base", &format!("{}/v1", server.base_url()), "go"]);
        let events = run_exec_ok(&mut cmd);
        let refusal = of_type(&events, "session_configured")[0]["msg"]["sandbox"]["refusal"]
            .as_str()
            .unwrap()
            .to_string();
        assert_eq!(
            refusal,
            format!(
                "the {backend} sandbox needs the `{cli}` command, and it is not on PATH: install it"
            )
        );
        // How to choose another sandbox: the engine's hint, in the terminal's words.
        let hints: Vec<&str> = of_type(&events, "error")
            .iter()
            .filter(|e| e["msg"]["kind"] == "sandbox_unavailable")
            .filter_map(|e| e["msg"]["hint"].as_str())
            .collect();
        assert!(!hints.is_empty(), "{events:#?}");
        assert!(
            hints
                .iter()
                .all(|h| h.contains("%sandbox native") && h.contains("--sandbox")),
            "{hints:?}"
        );
        assert!(of_type(&events, "exec_begin").is_empty());
        assert!(!c.sb.work().join("ran.txt").exists());
    }
}

#[test]
fn the_session_goes_on_after_a_refusal_and_the_sandbox_can_be_changed() {
    use expectrl::Eof;
    let c = Confined::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("shell", "echo first > first.txt"),
        ScriptedResponse::text("t1-done"),
        run("shell", "echo second > second.txt && cat second.txt"),
        ScriptedResponse::text("t2-done"),
    ]));
    let mut cmd = c.without_landlock();
    cmd.args([
        "--plain",
        "-y",
        "--sandbox",
        "native",
        "--model",
        "openai/m",
    ])
    .args(["--api_base", &format!("{}/v1", server.base_url())]);
    let mut p = oi_product_tests::spawn_pty(cmd);
    p.expect("sandbox native workspace-write UNAVAILABLE")
        .unwrap();
    p.expect("nothing will run: the native sandbox cannot be enforced")
        .unwrap();
    p.expect("> ").unwrap();
    p.send_line("first").unwrap();
    p.expect("t1-done").unwrap();
    p.expect("> ").unwrap();
    // Full access needs only the syscall filter, which this kernel has.
    p.send_line("%sandbox native full-access").unwrap();
    p.expect("sandbox: native full-access").unwrap();
    p.expect("> ").unwrap();
    p.send_line("second").unwrap();
    p.expect("t2-done").unwrap();
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    assert!(!c.sb.work().join("first.txt").exists());
    assert_eq!(
        std::fs::read_to_string(c.sb.work().join("second.txt")).unwrap(),
        "second\n"
    );
    let told = server.model_requests()[1].messages().last().unwrap()["content"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        told.starts_with("Not run: the native sandbox cannot be enforced"),
        "{told}"
    );
}

#[test]
fn read_only_level_runs_every_kernel_but_writes_nowhere() {
    let c = Confined::new();
    std::fs::write(c.sb.work().join("data.txt"), "42\n").unwrap();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run("python", "print(open('data.txt').read().strip())"),
        run("python", "open('new.txt', 'w')"),
        run("shell", "cat data.txt; echo x > new.txt"),
        run(
            "javascript",
            "require('fs').readFileSync('data.txt', 'utf8').trim()",
        ),
        ScriptedResponse::tool_call("Write", json!({"file_path": "tool.txt", "content": "x"})),
        ScriptedResponse::text("done"),
    ]));
    let (out, events) = c.exec(
        &server,
        &["-y", "-s", "read-only", "--profile", "claude-code"],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        of_type(&events, "session_configured")[0]["msg"]["sandbox"]["policy"],
        json!("read-only")
    );
    let r = tool_outputs(&events);
    assert_eq!(r[0].trim(), "42");
    assert!(r[1].contains("Read-only file system"), "{}", r[1]);
    assert!(
        r[2].starts_with("42\n") && r[2].contains("Read-only file system"),
        "{}",
        r[2]
    );
    assert!(r[3].contains("42"), "{}", r[3]);
    assert!(
        r[4].contains("does not allow writing") && r[4].contains("read-only"),
        "{}",
        r[4]
    );
    let names: Vec<_> = std::fs::read_dir(c.sb.work())
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(names, ["data.txt"]);
}

/// `--sandbox docker` through the real binary, with tests/fixtures/docker-shim standing in for
/// the docker CLI (no engine runs here): it gives the code what `docker run` would, with real
/// mount and network namespaces, a clean environment and only the mounts the product asks for.
/// Kernels must therefore work with no file of this machine's temp dir, no inherited variable
/// and no host path to an interpreter; and the policy's translation must really confine them.
#[test]
fn docker_sandbox_runs_every_kernel_in_the_container_it_asks_for() {
    let c = Confined::new();
    let (port, reached) = listener();
    let outside = c.outside.display().to_string();
    let log = c.sb.root.path().join("docker-runs.jsonl");
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "import os\nopen('inside.txt', 'w').write('ok')\nprint(os.environ['OI_COMPUTER_UNAVAILABLE'])",
        ),
        run(
            "python",
            &format!("open('{outside}/py.txt', 'w').write('escaped')"),
        ),
        run(
            "python",
            &format!(
                "import socket\ntry:\n    socket.create_connection(('127.0.0.1', {port}), timeout=3)\n    print('CONNECTED')\nexcept OSError as e:\n    print('blocked:', e)"
            ),
        ),
        run("shell", "mkdir -p sub && cd sub && export KEPT=yes"),
        run("shell", "pwd; echo \"kept=$KEPT\"; echo x > /etc/oi-escape"),
        run(
            "ruby",
            "File.write('ruby.txt', 'rb')\nputs \"ruby #{6 * 7}\"",
        ),
        ScriptedResponse::text("done"),
    ]));
    let config = c.sb.config().join("open-interpreter");
    std::fs::create_dir_all(&config).unwrap();
    std::fs::write(
        config.join("config.toml"),
        "sandbox_image = \"example.org/tools:py3\"\n",
    )
    .unwrap();
    let events = c.exec_with_stand_in("docker", ("OI_DOCKER_SHIM_LOG", &log), &server);
    let info = &of_type(&events, "session_configured")[0]["msg"]["sandbox"];
    assert_eq!(info["backend"], json!("docker"), "{info}");
    assert_eq!(
        info["enforcement"],
        json!("docker image example.org/tools:py3")
    );
    assert!(info.get("refusal").is_none_or(Value::is_null), "{info}");

    let r = tool_outputs(&events);
    assert_eq!(r.len(), 6, "{r:#?}");
    assert!(r[0].contains("container sandbox"), "{}", r[0]);
    assert!(r[1].contains("FileNotFoundError"), "{}", r[1]);
    assert!(r[2].starts_with("blocked:"), "{}", r[2]);
    let work = c.sb.work().canonicalize().unwrap();
    assert!(
        r[4].contains(&format!("{}/sub\nkept=yes", work.display())),
        "{}",
        r[4]
    );
    assert!(r[4].contains("Read-only file system"), "{}", r[4]);
    assert!(r[5].contains("ruby 42"), "{}", r[5]);
    assert_eq!(
        std::fs::read_to_string(c.sb.work().join("inside.txt")).unwrap(),
        "ok"
    );
    // A one-shot block starts in the workspace, not where the shell went.
    assert!(c.sb.work().join("ruby.txt").exists());
    assert!(std::fs::read_dir(&c.outside).unwrap().next().is_none());
    assert!(!Path::new("/etc/oi-escape").exists());
    assert!(!reached.load(Ordering::SeqCst));

    // What the product asked docker for: one container per kernel (python, shell) and per
    // one-shot block, the workspace mounted at its own path, no network, the interpreter by
    // its name inside the image.
    let runs: Vec<Vec<String>> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(runs.len(), 3, "{runs:#?}");
    let ws = work.display().to_string();
    for argv in &runs {
        let joined = argv.join(" ");
        assert!(joined.contains("--network none"), "{joined}");
        assert!(
            joined.contains(&format!("-v {ws}:{ws}:rw -w {ws}")),
            "{joined}"
        );
        let image = argv
            .iter()
            .position(|a| a == "example.org/tools:py3")
            .unwrap();
        assert_eq!(argv[image + 1], "env", "{joined}");
    }
    let programs: Vec<&str> = runs
        .iter()
        .map(|argv| {
            argv.iter()
                .skip_while(|a| *a != "env")
                .find(|a| !a.contains('=') && *a != "env")
                .unwrap()
                .as_str()
        })
        .collect();
    assert_eq!(programs, ["python3", "bash", "sh"]);
    server.assert_invariants();
}

/// `--sandbox openshell` through the real binary, with tests/fixtures/openshell-shim standing in
/// for the openshell CLI (no gateway runs here; it checks the CLI's documented contract and runs
/// each exec here in a clean environment): one sandbox per session, created with the translated
/// policy, every kernel through `sandbox exec`, deleted when the session ends.
#[test]
fn openshell_sandbox_is_created_used_by_every_kernel_and_deleted_at_the_end() {
    let c = Confined::new();
    let log = c.sb.root.path().join("openshell-calls.jsonl");
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "import os\nopen('inside.txt', 'w').write('ok')\nprint(os.environ['OI_COMPUTER_UNAVAILABLE'])",
        ),
        run("shell", "export KEPT=yes"),
        run("shell", "echo \"kept=$KEPT\""),
        ScriptedResponse::text("done"),
    ]));
    let events = c.exec_with_stand_in("openshell", ("OI_OPENSHELL_SHIM_LOG", &log), &server);
    let info = &of_type(&events, "session_configured")[0]["msg"]["sandbox"];
    assert_eq!(info["backend"], json!("openshell"), "{info}");
    let r = tool_outputs(&events);
    assert_eq!(r.len(), 3, "{r:#?}");
    assert!(r[0].contains("container sandbox"), "{}", r[0]);
    assert_eq!(r[2].trim(), "kept=yes");
    assert!(c.sb.work().join("inside.txt").exists());

    let calls: Vec<Value> = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let argv =
        |i: usize| -> Vec<String> { serde_json::from_value(calls[i]["argv"].clone()).unwrap() };
    // create, one exec per kernel (python, shell), delete.
    assert_eq!(calls.len(), 4, "{calls:#?}");
    let created = argv(0);
    let name = created[created.iter().position(|a| a == "--name").unwrap() + 1].clone();
    assert_eq!(
        info["enforcement"],
        json!(format!("openshell sandbox {name}"))
    );
    let policy = calls[0]["policy"].as_str().unwrap();
    assert!(policy.contains("include_workdir: true"), "{policy}");
    assert!(policy.contains("hard_requirement"), "{policy}");
    for i in [1, 2] {
        let exec = argv(i);
        assert_eq!(
            exec[..6],
            ["sandbox", "exec", "--name", &name, "--no-tty", "--"]
        );
        assert_eq!(exec[6], "env", "{exec:?}");
    }
    assert_eq!(argv(3), ["sandbox", "delete", &name]);
    // The policy file was only for the create call.
    assert!(
        std::fs::read_dir(&c.tmp)
            .unwrap()
            .flatten()
            .all(|e| !e.file_name().to_string_lossy().ends_with("-policy.yaml"))
    );
    server.assert_invariants();
}

#[test]
fn a_forbid_rule_holds_at_exec_time_for_code_a_person_approved() {
    use expectrl::Eof;
    let c = Confined::new();
    std::fs::create_dir_all(c.sb.config().join("open-interpreter")).unwrap();
    std::fs::write(
        c.sb.config().join("open-interpreter/config.toml"),
        "[commands]\nforbid = [\"touch\"]\n",
    )
    .unwrap();
    let work = c.sb.work();
    std::fs::write(work.join("touch_it.sh"), "#!/bin/sh\ntouch \"$1\"\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(work.join("touch_it.sh"), mode).unwrap();
    std::fs::write(work.join("touch.mk"), "all:\n\ttouch made\n").unwrap();
    // Spellings the static rules cannot see through (names built at run time, a script, a
    // Makefile, a copy): they run, after a person's yes where the check asks.
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        run(
            "python",
            "import os, subprocess\nprog = 'tou' + 'ch'\nos.system(prog + ' py_system')\n\
             try:\n    subprocess.run(['/usr/bin/' + prog, 'py_subprocess'])\n\
             except PermissionError as e:\n    print('subprocess refused:', e.errno)\n\
             open('py_allowed', 'w').write('ok')\nprint('python' + '-ran')",
        ),
        ScriptedResponse::text("t1-done"),
        run(
            "shell",
            "x=touch; $x variable; ./touch_it.sh script; make -s -f touch.mk; \
             cp /usr/bin/touch mytool && ./mytool copied; mkdir allowed_dir; echo shell''-ran",
        ),
        ScriptedResponse::text("t2-done"),
    ]));
    let mut cmd = c.sb.command("interpreter");
    cmd.env("TMPDIR", &c.tmp)
        .args([
            "--plain",
            "-y",
            "--sandbox",
            "native",
            "--model",
            "openai/m",
        ])
        .args(["--api_base", &format!("{}/v1", server.base_url())]);
    let mut p = oi_product_tests::spawn_pty(cmd);
    // Whether the static check asks first depends on what it sees; a person says yes.
    let run_turn = |p: &mut expectrl::Session, input: &str, ran: &str, done: &str| {
        p.expect("> ").unwrap();
        p.send_line(input).unwrap();
        let seen = p
            .expect(expectrl::Regex(format!("Run this code\\?|{ran}")))
            .unwrap();
        if seen.get(0).is_some_and(|m| m.starts_with(b"Run")) {
            p.send_line("y").unwrap();
            p.expect(ran).unwrap();
        }
        p.expect(done).unwrap();
    };
    run_turn(&mut p, "first", "python-ran", "t1-done");
    run_turn(&mut p, "second", "shell-ran", "t2-done");
    p.expect("> ").unwrap();
    p.send("\x04").unwrap();
    p.expect(Eof).unwrap();
    for refused in [
        "py_system",
        "py_subprocess",
        "variable",
        "script",
        "made",
        "copied",
    ] {
        assert!(!work.join(refused).exists(), "{refused} was created");
    }
    assert!(work.join("py_allowed").exists() && work.join("allowed_dir").exists());
    // The model was told which rule refused, in the run's output.
    let requests = server.model_requests();
    let told: Vec<String> = [1, 3]
        .iter()
        .map(|&i| requests[i].messages().last().unwrap()["content"].to_string())
        .collect();
    assert!(told[0].contains("subprocess refused: 13"), "{}", told[0]);
    for output in &told {
        assert!(
            output.contains("interpreter sandbox: refused to exec")
                && output.contains("forbid `touch`"),
            "{output}"
        );
    }
}
