#!/usr/bin/env bash
# Session 13, call 3: box fast radius 5..16, short grids (within one wave) under trial rules set by FL_TRIAL_BOX
# ("short_share:short_min_rows:fill:wave_min_rows"): base (unset), B 2:4:1:0, C 3:4:1:4, D 3:8:1:8; alternated,
# three rounds, seven sizes; box GPU tests under C and B.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
for rule in 3:4:1:4 2:4:1:0; do
  FL_TRIAL_BOX=$rule timeout 120 $b/gpu_tests --gtest_filter='*box*:*Box*' > /tmp/gt.txt 2>&1; echo "gpu_tests ($rule) rc=$?" >> "$OUT/summary.txt"
  grep -E "^\[  PASSED|^\[  FAILED|tests ran|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
done
g=""; for r in 5 8 12 16; do g="$g --stage box:variant=fast:radius=$r"; done
declare -A rule=([A]="" [B]=2:4:1:0 [C]=3:4:1:4 [D]=3:8:1:8)
for round in 1 2 3; do
  for s in 1280x720 1920x1080 2560x1440 2048x2048 3840x2160 4096x4096 8192x8192; do
    for v in A B C D; do
      if [ -z "${rule[$v]}" ]; then env -u FL_TRIAL_BOX timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
      else FL_TRIAL_BOX=${rule[$v]} timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1; fi
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tail -6 "$OUT/summary.txt"
