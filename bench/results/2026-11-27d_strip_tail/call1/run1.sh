#!/usr/bin/env bash
# Session 2026-11-27d, call 1 (7b8d385's build): box fast's rows per thread by radius with the walk; the strip and
# tensor kernels at 8192x8192 against 16384x16384 and 8192x4096 (fixed start and tail costs); SASS of dilate5 and
# box r3.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv,noheader > "$OUT/summary.txt"
for r in 5 7 8 12 16; do
  st=""; for p in 8 10 12 16 20 24 32; do st="$st --stage box:variant=fast:radius=$r:ppt=$p"; done
  $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 30 >> "$OUT/box_ppt.txt" 2>&1
done
st="--stage dilate5:variant=fast --stage dilate3:variant=fast --stage gauss3:variant=fast --stage sobel:variant=fast --stage box:variant=fast:radius=3 --stage box:variant=fast:radius=16 --stage gauss:variant=tensor:radius=4"
for s in 8192x4096 8192x8192 16384x16384 8192x8192; do
  echo "size $s" >> "$OUT/sizes.txt"
  $b/filterlab bench --size $s --format gray8 $st --repeat 30 >> "$OUT/sizes.txt" 2>&1
done
cuobjdump -sass $b/filterlab 2>/dev/null | c++filt > /tmp/all.sass
awk '/Function : /{keep = ($0 ~ /MorphStencil<\(fl::cuda::MorphOp\)0, 2, 1>, true/ || $0 ~ /BoxFastGray<3>/)} keep' /tmp/all.sass | gzip -9 > "$OUT/sass.txt.gz"
grep "Function : " /tmp/all.sass | grep -E "MorphStencil|BoxFastGray<3>" | head > "$OUT/sass_functions.txt"
cat "$OUT/summary.txt" "$OUT/sass_functions.txt"
grep -E "^(box|copy)" "$OUT/box_ppt.txt" | awk '{print $1,$2,$3,$6,$7,$(NF-3),$NF}'
grep -E "^(size|dilate|gauss|sobel|box|copy)" "$OUT/sizes.txt" | awk '{print $1,$2,$3,$4,$(NF-3),$NF}'
