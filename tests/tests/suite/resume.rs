//! The session log: a SIGKILL mid-turn loses nothing already shown, `--resume` continues, and a
//! session live in one process cannot be resumed by another.

use std::time::{Duration, Instant};

use oi_product_tests::{Sandbox, read_jsonl, spawn_pty};
use oi_test_support::{Script, ScriptedModelServer, ScriptedResponse};
use serde_json::json;

#[test]
fn sigkill_mid_turn_then_resume_loses_nothing() {
    let sb = Sandbox::new();
    let server = ScriptedModelServer::start_blocking(Script::new(vec![
        ScriptedResponse::tool_call(
            "execute",
            json!({"language": "python", "code": "total = 17 + 25\nprint(total)"}),
        ),
        ScriptedResponse::text("The total is 42, and now I am writing a long explanation")
            .then_hang(),
    ]));
    let mut cmd = sb.command("interpreter");
    cmd.args([
        "--model",
        "openai/m",
        "--api_base",
        &format!("{}/v1", server.base_url()),
        "-y",
        "--plain",
        "add 17 and 25",
    ]);
    let mut p = spawn_pty(cmd);
    p.expect("long explanation").unwrap();
    // Wait until the log holds what the screen showed, then kill without warning.
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        let logs = sb.session_logs();
        if logs.len() == 1 {
            let events = read_jsonl(&std::fs::read_to_string(&logs[0]).unwrap());
            let shown: String = events
                .iter()
                .filter(|e| e["msg"]["type"] == "assistant_text_delta")
                .map(|e| e["msg"]["delta"].as_str().unwrap())
                .collect();
            if shown.contains("long explanation") {
                break;
            }
        }
        assert!(
            Instant::now() < deadline,
            "the shown text never reached the log"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // The session is live: another engine resuming it is refused and appends nothing.
    let pid = nix::unistd::Pid::from_raw(p.get_process().pid().as_raw());
    let log = sb.session_logs().remove(0);
    let before = std::fs::read(&log).unwrap();
    let second = sb
        .command("interpreter")
        .args([
            "--model",
            "openai/m",
            "--api_base",
            &format!("{}/v1", server.base_url()),
            "--plain",
            "--resume",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&second.stderr);
    assert!(!second.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("the session is open elsewhere (pid {pid})")),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read(&log).unwrap(),
        before,
        "the refused resume wrote"
    );
    assert_eq!(
        server.model_requests().len(),
        2,
        "the refused resume asked the model"
    );

    // Killed, the first engine lets go of the log: the resume below may write it.
    nix::sys::signal::kill(pid, nix::sys::signal::Signal::SIGKILL).unwrap();
    let _ = p.expect(expectrl::Eof);

    // Past sessions are listed with their first words.
    let out = sb
        .command("interpreter")
        .arg("--conversations")
        .output()
        .unwrap();
    let listing = String::from_utf8_lossy(&out.stdout);
    assert!(
        listing.contains("add 17 and 25") && listing.contains("openai/m"),
        "{listing}"
    );

    let server2 = ScriptedModelServer::start_blocking(Script::new(vec![ScriptedResponse::text(
        "Resumed fine.",
    )]));
    let mut cmd = sb.command("interpreter");
    cmd.args([
        "--model",
        "openai/m",
        "--api_base",
        &format!("{}/v1", server2.base_url()),
        "--plain",
        "--resume",
    ]);
    let mut p = spawn_pty(cmd);
    p.expect("resumed").unwrap();
    p.expect("> ").unwrap();
    p.send_line("go on").unwrap();
    p.expect("Resumed fine.").unwrap();
    p.expect("> ").unwrap(); // input typed before the prompt is flushed by the line editor
    p.send("\x04").unwrap();
    p.expect(expectrl::Eof).unwrap();

    let msgs = server2.model_requests()[0].messages().to_vec();
    let roles: Vec<&str> = msgs.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(
        roles,
        ["system", "user", "assistant", "tool", "assistant", "user"]
    );
    assert_eq!(msgs[1]["content"], json!("add 17 and 25"));
    assert_eq!(msgs[3]["content"], json!("42\n"));
    assert!(
        msgs[4]["content"]
            .as_str()
            .unwrap()
            .contains("long explanation"),
        "{}",
        msgs[4]
    );
    assert_eq!(msgs[5]["content"], json!("go on"));
    server2.assert_invariants();

    // One log, continued: sequence numbers have no gaps.
    let logs = sb.session_logs();
    assert_eq!(logs.len(), 1);
    let events = read_jsonl(&std::fs::read_to_string(&logs[0]).unwrap());
    for (i, e) in events.iter().enumerate() {
        assert_eq!(e["seq"], json!(i), "{e}");
    }
}
