#!/usr/bin/env bash
# Session 2026-11-27f, call 8 (trial: e01d03a + boxedge4_trial.diff): box fast up to radius 7 with aligned warps, one slot stride for the
# threads' and the edge chunks, the columns and inside tests worked out once, 32-bit shared addresses; FL_BOXCAP=1 caps it at
# 80 registers (__launch_bounds__ min 3 blocks of 256); FL_BOXOLD=1 the overlapping warps as committed. Box GPU tests
# both ways, racecheck and memcheck on box fast, then alternated same-process ratios at radius 1-8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for c in 0 1; do
  FL_BOXCAP=$c timeout 200 $b/gpu_tests --gtest_brief=1 --gtest_filter='*/box_fast*:*StripTail*:*Box*:*box_r*' > "$OUT/tests$c.log" 2>&1
  echo "box gpu_tests FL_BOXCAP=$c rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|^\[ variants' "$OUT/tests$c.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  grep -E "FAILED|Failure" "$OUT/tests$c.log" | head -20 >> "$OUT/summary.txt"
  gzip -9 "$OUT/tests$c.log"
done
for tool in racecheck memcheck; do
  timeout 150 compute-sanitizer --tool $tool --error-exitcode 9 $b/gpu_tests --gtest_brief=1 --gtest_filter='*MatchesCpuOracle/box_fast*:*BothTiersMatchTheOracle/box_r*-*4096*' > "$OUT/$tool.log" 2>&1
  echo "$tool box fast rc=$? $(grep -E '^\[  (PASSED|FAILED) +\]|ERROR SUMMARY' "$OUT/$tool.log" | tr '\n' ' ')" >> "$OUT/summary.txt"
  gzip -9 "$OUT/$tool.log"
done
bx=""; for r in 1 2 3 4 5 6 7 8; do bx="$bx --stage box:variant=fast:radius=$r"; done
for round in 1 2 3; do for m in "0 0" "0 1" "1 0"; do set -- $m
  echo "FL_BOXOLD=$1 FL_BOXCAP=$2" >> "$OUT/box.txt"; FL_BOXOLD=$1 FL_BOXCAP=$2 $b/filterlab bench --size 8192x8192 --format gray8 $bx --repeat 30 >> "$OUT/box.txt" 2>&1
done; done
echo "== box" >> "$OUT/summary.txt"
python3 - "$OUT/box.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    p=l.split(); key=p[0]+(' '+p[1] if p[0]=='box' else '')
    tab.setdefault(key+' '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
for m in "0 0"; do set -- $m
  FL_BOXOLD=$1 FL_BOXCAP=$2 timeout 60 ncu --section SourceCounters --import-source no --page source --print-source sass -c 1 \
    -k "regex:BoxFast" $b/filterlab bench --size 8192x8192 --format gray8 --stage box:variant=fast:radius=3 --repeat 1 --warmup 0 > "$OUT/box3_old$1_sass.txt" 2>&1
  echo "ncu box3 old=$1 rc=$?" >> "$OUT/summary.txt"; gzip -9 "$OUT/box3_old$1_sass.txt"
done
cat "$OUT/summary.txt"
