//! "Find the PDF I downloaded last week and summarize it": code in the Python kernel finds the
//! document among decoys and reads its second page through `computer.files`, with no PDF
//! library, under `--sandbox native`, and is refused what the sandbox keeps from it.

use std::path::Path;
use std::process::Command;

use oi_product_tests::{Sandbox, tool_outputs};
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

#[test]
fn code_finds_last_weeks_pdf_among_decoys_and_reads_page_two_under_the_native_sandbox() {
    let sb = Sandbox::under(Path::new(env!("CARGO_TARGET_TMPDIR")));
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
    // Decoys: an older PDF, a newer file of another kind.
    let old = downloads.join("old-invoice.pdf");
    pdf(&old, "Invoice cover.", "Invoice 1234 is overdue.");
    aged(&old, "30 days ago");
    std::fs::write(downloads.join("todo.txt"), "buy milk\n").unwrap();
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
