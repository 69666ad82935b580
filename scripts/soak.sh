#!/usr/bin/env bash
# The soak test: generates ACTIONS random lab actions from SEED (scripts/make_soak_script.py, drawing from the
# registry of FILTERLAB itself) and plays them headless (`filterlab --script --headless`), starting on a 64x64
# pattern; the remaining arguments go to filterlab (--backend, --gl, --window...).
#   scripts/soak.sh build/ci/app/filterlab 10000 1 --backend cpu --window 320x200
# Fails when filterlab crashes or exits non-zero (a sanitizer report, a broken state rule), when it did not play
# every action, or, on CUDA, when the device memory in use grew by more than SOAK_MAX_GROWTH_MIB (default 4)
# from the script's start to its end (the script ends where it started). Prints the summary line last.
set -uo pipefail
if [ $# -lt 3 ]; then
  echo "usage: $0 FILTERLAB ACTIONS SEED [filterlab options]" >&2
  exit 2
fi
exe=$1 actions=$2 seed=$3
shift 3
here=$(cd "$(dirname "$0")/.." && pwd)
python=/usr/bin/python3
[ -x "$python" ] || python=python3
dir=${SOAK_DIR:-$(mktemp -d)}
mkdir -p "$dir"
script="$dir/soak_${actions}_${seed}.txt"
"$python" "$here/scripts/make_soak_script.py" --filterlab "$exe" --actions "$actions" --seed "$seed" \
  --hostile "$here/tests/data/hostile" --out "$script" || exit 1
# SOAK_PASSES=N plays the same script N times over in one process (it ends where it starts): caches sized to the
# largest image seen stay after one pass, a leak grows with every pass (scripts/soak_gpu.sh compares 1 and 2).
passes=${SOAK_PASSES:-1}
if [ "$passes" -gt 1 ]; then
  once=$script
  script="$dir/soak_${actions}_${seed}_x$passes.txt"
  : >"$script"
  for _ in $(seq "$passes"); do cat "$once" >>"$script"; done
fi
log="${script%.txt}.log"
# SOAK_FILTERLAB_ENV: NAME=VALUE words for filterlab's run only (the ASan run keeps Mesa's driver loaded with them).
env ${SOAK_FILTERLAB_ENV:-} "$exe" --script "$script" --headless --no-session --input pattern:checkerboard:64x64 "$@" >"$log" 2>&1
rc=$?
summary=$(grep -E '^script .*: backend=' "$log" | tail -n 1)
fail() {
  echo "soak: FAILED: $*" >&2
  echo "soak: the last lines of $log:" >&2
  tail -n 30 "$log" >&2
  exit 1
}
[ $rc -eq 0 ] || fail "filterlab exited with $rc"
[ -n "$summary" ] || fail "no summary line"
played=$(sed -nE 's/.* actions=([0-9]+) of ([0-9]+) .*/\1 \2/p' <<<"$summary")
read -r done_n total_n <<<"$played"
[ -n "$done_n" ] && [ "$done_n" = "$total_n" ] || fail "played ${done_n:-?} of ${total_n:-?} actions"
growth=$(sed -nE 's/.* growth=(-?[0-9.]+).*/\1/p' <<<"$summary")
if [ -n "$growth" ]; then
  limit=${SOAK_MAX_GROWTH_MIB:-4}
  awk -v g="$growth" -v l="$limit" 'BEGIN { exit !(g <= l) }' || fail "device memory grew by $growth MiB (limit $limit)"
fi
echo "soak: $summary"
