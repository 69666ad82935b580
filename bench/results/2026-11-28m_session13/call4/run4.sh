#!/usr/bin/env bash
# Session 13, call 4: (1) box fast radius 5..16, short grids halving down to fewer rows without filling the wave
# (FL_TRIAL_BOX "short_share:short_min_rows:fill:wave_min_rows"): A unset, E 3:4:0:0, G 3:6:0:0, I 3:8:0:0;
# (2) gauss tensor's short grids filling their wave (FL_TRIAL_TENSOR, same fields): T0 unset, T1 2:16:1:64,
# T2 2:32:1:64. Alternated, three rounds; box GPU tests under E, tensor GPU tests under T1.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_TRIAL_BOX=3:4:0:0 timeout 100 $b/gpu_tests --gtest_filter='*box*:*Box*' > /tmp/gt.txt 2>&1; echo "gpu_tests box (E) rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"
FL_TRIAL_TENSOR=2:16:1:64 timeout 100 $b/gpu_tests --gtest_filter='*tensor*:*Tensor*' > /tmp/gt2.txt 2>&1; echo "gpu_tests tensor (T1) rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt2.txt >> "$OUT/summary.txt"
g=""; for r in 5 6 8 10 12 16; do g="$g --stage box:variant=fast:radius=$r"; done
declare -A rule=([A]="" [E]=3:4:0:0 [G]=3:6:0:0 [I]=3:8:0:0)
for round in 1 2 3; do
  for s in 1280x720 1600x1200 1920x1080 2048x2048 2560x1440 3840x2160; do
    for v in A E G I; do
      if [ -z "${rule[$v]}" ]; then env -u FL_TRIAL_BOX timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1
      else FL_TRIAL_BOX=${rule[$v]} timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_${v}_${s}_$round.txt 2>&1; fi
    done
  done
done
t="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8"
declare -A trule=([T0]="" [T1]=2:16:1:64 [T2]=2:32:1:64)
for round in 1 2 3; do
  for s in 1920x1080 2560x1440 3000x2000 3840x2160 2048x2048 4096x4096; do
    for v in T0 T1 T2; do
      for f in gray8 rgba8; do
        c=$v; [ $f = rgba8 ] && c=${v}c
        if [ -z "${trule[$v]}" ]; then env -u FL_TRIAL_TENSOR timeout 60 $b/filterlab bench --size $s --format $f $t --repeat 30 > /tmp/p_${c}_${s}_$round.txt 2>&1
        else FL_TRIAL_TENSOR=${trule[$v]} timeout 60 $b/filterlab bench --size $s --format $f $t --repeat 30 > /tmp/p_${c}_${s}_$round.txt 2>&1; fi
      done
    done
  done
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tail -6 "$OUT/summary.txt"
