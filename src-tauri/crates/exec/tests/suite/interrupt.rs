use std::time::Duration;

use oi_exec::{KernelOptions, Kernels};
use oi_protocol::{ExecStatus, OutputStream};
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

use super::common::{HANG_GUARD, assert_pid_file_process_gone, kernels_in, run};

#[tokio::test]
async fn timeout_kills_an_endless_python_loop_and_the_kernel_comes_back() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = Kernels::new(KernelOptions {
        timeout: Some(Duration::from_millis(800)),
        ..KernelOptions::new(dir.path())
    });
    let outcome = run(
        &mut kernels,
        "python",
        "print('spinning', flush=True)\nwhile True: pass",
    )
    .await;
    assert_eq!(outcome.status, ExecStatus::TimedOut);
    assert_eq!(outcome.exit_code, None);
    assert_eq!(outcome.stdout, "spinning\n");
    assert!(outcome.kernel_restarted);

    kernels.options_mut().timeout = None;
    assert_eq!(
        run(&mut kernels, "python", "print('next')").await.stdout,
        "next\n"
    );
}

#[tokio::test]
async fn interrupt_kills_a_forking_shell_block_with_its_children() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "shell", "export BEFORE=1").await;

    let code =
        "sleep 1000 & echo $! > first.pid\nsleep 1000 & echo $! > second.pid\necho started\nwait";
    let cancel = CancellationToken::new();
    let mut chunks = Vec::new();
    let mut sink = |stream: OutputStream, text: &str| {
        if text.contains("started") {
            cancel.cancel();
        }
        chunks.push((stream, text.to_string()));
    };
    let outcome = tokio::time::timeout(HANG_GUARD, kernels.run("shell", code, &mut sink, &cancel))
        .await
        .expect("interrupt ended the run")
        .unwrap();
    assert_eq!(outcome.status, ExecStatus::Interrupted);
    assert_eq!(outcome.stdout, "started\n");
    assert!(outcome.kernel_restarted);
    assert_pid_file_process_gone(&dir.path().join("first.pid")).await;
    assert_pid_file_process_gone(&dir.path().join("second.pid")).await;

    let next = run(&mut kernels, "shell", "echo \"ok ${BEFORE:-fresh}\"").await;
    assert_eq!(next.stdout, "ok fresh\n");
    assert_eq!(next.status, ExecStatus::Completed);
}

#[tokio::test]
async fn interrupt_kills_python_subprocesses() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let code = "import subprocess, time\n\
                child = subprocess.Popen(['sleep', '1000'])\n\
                open('child.pid', 'w').write(str(child.pid))\n\
                print('started', flush=True)\n\
                time.sleep(1000)";
    let cancel = CancellationToken::new();
    let mut sink = |_: OutputStream, text: &str| {
        if text.contains("started") {
            cancel.cancel();
        }
    };
    let outcome = tokio::time::timeout(HANG_GUARD, kernels.run("python", code, &mut sink, &cancel))
        .await
        .unwrap()
        .unwrap();
    assert_eq!(outcome.status, ExecStatus::Interrupted);
    assert_pid_file_process_gone(&dir.path().join("child.pid")).await;
    assert_eq!(run(&mut kernels, "python", "6 * 7").await.stdout, "42\n");
}

#[tokio::test]
async fn an_already_cancelled_token_runs_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let cancel = CancellationToken::new();
    cancel.cancel();
    let mut sink = |_: OutputStream, _: &str| {};
    let outcome = kernels
        .run("shell", "touch ran", &mut sink, &cancel)
        .await
        .unwrap();
    assert_eq!(outcome.status, ExecStatus::Interrupted);
    assert!(!dir.path().join("ran").exists());
}

#[tokio::test]
async fn background_processes_die_with_the_session() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "shell", "sleep 1000 & echo $! > shutdown.pid").await;
    run(
        &mut kernels,
        "python",
        "import subprocess\nopen('py.pid','w').write(str(subprocess.Popen(['sleep','1000']).pid))",
    )
    .await;
    kernels.shutdown().await;
    assert_pid_file_process_gone(&dir.path().join("shutdown.pid")).await;
    assert_pid_file_process_gone(&dir.path().join("py.pid")).await;

    let mut dropped = kernels_in(dir.path());
    run(&mut dropped, "shell", "sleep 1000 & echo $! > drop.pid").await;
    drop(dropped);
    assert_pid_file_process_gone(&dir.path().join("drop.pid")).await;
}
