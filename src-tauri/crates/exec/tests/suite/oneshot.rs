use std::time::Duration;

use oi_exec::{ExecError, KernelOptions, Kernels, Language, OneShotRunner, run_one_shot};
use oi_protocol::{ExecStatus, OutputStream};
use pretty_assertions::assert_eq;
use tokio_util::sync::CancellationToken;

use super::common::{HANG_GUARD, assert_pid_file_process_gone, kernels_in, try_run};

fn runner(program: &str, extension: &str) -> OneShotRunner {
    OneShotRunner {
        name: format!("{program}-once"),
        program: program.to_string(),
        args: Vec::new(),
        extension: extension.to_string(),
        install_hint: format!("apt install {program}"),
    }
}

async fn once(
    runner: &OneShotRunner,
    code: &str,
    options: &KernelOptions,
) -> Result<(oi_exec::RunOutcome, Vec<(OutputStream, String)>), ExecError> {
    let mut chunks = Vec::new();
    let mut sink = |stream: OutputStream, text: &str| chunks.push((stream, text.to_string()));
    let cancel = CancellationToken::new();
    let outcome = tokio::time::timeout(
        HANG_GUARD,
        run_one_shot(runner, code, options, &mut sink, &cancel),
    )
    .await
    .expect("one-shot run did not finish")?;
    Ok((outcome, chunks))
}

#[tokio::test]
async fn a_one_shot_run_streams_both_streams_and_reports_the_exit_code() {
    let dir = tempfile::tempdir().unwrap();
    let options = KernelOptions::new(dir.path());
    let code = "import sys\nprint('out')\nprint('err', file=sys.stderr)\nsys.exit(3)\n";
    let (outcome, chunks) = once(&runner("python3", "py"), code, &options)
        .await
        .unwrap();
    assert_eq!(outcome.status, ExecStatus::Completed);
    assert_eq!(outcome.exit_code, Some(3));
    assert_eq!(outcome.stdout, "out\n");
    assert_eq!(outcome.stderr, "err\n");
    assert!(!outcome.kernel_restarted);
    // Unbuffered Python writes "out" and "\n" apart: compare the joined chunks.
    let streamed: String = chunks
        .iter()
        .filter(|(stream, _)| *stream == OutputStream::Stdout)
        .map(|(_, text)| text.as_str())
        .collect();
    assert_eq!(streamed, "out\n");
}

#[tokio::test]
async fn a_missing_interpreter_is_a_typed_error_that_says_what_to_do() {
    let dir = tempfile::tempdir().unwrap();
    let options = KernelOptions::new(dir.path());
    let missing = runner("oi-interpreter-that-cannot-exist", "x");
    let error = once(&missing, "anything", &options).await.unwrap_err();
    assert!(
        matches!(error, ExecError::LanguageNotInstalled { .. }),
        "{error:?}"
    );
    // What is installed here is named, Python first (this machine has Python and bash).
    assert!(
        error.to_string().starts_with(
            "oi-interpreter-that-cannot-exist-once is not installed: install it \
             (apt install oi-interpreter-that-cannot-exist), or write the code in a \
             language installed here: python, shell"
        ),
        "{error}"
    );
}

#[tokio::test]
async fn a_language_missing_from_path_is_not_installed() {
    let dir = tempfile::tempdir().unwrap();
    let empty = tempfile::tempdir().unwrap();
    let mut kernels = Kernels::new(KernelOptions {
        env: vec![("PATH".into(), empty.path().display().to_string())],
        ..KernelOptions::new(dir.path())
    });
    for language in ["ruby", "python"] {
        let error = try_run(&mut kernels, language, "1").await.err().unwrap();
        // Nothing is installed on that PATH, so no other language is offered.
        assert!(
            error
                .to_string()
                .ends_with("(apt install ruby) or ask for another language")
                || error
                    .to_string()
                    .ends_with("(apt install python3) or ask for another language"),
            "{error}"
        );
    }
    let unknown = try_run(&mut kernels, "cobol", "1").await.err().unwrap();
    assert!(
        matches!(unknown, ExecError::UnknownLanguage { .. }),
        "{unknown:?}"
    );
}

#[tokio::test]
async fn one_shot_timeout_kills_the_process_group() {
    let dir = tempfile::tempdir().unwrap();
    let options = KernelOptions {
        timeout: Some(Duration::from_millis(500)),
        ..KernelOptions::new(dir.path())
    };
    let code = "sleep 1000 & echo $! > bg.pid\necho started\nsleep 1000\n";
    let (outcome, _) = once(&runner("bash", "sh"), code, &options).await.unwrap();
    assert_eq!(outcome.status, ExecStatus::TimedOut);
    assert_eq!(outcome.stdout, "started\n");
    assert_pid_file_process_gone(&dir.path().join("bg.pid")).await;
}

#[tokio::test]
async fn one_shot_background_children_do_not_outlive_the_run() {
    let dir = tempfile::tempdir().unwrap();
    let options = KernelOptions::new(dir.path());
    let code = "sleep 1000 & echo $! > bg.pid\necho done\n";
    let (outcome, _) = once(&runner("bash", "sh"), code, &options).await.unwrap();
    assert_eq!(outcome.status, ExecStatus::Completed);
    assert_eq!(outcome.exit_code, Some(0));
    assert_eq!(outcome.stdout, "done\n");
    assert_pid_file_process_gone(&dir.path().join("bg.pid")).await;
}

#[test]
fn the_built_in_one_shot_table() {
    let ruby = OneShotRunner::for_language(Language::Ruby).unwrap();
    assert_eq!(
        (ruby.program.as_str(), ruby.extension.as_str()),
        ("ruby", "rb")
    );
    assert_eq!(
        OneShotRunner::for_language(Language::R).unwrap().program,
        "Rscript"
    );
    assert_eq!(
        OneShotRunner::for_language(Language::PowerShell)
            .unwrap()
            .program,
        "pwsh"
    );
    assert_eq!(
        OneShotRunner::for_language(Language::AppleScript)
            .unwrap()
            .program,
        "osascript"
    );
    assert_eq!(OneShotRunner::for_language(Language::Python), None);
    let _ = kernels_in(std::path::Path::new("."));
}

/// With a code directory (a sandbox that hides the temp dir names one), the shell kernel's
/// blocks and one-shot files are written there, and gone once run.
#[tokio::test]
async fn code_files_go_to_the_code_directory() {
    let dir = tempfile::tempdir().unwrap();
    let code_dir = tempfile::tempdir().unwrap();
    let options = KernelOptions {
        code_dir: Some(code_dir.path().to_path_buf()),
        ..KernelOptions::new(dir.path())
    };
    let (outcome, _) = once(&runner("sh", "sh"), "echo \"$0\"", &options)
        .await
        .unwrap();
    let file = std::path::PathBuf::from(outcome.stdout.trim());
    assert_eq!(file.parent(), Some(code_dir.path()), "{file:?}");
    assert!(!file.exists());

    let mut kernels = Kernels::new(options);
    let block = try_run(&mut kernels, "shell", "echo \"$BASH_SOURCE\"")
        .await
        .unwrap();
    let file = std::path::PathBuf::from(block.outcome.stdout.trim());
    assert!(file.starts_with(code_dir.path()), "{file:?}");
    kernels.shutdown().await;
    assert_eq!(std::fs::read_dir(code_dir.path()).unwrap().count(), 0);
}
