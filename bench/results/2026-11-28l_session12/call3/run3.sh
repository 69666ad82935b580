#!/usr/bin/env bash
# Session 12, call 3: sobel's strip kernel with a warp-uniform inside path (fl_I: rows unclamped, fetches
# predicated, no made chunks or cut stores when the whole warp lies inside the image) against HEAD (filterlab),
# alternated, three rounds, six sizes; sobel GPU tests of fl_I's build.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 150 $b/gpu_tests --gtest_filter='*sobel*:*Sobel*:*Tier*:*tier*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g="--stage sobel:variant=fast --stage gauss3:variant=fast --stage dilate5:variant=fast"
for round in 1 2 3; do
  for s in 8192x8192 16384x16384 4096x4096 3840x2160 2048x2048 1920x1080; do
    for bin in filterlab fl_I; do
      timeout 60 $b/$bin bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${bin}_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tail -4 "$OUT/summary.txt"
