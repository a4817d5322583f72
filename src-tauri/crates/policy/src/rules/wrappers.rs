//! Programs that run another command: where their own words end, with their option syntax,
//! and what they run (`sudo -u x touch y` runs `touch y`; `watch -n1 'ls; rm x'` runs the
//! shell code `ls; rm x`; `find … -exec rm {} ;` runs `rm {}`).

use super::invocations::Inner;
use super::options::{Options, Scanned};

/// What `program` (its name `name`, lowercased, without a path) runs, when it is a wrapper.
/// `None`: not a wrapper this check knows.
pub(super) fn wrapped(name: &str, program: &str, args: &[String]) -> Option<Vec<Inner>> {
    let name = gnu_name(name);
    let command = |options: &Options| after_options(program, options, args, 0);
    let inner = match name {
        "nohup" | "builtin" | "dbus-run-session" | "fakeroot" | "proxychains" | "proxychains4"
        | "torsocks" | "tsocks" | "catchsegv" | "caffeinate" | "xvfb-run" | "firejail"
        | "bwrap" | "unshare" | "nsenter" | "systemd-run" | "prlimit" | "valgrind" | "ltrace"
        | "setpriv" | "pkexec" | "run0" | "cgexec" | "numactl" | "chpst" | "tini" | "dumb-init"
        | "sandbox-exec" => strict_options(program, args, 0),
        // One operand (a user, a directory, a priority, a time) before the command.
        "gosu" | "su-exec" | "setuidgid" | "s6-setuidgid" | "envdir" | "chrt" | "faketime" => {
            strict_options(program, args, 1)
        }
        "busybox" | "toybox" => match args.first() {
            Some(applet) if !applet.starts_with('-') => vec![Inner::Command(args.to_vec())],
            _ => Vec::new(),
        },
        "env" => env(program, args),
        "command" => match COMMAND.scan(args) {
            // `command -v touch` only says where `touch` is.
            Ok(s) if s.has('v', "") || s.has('V', "") => Vec::new(),
            Ok(s) => rest(args, s.operands),
            Err(option) => unknown_option(program, option),
        },
        "exec" => command(&EXEC),
        "nice" => command(&NICE),
        "timeout" => after_options(program, &TIMEOUT, args, 1),
        "stdbuf" => command(&STDBUF),
        "setsid" => command(&SETSID),
        "time" => command(&TIME),
        "xargs" => command(&XARGS),
        "unbuffer" => command(&UNBUFFER),
        "strace" => command(&STRACE),
        "find" => find(args),
        "sudo" => sudo(program, args),
        "sudoedit" => Vec::new(),
        "doas" => match DOAS.scan(args) {
            Ok(s) if s.operands == args.len() && s.has('s', "") => {
                vec![shell_on_stdin(program)]
            }
            Ok(s) => rest(args, s.operands),
            Err(option) => unknown_option(program, option),
        },
        "su" | "runuser" | "sg" => su(name, program, args),
        "watch" => match WATCH.scan(args) {
            Ok(s) if s.has('x', "exec") => rest(args, s.operands),
            // watch hands its words, joined, to `sh -c`.
            Ok(s) => code(args[s.operands..].join(" ")),
            Err(option) => unknown_option(program, option),
        },
        "flock" => flock(program, args),
        "chroot" => match CHROOT.scan(args) {
            Ok(s) if s.operands + 1 >= args.len() => vec![shell_on_stdin(program)],
            Ok(s) => rest(args, s.operands + 1),
            Err(option) => unknown_option(program, option),
        },
        "ionice" => match IONICE.scan(args) {
            Ok(s) if s.has('p', "pid") || s.has('P', "pgid") || s.has('u', "uid") => Vec::new(),
            Ok(s) => rest(args, s.operands),
            Err(option) => unknown_option(program, option),
        },
        "taskset" => match TASKSET.scan(args) {
            Ok(s) if s.has('p', "pid") => Vec::new(),
            Ok(s) => rest(args, s.operands + 1),
            Err(option) => unknown_option(program, option),
        },
        "ssh" => match SSH.scan(args) {
            Ok(s) if s.operands + 1 < args.len() => code(args[s.operands + 1..].join(" ")),
            Ok(_) => vec![Inner::Unknown(format!(
                "`{program}` without a command runs a remote shell that reads standard input"
            ))],
            Err(option) => unknown_option(program, option),
        },
        "script" => match SCRIPT.scan(args) {
            Ok(s) => match s.value('c', "command") {
                Some(c) => code(c.to_string()),
                None => vec![shell_on_stdin(program)],
            },
            Err(option) => unknown_option(program, option),
        },
        "parallel" => parallel(program, args),
        "eval" => code(args.join(" ")),
        "source" | "." => vec![Inner::Unknown(format!(
            "`{program} {}` runs the shell code of a file",
            args.first().map_or("", String::as_str)
        ))],
        "trap" => match args.iter().position(|a| a != "--") {
            Some(i) if !args[i].starts_with('-') => code(args[i].clone()),
            _ => Vec::new(),
        },
        // `alias t=touch` makes `t` run `touch`.
        "alias" => args
            .iter()
            .filter_map(|a| {
                a.split_once('=')
                    .map(|(_, value)| Inner::Code(value.into()))
            })
            .collect(),
        // `hash -p /usr/bin/touch t` makes `t` run `/usr/bin/touch`.
        "hash" => args
            .iter()
            .position(|a| a == "-p")
            .and_then(|i| args.get(i + 1))
            .map(|path| vec![Inner::Command(vec![path.clone()])])
            .unwrap_or_default(),
        "at" | "batch" => vec![Inner::Unknown(format!(
            "`{program}` runs commands it reads from standard input or a file, later"
        ))],
        "crontab" => match args.first().map(String::as_str) {
            Some("-l" | "-r" | "-i" | "-ir" | "-ri") => Vec::new(),
            _ => vec![Inner::Unknown(format!(
                "`{program}` installs commands that run later"
            ))],
        },
        _ => return None,
    };
    Some(inner)
}

/// macOS with Homebrew's coreutils and findutils names the GNU tools `gtimeout`, `gxargs`…
fn gnu_name(name: &str) -> &str {
    match name.strip_prefix('g') {
        Some(
            tool @ ("env" | "nice" | "nohup" | "timeout" | "stdbuf" | "chroot" | "xargs" | "find"
            | "time"),
        ) => tool,
        _ => name,
    }
}

fn rest(args: &[String], from: usize) -> Vec<Inner> {
    match args.get(from..) {
        Some(words) if !words.is_empty() => vec![Inner::Command(words.to_vec())],
        _ => Vec::new(),
    }
}

fn code(code: String) -> Vec<Inner> {
    vec![Inner::Code(code)]
}

fn unknown_option(program: &str, option: &str) -> Vec<Inner> {
    vec![Inner::Unknown(format!(
        "`{program} {option}` is an option this check does not know, so what it runs is unclear"
    ))]
}

fn shell_on_stdin(program: &str) -> Inner {
    Inner::Unknown(format!(
        "`{program}` without a command starts a shell that reads standard input"
    ))
}

/// The command after `options` and `skip` operands.
fn after_options(program: &str, options: &Options, args: &[String], skip: usize) -> Vec<Inner> {
    match options.scan(args) {
        Ok(s) => rest(args, s.operands + skip),
        Err(option) => unknown_option(program, option),
    }
}

/// For wrappers whose many options are not listed: `--name=value` is skipped, any other
/// option makes the command unclear (it may take the next word as its value).
fn strict_options(program: &str, args: &[String], skip: usize) -> Vec<Inner> {
    let mut i = 0;
    while let Some(word) = args.get(i) {
        if word == "--" {
            i += 1;
            break;
        }
        if !word.starts_with('-') || word == "-" {
            break;
        }
        if !(word.starts_with("--") && word.contains('=')) {
            return unknown_option(program, word);
        }
        i += 1;
    }
    rest(args, i + skip)
}

fn env(program: &str, args: &[String]) -> Vec<Inner> {
    let scanned = match ENV.scan(args) {
        Ok(s) => s,
        Err(option) => return unknown_option(program, option),
    };
    let mut i = scanned.operands;
    if args.get(i).is_some_and(|a| a == "-") {
        i += 1;
    }
    while args.get(i).is_some_and(|a| is_assignment(a)) {
        i += 1;
    }
    // `env -S 'touch x' y` splits its string into words, ahead of the other operands.
    if let Some(split) = scanned.value('S', "split-string") {
        let tail: Vec<String> = args[i..].iter().map(|a| quote(a)).collect();
        return code(format!("{split} {}", tail.join(" ")));
    }
    rest(args, i)
}

fn sudo(program: &str, args: &[String]) -> Vec<Inner> {
    let scanned: Scanned = match SUDO.scan(args) {
        Ok(s) => s,
        Err(option) => return unknown_option(program, option),
    };
    // `sudo -e` edits files; `sudo -l` lists what may run.
    if scanned.has('e', "edit") || scanned.has('l', "list") {
        return Vec::new();
    }
    let mut i = scanned.operands;
    while args.get(i).is_some_and(|a| is_assignment(a)) {
        i += 1;
    }
    if i >= args.len() && (scanned.has('s', "shell") || scanned.has('i', "login")) {
        return vec![shell_on_stdin(program)];
    }
    rest(args, i)
}

/// `su -c CODE`, `runuser -u USER -- CMD`, `sg GROUP -c CODE`: otherwise a shell on stdin.
fn su(name: &str, program: &str, args: &[String]) -> Vec<Inner> {
    for (i, word) in args.iter().enumerate() {
        let next = || args.get(i + 1).cloned().unwrap_or_default();
        if let Some(value) = word
            .strip_prefix("--command=")
            .or_else(|| word.strip_prefix("--session-command="))
        {
            return code(value.to_string());
        }
        if word == "--command" || word == "--session-command" {
            return code(next());
        }
        if word == "--" {
            return rest(args, i + 1);
        }
        if let Some(cluster) = word.strip_prefix('-').filter(|c| !c.starts_with('-'))
            && let Some(at) = cluster.find('c')
        {
            let attached = &cluster[at + 1..];
            return code(if attached.is_empty() {
                next()
            } else {
                attached.to_string()
            });
        }
    }
    match (name, args) {
        // `sg GROUP COMMAND`: the command is one string for the shell.
        ("sg", [_, command, ..]) => code(command.clone()),
        _ => vec![shell_on_stdin(program)],
    }
}

fn flock(program: &str, args: &[String]) -> Vec<Inner> {
    let scanned = match FLOCK.scan(args) {
        Ok(s) => s,
        Err(option) => return unknown_option(program, option),
    };
    let after_file = scanned.operands + 1;
    match args.get(after_file).map(String::as_str) {
        Some("-c" | "--command") => code(args.get(after_file + 1).cloned().unwrap_or_default()),
        Some(word) if word.starts_with("--command=") => {
            code(word["--command=".len()..].to_string())
        }
        _ => rest(args, after_file),
    }
}

/// `find … -exec CMD ;` (and `-execdir`, `-ok`, `-okdir`; `{} +` ends one too).
fn find(args: &[String]) -> Vec<Inner> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < args.len() {
        if matches!(args[i].as_str(), "-exec" | "-execdir" | "-ok" | "-okdir") {
            let start = i + 1;
            let end = (start..args.len())
                .find(|&j| args[j] == ";" || (args[j] == "+" && args[j - 1] == "{}"))
                .unwrap_or(args.len());
            if end > start {
                out.push(Inner::Command(args[start..end].to_vec()));
            }
            i = end;
        }
        i += 1;
    }
    out
}

/// `parallel CMD ::: ARGS`: the command is a template for the shell; without one, lines of
/// standard input are the commands.
fn parallel(program: &str, args: &[String]) -> Vec<Inner> {
    if let Some(option) = args.iter().find(|a| a.starts_with('-')) {
        return unknown_option(program, option);
    }
    let end = args
        .iter()
        .position(|a| a.starts_with(":::"))
        .unwrap_or(args.len());
    if end == 0 {
        return vec![Inner::Unknown(format!(
            "`{program}` runs the commands it reads from standard input"
        ))];
    }
    code(args[..end].join(" "))
}

/// `NAME=value` (or `NAME+=value`) as the shell and env read it.
pub(super) fn is_assignment(word: &str) -> bool {
    let Some((name, _)) = word.split_once('=') else {
        return false;
    };
    let name = name.strip_suffix('+').unwrap_or(name);
    let name = name.split_once('[').map_or(name, |(n, _)| n);
    let mut chars = name.chars();
    chars
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn quote(word: &str) -> String {
    format!("'{}'", word.replace('\'', r"'\''"))
}

const COMMAND: Options = Options {
    flags: "pvV",
    long_flags: &[],
    ..Options::NONE
};
const EXEC: Options = Options {
    flags: "cl",
    valued: "a",
    long_flags: &[],
    ..Options::NONE
};
const NICE: Options = Options {
    valued: "n",
    long_valued: &["adjustment"],
    numeric: true,
    ..Options::NONE
};
const TIMEOUT: Options = Options {
    flags: "fv",
    valued: "sk",
    long_flags: &[
        "preserve-status",
        "foreground",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["signal", "kill-after"],
    ..Options::NONE
};
const STDBUF: Options = Options {
    valued: "ioe",
    long_valued: &["input", "output", "error"],
    ..Options::NONE
};
const SETSID: Options = Options {
    flags: "cfw",
    long_flags: &["ctty", "fork", "wait", "help", "version"],
    ..Options::NONE
};
const TIME: Options = Options {
    flags: "apqv",
    valued: "fo",
    long_flags: &[
        "append",
        "portability",
        "quiet",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["format", "output"],
    ..Options::NONE
};
const XARGS: Options = Options {
    flags: "0oprtx",
    valued: "adEIlLnPs",
    attached: "ei",
    long_flags: &[
        "null",
        "open-tty",
        "interactive",
        "no-run-if-empty",
        "verbose",
        "exit",
        "show-limits",
        "eof",
        "replace",
        "max-lines",
        "help",
        "version",
    ],
    long_valued: &[
        "arg-file",
        "delimiter",
        "max-args",
        "max-procs",
        "max-chars",
        "process-slot-var",
    ],
    numeric: false,
};
const UNBUFFER: Options = Options {
    flags: "p",
    long_flags: &[],
    ..Options::NONE
};
const STRACE: Options = Options {
    flags: "cCdDfFhiknqrtTvVwxyzZ",
    valued: "abeEIoOpPsSuUX",
    ..Options::NONE
};
const ENV: Options = Options {
    flags: "i0v",
    valued: "uCSPa",
    attached: "",
    long_flags: &[
        "ignore-environment",
        "null",
        "debug",
        "list-signal-handling",
        "block-signal",
        "default-signal",
        "ignore-signal",
        "help",
        "version",
    ],
    long_valued: &["unset", "chdir", "split-string", "argv0"],
    numeric: false,
};
const SUDO: Options = Options {
    flags: "AbBEeHiKklnNPSsVv",
    valued: "CDghpRrtTUu",
    attached: "",
    long_flags: &[
        "askpass",
        "background",
        "bell",
        "edit",
        "set-home",
        "login",
        "remove-timestamp",
        "reset-timestamp",
        "list",
        "non-interactive",
        "preserve-groups",
        "preserve-env",
        "shell",
        "stdin",
        "validate",
        "help",
        "version",
    ],
    long_valued: &[
        "close-from",
        "chdir",
        "chroot",
        "group",
        "host",
        "prompt",
        "role",
        "type",
        "command-timeout",
        "other-user",
        "user",
    ],
    numeric: false,
};
const DOAS: Options = Options {
    flags: "nsL",
    valued: "uC",
    long_flags: &[],
    ..Options::NONE
};
const WATCH: Options = Options {
    flags: "bcCeghprtwx",
    valued: "nqs",
    attached: "d",
    long_flags: &[
        "beep",
        "color",
        "no-color",
        "differences",
        "errexit",
        "chgexit",
        "precise",
        "no-rerun",
        "no-title",
        "no-wrap",
        "exec",
        "help",
        "version",
    ],
    long_valued: &["interval", "equexit", "shotsdir"],
    numeric: false,
};
const FLOCK: Options = Options {
    flags: "sxenouFvh",
    valued: "wE",
    attached: "",
    long_flags: &[
        "shared",
        "exclusive",
        "unlock",
        "nonblock",
        "nb",
        "close",
        "no-fork",
        "verbose",
        "help",
        "version",
    ],
    long_valued: &["wait", "timeout", "conflict-exit-code"],
    numeric: false,
};
const CHROOT: Options = Options {
    long_flags: &["skip-chdir", "help", "version"],
    long_valued: &["userspec", "groups"],
    ..Options::NONE
};
const IONICE: Options = Options {
    flags: "th",
    valued: "cnpPu",
    long_flags: &["ignore", "help", "version"],
    long_valued: &["class", "classdata", "pid", "pgid", "uid"],
    ..Options::NONE
};
const TASKSET: Options = Options {
    flags: "apch",
    long_flags: &["all-tasks", "pid", "cpu-list", "help", "version"],
    ..Options::NONE
};
const SSH: Options = Options {
    flags: "46AaCfGgKkMNnqsTtVvXxYy",
    valued: "BbcDEeFIiJLlmOoPpQRSWw",
    long_flags: &[],
    ..Options::NONE
};
const SCRIPT: Options = Options {
    flags: "aefhqV",
    valued: "cEIOBTm",
    attached: "t",
    long_flags: &[
        "append", "return", "flush", "force", "quiet", "help", "version",
    ],
    long_valued: &[
        "command",
        "echo",
        "log-in",
        "log-out",
        "log-io",
        "log-timing",
        "logging-format",
        "output-limit",
        "timing",
    ],
    numeric: false,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn through(program: &str, args: &str) -> Vec<Inner> {
        let args: Vec<String> = args.split_whitespace().map(str::to_string).collect();
        wrapped(program, program, &args).unwrap_or_default()
    }

    fn command(words: &str) -> Vec<Inner> {
        vec![Inner::Command(
            words.split_whitespace().map(str::to_string).collect(),
        )]
    }

    #[test]
    fn wrappers_hand_over_after_their_own_options() {
        assert_eq!(
            through("timeout", "-k 1 5s touch -k x"),
            command("touch -k x")
        );
        assert_eq!(through("gtimeout", "5 touch"), command("touch"));
        assert_eq!(
            through("nice", "-n 5 nice -3 touch"),
            command("nice -3 touch")
        );
        assert_eq!(through("env", "-i A=1 B+=2 touch x"), command("touch x"));
        assert_eq!(through("env", "- A=1"), Vec::new());
        assert_eq!(through("sudo", "-u root -- touch"), command("touch"));
        assert_eq!(through("sudo", "-e /etc/hosts"), Vec::new());
        assert_eq!(
            through("xargs", "-0 -I{} -n1 touch {}"),
            command("touch {}")
        );
        assert_eq!(through("xargs", "-0"), Vec::new());
        assert_eq!(through("taskset", "-c 0 touch"), command("touch"));
        assert_eq!(through("taskset", "-p 0x1 1234"), Vec::new());
        assert_eq!(through("flock", "-w 5 /l touch"), command("touch"));
        assert_eq!(
            through("find", ". -exec ls {} ; -name x -execdir touch {} +"),
            [command("ls {}"), command("touch {}")].concat()
        );
        assert_eq!(through("command", "-v touch"), Vec::new());
        assert_eq!(
            through("watch", "-n1 touch x"),
            vec![Inner::Code("touch x".into())]
        );
        assert_eq!(
            through("su", "- root -c id"),
            vec![Inner::Code("id".into())]
        );
        assert_eq!(
            through("hash", "-p /usr/bin/touch t"),
            command("/usr/bin/touch")
        );
        assert!(wrapped("ls", "ls", &[]).is_none());
    }

    #[test]
    fn what_cannot_be_read_is_said() {
        let unknown = |inner: Vec<Inner>| match inner.as_slice() {
            [Inner::Unknown(why)] => why.clone(),
            other => panic!("{other:?}"),
        };
        assert!(
            unknown(through("timeout", "--frobnicate 5 touch")).contains("`timeout --frobnicate`")
        );
        assert!(unknown(through("sudo", "-s")).contains("standard input"));
        assert!(unknown(through("valgrind", "--tool memcheck touch")).contains("--tool"));
        assert_eq!(
            through("valgrind", "--tool=memcheck touch"),
            command("touch")
        );
        assert!(unknown(through("source", "f.sh")).contains("`source f.sh`"));
    }
}
