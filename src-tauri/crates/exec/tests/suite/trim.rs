use oi_exec::trim_output;
use pretty_assertions::assert_eq;

#[test]
fn short_output_is_unchanged() {
    assert_eq!(trim_output("hello\n", 100), "hello\n");
    assert_eq!(trim_output("", 0), "");
}

#[test]
fn long_output_keeps_head_and_tail_around_a_marker() {
    let text: String = (0..1000).map(|n| format!("line {n}\n")).collect();
    let trimmed = trim_output(&text, 200);
    assert!(trimmed.starts_with("line 0\nline 1\n"), "{trimmed}");
    assert!(trimmed.ends_with("line 999\n"), "{trimmed}");
    let (head, rest) = trimmed.split_once("\n… [trimmed ").unwrap();
    let (count, tail) = rest.split_once(" characters of output] …\n").unwrap();
    let count: usize = count.parse().unwrap();
    // Cut at line breaks, and the counts add up.
    assert!(head.ends_with(|c: char| c.is_ascii_digit()), "{head}");
    assert!(tail.starts_with("line "), "{tail}");
    assert_eq!(head.len() + 1 + count + tail.len(), text.len());
    assert!(head.len() + tail.len() <= 200);
}

#[test]
fn multibyte_text_is_cut_at_characters() {
    let text = "é🙂".repeat(500);
    let trimmed = trim_output(&text, 101);
    assert!(trimmed.starts_with("é🙂é"));
    assert!(
        trimmed.contains("[trimmed 899 characters of output]"),
        "{trimmed}"
    );
    let kept: usize = trimmed.split('\n').next().unwrap().chars().count()
        + trimmed.rsplit('\n').next().unwrap().chars().count();
    assert_eq!(kept, 101);
}
