//! Judging one intercepted `execve`/`execveat` against the forbid rules: what program it names,
//! read from outside the calling process (its memory through `/proc/<pid>/mem`, its files
//! through `/proc/<pid>/root`, `/cwd` and `/fd`, so the process's own mounts are the ones seen).
//!
//! A program's names, any of which a rule's first word may match (case-insensitively):
//! - the last component of the path as passed (`/usr/bin/touch`, `./touch`, `touch`);
//! - the last component of every symlink on the way to the file (`python3` → `python3.11`);
//! - `argv[0]`'s last component (what the program believes it is: busybox applets);
//! - for a script, its `#!` interpreter (and the program after `/usr/bin/env`): the kernel runs
//!   the interpreter itself, without another `execve` to intercept;
//! - the name of a forbidden program whose file this is: a hard link, or a copy with the same
//!   size and bytes as the program the rule names on `PATH` (a memfd run by `fexecve` too). A copy changed by one byte, or a
//!   program written from scratch, has no forbidden name: exec-time rules stop programs by name,
//!   they are not an allow-list.

use std::fs::File;
use std::io::Read;
use std::os::fd::OwnedFd;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::{FileExt, MetadataExt};
use std::path::{Path, PathBuf};

use nix::errno::Errno;

use crate::policy::ExecRule;
use crate::sys::{self, Notification};

/// Longest path or argument read from the calling process (PATH_MAX).
const MAX_STRING: usize = 4096;
/// Symlinks followed at most (the kernel's own limit).
const MAX_LINKS: usize = 40;
/// Bytes of a script's first line looked at for its interpreter.
const SHEBANG_BYTES: usize = 256;

/// What to do with one exec.
#[derive(Debug, PartialEq, Eq)]
pub enum Verdict {
    Allow,
    /// Refused by `rule`; `path` is the program as the caller spelled it.
    Refuse {
        path: String,
        rule: String,
    },
    /// Forbidden by name, and no such file: answered `ENOENT` as the kernel would, so that a
    /// `PATH` search goes on quietly (and nothing can appear there between check and exec).
    Missing,
    /// The caller vanished (its notification is no longer valid): nothing to answer.
    Gone,
}

/// An exec as read from the calling process.
#[derive(Debug, Default)]
struct Exec {
    path: String,
    /// Lower-cased names of the program (see the module docs).
    names: Vec<String>,
    /// `argv[1..]`, as many as the longest rule needs.
    args: Vec<String>,
    /// The file exists (seen from the caller).
    exists: bool,
}

/// A forbidden program found on `PATH`, to recognise its links and copies.
#[derive(Debug)]
struct Original {
    name: String,
    path: PathBuf,
    len: u64,
    dev: u64,
    ino: u64,
}

/// The rules, and what is known of the programs they name.
#[derive(Debug)]
pub struct Judge {
    rules: Vec<ExecRule>,
    originals: Vec<Original>,
    /// `argv` entries to read: the longest rule's words.
    argv_needed: usize,
}

impl Judge {
    /// `path_var` is the `PATH` the sandboxed program starts with.
    pub fn new(rules: Vec<ExecRule>, path_var: Option<&std::ffi::OsStr>) -> Self {
        let dirs: Vec<PathBuf> = path_var
            .map(|p| std::env::split_paths(p).collect())
            .unwrap_or_default();
        let mut originals = Vec::new();
        for rule in &rules {
            let Some(name) = rule.words.first() else {
                continue;
            };
            if name.contains('/') || originals.iter().any(|o: &Original| &o.name == name) {
                continue;
            }
            let found = dirs.iter().map(|d| d.join(name)).find_map(|p| {
                let meta = std::fs::metadata(&p).ok()?;
                meta.is_file().then_some((p, meta))
            });
            if let Some((path, meta)) = found {
                originals.push(Original {
                    name: name.to_lowercase(),
                    path,
                    len: meta.len(),
                    dev: meta.dev(),
                    ino: meta.ino(),
                });
            }
        }
        let argv_needed = rules.iter().map(|r| r.words.len()).max().unwrap_or(1);
        Judge {
            rules,
            originals,
            argv_needed,
        }
    }

    /// The verdict on notification `n` from `listener`.
    pub fn judge(&self, listener: &OwnedFd, n: &Notification) -> Verdict {
        let exec = match self.read(listener, n) {
            Ok(exec) => exec,
            Err(Errno::ENOENT) | Err(Errno::ESRCH) => return Verdict::Gone,
            // Unreadable (a bad pointer: the kernel would fail it too) refuses, naming why.
            Err(e) => {
                return Verdict::Refuse {
                    path: "?".into(),
                    rule: format!("the exec could not be inspected ({e})"),
                };
            }
        };
        // The pid read may have been reused by then: only a still-pending notification counts.
        if !sys::notif_id_valid(listener, n.id) {
            return Verdict::Gone;
        }
        match self.rules.iter().find(|r| matches(r, &exec)) {
            Some(_) if !exec.exists => Verdict::Missing,
            Some(rule) => Verdict::Refuse {
                path: exec.path,
                rule: rule.label.clone(),
            },
            None => Verdict::Allow,
        }
    }

    fn read(&self, listener: &OwnedFd, n: &Notification) -> Result<Exec, Errno> {
        let pid = n.pid;
        let (dirfd, path_at, argv_at, flags) = match i64::from(n.nr) {
            libc::SYS_execve => (libc::AT_FDCWD, n.args[0], n.args[1], 0),
            libc::SYS_execveat => (n.args[0] as i32, n.args[1], n.args[2], n.args[4] as i32),
            _ => return Ok(Exec::default()),
        };
        let mem = File::open(format!("/proc/{pid}/mem")).map_err(io_errno)?;
        // Opened before this check, so the file is the caller's and not a reused pid's.
        if !sys::notif_id_valid(listener, n.id) {
            return Err(Errno::ENOENT);
        }
        let path = read_string(&mem, path_at)?;
        let mut argv = Vec::new();
        for i in 0..self.argv_needed {
            // Pointers are 8 bytes: this crate's filters are for x86_64 and aarch64 only.
            let mut ptr = [0u8; 8];
            if argv_at == 0
                || mem
                    .read_at(&mut ptr, argv_at + 8 * i as u64)
                    .map_err(io_errno)?
                    < 8
            {
                break;
            }
            let at = u64::from_ne_bytes(ptr);
            if at == 0 {
                break;
            }
            argv.push(read_string(&mem, at)?);
        }
        let proc = PathBuf::from(format!("/proc/{pid}"));
        let root = proc.join("root");
        let start = if path.is_empty() && flags & libc::AT_EMPTY_PATH != 0 {
            proc.join(format!("fd/{dirfd}"))
        } else if let Some(abs) = path.strip_prefix('/') {
            root.join(abs)
        } else if dirfd == libc::AT_FDCWD {
            proc.join("cwd").join(&path)
        } else {
            proc.join(format!("fd/{dirfd}")).join(&path)
        };
        let mut names = Vec::new();
        names.extend(base_name(&path));
        let file = follow_links(start, &root, &mut names);
        if let Some(arg0) = argv.first() {
            names.extend(base_name(arg0));
        }
        names.extend(shebang_names(&file));
        names.extend(self.original_of(&file));
        Ok(Exec {
            exists: file.exists(),
            path: if path.is_empty() {
                format!("the file of descriptor {dirfd}")
            } else {
                path
            },
            names: names.into_iter().map(|n| n.to_lowercase()).collect(),
            args: argv.into_iter().skip(1).collect(),
        })
    }

    /// The forbidden program `file` is a hard link or an exact copy of.
    fn original_of(&self, file: &Path) -> Option<String> {
        let meta = std::fs::metadata(file).ok()?;
        let same_size: Vec<&Original> = self
            .originals
            .iter()
            .filter(|o| o.len == meta.len())
            .collect();
        if let Some(o) = same_size
            .iter()
            .find(|o| o.dev == meta.dev() && o.ino == meta.ino())
        {
            return Some(o.name.clone());
        }
        same_size
            .into_iter()
            .find(|o| same_bytes(&o.path, file).unwrap_or(false))
            .map(|o| o.name.clone())
    }
}

fn matches(rule: &ExecRule, exec: &Exec) -> bool {
    let Some((program, args)) = rule.words.split_first() else {
        return false;
    };
    let program = program.to_lowercase();
    exec.names.contains(&program)
        && args.len() <= exec.args.len()
        && args.iter().zip(&exec.args).all(|(want, got)| want == got)
}

fn io_errno(e: std::io::Error) -> Errno {
    Errno::from_raw(e.raw_os_error().unwrap_or(libc::EIO))
}

/// A NUL-terminated string at `at` in the process's memory, read page by page so that a
/// string ending just before an unmapped page is still read.
fn read_string(mem: &File, at: u64) -> Result<String, Errno> {
    const PAGE: u64 = 4096;
    let mut bytes = Vec::new();
    let mut at = at;
    while bytes.len() < MAX_STRING {
        let chunk = (PAGE - at % PAGE) as usize;
        let mut buf = vec![0u8; chunk.min(MAX_STRING - bytes.len())];
        let n = mem.read_at(&mut buf, at).map_err(io_errno)?;
        if n == 0 {
            return Err(Errno::EFAULT);
        }
        if let Some(end) = buf[..n].iter().position(|&b| b == 0) {
            bytes.extend_from_slice(&buf[..end]);
            return Ok(String::from_utf8_lossy(&bytes).into_owned());
        }
        bytes.extend_from_slice(&buf[..n]);
        at += n as u64;
    }
    Err(Errno::ENAMETOOLONG)
}

fn base_name(path: &str) -> Option<String> {
    let name = path.trim_end_matches('/').rsplit('/').next()?;
    (!name.is_empty()).then(|| name.to_string())
}

/// Follows the symlinks of the last component of `at` (absolute ones from the process's
/// `root`), pushing each target's name; returns the file reached.
fn follow_links(mut at: PathBuf, root: &Path, names: &mut Vec<String>) -> PathBuf {
    for _ in 0..MAX_LINKS {
        let Ok(target) = std::fs::read_link(&at) else {
            break;
        };
        let bytes = target.as_os_str().as_bytes();
        names.extend(base_name(&String::from_utf8_lossy(bytes)));
        let next = match target.strip_prefix("/") {
            Ok(rel) => root.join(rel),
            Err(_) => match at.parent() {
                Some(dir) => dir.join(&target),
                None => target,
            },
        };
        // A magic link to what has no path (a memfd, a deleted file): the link itself opens it.
        if std::fs::symlink_metadata(&next).is_err() && at.exists() {
            break;
        }
        at = next;
    }
    at
}

/// A script's interpreter from its `#!` line, and the program `env` would run.
fn shebang_names(file: &Path) -> Vec<String> {
    let mut head = Vec::with_capacity(SHEBANG_BYTES);
    let read = File::open(file).and_then(|f| f.take(SHEBANG_BYTES as u64).read_to_end(&mut head));
    if read.is_err() || !head.starts_with(b"#!") {
        return vec![];
    }
    let line = head[2..].split(|&b| b == b'\n').next().unwrap_or_default();
    let line = String::from_utf8_lossy(line);
    let mut words = line.split_whitespace();
    let mut names = Vec::new();
    if let Some(name) = words.next().and_then(base_name) {
        if name == "env" {
            names.extend(
                words
                    .find(|w| !w.starts_with('-') && !w.contains('='))
                    .and_then(base_name),
            );
        }
        names.push(name);
    }
    names
}

fn same_bytes(a: &Path, b: &Path) -> std::io::Result<bool> {
    let (mut a, mut b) = (File::open(a)?, File::open(b)?);
    let (mut x, mut y) = (vec![0u8; 64 * 1024], vec![0u8; 64 * 1024]);
    loop {
        let n = read_full(&mut a, &mut x)?;
        let m = read_full(&mut b, &mut y)?;
        if n != m || x[..n] != y[..m] {
            return Ok(false);
        }
        if n == 0 {
            return Ok(true);
        }
    }
}

fn read_full(f: &mut File, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut filled = 0;
    while filled < buf.len() {
        match f.read(&mut buf[filled..])? {
            0 => break,
            n => filled += n,
        }
    }
    Ok(filled)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(words: &[&str]) -> ExecRule {
        ExecRule {
            words: words.iter().map(|w| w.to_string()).collect(),
            label: format!("forbid `{}`", words.join(" ")),
        }
    }

    fn exec(names: &[&str], args: &[&str]) -> Exec {
        Exec {
            path: String::new(),
            names: names.iter().map(|n| n.to_string()).collect(),
            args: args.iter().map(|a| a.to_string()).collect(),
            exists: true,
        }
    }

    #[test]
    fn a_rule_matches_any_name_and_an_argument_prefix() {
        assert!(matches(&rule(&["touch"]), &exec(&["touch"], &[])));
        assert!(matches(
            &rule(&["TOUCH"]),
            &exec(&["busybox", "touch"], &["x"])
        ));
        assert!(!matches(&rule(&["touch"]), &exec(&["mytouch"], &["x"])));
        assert!(matches(
            &rule(&["git", "push"]),
            &exec(&["git"], &["push", "-f"])
        ));
        assert!(!matches(
            &rule(&["git", "push"]),
            &exec(&["git"], &["status"])
        ));
        assert!(!matches(&rule(&["git", "push"]), &exec(&["git"], &[])));
    }

    #[test]
    fn names_come_from_the_path_links_and_shebang() {
        let dir = tempfile::tempdir().unwrap();
        let script = dir.path().join("run.sh");
        std::fs::write(&script, "#!/usr/bin/env -S python3 -u\nprint(1)\n").unwrap();
        std::os::unix::fs::symlink("run.sh", dir.path().join("alias")).unwrap();
        let mut names = Vec::new();
        let file = follow_links(dir.path().join("alias"), Path::new("/"), &mut names);
        assert_eq!(file, script);
        assert_eq!(names, ["run.sh"]);
        assert_eq!(shebang_names(&file), ["python3", "env"]);
        assert_eq!(base_name("/usr/bin/touch"), Some("touch".into()));
        assert_eq!(base_name(""), None);
    }

    #[test]
    fn copies_and_links_of_a_forbidden_program_keep_its_name() {
        let dir = tempfile::tempdir().unwrap();
        let bin = dir.path().join("bin");
        std::fs::create_dir(&bin).unwrap();
        std::fs::write(bin.join("tool"), b"\x7fELF the tool").unwrap();
        std::fs::write(dir.path().join("copy"), b"\x7fELF the tool").unwrap();
        std::fs::write(dir.path().join("other"), b"\x7fELF the toox").unwrap();
        std::fs::hard_link(bin.join("tool"), dir.path().join("link")).unwrap();
        let judge = Judge::new(vec![rule(&["tool"])], Some(bin.as_os_str()));
        assert_eq!(
            judge.original_of(&dir.path().join("copy")),
            Some("tool".into())
        );
        assert_eq!(
            judge.original_of(&dir.path().join("link")),
            Some("tool".into())
        );
        assert_eq!(judge.original_of(&dir.path().join("other")), None);
    }
}
