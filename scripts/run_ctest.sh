#!/usr/bin/env bash
# Runs ctest with the given arguments and, when tests fail, prints each failed test's own output at the end of
# the log, where CI's report (its tail) shows it.
#
# A failed UI test (ctest label `ui`: a real window on the run's shared Xvfb server, drawn by Mesa) is run once
# more, alone. If it passes then, the run passes, but its first output is printed under a FLAKY heading and kept
# in build/FLAKY.txt, which .ci/run prints again as its last words. No other test is run twice: a CPU or GPU test
# that fails fails the run.
#   scripts/run_ctest.sh --preset ci -j 2
set -uo pipefail
cd "$(dirname "$0")/.."
build=build/ci
flaky_file=build/FLAKY.txt
rm -f "$flaky_file"

ctest "$@"
status=$?
[ $status -eq 0 ] && exit 0

failed_list="$build/Testing/Temporary/LastTestsFailed.log"
if [ ! -s "$failed_list" ]; then
  echo "ctest failed (exit $status) before any test failed: see above"
  exit $status
fi
# Lines are "NUMBER:NAME"; keep the names.
mapfile -t failed < <(cut -d: -f2- "$failed_list")
cp "$build/Testing/Temporary/LastTest.log" "$build/FirstRun.log"

# The output ctest kept of one test, from its "Output:" line to its result.
print_output() {
  awk -v name="$1" '
    $0 ~ "^[0-9]+/[0-9]+ Test: " && substr($0, index($0, "Test: ") + 6) == name { on = 1 }
    on { print }
    on && /^"[^"]*" time elapsed:/ { exit }
  ' "$build/FirstRun.log"
}

ui_tests=$(ctest --preset ci -N -L ui | sed -n 's/^ *Test *#[0-9]*: //p')
rerun_ok=1
for name in "${failed[@]}"; do
  if ! grep -qxF "$name" <<<"$ui_tests"; then
    rerun_ok=0
    continue
  fi
  # Anchored: the name is a regular expression to ctest, and its dots match any character.
  if ! ctest --preset ci -R "^${name//./\\.}\$" --output-on-failure >/dev/null 2>&1; then rerun_ok=0; fi
done

echo
echo "==================== output of each failed test (first run) ===================="
for name in "${failed[@]}"; do
  print_output "$name"
  echo
done
if [ $rerun_ok -eq 1 ]; then
  {
    echo "FLAKY: these UI tests failed once and passed when run again alone (first output above):"
    printf '  %s\n' "${failed[@]}"
  } | tee "$flaky_file"
  for name in "${failed[@]}"; do print_output "$name"; done >>"$flaky_file"
  exit 0
fi
echo "FAILED: ${failed[*]}"
exit $status
