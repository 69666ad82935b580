#!/usr/bin/env bash
# Session 12, call 9: 5x5 morphology's short grids halved down to 8 rows, then filled down to 6 (filterlab, working
# tree after a089698) against a089698 (fl_C, 5x5 not filled), alternated, three rounds, eight sizes (rgba8 at two);
# the filled-grid, tier and 5x5 GPU tests of the new build, and memcheck / racecheck of the filled-grid tests.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 200 $b/gpu_tests --gtest_filter='*FilledShortGrid*:*StripTailTiers*:*dilate5*:*erode5*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=120 timeout 260 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*FilledShortGrid*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -5 /tmp/san.txt >> "$OUT/summary.txt"
g="--stage dilate5:variant=fast --stage erode5:variant=fast --stage gauss3:variant=fast --stage sobel:variant=fast"
for round in 1 2 3; do
  for s in 1920x1080 1280x720 2048x2048 2560x1440 3000x2000 3840x2160 4096x4096 8192x8192; do
    for v in fl_C filterlab; do
      timeout 60 $b/$v bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
    done
  done
  for s in 1920x1080 1280x720; do
    for v in fl_C filterlab; do
      timeout 60 $b/$v bench --size $s --format rgba8 --stage dilate5:variant=fast --stage erode5:variant=fast --repeat 30 > /tmp/p_${v}c_${s}_$round.txt 2>&1
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
cat "$OUT/summary.txt"
