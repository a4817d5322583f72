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
