#!/usr/bin/env python3
"""The built-in runtime against llama.cpp's server on the same GGUF, whole process: each run
starts `interpreter exec --json`, sends one request and reads its events as they arrive.

  first token  time from starting `interpreter` to its first `assistant_text_delta`
               (for the built-in runtime this includes loading the model; the server arm's
               server is already running and warm, as a person's would be). The built-in
               runtime's first run starts with an empty cache and reads the whole prompt; it
               keeps the prompt's state on disk, and the later runs start from it.
  tok/s        output tokens (the `token_usage` event) over the time from the first text
               delta to the last one
  typed        the interactive terminal on a machine with nothing kept: the person takes
               TYPING seconds after the prompt appears to send the request (the session reads
               its system prompt meanwhile); first token is from the request (`user_message` in
               the session log) to the first text delta
  elsewhere    `exec` in a folder no earlier run used, with a prompt kept from another folder
               (the system prompt names the working directory)

Both arms use the same GGUF, two threads, a context of 8192 tokens and greedy sampling
(`--temperature 0`). Their answers can still differ in length (143 tokens against the server's 49
or 85 in two runs on one machine): the two llama.cpp builds add up in different orders, and a
greedy choice between near-equal tokens goes either way. tok/s is a rate, so it compares them
all the same. Not a test: nothing is asserted.

    bash .ci/local-model.sh          # prints MODEL and PYTHON
    cargo build -p oi-cli --bins --features local-runtime
    PYTHON tests/bench/builtin_runtime.py MODEL "$CARGO_TARGET_DIR/debug/interpreter" [runs]

A machine without AVX-512 can be stood in for on one that has it: build into another target dir
with ggml's AVX-512 options off (the build script passes GGML_* through to CMake, and
oi_llama_cpu_flags turns on only what /proc/cpuinfo lists):

    source .ci/packages.sh && oi_llama_cpu_flags
    GGML_AVX512=OFF GGML_AVX512_VBMI=OFF GGML_AVX512_VNNI=OFF GGML_AVX512_BF16=OFF GGML_AVX_VNNI=OFF \
      CARGO_TARGET_DIR=/tmp/avx2-target cargo build -p oi-cli --bins --features local-runtime

The server arm then still runs with the CPU's full instruction set (its wheel picks at run time).
"""
import glob
import json
import os
import pty
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROMPT = "Write a Python function that checks whether a number is prime, with a docstring. Do not run it."


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run_once(interpreter, model_args, home, cwd=None):
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
               XDG_CACHE_HOME=f"{home}/cache", RUST_LOG="")
    start = time.perf_counter()
    p = subprocess.Popen([interpreter, "exec", "--json", "--temperature", "0", "--max-tokens", "200", *model_args, PROMPT],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=cwd or home)
    first = last = None
    output_tokens = None
    for line in p.stdout:
        try:
            event = json.loads(line)
        except ValueError:
            continue
        msg = event.get("msg", event)
        kind = msg.get("type")
        now = time.perf_counter()
        if kind == "assistant_text_delta":
            first = first or now
            last = now
        elif kind == "token_usage":
            output_tokens = msg.get("output_tokens") or msg.get("usage", {}).get("output_tokens")
            # One model response is what is measured: the engine's nudges and later steps are not.
            break
    p.kill()
    p.wait(timeout=600)
    if first is None or not output_tokens:
        raise SystemExit(f"no answer: {p.stderr.read()[-2000:]}")
    rate = (output_tokens - 1) / (last - first) if last > first else float("nan")
    return first - start, rate, output_tokens


def typed_once(interpreter, model, home, typing):
    """The interactive terminal: the request is sent `typing` seconds after the prompt shows."""
    env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=f"{home}/config", XDG_DATA_HOME=f"{home}/data",
               XDG_CACHE_HOME=f"{home}/cache", RUST_LOG="")
    main_fd, child_fd = pty.openpty()
    p = subprocess.Popen([interpreter, "--plain", "--temperature", "0", "--max-tokens", "200", "--model", model],
                         stdin=child_fd, stdout=child_fd, stderr=subprocess.DEVNULL, env=env, cwd=home)
    os.close(child_fd)
    screen = b""
    while b"> " not in screen:
        screen += os.read(main_fd, 4096)
    time.sleep(typing)
    os.write(main_fd, PROMPT.encode() + b"\r")
    deadline = time.time() + 300
    events = []
    while time.time() < deadline:
        logs = glob.glob(f"{home}/data/open-interpreter/sessions/*.jsonl")
        if logs:
            with open(logs[0]) as f:
                events = [json.loads(line)["msg"] | {"time_ms": json.loads(line)["time_ms"]}
                          for line in f if line.strip()]
            if any(e["type"] == "assistant_text_delta" for e in events):
                break
        time.sleep(0.05)
    p.kill()
    p.wait(timeout=60)
    os.close(main_fd)
    asked = next(e["time_ms"] for e in events if e["type"] == "user_message")
    first = next(e["time_ms"] for e in events if e["type"] == "assistant_text_delta")
    return (first - asked) / 1000


def start_server(python, model):
    port = free_port()
    server = subprocess.Popen([python, f"{ROOT}/tests/local-model/llama_server.py", model, str(port), "8192", "qwen"],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    deadline = time.time() + 120
    while time.time() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/health", timeout=2) as r:
                if r.status == 200:
                    return server, port
        except OSError:
            time.sleep(0.2)
    raise SystemExit("the llama.cpp server did not start")


def report(name, results):
    ttft = [r[0] for r in results]
    rates = [r[1] for r in results]
    print(f"{name:22} n={len(results)}  first token median {statistics.median(ttft):5.2f} s "
          f"(min {min(ttft):5.2f})  tok/s median {statistics.median(rates):5.1f} "
          f"(min {min(rates):5.1f}, max {max(rates):5.1f})  output tokens {[r[2] for r in results]}")
    return statistics.median(rates)


def main():
    model, interpreter = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    typing = float(os.environ.get("TYPING", "8"))
    typed = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as home:
            typed.append(typed_once(interpreter, model, home, typing))
    with tempfile.TemporaryDirectory() as home:
        cold = [run_once(interpreter, ["--model", model], home)]
        builtin = [run_once(interpreter, ["--model", model], home) for _ in range(runs)]
        elsewhere = []
        for n in range(runs):
            os.makedirs(f"{home}/elsewhere-{n}")
            elsewhere.append(run_once(interpreter, ["--model", model], home, cwd=f"{home}/elsewhere-{n}"))
        server, port = start_server(sys.executable, model)
        try:
            run_once(interpreter, ["--model", "llamacpp/qwen", "--api_base", f"http://127.0.0.1:{port}/v1"], home)  # warm-up
            served = [run_once(interpreter, ["--model", "llamacpp/qwen", "--api_base", f"http://127.0.0.1:{port}/v1"], home)
                      for _ in range(runs)]
        finally:
            server.stdin.close()
            server.wait(timeout=30)
    print(f"{'built-in, typed':22} n={len(typed)}  first token after the request median "
          f"{statistics.median(typed):5.2f} s (max {max(typed):5.2f}) after {typing:.0f} s of typing, nothing kept")
    report("built-in, nothing kept", cold)
    a = report("built-in, prompt kept", builtin)
    report("built-in, elsewhere", elsewhere)
    b = report("server", served)
    print(f"built-in tok/s is {100 * a / b:.0f}% of the server's")


if __name__ == "__main__":
    main()
