use std::path::Path;
use std::time::{Duration, SystemTime};

use filetime::{FileTime, set_file_mtime};
use oi_documents::{DocumentKind, FindQuery, find, parse_age};
use pretty_assertions::assert_eq;

const DAY: u64 = 86_400;

fn file_aged(dir: &Path, name: &str, age_secs: u64) {
    // Whole seconds from one fixed instant, so files given the same age share an mtime.
    let now = SystemTime::UNIX_EPOCH
        + Duration::from_secs(
            SystemTime::now()
                .duration_since(SystemTime::UNIX_EPOCH)
                .unwrap()
                .as_secs()
                / 60
                * 60,
        );
    let path = dir.join(name);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).unwrap();
    }
    std::fs::write(&path, b"x").unwrap();
    let when = now - Duration::from_secs(age_secs);
    set_file_mtime(&path, FileTime::from_system_time(when)).unwrap();
}

#[test]
fn finds_last_weeks_pdfs_newest_first_without_decoys() {
    let home = tempfile::tempdir().unwrap();
    let downloads = home.path().join("Downloads");
    file_aged(&downloads, "invoice-march.pdf", 3 * DAY);
    file_aged(&downloads, "papers/attention.PDF", DAY);
    file_aged(&downloads, "ticket.pdf", 2 * 3600);
    file_aged(&downloads, "old-lease.pdf", 40 * DAY);
    file_aged(&downloads, "budget.xlsx", 3600);
    file_aged(&downloads, "notes.pdf.txt", 3600);
    file_aged(&downloads, ".cache/hidden.pdf", 3600);
    file_aged(&downloads, "installer.deb", 3600);

    let last_week = FindQuery {
        kind: Some(DocumentKind::Pdf),
        modified_within: Some(parse_age("7d").unwrap()),
        folder: Some(downloads.clone()),
        name: None,
        working_dir: None,
        extension: None,
    };
    let names: Vec<String> = find(&last_week)
        .iter()
        .map(|p| p.strip_prefix(&downloads).unwrap().display().to_string())
        .collect();
    assert_eq!(
        names,
        vec!["ticket.pdf", "papers/attention.PDF", "invoice-march.pdf"]
    );

    let by_name = FindQuery {
        name: Some("INVOICE".to_string()),
        ..last_week.clone()
    };
    assert_eq!(find(&by_name), vec![downloads.join("invoice-march.pdf")]);

    let any_kind_today = FindQuery {
        kind: None,
        modified_within: Some(parse_age("36h").unwrap()),
        folder: Some(downloads.clone()),
        name: None,
        working_dir: None,
        extension: None,
    };
    let names: Vec<String> = find(&any_kind_today)
        .iter()
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    // budget.xlsx and notes.pdf.txt share an mtime; the path breaks the tie.
    assert_eq!(
        names,
        vec![
            "budget.xlsx",
            "notes.pdf.txt",
            "ticket.pdf",
            "attention.PDF"
        ]
    );

    // A kind named by its extension finds that extension only, in any letter case.
    file_aged(&downloads, "readme.md", 60);
    file_aged(&downloads, "todo.TXT", 60);
    let text = FindQuery {
        kind: Some(DocumentKind::Text),
        ..any_kind_today.clone()
    };
    let names = |q: &FindQuery| -> Vec<String> {
        find(q)
            .iter()
            .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
            .collect()
    };
    assert_eq!(names(&text), vec!["readme.md", "todo.TXT", "notes.pdf.txt"]);
    let txt = FindQuery {
        extension: Some("txt".into()),
        ..text
    };
    assert_eq!(names(&txt), vec!["todo.TXT", "notes.pdf.txt"]);
}
