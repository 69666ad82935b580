#!/usr/bin/env bash
# Session 2026-11-27g, call 7 (00c3279 as built, no switches): rows per thread for the strip stencils now that
# 5x5 morphology has half-height tails and sobel the lean ring: dilate5 / erode5 / sobel at ppt 12, 16 (default),
# 20, 24, 32, three rounds alternated at 8192x8192, one at 4096x4096.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for size in 8192 8192 8192 4096; do for p in 12 16 20 24 32; do
  echo "PPT=$p SIZE=$size" >> "$OUT/ppt.txt"
  $b/filterlab bench --size ${size}x${size} --format gray8 --stage dilate5:variant=fast:ppt=$p --stage erode5:variant=fast:ppt=$p --stage sobel:variant=fast:ppt=$p --repeat 30 >> "$OUT/ppt.txt" 2>&1
done; done
python3 - "$OUT/ppt.txt" <<'PY' >> "$OUT/summary.txt"
import sys
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('PPT='): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    sz=cur.split()[1]; p=int(cur.split()[0].split('=')[1])
    tab.setdefault((l.split()[0], sz, p), []).append(v)
for k in sorted(tab): v=tab[k]; print(k[0], k[1], 'ppt', k[2], ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
cat "$OUT/summary.txt"
