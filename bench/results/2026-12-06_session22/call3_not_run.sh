#!/usr/bin/env bash
# Session 22, call 3 (not run: the device time ran out). For an H200: `bin` = da3e6e0, `cand` = ab3c8f5 (or later,
# with the point ops' word forms). bin and cand alternated, three rounds, the point ops' vec4 at three sizes; then the
# suite with the peers on cand, so the goal table's H200 column carries the word forms.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for o in brightness_contrast invert threshold add sub absdiff; do g="$g --stage $o:variant=vec4"; done
for round in 1 2 3; do for v in bin cand; do
  for z in 8192x8192 4096x4096 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $g
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
rm -rf .gpu/bin && mv .gpu/cand .gpu/bin  # run_suite.sh runs .gpu/bin
OUT=/tmp/o/suite timeout 150 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null; save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
