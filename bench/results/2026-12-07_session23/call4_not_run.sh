#!/usr/bin/env bash
# Session 23, call 4 (the session's last device time): `bin` = da3e6e0, `cand` = 54266cb. On an H200: bin and cand
# alternated, two rounds, the point ops' vec4 at 8192x8192 and 3840x2160 gray8; then the suite with the peers on cand.
# On an H100: the suite with the peers on cand only (the goal table's H100 column at the current kernels).
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/cand; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o --exclude=suite . 2>/dev/null; }
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g=""; for o in brightness_contrast invert threshold add sub absdiff; do g="$g --stage $o:variant=vec4"; done
if grep -q H200 /tmp/o/summary.txt; then
  for round in 1 2; do for v in bin cand; do
    for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  done; done
  echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  /usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
  save
fi
rm -rf .gpu/bin && mv .gpu/cand .gpu/bin  # run_suite.sh runs .gpu/bin
OUT=/tmp/o/suite timeout 120 bash bench/run_suite.sh run > /tmp/o/suite_run.txt 2>&1; echo "suite rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
mkdir -p "$OUT/suite"; cp -r /tmp/o/suite/. "$OUT/suite/" 2>/dev/null; save
cat /tmp/o/means.txt 2>/dev/null; cat "$OUT/summary.txt"
