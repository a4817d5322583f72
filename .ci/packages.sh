# Sourced by .ci/install and .ci/run: installs the Debian/Ubuntu packages the product and its
# tests need, when some are missing (as root, or through sudo).

OI_PACKAGES=(
  build-essential pkg-config curl ca-certificates git file
  python3 python3-venv nodejs npm ruby
  libssl-dev libwebkit2gtk-4.1-dev libayatana-appindicator3-dev librsvg2-dev libxdo-dev
  libpipewire-0.3-dev libclang-dev clang libxcb-randr0-dev libxcb-shm0-dev libxcb1-dev
  libgbm-dev libegl-dev libwayland-dev libxkbcommon-dev libdbus-1-dev libxtst-dev libxi-dev
  xvfb xauth dbus dbus-x11 libglib2.0-bin at-spi2-core xdotool x11-utils x11-xserver-utils xterm openbox dunst
  webkit2gtk-driver imagemagick fonts-dejavu-core python3-tk
  strace make cmake
  groff ghostscript qpdf poppler-utils
)

oi_install_packages() {
  local missing=()
  for p in "${OI_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  # Debian's nodejs may be replaced by a newer one from elsewhere: node on PATH is enough.
  if command -v node >/dev/null && command -v npm >/dev/null; then
    local kept=()
    for p in "${missing[@]}"; do [[ "$p" == nodejs || "$p" == npm ]] || kept+=("$p"); done
    missing=("${kept[@]}")
  fi
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "installing system packages: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root or sudo to install: ${missing[*]}" >&2; return 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# The built-in runtime's llama.cpp is compiled for the CPU features this machine has: ggml reads
# these as its own cmake options (.cargo/config.toml has x86-64-v3's as defaults for plain cargo
# runs). A binary built with one needs a CPU that has it, so each is set ON or OFF from here.
oi_llama_cpu_flags() {
  [ "$(uname -m)" = x86_64 ] && [ -r /proc/cpuinfo ] || return 0
  local flags want option needs cpu
  flags=" $(grep -m1 '^flags' /proc/cpuinfo | cut -d: -f2) "
  # ggml's option, then the /proc/cpuinfo flags it needs. AVX-512 (with VNNI, VBMI and BF16)
  # reads a prompt faster where the CPU has it.
  for want in "AVX avx" "AVX2 avx2" "FMA fma" "F16C f16c" "BMI2 bmi2" "AVX_VNNI avx_vnni" \
    "AVX512 avx512f avx512cd avx512vl avx512dq avx512bw" "AVX512_VBMI avx512f avx512vbmi" \
    "AVX512_VNNI avx512f avx512_vnni" "AVX512_BF16 avx512f avx512_bf16"; do
    read -r option needs <<<"$want"
    export "GGML_$option=ON"
    for cpu in $needs; do
      [[ "$flags" == *" $cpu "* ]] || export "GGML_$option=OFF"
    done
  done
  # AMX stays off: ggml's AMX kernels died on an illegal instruction (`tileloadd`) on a Xeon
  # whose /proc/cpuinfo lists amx_tile and amx_int8.
  export GGML_AMX_TILE=OFF GGML_AMX_INT8=OFF GGML_AMX_BF16=OFF
}
