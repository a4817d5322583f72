use std::path::Path;
use std::time::Duration;

use oi_exec::{ExecError, KernelOptions, Kernels, RunOutcome};
use oi_protocol::OutputStream;
use tokio_util::sync::CancellationToken;

/// Every test run is bounded: a hang fails the test instead of blocking the suite.
pub const HANG_GUARD: Duration = Duration::from_secs(20);

pub fn kernels_in(dir: &Path) -> Kernels {
    Kernels::new(KernelOptions::new(dir))
}

pub struct Run {
    pub outcome: RunOutcome,
    pub chunks: Vec<(OutputStream, String)>,
}

pub async fn try_run(kernels: &mut Kernels, language: &str, code: &str) -> Result<Run, ExecError> {
    let mut chunks = Vec::new();
    let cancel = CancellationToken::new();
    let mut sink = |stream: OutputStream, text: &str| chunks.push((stream, text.to_string()));
    let outcome = tokio::time::timeout(HANG_GUARD, kernels.run(language, code, &mut sink, &cancel))
        .await
        .expect("run did not finish")?;
    Ok(Run { outcome, chunks })
}

pub async fn run(kernels: &mut Kernels, language: &str, code: &str) -> RunOutcome {
    let run = try_run(kernels, language, code)
        .await
        .expect("run failed to start");
    // The streamed chunks and the outcome's text agree.
    for stream in [OutputStream::Stdout, OutputStream::Stderr] {
        let streamed: String = run
            .chunks
            .iter()
            .filter(|(s, _)| *s == stream)
            .map(|(_, text)| text.as_str())
            .collect();
        let kept = match stream {
            OutputStream::Stdout => &run.outcome.stdout,
            OutputStream::Stderr => &run.outcome.stderr,
        };
        assert_eq!(&streamed, kept, "{stream:?} streamed vs kept");
    }
    run.outcome
}

/// Whether a process is gone (or a zombie waiting for its new parent to reap it).
pub fn process_is_gone(pid: i32) -> bool {
    use nix::sys::signal::kill;
    use nix::unistd::Pid;
    if kill(Pid::from_raw(pid), None).is_err() {
        return true;
    }
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .map(|stat| {
            stat.rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'))
        })
        .unwrap_or(true)
}

/// Polls (up to 5 s) until the pid written in `file` is gone.
pub async fn assert_pid_file_process_gone(file: &Path) {
    let pid: i32 = std::fs::read_to_string(file)
        .expect("pid file")
        .trim()
        .parse()
        .expect("pid");
    for _ in 0..50 {
        if process_is_gone(pid) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("process {pid} survived");
}
