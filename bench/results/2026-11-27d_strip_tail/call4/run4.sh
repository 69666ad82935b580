#!/usr/bin/env bash
# Session 2026-11-27d, call 4 (trial build on 7b8d385: the strip kernels' last wave in shorter strips, StripTiers;
# FL_TAIL=F:D overrides the wave fraction and divisor, 0 = no tail): GPU tests of every strip kernel with the tail
# as built and with a tiny wave (both tiers at small sizes); bench by setting and rows per thread.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
filt='*/gauss3_fast*:*/dilate*_fast*:*/erode*_fast*:*/sobel_fast*:*/box_fast*:*/gauss_half2*:*/gray_fast*'
for t in 1:4 0.002:4 0.002:2; do
  start=$SECONDS
  FL_TAIL=$t timeout 150 $b/gpu_tests --gtest_brief=1 --gtest_filter="$filt" > "$OUT/tests_$t.log" 2>&1
  echo "strip gpu_tests FL_TAIL=$t rc=$? in $((SECONDS-start)) s $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests_$t.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests_$t.log"
done
st=""
for f in dilate5 sobel gauss3 dilate3; do for p in 8 12 16; do st="$st --stage $f:variant=fast:ppt=$p"; done; done
for p in 8 12 16; do st="$st --stage box:variant=fast:radius=3:ppt=$p"; done
for p in 12 16 24; do st="$st --stage box:variant=fast:radius=16:ppt=$p"; done
for t in 0 1:4 0.5:4 1.5:4 1:2 1:8 0 1:4 1.5:4; do
  echo "FL_TAIL=$t" >> "$OUT/bench.txt"
  FL_TAIL=$t $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/bench.txt" 2>&1
done
for t in 0 1:4 0 1:4; do
  echo "FL_TAIL=$t" >> "$OUT/bench_rgba.txt"
  FL_TAIL=$t $b/filterlab bench --size 8192x8192 --format rgba8 --stage gauss3:variant=fast --stage dilate5:variant=fast --stage dilate5:variant=fast:ppt=24 --stage gauss:variant=half2:radius=2 --repeat 30 >> "$OUT/bench_rgba.txt" 2>&1
done
cat "$OUT/summary.txt"
for f in bench.txt bench_rgba.txt; do
python3 - "$OUT/$f" <<'PY'
import sys, re
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_TAIL='): cur=l.strip().split('=',1)[1]; continue
    if l.startswith('copy') or cur is None: continue
    m=re.match(r'^(\S+)\s+(\S+\s+)?.*?ppt (\d+).*\s([\d.]+)\s*$', l)
    if m: tab.setdefault((l.split()[0]+' '+l.split()[1], m.group(3)), []).append((cur, float(l.split()[-1])))
for k,v in tab.items(): print(k[0], 'ppt', k[1], ' '.join('%s=%.1f'%x for x in v))
PY
done
