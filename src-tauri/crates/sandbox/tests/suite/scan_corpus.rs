//! The safe-mode scanner against a corpus of dangerous and benign code blocks.

use oi_sandbox::scan;

fn corpus(name: &str) -> Vec<(String, String)> {
    let path = format!(
        "{}/tests/corpus/{name}",
        std::env::var("CARGO_MANIFEST_DIR").unwrap()
    );
    std::fs::read_to_string(&path)
        .unwrap()
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (lang, code) = match l.split_once(": ") {
                Some((lang @ ("python" | "node"), code)) => (lang, code),
                _ => ("bash", l),
            };
            (lang.to_string(), code.replace("\\n", "\n"))
        })
        .collect()
}

#[test]
fn every_dangerous_block_is_flagged() {
    let dangerous = corpus("dangerous.txt");
    assert!(dangerous.len() >= 80);
    let missed: Vec<_> = dangerous
        .iter()
        .filter(|(lang, code)| scan(lang, code).is_empty())
        .collect();
    assert!(
        missed.is_empty(),
        "{} of {} dangerous blocks not flagged:\n{missed:#?}",
        missed.len(),
        dangerous.len()
    );
}

#[test]
fn false_positive_rate_on_benign_blocks_is_below_five_percent() {
    let benign = corpus("benign.txt");
    assert!(benign.len() >= 80);
    let flagged: Vec<_> = benign
        .iter()
        .filter_map(|(lang, code)| {
            let risks = scan(lang, code);
            (!risks.is_empty()).then(|| {
                format!(
                    "{code:?} -> {:?}",
                    risks.iter().map(|r| r.rule).collect::<Vec<_>>()
                )
            })
        })
        .collect();
    let rate = flagged.len() as f64 / benign.len() as f64;
    // Straight to stderr, past the test harness's capture, so the rate is in every log.
    use std::io::Write;
    writeln!(
        std::io::stderr(),
        "safe-mode scanner: false-positive rate {:.1}% ({} of {} benign blocks flagged){}",
        rate * 100.0,
        flagged.len(),
        benign.len(),
        if flagged.is_empty() {
            String::new()
        } else {
            format!(":\n{}", flagged.join("\n"))
        }
    )
    .unwrap();
    assert!(
        rate < 0.05,
        "false-positive rate {:.1}% is too high:\n{}",
        rate * 100.0,
        flagged.join("\n")
    );
}
