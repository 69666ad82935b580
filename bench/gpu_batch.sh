#!/usr/bin/env bash
# Runs on the GPU machine, from the repository root, after scripts/pack_for_gpu.sh packed .gpu/:
#   bash .gpu/on-device.sh bash bench/gpu_batch.sh [tests] [bench] [peers] [screenshot]
# Logs go straight to $OUT as they are written (a run cut short still returns what it did); the JSON files go into
# $OUT/results.tar.gz at the end (the device tool returns at most 8 files). A short summary is printed last.
set -u
: "${OUT:=/tmp/filterlab-out}"
json=/tmp/filterlab-json
rm -rf "$json" && mkdir -p "$json" "$OUT"
export FILTERLAB_SOURCE_DIR="$PWD"  # test assets of this checkout, not of the build snapshot
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
bin=.gpu/bin
what=" ${*:-tests bench} "
summary=()
# Re-packed after every section, so a run cut short by its time limit still returns what it finished.
pack() { tar czf "$OUT/results.tar.gz" -C "$json" .; }

if [[ $what == *" tests "* ]]; then
  start=$(date +%s)
  timeout "${TESTS_TIMEOUT:-420}" $bin/gpu_tests --gtest_brief=1 --gtest_output=xml:"$json/gpu_tests.xml" \
    >"$OUT/gpu_tests.log" 2>&1
  rc=$?
  tail -n 40 "$OUT/gpu_tests.log"
  summary+=("gpu_tests rc=$rc in $(( $(date +%s) - start )) s: $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/gpu_tests.log" | tr '\n' ' ')")
fi
pack

if [[ $what == *" quick "* ]]; then
  # A short check while a kernel is being worked on: the GPU tests matching QUICK_TESTS, the stages in
  # QUICK_STAGES benched with every variant at 8192x8192 (QUICK_FORMATS), and the labs in QUICK_LABS.
  timeout 300 $bin/gpu_tests --gtest_brief=1 --gtest_filter="${QUICK_TESTS:-*}" >"$OUT/quick_tests.log" 2>&1
  summary+=("quick tests rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/quick_tests.log" | tr '\n' ' ')")
  for fmt in ${QUICK_FORMATS:-gray8}; do
    for spec in ${QUICK_STAGES:-}; do
      $bin/filterlab bench --size 8192x8192 --format "$fmt" --stage "$spec" --variants all --repeat 30 \
        --json "$json/quick_${fmt}_${spec//[:=]/_}.json" >>"$OUT/quick_bench.txt" 2>&1 || echo "($spec failed)" >>"$OUT/quick_bench.txt"
    done
  done
  for l in ${QUICK_LABS:-}; do
    echo "== lab $l" >>"$OUT/quick_bench.txt"
    timeout 120 $bin/filterlab lab "$l" --backend cuda --size 8192 --json "$json/quick_lab_$l.json" >>"$OUT/quick_bench.txt" 2>&1
  done
fi
pack

if [[ $what == *" screenshot "* ]]; then
  timeout 60 $bin/filterlab --screenshot "$OUT/screenshot_gpu.png" --input assets/astronaut.png --stage gray \
    --stage gauss:radius=4:sigma=2:variant=separable --window 1280x800 >"$OUT/screenshot.log" 2>&1
  summary+=("screenshot rc=$? $(tail -n 3 "$OUT/screenshot.log" | tr '\n' ' ')")
fi
pack

if [[ $what == *" frames "* ]]; then
  # The lab's steady state at 4K (issue 10): 3840x2160 rgba8 through five stages, re-run and re-displayed through
  # EGL + CUDA-GL interop every frame; prints frame time, rate and the display write's cost. Each window size
  # twice: the texture's storage shared with CUDA (the default), then mapped for every write (--interop-map).
  five="--stage gauss3 --stage dilate3 --stage erode3 --stage box --stage gauss"
  for w in 1280x800 1920x1080; do
    for path in shared map; do
      extra=""; [ "$path" = map ] && extra="--interop-map"
      timeout 120 $bin/filterlab --screenshot "$json/frames_${w}_$path.png" --gl egl --backend cuda --window $w \
        --input pattern:noise:3840x2160:rgba8 $five --measure-frames "${FRAMES:-300}" $extra >>"$OUT/frames.log" 2>&1
      summary+=("frames $w $path rc=$? $(grep -E '^frames ' "$OUT/frames.log" | tail -n 1)")
    done
  done
fi
pack

if [[ $what == *" ab "* ]]; then
  # The A/B views through EGL and interop: B blurs more (split, diff, mask), two exact variants (same: black diff),
  # and the launch grid of a tiled variant. Then the UI tests that compare the CUDA views with the CPU ones (the
  # window tests need Xvfb, which this machine lacks: they run in CI).
  c="--gl egl --backend cuda --window 1280x800"
  ab="--stage gray --stage box:radius=1 --b-stage gray --b-stage box:radius=4"
  for v in "ab_split --view split" "ab_diff --view diff" "ab_mask --view diff --diff mask" \
           "ab_side --view side --zoom 12 --hover 256,256"; do
    set -- $v
    name=$1; shift
    timeout 60 $bin/filterlab --screenshot "$OUT/$name.png" $c --input assets/astronaut.png $ab "$@" >>"$OUT/ab.log" 2>&1
    summary+=("$name rc=$?")
  done
  timeout 60 $bin/filterlab --screenshot "$json/ab_same.png" $c --input assets/astronaut.png --stage gray \
    --stage box:radius=2:variant=direct --b-stage gray --b-stage box:radius=2:variant=separable --view diff >>"$OUT/ab.log" 2>&1
  timeout 60 $bin/filterlab --screenshot "$json/grid_sobel.png" $c --input assets/astronaut.png --stage gray \
    --stage sobel:variant=smem --grid --zoom 16 --hover 256,256 >>"$OUT/ab.log" 2>&1
  FILTERLAB_EXE=$bin/filterlab timeout 240 $bin/ui_tests --gtest_filter='Ab*:Screenshot.*CudaInterop*:Screenshot.WholeFrame*:*SharedTexture*' >>"$OUT/ab.log" 2>&1
  summary+=("ui_tests Ab* + interop screenshot + shared texture rc=$? $(grep -E '^\[  (PASSED|FAILED|SKIPPED) +\]' "$OUT/ab.log" | tr '\n' ' ')")
  grep -E '^screenshot ' "$OUT/ab.log"
fi
pack

if [[ $what == *" bench "* ]]; then
  # 8192x8192 is 64 MiB as gray8 and 256 MiB as rgba8, more than the L2: these are DRAM figures. One filter per
  # command, each on the generated input itself, so a filter that does not take the format is skipped.
  filters=$($bin/filterlab list --json | python3 -c 'import json,sys; [print(f["id"]) for f in json.load(sys.stdin)]')
  for fmt in ${BENCH_FORMATS:-gray8 rgba8}; do
    for f in $filters; do
      $bin/filterlab bench --size 8192x8192 --format "$fmt" --stage "$f" --variants all --repeat "${REPEAT:-50}" \
        --json "$json/bench_${fmt}_$f.json" >>"$OUT/bench_$fmt.txt" 2>&1 || echo "($f: skipped for $fmt)" >>"$OUT/bench_$fmt.txt"
    done
  done
  summary+=("bench: $(ls "$json"/bench_*.json 2>/dev/null | wc -l) result files")
fi
pack

if [[ $what == *" base "* ]]; then
  # Before and after in one call: the baseline build (.gpu/base/filterlab, packed by scripts/pack_for_gpu.sh
  # --base REV) and this one, on the filters a run-path change must not slow down.
  for f in gauss3 dilate3 dilate5 sobel gauss box; do
    for who in base new; do
      exe=$bin/filterlab; [ "$who" = base ] && exe=.gpu/base/filterlab
      $exe bench --size 8192x8192 --format gray8 --stage "$f" --variants all --repeat "${REPEAT:-30}" \
        --json "$json/base_${who}_$f.json" >>"$json/base_$who.txt" 2>&1 || echo "($f failed for $who)" >>"$json/base_$who.txt"
    done
  done
  summary+=("base: $(ls "$json"/base_*.json 2>/dev/null | wc -l) result files")
fi
pack

if [[ $what == *" suite "* ]]; then
  OUT="$json" bash bench/run_suite.sh run >"$json/suite_summary.txt" 2>&1
  summary+=("suite rc=$? $(wc -l <"$json/suite.txt" 2>/dev/null) lines")
fi
pack

if [[ $what == *" ncu "* ]]; then
  # The limiter of each fast kernel: speed of light (memory and compute throughput), occupancy and launch figures
  # from Nsight Compute, one kernel launch each, on the benchmark's input.
  for spec in ${NCU_STAGES:-gauss3 dilate3 dilate5 sobel box gauss gauss:radius=8:sigma=4 warp_affine}; do
    timeout 120 ncu --section SpeedOfLight --section Occupancy --section LaunchStats --section MemoryWorkloadAnalysis \
      -k "regex:StripKernel|GaussFast|BoxFast|GrayFrom|WarpBilinearFast" -c 1 $bin/filterlab bench --size 8192x8192 --format gray8 \
      --stage "$spec:variant=fast" --repeat 1 --warmup 0 >>"$json/ncu.txt" 2>&1
    echo "== $spec rc=$?" >>"$json/ncu.txt"
  done
  summary+=("ncu: $(grep -c '^== ' "$json/ncu.txt") kernels profiled")
fi
pack

if [[ $what == *" labs "* ]]; then
  # Every lab on CUDA with its JSON (issue 11): histogram on three inputs (a constant one shows atomic contention),
  # reduce, keypoints with NMS, gemm up to 4096, streams, transfers and the device.
  lab() { local name=$1; shift; echo "== filterlab lab $name $*" >>"$OUT/labs.txt"
    timeout 120 $bin/filterlab lab "$name" --backend cuda "$@" >>"$OUT/labs.txt" 2>&1; echo "rc=$?" >>"$OUT/labs.txt"; }
  for p in natural noise constant; do lab histogram --size 8192 --param pattern=$p --json "$json/lab_histogram_$p.json"; done
  lab histogram --size 8192 --param pattern=noise --param format=rgba8 --json "$json/lab_histogram_rgba8.json"
  lab reduce --size 8192 --json "$json/lab_reduce.json"
  lab keypoints --size 2048 --repeat 5 --json "$json/lab_keypoints.json"
  for n in 1024 4096; do lab gemm --size $n --repeat 5 --json "$json/lab_gemm_$n.json"; done
  lab streams --json "$json/lab_streams.json"
  lab transfers --json "$json/lab_transfers.json"
  lab device --json "$json/lab_device.json"
  summary+=("labs: $(grep -c '^rc=0' "$OUT/labs.txt") of $(grep -c '^rc=' "$OUT/labs.txt") ran")
fi
pack

if [[ $what == *" tune "* ]]; then
  # Autotune one stage of 8192x8192 over the full sweep (issue 12's budget: under 60 s).
  for spec in gauss:variant=separable:radius=4 dilate3:variant=fast; do
    start=$SECONDS
    timeout 170 $bin/filterlab tune --size 8192x8192 --stage "$spec" --json "$json/tune_${spec%%:*}.json" \
      >>"$OUT/tune.txt" 2>&1
    rc=$?
    echo "wall $((SECONDS - start)) s" >>"$OUT/tune.txt"
    summary+=("tune $spec rc=$rc wall $((SECONDS - start)) s $(grep -iE 'best' "$OUT/tune.txt" | tail -n 1)")
  done
fi
pack

if [[ $what == *" peers "* ]]; then
  PYTHONUNBUFFERED=1 timeout 240 python3 .gpu/peers_bench.py --size 8192 --json "$json/peers.json" >"$OUT/peers.txt" 2>&1
  tail -n 20 "$OUT/peers.txt"
fi
pack

echo "== summary =="
printf '%s\n' "${summary[@]}"
