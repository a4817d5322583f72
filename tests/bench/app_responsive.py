#!/usr/bin/env python3
"""Whether the desktop app stays responsive with 200 sessions listed and a 500-event session on
screen, measured in its real webview (WebKitGTK, driven through tauri-driver):
- listed: launch to every session shown in the list;
- open: a click on a 500-event session to its whole transcript drawn (first open reads the log
  over ipc; later ones reuse nothing: each session is opened once);
- scroll: the transcript scrolled from top to bottom a step per frame: frame gaps;
- typing: real keystrokes (WebDriver) into the composer and the list's search while that session
  is shown: each keystroke's input event to the next frame drawn.

A baseline to judge the figures by: the same with OI_BENCH_SESSIONS=1 OI_BENCH_EVENTS=30 (one
session of one turn).

Run under a display and a session bus, with tauri-driver and WebKitWebDriver on PATH, e.g.
  Xvfb :71 -screen 0 1280x800x24 -nolisten tcp -noreset &
  DISPLAY=:71 dbus-run-session -- python3 tests/bench/app_responsive.py [path/to/interpreter-gui]
"""
import json, os, socket, subprocess, sys, tempfile, time, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from session_list import EVENTS, SESSIONS, app, write_sessions  # noqa: E402

ELEMENT = "element-6066-11e4-a52e-4f735466cecf"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Driver:
    def __init__(self, url):
        self.url = url

    def call(self, method, path, body=None):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=300) as r:
            value = json.load(r)["value"]
        if isinstance(value, dict) and "error" in value:
            raise SystemExit(f"WebDriver {path}: {value}")
        return value

    def js(self, script, *args):
        return self.call("POST", "/execute/sync", {"script": script, "args": list(args)})

    def js_async(self, script, *args):
        return self.call("POST", "/execute/async", {"script": script, "args": list(args)})

    def find(self, css):
        return self.call("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def keys(self, css, text):
        self.call("POST", f"/element/{self.find(css)}/value", {"text": text})

    def wait(self, what, script, timeout=120):
        start = time.perf_counter()
        while not self.js(script):
            if time.perf_counter() - start > timeout:
                raise SystemExit(f"timed out waiting for {what}")
            time.sleep(0.05)
        return time.perf_counter() - start


# A click on a session, then frames until its transcript holds all its turns and two frames
# pass unchanged; the milliseconds in the page.
OPEN = """
const [id, turns, done] = [arguments[0], arguments[1], arguments[arguments.length - 1]];
const t0 = performance.now();
document.querySelector(`[data-session-id="${id}"]`).click();
let still = 0, last = -1;
const frame = () => {
  const n = document.querySelectorAll('[data-testid=transcript] [data-testid=user-message]').length;
  const blocks = document.querySelectorAll('[data-testid=transcript] > *').length;
  if (n === turns && blocks === last) still += 1; else still = 0;
  last = blocks;
  if (still >= 2) done([performance.now() - t0, blocks]);
  else requestAnimationFrame(frame);
};
requestAnimationFrame(frame);
"""

# The transcript scrolled top to bottom, one step per frame: the gaps between frames (ms).
SCROLL = """
const done = arguments[arguments.length - 1];
const el = document.querySelector('[data-testid=transcript]');
el.scrollTop = 0;
const gaps = [];
let prev = performance.now();
const step = () => {
  const now = performance.now();
  gaps.push(now - prev);
  prev = now;
  if (el.scrollTop + el.clientHeight >= el.scrollHeight - 1) return done({gaps, height: el.scrollHeight});
  el.scrollTop += 120;
  requestAnimationFrame(step);
};
requestAnimationFrame(step);
"""

# Records, for each input event on `css`, the time to the next frame drawn.
WATCH = """
const el = document.querySelector(arguments[0]);
window.__lat = [];
el.addEventListener('input', () => {
  const t = performance.now();
  requestAnimationFrame(() => requestAnimationFrame(() => window.__lat.push(performance.now() - t)));
});
"""


def stats(xs):
    xs = sorted(xs)
    pick = lambda q: xs[min(len(xs) - 1, int(q * len(xs)))]
    return f"median {pick(0.5):.1f} ms, p95 {pick(0.95):.1f} ms, max {xs[-1]:.1f} ms (n={len(xs)})"


def main():
    home = tempfile.mkdtemp(prefix="oi-bench-")
    sessions = os.path.join(home, "data", "sessions")
    write_sessions(sessions)
    with open(os.path.join(sessions, "session-000.jsonl")) as f:
        turns = sum(1 for line in f if '"user_message"' in line)
    env = dict(os.environ, HOME=home, OI_DATA_DIR=os.path.join(home, "data"),
               OI_CONFIG_DIR=os.path.join(home, "config"), XDG_RUNTIME_DIR=home,
               OPENAI_API_KEY="unused")
    port = free_port()
    driver = subprocess.Popen(["tauri-driver", "--port", str(port), "--native-port", str(free_port())],
                              env=env, cwd=home, stdout=subprocess.DEVNULL,
                              stderr=open(os.path.join(home, "driver.log"), "w"))
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(200):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        caps = {"capabilities": {"alwaysMatch": {"tauri:options": {
            "application": app, "args": ["--model", "openai/none", "--api-base", "http://127.0.0.1:9/v1"]}}}}
        start = time.perf_counter()
        # tauri-driver takes connections a moment before it can start a session.
        for attempt in range(60):
            try:
                session = Driver(base).call("POST", "/session", caps)["sessionId"]
                break
            except (ConnectionError, OSError):
                if attempt == 59:
                    raise
                time.sleep(1)
        wd = Driver(f"{base}/session/{session}")
        wd.wait("the list", f"return document.querySelectorAll('[data-testid=session-item]').length === {SESSIONS}")
        listed = time.perf_counter() - start
        print(f"{SESSIONS} sessions x {EVENTS} events ({turns} turns each), app {app}")
        print(f"listed: every session in the list {listed:.2f} s after launch (first launch: index rebuilt)")
        time.sleep(3)

        opens = []
        for s in dict.fromkeys(s % SESSIONS for s in (0, 57, 123, 199, 88)):
            ms, blocks = wd.js_async(OPEN, f"session-{s:03}", turns)
            opens.append(ms)
        print(f"open a {EVENTS}-event session ({blocks} blocks): " + ", ".join(f"{ms:.0f}" for ms in opens) + " ms")

        scrolled = wd.js_async(SCROLL)
        if len(scrolled["gaps"]) > 1:
            print(f"scroll {scrolled['height']} px, a step a frame: frame gaps {stats(scrolled['gaps'][1:])}")
        else:
            print(f"scroll: nothing to scroll, the transcript ({scrolled['height']} px) fits the window")

        wd.js(WATCH, "[data-testid=message-input]")
        for ch in "what changed in these files since yesterday":
            wd.keys("[data-testid=message-input]", ch)
        print("typing in the composer: " + stats(wd.js("return window.__lat")))

        wd.js(WATCH, "[data-testid=session-search]")
        for ch in "project-1":
            wd.keys("[data-testid=session-search]", ch)
        shown = wd.js("return document.querySelectorAll('[data-testid=session-item]').length")
        print(f"searching the list ({shown} of {SESSIONS} match 'project-1'): " + stats(wd.js("return window.__lat")))
        shot = os.path.join(home, "responsive.png")
        subprocess.run(["import", "-window", "root", shot], check=False)
        print(f"screen: {shot}")
        Driver(f"{base}/session/{session}").call("DELETE", "")
    finally:
        driver.terminate()
        driver.wait(10)


if __name__ == "__main__":
    main()
