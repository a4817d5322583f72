//! Shell rules of the risk scan: each simple command is judged on its program and arguments.

use crate::risk::{CREDENTIAL, Risk, Severity, risk, scan_text_patterns};
use crate::shell_words::{self, SimpleCommand};

pub(crate) fn scan_shell(code: &str, risks: &mut Vec<Risk>) {
    scan_text_patterns(code, risks);
    let commands = shell_words::parse(code);
    for (i, cmd) in commands.iter().enumerate() {
        let prev = if i > 0 { commands.get(i - 1) } else { None };
        judge_command(cmd, prev, risks, 0);
    }
}

const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "fish"];
const INTERPRETERS: &[&str] = &[
    "sh", "bash", "zsh", "dash", "ksh", "fish", "python", "python3", "perl", "ruby", "node",
];
const SYSTEM_DIRS: &[&str] = &[
    "bin", "boot", "dev", "etc", "home", "lib", "lib32", "lib64", "opt", "proc", "root", "sbin",
    "srv", "sys", "usr", "var", "mnt", "media", "snap",
];
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
    ".kshrc",
    ".cshrc",
    ".tcshrc",
    "config.fish",
    "bash.bashrc",
    "environment",
];

/// The program and its arguments once `sudo`, `env`, `nohup`, assignments and the like are peeled off.
fn effective(words: &[String]) -> (&str, &[String]) {
    let mut i = 0;
    while i < words.len() {
        let w = words[i].as_str();
        let is_assignment = w.split_once('=').is_some_and(|(k, _)| {
            !k.is_empty() && k.chars().all(|c| c.is_alphanumeric() || c == '_')
        });
        if is_assignment {
            i += 1;
            continue;
        }
        match w {
            "sudo" | "doas" | "env" | "nohup" | "nice" | "time" | "command" | "exec"
            | "builtin" | "xargs" | "ionice" | "stdbuf" => {
                i += 1;
                // Their own flags (`sudo -u root`, `xargs -0`, `nice -n 10`).
                while i < words.len() && words[i].starts_with('-') {
                    let takes_value = matches!(
                        words[i].as_str(),
                        "-u" | "-g" | "-n" | "-I" | "-C" | "-c" | "-o"
                    );
                    i += if takes_value { 2 } else { 1 };
                }
            }
            _ => break,
        }
    }
    match words.get(i) {
        Some(p) => (p.rsplit('/').next().unwrap_or(p), &words[i + 1..]),
        None => ("", &[]),
    }
}

pub(crate) fn is_broad_path(arg: &str) -> bool {
    let a = arg.trim_end_matches('*').trim_end_matches('/');
    if arg == "*"
        || arg == ".*"
        || matches!(
            a,
            "" | "~" | "$HOME" | "${HOME}" | "." | ".." | "../.." | "/home" | "/root"
        )
    {
        return true;
    }
    if let Some(rest) = a.strip_prefix('/') {
        let mut parts = rest.split('/');
        let first = parts.next().unwrap_or("");
        let second = parts.next();
        if SYSTEM_DIRS.contains(&first)
            && (second.is_none() || (first == "home" && parts.next().is_none()))
        {
            return true;
        }
    }
    // `"$DIR/"*` or `$DIR/`: a variable that may be empty turns into `/`.
    if arg.starts_with('$')
        && (arg.ends_with("/*") || arg.ends_with('/'))
        && a.matches('/').count() == 0
    {
        return !matches!(a, "$TMPDIR" | "${TMPDIR}" | "$PWD" | "${PWD}");
    }
    false
}

fn is_system_path(arg: &str) -> bool {
    let a = arg.trim_end_matches('*').trim_end_matches('/');
    if matches!(a, "" | "~" | "$HOME" | "${HOME}") {
        return true;
    }
    a.strip_prefix('/').is_some_and(|rest| {
        let first = rest.split('/').next().unwrap_or("");
        SYSTEM_DIRS.contains(&first) && first != "home"
            || (first == "home" && rest.matches('/').count() <= 1)
    })
}

fn is_device(arg: &str) -> bool {
    let dev = arg.strip_prefix("of=").unwrap_or(arg);
    dev.starts_with("/dev/")
        && !matches!(
            dev,
            "/dev/null" | "/dev/zero" | "/dev/stdout" | "/dev/stderr" | "/dev/stdin" | "/dev/tty"
        )
        && !dev.starts_with("/dev/fd/")
        && !dev.starts_with("/dev/shm")
}

fn is_startup_file(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let home_like = ["~/", "$HOME/", "${HOME}/", "/root/", "/home/", "/etc/"]
        .iter()
        .any(|p| path.starts_with(p));
    home_like
        && STARTUP_FILES.contains(&name)
        && (name != "environment" || path == "/etc/environment")
}

fn has_flag(args: &[String], short: char, long: &str) -> bool {
    args.iter()
        .any(|a| a == long || (a.starts_with('-') && !a.starts_with("--") && a.contains(short)))
}

fn judge_command(
    cmd: &SimpleCommand,
    prev: Option<&SimpleCommand>,
    risks: &mut Vec<Risk>,
    depth: usize,
) {
    let (prog, args) = effective(&cmd.words);
    let text = &cmd.text;
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();

    // Nested shell code: `bash -c '…'`, `eval '…'`.
    if depth < 3
        && let Some(inner) = nested_shell_code(&cmd.words)
    {
        scan_text_patterns(&inner, risks);
        let cmds = shell_words::parse(&inner);
        for (i, c) in cmds.iter().enumerate() {
            judge_command(
                c,
                if i > 0 { cmds.get(i - 1) } else { None },
                risks,
                depth + 1,
            );
        }
    }

    match prog {
        "rm" => {
            let recursive =
                has_flag(args, 'r', "--recursive") || has_flag(args, 'R', "--recursive");
            if args.iter().any(|a| a == "--no-preserve-root") {
                risks.push(risk(
                    "rm-rf-broad",
                    Severity::Critical,
                    "deletes the whole filesystem (--no-preserve-root)",
                    text,
                ));
            } else if recursive && positional.iter().any(|a| is_broad_path(a)) {
                risks.push(risk(
                    "rm-rf-broad",
                    Severity::Critical,
                    "recursively deletes a broad path (/, home, a system directory, *, ..)",
                    text,
                ));
            }
        }
        "find" => {
            let deletes = args.iter().any(|a| a == "-delete")
                || args
                    .windows(2)
                    .any(|w| matches!(w[0].as_str(), "-exec" | "-execdir") && w[1].ends_with("rm"));
            // `find . -name '*.pyc' -delete` is housekeeping; `find / -delete` or `find ~ …` is not.
            if deletes && positional.first().is_some_and(|a| is_system_path(a)) {
                risks.push(risk(
                    "rm-rf-broad",
                    Severity::Critical,
                    "deletes files across a broad path with find",
                    text,
                ));
            }
        }
        "dd" if args.iter().any(|a| a.starts_with("of=") && is_device(a)) => {
            risks.push(risk(
                "disk-overwrite",
                Severity::Critical,
                "writes raw data over a disk device",
                text,
            ));
        }
        p if (p.starts_with("mkfs")
            || matches!(
                p,
                "wipefs"
                    | "shred"
                    | "fdisk"
                    | "sfdisk"
                    | "parted"
                    | "sgdisk"
                    | "blkdiscard"
                    | "mkswap"
            ))
            && positional.iter().any(|a| is_device(a)) =>
        {
            risks.push(risk(
                "disk-overwrite",
                Severity::Critical,
                "formats, wipes or repartitions a disk device",
                text,
            ));
        }
        "chmod" | "chown" | "chgrp"
            if has_flag(args, 'R', "--recursive")
                && positional.iter().skip(1).any(|a| is_system_path(a)) =>
        {
            risks.push(risk(
                "recursive-chmod-system",
                Severity::High,
                "recursively changes permissions or owners of system or home directories",
                text,
            ));
        }
        "chmod"
            if positional
                .first()
                .is_some_and(|m| m.as_str() == "777" || m.as_str() == "-R")
                && positional.iter().skip(1).any(|a| a.as_str() == "/") =>
        {
            risks.push(risk(
                "recursive-chmod-system",
                Severity::High,
                "makes the filesystem root world-writable",
                text,
            ));
        }
        "shutdown" | "reboot" | "halt" | "poweroff" | "kexec" => {
            risks.push(risk(
                "shutdown",
                Severity::High,
                "shuts down or reboots the machine",
                text,
            ));
        }
        "init" | "telinit"
            if positional
                .first()
                .is_some_and(|a| matches!(a.as_str(), "0" | "6")) =>
        {
            risks.push(risk(
                "shutdown",
                Severity::High,
                "shuts down or reboots the machine",
                text,
            ));
        }
        "systemctl"
            if positional.first().is_some_and(|a| {
                matches!(
                    a.as_str(),
                    "poweroff" | "reboot" | "halt" | "kexec" | "emergency" | "rescue"
                )
            }) =>
        {
            risks.push(risk(
                "shutdown",
                Severity::High,
                "shuts down or reboots the machine",
                text,
            ));
        }
        "kill" | "pkill"
            if args.iter().any(|a| a == "-1")
                && prog == "kill"
                && args.last().is_some_and(|a| a == "-1") =>
        {
            risks.push(risk(
                "kill-all",
                Severity::High,
                "signals every process the user may signal",
                text,
            ));
        }
        "killall5" => risks.push(risk(
            "kill-all",
            Severity::High,
            "signals every process on the machine",
            text,
        )),
        "git" if positional.first().is_some_and(|a| a.as_str() == "push") => {
            let force = args
                .iter()
                .any(|a| a == "--force" || a == "-f" || a.starts_with("--force-with-lease"))
                || positional.iter().any(|a| a.starts_with('+'));
            let protected = positional.iter().skip(1).any(|a| {
                let dest = a.trim_start_matches('+').rsplit(':').next().unwrap_or(a);
                matches!(
                    dest,
                    "main" | "master" | "refs/heads/main" | "refs/heads/master"
                )
            });
            if force && protected {
                risks.push(risk(
                    "git-force-push-main",
                    Severity::High,
                    "force-pushes over the shared main branch, discarding others' commits",
                    text,
                ));
            }
        }
        _ => {}
    }

    // Piping a download into an interpreter.
    if cmd.piped
        && INTERPRETERS.contains(&prog)
        && !args.iter().any(|a| a == "-n" || a == "--help")
        && let Some(p) = prev
    {
        let (src, src_args) = effective(&p.words);
        if matches!(src, "curl" | "wget" | "fetch" | "aria2c") {
            risks.push(risk(
                "curl-pipe-shell",
                Severity::Critical,
                "runs a script straight from the network without a look at it",
                &format!("{} | {}", p.text, text),
            ));
        } else if src == "base64" && src_args.iter().any(|a| a == "-d" || a == "--decode") {
            risks.push(risk(
                "curl-pipe-shell",
                Severity::High,
                "runs obfuscated (base64) code",
                &format!("{} | {}", p.text, text),
            ));
        }
    }
    if SHELLS.contains(&prog)
        && cmd.words.iter().any(|w| w == "<(…)")
        && prev.is_some_and(|p| matches!(effective(&p.words).0, "curl" | "wget"))
    {
        risks.push(risk(
            "curl-pipe-shell",
            Severity::Critical,
            "runs a script straight from the network without a look at it",
            text,
        ));
    }
    if SHELLS.contains(&prog)
        && args.first().is_some_and(|a| a == "-c")
        && args.get(1).is_some_and(|a| a.contains("$(…)"))
        && prev.is_some_and(|p| matches!(effective(&p.words).0, "curl" | "wget"))
    {
        risks.push(risk(
            "curl-pipe-shell",
            Severity::Critical,
            "runs a script straight from the network without a look at it",
            text,
        ));
    }

    for target in written_by(cmd, false) {
        if is_startup_file(target) {
            risks.push(risk(
                "shell-startup-write",
                Severity::High,
                "changes a shell startup file, so the change runs in every future shell",
                text,
            ));
        } else if is_device(target) {
            risks.push(risk(
                "disk-overwrite",
                Severity::Critical,
                "writes raw data over a device",
                text,
            ));
        } else if ["/etc/", "/boot/", "/usr/", "/bin/", "/sbin/", "/lib/"]
            .iter()
            .any(|p| target.starts_with(p))
        {
            risks.push(risk(
                "system-file-write",
                Severity::High,
                "overwrites a system file",
                text,
            ));
        }
    }

    // Reads of credentials (ssh-keygen and friends manage them legitimately).
    let manages_keys = matches!(
        prog,
        "ssh-keygen"
            | "ssh-add"
            | "ssh"
            | "ssh-copy-id"
            | "chmod"
            | "chown"
            | "ls"
            | "stat"
            | "test"
            | "["
            | "rm"
            | "mkdir"
            | "touch"
    );
    if !manages_keys {
        let read_targets = args.iter().map(|a| a.as_str()).chain(
            cmd.redirects
                .iter()
                .filter(|(op, _)| op == "<")
                .map(|(_, t)| t.as_str()),
        );
        for a in read_targets {
            if CREDENTIAL.is_match(a) && !a.ends_with(".pub") {
                risks.push(risk(
                    "credential-read",
                    Severity::High,
                    "reads secret credentials (keys, tokens, password hashes)",
                    text,
                ));
                break;
            }
        }
    }
}

/// Files a simple command writes: redirections, tee, cp/mv/ln/install destinations, sed -i,
/// truncate; with `changes`, also what rm, touch, mkdir, chmod, chown, unlink change.
pub(crate) fn written_by(cmd: &SimpleCommand, changes: bool) -> Vec<&str> {
    let (prog, args) = effective(&cmd.words);
    let positional: Vec<&String> = args.iter().filter(|a| !a.starts_with('-')).collect();
    let mut written: Vec<&str> = cmd
        .redirects
        .iter()
        .filter(|(op, _)| op.starts_with('>'))
        .map(|(_, t)| t.as_str())
        .collect();
    match prog {
        "tee" | "truncate" => written.extend(positional.iter().map(|s| s.as_str())),
        "cp" | "mv" | "ln" | "install" | "rsync" => {
            written.extend(positional.last().map(|s| s.as_str()))
        }
        "sed" | "perl"
            if args
                .iter()
                .any(|a| a.starts_with("-i") || a.starts_with("-pi")) =>
        {
            written.extend(positional.iter().skip(1).map(|s| s.as_str()))
        }
        "rm" | "rmdir" | "unlink" | "touch" | "mkdir" | "shred" if changes => {
            written.extend(positional.iter().map(|s| s.as_str()))
        }
        "chmod" | "chown" | "chgrp" if changes => {
            written.extend(positional.iter().skip(1).map(|s| s.as_str()))
        }
        "dd" => written.extend(args.iter().filter_map(|a| a.strip_prefix("of="))),
        _ => {}
    }
    written
}

/// Every file the shell code names as a write target, nested `bash -c '…'` included.
pub(crate) fn shell_write_targets(code: &str, depth: usize, out: &mut Vec<String>) {
    for cmd in shell_words::parse(code) {
        out.extend(written_by(&cmd, true).into_iter().map(str::to_string));
        if depth < 3
            && let Some(inner) = nested_shell_code(&cmd.words)
        {
            shell_write_targets(&inner, depth + 1, out);
        }
    }
}

/// The code a command hands to a shell: `bash -c '…'` (after sudo, env…), `eval …`.
pub fn nested_shell_code(words: &[String]) -> Option<String> {
    let (prog, args) = effective(words);
    if prog == "eval" {
        return Some(args.join(" "));
    }
    if !SHELLS.contains(&prog) {
        return None;
    }
    args.iter()
        .position(|a| a == "-c")
        .and_then(|p| args.get(p + 1))
        .cloned()
}
