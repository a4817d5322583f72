//! Shell blocks in the front end's terminal keep the persistent shell's semantics. Each block is a
//! fresh `bash -c` in a terminal of the editor's, so on its own a `cd` or an `export` would be
//! lost with it. The session keeps the state the way our own shell kernel does: a block starts in
//! the directory where the last one ended, with the variables it had exported.
//!
//! The state travels through files in a private directory (0700, removed with the session),
//! never through the output, so neither the editor's terminal nor the model sees any of it:
//! `BASH_ENV` names a script that bash runs before the block; it restores the exports and, when
//! the block's shell exits, writes the final directory and exports back. What it cannot carry:
//! unexported shell variables and functions, and state under a sandbox that cannot write the
//! directory (read-only, docker); those runs start from the session's directory as before.

use std::path::{Path, PathBuf};

use oi_tools::environment::CommandRequest;

/// Before the block: restore the last exports (unsetting the ones it had removed), then arrange
/// for the final directory and exports to be written when the shell exits, whatever the block
/// did (`exit` included). Only builtins: the block may have broken PATH.
const RESTORE_AND_SAVE: &str = r#"unset BASH_ENV
if [ -r "$__OI_STATE/env" ]; then
  for __oi_name in $(compgen -e 2>/dev/null); do
    case $__oi_name in PWD|SHLVL|__OI_STATE) ;; *) unset "$__oi_name" 2>/dev/null ;; esac
  done
  unset __oi_name
  . "$__OI_STATE/env" 2>/dev/null
fi
__oi_state=$__OI_STATE
unset __OI_STATE
__oi_save() {
  __oi_status=$?
  {
    export -n PWD SHLVL _
    builtin pwd >"$__oi_state/cwd"
    export -p >"$__oi_state/env"
  } 2>/dev/null
  exit "$__oi_status"
}
trap __oi_save EXIT
"#;

/// The state of the shell blocks run in the front end's terminal.
#[derive(Debug, Default)]
pub(crate) struct ClientShell {
    /// Made on the first run; `None` before, or when it could not be made.
    state: Option<StateDir>,
}

/// Where the state files are, for the engine and for the block's shell. Under a sandbox with
/// a private /tmp the two differ: the engine sees the session's own tmp directory where the
/// shell sees `/tmp`.
#[derive(Debug)]
struct StateDir {
    dir: tempfile::TempDir,
    /// The same directory as the block's shell sees it.
    inside: PathBuf,
}

/// A private /tmp of the sandbox the blocks run in: `(as the engine sees it, as code sees it)`.
pub(crate) type PrivateTmp = Option<(PathBuf, PathBuf)>;

impl ClientShell {
    /// The request for one shell block: in the last directory a block ended in (if it still
    /// exists, else `session_cwd`), with the state script named in its environment.
    pub(crate) fn request(
        &mut self,
        call_id: String,
        launcher: &[std::ffi::OsString],
        code: &str,
        session_cwd: &Path,
        private_tmp: &PrivateTmp,
    ) -> CommandRequest {
        let (program, args) = oi_tools::environment::shell_command(launcher, code);
        let mut request = CommandRequest {
            call_id,
            program,
            args,
            cwd: session_cwd.to_path_buf(),
            env: Vec::new(),
        };
        let Some(state) = self.state_dir(private_tmp) else {
            return request;
        };
        if let Some(cwd) = last_cwd(state.dir.path()).filter(|d| d.is_dir()) {
            request.cwd = cwd;
        }
        request.env = vec![
            (
                "BASH_ENV".to_string(),
                state
                    .inside
                    .join("restore.sh")
                    .to_string_lossy()
                    .into_owned(),
            ),
            (
                "__OI_STATE".to_string(),
                state.inside.to_string_lossy().into_owned(),
            ),
        ];
        request
    }

    fn state_dir(&mut self, private_tmp: &PrivateTmp) -> Option<&StateDir> {
        if self.state.is_none() {
            match make_state_dir(private_tmp) {
                Ok(dir) => self.state = Some(dir),
                Err(e) => {
                    tracing::warn!("shell state in the editor's terminal is not kept: {e}");
                    return None;
                }
            }
        }
        self.state.as_ref()
    }
}

/// In the sandbox's private /tmp when there is one (the only place there both the engine and
/// the block can write), else in the system's temp dir.
fn make_state_dir(private_tmp: &PrivateTmp) -> std::io::Result<StateDir> {
    let builder = || {
        let mut b = tempfile::Builder::new();
        b.prefix("oi-shell-");
        b
    };
    let (dir, inside) = match private_tmp {
        Some((outside, inside)) => {
            let dir = builder().tempdir_in(outside)?;
            let name = dir.path().file_name().unwrap_or_default().to_owned();
            (dir, inside.join(name))
        }
        None => {
            let dir = builder().tempdir()?;
            let path = dir.path().to_path_buf();
            (dir, path)
        }
    };
    std::fs::write(dir.path().join("restore.sh"), RESTORE_AND_SAVE)?;
    Ok(StateDir { dir, inside })
}

/// Where the last block ended, as its shell wrote it.
fn last_cwd(dir: &Path) -> Option<PathBuf> {
    let text = std::fs::read_to_string(dir.join("cwd")).ok()?;
    let line = text.strip_suffix('\n').unwrap_or(&text);
    (!line.is_empty()).then(|| PathBuf::from(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs a request the way an editor's terminal does: the program with its args, in its
    /// directory, with its environment on top of ours.
    fn run(request: &CommandRequest) -> (String, Option<i32>) {
        let out = std::process::Command::new(&request.program)
            .args(&request.args)
            .current_dir(&request.cwd)
            .envs(request.env.iter().map(|(k, v)| (k, v)))
            .output()
            .unwrap();
        let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.push_str(&String::from_utf8_lossy(&out.stderr));
        (text, out.status.code())
    }

    #[test]
    fn cd_and_exports_carry_over_and_nothing_shows_in_the_output() {
        let work = tempfile::tempdir().unwrap();
        std::fs::create_dir(work.path().join("sub")).unwrap();
        let mut shell = ClientShell::default();
        let first = shell.request(
            "c1".into(),
            &[],
            "cd sub && export X=1 && echo set",
            work.path(),
            &None,
        );
        assert_eq!(first.cwd, work.path());
        assert_eq!(run(&first), ("set\n".to_string(), Some(0)));
        let second = shell.request("c2".into(), &[], "pwd; echo $X", work.path(), &None);
        assert_eq!(second.cwd, work.path().join("sub"));
        let sub = work.path().join("sub");
        assert_eq!(run(&second), (format!("{}\n1\n", sub.display()), Some(0)));
    }

    #[test]
    fn unset_exit_and_a_broken_block_keep_the_state_right() {
        let work = tempfile::tempdir().unwrap();
        let mut shell = ClientShell::default();
        let cwd = work.path();
        run(&shell.request("c1".into(), &[], "export A=1 B=2", cwd, &None));
        // `exit` still saves; the status is the block's.
        let (_, code) =
            run(&shell.request("c2".into(), &[], "unset A; export C=3; exit 4", cwd, &None));
        assert_eq!(code, Some(4));
        // A syntax error: the state stays as it was.
        let (_, code) = run(&shell.request("c3".into(), &[], "if then", cwd, &None));
        assert_eq!(code, Some(2));
        let (out, _) = run(&shell.request(
            "c4".into(),
            &[],
            "echo \"${A-unset} $B $C\"; env | grep -c '^BASH_ENV=\\|^__OI_STATE='",
            cwd,
            &None,
        ));
        assert_eq!(out, "unset 2 3\n0\n");
    }

    #[test]
    fn a_directory_that_is_gone_falls_back_to_the_sessions() {
        let work = tempfile::tempdir().unwrap();
        std::fs::create_dir(work.path().join("gone")).unwrap();
        let mut shell = ClientShell::default();
        run(&shell.request("c1".into(), &[], "cd gone", work.path(), &None));
        std::fs::remove_dir(work.path().join("gone")).unwrap();
        let next = shell.request("c2".into(), &[], "pwd", work.path(), &None);
        assert_eq!(next.cwd, work.path());
    }
}
