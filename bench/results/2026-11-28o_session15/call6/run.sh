#!/usr/bin/env bash
# Session 15, call 6: 9aa87b3 on the H200. Two things that need no new code: the lab at 4K (3840x2160 rgba8 through
# five stages, re-run and re-displayed every frame, bench/gpu_batch.sh frames); the fast variants at 16384x16384 and
# 8192x8192 in one process each, to split each kernel's gap to the copy into a fixed cost per launch and a rate.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
OUT=/tmp/o/frames bash bench/gpu_batch.sh frames > /tmp/o/frames_run.txt 2>&1
echo "frames rc=$? in $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E "^frames" /tmp/o/frames/frames.log >> /tmp/o/summary.txt
st="--stage gauss3 --stage dilate3 --stage dilate5 --stage sobel --stage box:radius=3 --stage box:radius=4 --stage box:radius=16 --stage gauss:radius=4 --stage gauss:radius=8 --stage gauss:radius=16:sigma=5 --stage gauss:radius=32:sigma=10 --stage warp_affine"
for s in 4096x4096 8192x8192 16384x16384; do
  for f in gray8 rgba8; do
    fs="$st"; [ $f = rgba8 ] && fs=$(echo "$st" | sed 's/--stage sobel//; s/--stage gauss:radius=16:sigma=5//; s/--stage gauss:radius=32:sigma=10//')
    timeout 90 $b/filterlab bench --size $s --format $f $fs --repeat 20 > /tmp/o/p_size_${f}_${s}.txt 2>&1
  done
done
echo "all done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
grep -h "^copy" /tmp/o/p_*.txt | awk '{print $(NF-3)}' | head -8 >> /tmp/o/summary.txt
grep -ih "error\|refused" /tmp/o/p_*.txt | head -5 >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
