#!/usr/bin/env bash
# compute-sanitizer's four tools (memcheck with leak checking, racecheck, initcheck, synccheck) over the GPU tests,
# on the GPU machine. Sanitizers run kernels 10-100x slower, so the gtest filter keeps small sizes only: every
# variant's agreement cases at 17x13 (several tiles, partial ones at the edges; not 1x1, 3x2, 1023x769, 4096x4096)
# and every other GPU test, the launch-extremes sweep and the memory-cycle test in their quick forms
# (FL_LAUNCH_EXTREMES_QUICK=1, FL_MEMORY_CYCLES=20). Each tool stops after TOOL_TIMEOUT seconds (default 540).
#
#   scripts/sanitize_gpu_tests.sh [GPU_TESTS_BINARY] [GTEST_FILTER]
#     GPU_TESTS_BINARY  default: the first of .gpu/bin/gpu_tests (scripts/pack_for_gpu.sh), build/gpu/tests/gpu_tests,
#                       build/ci/tests/gpu_tests
# On the GPU machine, after scripts/pack_for_gpu.sh: bash .gpu/on-device.sh bash scripts/sanitize_gpu_tests.sh
#     GTEST_FILTER      default: $DEFAULT_FILTER below
#   TOOLS="memcheck racecheck" to run some of the tools only.
#
# Writes each tool's sanitizer log and test output under $OUT (when set, else a temporary folder) and prints a
# table: tool, errors reported by the sanitizer, tests passed or failed, seconds. Exits 1 when any tool reports
# an error or any test fails, 2 when it cannot run at all (no compute-sanitizer, no binary).
set -uo pipefail
cd "$(dirname "$0")/.."

# The two DeviceMemory tests that exhaust device memory on purpose are left out: the sanitizer reports their
# deliberate cudaMalloc failures as API errors (they run, and must pass, in every plain GPU test run).
DEFAULT_FILTER='*17x13*:*LaunchExtremes*:DeviceMemory.ReturnsToItsBaseline*:CudaExecutorTest.*:LaunchValidation.*:'
DEFAULT_FILTER+='Gauss3NoHalo.*:AbVariants.*:DeviceCompare.*:DeviceDifferenceMap.*'
binary="${1:-}"
if [ -z "$binary" ]; then
  for candidate in .gpu/bin/gpu_tests build/gpu/tests/gpu_tests build/ci/tests/gpu_tests; do
    [ -x "$candidate" ] && binary="$candidate" && break
  done
fi
filter="${2:-$DEFAULT_FILTER}"
tools="${TOOLS:-memcheck racecheck initcheck synccheck}"
sanitizer="$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)"

if [ ! -x "$sanitizer" ]; then
  echo "error: compute-sanitizer not found (PATH or /usr/local/cuda/bin)" >&2
  exit 2
fi
if [ -z "$binary" ] || [ ! -x "$binary" ]; then
  echo "error: no gpu_tests binary: build one (cmake --build --preset gpu --target gpu_tests) or pass its path" >&2
  exit 2
fi

# The packed binaries find the libraries the GPU machine lacks in .gpu/lib, and the test data in this checkout.
[ -d .gpu/lib ] && export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export FILTERLAB_SOURCE_DIR="${FILTERLAB_SOURCE_DIR:-$PWD}"

logs="${OUT:-$(mktemp -d)}/sanitizer"
mkdir -p "$logs"
export FL_LAUNCH_EXTREMES_QUICK=1 FL_MEMORY_CYCLES=20

declare -A extra=(
  [memcheck]="--leak-check full"
  [racecheck]="--racecheck-report all"
  [initcheck]=""
  [synccheck]=""
)

# Per tool, with the default filter only: racecheck is by far the slowest and finds races in shared memory
# only, so it runs the variants at 17x13 (every kernel with a shared-memory tile or ring is among them), the
# device comparer and the labs' block reductions; initcheck leaves out the device-memory baseline test, whose
# figure the sanitizer's own lazy allocations move (it passes in every plain run, and under memcheck).
declare -A tool_filter=()
if [ -z "${2:-}" ]; then
  tool_filter[racecheck]='*17x13*:DeviceCompare.*:DeviceDifferenceMap.*:LabVariants.*'
  tool_filter[initcheck]="$filter-DeviceMemory.*"
fi

status=0
summary="tool        errors  tests    seconds"
for tool in $tools; do
  log="$logs/$tool.log"
  out="$logs/$tool.tests.txt"
  tf=${tool_filter[$tool]:-$filter}
  echo "== $tool: $binary --gtest_filter='$tf' (log: $log)"
  start=$(date +%s)
  # shellcheck disable=SC2086  # the extra options are words
  timeout "${TOOL_TIMEOUT:-540}" "$sanitizer" --tool "$tool" ${extra[$tool]:-} --print-limit 100 --log-file "$log" \
    "$binary" --gtest_filter="$tf" --gtest_brief=1 > "$out" 2>&1
  rc=$?
  seconds=$(( $(date +%s) - start ))
  # Every tool ends its log with "========= ERROR SUMMARY: N errors" (N absent if the program never finished).
  errors=$(grep -Eo 'ERROR SUMMARY: [0-9]+' "$log" | tail -1 | grep -Eo '[0-9]+$')
  # racecheck ends with "RACECHECK SUMMARY: N hazards displayed (E errors, W warnings)" instead
  [ -z "$errors" ] && errors=$(grep -Eo 'RACECHECK SUMMARY: .*\(([0-9]+) errors' "$log" | tail -1 | grep -Eo '[0-9]+ errors' | grep -Eo '[0-9]+')
  [ -z "$errors" ] && errors="?"
  passed=$(grep -Eo '^\[  PASSED  \] [0-9]+' "$out" | grep -Eo '[0-9]+$')
  if grep -q '^\[  FAILED  \]' "$out"; then
    tests="FAILED"
  elif [ "${passed:-0}" = "0" ] && grep -q '^\[  SKIPPED \]' "$out"; then
    tests="skipped"  # no usable GPU: nothing was checked
  elif [ -n "$passed" ]; then
    tests="passed"
  else
    tests="rc=$rc"  # crashed or never finished (124: TOOL_TIMEOUT): see the test output
  fi
  [ "$errors" != "0" ] && status=1
  [ "$tests" != "passed" ] && status=1
  summary+=$'\n'"$(printf '%-11s %-7s %-8s %s' "$tool" "$errors" "$tests" "$seconds")"
  grep -E 'RACECHECK SUMMARY|LEAK SUMMARY' "$log" | sed "s/^/   $tool: /"
  tail -3 "$out"
done

echo
echo "$summary"
echo "(logs under $logs; GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1))"
exit $status
