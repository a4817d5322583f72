use std::time::Duration;

use oi_exec::{KernelOptions, Kernels};
use oi_protocol::{ExecStatus, OutputStream};
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

use super::common::{HANG_GUARD, kernels_in, run};

#[tokio::test]
async fn cwd_and_exported_variables_persist_between_blocks() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    let mut kernels = kernels_in(dir.path());

    let first = run(
        &mut kernels,
        "bash",
        "cd sub && export GREETING=hello\nLOCAL=1",
    )
    .await;
    assert_eq!(first.exit_code, Some(0));
    let second = run(&mut kernels, "sh", "pwd; echo \"$GREETING $LOCAL\"").await;
    assert_eq!(
        second.stdout,
        format!("{}\nhello 1\n", dir.path().join("sub").display())
    );
    assert_eq!(second.status, ExecStatus::Completed);
    assert!(!second.kernel_restarted);
    kernels.shutdown().await;
}

#[tokio::test]
async fn exit_status_is_the_last_commands() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    assert_eq!(
        run(&mut kernels, "shell", "true\nfalse").await.exit_code,
        Some(1)
    );
    assert_eq!(
        run(&mut kernels, "shell", "false; (exit 3)")
            .await
            .exit_code,
        Some(3)
    );
    let missing = run(&mut kernels, "shell", "ls /no/such/path/here").await;
    assert_eq!(missing.exit_code, Some(2));
    assert!(
        missing.stderr.contains("No such file"),
        "{}",
        missing.stderr
    );
    assert_eq!(
        run(&mut kernels, "shell", "false; true").await.exit_code,
        Some(0)
    );
}

#[tokio::test]
async fn stdout_and_stderr_arrive_apart() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let outcome = run(
        &mut kernels,
        "zsh",
        "echo out; echo err >&2; printf 'no newline'",
    )
    .await;
    assert_eq!(outcome.stdout, "out\nno newline");
    assert_eq!(outcome.stderr, "err\n");
}

#[tokio::test]
async fn output_streams_before_the_block_ends() {
    let dir = tempfile::tempdir().unwrap();
    let go = dir.path().join("go");
    let mut kernels = Kernels::new(KernelOptions {
        timeout: Some(Duration::from_secs(15)),
        ..KernelOptions::new(dir.path())
    });
    // The block waits for a file that only the output callback creates: it can finish
    // only if the first line reached the callback while the block was still running.
    let code = "echo first\nwhile [ ! -f go ]; do sleep 0.05; done\necho second >&2\necho third";
    let mut chunks = Vec::new();
    let mut sink = |stream: OutputStream, text: &str| {
        if text.contains("first") {
            std::fs::write(&go, "").unwrap();
        }
        chunks.push((stream, text.to_string()));
    };
    let outcome = kernels
        .run("shell", code, &mut sink, &CancellationToken::new())
        .await
        .unwrap();
    assert_eq!(outcome.status, ExecStatus::Completed);
    assert_eq!(chunks[0], (OutputStream::Stdout, "first\n".to_string()));
    assert_eq!(outcome.stdout, "first\nthird\n");
    assert_eq!(outcome.stderr, "second\n");
}

#[tokio::test]
async fn exit_ends_the_kernel_and_the_next_block_gets_a_fresh_one() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    run(&mut kernels, "shell", "export KEPT=yes").await;
    let exited = run(&mut kernels, "shell", "echo bye; exit 7").await;
    assert_eq!(exited.status, ExecStatus::Completed);
    assert_eq!(exited.exit_code, Some(7));
    assert_eq!(exited.stdout, "bye\n");
    assert!(exited.kernel_restarted);
    let next = run(&mut kernels, "shell", "echo \"fresh:${KEPT:-unset}\"").await;
    assert_eq!(next.stdout, "fresh:unset\n");
}

#[tokio::test]
async fn the_block_cannot_read_the_kernels_requests() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = kernels_in(dir.path());
    let outcome = tokio::time::timeout(
        HANG_GUARD,
        run(&mut kernels, "shell", "cat; read x; echo \"read:$?\""),
    )
    .await
    .unwrap();
    assert_eq!(outcome.stdout, "read:1\n");
    assert_eq!(
        run(&mut kernels, "shell", "echo still here").await.stdout,
        "still here\n"
    );
}

#[tokio::test]
async fn env_and_launcher_prefix_apply_to_the_kernel() {
    let dir = tempfile::tempdir().unwrap();
    let mut kernels = Kernels::new(KernelOptions {
        env: vec![("OI_FROM_OPTIONS".into(), "options".into())],
        // `env VAR=value` stands in for the sandbox launcher.
        launcher_prefix: vec!["env".into(), "OI_LAUNCHED=launcher".into()],
        ..KernelOptions::new(dir.path())
    });
    let outcome = run(&mut kernels, "shell", "echo $OI_FROM_OPTIONS $OI_LAUNCHED").await;
    assert_eq!(outcome.stdout, "options launcher\n");
}
