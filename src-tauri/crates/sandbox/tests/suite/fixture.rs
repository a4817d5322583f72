//! A sandbox under test: a workspace, a private temp dir, a fake home with credentials, and an
//! "outside" directory that nothing in the sandbox may change. All under one tempdir.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use oi_sandbox::{Level, PolicyContext, SandboxPolicy, launcher_prefix};

pub const HELPER: &str = env!("CARGO_BIN_EXE_oi-sandbox-helper");

pub struct Sandbox {
    _base: tempfile::TempDir,
    pub ws: PathBuf,
    pub tmp: PathBuf,
    pub home: PathBuf,
    pub outside: PathBuf,
    pub policy: SandboxPolicy,
}

impl Sandbox {
    pub fn new(level: Level) -> Self {
        let base = tempfile::tempdir().unwrap();
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
        let policy = SandboxPolicy::from_level(level, &ctx);
        Sandbox {
            _base: base,
            ws,
            tmp,
            home,
            outside,
            policy,
        }
    }

    /// A command running `argv` inside the sandbox, in the workspace.
    pub fn command(&self, argv: &[&str]) -> Command {
        let prefix = launcher_prefix(&self.policy, Path::new(HELPER)).unwrap();
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
