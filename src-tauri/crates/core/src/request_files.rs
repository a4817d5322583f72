//! The shape of the files a request names (a table's columns, a JSON document's keys, a text's
//! first lines), shown to the model with the request where the harness coaches (profiles that
//! offer `execute`). A small model writes its first code for the shape it guesses a file has:
//! the 0.5B model looked for a `temperature` column where the header says `temp`, and a `cost`
//! key where the products have a `price`; each slip cost a failed run, a hint and often the
//! turn. The person sees a notice naming the files; the request in the history, the events and
//! the session log stays as they wrote it.

use std::path::{Component, Path};

use oi_protocol::InputItem;

use crate::history::{History, HistoryItem};

/// The most files of one request shown.
const MOST_FILES: usize = 3;
/// The characters shown of each line (a JSON document is often one long line).
const LINE_CHARS: usize = 240;
/// Files larger than this are not read.
const LARGEST: u64 = 4 * 1024 * 1024;

/// What the model is shown of the files one request names.
#[derive(Debug, Clone, PartialEq)]
pub struct RequestFiles {
    /// The request's place in the history.
    pub at: usize,
    /// How many items the person's message has: the text goes after them.
    pub items: usize,
    /// The text put after the request.
    pub text: String,
}

/// The files that `request` names, that the working directory holds as UTF-8 text, with their
/// shapes ([`head`]). Only names inside the working directory (no absolute path, no `..`), at most
/// [`MOST_FILES`] of them; None when the request names none.
pub fn heads(request: &str, cwd: &Path) -> Option<(Vec<String>, String)> {
    let mut names: Vec<String> = Vec::new();
    let mut parts = Vec::new();
    let bare = crate::coaching::bare_files_in(request, cwd);
    for name in crate::coaching::named_files(request)
        .into_iter()
        .chain(bare)
    {
        if names.len() == MOST_FILES || names.iter().any(|n| n == name) {
            continue;
        }
        let inside = Path::new(name)
            .components()
            .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
        if !inside {
            continue;
        }
        let path = cwd.join(name);
        let Ok(meta) = std::fs::metadata(&path) else {
            continue;
        };
        if !meta.is_file() || meta.len() > LARGEST {
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        if text.contains('\0') {
            continue;
        }
        names.push(name.to_string());
        parts.push(head(name, &text));
    }
    (!parts.is_empty()).then(|| (names, format!("({})", parts.join("\n"))))
}

/// One file's shape, said as the model reads it, with as little of its data as shows it: a
/// JSON document's kind and keys, a table's header, a text's first two lines. Shown whole
/// lines of data, the 0.5B model copied them: it answered with a made-up call holding a row
/// (`{"name": "pen", "arguments": {"price": 1.2}}`), wrote the rows into its code as a list,
/// and searched for the whole first line of a log.
fn head(name: &str, text: &str) -> String {
    let total = text.lines().count();
    if text.trim().is_empty() {
        return format!("`{name}` is empty.");
    }
    if let Ok(value) = serde_json::from_str::<serde_json::Value>(text) {
        return format!(
            "For your code, `{name}` is JSON: {}.",
            crate::coaching::json_shape(&value, true)
        );
    }
    let cut = |line: &str| {
        let mut cut: String = line.chars().take(LINE_CHARS).collect();
        if cut.len() < line.len() {
            cut.push('…');
        }
        cut
    };
    let lines = if total == 1 {
        "1 line".to_string()
    } else {
        format!("{total} lines")
    };
    // Source code shown, the models ran its first lines as their own code (eleventh set,
    // task 32: both wrote `# a script\nimport os` for the lines of code of script.py).
    const SOURCE: [&str; 12] = [
        ".py", ".js", ".ts", ".sh", ".rb", ".rs", ".go", ".java", ".c", ".cpp", ".h", ".php",
    ];
    if SOURCE.iter().any(|ext| name.ends_with(ext)) {
        return format!(
            "For your code, `{name}` is source code of {lines}; to look at its lines, read it as text: `open('{name}').read().splitlines()`."
        );
    }
    // A checklist shown by its first lines, the 0.5B model counted the lines that start with
    // `#` as its done tasks (thirteenth set, task 28).
    if crate::coaching::is_checklist(text) {
        return format!(
            "For your code, `{name}` is a markdown checklist of {lines}: each task is a line that starts with `- [x]` when it is done and `- [ ]` when it is not."
        );
    }
    if let Some(columns) = crate::coaching::markdown_columns(text) {
        return format!(
            "For your code, `{name}` is a markdown table of {lines}: the first names its columns, the second is its rule (`|---|`), and each line after it is a row. {}",
            crate::coaching::markdown_cells(&columns)
        );
    }
    // An INI file's sections and the keys each sets: shown by its first lines only, the 0.5B
    // and 1.5B models took `port` from `[client]` for "Which port does the server section of
    // server.ini set?" (eighteenth set, task 24).
    if let Some(sections) = ini_sections(text) {
        let each: Vec<String> = sections
            .iter()
            .map(|(section, keys)| {
                let keys: Vec<String> = keys.iter().map(|k| format!("`{k}`")).collect();
                format!("`[{section}]` sets {}", keys.join(", "))
            })
            .collect();
        let example = sections
            .iter()
            .find_map(|(section, keys)| Some(format!("config['{section}']['{}']", keys.first()?)))
            .unwrap_or_default();
        return format!(
            "For your code, `{name}` is an INI file of {lines} in sections: {}. Read it with `configparser`: `config = configparser.ConfigParser()`, `config.read('{name}')`, then `{example}` is a key of a section.",
            each.join("; ")
        );
    }
    let first = text.lines().next().unwrap_or_default();
    let table = crate::coaching::column_separator(text, &[',', '\t', ';', '|']);
    // A header names its columns: a first line holding a number (or an empty field) is data.
    let header = table
        .filter(|_| total > 1)
        .and_then(|sep| crate::coaching::header_fields(first, sep));
    if let Some(header) = header {
        let columns: Vec<String> = header.iter().map(|c| format!("`{c}`")).collect();
        return format!(
            "For your code, `{name}` has {lines}; the first is its header, with the columns {}.",
            columns.join(", ")
        );
    }
    let shown: Vec<String> = text.lines().take(2).map(cut).collect();
    let which = match total {
        1 => "it is",
        2 => "they are",
        _ => "the first two are",
    };
    // Markdown's headings said as such: the 0.5B model counted `content.count('\n# ')`, which
    // misses the first line and every `##` (fourteenth set, task 28).
    let markdown = (name.ends_with(".md") || name.ends_with(".markdown"))
        && text.lines().any(|l| l.starts_with('#'));
    let kind = if markdown { "is markdown of" } else { "has" };
    let headings = if markdown {
        "; its headings are the lines that start with `#` (`##`, `###` for lower levels)"
    } else {
        ""
    };
    format!(
        "For your code, `{name}` {kind} {lines}{headings}; {which}:\n```\n{}\n```",
        shown.join("\n")
    )
}

/// The sections of an INI file and the keys each sets, in order: every line a section
/// (`[server]`), a key (`port = 8443`, `port: 8443`), a comment or blank, and each key under a
/// section with a key of its own. `None` for anything else.
pub(crate) fn ini_sections(text: &str) -> Option<Vec<(String, Vec<String>)>> {
    let mut sections: Vec<(String, Vec<String>)> = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some(section) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            sections.push((section.trim().to_string(), Vec::new()));
            continue;
        }
        let (key, _) = line.split_once('=').or_else(|| line.split_once(':'))?;
        let key = key.trim();
        if key.is_empty() || key.contains(char::is_whitespace) {
            return None;
        }
        sections.last_mut()?.1.push(key.to_string());
    }
    (!sections.is_empty() && sections.iter().all(|(_, keys)| !keys.is_empty())).then_some(sections)
}

/// `history` as the model is to see it: each request that named files with their shapes
/// after the person's words. `history` itself when no request did.
pub fn shown(history: &History, files: &[RequestFiles]) -> Option<History> {
    let items = history.items();
    let applies = |f: &&RequestFiles| matches!(items.get(f.at), Some(HistoryItem::User { items }) if items.len() >= f.items);
    if !files.iter().any(|f| applies(&f)) {
        return None;
    }
    let mut view = History::default();
    for (at, item) in items.iter().enumerate() {
        match (item, files.iter().filter(applies).find(|f| f.at == at)) {
            (HistoryItem::User { items }, Some(f)) => {
                let mut items = items.clone();
                items.insert(f.items, InputItem::text(format!("\n\n{}", f.text)));
                view.push(HistoryItem::User { items });
            }
            _ => view.push(item.clone()),
        }
    }
    Some(view)
}

/// Forgets what was shown for requests at `at` and after (undone, or the history cleared).
pub fn forget_from(files: &mut Vec<RequestFiles>, at: usize) {
    files.retain(|f| f.at < at);
}

#[cfg(test)]
mod tests {
    use super::*;
    use pretty_assertions::assert_eq;

    fn dir(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (name, text) in files {
            let path = dir.path().join(name);
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn source_code_is_said_as_text_to_read_without_its_lines() {
        assert_eq!(
            head("script.py", "# a script\nimport os\n\nprint(1)\n"),
            "For your code, `script.py` is source code of 4 lines; to look at its lines, read it as text: `open('script.py').read().splitlines()`."
        );
    }

    #[test]
    fn markdown_is_said_with_where_its_headings_are() {
        assert_eq!(
            head("notes.md", "# Notes\nsome text\n## Monday\nwork\n"),
            "For your code, `notes.md` is markdown of 4 lines; its headings are the lines that start with `#` (`##`, `###` for lower levels); the first two are:\n```\n# Notes\nsome text\n```"
        );
        assert!(!head("notes.txt", "# Notes\nsome text\n").contains("headings"));
    }

    #[test]
    fn an_ini_file_is_said_by_its_sections_and_their_keys() {
        let text = "[client]\nport = 7000\ntimeout = 5\n\n[server]\nhost = 0.0.0.0\nport = 8443\n";
        assert_eq!(
            head("server.ini", text),
            "For your code, `server.ini` is an INI file of 7 lines in sections: `[client]` sets `port`, `timeout`; `[server]` sets `host`, `port`. Read it with `configparser`: `config = configparser.ConfigParser()`, `config.read('server.ini')`, then `config['client']['port']` is a key of a section."
        );
        // Keys before any section, a line of neither kind, a section with no keys: no INI.
        assert_eq!(ini_sections("port = 1\n[a]\nx = 2\n"), None);
        assert_eq!(ini_sections("[a]\nsome words here\n"), None);
        assert_eq!(ini_sections("[a]\n[b]\nx = 1\n"), None);
        assert_eq!(ini_sections("DB_HOST=localhost\nDB_PORT=5432\n"), None);
    }

    #[test]
    fn a_checklist_is_said_with_its_marks() {
        assert_eq!(
            head(
                "todo.md",
                "# Todo\n- [x] buy milk\n- [ ] write report\n* [X] call bob\n"
            ),
            "For your code, `todo.md` is a markdown checklist of 4 lines: each task is a line that starts with `- [x]` when it is done and `- [ ]` when it is not."
        );
        // One box is no checklist.
        assert!(!head("notes.md", "# Notes\n- [x] one\n- plain\n").contains("checklist"));
    }

    #[test]
    fn a_markdown_table_is_shown_by_its_columns_and_how_to_split_a_row() {
        // Eleventh set, task 22 (0.5B): shown its first lines, it searched timesheet.md for
        // "Total of the Hours column: (\d+)".
        let text = "| Day | Task | Hours |\n|-----|------|-------|\n| Mon | docs | 3 |\n| Tue | code | 5 |\n";
        assert_eq!(
            head("timesheet.md", text),
            "For your code, `timesheet.md` is a markdown table of 4 lines: the first names its columns, the second is its rule (`|---|`), and each line after it is a row. `line.split('|')` puts an empty cell before the first `|`: split a row with `cells = [c.strip() for c in line.strip().strip('|').split('|')]`, and then, by index, the cells are 0 `Day`, 1 `Task`, 2 `Hours`. Skip the header and the rule."
        );
        // No rule under the first line: not a table.
        assert!(!head("x.md", "| a | b |\n| 1 | 2 |\n").contains("markdown table"));
        assert!(!head("x.md", "# Title\n\ntext\n").contains("markdown table"));
    }

    #[test]
    fn a_table_is_shown_by_its_header() {
        let d = dir(&[("weather.csv", "city,temp\noslo,-3.5\nrome,14.0\n")]);
        let (names, text) = heads("Which city in weather.csv was the coldest?", d.path()).unwrap();
        assert_eq!(names, vec!["weather.csv"]);
        assert_eq!(
            text,
            "(For your code, `weather.csv` has 3 lines; the first is its header, with the columns `city`, `temp`.)"
        );
        let d = dir(&[("data.tsv", "a\tb\n1\t2\n"), ("n.csv", "ann,82\nben,67\n")]);
        let (_, text) = heads("Sum data.tsv", d.path()).unwrap();
        assert!(text.contains("the columns `a`, `b`"), "{text}");
        // Rows with no header are shown as lines.
        let (_, text) = heads("Sum n.csv", d.path()).unwrap();
        assert!(
            text.contains("they are:\n```\nann,82\nben,67\n```"),
            "{text}"
        );
    }

    #[test]
    fn a_json_document_is_shown_by_its_shape() {
        let d = dir(&[(
            "products.json",
            r#"[{"name": "lamp", "price": 25.0}, {"name": "pen", "price": 1.2}]"#,
        )]);
        let (_, text) = heads(
            "What is the most expensive product in products.json?",
            d.path(),
        )
        .unwrap();
        assert_eq!(
            text,
            "(For your code, `products.json` is JSON: a list of 2 objects with the keys `name`, `price`.)"
        );
    }

    #[test]
    fn a_list_of_objects_says_the_shape_of_a_nested_object() {
        // Ninth set, task 23 (1.5B): `product['stock']` added up, an object of two counts.
        let d = dir(&[(
            "inventory.json",
            r#"[{"product": "bolt", "stock": {"warehouse": 120, "store": 15}}]"#,
        )]);
        let (_, text) = heads("What is the total stock in inventory.json?", d.path()).unwrap();
        assert_eq!(
            text,
            "(For your code, `inventory.json` is JSON: a list of 1 objects with the keys `product`, `stock` (an object with the keys `store`, `warehouse`, each holding a number).)"
        );
    }

    #[test]
    fn an_object_of_counts_says_its_values_are_numbers() {
        // Eighth set, task 24 (1.5B): told only the keys of `items`, it printed `len(items)`
        // for the total count of fruits.
        let d = dir(&[
            (
                "stock.json",
                r#"{"items": {"apple": 12, "pear": 0, "plum": 7}}"#,
            ),
            ("mixed.json", r#"{"meta": {"name": "x", "size": 3}}"#),
        ]);
        let (_, text) = heads(
            "What is the total count in stock.json and mixed.json?",
            d.path(),
        )
        .unwrap();
        assert_eq!(
            text,
            "(For your code, `stock.json` is JSON: an object (dict) with the keys `items` (an object with the keys `apple`, `pear`, `plum`, each holding a number).\nFor your code, `mixed.json` is JSON: an object (dict) with the keys `meta` (an object with the keys `name`, `size`).)"
        );
    }

    #[test]
    fn a_text_shows_its_first_two_lines_and_how_many_it_has() {
        let lines: String = (1..=50).map(|n| format!("line {n}\n")).collect();
        let d = dir(&[("app.log", &lines)]);
        let (_, text) = heads("How many lines of app.log mention disk?", d.path()).unwrap();
        assert_eq!(
            text,
            "(For your code, `app.log` has 50 lines; the first two are:\n```\nline 1\nline 2\n```)"
        );
        // Lines that split alike at a comma in some rows only are text, not a table.
        let d = dir(&[("notes.txt", "hello, world\nbye\n")]);
        let (_, text) = heads("Read notes.txt", d.path()).unwrap();
        assert!(
            text.contains("they are:\n```\nhello, world\nbye\n```"),
            "{text}"
        );
    }

    #[test]
    fn a_long_line_is_cut_and_an_empty_file_said_empty() {
        let long = format!("[{}", "1, ".repeat(200));
        let d = dir(&[("data.json", &long), ("empty.txt", "")]);
        let (names, text) = heads("Sum data.json, then look at empty.txt.", d.path()).unwrap();
        assert_eq!(names, vec!["data.json", "empty.txt"]);
        assert!(text.contains("has 1 line; it is:"), "{text}");
        let shown = text.lines().nth(2).unwrap();
        assert_eq!(shown.chars().count(), LINE_CHARS + 1, "{shown}");
        assert!(shown.ends_with('…'));
        assert!(text.ends_with("`empty.txt` is empty.)"), "{text}");
    }

    #[test]
    fn files_not_here_outside_the_folder_binary_or_named_twice_are_left_out() {
        let d = dir(&[
            ("a.txt", "x\n"),
            ("img.png", "\u{0}\u{1}PNG"),
            ("sub/b.txt", "y\n"),
        ]);
        let (names, _) = heads(
            "Compare a.txt, missing.txt, img.png, ../a.txt, /etc/hostname and a.txt again.",
            d.path(),
        )
        .unwrap();
        assert_eq!(names, vec!["a.txt"]);
        assert_eq!(heads("What is 6 times 7?", d.path()), None);
        assert_eq!(heads("Read notes.txt", d.path()), None);
        // A folder's name is no file.
        std::fs::create_dir(d.path().join("out.d")).unwrap();
        assert_eq!(heads("List out.d", d.path()), None);
        assert_eq!(
            heads("Open sub/b.txt", d.path()).unwrap().0,
            vec!["sub/b.txt"]
        );
    }

    #[test]
    fn at_most_three_files_are_shown() {
        let d = dir(&[
            ("a.txt", "1"),
            ("b.txt", "2"),
            ("c.txt", "3"),
            ("d.txt", "4"),
        ]);
        let (names, _) = heads("Add a.txt, b.txt, c.txt and d.txt.", d.path()).unwrap();
        assert_eq!(names, vec!["a.txt", "b.txt", "c.txt"]);
    }

    fn user(text: &str) -> HistoryItem {
        HistoryItem::User {
            items: vec![InputItem::text(text)],
        }
    }

    fn assistant(text: &str) -> HistoryItem {
        HistoryItem::Assistant {
            text: text.into(),
            reasoning: String::new(),
            calls: Vec::new(),
            interrupted: false,
        }
    }

    #[test]
    fn the_view_puts_the_lines_after_the_persons_words_of_each_request() {
        let mut history = History::default();
        history.push(user("first"));
        history.push(assistant("ok"));
        history.push(HistoryItem::User {
            items: vec![
                InputItem::text("second"),
                InputItem::text("(a view's own words)"),
            ],
        });
        let files = vec![
            RequestFiles {
                at: 0,
                items: 1,
                text: "(A)".into(),
            },
            RequestFiles {
                at: 2,
                items: 1,
                text: "(B)".into(),
            },
        ];
        let view = shown(&history, &files).unwrap();
        assert_eq!(
            view.items()[0],
            HistoryItem::User {
                items: vec![InputItem::text("first"), InputItem::text("\n\n(A)")]
            }
        );
        assert_eq!(view.items()[1], assistant("ok"));
        assert_eq!(
            view.items()[2],
            HistoryItem::User {
                items: vec![
                    InputItem::text("second"),
                    InputItem::text("\n\n(B)"),
                    InputItem::text("(a view's own words)")
                ]
            }
        );
        // Nothing to show, or a place that holds no request now: the history as it is.
        assert_eq!(shown(&history, &[]), None);
        let stale = RequestFiles {
            at: 1,
            ..files[0].clone()
        };
        assert_eq!(shown(&history, &[stale]), None);
        let mut kept = files.clone();
        forget_from(&mut kept, 2);
        assert_eq!(kept, files[..1].to_vec());
    }
}
