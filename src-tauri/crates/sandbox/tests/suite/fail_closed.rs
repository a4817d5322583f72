//! When enforcement is unavailable the helper refuses, says why, and never runs the program.

use oi_sandbox::{EXIT_UNENFORCEABLE, EXIT_USAGE, FORCE_UNSUPPORTED_ENV, Level, NetworkMode};

use super::fixture::{HELPER, Sandbox};

fn refuses(sb: &Sandbox, env: Option<(&str, &str)>, expected_code: i32, expected_message: &str) {
    let marker = sb.ws.join("ran");
    let mut cmd = sb.command(&["touch", marker.to_str().unwrap()]);
    if let Some((k, v)) = env {
        cmd.env(k, v);
    }
    let out = cmd.output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(expected_code), "stderr: {stderr}");
    assert!(stderr.starts_with("interpreter sandbox: "), "{stderr}");
    assert!(stderr.contains(expected_message), "{stderr}");
    assert!(
        !marker.exists(),
        "the program ran although the sandbox refused"
    );
}

#[test]
fn no_landlock_means_no_run() {
    let sb = Sandbox::new(Level::WorkspaceWrite);
    refuses(
        &sb,
        Some((FORCE_UNSUPPORTED_ENV, "landlock")),
        EXIT_UNENFORCEABLE,
        "landlock is reported unavailable",
    );
}

/// A session set up with the namespace never runs a process without it: the kernel (forced
/// here) refusing one later stops the process, it does not weaken it.
#[test]
fn a_session_with_the_namespace_never_runs_without_it() {
    let sb = Sandbox::new(Level::WorkspaceWrite);
    assert!(sb.policy.namespace.is_some());
    refuses(
        &sb,
        Some((FORCE_UNSUPPORTED_ENV, "userns")),
        EXIT_UNENFORCEABLE,
        "set up with a user and mount namespace and the kernel now refuses one",
    );
}

#[test]
fn no_seccomp_means_no_run_even_for_full_access() {
    let sb = Sandbox::new(Level::FullAccess);
    refuses(
        &sb,
        Some((FORCE_UNSUPPORTED_ENV, "seccomp")),
        EXIT_UNENFORCEABLE,
        "seccomp filters are not available",
    );
}

#[test]
fn network_modes_the_native_backend_cannot_enforce_are_refused() {
    for mode in [NetworkMode::Loopback, NetworkMode::Hosts] {
        let mut sb = Sandbox::new(Level::WorkspaceWrite);
        sb.policy.network.mode = mode;
        refuses(
            &sb,
            None,
            EXIT_UNENFORCEABLE,
            "cannot be enforced by the native sandbox",
        );
    }
}

#[test]
fn malformed_invocations_run_nothing() {
    let out = std::process::Command::new(HELPER)
        .args(["__sandbox", "--policy-json", "{\"nope\":1}", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_USAGE));
    let out = std::process::Command::new(HELPER)
        .args(["__sandbox", "--", "true"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(EXIT_USAGE));
}

#[test]
fn the_sandboxed_program_runs_and_reports_its_own_status() {
    let sb = Sandbox::new(Level::ReadOnly);
    let out = sb
        .command(&["sh", "-c", "echo out; echo err >&2; exit 7"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(7));
    assert_eq!(out.stdout, b"out\n");
    assert_eq!(out.stderr, b"err\n");
    let missing = sb
        .command(&["definitely-not-a-program-xyz"])
        .output()
        .unwrap();
    assert_eq!(missing.status.code(), Some(oi_sandbox::EXIT_NOT_FOUND));
}
