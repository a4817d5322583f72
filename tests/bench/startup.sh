#!/usr/bin/env bash
# Whole-process startup figures: `interpreter --version`, and the time from launch to the
# first prompt in a pseudo-terminal. Usage: tests/bench/startup.sh [path/to/interpreter]
set -euo pipefail
bin="${1:-${CARGO_TARGET_DIR:-$HOME/.cache/open-interpreter-rs/target}/release/interpreter}"
runs=50
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export XDG_DATA_HOME="$tmp/data" XDG_CONFIG_HOME="$tmp/config"

ms() { python3 -c 'import sys; print(f"{float(sys.argv[1])/1e6:.2f}")' "$1"; }
total=0
for _ in $(seq $runs); do
  s=$(date +%s%N); "$bin" --version >/dev/null; e=$(date +%s%N); total=$((total + e - s))
done
echo "--version: mean $(ms $((total / runs))) ms over $runs runs"

# Time to prompt: launch in a pty, stop the clock when "> " appears.
python3 - "$bin" <<'PY'
import os, pty, sys, time, select
bin = sys.argv[1]
times = []
for _ in range(20):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.execv(bin, [bin, "--model", "openai/none", "--api_base", "http://127.0.0.1:9/v1"])
    buf = b""
    while b"> " not in buf:
        r, _, _ = select.select([fd], [], [], 10)
        if not r:
            break
        try:
            buf += os.read(fd, 4096)
        except OSError:
            break
    times.append(time.perf_counter() - start)
    os.write(fd, b"\x04")
    os.waitpid(pid, 0)
    os.close(fd)
times.sort()
print(f"time to prompt: median {times[len(times)//2]*1000:.1f} ms, best {times[0]*1000:.1f} ms over {len(times)} runs")
PY
