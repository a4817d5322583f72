//! `oi-scripted-model SCRIPT.json`: serves a scripted model on 127.0.0.1 until killed.
//! The first line on stdout is the base URL, for tests written in other languages.

use std::io::Write;

use oi_test_support::{Script, ScriptedModelServer};

fn main() -> std::process::ExitCode {
    let mut args = std::env::args().skip(1);
    let (Some(path), None) = (args.next(), args.next()) else {
        let _ = writeln!(std::io::stderr(), "usage: oi-scripted-model SCRIPT.json");
        return std::process::ExitCode::from(2);
    };
    let script = match std::fs::read_to_string(&path)
        .map_err(|error| error.to_string())
        .and_then(|text| Script::from_json(&text).map_err(|error| error.to_string()))
    {
        Ok(script) => script,
        Err(error) => {
            let _ = writeln!(std::io::stderr(), "oi-scripted-model: {path}: {error}");
            return std::process::ExitCode::FAILURE;
        }
    };
    let server = ScriptedModelServer::start_blocking(script);
    let mut stdout = std::io::stdout().lock();
    if writeln!(stdout, "{}", server.base_url())
        .and_then(|()| stdout.flush())
        .is_err()
    {
        return std::process::ExitCode::FAILURE;
    }
    drop(stdout);
    // Serve until killed; report protocol violations on stderr as they appear.
    let mut reported = 0;
    loop {
        std::thread::sleep(std::time::Duration::from_millis(200));
        let violations = server.violations();
        for violation in &violations[reported..] {
            let _ = writeln!(
                std::io::stderr(),
                "oi-scripted-model: violation: {violation}"
            );
        }
        reported = violations.len();
    }
}
