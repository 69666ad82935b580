#!/usr/bin/env bash
# Developer tool: builds for the GPU machine (preset gpu, sm_90) and packs what a device run needs into .gpu/
# (git-ignored): the executables in .gpu/bin and the few shared libraries that machine lacks in .gpu/lib.
# Run ../shared/device/prepare.sh once first (it makes .gpu/ with the GL client libraries and on-device.sh).
# On the device: bash .gpu/on-device.sh env LD_LIBRARY_PATH=.gpu/lib .gpu/bin/gpu_tests
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
[ -f .gpu/on-device.sh ] || { echo "error: run ../shared/device/prepare.sh first" >&2; exit 1; }
cmake --preset gpu "$@" >/dev/null
cmake --build --preset gpu
mkdir -p .gpu/bin .gpu/lib
cp build/gpu/app/filterlab build/gpu/tests/gpu_tests .gpu/bin/
strip .gpu/bin/* 2>/dev/null || true
# Shared libraries the binaries use that are not part of glibc/libstdc++ (the GPU machine is Ubuntu 24.04).
for lib in $(ldd .gpu/bin/* | awk '/=>/{print $3}' | sort -u); do
  case "$(basename "$lib")" in
    libc.so*|libm.so*|libstdc++*|libgcc_s*|libpthread*|libdl.so*|librt.so*|libEGL*|libGL*|libOpenGL*|libGLX*|libGLdispatch*|libX*|libxcb*) ;;
    *) cp -L "$lib" .gpu/lib/ ;;
  esac
done
du -sh .gpu
