#!/usr/bin/env bash
# Session 13, call 7: box2x2 `fast` (the working tree after 962bb3d): box2x2 GPU tests (agreement at every size,
# launch extremes and validation, occupancy), memcheck and racecheck at 17x13; fast against ppt2x2 and naive in the
# same process, gray8 and rgba8, three sizes, three rounds; rows per thread at 8192x8192 and 3840x2160.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
timeout 120 $b/gpu_tests --gtest_filter='*box2x2*:*Box2x2*:*Occupancy*' > /tmp/gt.txt 2>&1; echo "gpu_tests rc=$?" >> "$OUT/summary.txt"
grep -E "^\[  PASSED|^\[  FAILED|SKIPPED \] [0-9]|^\[ variants" /tmp/gt.txt >> "$OUT/summary.txt"; gzip -9c /tmp/gt.txt > "$OUT/gpu_tests.txt.gz"
mkdir -p /tmp/san
OUT=/tmp/san TOOLS="memcheck racecheck" TOOL_TIMEOUT=50 timeout 110 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests '*box2x2*17x13*' > /tmp/san.txt 2>&1
echo "sanitize rc=$?" >> "$OUT/summary.txt"; tail -4 /tmp/san.txt >> "$OUT/summary.txt"
g="--stage box2x2:variant=fast --stage box2x2:variant=ppt2x2 --stage box2x2:variant=naive"
for round in 1 2 3; do
  for s in 8192x8192 3840x2160 1920x1080; do
    for f in gray8 rgba8; do
      timeout 60 $b/filterlab bench --size $s --format $f $g --repeat 30 > /tmp/p_${f}_${s}_$round.txt 2>&1
    done
  done
done
for s in 8192x8192 3840x2160; do
  timeout 60 $b/filterlab bench --size $s --format gray8 --stage box2x2:variant=fast:ppt=8 --stage box2x2:variant=fast:ppt=16 \
    --stage box2x2:variant=fast:ppt=32 --repeat 30 > /tmp/p_pptgray8_${s}_1.txt 2>&1
  timeout 60 $b/filterlab bench --size $s --format rgba8 --stage box2x2:variant=fast:ppt=4 --stage box2x2:variant=fast:ppt=8 \
    --stage box2x2:variant=fast:ppt=16 --repeat 30 > /tmp/p_pptrgba8_${s}_1.txt 2>&1
done
cat /tmp/p_*.txt | gzip -9 > "$OUT/bench_all.txt.gz"
for f in /tmp/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; n=${n%_*}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > "$OUT/rows.txt"
tail -8 "$OUT/summary.txt"
