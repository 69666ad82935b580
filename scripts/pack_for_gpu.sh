#!/usr/bin/env bash
# Developer tool: builds for the GPU machine (preset gpu, sm_90) and packs what a device run needs into .gpu/
# (git-ignored): the executables in .gpu/bin and the few shared libraries that machine lacks in .gpu/lib.
# Run ../shared/device/prepare.sh once first (it makes .gpu/ with the GL client libraries and on-device.sh).
# It builds the committed HEAD (a snapshot in build/gpu-src), not the working tree, so that files half-written
# by someone else never reach the GPU machine.
# On the device: bash .gpu/on-device.sh bash bench/gpu_batch.sh tests bench
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PATH:/usr/local/cuda/bin"
[ -f .gpu/on-device.sh ] || { echo "error: run ../shared/device/prepare.sh first" >&2; exit 1; }
# PACK_FROM=DIR packs the binaries of an existing sm_90 build folder instead (e.g. build/ci, whose tree is clean:
# `git status` says so) and saves building the same sources twice on a small machine.
build=${PACK_FROM:-build/gpu}
if [ -z "${PACK_FROM:-}" ]; then
  src=build/gpu-src
  rm -rf "$src" && mkdir -p "$src"
  git archive HEAD | tar -x -C "$src"
  cmake -S "$src" -B build/gpu -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 \
    -DFILTERLAB_COMMIT="$(git rev-parse --short=12 HEAD)" "$@" >/dev/null
fi
cmake --build "$build" --target filterlab gpu_tests ui_tests
mkdir -p .gpu/bin .gpu/lib
rm -f .gpu/bin/* .gpu/lib/*
cp "$build/app/filterlab" "$build/tests/gpu_tests" "$build/tests/ui_tests" .gpu/bin/
strip .gpu/bin/* 2>/dev/null || true
# With BASE_REV=<commit>, also the filterlab of that commit in .gpu/base (bench/gpu_batch.sh base: before and after in
# one device call).
if [ -n "${BASE_REV:-}" ]; then
  rm -rf build/base-src && mkdir -p build/base-src .gpu/base
  git archive "$BASE_REV" | tar -x -C build/base-src
  cmake -S build/base-src -B build/base -G Ninja -DCMAKE_BUILD_TYPE=Release -DCMAKE_CUDA_ARCHITECTURES=90 >/dev/null
  cmake --build build/base --target filterlab
  cp build/base/app/filterlab .gpu/base/
  strip .gpu/base/filterlab 2>/dev/null || true
fi
# Shared libraries the binaries use that are not part of glibc/libstdc++ (the GPU machine is Ubuntu 24.04).
for lib in $(ldd .gpu/bin/* | awk '/=>/{print $3}' | sort -u); do
  case "$(basename "$lib")" in
    libc.so*|libm.so*|libstdc++*|libgcc_s*|libpthread*|libdl.so*|librt.so*|libEGL*|libGL*|libOpenGL*|libGLX*|libGLdispatch*|libX*|libxcb*) ;;
    *) cp -L "$lib" .gpu/lib/ ;;
  esac
done
# What travels to the GPU machine is limited to 64 MiB with the working tree: the executables go compressed
# (about 80 MB of CUDA fat binaries become about 20 MB). There, first: tar xJf .gpu/bin.tar.xz -C .gpu
tar cf - -C .gpu bin | xz -T2 -6 > .gpu/bin.tar.xz
rm -rf .gpu/bin
du -sh .gpu
echo "on the GPU machine: tar xJf .gpu/bin.tar.xz -C .gpu && bash .gpu/on-device.sh bash bench/gpu_batch.sh ..."
