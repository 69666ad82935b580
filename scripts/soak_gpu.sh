#!/usr/bin/env bash
# The soak on the GPU machine, with the binaries scripts/pack_for_gpu.sh packed into .gpu/bin:
#   bash .gpu/on-device.sh bash scripts/soak_gpu.sh [ACTIONS] [SEED]     (default 50000 actions, seed 7)
# Plays a long random script (scripts/make_soak_script.py) on the CUDA backend through EGL and CUDA-GL interop,
# and with SOAK_CPU_TOO=1 the same script on the CPU backend (to compare what was refused and reported). Fails on a
# crash, a broken state rule, or device memory in use at the end more than SOAK_MAX_GROWTH_MIB (default 4) above
# its start (cudaMemGetInfo, printed in filterlab's summary line). Kernels are loaded eagerly, so that the
# first use of a kernel late in the script does not count as growth. Logs and scripts go to $OUT.
set -uo pipefail
cd "$(dirname "$0")/.."
: "${OUT:=/tmp/filterlab-out}"
mkdir -p "$OUT"
actions=${1:-50000}
seed=${2:-7}
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FILTERLAB_SOURCE_DIR="$PWD"
export CUDA_MODULE_LOADING=EAGER
exe=${FILTERLAB_EXE:-.gpu/bin/filterlab}
status=0
nvidia-smi --query-gpu=name,memory.used,memory.total --format=csv,noheader || true
# Device memory: buffers sized to the largest image and pipeline seen (executor outputs and scratch, display and
# comparison buffers, the B slot) stay allocated when a script ends, so growth over one pass is not a leak by
# itself, and the random loads of a second pass can still meet a larger input than the first did. A leak grows
# with every pass: the same script is played 2 and 4 times over, in two processes, and the last two passes may
# add at most SOAK_MAX_GROWTH_MIB (default 4). (Measured on an H100, 5,000 actions: 32.1 MiB after one pass, 40.1
# after two; 20,000 other actions: 38.1.)
limit=${SOAK_MAX_GROWTH_MIB:-4}
growth_of() { sed -nE 's/.* growth=(-?[0-9.]+).*/\1/p' "$1" | tail -n 1; }
for passes in 2 4; do
  SOAK_PASSES=$passes SOAK_MAX_GROWTH_MIB=100000 SOAK_DIR="$OUT/soak_cuda" timeout "${SOAK_TIMEOUT:-540}" \
    bash scripts/soak.sh "$exe" "$actions" "$seed" --backend cuda --gl egl --window 1280x800 \
    >"$OUT/soak_cuda_x$passes.txt" 2>&1 || status=1
  tail -n 1 "$OUT/soak_cuda_x$passes.txt"
done
g1=$(growth_of "$OUT/soak_cuda_x2.txt") g2=$(growth_of "$OUT/soak_cuda_x4.txt")
if [ -n "$g1" ] && [ -n "$g2" ]; then
  echo "device memory growth: two passes ${g1} MiB, four passes ${g2} MiB, the last two ${g2} - ${g1} MiB (limit $limit)"
  awk -v a="$g1" -v b="$g2" -v l="$limit" 'BEGIN { exit !(b - a <= l) }' || status=1
else
  status=1
fi
if [ "${SOAK_CPU_TOO:-0}" = 1 ]; then
  SOAK_DIR="$OUT/soak_cpu" timeout "${SOAK_TIMEOUT:-540}" bash scripts/soak.sh "$exe" "$actions" "$seed" \
    --backend cpu --gl egl --window 1280x800 || status=1
fi
echo "soak_gpu: $([ $status -eq 0 ] && echo passed || echo FAILED) ($actions actions, seed $seed)"
exit $status
