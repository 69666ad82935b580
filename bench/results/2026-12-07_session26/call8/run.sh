#!/usr/bin/env bash
# Session 26, call 8 (bin = 2e32bbe: gauss tensor's block follows a gray8 image's size): 1) the tensor, strip-tier and
# strip-steady GPU tests; 2) gauss radius 4 / 8 through the plan (its default launch) against block=32x8, gray8, five
# sizes, three rounds; 3) box fast radius 3 / 4 at 16 / 24 / 32 rows, gray8 and rgba8, five sizes, three rounds.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o8; mkdir -p "$OUT" /tmp/o8/g /tmp/o8/b
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o8/summary.txt
start=$SECONDS
save() { cp /tmp/o8/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o8 . 2>/dev/null; }
timeout 150 .gpu/bin/gpu_tests --gtest_brief=1 --gtest_filter='*tensor*:*Tensor*:*StripTail*:*StripSteady*:*ShortGrid*' \
  > /tmp/o8/gpu_tests.log 2>&1
echo "gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o8/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]|^\[  FAILED' /tmp/o8/gpu_tests.log | head -20 >> /tmp/o8/summary.txt; save
g="--stage gauss:radius=4:sigma=2 --stage gauss:radius=4:sigma=2:block=32x8"
g="$g --stage gauss:radius=8:sigma=4 --stage gauss:radius=8:sigma=4:block=32x8"
b=""; for r in 3 4; do for p in 16 24 32; do b="$b --stage box:variant=fast:radius=$r:ppt=$p"; done; done
for round in 1 2 3; do for z in 1280x720 1920x1080 2560x1440 3000x2000 3840x2160; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format gray8 $g --repeat 30 > /tmp/o8/g/p_bin_${round}_gray8_$z.txt 2>&1
done; for z in 1920x1080 2560x1440 3840x2160 4096x4096 8192x8192; do for f in gray8 rgba8; do
  timeout 60 .gpu/bin/filterlab bench --size $z --format $f $b --repeat 30 > /tmp/o8/b/p_bin_${round}_${f}_$z.txt 2>&1
done; done; echo "round $round at $((SECONDS-start)) s" >> /tmp/o8/summary.txt; done
python3 .gpu/means.py /tmp/o8/g > /tmp/o8/means_gauss.txt 2>&1; python3 .gpu/means.py /tmp/o8/b > /tmp/o8/means_box.txt 2>&1
cp /tmp/o8/means_*.txt "$OUT/"; save; cat /tmp/o8/means_gauss.txt /tmp/o8/means_box.txt /tmp/o8/summary.txt
