#!/usr/bin/env bash
# Installs Filter Lab's Debian build dependencies (the CUDA toolkit is expected to be installed already).
#   scripts/install_deps.sh          what the app needs
#   scripts/install_deps.sh --tests  plus the test dependencies (GoogleTest, OpenCV as the oracle, Xvfb and Mesa)
#   scripts/install_deps.sh --fuzz   plus clang with libFuzzer and its OpenMP (scripts/run_fuzzers.sh)
set -euo pipefail
pkgs=(cmake ninja-build g++ pkg-config libimgui-dev libglfw3-dev libstb-dev python3-glad libcli11-dev
      nlohmann-json3-dev libegl-dev libgl-dev)
if [ "${1:-}" = "--tests" ]; then
  pkgs+=(googletest libgtest-dev libopencv-dev xvfb xauth libgl1-mesa-dri)
fi
if [ "${1:-}" = "--fuzz" ]; then
  pkgs+=(clang libclang-rt-dev libomp-dev)
fi
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "dependencies: all installed"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "installing: ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
if ! command -v nvcc >/dev/null; then
  if [ -x /usr/local/cuda/bin/nvcc ]; then
    echo "note: nvcc is at /usr/local/cuda/bin; the build scripts add it to PATH"
  else
    echo "error: nvcc not found: install the CUDA toolkit (12 or newer)" >&2
    exit 1
  fi
fi
