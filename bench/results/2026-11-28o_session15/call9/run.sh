#!/usr/bin/env bash
# Session 15, call 9: 9aa87b3's kernels (the tree at 951d8de). All four compute-sanitizer tools over gauss tensor's
# gray8 cases at 17x13, 3x2 and 1023x769 (radius 1..32; at 1023x769 the staged ring wraps several times):
# the staged kernel's new wait counts and barriers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o/san
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
OUT=/tmp/o/san TOOL_TIMEOUT=120 timeout 560 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests \
  '*gauss_tensor_gray8_17x13*:*gauss_tensor_gray8_3x2*:*gauss_tensor_gray8_1023x769_b32x8_ppt128_smem*' > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -7 /tmp/o/san.txt >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
