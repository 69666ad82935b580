#!/usr/bin/env bash
# The performance suite of docs/PERFORMANCE.md, in two steps.
#   On the GPU machine (after scripts/pack_for_gpu.sh; results land in $OUT):
#     bash .gpu/on-device.sh bash bench/run_suite.sh run [SIZE]
#   Here, with the files that came back:
#     bash bench/run_suite.sh keep DIR      # copies suite.json and peers.json to bench/results/<date>_<device>/
#                                           # and renders docs/PERFORMANCE.md and docs/images/pct_of_copy.png
# `run` times every filter and CUDA variant of the registry on generated 8192x8192 gray8, rgba8 and gray32f inputs
# with the L2 flushed before every repeat, against a device-to-device copy of the same bytes in the same process
# (filterlab bench --suite), then the peer libraries (CuPy, PyTorch, OpenCV) in the same call.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
  run)
    : "${OUT:=/tmp/filterlab-out}"
    mkdir -p "$OUT"
    size=${2:-8192}
    export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    .gpu/bin/filterlab bench --suite --size "${size}x${size}" --formats gray8,rgba8,gray32f --repeat "${REPEAT:-30}" \
      --json "$OUT/suite.json" >"$OUT/suite.txt" 2>"$OUT/suite.err"
    PYTHONUNBUFFERED=1 timeout 300 python3 .gpu/peers_bench.py --size "$size" --json "$OUT/peers.json" >"$OUT/peers.txt" 2>&1 \
      || echo "peers failed: see peers.txt"
    grep -E "^(copy|gray |gauss3 |gauss |dilate3 |dilate5 |sobel |box |warp_affine )" "$OUT/suite.txt" | grep -E " fast | copy|cudaMemcpy" || true
    ;;
  keep)
    dir=${2:?usage: run_suite.sh keep DIR}
    device=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["device"].split()[1].lower())' "$dir/suite.json")
    date=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["date"])' "$dir/suite.json")
    commit=$(/usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1])).get("commit", ""))' "$dir/suite.json")
    dest="bench/results/${date}_${device}_suite"
    # A suite of another commit kept the same day on the same device stays; this one goes beside it.
    if [ -f "$dest/suite.json" ] && ! grep -q "\"commit\": \"$commit\"" "$dest/suite.json"; then
      dest="${dest}_${commit:0:7}"
    fi
    mkdir -p "$dest"
    cp "$dir/suite.json" "$dest/"
    [ -f "$dir/peers.json" ] && cp "$dir/peers.json" "$dest/"
    /usr/bin/python3 bench/render_performance.py "$dest" --markdown docs/PERFORMANCE.md --chart docs/images/pct_of_copy.png
    echo "kept in $dest; rendered docs/PERFORMANCE.md and docs/images/pct_of_copy.png"
    ;;
  *)
    sed -n 2,11p "$0"
    exit 2
    ;;
esac
