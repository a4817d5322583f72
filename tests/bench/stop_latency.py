#!/usr/bin/env python3
"""How fast Stop stops, whole process: the real computer-use helper (`interpreter-computer`) on
a real X display, an action under way (a 30 s wait, a 30 s hold of Shift), then `stop` on its
request pipe; the time until the action's `Stopped` reply. That is what the person waits for
after pressing Stop, minus the engine's own hop (an in-process channel). The criterion bench
`cargo bench -p oi-computer-x11 --bench stop` measures the same in-process.

    Xvfb :77 -screen 0 1920x1080x24 -noreset &
    DISPLAY=:77 python3 tests/fixtures/probe_app.py 900 700 &   # a window to hold keys in, focused
    DISPLAY=:77 python3 tests/bench/stop_latency.py "$CARGO_TARGET_DIR/debug/interpreter-computer" [runs]
"""
import json
import statistics
import subprocess
import sys
import time


def main():
    helper = sys.argv[1]
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    p = subprocess.Popen([helper], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    ids = iter(range(1, 1_000_000))

    def send(request):
        request["id"] = next(ids)
        p.stdin.write(json.dumps(request) + "\n")
        p.stdin.flush()
        return request["id"]

    def reply_to(rid):
        while True:
            line = json.loads(p.stdout.readline())
            if line.get("id") == rid:
                return line

    for name, action in [
        ("wait", {"action": "wait", "duration": 30}),
        ("hold_key shift", {"action": "hold_key", "text": "shift", "duration": 30}),
    ]:
        times = []
        for _ in range(runs):
            rid = send({"op": "perform", "arguments": action})
            time.sleep(0.05)  # under way
            start = time.perf_counter()
            send({"op": "stop"})
            line = reply_to(rid)
            times.append((time.perf_counter() - start) * 1000)
            assert "Stopped by the person" in json.dumps(line), line
        times.sort()
        print(
            f"{name:15} n={runs} median {statistics.median(times):6.1f} ms  "
            f"p95 {times[int(len(times) * 0.95) - 1]:6.1f} ms  max {times[-1]:6.1f} ms"
        )
    p.stdin.close()
    p.wait(timeout=10)


if __name__ == "__main__":
    main()
