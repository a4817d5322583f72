//! "Find the PDF I downloaded last week and summarize it": code in the Python kernel finds the
//! document among decoys and reads its second page through `computer.files`, with no PDF
//! library, under `--sandbox native`, and is refused what the sandbox keeps from it.

use std::path::Path;
use std::process::Command;

use oi_product_tests::{Sandbox, exec_scripted, of_type, tool_outputs};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

/// A two-page PDF written by groff (gropdf), the document a person downloaded.
fn pdf(path: &Path, first: &str, second: &str) {
    let source = path.with_extension("ms");
    std::fs::write(&source, format!(".PP\n{first}\n.bp\n.PP\n{second}\n")).unwrap();
    let out = Command::new("groff")
        .args(["-ms", "-Tpdf"])
        .arg(&source)
        .output()
        .expect("groff is needed (see .ci/packages.sh)");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    std::fs::remove_file(&source).unwrap();
    std::fs::write(path, out.stdout).unwrap();
}

/// Sets a file's modification time as a person's old download has it.
fn aged(path: &Path, ago: &str) {
    let ok = Command::new("touch")
        .args(["-d", ago])
        .arg(path)
        .status()
        .unwrap()
        .success();
    assert!(ok, "touch -d {ago}");
}

/// A home whose Downloads (named in user-dirs.dirs) hold last week's two-page report among
/// decoys: an older PDF and a newer file of another kind. Returns the report's path.
fn downloads_with_report(sb: &Sandbox) -> std::path::PathBuf {
    let home = sb.root.path().join("home");
    let downloads = home.join("Downloads");
    std::fs::create_dir_all(&downloads).unwrap();
    std::fs::write(
        sb.config().join("user-dirs.dirs"),
        "XDG_DOWNLOAD_DIR=\"$HOME/Downloads\"\n",
    )
    .unwrap();
    let report = downloads.join("harbour-report.pdf");
    pdf(
        &report,
        "Page one is the cover.",
        "The harbour opens on Tuesday.",
    );
    aged(&report, "3 days ago");
    let old = downloads.join("old-invoice.pdf");
    pdf(&old, "Invoice cover.", "Invoice 1234 is overdue.");
    aged(&old, "30 days ago");
    std::fs::write(downloads.join("todo.txt"), "buy milk\n").unwrap();
    report
}

#[test]
fn code_finds_last_weeks_pdf_among_decoys_and_reads_page_two_under_the_native_sandbox() {
    let sb = Sandbox::under(Path::new(env!("CARGO_TARGET_TMPDIR")));
    let home = sb.root.path().join("home");
    downloads_with_report(&sb);
    // What the sandbox keeps from code: credentials (named at run time, so the refusal is the
    // engine's check of the resolved path, not the static look at the code).
    std::fs::create_dir_all(home.join(".ssh")).unwrap();
    std::fs::write(home.join(".ssh/notes.txt"), "secret\n").unwrap();

    let code = "import os\n\
                paths = computer.files.find(kind='pdf', modified_within='7d')\n\
                print('found', [os.path.basename(p) for p in paths])\n\
                print(computer.files.read(paths[0], pages=2))\n\
                try:\n    computer.files.read(os.path.join(os.environ['HOME'], '.' + 'ssh', 'notes.txt'))\n\
                except computer.ComputerError as e:\n    print('refused:', e.kind, e)";
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call("execute", json!({"language": "python", "code": code})),
        ScriptedResponse::text("The report says the harbour opens on Tuesday."),
    ]));
    let tmp = sb.root.path().join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let out = sb
        .command("interpreter")
        .env("TMPDIR", &tmp)
        .args([
            "exec",
            "--json",
            "-y",
            "--sandbox",
            "native",
            "-s",
            "workspace-write",
        ])
        .args(["--model", "openai/m"])
        .args(["--api_base", &format!("{}/v1", server.base_url()), "go"])
        .output()
        .unwrap();
    let events = oi_product_tests::read_jsonl(&String::from_utf8_lossy(&out.stdout));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let outputs = tool_outputs(&events).join("\n");
    assert!(
        outputs.contains("found ['harbour-report.pdf']"),
        "{outputs}"
    );
    assert!(outputs.contains("page 2"), "{outputs}");
    assert!(
        outputs.contains("The harbour opens on Tuesday."),
        "{outputs}"
    );
    assert!(
        !outputs.contains("Page one is the cover."),
        "only page 2: {outputs}"
    );
    assert!(
        outputs.contains("refused: denied Not read:") && !outputs.contains("secret"),
        "{outputs}"
    );
    // The classic prompt told the model about it.
    let system = server.model_requests()[0].messages()[0]["content"].to_string();
    assert!(
        system.contains("computer.files.read(path, pages=None)"),
        "{system}"
    );
}

/// A weak model asked about "the PDF I downloaded this week" makes its content up without
/// running code, then answers with the file's name: the engine finds the document (its own
/// call, through the gate), then reads it, and the model's last answer quotes page 2.
#[test]
fn a_model_that_makes_a_documents_content_up_is_given_the_document() {
    let sb = Sandbox::under(Path::new(env!("CARGO_TARGET_TMPDIR")));
    let report = downloads_with_report(&sb);
    let (server, events) = exec_scripted(
        &sb,
        vec![
            ScriptedResponse::text("The PDF says \"Hello, world!\""),
            ScriptedResponse::text("The PDF is harbour-report.pdf."),
            ScriptedResponse::text("The harbour opens on Tuesday."),
        ],
        "What does the PDF I downloaded this week say?",
    );
    let outputs = tool_outputs(&events);
    assert_eq!(outputs.len(), 2, "{outputs:?}");
    assert_eq!(outputs[0].trim(), report.to_str().unwrap(), "{outputs:?}");
    assert!(
        outputs[1].contains("--- page 2 ---")
            && outputs[1].contains("The harbour opens on Tuesday."),
        "{outputs:?}"
    );
    let notices: Vec<String> = of_type(&events, "notice")
        .iter()
        .map(|e| e["msg"]["message"].as_str().unwrap_or_default().to_string())
        .collect();
    assert!(
        notices.iter().any(|n| n.contains("no code looked for")
            && n.contains(r#"computer.files.find(kind="pdf", modified_within="7d")"#)),
        "{notices:?}"
    );
    assert!(
        notices
            .iter()
            .any(|n| n.contains("answered without reading")),
        "{notices:?}"
    );
    // Each of the engine's calls was answered to the model, and nothing more was asked.
    let requests = server.model_requests();
    assert_eq!(requests.len(), 3);
    let last = serde_json::to_string(requests[2].messages()).unwrap();
    assert!(last.contains("The harbour opens on Tuesday."), "{last}");
}

/// A weak model lists `./Downloads` (which is not there) and would run the same failing code
/// again: the engine finds the person's document in place of that call, then reads it.
#[test]
fn a_model_whose_code_looks_in_the_wrong_folder_is_given_the_document() {
    let sb = Sandbox::under(Path::new(env!("CARGO_TARGET_TMPDIR")));
    let report = downloads_with_report(&sb);
    let listing =
        json!({"language": "python", "code": "import os\nprint(os.listdir('Downloads'))"});
    let (_, events) = exec_scripted(
        &sb,
        vec![
            ScriptedResponse::tool_call("execute", listing.clone()),
            ScriptedResponse::tool_call("execute", listing),
            ScriptedResponse::text("The newest PDF is harbour-report.pdf."),
            ScriptedResponse::text("The harbour opens on Tuesday."),
        ],
        "Summarize the newest PDF in my Downloads folder",
    );
    let outputs = tool_outputs(&events);
    assert_eq!(outputs.len(), 3, "{outputs:?}");
    assert!(outputs[0].contains("FileNotFoundError"), "{outputs:?}");
    // Both PDFs (the request says no "when"), newest first.
    assert_eq!(
        outputs[1].lines().next(),
        Some(report.to_str().unwrap()),
        "{outputs:?}"
    );
    assert!(
        outputs[2].contains("The harbour opens on Tuesday."),
        "{outputs:?}"
    );
    let proposed = of_type(&events, "tool_call_proposed");
    let codes: Vec<&str> = proposed
        .iter()
        .map(|e| {
            e["msg"]["call"]["arguments"]["code"]
                .as_str()
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(codes.len(), 3, "{codes:?}");
    assert!(
        codes[1].starts_with(r#"found = computer.files.find(kind="pdf")"#),
        "the model's second listing was not run: {codes:?}"
    );
    assert!(
        of_type(&events, "notice")
            .iter()
            .any(|e| e["msg"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("the model's code failed")),
        "{events:?}"
    );
}
