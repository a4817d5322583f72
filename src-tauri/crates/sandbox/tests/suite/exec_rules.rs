//! Exec-time forbid rules, run for real: every way of spelling a forbidden program is refused,
//! judged from outside by the files it did not create. The same script without the rules
//! creates every file, so each case is one the supervisor stops, not one that fails anyway.

use std::path::Path;
use std::process::Output;

use oi_sandbox::{ExecRule, Level};

use super::fixture::Sandbox;

fn rule(words: &[&str]) -> ExecRule {
    ExecRule {
        words: words.iter().map(|w| w.to_string()).collect(),
        label: format!("forbid `{}` (test)", words.join(" ")),
    }
}

/// Each case creates the file named after it with `touch` (or a copy of it).
const CASES: &[(&str, &str)] = &[
    ("plain", "touch plain"),
    ("absolute", "/usr/bin/touch absolute"),
    ("env", "env touch env"),
    ("variable", "x=touch; $x variable"),
    ("bash_c", "bash -c 'touch bash_c'"),
    (
        "os_system",
        "python3 -c 'import os; os.system(\"touch os_system\")'",
    ),
    (
        "subprocess",
        "python3 -c 'import subprocess; subprocess.run([\"/usr/bin/touch\", \"subprocess\"])'",
    ),
    ("script", "./touch_it.sh script"),
    ("make", "make -s -f touch.mk"),
    ("symlink", "ln -s /usr/bin/touch alias && ./alias symlink"),
    (
        "renamed_copy",
        "cp /usr/bin/touch mytool && ./mytool renamed_copy",
    ),
];

fn setup(sb: &Sandbox) {
    std::fs::write(sb.ws.join("touch_it.sh"), "#!/bin/sh\ntouch \"$1\"\n").unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(sb.ws.join("touch_it.sh"), mode).unwrap();
    std::fs::write(sb.ws.join("touch.mk"), "all:\n\ttouch make\n").unwrap();
}

fn run(sb: &Sandbox, script: &str) -> Output {
    let out = sb.command(&["bash", "-c", script]).output().unwrap();
    assert!(
        out.status.code().is_some(),
        "the run ended by a signal: {out:?}"
    );
    out
}

fn script() -> String {
    let mut script: String = CASES
        .iter()
        .map(|(_, line)| format!("( {line} ) >/dev/null 2>&1\n"))
        .collect();
    // Allowed programs still run, in the same tree.
    script.push_str("echo allowed > allowed_echo; mkdir allowed_dir; cp allowed_echo allowed_cp\n");
    script
}

fn created(ws: &Path) -> Vec<&'static str> {
    CASES
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| ws.join(name).exists())
        .collect()
}

fn assert_allowed_ran(ws: &Path, out: &Output) {
    for f in ["allowed_echo", "allowed_dir", "allowed_cp"] {
        assert!(ws.join(f).exists(), "{f} missing: {out:?}");
    }
}

#[test]
fn forbidden_programs_are_refused_however_spelled() {
    assert!(Path::new("/usr/bin/make").exists() || Path::new("/bin/make").exists());
    // Control: without rules every case creates its file.
    let control = Sandbox::new(Level::WorkspaceWrite);
    setup(&control);
    let out = run(&control, &script());
    let all: Vec<&str> = CASES.iter().map(|(name, _)| *name).collect();
    assert_eq!(created(&control.ws), all, "control run: {out:?}");
    assert_allowed_ran(&control.ws, &out);

    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.exec.forbid = vec![rule(&["touch"])];
    setup(&sb);
    let out = run(&sb, &script());
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        created(&sb.ws),
        Vec::<&str>::new(),
        "created under the rule; stderr:\n{stderr}"
    );
    assert_allowed_ran(&sb.ws, &out);
    assert!(
        stderr
            .contains("interpreter sandbox: refused to exec /usr/bin/touch: forbid `touch` (test)"),
        "{stderr}"
    );
    assert!(
        stderr.contains("refused to exec ./mytool: forbid `touch` (test)"),
        "the byte-identical copy is named: {stderr}"
    );
}

#[test]
fn a_refused_exec_fails_with_eacces_a_copy_in_memory_too_and_a_changed_copy_runs() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.exec.forbid = vec![rule(&["touch"])];
    let probe = r#"
import errno, os, shutil, subprocess
try:
    os.execv("/usr/bin/touch", ["touch", "direct"])
except OSError as e:
    print("errno", errno.errorcode[e.errno], flush=True)
# One byte more makes another file: exec-time rules stop names, they are no allow-list.
shutil.copy("/usr/bin/touch", "changed")
with open("changed", "ab") as f:
    f.write(b"\0")
subprocess.run(["./changed", "changed_copy"])
# A copy in memory, run through its descriptor (execveat AT_EMPTY_PATH) under another argv[0].
fd = os.memfd_create("innocent", 0)
with open("/usr/bin/touch", "rb") as f:
    os.write(fd, f.read())
if os.fork() == 0:
    try:
        os.execve(fd, ["innocent", "memfd_copy"], dict(os.environ))
    except OSError as e:
        print("memfd", errno.errorcode[e.errno], flush=True)
    os._exit(0)
os.wait()
"#;
    let out = sb.command(&["python3", "-c", probe]).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(stdout.trim(), "errno EACCES\nmemfd EACCES", "{out:?}");
    assert!(!sb.ws.join("memfd_copy").exists());
    assert!(!sb.ws.join("direct").exists());
    assert!(sb.ws.join("changed_copy").exists(), "{out:?}");
}

#[test]
fn a_multi_word_rule_refuses_only_its_arguments() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.exec.forbid = vec![rule(&["git", "init"])];
    let out = run(
        &sb,
        "git --version > version.txt; git init -q repo; env git init -q repo2; true",
    );
    assert!(
        std::fs::read_to_string(sb.ws.join("version.txt"))
            .unwrap()
            .starts_with("git version"),
        "{out:?}"
    );
    assert!(!sb.ws.join("repo/.git").exists(), "{out:?}");
    assert!(!sb.ws.join("repo2/.git").exists(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("forbid `git init` (test)"),
        "{out:?}"
    );
}

#[test]
fn the_program_itself_and_a_script_interpreter_are_judged() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.exec.forbid = vec![rule(&["touch"]), rule(&["python3"])];
    std::fs::write(
        sb.ws.join("py_script"),
        "#!/usr/bin/env python3\nopen('from_script', 'w')\n",
    )
    .unwrap();
    let mode = std::os::unix::fs::PermissionsExt::from_mode(0o755);
    std::fs::set_permissions(sb.ws.join("py_script"), mode).unwrap();
    let out = sb.command(&["touch", "first"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(oi_sandbox::EXIT_CANNOT_EXECUTE),
        "{out:?}"
    );
    assert!(!sb.ws.join("first").exists());
    let out = run(&sb, "./py_script; exit 0");
    assert!(!sb.ws.join("from_script").exists(), "{out:?}");
}

#[test]
fn the_supervisor_reads_an_unprivileged_users_processes() {
    // As root the supervisor could read any process's memory; a user's may only read its own
    // descendants' (Yama, dumpable): the fork keeps it their ancestor, in and out of the namespace.
    let mut sb = Sandbox::unprivileged(Level::WorkspaceWrite);
    sb.policy.exec.forbid = vec![rule(&["touch"])];
    sb.hand_over();
    let out = run(
        &sb,
        "python3 -c 'import os; os.system(\"touch os_system\")'; touch plain; mkdir allowed_dir",
    );
    assert!(!sb.ws.join("os_system").exists(), "{out:?}");
    assert!(!sb.ws.join("plain").exists(), "{out:?}");
    assert!(sb.ws.join("allowed_dir").exists(), "{out:?}");
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("forbid `touch` (test)"),
        "{out:?}"
    );
}
