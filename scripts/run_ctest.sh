#!/usr/bin/env bash
# Runs ctest (preset ci, with the given arguments) and, when tests fail, prints each failed test's own output at
# the end of the log, where CI's report (its tail) shows it.
#
# A failed test of the UI test program (ctest label `ui`, the soak excepted: windows on the run's shared Xvfb
# server, drawn by Mesa, and the lab's logic) is run once more, alone. If it passes then, the run passes, but its
# first output is printed under a FLAKY heading and kept in build/FLAKY.txt, which .ci/run prints again as its
# last words. No other test is run twice: a CPU, GPU or soak test that fails fails the run, and so does a ctest
# failure that is not a failed test (discovery, no tests found).
#   scripts/run_ctest.sh -j 2
set -uo pipefail
cd "$(dirname "$0")/.."
build=build/ci
temporary=$build/Testing/Temporary
failed_list=$temporary/LastTestsFailed.log
flaky_file=build/FLAKY.txt
# ctest rewrites the list of failed tests only when some fail: a list left from an earlier run must not speak
# for this one.
rm -f "$flaky_file" "$failed_list"

ctest --preset ci "$@" 2>&1 | tee "$build/ctest_output.log"
status=${PIPESTATUS[0]}
[ "$status" -eq 0 ] && exit 0

if [ ! -s "$failed_list" ]; then
  echo "ctest failed (exit $status) without a failed test: see above"
  exit "$status"
fi
# Lines are "NUMBER:NAME"; keep the names.
mapfile -t failed < <(cut -d: -f2- "$failed_list")
cp "$temporary/LastTest.log" "$build/FirstRun.log"

# The output ctest kept of one test, from its "Test:" line to its elapsed time.
print_output() {
  awk -v name="$1" '
    $0 ~ "^[0-9]+/[0-9]+ Test: " && substr($0, index($0, "Test: ") + 6) == name { on = 1 }
    on { print }
    on && /^"[^"]*" time elapsed:/ { exit }
  ' "$build/FirstRun.log"
}

# A second try only when ctest's own count says that failed tests are all that went wrong.
summary=$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of' "$build/ctest_output.log" | tail -n 1)
counted=$(sed -E 's/.* ([0-9]+) tests? failed out of.*/\1/' <<<"$summary")
retry=1
[ -n "$summary" ] && [ "$counted" = "${#failed[@]}" ] || retry=0
retryable=$(ctest --preset ci -N -L '^ui$' -LE '^soak$' | sed -n 's/^ *Test *#[0-9]*: //p')
for name in "${failed[@]}"; do
  if [ $retry -eq 0 ] || ! grep -qxF "$name" <<<"$retryable"; then
    retry=0
    break
  fi
done
if [ $retry -eq 1 ]; then
  for name in "${failed[@]}"; do
    # Anchored: the name is a regular expression to ctest, and its dots match any character.
    if ! ctest --preset ci -R "^${name//./\\.}\$" >/dev/null 2>&1; then retry=0; fi
  done
fi

echo
echo "==================== output of each failed test (first run) ===================="
for name in "${failed[@]}"; do
  print_output "$name"
  echo
done
if [ $retry -eq 1 ]; then
  {
    echo "FLAKY: these UI tests failed once and passed when run again alone (first output above):"
    printf '  %s\n' "${failed[@]}"
  } | tee "$flaky_file"
  for name in "${failed[@]}"; do print_output "$name"; done >>"$flaky_file"
  exit 0
fi
echo "FAILED: ${failed[*]}"
exit "$status"
