#!/usr/bin/env bash
# Builds the libFuzzer targets (CMake preset `fuzz`: clang, ASan, UBSan, stb compiled in) and runs each one:
# first every regression input (fuzz/regressions/TARGET: crashes found before, each also a unit test) and seed
# once, then fuzzing for FUZZ_SECONDS (default 60) from its seeds with its dictionary.
#   scripts/run_fuzzers.sh [TARGET...]     TARGET: image, stage_spec, preset (default: all three)
# A finding (crash, sanitizer report, leak, timeout, out-of-memory) stops the script with exit 1; the input that
# caused it is written to $OUT/fuzz-findings (when $OUT is set, else build/fuzz/findings). Reproduce it with
#   build/fuzz/fuzz/fuzz_TARGET FILE
# then add it to fuzz/regressions/TARGET/ and write the unit test that pins the fix.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/use_ccache.sh
export PATH="$PATH:/usr/local/cuda/bin"
seconds="${FUZZ_SECONDS:-60}"
targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(image stage_spec preset)

cmake --preset fuzz >/dev/null
cmake --build --preset fuzz

findings="${OUT:-build/fuzz}/fuzz-findings"
mkdir -p "$findings"
for target in "${targets[@]}"; do
  case "$target" in
    image) seeds=(tests/data/hostile) ;;
    stage_spec | preset) seeds=("fuzz/seeds/$target") ;;
    *) echo "error: unknown fuzz target '$target' (image, stage_spec, preset)" >&2; exit 2 ;;
  esac
  binary="build/fuzz/fuzz/fuzz_$target"
  regressions="fuzz/regressions/$target"
  corpus="build/fuzz/corpus/$target"  # what the fuzzer learns, kept between local runs (CI starts empty)
  mkdir -p "$corpus" "$regressions"
  dict=()
  [ -f "fuzz/$target.dict" ] && dict=(-dict="fuzz/$target.dict")
  # Inputs up to 10 s each (a hang is a finding); memory per input well under the fuzzer's 2 GiB limit.
  common=(-timeout=10 -rss_limit_mb=2048 -artifact_prefix="$findings/$target-" "${dict[@]}")
  log="$findings/$target.log"
  echo "== fuzz_$target: replaying $(find "$regressions" "${seeds[@]}" -type f | wc -l) regression and seed inputs"
  rc=0
  "$binary" "${common[@]}" -runs=0 "$regressions" "${seeds[@]}" >"$log" 2>&1 || rc=$?
  if [ "$rc" -eq 0 ]; then
    echo "== fuzz_$target: fuzzing for $seconds s"
    start=$(date +%s)
    "$binary" "${common[@]}" -max_total_time="$seconds" -print_final_stats=1 "$corpus" "${seeds[@]}" >>"$log" 2>&1 ||
      rc=$?
    grep -E '^(#[0-9]+ +DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
    echo "== fuzz_$target: exit $rc after $(( $(date +%s) - start )) s, corpus $(find "$corpus" -type f | wc -l) inputs"
  fi
  if [ "$rc" -ne 0 ]; then
    tail -n 40 "$log"
    echo "error: fuzz_$target found a problem (exit $rc): the input is in $findings, the log in $log" >&2
    exit 1
  fi
done
