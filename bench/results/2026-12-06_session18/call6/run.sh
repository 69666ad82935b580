#!/usr/bin/env bash
# Session 18, call 6: e9bdf38 (box fast's overlapping warps' steady kernel, launched for grids of more than one wave)
# against f05db82 (prev, before any of it; brightness's rounding included). The steady tests with a mutant
# whose steady overlapping warps divide wrongly (must fail in the 3600-row cases only); prev and bin alternated,
# three rounds; then every GPU test, the interop, frame, A/B and timing-export UI tests, four sanitizers over the new
# steady cases and box fast's 17x13 agreement cases, and the suite and the peers.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev .gpu/mutant; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
timeout 150 .gpu/mutant/gpu_tests --gtest_brief=1 --gtest_filter='*StripSteady*box_r*' > /tmp/o/mutant.log 2>&1
echo "mutant rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED)  \] [0-9]+ test' /tmp/o/mutant.log >> /tmp/o/summary.txt
echo "mutant failures: $(grep -c '^\[  FAILED  \] .*MatchesTheOracle' /tmp/o/mutant.log), of them 3600-row cases: $(grep '^\[  FAILED  \] .*MatchesTheOracle' /tmp/o/mutant.log | grep -c h3600)" >> /tmp/o/summary.txt
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16 --stage gauss3:variant=fast --stage box:variant=fast:radius=3"
s="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16"
for round in 1 2 3; do for v in prev bin; do
  bn ${v}_$round .gpu/$v/filterlab gray8 8192x8192 $g; bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $s
  for z in 3840x2160 1920x1080 2560x1440; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $s; bn ${v}_$round .gpu/$v/filterlab rgba8 $z $s; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt; save
timeout 300 $b/gpu_tests --gtest_brief=1 > /tmp/o/gpu_tests.log 2>&1; echo "gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)|^\[ variants' /tmp/o/gpu_tests.log | head -20 >> /tmp/o/summary.txt; save
FILTERLAB_EXE=$b/filterlab timeout 60 $b/ui_tests --gtest_brief=1 --gtest_filter='*SharedTexture*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:Ab*:MeasureFrames*:TimingExport*' > /tmp/o/ui.log 2>&1; echo "ui_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
grep -E '^\[  (PASSED|FAILED|SKIPPED)' /tmp/o/ui.log >> /tmp/o/summary.txt; save
pat='*StripSteady*box_r16_gray8_b32x8_ppt4_h3600:*StripSteady*box_r5_rgba8_b32x8_ppt4_chunk_short_h3600:*StripSteady*box_r8_gray8_b32x8_ppt4_ragged_h3600:Registry/VariantAgreement.*/box_fast_*_17x13_*'
mkdir -p /tmp/o/san
OUT=/tmp/o/san TOOL_TIMEOUT=40 timeout 170 bash scripts/sanitize_gpu_tests.sh $b/gpu_tests "$pat" > /tmp/o/san.txt 2>&1
echo "sanitize rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt; tail -7 /tmp/o/san.txt >> /tmp/o/summary.txt
grep -h "tests from" /tmp/o/san/sanitizer/*.tests.txt >> /tmp/o/summary.txt 2>/dev/null; save
if [ $((SECONDS-start)) -lt 450 ]; then
  OUT=/tmp/o/suite timeout 120 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null
fi
save
cat "$OUT/summary.txt"
