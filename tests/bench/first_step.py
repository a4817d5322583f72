#!/usr/bin/env python3
"""First-step accuracy of the local-model harness, in minutes rather than the whole bench's hour:
for each task of a set (local_tasks.py's), the product's first model request is recorded (a
stand-in server on 127.0.0.1 answers every request with "Done.", so `interpreter exec` ends at
once), sent to a real llama.cpp server at temperature 0, the code of the reply run in a fresh copy
of the task's files, and its output checked for the expected value. With --system FILE, the
system prompt is replaced by FILE's text (its `{{facts}}` by the recorded prompt's "Environment:"
part), to try a prompt before building it into a profile.

    python3 tests/bench/first_step.py --set twentieth [--model M.gguf] [--system prompt.md]

Session 36 measured, over the eighteenth to twentieth sets with the 0.5B model: the classic
prompt 38/99, a short directive one 14/99, the classic one with a worked example 7/99.
"""
import http.server
import json
import pathlib
import re
import shutil
import socketserver
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request

sys.path.insert(0, str(pathlib.Path(__file__).parent))
import local_tasks as lt  # noqa: E402

DONE = ('data: {"choices":[{"index":0,"delta":{"role":"assistant","content":"Done."},"finish_reason":null}]}\n\n'
        'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n')

# The kernel shows a final bare expression's value; so does this runner.
SHOW_LAST = r'''
import ast, sys
tree = ast.parse(open(sys.argv[1]).read())
last = tree.body[-1] if tree.body else None
scope = {"__name__": "__main__"}
if isinstance(last, ast.Expr):
    exec(compile(ast.Module(tree.body[:-1], []), "<code>", "exec"), scope)
    value = eval(compile(ast.Expression(last.value), "<code>", "eval"), scope)
    if value is not None:
        print(repr(value))
else:
    exec(compile(tree, "<code>", "exec"), scope)
'''


def record_first_requests(binary, tasks, alias, port):
    """Each task's first chat request, as the product sends it."""
    first, current = {}, {"n": None}

    class StandIn(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def reply(self, body, kind):
            data = body.encode()
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            self.reply(json.dumps({"object": "list", "data": [{"id": alias, "object": "model"}]}),
                       "application/json")

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            if self.path.endswith("/chat/completions"):
                first.setdefault(current["n"], body)
            self.reply(DONE, "text/event-stream")

    class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
        daemon_threads = True

    server = Server(("127.0.0.1", port), StandIn)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    args = ["--model", f"llamacpp/{alias}", "--api_base", f"http://127.0.0.1:{port}/v1"]
    try:
        for n, (request, files, expected) in enumerate(tasks, 1):
            current["n"] = n
            lt.run_task(binary, args, request, files, expected, 30)
    finally:
        server.shutdown()
    return first


def with_system(request, system):
    """The request with its system prompt replaced; `{{facts}}` is the recorded Environment part."""
    request = json.loads(json.dumps(request))
    recorded = request["messages"][0]["content"]
    facts = recorded.split("Environment:\n", 1)[1] if "Environment:\n" in recorded else ""
    request["messages"][0]["content"] = system.replace("{{facts}}", facts)
    return request


def ask(port, request):
    body = dict(request, stream=False, temperature=0.0, max_tokens=400)
    body.pop("stream_options", None)
    req = urllib.request.Request(f"http://127.0.0.1:{port}/v1/chat/completions",
                                 data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    return json.load(urllib.request.urlopen(req, timeout=300))["choices"][0]["message"]


def code_of(message):
    """The (language, code) a reply asks to run: a native call, a call written as JSON (whatever
    name it gives), or a fenced block."""
    for call in message.get("tool_calls") or []:
        try:
            arguments = json.loads(call["function"]["arguments"])
        except (KeyError, TypeError, json.JSONDecodeError):
            continue
        if isinstance(arguments, dict) and isinstance(arguments.get("code"), str):
            return arguments.get("language", "python"), arguments["code"]
    text = message.get("content") or ""
    for language, body in re.findall(r"```(\w+)?\n(.*?)```", text, re.S) or [("", text)]:
        try:
            data = json.loads(body)
        except json.JSONDecodeError:
            data = None
        if isinstance(data, dict):
            arguments = data.get("arguments", data)
            if isinstance(arguments, dict) and isinstance(arguments.get("code"), str):
                return arguments.get("language", "python"), arguments["code"]
        elif language and language.lower() != "json":
            return language, body
    return None


def run(language, code, files, folder):
    """The output of `code` in a fresh copy of the task's files (None when it failed)."""
    shutil.rmtree(folder, ignore_errors=True)
    work = folder / "work"
    work.mkdir(parents=True)
    for name, text in files.items():
        (work / name).parent.mkdir(parents=True, exist_ok=True)
        (work / name).write_text(text)
    language = language.lower()
    if language in ("python", "py", "python3"):
        (folder / "code.py").write_text(code)
        (folder / "show_last.py").write_text(SHOW_LAST)
        argv = ["python3", str(folder / "show_last.py"), str(folder / "code.py")]
    elif language in ("shell", "bash", "sh"):
        argv = ["bash", "-c", code]
    elif language in ("javascript", "js", "node"):
        argv = ["node", "-e", code]
    else:
        return None
    try:
        done = subprocess.run(argv, cwd=work, capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return None
    return done.stdout if done.returncode == 0 else None


def main():
    ap = lt.bench_args(18779)
    ap.add_argument("--set", default="twentieth", choices=sorted(lt.SETS))
    ap.add_argument("--system", default="", help="a system prompt to try in place of the product's")
    args = ap.parse_args()
    tasks = lt.SETS[args.set]
    model, python = lt.model_and_python(args)
    first = record_first_requests(args.bin, tasks, lt.alias_of(model), args.port + 1)
    system = pathlib.Path(args.system).read_text() if args.system else None
    server = lt.start_server(python, model, args.port)
    right, started = [], time.monotonic()
    folder = pathlib.Path(tempfile.gettempdir(), "oi-bench-task")
    try:
        for n, (request, files, expected) in enumerate(tasks, 1):
            if n not in first:
                print(f"{n:2} no request recorded")
                continue
            sent = with_system(first[n], system) if system else first[n]
            found = code_of(ask(args.port, sent))
            output = run(*found, files, folder) if found else None
            ok = output is not None and lt.holds(output, expected)
            right.append(ok)
            print(f"{n:2} {'ok' if ok else '--'}  {request[:50]!r} -> {(output or '').strip()[:60]!r}", flush=True)
    finally:
        lt.stop_model(server)
        shutil.rmtree(folder, ignore_errors=True)
    print(f"\nfirst step right {sum(right)}/{len(tasks)}, {time.monotonic() - started:.0f} s")


if __name__ == "__main__":
    sys.exit(main())
