//! getopt-style option syntax, enough to find where a wrapper's own words end: `-abc` clusters,
//! `-ovalue` or `-o value`, `--long=value` or `--long value` (or an unambiguous prefix of it),
//! `--` to end, and options stop at the first operand (the `+` getopt mode that `env`, `nice`,
//! `timeout`… use, so the wrapped command's own options are not read as theirs).

/// The options of one program.
pub(super) struct Options {
    /// Short options that take no value.
    pub flags: &'static str,
    /// Short options that take a value: the rest of the word, or the next word.
    pub valued: &'static str,
    /// Short options whose value, if any, is the rest of the word (`xargs -i{}`, `sed -i.bak`).
    pub attached: &'static str,
    /// Long options that take no value (or only an attached `=value`).
    pub long_flags: &'static [&'static str],
    /// Long options that take a value: `=value`, or the next word.
    pub long_valued: &'static [&'static str],
    /// `-5` is an option (`nice -5`).
    pub numeric: bool,
}

impl Options {
    pub const NONE: Options = Options {
        flags: "",
        valued: "",
        attached: "",
        long_flags: &["help", "version"],
        long_valued: &[],
        numeric: false,
    };
}

/// One option as it was given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Opt {
    Short(char),
    Long(&'static str),
}

/// The options found, and where the operands start.
#[derive(Debug, Default)]
pub(super) struct Scanned<'a> {
    pub seen: Vec<(Opt, Option<&'a str>)>,
    pub operands: usize,
}

impl Opt {
    fn is(&self, short: char, long: &str) -> bool {
        match self {
            Opt::Short(c) => *c == short,
            Opt::Long(name) => *name == long,
        }
    }
}

impl Scanned<'_> {
    /// Whether `-short` or `--long` was given.
    pub fn has(&self, short: char, long: &str) -> bool {
        self.seen.iter().any(|(o, _)| o.is(short, long))
    }

    /// The value of `-short` or `--long`, if given with one.
    pub fn value(&self, short: char, long: &str) -> Option<&str> {
        self.seen
            .iter()
            .find_map(|(o, v)| o.is(short, long).then_some(*v).flatten())
    }
}

impl Options {
    /// Reads the options at the start of `args`. `Err` names an option this table does not
    /// know: what follows it cannot be told apart from its value.
    pub fn scan<'a>(&self, args: &'a [String]) -> Result<Scanned<'a>, &'a str> {
        let mut scanned = Scanned::default();
        let mut i = 0;
        while let Some(word) = args.get(i) {
            let word = word.as_str();
            if word == "--" {
                i += 1;
                break;
            }
            if let Some(long) = word.strip_prefix("--") {
                let (name, attached) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v)),
                    None => (long, None),
                };
                let Some((name, valued)) = self.long(name) else {
                    return Err(word);
                };
                let value = match (valued, attached) {
                    (true, None) => {
                        i += 1;
                        args.get(i).map(String::as_str)
                    }
                    (_, attached) => attached,
                };
                scanned.seen.push((Opt::Long(name), value));
                i += 1;
                continue;
            }
            let Some(cluster) = word.strip_prefix('-').filter(|c| !c.is_empty()) else {
                break;
            };
            if self.numeric && cluster.chars().all(|c| c.is_ascii_digit()) {
                i += 1;
                continue;
            }
            for (at, c) in cluster.char_indices() {
                let rest = &cluster[at + c.len_utf8()..];
                if self.valued.contains(c) {
                    let value = if rest.is_empty() {
                        i += 1;
                        args.get(i).map(String::as_str)
                    } else {
                        Some(rest)
                    };
                    scanned.seen.push((Opt::Short(c), value));
                    break;
                }
                if self.attached.contains(c) {
                    scanned
                        .seen
                        .push((Opt::Short(c), (!rest.is_empty()).then_some(rest)));
                    break;
                }
                if !self.flags.contains(c) {
                    return Err(word);
                }
                scanned.seen.push((Opt::Short(c), None));
            }
            i += 1;
        }
        scanned.operands = i.min(args.len());
        Ok(scanned)
    }

    /// A long option by its name or an unambiguous prefix, and whether it takes a value.
    fn long(&self, name: &str) -> Option<(&'static str, bool)> {
        let all = self
            .long_flags
            .iter()
            .map(|n| (*n, false))
            .chain(self.long_valued.iter().map(|n| (*n, true)));
        let mut prefixed = None;
        for (candidate, valued) in all {
            if candidate == name {
                return Some((candidate, valued));
            }
            if !name.is_empty() && candidate.starts_with(name) {
                if prefixed.is_some() {
                    return None;
                }
                prefixed = Some((candidate, valued));
            }
        }
        prefixed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split(' ').map(str::to_string).collect()
    }

    const TIMEOUT: Options = Options {
        flags: "v",
        valued: "sk",
        attached: "",
        long_flags: &["preserve-status", "foreground", "verbose"],
        long_valued: &["signal", "kill-after"],
        numeric: false,
    };

    #[test]
    fn options_end_at_the_first_operand() {
        let args = words("-s KILL --kill-after=1 -v 5 touch -v");
        let s = TIMEOUT.scan(&args).unwrap();
        assert_eq!(&args[s.operands..], &words("5 touch -v")[..]);
        assert_eq!(s.seen.len(), 3);
        let args = words("-sKILL -- -5 x");
        assert_eq!(TIMEOUT.scan(&args).unwrap().operands, 2);
        // `--sig` is `--signal`, which takes the next word; `--pre` is ambiguous with nothing.
        let args = words("--sig KILL --pre 5 x");
        assert_eq!(TIMEOUT.scan(&args).unwrap().operands, 3);
        assert_eq!(TIMEOUT.scan(&words("--frob 5 x")).err(), Some("--frob"));
        assert_eq!(TIMEOUT.scan(&words("-vq 5 x")).err(), Some("-vq"));
        let nice = Options {
            valued: "n",
            numeric: true,
            ..Options::NONE
        };
        assert_eq!(nice.scan(&words("-5 -n3 x")).unwrap().operands, 2);
        assert_eq!(nice.scan(&words("-n")).unwrap().operands, 1);
    }
}
