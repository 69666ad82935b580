#!/usr/bin/env bash
# Session 2026-11-27c, call 6: the strip probe with what the real strip kernels add to its memory pattern: a warp
# shuffle per row (mode 1), the end lanes' divergent edge fetch (mode 2), both (mode 3). R = 2, odd strips up.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 100 .gpu/probe/strip_probe2 > "$OUT/probe2.txt" 2>&1; echo "probe2 rc=$?" >> "$OUT/summary.txt"
timeout 100 .gpu/probe/strip_probe2 > "$OUT/probe2b.txt" 2>&1; echo "probe2 again rc=$?" >> "$OUT/summary.txt"
cat "$OUT/summary.txt" "$OUT/probe2.txt"; tail -n +3 "$OUT/probe2b.txt"
