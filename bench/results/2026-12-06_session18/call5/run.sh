#!/usr/bin/env bash
# Session 18, call 5: why b03b08d (bin) runs gray8 box 1 us slower than f05db82 (prev) on small grids where it launches
# a kernel whose SASS is identical to prev's. bin2: b03b08d with the tiers from the general kernel and only the
# launched kernel's shared-memory attribute set. Alternated, three rounds; ncu of the kernels alone.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/bin2 .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
s="--stage box:variant=fast:radius=5 --stage box:variant=fast:radius=8 --stage box:variant=fast:radius=12 --stage box:variant=fast:radius=16"
for round in 1 2 3; do for v in prev bin bin2; do
  for z in 3840x2160 1920x1080 2560x1440 8192x8192; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $s; done
  bn ${v}_$round .gpu/$v/filterlab rgba8 3840x2160 $s
  bn ${v}_${round}_alone .gpu/$v/filterlab gray8 1920x1080 --stage box:variant=fast:radius=16
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for v in prev bin bin2; do for c in "1920x1080 16" "3840x2160 12" "8192x8192 16"; do set -- $c
  timeout 60 ncu --metrics gpu__time_duration.sum,sm__cycles_active.max,smsp__inst_executed.sum,launch__grid_size,launch__registers_per_thread \
    -k regex:BoxFast -c 3 .gpu/$v/filterlab bench --size $1 --format gray8 --stage box:variant=fast:radius=$2 --repeat 2 --warmup 0 > /tmp/o/ncu_${v}_$1_r$2.txt 2>&1
  echo "ncu $v $1 r$2: $(grep -E '^ +(gpu__|sm__|smsp__|launch__)' /tmp/o/ncu_${v}_$1_r$2.txt | awk '{print $1, $NF}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done; done
echo "ncu done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
cp /tmp/o/summary.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
