//! `computer.files` of the Python kernel, engine side: `read(path, pages=None)` gives a
//! document's text (PDF, Word, spreadsheets, slides, HTML, EPUB, plain text) and
//! `find(kind=None, modified_within=None, folder=None, name=None)` lists documents newest
//! first (in the code's working directory, Downloads, Desktop and Documents unless a folder is
//! given), with the engine's own readers ([`oi_documents`]), so code needs no PDF library.
//!
//! They come over the same line as the computer's actions (`{"files": "read", …}`) and change
//! nothing, so they pass no approval. The engine reads on the code's behalf, so it reads only
//! what the session's sandbox lets the code read ([`SessionSandbox::check_read`]), and a path in
//! the code's private /tmp is found where the engine keeps it.
//!
//! Reply: `{"ok": true, "text": …}` for `read`, `{"ok": true, "paths": […]}` for `find`; or
//! `{"ok": false, "kind": "bad_action" | "denied" | "failed", "message"}`.

use std::path::{Path, PathBuf};

use serde_json::{Map, Value, json};

use crate::sandbox::SessionSandbox;

/// Answers one `computer.files` request (blocking: documents take a while to parse).
pub(crate) fn answer(op: &str, arguments: &Map<String, Value>, sandbox: &SessionSandbox) -> Value {
    let done = match op {
        "read" => read(arguments, sandbox).map(|text| json!({"ok": true, "text": text})),
        "find" => find(arguments, sandbox).map(|paths| json!({"ok": true, "paths": paths})),
        other => Err(Failure::bad(format!(
            "computer.files has no `{other}`: use read(path, pages=None) or find(kind=None, \
             modified_within=None, folder=None, name=None)"
        ))),
    };
    done.unwrap_or_else(|f| json!({"ok": false, "kind": f.kind, "message": f.message}))
}

struct Failure {
    kind: &'static str,
    message: String,
}

impl Failure {
    fn bad(message: String) -> Self {
        Failure {
            kind: "bad_action",
            message,
        }
    }
}

/// A string argument; `None` when absent or null.
fn text<'a>(arguments: &'a Map<String, Value>, key: &str) -> Result<Option<&'a str>, Failure> {
    match arguments.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) => Ok(Some(s)),
        Some(other) => Err(Failure::bad(format!("`{key}` must be text, not {other}"))),
    }
}

/// The code's absolute path (the driver resolves it against the kernel's directory), where the
/// engine finds it, if the sandbox lets the code read it.
fn readable(given: &str, sandbox: &SessionSandbox) -> Result<PathBuf, Failure> {
    let path = Path::new(given);
    if !path.is_absolute() {
        return Err(Failure::bad(format!("`{given}` is not an absolute path")));
    }
    let path = sandbox.engine_path(path);
    sandbox.check_read(&path).map_err(|message| Failure {
        kind: "denied",
        message,
    })?;
    Ok(path)
}

fn read(arguments: &Map<String, Value>, sandbox: &SessionSandbox) -> Result<String, Failure> {
    let given = text(arguments, "path")?.ok_or_else(|| Failure::bad("read needs a path".into()))?;
    let path = readable(given, sandbox)?;
    let mut options = oi_documents::ReadOptions::default();
    let pages = match arguments.get("pages") {
        None | Some(Value::Null) => None,
        Some(Value::Number(n)) => Some(n.to_string()),
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => {
            return Err(Failure::bad(format!(
                "pages is a page number or a range like \"2-4\", not {other}"
            )));
        }
    };
    if let Some(pages) = pages {
        options.pages = Some(pages.parse().map_err(|e| Failure::bad(format!("{e}")))?);
    }
    let mut document = oi_documents::read(&path, &options).map_err(|e| Failure {
        kind: "failed",
        message: e.to_string(),
    })?;
    // A whole plain text file comes back as it is, as `open().read()` would give it: a header
    // and a page marker would be counted as lines and words (a weak model did, measured).
    let whole = document.parts.len() == 1
        && document.total_parts == 1
        && document.cut == oi_documents::Cut::default();
    if document.kind == oi_documents::DocumentKind::Text && whole {
        return Ok(document.parts.remove(0).text);
    }
    // Shown as the code named it, not where the engine keeps a private /tmp.
    document.path = PathBuf::from(given);
    Ok(document.render())
}

fn find(arguments: &Map<String, Value>, sandbox: &SessionSandbox) -> Result<Vec<String>, Failure> {
    let named = text(arguments, "kind")?;
    let kind = match named {
        None => None,
        Some(k) => Some(oi_documents::DocumentKind::from_name(k).ok_or_else(|| {
            Failure::bad(format!(
                "no document kind `{k}`: use pdf, docx, odt, xlsx, xls, ods, pptx, html, epub or text"
            ))
        })?),
    };
    // `kind="txt"` means .txt files, not every text file (.md, .csv, .log).
    let extension = named.zip(kind).and_then(|(k, kind)| {
        let k = k.trim_start_matches('.').to_ascii_lowercase();
        kind.extensions().contains(&k.as_str()).then_some(k)
    });
    let modified_within = text(arguments, "modified_within")?
        .map(oi_documents::parse_age)
        .transpose()
        .map_err(|e| Failure::bad(e.to_string()))?;
    let folder = text(arguments, "folder")?
        .map(|f| readable(f, sandbox))
        .transpose()?;
    // The code's working directory, looked in too when no folder is given; left out when the
    // sandbox does not let the code read it.
    let working_dir = text(arguments, "here")?.and_then(|here| readable(here, sandbox).ok());
    let query = oi_documents::FindQuery {
        kind,
        modified_within,
        folder: folder.clone(),
        name: text(arguments, "name")?.map(String::from),
        working_dir,
        extension,
    };
    let found = oi_documents::find(&query);
    // Default folders and what is below a folder may still hold denied paths.
    let code_tmp = sandbox.private_tmp();
    Ok(found
        .into_iter()
        .filter(|p| sandbox.check_read(p).is_ok())
        .map(|p| match &code_tmp {
            Some((engine, code)) => match p.strip_prefix(engine) {
                Ok(rest) => code.join(rest),
                Err(_) => p,
            },
            None => p,
        })
        .map(|p| p.display().to_string())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(op: &str, arguments: Value) -> Value {
        let Value::Object(arguments) = arguments else {
            unreachable!()
        };
        answer(op, &arguments, &SessionSandbox::none())
    }

    #[test]
    fn reads_text_with_its_part_header_and_finds_it_by_kind_age_and_name() {
        let dir = tempfile::tempdir().unwrap();
        let notes = dir.path().join("notes.txt");
        std::fs::write(&notes, "the harbour opens on Tuesday\n").unwrap();
        std::fs::write(dir.path().join("other.csv"), "a,b\n").unwrap();
        let read = ask("read", json!({"path": notes}));
        assert_eq!(read["ok"], true, "{read}");
        assert!(
            read["text"]
                .as_str()
                .unwrap()
                .contains("the harbour opens on Tuesday"),
            "{read}"
        );
        let found = ask(
            "find",
            json!({"kind": "text", "modified_within": "1h", "folder": dir.path(), "name": "NOT"}),
        );
        assert_eq!(
            found["paths"],
            json!([notes.display().to_string()]),
            "{found}"
        );
        // With no folder, the code's working directory is looked in too (a weak model looks for
        // the file it was asked about there with `find`).
        let here = ask("find", json!({"name": "notes", "here": dir.path()}));
        let paths = here["paths"].as_array().unwrap();
        assert!(
            paths.contains(&json!(notes.display().to_string())),
            "{here}"
        );
        // Given a folder, only that folder.
        let other = tempfile::tempdir().unwrap();
        let there = ask(
            "find",
            json!({"name": "notes", "here": dir.path(), "folder": other.path()}),
        );
        assert_eq!(there["paths"], json!([]), "{there}");
    }

    #[test]
    fn bad_requests_say_what_is_wrong() {
        let relative = ask("read", json!({"path": "notes.txt"}));
        assert_eq!(relative["kind"], "bad_action");
        assert!(
            relative["message"].as_str().unwrap().contains("absolute"),
            "{relative}"
        );
        let kind = ask("find", json!({"kind": "spaceship"}));
        assert!(
            kind["message"]
                .as_str()
                .unwrap()
                .contains("no document kind `spaceship`"),
            "{kind}"
        );
        let age = ask("find", json!({"modified_within": "soon"}));
        assert_eq!(age["kind"], "bad_action", "{age}");
        let missing = ask("read", json!({"path": "/nonexistent/report.pdf"}));
        assert_eq!(missing["kind"], "failed", "{missing}");
        let op = ask("write", json!({}));
        assert!(
            op["message"].as_str().unwrap().contains("has no `write`"),
            "{op}"
        );
        let pages = ask("read", json!({"path": "/x.pdf", "pages": [1]}));
        assert!(
            pages["message"].as_str().unwrap().contains("page number"),
            "{pages}"
        );
    }
}
