//! Process limits (setrlimit). RLIMIT_NPROC is not tested: the kernel does not apply it to root.

use std::time::{Duration, Instant};

use oi_sandbox::Level;

use super::fixture::Sandbox;

#[test]
fn cpu_seconds_limit_stops_a_busy_loop() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.process.max_cpu_seconds = Some(1);
    let start = Instant::now();
    let out = sb
        .command(&["sh", "-c", "while :; do :; done"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(start.elapsed() < Duration::from_secs(20));
    use std::os::unix::process::ExitStatusExt;
    assert!(
        matches!(
            out.status.signal(),
            Some(libc::SIGXCPU) | Some(libc::SIGKILL)
        ),
        "{:?}",
        out.status
    );
}

#[test]
fn memory_limit_fails_large_allocations_but_not_small_ones() {
    let mut sb = Sandbox::new(Level::WorkspaceWrite);
    sb.policy.process.max_memory_bytes = Some(256 << 20);
    let big = sb
        .command(&["/usr/bin/python3", "-c", "b = bytearray(512 * 1024 * 1024)"])
        .output()
        .unwrap();
    assert!(!big.status.success());
    assert!(String::from_utf8_lossy(&big.stderr).contains("MemoryError"));
    let small = sb
        .command(&["/usr/bin/python3", "-c", "b = bytearray(16 * 1024 * 1024)"])
        .output()
        .unwrap();
    assert!(
        small.status.success(),
        "{}",
        String::from_utf8_lossy(&small.stderr)
    );
}
