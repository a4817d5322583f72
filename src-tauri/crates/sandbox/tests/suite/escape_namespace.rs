//! The escapes landlock alone does not see, stopped by the session's user and mount namespace:
//! metadata changes outside the writable paths (chmod, chown, utime, xattr, mknod), code
//! planted in the workspace to run later outside any sandbox (`.git`, `.interpreter`), files
//! left in the machine's /tmp and /dev/shm. Each case runs as this test's user and, when that
//! is root, again as `nobody`; verdicts are checked from outside. The control at the end shows
//! that without the namespace the same attempts succeed, as the session's line then says.

use std::path::Path;
use std::process::Command;

use oi_sandbox::{Level, NamespaceSupport, NativeSession, SandboxPolicy, SandboxSupport};

use super::fixture::{Sandbox, expect};

const PY: &str = "/usr/bin/python3";

/// What `stat` and the extended attributes say of a path, seen from outside the sandbox:
/// (mode, uid, gid, mtime, ctime, xattr names). chmod, chown, utime and xattr changes all move
/// ctime, even when they set what was already there.
fn metadata(path: &Path) -> (u32, u32, u32, i64, i64, Vec<String>) {
    use std::os::unix::fs::MetadataExt;
    let m = std::fs::symlink_metadata(path).unwrap();
    let xattrs = Command::new(PY)
        .args([
            "-c",
            "import os,sys; print(*sorted(os.listxattr(sys.argv[1])))",
        ])
        .arg(path)
        .output()
        .unwrap();
    assert!(xattrs.status.success(), "{xattrs:?}");
    let xattrs = String::from_utf8_lossy(&xattrs.stdout)
        .split_whitespace()
        .map(str::to_string)
        .collect();
    (
        m.mode(),
        m.uid(),
        m.gid(),
        m.mtime() * 1_000_000_000 + m.mtime_nsec(),
        m.ctime() * 1_000_000_000 + m.ctime_nsec(),
        xattrs,
    )
}

const METADATA_SCRIPT: &str = r#"
PY=/usr/bin/python3
F="$OUT/existing.txt"
echo "uid:$(id -u)"
t chmod_ws 'echo x > m && chmod 600 m && chmod 755 m'
t chown_ws 'chown "$(id -u):$(id -g)" m'
t utime_ws '$PY -c "import os; os.utime(\"m\", (1, 1))"'
t xattr_ws '$PY -c "import os; os.setxattr(\"m\", \"user.oi\", b\"1\")"'
t fifo_ws 'mkfifo fifo && rm fifo'
t chmod_out 'chmod 666 "$F"'
t chmod_out_dir 'chmod 777 "$OUT/dir"'
t chmod_out_root 'chmod 777 "$OUT"'
t chown_out 'chown "$(id -u):$(id -g)" "$F"'
t chgrp_out_dir 'chgrp "$(id -g)" "$OUT/dir"'
t utime_out '$PY -c "import os,sys; os.utime(sys.argv[1], (1, 1))" "$F"'
t touch_out 'touch -d 2001-01-01 "$F"'
t touch_out_dir 'touch -d 2001-01-01 "$OUT/dir"'
t xattr_out '$PY -c "import os,sys; os.setxattr(sys.argv[1], \"user.oi\", b\"1\")" "$F"'
t xattr_out_dir '$PY -c "import os,sys; os.setxattr(sys.argv[1], \"user.oi\", b\"1\")" "$OUT/dir"'
t xattr_rm_out '$PY -c "import os,sys; os.removexattr(sys.argv[1], \"user.keep\")" "$F"'
t mknod_out 'mkfifo "$OUT/dir/fifo"'
t chmod_home 'chmod 600 "$HOME_D/notes.txt"'
t utime_home 'touch -d 2001-01-01 "$HOME_D/notes.txt"'
t xattr_home '$PY -c "import os,sys; os.setxattr(sys.argv[1], \"user.oi\", b\"1\")" "$HOME_D/notes.txt"'
t write_home 'echo x > "$HOME_D/new.txt"'
t write_var_tmp 'echo x > "/var/tmp/$NAME"'
t write_etc 'echo x >> /etc/hostname'
"#;

const METADATA_INSIDE: [&str; 5] = ["chmod_ws", "chown_ws", "utime_ws", "xattr_ws", "fifo_ws"];
/// Changes landlock alone lets through (the control below shows they succeed without the
/// namespace).
const METADATA_OUTSIDE: [&str; 14] = [
    "chmod_out",
    "chmod_out_dir",
    "chmod_out_root",
    "chown_out",
    "chgrp_out_dir",
    "utime_out",
    "touch_out",
    "touch_out_dir",
    "xattr_out",
    "xattr_out_dir",
    "xattr_rm_out",
    "chmod_home",
    "utime_home",
    "xattr_home",
];
/// Writes landlock stopped already.
const WRITES_OUTSIDE: [&str; 4] = ["mknod_out", "write_home", "write_var_tmp", "write_etc"];

/// Files outside the workspace whose metadata the script tries to change.
fn metadata_setup(sb: &Sandbox) -> Vec<std::path::PathBuf> {
    std::fs::create_dir(sb.outside.join("dir")).unwrap();
    let keep = Command::new(PY)
        .args([
            "-c",
            "import os,sys; os.setxattr(sys.argv[1], 'user.keep', b'1')",
        ])
        .arg(sb.outside.join("existing.txt"))
        .status()
        .unwrap();
    assert!(keep.success());
    sb.hand_over();
    vec![
        sb.outside.join("existing.txt"),
        sb.outside.join("dir"),
        sb.outside.clone(),
        sb.home.join("notes.txt"),
    ]
}

fn metadata_case(sb: &Sandbox) {
    let watched = metadata_setup(sb);
    let before: Vec<_> = watched.iter().map(|p| metadata(p)).collect();
    let hostname = std::fs::read("/etc/hostname").unwrap();
    let name = format!("oi-sandbox-meta-{}", std::process::id());
    let (verdicts, out) = sb.attempts(METADATA_SCRIPT, &[("NAME", name.clone())]);
    let mut denied = METADATA_OUTSIDE.to_vec();
    denied.extend(WRITES_OUTSIDE);
    expect(&verdicts, &out, &METADATA_INSIDE, &denied);
    assert_eq!(
        verdicts.get("uid"),
        Some(&sb.uid().to_string()),
        "ran as another user"
    );
    let after: Vec<_> = watched.iter().map(|p| metadata(p)).collect();
    for ((path, b), a) in watched.iter().zip(&before).zip(&after) {
        assert_eq!(b, a, "{} changed", path.display());
    }
    assert!(!sb.outside.join("dir/fifo").exists());
    assert!(!sb.home.join("new.txt").exists());
    assert!(!Path::new("/var/tmp").join(&name).exists());
    assert_eq!(std::fs::read("/etc/hostname").unwrap(), hostname);
}

#[test]
fn metadata_changes_outside_the_writable_paths_fail() {
    metadata_case(&Sandbox::new(Level::WorkspaceWrite));
}

/// Every file under `root` with its mode and contents (directories: mode only).
fn tree(root: &Path) -> Vec<(String, u32, Vec<u8>)> {
    use std::os::unix::fs::MetadataExt;
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(p) = stack.pop() {
        let m = std::fs::symlink_metadata(&p).unwrap();
        let rel = p.strip_prefix(root).unwrap().display().to_string();
        if m.is_dir() {
            for e in std::fs::read_dir(&p).unwrap() {
                stack.push(e.unwrap().path());
            }
            out.push((rel, m.mode(), vec![]));
        } else {
            let bytes = if m.is_file() {
                std::fs::read(&p).unwrap()
            } else {
                vec![]
            };
            out.push((rel, m.mode(), bytes));
        }
    }
    out.sort();
    out
}

/// The paths are built at run time, so no static check of the code sees them.
const GIT_SCRIPT: &str = r##"
PY=/usr/bin/python3
G=".$(printf g)it"; I=".inter""preter"
t hook_new 'printf "#!/bin/sh\ntouch /tmp/pwned\n" > "$G/hooks/post-checkout" && chmod +x "$G/hooks/post-checkout"'
t hook_append 'echo "touch /tmp/pwned" >> "$G/hooks/pre-commit.sample"'
t hook_chmod 'chmod +x "$G/hooks/pre-commit.sample"'
t hook_replace 'echo x > h && mv h "$G/hooks/pre-commit.sample"'
t config_append 'printf "[core]\n\tfsmonitor = touch /tmp/pwned\n" >> "$G/config"'
t config_git 'git config core.hooksPath "$PWD"'
t config_py '$PY -c "import sys; open(sys.argv[1] + \"/config\", \"a\").write(\"[core]\\n\\tfsmonitor = x\\n\")" "$G"'
t config_replace 'cp "$G/config" c2 && echo "[core]" >> c2 && mv c2 "$G/config"'
t git_rename 'mv "$G" moved-git'
t git_remove 'rm -rf "$G" && test ! -e "$G"'
t git_new_file 'echo x > "$G/info/attributes"'
t project_write 'echo "allow = [\"*\"]" > "$I/config.toml"'
t project_new 'echo x > "$I/extra.toml"'
t project_rename 'mv "$I" moved-project'
t project_remove 'rm -rf "$I" && test ! -e "$I"'
t git_read 'test -n "$(cat "$G/HEAD")" && git rev-parse --git-dir'
t ws_create 'echo ok > normal.txt && mkdir -p sub/deeper && echo ok > sub/deeper/f'
t ws_delete 'echo x > gone.txt && rm gone.txt && rm -r sub'
t ws_git_named_elsewhere 'mkdir -p vendor/.git && echo x > vendor/.git/config'
"##;

/// Code that could run later outside any sandbox: git hooks, git's config (core.fsmonitor,
/// core.hooksPath), the project's own rules.
fn git_case(sb: &Sandbox) {
    let init = Command::new("git")
        .args(["init", "-q"])
        .current_dir(&sb.ws)
        .status()
        .unwrap();
    assert!(init.success());
    std::fs::create_dir(sb.ws.join(".interpreter")).unwrap();
    std::fs::write(sb.ws.join(".interpreter/config.toml"), "# rules\n").unwrap();
    sb.hand_over();
    let git_before = tree(&sb.ws.join(".git"));
    let project_before = tree(&sb.ws.join(".interpreter"));
    let (verdicts, out) = sb.attempts(GIT_SCRIPT, &[]);
    expect(
        &verdicts,
        &out,
        &[
            "git_read",
            "ws_create",
            "ws_delete",
            "ws_git_named_elsewhere",
        ],
        &[
            "hook_new",
            "hook_append",
            "hook_chmod",
            "hook_replace",
            "config_append",
            "config_git",
            "config_py",
            "config_replace",
            "git_rename",
            "git_remove",
            "git_new_file",
            "project_write",
            "project_new",
            "project_rename",
            "project_remove",
        ],
    );
    assert_eq!(tree(&sb.ws.join(".git")), git_before, ".git changed");
    assert_eq!(
        tree(&sb.ws.join(".interpreter")),
        project_before,
        ".interpreter changed"
    );
    assert_eq!(
        std::fs::read_to_string(sb.ws.join("normal.txt")).unwrap(),
        "ok\n"
    );
    assert!(!sb.ws.join("moved-git").exists() && !sb.ws.join("moved-project").exists());
}

#[test]
fn git_and_project_config_in_the_workspace_stay_read_only() {
    git_case(&Sandbox::new(Level::WorkspaceWrite));
}

/// A worktree's or submodule's `.git` is a file naming the real git directory: both hold.
#[test]
fn a_git_pointer_file_and_the_directory_it_names_stay_read_only() {
    let sb = Sandbox::new(Level::WorkspaceWrite);
    let store = sb.ws.join("store");
    std::fs::create_dir_all(store.join("hooks")).unwrap();
    std::fs::write(store.join("config"), "[core]\n").unwrap();
    std::fs::write(sb.ws.join(".git"), "gitdir: store\n").unwrap();
    let store_before = tree(&store);
    let script = r#"
G=".$(printf g)it"
t pointer_rewrite 'echo "gitdir: /tmp/evil" > "$G"'
t pointer_remove 'rm -f "$G" && test ! -e "$G"'
t target_hook 'echo x > store/hooks/post-checkout'
t target_config 'echo x >> store/config'
t ws_write 'echo ok > normal.txt'
"#;
    let (verdicts, out) = sb.attempts(script, &[]);
    expect(
        &verdicts,
        &out,
        &["ws_write"],
        &[
            "pointer_rewrite",
            "pointer_remove",
            "target_hook",
            "target_config",
        ],
    );
    assert_eq!(
        std::fs::read_to_string(sb.ws.join(".git")).unwrap(),
        "gitdir: store\n"
    );
    assert_eq!(tree(&store), store_before);
}

const TMP_SCRIPT: &str = r#"
PY=/usr/bin/python3
t tmp_write 'echo s > "/tmp/$NAME" && test "$(cat "/tmp/$NAME")" = s'
t shm_write 'echo s > "/dev/shm/$NAME" && test "$(cat "/dev/shm/$NAME")" = s'
t mktemp 'f=$(mktemp) && echo x > "$f" && case "$f" in /tmp/*) true;; *) false;; esac'
t tmp_py '$PY -c "import tempfile; f = tempfile.NamedTemporaryFile(delete=False); f.write(b\"x\"); assert f.name.startswith(\"/tmp/\")"'
t shm_py '$PY -c "import multiprocessing; multiprocessing.Lock()"'
t host_tmp_hidden 'test ! -e "/tmp/$VISIBLE"'
t host_shm_hidden 'test ! -e "/dev/shm/$VISIBLE"'
t engine_tmp 'echo x > "$SB_TMP/f"'
t code_read 'test "$(cat "$CODE/block.sh")" = "echo hi"'
t code_write 'echo x >> "$CODE/block.sh"'
t code_new 'echo x > "$CODE/other.sh"'
"#;

const TMP_SHARED: &str = r#"
t tmp_shared 'test "$(cat "/tmp/$NAME")" = s'
t shm_shared 'test "$(cat "/dev/shm/$NAME")" = s'
"#;

/// /tmp and /dev/shm inside are the session's own: shared by its processes, invisible to
/// everything else, gone when the session ends; the machine's own are out of sight.
fn tmp_case(sb: Sandbox, other: Sandbox) {
    // Two tests run this case; under `cargo test` they share the process.
    static CASES: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let case = CASES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = format!("oi-sandbox-private-{}-{case}", std::process::id());
    let visible = format!("oi-sandbox-host-{}-{case}", std::process::id());
    let host_tmp = Path::new("/tmp").join(&visible);
    let host_shm = Path::new("/dev/shm").join(&visible);
    std::fs::write(&host_tmp, "host").unwrap();
    std::fs::write(&host_shm, "host").unwrap();
    // What the engine writes there for its kernels: readable inside, not writable.
    let code = sb.session.code_dir().unwrap();
    std::fs::write(code.join("block.sh"), "echo hi").unwrap();
    sb.hand_over();
    other.hand_over();
    let env = [
        ("NAME", name.clone()),
        ("VISIBLE", visible.clone()),
        ("CODE", code.display().to_string()),
    ];
    let (verdicts, out) = sb.attempts(TMP_SCRIPT, &env);
    expect(
        &verdicts,
        &out,
        &[
            "tmp_write",
            "shm_write",
            "mktemp",
            "tmp_py",
            "shm_py",
            "host_tmp_hidden",
            "host_shm_hidden",
            "code_read",
        ],
        &["engine_tmp", "code_write", "code_new"],
    );
    assert_eq!(
        std::fs::read_to_string(code.join("block.sh")).unwrap(),
        "echo hi"
    );
    // Nothing reached the machine's /tmp or /dev/shm, or the engine's temp dir.
    assert!(!Path::new("/tmp").join(&name).exists());
    assert!(!Path::new("/dev/shm").join(&name).exists());
    assert!(!sb.tmp.join("f").exists());
    assert_eq!(std::fs::read_to_string(&host_tmp).unwrap(), "host");
    // Another process of the same session sees the files; one of another session does not.
    let (verdicts, out) = sb.attempts(TMP_SHARED, &env);
    expect(&verdicts, &out, &["tmp_shared", "shm_shared"], &[]);
    let (verdicts, out) = other.attempts(TMP_SHARED, &env);
    expect(&verdicts, &out, &[], &["tmp_shared", "shm_shared"]);
    // The session's end takes them away.
    let dir = sb.session.session_dir().unwrap().to_path_buf();
    assert_eq!(
        std::fs::read_to_string(dir.join("tmp").join(&name)).unwrap(),
        "s\n"
    );
    drop(sb);
    assert!(!dir.exists(), "{} outlived its session", dir.display());
    std::fs::remove_file(&host_tmp).unwrap();
    std::fs::remove_file(&host_shm).unwrap();
}

#[test]
fn tmp_and_shm_are_private_to_the_session() {
    tmp_case(
        Sandbox::new(Level::WorkspaceWrite),
        Sandbox::new(Level::WorkspaceWrite),
    );
}

/// A workspace under /tmp (the private /tmp would hide it) is shown at its own path, writable,
/// with its `.git` read-only; the rest of the machine's /tmp stays out of sight.
#[test]
fn a_workspace_under_tmp_stays_in_sight() {
    let sb = Sandbox::in_dir(Level::WorkspaceWrite, Path::new("/tmp"));
    assert!(sb.ws.starts_with("/tmp"));
    std::fs::create_dir(sb.ws.join(".git")).unwrap();
    std::fs::write(sb.ws.join(".git/config"), "[core]\n").unwrap();
    std::fs::write(sb.ws.join("data.txt"), "42\n").unwrap();
    // The engine's code directory is under /tmp too.
    let code = sb.session.code_dir().unwrap();
    assert!(code.starts_with("/tmp"));
    std::fs::write(code.join("block.sh"), "echo hi").unwrap();
    let script = r#"
t read_ws 'test "$(cat data.txt)" = 42 && test "$(cat "$WS/data.txt")" = 42'
t write_ws 'echo x > "$WS/new.txt" && echo y > rel.txt'
t git_config 'echo x >> .git/config'
t outside_hidden 'test ! -e "$OUT/existing.txt"'
t write_outside 'echo x > "$OUT/existing.txt"'
t code_read 'test "$(bash "$CODE/block.sh")" = hi'
t code_write 'echo x >> "$CODE/block.sh"'
"#;
    let (verdicts, out) = sb.attempts(script, &[("CODE", code.display().to_string())]);
    expect(
        &verdicts,
        &out,
        &["read_ws", "write_ws", "outside_hidden", "code_read"],
        &["git_config", "code_write"],
    );
    // `write_outside` went to the session's /tmp, if anywhere: the real file is untouched.
    assert_eq!(
        verdicts.get("write_outside").map(String::as_str),
        Some("denied")
    );
    assert_eq!(
        std::fs::read_to_string(sb.outside.join("existing.txt")).unwrap(),
        "original"
    );
    assert!(sb.ws.join("new.txt").exists() && sb.ws.join("rel.txt").exists());
    assert_eq!(
        std::fs::read_to_string(sb.ws.join(".git/config")).unwrap(),
        "[core]\n"
    );
}

/// At the read-only level too: readable, not writable.
#[test]
fn a_read_only_workspace_under_tmp_stays_in_sight() {
    let sb = Sandbox::in_dir(Level::ReadOnly, Path::new("/tmp"));
    std::fs::write(sb.ws.join("data.txt"), "42\n").unwrap();
    let script = r#"
t read_ws 'test "$(cat data.txt)" = 42'
t write_ws 'echo x > new.txt'
t write_tmp 'echo x > /tmp/f'
t write_shm 'echo x > /dev/shm/f'
"#;
    let (verdicts, out) = sb.attempts(script, &[]);
    // /dev/shm stays writable at this level, as it always was (POSIX semaphores live there).
    expect(
        &verdicts,
        &out,
        &["read_ws", "write_shm"],
        &["write_ws", "write_tmp"],
    );
    assert!(!sb.ws.join("new.txt").exists());
}

/// A policy that lists /tmp itself as writable gets the machine's /tmp, not the session's.
#[test]
fn a_policy_can_give_back_the_machines_tmp() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.filesystem.read_write.push("/tmp".into());
    let host = tempfile::tempdir_in("/tmp").unwrap();
    std::fs::write(host.path().join("seen"), "host").unwrap();
    let script = r#"
t see_host 'test "$(cat "$HOST/seen")" = host'
t write_host 'echo x > "$HOST/written"'
t write_ws 'echo x > in_ws'
"#;
    let (verdicts, out) = sb.attempts(script, &[("HOST", host.path().display().to_string())]);
    expect(
        &verdicts,
        &out,
        &["see_host", "write_host", "write_ws"],
        &[],
    );
    assert!(host.path().join("written").exists());
}

/// Everything above, by a user who owns the files it attempts to change: only the sandbox
/// stops it. (When this test runs unprivileged, the cases above already did.)
#[test]
fn the_boundary_holds_for_an_unprivileged_user() {
    metadata_case(&Sandbox::unprivileged(Level::WorkspaceWrite));
    git_case(&Sandbox::unprivileged(Level::WorkspaceWrite));
    tmp_case(
        Sandbox::unprivileged(Level::WorkspaceWrite),
        Sandbox::unprivileged(Level::WorkspaceWrite),
    );
}

/// The control: on a kernel that refuses user namespaces (forced here) the session runs with
/// landlock and seccomp alone, its line says what that leaves out, and it is true: the same
/// metadata changes go through, while landlock's own denials and the workspace work stay.
#[test]
fn without_user_namespaces_the_session_says_what_goes_through_and_it_does() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    let ctx = oi_sandbox::PolicyContext {
        workspace: sb.ws.clone(),
        home: Some(sb.home.clone()),
        temp_dir: sb.tmp.clone(),
        config_dir: None,
    };
    let support = SandboxSupport {
        user_namespaces: NamespaceSupport::ForcedOff,
        ..oi_sandbox::probe()
    };
    let policy = SandboxPolicy::from_level(Level::WorkspaceWrite, &ctx);
    let session = NativeSession::start_with(policy, &ctx, support).unwrap();
    let line = session.enforcement();
    assert!(
        line.contains("user namespaces: no")
            && line.contains("NOT enforced without them: chmod, chown, utime and xattr"),
        "{line}"
    );
    assert_eq!(session.policy().namespace, None);
    sb.policy = session.policy().clone();
    sb.session = session;
    metadata_setup(&sb);
    let (verdicts, out) = sb.attempts(METADATA_SCRIPT, &[("NAME", "x".into())]);
    let mut allowed = METADATA_INSIDE.to_vec();
    allowed.extend(METADATA_OUTSIDE);
    expect(&verdicts, &out, &allowed, &WRITES_OUTSIDE);
}
