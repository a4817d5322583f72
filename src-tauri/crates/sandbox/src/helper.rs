//! The sandbox helper: the `interpreter` binary re-executed as
//!
//! ```text
//! interpreter __sandbox --policy-json <SandboxPolicy as JSON> -- <program> [args…]
//! ```
//!
//! It confines itself (the session's user and mount namespace when the policy has one, then
//! rlimits, no_new_privs, landlock, seccomp), then execs the program, which inherits every
//! restriction. When the policy forbids programs, it first forks an exec supervisor
//! ([`crate::exec_supervisor`]) that stays outside and judges every exec of the program's tree. It stays single-threaded until the exec: landlock does not reach threads that
//! already exist, and the kernel refuses a user namespace to a threaded process. The policy
//! travels in argv (visible in `ps`, holds no secret) so that nothing leaks into the program's
//! environment; in the namespace the program's `TMPDIR` is set to its private /tmp.

use std::convert::Infallible;
use std::ffi::{CString, OsString};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use nix::sys::resource::{Resource, setrlimit};

use crate::error::{DIAGNOSTIC_PREFIX, SandboxError};
use crate::policy::SandboxPolicy;
use crate::probe::probe;
use crate::{exec_supervisor, landlock_rules, namespace, seccomp_filter};

/// The hidden subcommand `interpreter` routes to [`sandbox_main`].
pub const SUBCOMMAND: &str = "__sandbox";
/// The flag carrying the policy.
pub const POLICY_FLAG: &str = "--policy-json";

/// The argv prefix the executors prepend to a command to run it confined by `policy`:
/// `[self_exe, "__sandbox", "--policy-json", <json>, "--"]`.
pub fn launcher_prefix(
    policy: &SandboxPolicy,
    self_exe: &Path,
) -> Result<Vec<OsString>, SandboxError> {
    let json = policy.to_json().map_err(SandboxError::PolicyJson)?;
    Ok(vec![
        self_exe.as_os_str().to_owned(),
        SUBCOMMAND.into(),
        POLICY_FLAG.into(),
        json.into(),
        "--".into(),
    ])
}

/// Entry point of `interpreter __sandbox`; `args` are the arguments after the subcommand.
/// Never returns: it execs the program, or exits with a code from [`crate::error`] after a
/// one-line diagnosis on stderr.
#[allow(clippy::print_stderr)] // a helper process whose stderr is the diagnosis channel
pub fn sandbox_main(args: Vec<OsString>) -> ! {
    match enter(args) {
        Ok(never) => match never {},
        Err(e) => {
            eprintln!("{DIAGNOSTIC_PREFIX}{e}");
            std::process::exit(e.exit_code())
        }
    }
}

struct Invocation {
    policy: SandboxPolicy,
    argv: Vec<CString>,
}

fn parse_args(args: Vec<OsString>) -> Result<Invocation, SandboxError> {
    let mut it = args.into_iter();
    let mut policy = None;
    loop {
        match it.next() {
            None => {
                return Err(SandboxError::Usage(
                    "missing `--` and the program to run".into(),
                ));
            }
            Some(a) if a == "--" => break,
            Some(a) if a == POLICY_FLAG => {
                let json = it
                    .next()
                    .ok_or_else(|| SandboxError::Usage(format!("{POLICY_FLAG} needs a value")))?;
                let json = json
                    .to_str()
                    .ok_or_else(|| SandboxError::Usage("the policy is not UTF-8".into()))?;
                policy = Some(SandboxPolicy::from_json(json).map_err(SandboxError::PolicyJson)?);
            }
            Some(a) => {
                return Err(SandboxError::Usage(format!(
                    "unexpected argument {}",
                    a.to_string_lossy()
                )));
            }
        }
    }
    let policy = policy.ok_or_else(|| SandboxError::Usage(format!("{POLICY_FLAG} is required")))?;
    let argv = it
        .map(|a| {
            CString::new(a.as_bytes())
                .map_err(|_| SandboxError::Usage("an argument holds a NUL byte".into()))
        })
        .collect::<Result<Vec<_>, _>>()?;
    if argv.is_empty() {
        return Err(SandboxError::Usage("no program after `--`".into()));
    }
    Ok(Invocation { policy, argv })
}

fn enter(args: Vec<OsString>) -> Result<Infallible, SandboxError> {
    let Invocation { policy, argv } = parse_args(args)?;
    let support = probe();
    support.check(&policy)?;
    let mut fs = policy.filesystem.clone();
    if let Some(ns) = &policy.namespace {
        namespace::enter(&policy.filesystem, ns)?;
        // From here /tmp and /dev/shm are the session's own.
        if ns.writable_tmp {
            fs.read_write.push(namespace::TMP.into());
        }
        if ns.writable_shm {
            fs.read_write.push(namespace::SHM.into());
        }
    }
    // Everything that reads the filesystem happens before the restriction (and after the
    // mounts, so the rules hold what the program will see).
    let rules = if fs.restricted {
        landlock_rules::plan(&fs)?
    } else {
        vec![]
    };
    let filters = seccomp_filter::build(&policy.network)?;
    let env = program_env(&policy)?;
    // The supervisor (the parent from here on) stays outside every restriction below.
    let supervised = if policy.exec.is_empty() {
        None
    } else {
        Some(exec_supervisor::split(&policy.exec)?)
    };
    set_limits(&policy)?;
    nix::sys::prctl::set_no_new_privs().map_err(SandboxError::NoNewPrivs)?;
    landlock_rules::restrict_self(&policy, &rules, &support)?;
    seccomp_filter::install(&filters)?;
    if let Some(child) = supervised {
        child.hand_over()?;
    }
    let program = argv[0].clone();
    let errno = match nix::unistd::execvpe(&program, &argv, &env) {
        Ok(never) => match never {},
        Err(e) => e,
    };
    Err(SandboxError::Exec {
        program: program.to_string_lossy().into_owned(),
        source: errno,
    })
}

/// The helper's environment, with `TMPDIR` pointing at the private /tmp in a namespace (the
/// engine's temp dir is out of sight there).
fn program_env(policy: &SandboxPolicy) -> Result<Vec<CString>, SandboxError> {
    let nul = |_| SandboxError::Usage("an environment variable holds a NUL byte".into());
    let mut env = Vec::new();
    for (key, value) in std::env::vars_os() {
        if policy.namespace.is_some() && key == "TMPDIR" {
            continue;
        }
        let mut entry = key.as_bytes().to_vec();
        entry.push(b'=');
        entry.extend_from_slice(value.as_bytes());
        env.push(CString::new(entry).map_err(nul)?);
    }
    if policy.namespace.is_some() {
        env.push(CString::new(format!("TMPDIR={}", namespace::TMP)).map_err(nul)?);
    }
    Ok(env)
}

fn set_limits(policy: &SandboxPolicy) -> Result<(), SandboxError> {
    let p = &policy.process;
    let set = |resource: Resource, name: &'static str, soft: u64, hard: u64| {
        setrlimit(resource, soft, hard).map_err(|source| SandboxError::Rlimit {
            resource: name,
            source,
        })
    };
    if let Some(n) = p.max_processes {
        set(Resource::RLIMIT_NPROC, "RLIMIT_NPROC", n, n)?;
    }
    if let Some(bytes) = p.max_memory_bytes {
        set(Resource::RLIMIT_AS, "RLIMIT_AS", bytes, bytes)?;
    }
    if let Some(secs) = p.max_cpu_seconds {
        // SIGXCPU at the soft limit, SIGKILL a second later.
        set(
            Resource::RLIMIT_CPU,
            "RLIMIT_CPU",
            secs,
            secs.saturating_add(1),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::policy::{Level, PolicyContext};

    #[test]
    fn prefix_round_trips_through_the_parser() {
        let policy = SandboxPolicy::from_level(
            Level::WorkspaceWrite,
            &PolicyContext::from_env("/w".into(), None),
        );
        let mut argv = launcher_prefix(&policy, Path::new("/usr/bin/interpreter")).unwrap();
        assert_eq!(argv[0], "/usr/bin/interpreter");
        assert_eq!(argv[1], SUBCOMMAND);
        argv.extend(["ls".into(), "-la".into()]);
        let inv = parse_args(argv.split_off(2)).unwrap();
        assert_eq!(inv.policy, policy);
        assert_eq!(
            inv.argv,
            vec![CString::new("ls").unwrap(), CString::new("-la").unwrap()]
        );
    }

    #[test]
    fn malformed_invocations_are_usage_errors() {
        let e = parse_args(vec!["--".into(), "ls".into()]).err().unwrap();
        assert_eq!(e.exit_code(), crate::error::EXIT_USAGE);
        let e = parse_args(vec![
            POLICY_FLAG.into(),
            "{".into(),
            "--".into(),
            "ls".into(),
        ])
        .err()
        .unwrap();
        assert_eq!(e.exit_code(), crate::error::EXIT_USAGE);
        let e = parse_args(vec!["--bogus".into()]).err().unwrap();
        assert!(e.to_string().contains("unexpected argument --bogus"));
    }
}
