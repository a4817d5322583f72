//! Kernels behind a container launcher (`KernelOptions::container`, as for `--sandbox docker`).
//!
//! No container engine runs on this machine, so the launcher here builds what `docker run`
//! gives the code, with real kernel features: a mount namespace with its own empty `/tmp`, an
//! environment that is not the engine's, and the code in a session of its own, out of the
//! launcher's process group, reached only through the launcher passing SIGTERM on (docker's
//! signal proxy). Whatever the kernels still needed of this machine's temp dir or environment
//! would break here.

use std::ffi::OsString;
use std::path::Path;
use std::time::Duration;

use oi_exec::{KernelOptions, Kernels};
use oi_protocol::ExecStatus;
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

use super::common::{HANG_GUARD, assert_pid_file_process_gone, run};

/// `sh -c` of the launcher: a fresh `/tmp`, a clean environment, the code in its own session
/// with the launcher's stdin (a plain `&` would give it /dev/null), SIGTERM passed on, the code's status returned.
const LAUNCHER: &str = r#"
mount -t tmpfs tmpfs /tmp || exit 97
exec 3<&0
setsid env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/ LANG=C.UTF-8 "$@" <&3 3<&- &
code=$!
trap 'kill -TERM $code' TERM
status=0
while kill -0 $code 2>/dev/null; do wait $code; status=$?; done
exit $status
"#;

fn container_options(workspace: &Path) -> KernelOptions {
    let mut prefix: Vec<OsString> = vec!["unshare".into(), "--mount".into()];
    // Root makes the mount namespace itself; anyone else through a user namespace.
    let uid = std::os::unix::fs::MetadataExt::uid(&std::fs::metadata("/proc/self").unwrap());
    if uid != 0 {
        prefix.push("--map-root-user".into());
    }
    prefix.extend(
        [
            "--propagation",
            "private",
            "sh",
            "-c",
            LAUNCHER,
            "container",
        ]
        .map(OsString::from),
    );
    KernelOptions {
        env: vec![("OI_FROM_OPTIONS".into(), "passed in".into())],
        launcher_prefix: prefix,
        container: true,
        ..KernelOptions::new(workspace)
    }
}

/// A workspace outside `/tmp`, which the container replaces (docker mounts the workspace).
fn workspace() -> tempfile::TempDir {
    tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).unwrap()
}

/// The path the code sees (the target dir may be reached through a symlink, and the
/// container's environment carries no logical `PWD`).
fn real(dir: &tempfile::TempDir) -> std::path::PathBuf {
    dir.path().canonicalize().unwrap()
}

#[tokio::test]
async fn kernels_in_a_container_need_no_file_or_variable_of_this_machine() {
    let ws = workspace();
    std::fs::create_dir(ws.path().join("sub")).unwrap();
    let host_only = tempfile::NamedTempFile::new().unwrap();
    let mut kernels = Kernels::new(container_options(ws.path()));

    // The launcher really hides this machine's temp dir and environment.
    let seen = run(
        &mut kernels,
        "shell",
        &format!(
            "test -e '{}' && echo visible || echo hidden; echo \"${{CARGO:-no cargo}}\"",
            host_only.path().display()
        ),
    )
    .await;
    assert_eq!(seen.stdout, "hidden\nno cargo\n", "{}", seen.stderr);

    // Shell: state persists, the options' environment arrives, bytes are counted right.
    let first = run(
        &mut kernels,
        "bash",
        "cd sub && export GREETING=héllo\nLOCAL='it''s ✓'",
    )
    .await;
    assert_eq!(first.exit_code, Some(0), "{}", first.stderr);
    let second = run(
        &mut kernels,
        "sh",
        "pwd; echo \"$GREETING $LOCAL $OI_FROM_OPTIONS\"",
    )
    .await;
    assert_eq!(
        second.stdout,
        format!(
            "{}\nhéllo its ✓ passed in\n",
            real(&ws).join("sub").display()
        )
    );
    assert!(!second.kernel_restarted);
    // An error names its line, as on this machine; the status is the last command's.
    let failed = run(&mut kernels, "shell", "true\nno_such_command_oi\n").await;
    assert_eq!(failed.exit_code, Some(127));
    assert!(failed.stderr.contains("line 2"), "{}", failed.stderr);
    assert_eq!(run(&mut kernels, "shell", "").await.exit_code, Some(0));
    assert_eq!(
        run(&mut kernels, "shell", "echo still $GREETING")
            .await
            .stdout,
        "still héllo\n"
    );

    // Python: the container's own interpreter, state kept between blocks.
    run(&mut kernels, "python", "import os\nx = 41").await;
    let py = run(
        &mut kernels,
        "python",
        "print(x + 1, os.environ['OI_FROM_OPTIONS'], os.getcwd())",
    )
    .await;
    assert_eq!(
        py.stdout,
        format!("42 passed in {}\n", real(&ws).display()),
        "{}",
        py.stderr
    );

    // A one-shot language: the code file is the container's own, and is gone afterwards.
    let rb = run(
        &mut kernels,
        "ruby",
        "puts 6 * 7\nputs ENV['OI_FROM_OPTIONS']\nputs File.basename(__FILE__)\nputs Dir.glob('/tmp/oi-block-*').length",
    )
    .await;
    assert_eq!(rb.stdout, "42\npassed in\nblock.rb\n1\n", "{}", rb.stderr);
    assert_eq!(rb.exit_code, Some(0));
    let rb = run(&mut kernels, "ruby", "exit 3").await;
    assert_eq!(rb.exit_code, Some(3));
    kernels.shutdown().await;
}

#[tokio::test]
async fn an_interrupt_reaches_code_the_launcher_only_relays_signals_to() {
    let ws = workspace();
    let mut kernels = Kernels::new(container_options(ws.path()));
    let pid_file = ws.path().join("pid");
    for (language, code) in [
        (
            "python",
            "import os, time\nopen('pid', 'w').write(str(os.getpid()))\nwhile True:\n    time.sleep(0.1)",
        ),
        ("shell", "echo $$ > pid; while true; do sleep 0.1; done"),
        (
            "ruby",
            "File.write('pid', Process.pid.to_s)\nloop { sleep 0.1 }",
        ),
    ] {
        let _ = std::fs::remove_file(&pid_file);
        let cancel = CancellationToken::new();
        let canceller = {
            let cancel = cancel.clone();
            let pid_file = pid_file.clone();
            tokio::spawn(async move {
                for _ in 0..200 {
                    if pid_file.exists() {
                        break;
                    }
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                cancel.cancel();
            })
        };
        let mut sink = |_: oi_protocol::OutputStream, _: &str| {};
        let outcome =
            tokio::time::timeout(HANG_GUARD, kernels.run(language, code, &mut sink, &cancel))
                .await
                .expect("the interrupt ended the run")
                .unwrap();
        canceller.await.unwrap();
        assert_eq!(outcome.status, ExecStatus::Interrupted, "{language}");
        // SIGKILL of the launcher alone would have left it running.
        assert_pid_file_process_gone(&pid_file).await;
    }
    // The next block starts a fresh kernel.
    assert_eq!(
        run(&mut kernels, "python", "print('again')").await.stdout,
        "again\n"
    );
}
