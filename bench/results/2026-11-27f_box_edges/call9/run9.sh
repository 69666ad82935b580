#!/usr/bin/env bash
# Session 2026-11-27f, call 9 (trial: the box own-warps change as it will be committed + tail_trial.diff):
# FL_TAILDIV=N tail strips of ppt / N rows (4 as built), FL_TAILWAVES=f the tail covering f waves' rows (1 as built),
# for the strip stencils, alternated, same-process ratios; box fast radius 1 and 2 at rows 8 to 24 with its own warps.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
st="--stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate3:variant=fast --stage box:variant=fast:radius=3"
for round in 1 2; do for m in "4 1" "2 1" "2 1.5" "4 1.5" "4 0.5" "8 1" "2 0.5"; do set -- $m
  echo "FL_TAILDIV=$1 FL_TAILWAVES=$2" >> "$OUT/tail.txt"; FL_TAILDIV=$1 FL_TAILWAVES=$2 $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/tail.txt" 2>&1
done; done
bx=""; for p in 8 12 16 24; do bx="$bx --stage box:variant=fast:radius=1:ppt=$p --stage box:variant=fast:radius=2:ppt=$p"; done
for round in 1 2; do echo "FL_ROUND=$round" >> "$OUT/boxppt.txt"; $b/filterlab bench --size 8192x8192 --format gray8 $bx --repeat 30 >> "$OUT/boxppt.txt" 2>&1; done
for f in tail boxppt; do
echo "== $f" >> "$OUT/summary.txt"
python3 - "$OUT/$f.txt" <<'PY' >> "$OUT/summary.txt"
import sys,re
cur=None; tab={}
for l in open(sys.argv[1]):
    if l.startswith('FL_'): cur=l.strip(); continue
    if l.startswith(('copy','filter','device')) or cur is None or len(l.split())<5: continue
    try: v=float(l.split()[-1])
    except: continue
    p=l.split(); key=p[0]+(' '+p[1] if p[0]=='box' else '')
    m=re.search(r'ppt (\d+)', l)
    if 'boxppt' in sys.argv[1]: key+=' ppt'+m.group(1); cur2=''
    else: cur2=' '+cur
    tab.setdefault(key+cur2, []).append(v)
for k,v in sorted(tab.items()): print(k, ' '.join('%.1f'%x for x in v), ' mean %.1f' % (sum(v)/len(v)))
PY
done
cat "$OUT/summary.txt"
