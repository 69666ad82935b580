#!/usr/bin/env bash
# Session 12, call 7b: a089698 (short grids that were halved fill their wave) against 9313323 (fl_B), alternated,
# three rounds, seven sizes; the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
$b/filterlab bench --size 64x64 --format gray8 --stage invert:variant=vec4 --repeat 1 2>&1 | grep commit >> "$OUT/summary.txt"
g="--stage gauss3:variant=fast --stage dilate3:variant=fast --stage erode3:variant=fast --stage sobel:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for s in 3840x2160 3000x2000 3200x1800 2732x2048 1920x1080 4096x4096 8192x8192; do
    for v in fl_B filterlab; do
      timeout 60 $b/$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
start=$SECONDS
bash bench/run_suite.sh run > /tmp/suite_run.txt 2>&1
echo "suite rc=$? in $((SECONDS-start)) s" >> "$OUT/summary.txt"
rm -f "$OUT/suite.err"
gzip -9c /tmp/suite_run.txt > "$OUT/suite_run.txt.gz"
cat "$OUT/summary.txt"; grep -E "^(dilate|erode|gauss3|gauss |sobel|box|copy |warp)" "$OUT/suite.txt" | grep -E " fast | tensor |cudaMemcpy" | cut -c1-150
