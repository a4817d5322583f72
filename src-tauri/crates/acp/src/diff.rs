//! ACP shows a diff as old and new text; the engine reports a unified diff. The hunks give both
//! sides of every changed region (with their context), which is what an editor's diff view needs.

/// (old text, new text) of the regions a unified diff touches; `None` when there is no hunk.
pub fn sides(unified: &str) -> Option<(String, String)> {
    let mut old = String::new();
    let mut new = String::new();
    let mut in_hunk = false;
    let mut hunks = 0;
    for line in unified.lines() {
        if line.starts_with("@@") {
            in_hunk = true;
            hunks += 1;
            if hunks > 1 {
                old.push_str("…\n");
                new.push_str("…\n");
            }
            continue;
        }
        if !in_hunk {
            continue;
        }
        if let Some(rest) = line.strip_prefix('+') {
            new.push_str(rest);
            new.push('\n');
        } else if let Some(rest) = line.strip_prefix('-') {
            old.push_str(rest);
            old.push('\n');
        } else if let Some(rest) = line.strip_prefix(' ') {
            old.push_str(rest);
            old.push('\n');
            new.push_str(rest);
            new.push('\n');
        } else if line.is_empty() {
            old.push('\n');
            new.push('\n');
        }
        // `\ No newline at end of file` and anything else: not text of either side.
    }
    (hunks > 0).then_some((old, new))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_sides_of_each_hunk_with_context() {
        let d = "--- a/a.txt\n+++ b/a.txt\n@@ -1,3 +1,3 @@\n one\n-two\n+three\n four\n";
        assert_eq!(
            sides(d),
            Some(("one\ntwo\nfour\n".into(), "one\nthree\nfour\n".into()))
        );
        let created = "--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+x\n";
        assert_eq!(sides(created), Some((String::new(), "x\n".into())));
        assert_eq!(sides("Binary files differ"), None);
    }
}
