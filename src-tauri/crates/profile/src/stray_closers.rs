//! Python code that ends with brackets closing nothing: a weak model writing its call as JSON
//! lets the JSON's own `}` slip into the code string (`…sum(numbers)}"}}`), and Python refuses
//! the whole block for it. Cut only when every character after the first bracket that closes
//! nothing is such a bracket (or space): then the code cannot have meant anything else.

/// The code without its trailing stray closing brackets, when it has any.
pub(crate) fn without_stray_closers(code: &str) -> Option<&str> {
    let at = first_stray_closer(code)?;
    let (kept, rest) = code.split_at(at);
    rest.chars()
        .all(|c| matches!(c, ')' | ']' | '}') || c.is_whitespace())
        .then(|| kept.trim_end())
}

/// Where the first `)`, `]` or `}` outside strings and comments closes nothing open.
fn first_stray_closer(code: &str) -> Option<usize> {
    let bytes = code.as_bytes();
    let mut open: Vec<u8> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'#' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            quote @ (b'\'' | b'"') => {
                i = past_string(bytes, i, quote)?;
                continue;
            }
            b @ (b'(' | b'[' | b'{') => open.push(b),
            b @ (b')' | b']' | b'}') => {
                let opener = match b {
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if open.last() == Some(&opener) {
                    open.pop();
                } else if open.is_empty() {
                    return Some(i);
                } else {
                    // A mismatch inside: not the slip this is about.
                    return None;
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The index after the string that starts at `start` (its quote), triple-quoted or not; `None`
/// when it never ends (then nothing is cut).
fn past_string(bytes: &[u8], start: usize, quote: u8) -> Option<usize> {
    let triple = bytes.get(start..start + 3) == Some(&[quote, quote, quote][..]);
    let mut i = start + if triple { 3 } else { 1 };
    while i < bytes.len() {
        match bytes[i] {
            b'\\' => i += 2,
            b'\n' if !triple => return None,
            b if b == quote => {
                if !triple {
                    return Some(i + 1);
                }
                if bytes.get(i..i + 3) == Some(&[quote, quote, quote][..]) {
                    return Some(i + 3);
                }
                i += 1;
            }
            _ => i += 1,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::without_stray_closers;

    #[test]
    fn a_json_brace_left_at_the_end_is_cut() {
        let code = "with open('numbers.txt') as f:\n    numbers = list(map(int, f.read().split()))\nsum(numbers)}";
        assert_eq!(
            without_stray_closers(code),
            Some(
                "with open('numbers.txt') as f:\n    numbers = list(map(int, f.read().split()))\nsum(numbers)"
            )
        );
        assert_eq!(without_stray_closers("print(1)}}\n"), Some("print(1)"));
        assert_eq!(without_stray_closers("x = [1, 2]\n])"), Some("x = [1, 2]"));
    }

    #[test]
    fn balanced_code_and_brackets_in_strings_and_comments_are_left_alone() {
        for code in [
            "print({'a': [1, (2, 3)]})",
            "print('}')",
            "print(\"a ) b\")",
            "s = '''\n}\n'''\nprint(s)",
            "x = 1  # closes } nothing\nprint(x)",
            "print(f'{x}')",
            "print('it\\'s }')",
        ] {
            assert_eq!(without_stray_closers(code), None, "{code}");
        }
    }

    #[test]
    fn a_stray_bracket_with_code_after_it_is_not_cut() {
        // Python's own error says more than a guess would.
        assert_eq!(without_stray_closers("print(1))\nprint(2)"), None);
        assert_eq!(without_stray_closers("x = (1]\n"), None);
        // An unterminated string: nothing is known about what follows.
        assert_eq!(without_stray_closers("print('a)}"), None);
    }
}
