#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, after scripts/pack_for_gpu.sh packed .gpu/:
#   bash .gpu/on-device.sh bash bench/gpu_batch.sh [tests] [bench] [peers] [screenshot]
# Writes logs and JSON into one archive $OUT/results.tar.gz (the device tool brings back only a few files) and
# prints a short summary last.
set -u
out=/tmp/filterlab-results
rm -rf "$out"
mkdir -p "$out" "${OUT:=/tmp/filterlab-out}"
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bin=.gpu/bin
what=${*:-tests bench}
summary=()

if [[ " $what " == *" tests "* ]]; then
  start=$(date +%s)
  $bin/gpu_tests --gtest_brief=1 --gtest_output=xml:"$out/gpu_tests.xml" >"$out/gpu_tests.log" 2>&1
  rc=$?
  tail -n 60 "$out/gpu_tests.log"
  summary+=("gpu_tests rc=$rc in $(( $(date +%s) - start )) s: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$out/gpu_tests.log" | tr '\n' ' ')")
fi

if [[ " $what " == *" bench "* ]]; then
  # 8192x8192 is 64 MiB as gray8 and 256 MiB as rgba8: larger than the L2, so these are DRAM figures.
  for fmt in gray8 rgba8; do
    stages=()
    for f in $($bin/filterlab list --json | python3 -c 'import json,sys; [print(f["id"]) for f in json.load(sys.stdin)]'); do
      stages+=(--stage "$f")
    done
    # Each filter is benchmarked on the bench input directly (a one-stage chain per filter): run them one by one
    # so that a filter that does not accept the format is skipped, not fatal.
    : >"$out/bench_$fmt.txt"
    for ((i = 1; i < ${#stages[@]}; i += 2)); do
      f=${stages[$i]}
      $bin/filterlab bench --size 8192x8192 --format $fmt --stage "$f" --variants all --repeat 50 \
        --json "$out/bench_${fmt}_$f.json" >>"$out/bench_$fmt.txt" 2>&1 || echo "($f: not for $fmt)" >>"$out/bench_$fmt.txt"
    done
    grep -vE '^(device|filter) ' "$out/bench_$fmt.txt" | grep -v '^(' | head -200
  done
  summary+=("bench: $(ls "$out"/bench_*_*.json 2>/dev/null | wc -l) JSON files")
fi

if [[ " $what " == *" peers "* ]]; then
  PYTHONUNBUFFERED=1 timeout 300 python3 .gpu/peers_bench.py --size 8192 --json "$out/peers.json" >"$out/peers.txt" 2>&1
  cat "$out/peers.txt"
fi

if [[ " $what " == *" screenshot "* ]]; then
  $bin/filterlab --screenshot "$out/screenshot_gpu.png" --input assets/astronaut.png --stage gray \
    --stage gauss:radius=4:sigma=2 --window 1280x800 >"$out/screenshot.log" 2>&1
  summary+=("screenshot rc=$? $(tail -n 2 "$out/screenshot.log" | tr '\n' ' ')")
fi

tar czf "$OUT/results.tar.gz" -C "$out" .
[ -f "$out/screenshot_gpu.png" ] && cp "$out/screenshot_gpu.png" "$OUT/"
echo "== summary =="
printf '%s\n' "${summary[@]}"
