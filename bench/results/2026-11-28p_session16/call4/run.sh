#!/usr/bin/env bash
# Session 16, call 4: steady-path trials against 49c339f (base): J (call 3), J2 (J, steady blocks need only the
# apron inside the image), K (J2 with broadcast edge reads), L (J2, sobel ring of 3 slots), M (J2, 6 slots for
# the shifted windows). Alternated, two rounds at 8192x8192, one at 3840x2160 and 1920x1080.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/tJ .gpu/tJ2 .gpu/tK .gpu/tL .gpu/tM; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 20 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage erode5:variant=fast --stage sobel:variant=fast --stage box2x2:variant=fast"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage dilate5:variant=fast --stage box2x2:variant=fast"
for round in 1 2; do for v in base tJ tJ2 tK tL tM; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
done; done
for s in 3840x2160 1920x1080; do for v in base tJ tJ2 tK tL tM; do bn ${v}_3 .gpu/$v/filterlab gray8 $s $g; bn ${v}_3 .gpu/$v/filterlab rgba8 $s $c; done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
