//! The Python kernel's line to the engine (`EngineLink`): the preloaded `computer` speaks JSON
//! lines over an inherited socket; here a small engine on the other end answers it.

use oi_exec::{EngineLink, Kernels, Language};
use pretty_assertions::assert_eq;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::sync::mpsc;

use super::common::{kernels_in, run};

const IN_CONTAINER: &str = "no desktop in a container";

/// What the engine heard: (which kernel's line, the request).
type Heard = mpsc::UnboundedReceiver<(usize, Value)>;

/// Kernels whose Python kernels are linked to an engine that answers `cursor_position` with
/// `X=n,Y=n` (n counting the line's requests) and refuses everything else.
fn linked_kernels(dir: &std::path::Path) -> (Kernels, Heard) {
    let (link, mut arrivals) = EngineLink::new(IN_CONTAINER);
    let (heard_tx, heard) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        let mut kernel = 0;
        while let Some(stream) = arrivals.recv().await {
            kernel += 1;
            stream.set_nonblocking(true).unwrap();
            let stream = tokio::net::UnixStream::from_std(stream).unwrap();
            let heard = heard_tx.clone();
            tokio::spawn(answer(kernel, stream, heard));
        }
    });
    (kernels_in(dir).with_python_link(link), heard)
}

async fn answer(
    kernel: usize,
    stream: tokio::net::UnixStream,
    heard: mpsc::UnboundedSender<(usize, Value)>,
) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    let mut count = 0;
    while let Ok(Some(line)) = lines.next_line().await {
        let request: Value = serde_json::from_str(&line).unwrap();
        count += 1;
        let reply = if request["action"] == "cursor_position" {
            json!({"ok": true, "text": format!("X={count},Y={count}"), "screenshot": null})
        } else {
            json!({"ok": false, "kind": "denied", "message": "the user said no"})
        };
        let _ = heard.send((kernel, request));
        let mut text = reply.to_string();
        text.push('\n');
        if write.write_all(text.as_bytes()).await.is_err() {
            return;
        }
    }
    let _ = heard.send((kernel, json!("closed")));
}

#[tokio::test]
async fn the_computer_object_asks_the_engine_over_the_kernels_own_line() {
    let dir = tempfile::tempdir().unwrap();
    let (mut kernels, mut heard) = linked_kernels(dir.path());
    let out = run(&mut kernels, "python", "computer.mouse.position()").await;
    assert_eq!(out.stdout, "(1, 1)\n", "{}", out.stderr);
    assert_eq!(
        heard.recv().await,
        Some((1, json!({"action": "cursor_position"})))
    );
    let refused = run(
        &mut kernels,
        "python",
        "try:\n    computer.mouse.click(5, 6)\nexcept computer.ActionDenied as e:\n    print('refused:', e, e.kind)",
    )
    .await;
    assert_eq!(refused.stdout, "refused: the user said no denied\n");
    assert_eq!(
        heard.recv().await,
        Some((1, json!({"action": "left_click", "coordinate": [5, 6]})))
    );
}

#[tokio::test]
async fn threads_of_the_code_take_turns_and_each_gets_its_own_reply() {
    let dir = tempfile::tempdir().unwrap();
    let (mut kernels, _heard) = linked_kernels(dir.path());
    let code = "import threading\n\
                seen = []\n\
                def ask():\n    for _ in range(25):\n        seen.append(computer.mouse.position()[0])\n\
                threads = [threading.Thread(target=ask) for _ in range(8)]\n\
                for t in threads: t.start()\n\
                for t in threads: t.join()\n\
                sorted(seen) == list(range(1, 201))";
    let out = run(&mut kernels, "python", code).await;
    assert_eq!(out.stdout, "True\n", "{}", out.stderr);
}

#[tokio::test]
async fn only_the_kernel_holds_its_end_not_the_watchdog_nor_what_the_code_starts() {
    let dir = tempfile::tempdir().unwrap();
    let (mut kernels, _heard) = linked_kernels(dir.path());
    // The kernel's only socket is its line (its standard streams are pipes).
    let code = r#"import os, subprocess
def sockets(pid):
    found = set()
    for n in os.listdir(f"/proc/{pid}/fd"):
        try:
            target = os.readlink(f"/proc/{pid}/fd/{n}")
        except OSError:
            continue
        if target.startswith("socket:"):
            found.add(target)
    return found
mine = sockets(os.getpid())
started = subprocess.run(["ls", "-l", "/proc/self/fd"], close_fds=False, capture_output=True, text=True).stdout
assert "pipe:" in started, started
group = []
for p in os.listdir("/proc"):
    if p.isdigit() and int(p) != os.getpid():
        try:
            if os.getpgid(int(p)) == os.getpgrp():
                group.append(int(p))
        except OSError:
            pass
held_by_others = set()
for p in group:
    try:
        held_by_others |= sockets(p)
    except OSError:
        pass
print(len(mine), len(group) >= 1, any(s in started for s in mine), held_by_others & mine, os.environ.get("OI_COMPUTER_FD"))
"#;
    let out = run(&mut kernels, "python", code).await;
    assert_eq!(out.stdout, "1 True False set() None\n", "{}", out.stderr);
}

#[tokio::test]
async fn a_restarted_kernel_gets_a_new_line_and_the_old_one_ends() {
    let dir = tempfile::tempdir().unwrap();
    let (mut kernels, mut heard) = linked_kernels(dir.path());
    run(&mut kernels, "python", "computer.mouse.position()").await;
    assert_eq!(heard.recv().await.map(|h| h.0), Some(1));
    kernels.restart(Language::Python).await;
    assert_eq!(heard.recv().await, Some((1, json!("closed"))));
    // A kernel that dies by itself is replaced the same way on the next run.
    let out = run(&mut kernels, "python", "computer.mouse.position()").await;
    assert_eq!(out.stdout, "(1, 1)\n", "{}", out.stderr);
    assert_eq!(heard.recv().await.map(|h| h.0), Some(2));
    run(&mut kernels, "python", "import os\nos._exit(3)").await;
    assert_eq!(heard.recv().await, Some((2, json!("closed"))));
    let out = run(&mut kernels, "python", "computer.mouse.position()").await;
    assert_eq!(out.stdout, "(1, 1)\n", "{}", out.stderr);
    assert_eq!(heard.recv().await.map(|h| h.0), Some(3));
}

#[tokio::test]
async fn other_kernels_get_no_line_and_an_unlinked_python_says_why() {
    let dir = tempfile::tempdir().unwrap();
    let (mut kernels, _heard) = linked_kernels(dir.path());
    let shell = run(&mut kernels, "shell", "echo ${OI_COMPUTER_FD:-none}").await;
    assert_eq!(shell.stdout, "none\n");

    let mut unlinked = kernels_in(dir.path());
    let out = run(&mut unlinked, "python", "computer.mouse.position()").await;
    assert_eq!(out.exit_code, Some(1));
    assert!(
        out.stderr
            .contains("computer.ComputerError: this Python has no line")
            && out.stderr.contains("--sandbox native"),
        "{}",
        out.stderr
    );
}

#[tokio::test]
async fn a_reply_that_comes_after_its_caller_gave_up_is_not_taken_for_the_next() {
    let dir = tempfile::tempdir().unwrap();
    let (link, mut arrivals) = EngineLink::new(IN_CONTAINER);
    let mut kernels = kernels_in(dir.path()).with_python_link(link);
    // An engine slow to answer: the first reply goes out only once the second request is in.
    tokio::spawn(async move {
        let stream = arrivals.recv().await.unwrap();
        stream.set_nonblocking(true).unwrap();
        let (read, mut write) = tokio::net::UnixStream::from_std(stream)
            .unwrap()
            .into_split();
        let mut lines = BufReader::new(read).lines();
        lines.next_line().await.unwrap();
        lines.next_line().await.unwrap();
        for n in [1, 2] {
            let reply = json!({"ok": true, "text": format!("X={n},Y={n}"), "screenshot": null});
            write
                .write_all(format!("{reply}\n").as_bytes())
                .await
                .unwrap();
        }
        // Keeps the line open for the rest of the test.
        lines.next_line().await.ok();
    });
    // The code stops waiting for its first call (a signal handler raising), then calls again.
    let code = "import signal\n\
                class GaveUp(Exception): pass\n\
                def give_up(*_): raise GaveUp()\n\
                signal.signal(signal.SIGALRM, give_up)\n\
                signal.setitimer(signal.ITIMER_REAL, 0.2)\n\
                try:\n    computer.mouse.position()\nexcept GaveUp:\n    print('gave up')\n\
                computer.mouse.position()";
    let out = run(&mut kernels, "python", code).await;
    assert_eq!(out.stdout, "gave up\n(2, 2)\n", "{}", out.stderr);
}

#[tokio::test]
async fn a_kernel_in_a_container_gets_no_line_but_the_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (link, mut arrivals) = EngineLink::new(IN_CONTAINER);
    // No launcher: the container's `env K=V` alone, enough to see what the kernel is given.
    let options = oi_exec::KernelOptions {
        container: true,
        ..oi_exec::KernelOptions::new(dir.path())
    };
    let mut kernels = Kernels::new(options).with_python_link(link);
    let out = run(
        &mut kernels,
        "python",
        "import os\nprint(sorted(k for k in os.environ if k.startswith('OI_COMPUTER')))\ncomputer.mouse.position()",
    )
    .await;
    assert_eq!(out.stdout, "['OI_COMPUTER_UNAVAILABLE']\n");
    assert!(
        out.stderr
            .contains(&format!("computer.ComputerError: {IN_CONTAINER}")),
        "{}",
        out.stderr
    );
    assert!(arrivals.try_recv().is_err(), "no engine end was made");
}
