#!/usr/bin/env bash
# Session 2026-11-27g, call 1 (trial: FL_PITCHPAD=N adds N bytes to every device image's pitch): does the
# 8192-byte (power of two) row pitch cost the strip stencils DRAM throughput? Same process ratios to a copy.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=16 --stage gauss:variant=tensor:radius=4 --stage invert:variant=vec4"
for round in 1 2 3; do
  for pad in 0 128 512 2048; do
    echo "FL_PITCHPAD=$pad 8192x8192" >> "$OUT/pad.txt"
    FL_PITCHPAD=$pad $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/pad.txt" 2>&1
  done
  for sz in 7680x8192 8704x8192 8192x7680; do
    echo "FL_PITCHPAD=0 $sz" >> "$OUT/pad.txt"
    $b/filterlab bench --size $sz --format gray8 $st --repeat 30 >> "$OUT/pad.txt" 2>&1
  done
  echo "FL_PITCHPAD=0 8192x8192 rgba8" >> "$OUT/pad.txt"
  $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage gauss:variant=tensor:radius=4 --stage box:variant=fast:radius=3 --repeat 30 >> "$OUT/pad.txt" 2>&1
  echo "FL_PITCHPAD=512 8192x8192 rgba8" >> "$OUT/pad.txt"
  FL_PITCHPAD=512 $b/filterlab bench --size 8192x8192 --format rgba8 --stage dilate5:variant=fast --stage gauss:variant=tensor:radius=4 --stage box:variant=fast:radius=3 --repeat 30 >> "$OUT/pad.txt" 2>&1
done
python3 - "$OUT/pad.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    tab.setdefault(l.split()[0]+' '+' '.join(l.split()[1:3])+' | '+cur, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
cat "$OUT/summary.txt"
