//! An engine that dies without ending its kernels (SIGKILL) leaves no orphans behind.

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::common::process_is_gone;

/// target/<profile>/examples/doomed_engine, built with the tests.
fn doomed_engine() -> PathBuf {
    let exe = std::env::current_exe().expect("test binary path");
    let profile_dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("target/<profile>/deps");
    profile_dir.join("examples").join("doomed_engine")
}

struct KillGroupOnDrop(Pid);

impl Drop for KillGroupOnDrop {
    fn drop(&mut self) {
        let _ = nix::sys::signal::killpg(self.0, Signal::SIGKILL);
    }
}

fn wait_until(what: &str, limit: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < limit, "{what}: not within {limit:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Runs `code` (which writes "KERNEL_PID CHILD_PID" to the file named by `{pids}`) in a
/// `language` kernel of an engine, SIGKILLs the engine, and checks both processes end.
fn a_sigkilled_engine_takes(language: &str, code: &str) {
    let dir = tempfile::tempdir().unwrap();
    let pids_file = dir.path().join("pids");
    let code = code.replace("{pids}", &pids_file.display().to_string());
    let mut engine = Command::new(doomed_engine())
        .arg(dir.path())
        .arg(language)
        .arg(&code)
        .spawn()
        .expect("start the engine (cargo builds examples with the tests)");
    wait_until(
        "the kernel writes its pids",
        Duration::from_secs(20),
        || {
            std::fs::read_to_string(&pids_file)
                .is_ok_and(|text| text.trim().split(' ').count() == 2)
        },
    );
    let pids: Vec<i32> = std::fs::read_to_string(&pids_file)
        .unwrap()
        .trim()
        .split(' ')
        .map(|pid| pid.parse().unwrap())
        .collect();
    assert!(
        pids.iter().all(|&pid| !process_is_gone(pid)),
        "both run before the kill"
    );
    // Should the test fail, its orphans do not spin on: the kernel leads their group.
    let _cleanup = KillGroupOnDrop(Pid::from_raw(pids[0]));

    let engine_pid = Pid::from_raw(i32::try_from(engine.id()).unwrap());
    kill(engine_pid, Signal::SIGKILL).unwrap();
    engine.wait().unwrap();

    for (what, pid) in [("the kernel", pids[0]), ("the code's child", pids[1])] {
        wait_until(
            &format!("{language}: {what} ({pid}) is gone"),
            Duration::from_secs(5),
            || process_is_gone(pid),
        );
    }
}

#[test]
fn a_sigkilled_engine_takes_its_python_kernel_and_what_the_code_started_with_it() {
    a_sigkilled_engine_takes(
        "python",
        "import os, subprocess\n\
         child = subprocess.Popen(['sleep', '1000'])\n\
         with open('{pids}', 'w') as f:\n    f.write(f'{os.getpid()} {child.pid}')\n\
         while True:\n    pass",
    );
}

#[test]
fn a_sigkilled_engine_takes_its_shell_kernel_and_its_background_jobs_with_it() {
    a_sigkilled_engine_takes(
        "shell",
        "sleep 1000 &\necho \"$$ $!\" > '{pids}'\nwhile true; do sleep 0.1; done",
    );
}

#[test]
fn a_sigkilled_engine_takes_its_node_kernel_and_its_children_with_it() {
    a_sigkilled_engine_takes(
        "javascript",
        "const child = require('child_process').spawn('sleep', ['1000']);\n\
         require('fs').writeFileSync('{pids}', `${process.pid} ${child.pid}`);\n\
         while (true) {}",
    );
}
