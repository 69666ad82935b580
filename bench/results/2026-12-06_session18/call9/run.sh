#!/usr/bin/env bash
# Session 18, call 9: 5c7f672 (gray8 box fast warps own their chunks up to radius 7) against 3e68a35 (prev), alternated,
# three rounds; every GPU test, the interop, frame, A/B and timing-export UI tests, four sanitizers over the steady
# cases of own warps at radius 7 and box fast's 17x13 agreement cases, and the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=4 --stage box:variant=fast:radius=5 --stage box:variant=fast:radius=6 --stage box:variant=fast:radius=7 --stage box:variant=fast:radius=8"
c="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=7"
for round in 1 2 3; do for v in prev bin; do
  for z in 8192x8192 3840x2160 2560x1440 1920x1080; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c; bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $c
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
timeout 300 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
FILTERLAB_EXE=$b/filterlab timeout 60 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/o/ui.log 2>&1; echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/o/ui.log >> /tmp/o/summary.txt; save
pat='*StripSteady*box_r7_gray8_*:Registry/VariantAgreement.*/box_fast_*_17x13_*'
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOL_TIMEOUT=40 timeout 170 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests "$pat" > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -7 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null; save
if [ $((SECONDS-start)) -lt 360 ]; then
  OUT=/tmp/o/suite timeout 110 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
fi
save
cat "$OUT/summary.txt"
