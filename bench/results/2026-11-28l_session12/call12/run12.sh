#!/usr/bin/env bash
# Session 12, call 12: gauss tensor's grid within one wave first halves while it fills less than a whole wave,
# down to 64 rows (filterlab, working tree after bb2fb11) against HEAD (fl_H), alternated, three rounds; tensor and
# tier GPU tests of the new build.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*tensor*:*Tensor*:*StripTailTiers*:*Filled*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
for round in 1 2 3; do
  for s in 3840x2160 3000x2000 3200x1800 1920x1080 2048x2048 2560x1440 1280x720 4096x4096; do
    for v in fl_H filterlab; do
      timeout 60 $b/$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
      timeout 60 $b/$v bench --size $s --format rgba8 $g --repeat 30 > /tmp/p_${v}c_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
cat "$OUT/summary.txt"
