#!/usr/bin/env bash
# Session 14, call 5 (trial build): gauss tensor's band fragments built on the host and passed as a kernel parameter
# (FL_TENSOR_HOST_BANDS) against built by shuffles in every block, alternated, three rounds, three sizes, gray8 and
# rgba8; the tensor GPU tests with the switch on.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
FL_TENSOR_HOST_BANDS=1 timeout 150 $b/gpu_tests --gtest_filter='*gauss_tensor*:*Tiers*tensor*' > /tmp/gt.txt 2>&1; echo "host bands gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
g=""; for r in 1 2 4 6 8; do g="$g --stage gauss:variant=tensor:radius=$r"; done
h=""; for r in 2 4 6 8; do h="$h --stage gauss:variant=tensor:radius=$r"; done
for round in 1 2 3; do
  for v in shfl host; do
    if [ $v = host ]; then export FL_TENSOR_HOST_BANDS=1; else unset FL_TENSOR_HOST_BANDS; fi
    for s in 8192x8192 3840x2160 1920x1080; do
      timeout 60 $b/filterlab bench --size $s --format gray8 $g --repeat 30 > /tmp/p_g${v}_${s}_$round.txt 2>&1
      timeout 60 $b/filterlab bench --size $s --format rgba8 $h --repeat 30 > /tmp/p_r${v}_${s}_$round.txt 2>&1
    done
  done
done
unset FL_TENSOR_HOST_BANDS
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
grep -c . "$OUT/rows.txt" >> "$OUT/summary.txt"
tail -6 "$OUT/summary.txt"
