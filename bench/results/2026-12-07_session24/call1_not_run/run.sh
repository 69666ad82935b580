#!/usr/bin/env bash
# Session 24, call 1: `base` = 54266cb (the kernels of HEAD 66d4a6c); `cand` = base with gauss `columns` reading rows
# by 32-bit index (one wide multiply-add a row instead of about six) and a leaner row pass (cols1.diff: 64
# registers, 56 before); `cols9` = cand compiled for 9 blocks of 128 threads per SM (56 registers; a trial only, it
# cannot run blocks over 128 threads); `o8` = cand with 8 outputs per row-pass task instead of 4 (o8.diff, 64
# registers at radius 8); `o89` = o8 compiled for 9 blocks of 128 (56 registers, a trial only). `bin` = da3e6e0.
# 1) o8's columns GPU tests (o8 holds cand's change); 2) base, o8, cand, o89 alternated (cols9 is packed but not run), three
# rounds: gray32f gauss r4 / r6 / r8 (columns, default launches) at 8192x8192 and 3840x2160; 3) r8 at 8192x8192 with
# 527-row strips and with blocks of 256; 4) ncu of o8's r8 (base's: the twenty-third session's call 1); 5) on an H200
# only: bin and base alternated, two rounds, the point ops.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/base .gpu/cand .gpu/cols9 .gpu/o8 .gpu/o89 .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
for v in o8; do
  timeout 120 .gpu/$v/gpu_tests --gtest_brief=1 --gtest_filter='*columns*:*Columns*' > /tmp/o/gpu_tests_${v}_columns.log 2>&1
  echo "$v columns gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[  FAILED|runs compared' /tmp/o/gpu_tests_${v}_columns.log | head -12 >> /tmp/o/summary.txt; save
done
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
st="--stage gauss:variant=columns:radius=4:sigma=2 --stage gauss:variant=columns:radius=6:sigma=3"
st="$st --stage gauss:variant=columns:radius=8:sigma=4"
sw="--stage gauss:variant=columns:radius=8:sigma=4:ppt=527 --stage gauss:variant=columns:radius=8:sigma=4:block=256x1:ppt=510"
sw="$sw --stage gauss:variant=columns:radius=8:sigma=4:block=256x1:ppt=255 --stage gauss:variant=columns:radius=4:sigma=2:block=128x1"
for round in 1 2 3; do for v in base o8 cand o89; do
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray32f $z $st; done
  bn sw${v}_$round .gpu/$v/filterlab gray32f 8192x8192 $sw
done; echo "round $round done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  /usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1; save; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
ncuf() { local tag=$1 x=$2; shift 2
  timeout 80 ncu --clock-control none --set full -k regex:GaussColumns -c 1 $x bench --size 8192x8192 --format gray32f \
    "$@" --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; }
ncuf o8_r8 .gpu/o8/filterlab --stage gauss:variant=columns:radius=8:sigma=4; save
if grep -q H200 /tmp/o/summary.txt; then
  g=""; for o in brightness_contrast invert threshold add sub absdiff; do g="$g --stage $o:variant=vec4"; done
  for round in 1 2; do for v in bin base; do
    for z in 8192x8192 3840x2160; do bn pt${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  done; done
  echo "point ops done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  /usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
  save
fi
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
