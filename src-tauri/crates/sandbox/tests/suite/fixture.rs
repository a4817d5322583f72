//! A sandbox under test: a workspace, a temp dir, a fake home with credentials, and an "outside"
//! directory that nothing in the sandbox may change. All under one tempdir in the target dir
//! (not under /tmp, which the sandbox replaces with the session's own), with the session that
//! owns the private /tmp and /dev/shm.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use oi_sandbox::{Level, NativeSession, PolicyContext, SandboxPolicy, launcher_prefix};

pub const HELPER: &str = env!("CARGO_BIN_EXE_oi-sandbox-helper");

/// The unprivileged user (`nobody`) a test running as root hands its sandbox to.
pub const NOBODY: u32 = 65534;

pub struct Sandbox {
    /// The session: its policy is `policy` before the tests change it.
    pub session: NativeSession,
    /// Run the sandbox as this uid and gid (`setpriv`), not as this test's user.
    run_as: Option<u32>,
    /// The sandbox helper binary this sandbox runs (a copy the unprivileged user can reach).
    helper: PathBuf,
    base: tempfile::TempDir,
    pub ws: PathBuf,
    pub tmp: PathBuf,
    pub home: PathBuf,
    pub outside: PathBuf,
    pub policy: SandboxPolicy,
}

impl Sandbox {
    pub fn new(level: Level) -> Self {
        Self::in_dir(level, Path::new(env!("CARGO_TARGET_TMPDIR")))
    }

    /// The same, run by an unprivileged user: `nobody` when this test runs as root (call
    /// [`Sandbox::hand_over`] once the test's files are in place), else this test's own user.
    pub fn unprivileged(level: Level) -> Self {
        if !nix::unistd::geteuid().is_root() {
            return Self::new(level);
        }
        // `nobody` cannot enter root's home, where the target dir usually is (CI keeps it in
        // ~/.cache): the files and a copy of the helper go where it can, /var/tmp (not /tmp,
        // which the sandbox replaces).
        let mut sb = Self::in_dir(level, Path::new("/var/tmp"));
        let helper = sb.base.path().join("oi-sandbox-helper");
        std::fs::copy(HELPER, &helper).unwrap();
        sb.helper = helper;
        sb.run_as = Some(NOBODY);
        sb
    }

    /// Give every file of the sandbox to the user it runs as (nothing to do for this process's
    /// own user): the test's outside files are then that user's own, so only the sandbox stops
    /// it from changing them.
    pub fn hand_over(&self) {
        let Some(id) = self.run_as else {
            return;
        };
        let status = Command::new("chown")
            .args(["-R", &format!("{id}:{id}")])
            .arg(self.base.path())
            .status()
            .unwrap();
        assert!(status.success());
    }

    /// The uid the sandboxed programs run as.
    pub fn uid(&self) -> u32 {
        self.run_as
            .unwrap_or_else(|| nix::unistd::geteuid().as_raw())
    }

    /// The same, under `parent` (`/tmp`: a workspace the private /tmp would hide).
    pub fn in_dir(level: Level, parent: &Path) -> Self {
        let base = tempfile::tempdir_in(parent).unwrap();
        let root = base.path().canonicalize().unwrap();
        let (ws, tmp, home, outside) = (
            root.join("ws"),
            root.join("tmp"),
            root.join("home"),
            root.join("outside"),
        );
        for d in [&ws, &tmp, &home.join(".ssh"), &outside] {
            std::fs::create_dir_all(d).unwrap();
        }
        std::fs::write(home.join(".ssh/id_rsa"), "PRIVATE KEY").unwrap();
        std::fs::write(home.join("notes.txt"), "hello").unwrap();
        std::fs::write(outside.join("existing.txt"), "original").unwrap();
        let ctx = PolicyContext {
            workspace: ws.clone(),
            home: Some(home.clone()),
            temp_dir: tmp.clone(),
            config_dir: None,
        };
        let session = NativeSession::start(SandboxPolicy::from_level(level, &ctx), &ctx).unwrap();
        let policy = session.policy().clone();
        Sandbox {
            session,
            run_as: None,
            helper: PathBuf::from(HELPER),
            base,
            ws,
            tmp,
            home,
            outside,
            policy,
        }
    }

    /// A command running `argv` inside the sandbox, in the workspace.
    pub fn command(&self, argv: &[&str]) -> Command {
        let mut prefix = launcher_prefix(&self.policy, &self.helper).unwrap();
        if let Some(id) = self.run_as {
            let setpriv = [
                "setpriv",
                &format!("--reuid={id}"),
                &format!("--regid={id}"),
            ];
            let mut wrapped: Vec<_> = setpriv.iter().map(OsString::from).collect();
            wrapped.extend(["--clear-groups".into(), "--".into()]);
            wrapped.append(&mut prefix);
            prefix = wrapped;
        }
        let mut cmd = Command::new(&prefix[0]);
        cmd.args(&prefix[1..]).args(argv).current_dir(&self.ws);
        cmd.env("WS", &self.ws)
            .env("SB_TMP", &self.tmp)
            .env("OUT", &self.outside)
            .env("HOME_D", &self.home);
        cmd
    }

    /// Run a bash script made of `t NAME 'command'` attempts; each prints `NAME:ok` or
    /// `NAME:denied`. Returns the verdicts and the raw output.
    pub fn attempts(
        &self,
        script: &str,
        env: &[(&str, String)],
    ) -> (BTreeMap<String, String>, Output) {
        let full = format!(
            "t() {{ n=$1; shift; if ( eval \"$@\" ) >/dev/null 2>&1; then echo \"$n:ok\"; else echo \"$n:denied\"; fi; }}\n{script}"
        );
        let mut cmd = self.command(&["bash", "-c", &full]);
        for (k, v) in env {
            cmd.env(k, v);
        }
        let out = cmd.output().unwrap();
        let verdicts = String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| l.split_once(':'))
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        (verdicts, out)
    }
}

/// Assert every named attempt has the expected verdict, listing every mismatch at once.
pub fn expect(
    verdicts: &BTreeMap<String, String>,
    out: &Output,
    allowed: &[&str],
    denied: &[&str],
) {
    let mut wrong = Vec::new();
    for (names, want) in [(allowed, "ok"), (denied, "denied")] {
        for n in names {
            match verdicts.get(*n) {
                Some(v) if v == want => {}
                got => wrong.push(format!("{n}: expected {want}, got {got:?}")),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{}\nstdout:\n{}\nstderr:\n{}",
        wrong.join("\n"),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}
