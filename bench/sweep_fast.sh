#!/usr/bin/env bash
# Launch sweep of the fast variants on the GPU machine: rows per thread (ppt) and shared memory on (cp.async
# prefetch ring) or off, on 8192x8192 inputs, L2 flushed, one bench call per filter so that every configuration
# is timed in the same process against the same copy. Writes $OUT/sweep_<format>_<filter>.json and a table.
#   bash .gpu/on-device.sh bash bench/sweep_fast.sh [FILTER...]
set -u
: "${OUT:=/tmp/filterlab-out}"
mkdir -p "$OUT"
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exe=.gpu/bin/filterlab
filters=${*:-gauss3 dilate3 dilate5 sobel box gauss}
for fmt in ${SWEEP_FORMATS:-gray8}; do
  for f in $filters; do
    stages=()
    for block in ${SWEEP_BLOCKS:-32x8}; do
      for ppt in ${SWEEP_PPT:-4 8 16 32}; do
        for smem in ${SWEEP_SMEM:-on off}; do
          case $f in
            box|gauss) [ "$smem" = off ] && continue; stages+=(--stage "$f:variant=fast:ppt=$ppt:block=$block") ;;
            *) stages+=(--stage "$f:variant=fast:ppt=$ppt:smem=$smem:block=$block") ;;
          esac
        done
      done
    done
    $exe bench --size 8192x8192 --format "$fmt" "${stages[@]}" --repeat "${REPEAT:-30}" \
      --json "$OUT/sweep_${fmt}_$f.json" >>"$OUT/sweep.txt" 2>&1 || echo "($f $fmt failed)" >>"$OUT/sweep.txt"
  done
done
grep -E " fast " "$OUT/sweep.txt" | awk '{print $1, $2, $3, $4, $5, $6, $7, $(NF-4), $NF}'
