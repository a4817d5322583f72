#!/usr/bin/env python3
"""The desktop app with 200 logged sessions of 500 events each: how long until the window has
listed them (the first launch rebuilds the index beside the logs, the second reads it), and the
app's resident memory once idle (the app and its WebKit processes).

Run under a display and a session bus, e.g.
  Xvfb :71 -screen 0 1280x800x24 -nolisten tcp -noreset &
  DISPLAY=:71 dbus-run-session -- python3 tests/bench/session_list.py [path/to/interpreter-gui]
"""
import json, os, subprocess, sys, tempfile, time

# 200 sessions of 500 events each, as issue 16 asks; OI_BENCH_SESSIONS and OI_BENCH_EVENTS give a
# baseline to compare with (1 session of one turn, say).
SESSIONS = int(os.environ.get("OI_BENCH_SESSIONS", "200"))
EVENTS = int(os.environ.get("OI_BENCH_EVENTS", "500"))
target = os.environ.get("CARGO_TARGET_DIR", os.path.expanduser("~/.cache/open-interpreter-rs/target"))
app = sys.argv[1] if len(sys.argv) > 1 else os.path.join(target, "debug", "interpreter-gui")


def turn(n):
    call = {"call_id": f"c{n}", "wire_id": None, "name": "execute",
            "arguments": {"language": "shell", "code": "ls -la"}, "origin": "native",
            "action": {"type": "run_code", "language": "shell", "code": "ls -la"}}
    out = [{"type": "user_message", "items": [{"type": "text", "text": f"list the files of folder {n} please"}]},
           {"type": "turn_started", "turn": n}]
    out += [{"type": "assistant_text_delta", "delta": f"word{i} "} for i in range(20)]
    out += [{"type": "tool_call_proposed", "call": call},
            {"type": "approval_requested", "call": call, "warning": None},
            {"type": "approval_decided", "call_id": f"c{n}", "decision": {"type": "approve"}, "decider": "user"}]
    out += [{"type": "exec_output", "call_id": f"c{n}", "stream": "stdout",
             "chunk": f"-rw-r--r-- 1 me me {i}0424 Dec  1 10:00 file-{i}.txt\n"} for i in range(15)]
    out += [{"type": "token_usage", "input_tokens": 900, "output_tokens": 40,
             "total_input_tokens": 900 * n, "total_output_tokens": 40 * n},
            {"type": "turn_ended", "turn": n, "reason": "completed"}]
    return out


def write_sessions(sessions):
    os.makedirs(sessions)
    for s in range(SESSIONS):
        sid = f"session-{s:03}"
        msgs = [{"type": "session_configured", "session_id": sid, "model": "openai/gpt-4o",
                 "profile": "classic", "cwd": f"/home/me/project-{s}", "approval_policy": "ask",
                 "log_path": "", "resumed": False, "protocol_version": 1}]
        n = 1
        while len(msgs) < EVENTS:
            msgs += turn(n)
            n += 1
        with open(os.path.join(sessions, f"{sid}.jsonl"), "w") as f:
            for seq, msg in enumerate(msgs[:EVENTS]):
                f.write(json.dumps({"id": "", "seq": seq, "time_ms": 1_760_000_000_000 + s * EVENTS + seq, "msg": msg}) + "\n")


def tree(pid):
    """pid and every descendant."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            with open(f"/proc/{p}/task/{p}/children") as f:
                todo += [int(c) for c in f.read().split()]
        except OSError:
            pass
    return out


def rss_kb(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def comm(pid):
    try:
        with open(f"/proc/{pid}/comm") as f:
            return f.read().strip()
    except OSError:
        return "?"


def run(home, label):
    env = dict(os.environ, HOME=home, OI_DATA_DIR=os.path.join(home, "data"),
               OI_CONFIG_DIR=os.path.join(home, "config"), XDG_RUNTIME_DIR=home,
               OPENAI_API_KEY="unused")
    sessions = os.path.join(home, "data", "sessions")
    start = time.perf_counter()
    proc = subprocess.Popen([app, "--model", "openai/none", "--api-base", "http://127.0.0.1:9/v1"],
                            env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    # The window has listed every session once each has its summary and the app has read them:
    # wait for the summaries, then for the list's reads (atime is not reliable; the idle wait covers it).
    while sum(1 for n in os.listdir(sessions) if n.endswith(".meta.json")) < SESSIONS:
        if time.perf_counter() - start > 120:
            raise SystemExit("the app did not list the sessions within 120 s")
        time.sleep(0.02)
    indexed = time.perf_counter() - start
    time.sleep(10)
    pids = tree(proc.pid)
    per = {p: (comm(p), rss_kb(p)) for p in pids}
    total = sum(kb for _, kb in per.values())
    shot = os.path.join(home, f"{label}.png")
    subprocess.run(["import", "-window", "root", shot], check=False)
    proc.terminate()
    proc.wait(10)
    return indexed, total, per, shot


def main():
    home = tempfile.mkdtemp(prefix="oi-bench-")
    write_sessions(os.path.join(home, "data", "sessions"))
    size = sum(os.path.getsize(os.path.join(home, "data", "sessions", n)) for n in os.listdir(os.path.join(home, "data", "sessions")))
    print(f"{SESSIONS} sessions x {EVENTS} events, {size / 1e6:.1f} MB of logs, app {app}")
    cold, rss, per, shot = run(home, "cold")
    print(f"cold index (rebuilt from the logs by the first listing): every summary written {cold:.2f} s after launch")
    print(f"idle RSS with {SESSIONS} sessions listed: {rss / 1024:.0f} MB in all; "
          + ", ".join(f"{name} {kb / 1024:.0f} MB" for name, kb in per.values() if kb) + f"; screen {shot}")
    warm, rss, per, shot = run(home, "warm")
    print(f"warm index: idle RSS {rss / 1024:.0f} MB in all; "
          + ", ".join(f"{name} {kb / 1024:.0f} MB" for name, kb in per.values() if kb) + f"; screen {shot}")


if __name__ == "__main__":
    main()
