#!/usr/bin/env bash
# Session 19, call 2 (tuning, 7754b8d's kernels): the rows per thread (ppt) of box fast at radius 5 to 16 (gray8 and
# rgba8) and of gauss tensor gray8 at radius 4 and 8, around their defaults, which were measured before box fast's
# steady kernel and own warps to radius 7 (eighteenth session); three rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
bn() { local t=$1 f=$2 s=$3; shift 3; timeout 100 .gpu/prev/filterlab bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
box=""; for r in 5 6 7 8 10 12 14 16; do for p in 16 24 32 48 64; do box="$box --stage box:variant=fast:radius=$r:ppt=$p"; done; done
rbox=""; for r in 5 6 8 12 16; do for p in 16 24 32 48; do rbox="$rbox --stage box:variant=fast:radius=$r:ppt=$p"; done; done
gt=""; for r in 4 8; do for p in 64 96 128 160; do gt="$gt --stage gauss:variant=tensor:radius=$r:ppt=$p"; done; done
for round in 1 2 3; do
  for z in 8192x8192 3840x2160 1920x1080; do bn box_$round gray8 $z $box --stage invert:variant=vec4; bn gt_$round gray8 $z $gt; done
  for z in 8192x8192 3840x2160; do bn box_$round rgba8 $z $rbox --stage invert:variant=vec4; done
  echo "round $round done at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
  [ $((SECONDS-start)) -gt 330 ] && break
done
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
cat "$OUT/summary.txt"
