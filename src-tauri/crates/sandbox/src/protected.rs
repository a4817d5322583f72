//! Protected paths: writes the approval gate always puts to a person, even under auto-run (`-y`).

use std::path::{Component, Path, PathBuf};

const STARTUP_FILES: &[&str] = &[
    ".bashrc",
    ".bash_profile",
    ".bash_login",
    ".bash_logout",
    ".profile",
    ".zshrc",
    ".zprofile",
    ".zshenv",
    ".zlogin",
    ".zlogout",
    ".kshrc",
    ".cshrc",
    ".tcshrc",
    ".inputrc",
];
const SYSTEM_STARTUP: &[&str] = &[
    "/etc/profile",
    "/etc/bash.bashrc",
    "/etc/environment",
    "/etc/zsh/zshrc",
    "/etc/zshrc",
];

/// Why writing `path` needs an explicit prompt, or `None` if it does not.
///
/// `path` should be absolute (join it to the working directory first); `~/…` is expanded with
/// `home`. Symlinks of existing paths are followed, so a link in the workspace that points into
/// `~/.ssh` is protected too.
pub fn is_protected_path(path: &Path, home: &Path, config_dir: &Path) -> Option<&'static str> {
    let expanded = match path.strip_prefix("~") {
        Ok(rest) => home.join(rest),
        Err(_) => path.to_path_buf(),
    };
    let lexical = normalize(&expanded);
    let resolved = resolve_existing(&lexical);
    [Some(lexical), resolved]
        .into_iter()
        .flatten()
        .find_map(|p| reason(&p, &normalize(home), &normalize(config_dir)))
}

fn reason(p: &Path, home: &Path, config_dir: &Path) -> Option<&'static str> {
    if p.starts_with(config_dir) {
        return Some("this program's own configuration (API keys, approval rules)");
    }
    if p.components().any(|c| c.as_os_str() == ".git") {
        return Some(
            "the internals of a git repository (.git): hooks there run on every git command",
        );
    }
    if p.starts_with(home.join(".ssh")) {
        return Some("SSH keys and configuration (~/.ssh)");
    }
    if p.starts_with(home.join(".gnupg")) || p.starts_with(home.join(".aws")) {
        return Some("credentials (~/.gnupg, ~/.aws)");
    }
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let in_home = p.parent() == Some(home);
    let fish = p == home.join(".config/fish/config.fish");
    if (in_home && STARTUP_FILES.contains(&name))
        || fish
        || SYSTEM_STARTUP.iter().any(|s| p == Path::new(s))
        || p.starts_with("/etc/profile.d")
    {
        return Some("a shell startup file: what is written there runs in every new shell");
    }
    None
}

/// Files `code` names as write targets, as written (`~`, `$HOME` unexpanded). Shell:
/// redirections, tee/cp/mv/ln/install/rsync destinations, `sed -i`, and what rm, touch, mkdir,
/// chmod change, nested `bash -c` included. Python and JavaScript: every string literal, when
/// the code writes, deletes or moves files at all (plus the shell commands it spawns).
pub fn write_targets(language: &str, code: &str) -> Vec<String> {
    let mut out = Vec::new();
    match language.to_ascii_lowercase().as_str() {
        "python" | "python3" | "py" | "javascript" | "js" | "node" | "nodejs" | "typescript"
        | "ts" => {
            let literals = crate::scan::literals(code);
            if crate::scan::WRITE_CALL.is_match(code) {
                out.extend(literals.iter().cloned());
            }
            // Command strings handed to os.system, subprocess, child_process…
            for lit in &literals {
                crate::scan_shell::shell_write_targets(lit, 1, &mut out);
            }
        }
        _ => crate::scan_shell::shell_write_targets(code, 0, &mut out),
    }
    out.sort();
    out.dedup();
    out
}

/// The protected paths among the files `code` writes: `(path, reason)`. Targets are expanded
/// (`~`, `$HOME`) and resolved against `cwd`; a bare startup-file name in code that refers to
/// the home directory (`Path.home() / ".bashrc"`) counts as that file in `home`.
pub fn protected_writes(
    language: &str,
    code: &str,
    cwd: &Path,
    home: &Path,
    config_dir: &Path,
) -> Vec<(PathBuf, &'static str)> {
    let mentions_home = ["Path.home()", "expanduser", "HOME", "homedir()"]
        .iter()
        .any(|h| code.contains(h));
    let mut found: Vec<(PathBuf, &'static str)> = Vec::new();
    for target in write_targets(language, code) {
        let t = target.trim();
        if t.is_empty() || t.contains('\n') || t.len() > 4096 {
            continue;
        }
        let mut candidates = vec![expand(t, cwd, home)];
        if mentions_home && STARTUP_FILES.contains(&t.trim_start_matches('/')) {
            candidates.push(home.join(t.trim_start_matches('/')));
        }
        for path in candidates {
            if let Some(reason) = is_protected_path(&path, home, config_dir)
                && !found.iter().any(|(p, _)| p == &path)
            {
                found.push((path, reason));
            }
        }
    }
    found
}

fn expand(target: &str, cwd: &Path, home: &Path) -> PathBuf {
    for var in ["~", "$HOME", "${HOME}"] {
        if let Some(rest) = target.strip_prefix(var)
            && (rest.is_empty() || rest.starts_with('/'))
        {
            return home.join(rest.trim_start_matches('/'));
        }
    }
    let p = Path::new(target);
    if p.is_absolute() {
        p.to_path_buf()
    } else {
        cwd.join(p)
    }
}

/// `.` and `..` resolved without touching the filesystem.
pub fn normalize(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The path as the kernel would see it: symlinks of the longest existing ancestor resolved,
/// `.` and `..` folded.
pub fn resolve_for_check(path: &Path) -> PathBuf {
    let path = normalize(path);
    let mut existing = path.as_path();
    let mut rest = Vec::new();
    loop {
        if let Ok(real) = std::fs::canonicalize(existing) {
            let mut out = real;
            for part in rest.iter().rev() {
                out.push(part);
            }
            return out;
        }
        match (existing.parent(), existing.file_name()) {
            (Some(parent), Some(name)) => {
                rest.push(name.to_os_string());
                existing = parent;
            }
            _ => return path,
        }
    }
}

/// The path with symlinks followed: the path itself if it exists, else its parent + name.
fn resolve_existing(p: &Path) -> Option<PathBuf> {
    std::fs::canonicalize(p).ok().or_else(|| {
        Some(
            std::fs::canonicalize(p.parent()?)
                .ok()?
                .join(p.file_name()?),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(p: &str) -> Option<&'static str> {
        is_protected_path(
            Path::new(p),
            Path::new("/home/u"),
            Path::new("/home/u/.config/open-interpreter"),
        )
    }

    #[test]
    fn protected() {
        for p in [
            "/work/proj/.git/hooks/pre-commit",
            "/work/proj/.git/config",
            "/work/proj/sub/../.git/HEAD",
            "/home/u/.bashrc",
            "~/.zshrc",
            "/home/u/.profile",
            "/home/u/.config/fish/config.fish",
            "/etc/profile.d/evil.sh",
            "/home/u/.ssh/authorized_keys",
            "~/.ssh/config",
            "/home/u/.config/open-interpreter/config.toml",
            "/home/u/.aws/credentials",
        ] {
            assert!(check(p).is_some(), "{p} should be protected");
        }
        assert!(
            check("/home/u/.config/open-interpreter/x")
                .unwrap()
                .contains("own configuration")
        );
        assert!(check("/w/.git/hooks/x").unwrap().contains(".git"));
    }

    #[test]
    fn not_protected() {
        for p in [
            "/work/proj/src/main.rs",
            "/work/proj/.gitignore",
            "/work/proj/.github/workflows/ci.yml",
            "/work/proj/.bashrc",
            "/home/u/notes/.profile.bak",
            "/home/u/.config/other/config.toml",
            "/tmp/x",
        ] {
            assert_eq!(check(p), None, "{p} should not be protected");
        }
    }

    #[test]
    fn code_that_writes_protected_paths() {
        let (cwd, home, cfg) = (
            Path::new("/w"),
            Path::new("/home/u"),
            Path::new("/home/u/.config/open-interpreter"),
        );
        let hits = |lang: &str, code: &str| -> Vec<String> {
            protected_writes(lang, code, cwd, home, cfg)
                .into_iter()
                .map(|(p, _)| p.display().to_string())
                .collect()
        };
        assert_eq!(
            hits("bash", "echo 'alias ls=rm' >> ~/.bashrc"),
            ["/home/u/.bashrc"]
        );
        assert_eq!(
            hits(
                "shell",
                "cp hook.sh .git/hooks/pre-commit && chmod +x .git/hooks/pre-commit"
            ),
            ["/w/.git/hooks/pre-commit"]
        );
        assert_eq!(
            hits("bash", "bash -c 'cat key >> $HOME/.ssh/authorized_keys'"),
            ["/home/u/.ssh/authorized_keys"]
        );
        assert_eq!(
            hits(
                "python",
                "from pathlib import Path\n(Path.home() / '.zshrc').write_text('x')"
            ),
            ["/home/u/.zshrc"]
        );
        assert_eq!(
            hits(
                "javascript",
                "require('fs').appendFileSync('/home/u/.profile', 'x')"
            ),
            ["/home/u/.profile"]
        );
        assert_eq!(
            hits("python", "import os\nos.system('rm -rf .git')"),
            ["/w/.git"]
        );
        // Reading them, or writing elsewhere, is not a protected write.
        assert!(hits("bash", "cat ~/.bashrc; git status; ls .git").is_empty());
        assert!(hits("python", "print(open('/home/u/.bashrc').read())").is_empty());
        assert!(hits("python", "open('out.txt', 'w').write('.bashrc')").is_empty());
        assert!(hits("bash", "echo hi > notes.txt").is_empty());
    }

    #[test]
    fn symlinks_into_protected_places_are_followed() {
        let t = tempfile::tempdir().unwrap();
        let home = t.path().canonicalize().unwrap();
        std::fs::create_dir_all(home.join(".ssh")).unwrap();
        std::fs::create_dir_all(home.join("proj")).unwrap();
        std::os::unix::fs::symlink(home.join(".ssh"), home.join("proj/keys")).unwrap();
        let cfg = home.join(".config/oi");
        assert!(is_protected_path(&home.join("proj/keys/authorized_keys"), &home, &cfg).is_some());
        assert!(is_protected_path(&home.join("proj/file.txt"), &home, &cfg).is_none());
    }
}
