//! The escape suite, run for real on this kernel: every way out fails, while the allowed work of
//! the same run succeeds. Network attempts target only listeners this test opens on this machine.

use std::io::Read;
use std::net::{TcpListener, UdpSocket};
use std::os::linux::net::SocketAddrExt;
use std::os::unix::net::{SocketAddr, UnixListener};
use std::process::{Command, Stdio};

use oi_sandbox::{Level, NetworkMode};

use super::fixture::{Sandbox, expect};

#[test]
fn filesystem_escapes_fail_while_workspace_work_succeeds() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.filesystem.denied.push(sb.home.join("*.pem"));
    std::fs::write(sb.home.join("server.pem"), "CERT KEY").unwrap();
    std::os::unix::fs::symlink(&sb.outside, sb.ws.join("link_out")).unwrap();
    // A process outside the sandbox whose cwd is the outside dir, for /proc/<pid>/cwd.
    let mut witness = Command::new("sleep")
        .arg("30")
        .current_dir(&sb.outside)
        .spawn()
        .unwrap();
    let real_tmp_target = format!("/tmp/oi-sandbox-escape-{}", std::process::id());
    let block_dev = ["/dev/vda", "/dev/sda", "/dev/nvme0n1", "/dev/kmsg"]
        .into_iter()
        .find(|d| std::path::Path::new(d).exists())
        .unwrap();
    let script = r#"
t write_ws 'echo x > ws_file && test "$(cat ws_file)" = x'
t write_tmp 'echo x > "$TMPDIR/f" && cat /tmp/f'
t engine_tmp 'echo x > "$SB_TMP/f"'
t read_usr 'cat /usr/bin/env > /dev/null && ls /usr > /dev/null'
t read_home_notes 'cat "$HOME_D/notes.txt"'
t mkdir_ws 'mkdir -p a/b && echo y > a/b/c && rm -r a'
t rename_in_ws 'mv ws_file renamed && mv renamed ws_file'
t chmod_ws 'echo "echo hi" > s.sh && chmod +x s.sh && ./s.sh'
t hardlink_in_ws 'ln ws_file ws_hard && rm ws_hard'
t symlink_in_ws 'ln -s ws_file ws_soft && cat ws_soft && rm ws_soft'
t abs 'echo x > "$OUT/abs"'
t dotdot 'echo x > ../outside/dotdot'
t symlink_pre 'echo x > link_out/via_symlink'
t symlink_new 'ln -s "$OUT" l2 && echo x > l2/via_new_symlink'
t hardlink_out 'ln "$OUT/existing.txt" hl'
t proc_self_cwd 'cd "$OUT" && echo x > /proc/self/cwd/via_proc_cwd'
t proc_self_root 'echo x > "/proc/self/root$OUT/via_proc_root"'
t proc_other_cwd 'echo x > "/proc/$WITNESS/cwd/via_witness_cwd"'
t rename_out 'mv ws_file "$OUT/moved"'
t rename_in 'mv "$OUT/existing.txt" stolen'
t rename_ws 'mv "$WS" "$OUT/ws_moved"'
t truncate_out 'truncate -s 0 "$OUT/existing.txt"'
t append_out 'echo x >> "$OUT/existing.txt"'
t mkdir_out 'mkdir "$OUT/newdir"'
t rm_out 'rm -f "$OUT/existing.txt" && test ! -e "$OUT/existing.txt"'
t private_tmp 'echo x > "$REAL_TMP"'
t read_ssh 'cat "$HOME_D/.ssh/id_rsa"'
t read_glob_denied 'cat "$HOME_D/server.pem"'
t read_block_dev 'head -c 512 "$BLOCK_DEV" > /dev/null'
t write_etc 'echo x >> /etc/hostname'
"#;
    let env = [
        ("WITNESS", witness.id().to_string()),
        ("REAL_TMP", real_tmp_target.clone()),
        ("BLOCK_DEV", block_dev.to_string()),
    ];
    let (verdicts, out) = sb.attempts(script, &env);
    witness.kill().unwrap();
    witness.wait().unwrap();
    expect(
        &verdicts,
        &out,
        &[
            "write_ws",
            "write_tmp",
            "read_usr",
            "read_home_notes",
            "mkdir_ws",
            "rename_in_ws",
            "chmod_ws",
            "hardlink_in_ws",
            "symlink_in_ws",
            // The session's own /tmp: checked from outside below.
            "private_tmp",
        ],
        &[
            "engine_tmp",
            "abs",
            "dotdot",
            "symlink_pre",
            "symlink_new",
            "hardlink_out",
            "proc_self_cwd",
            "proc_self_root",
            "proc_other_cwd",
            "rename_out",
            "rename_in",
            "rename_ws",
            "truncate_out",
            "append_out",
            "mkdir_out",
            "rm_out",
            "read_ssh",
            "read_glob_denied",
            "read_block_dev",
            "write_etc",
        ],
    );
    // Nothing outside changed.
    let names: Vec<_> = std::fs::read_dir(&sb.outside)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names, vec!["existing.txt"], "outside dir changed");
    assert_eq!(
        std::fs::read_to_string(sb.outside.join("existing.txt")).unwrap(),
        "original"
    );
    assert!(!std::path::Path::new(&real_tmp_target).exists());
    assert!(sb.ws.exists());
}

struct Listeners {
    tcp4: TcpListener,
    tcp6: TcpListener,
    udp4: UdpSocket,
    udp6: UdpSocket,
    unix: UnixListener,
    abstract_unix: UnixListener,
    env: Vec<(&'static str, String)>,
}

fn listeners(sb: &Sandbox) -> Listeners {
    let tcp4 = TcpListener::bind("127.0.0.1:0").unwrap();
    let tcp6 = TcpListener::bind("[::1]:0").unwrap();
    let udp4 = UdpSocket::bind("127.0.0.1:0").unwrap();
    let udp6 = UdpSocket::bind("[::1]:0").unwrap();
    let unix_path = sb.outside.join("sock");
    let unix = UnixListener::bind(&unix_path).unwrap();
    let abstract_name = format!(
        "oi-sandbox-test-{}-{:?}",
        std::process::id(),
        std::thread::current().id()
    );
    let abstract_unix =
        UnixListener::bind_addr(&SocketAddr::from_abstract_name(abstract_name.as_bytes()).unwrap())
            .unwrap();
    for l in [&tcp4, &tcp6] {
        l.set_nonblocking(true).unwrap();
    }
    for u in [&udp4, &udp6] {
        u.set_nonblocking(true).unwrap();
    }
    for u in [&unix, &abstract_unix] {
        u.set_nonblocking(true).unwrap();
    }
    let env = vec![
        ("TCP4", tcp4.local_addr().unwrap().port().to_string()),
        ("TCP6", tcp6.local_addr().unwrap().port().to_string()),
        ("UDP4", udp4.local_addr().unwrap().port().to_string()),
        ("UDP6", udp6.local_addr().unwrap().port().to_string()),
        ("UNIX_PATH", unix_path.display().to_string()),
        ("ABSTRACT", abstract_name),
    ];
    Listeners {
        tcp4,
        tcp6,
        udp4,
        udp6,
        unix,
        abstract_unix,
        env,
    }
}

const NETWORK_SCRIPT: &str = r#"
PY=/usr/bin/python3
t tcp4 'exec 3<>/dev/tcp/127.0.0.1/$TCP4 && echo hi >&3'
t tcp6 'exec 3<>/dev/tcp/::1/$TCP6 && echo hi >&3'
t udp4 'echo hi > /dev/udp/127.0.0.1/$UDP4'
t udp6 'echo hi > /dev/udp/::1/$UDP6'
t unix_path '$PY -c "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); s.send(b\"hi\")" "$UNIX_PATH"'
t unix_abstract '$PY -c "import socket,sys; s=socket.socket(socket.AF_UNIX); s.connect(\"\\0\"+sys.argv[1]); s.send(b\"hi\")" "$ABSTRACT"'
t unix_dgram_pair '$PY -c "import socket; socket.socketpair(socket.AF_UNIX, socket.SOCK_DGRAM)"'
t socketpair_stream '$PY -c "import socket; a,b=socket.socketpair(); a.send(b\"x\"); assert b.recv(1)==b\"x\""'
t pipe 'test "$(echo hi | cat)" = hi'
t write_ws 'echo x > net_ok'
"#;

#[test]
fn network_escapes_fail_without_network() {
    let sb = Sandbox::new(Level::WorkspaceWrite);
    assert_eq!(sb.policy.network.mode, NetworkMode::None);
    let l = listeners(&sb);
    let (verdicts, out) = sb.attempts(NETWORK_SCRIPT, &l.env);
    expect(
        &verdicts,
        &out,
        &["socketpair_stream", "pipe", "write_ws"],
        &[
            "tcp4",
            "tcp6",
            "udp4",
            "udp6",
            "unix_path",
            "unix_abstract",
            "unix_dgram_pair",
        ],
    );
    // And nothing arrived anywhere.
    for t in [&l.tcp4, &l.tcp6] {
        assert_eq!(
            t.accept().unwrap_err().kind(),
            std::io::ErrorKind::WouldBlock
        );
    }
    let mut buf = [0u8; 16];
    for u in [&l.udp4, &l.udp6] {
        assert_eq!(
            u.recv(&mut buf).unwrap_err().kind(),
            std::io::ErrorKind::WouldBlock
        );
    }
    for u in [&l.unix, &l.abstract_unix] {
        assert_eq!(
            u.accept().unwrap_err().kind(),
            std::io::ErrorKind::WouldBlock
        );
    }
}

/// The control: with network allowed the same attempts reach the listeners, so the denials above
/// come from the sandbox and not from a broken test.
#[test]
fn network_attempts_reach_local_listeners_when_allowed() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.network.mode = NetworkMode::Full;
    let l = listeners(&sb);
    let (verdicts, out) = sb.attempts(NETWORK_SCRIPT, &l.env);
    expect(
        &verdicts,
        &out,
        &[
            "tcp4",
            "tcp6",
            "udp4",
            "udp6",
            "unix_path",
            "socketpair_stream",
        ],
        &[],
    );
    let (mut conn, _) = l.tcp4.accept().unwrap();
    conn.set_nonblocking(false).unwrap();
    let mut got = String::new();
    conn.read_to_string(&mut got).unwrap();
    assert_eq!(got, "hi\n");
    let mut buf = [0u8; 16];
    assert_eq!(l.udp4.recv(&mut buf).unwrap(), 3);
}

#[test]
fn ptrace_and_signals_cannot_reach_outside_processes() {
    let sb = Sandbox::new(Level::WorkspaceWrite);
    let mut victim = Command::new("sleep")
        .arg("30")
        .stdin(Stdio::null())
        .spawn()
        .unwrap();
    let script = r#"
PY=/usr/bin/python3
t kill_term 'kill -TERM $VICTIM'
t kill_zero 'kill -0 $VICTIM'
t ptrace_attach '$PY -c "import ctypes,sys; l=ctypes.CDLL(None, use_errno=True); sys.exit(0 if l.ptrace(16, int(sys.argv[1]), 0, 0) == 0 else 1)" $VICTIM'
t strace 'strace -qq -p $VICTIM -o /dev/null & s=$!; sleep 1; kill -0 $s 2>/dev/null && { kill $s; true; } || false'
t proc_environ 'cat /proc/$VICTIM/environ'
t proc_mem '$PY -c "import sys; open(\"/proc/%s/mem\" % sys.argv[1], \"rb\")" $VICTIM'
t kill_own 'sleep 10 & p=$!; kill $p; wait $p; test $? -eq 143'
t proc_cmdline 'cat /proc/$VICTIM/cmdline'
t proc_system 'grep -q MemTotal /proc/meminfo && grep -q processor /proc/cpuinfo'
# The top process (bash itself, no fork) reads its own /proc entry.
nnp=0; sec=0
while read -r k v; do
  [ "$k" = NoNewPrivs: ] && [ "$v" = 1 ] && nnp=1
  [ "$k" = Seccomp: ] && [ "$v" = 2 ] && sec=1
done < /proc/self/status
[ $nnp = 1 ] && [ $sec = 1 ] && echo no_new_privs:ok || echo no_new_privs:denied
"#;
    let (verdicts, out) = sb.attempts(script, &[("VICTIM", victim.id().to_string())]);
    let alive = victim.try_wait().unwrap().is_none();
    victim.kill().unwrap();
    victim.wait().unwrap();
    expect(
        &verdicts,
        &out,
        &["kill_own", "no_new_privs", "proc_system"],
        &[
            "kill_term",
            "kill_zero",
            "ptrace_attach",
            "strace",
            "proc_environ",
            "proc_mem",
            "proc_cmdline",
        ],
    );
    assert!(alive, "the outside process was killed from the sandbox");
}

/// The X server's sockets (path and abstract): reachable from outside, not from the sandbox,
/// even with /tmp writable. The test starts its own Xvfb (package xvfb, which .ci installs).
#[test]
fn the_x_server_is_out_of_reach() {
    let x = OwnXServer::start();
    let path = format!("/tmp/.X11-unix/X{}", x.number);
    assert!(
        std::os::unix::net::UnixStream::connect(&path).is_ok(),
        "the test's own Xvfb listens at {path}"
    );
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.filesystem.read_write.push("/tmp".into());
    let script = r#"
PY=/usr/bin/python3
t x_path '$PY -c "import socket,sys; socket.socket(socket.AF_UNIX).connect(sys.argv[1])" "$XPATH"'
t x_abstract '$PY -c "import socket,sys; socket.socket(socket.AF_UNIX).connect(\"\\0\"+sys.argv[1])" "$XPATH"'
t write_tmp 'echo x > "$TMP_DIR/f"'
"#;
    // Listed writable, /tmp is the machine's again (not the session's own): write in a dir of it.
    let tmp_dir = tempfile::tempdir().unwrap();
    let env = [
        ("XPATH", path),
        ("TMP_DIR", tmp_dir.path().display().to_string()),
    ];
    let (verdicts, out) = sb.attempts(script, &env);
    expect(&verdicts, &out, &["write_tmp"], &["x_path", "x_abstract"]);
    // Control: with network allowed the same script reaches the X server.
    sb.policy.network.mode = NetworkMode::Full;
    let (verdicts, out) = sb.attempts(script, &env);
    expect(&verdicts, &out, &["x_path", "x_abstract"], &[]);
}

/// An Xvfb of this test's own, on a display number it picks (`-displayfd`), killed on drop.
struct OwnXServer {
    child: std::process::Child,
    number: String,
}

impl OwnXServer {
    fn start() -> Self {
        use std::io::BufRead;
        let mut child = std::process::Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "64x64x24",
                "-nolisten",
                "tcp",
            ])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("Xvfb (Debian package xvfb, installed by .ci/packages.sh)");
        let mut line = String::new();
        std::io::BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let number = line.trim().to_string();
        assert!(!number.is_empty(), "Xvfb did not say its display number");
        OwnXServer { child, number }
    }
}

impl Drop for OwnXServer {
    fn drop(&mut self) {
        // SIGTERM, so Xvfb removes its socket and lock file.
        let _ = std::process::Command::new("kill")
            .arg(self.child.id().to_string())
            .status();
        let _ = self.child.wait();
    }
}
