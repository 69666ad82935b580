#!/usr/bin/env bash
# Session 17, call 4: gray8 3840 and 4080 wide (pitch 4096, a part last block column) take 0.0115 ms where 3584 and
# 4096 (pitch = row, whole columns) take 0.0085-0.0090 (call 3). Which one matters: block widths that leave 3584 with
# a part column (64x2, 128x1); and ncu per-SM spread, instructions and DRAM bytes of gauss3 at 3840 and 4096, bin.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage gauss3:variant=fast:block=64x2 --stage gauss3:variant=fast:block=128x1 --stage dilate5:variant=fast --stage dilate5:variant=fast:block=64x2 --stage dilate5:variant=fast:block=128x1"
for round in 1 2; do for v in bin; do
  for s in 3584x2160 3840x2160 4096x2160 3328x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for s in 3840x2160 4096x2160 3584x2160; do
  timeout 60 ncu --metrics gpu__time_duration.sum,sm__cycles_active.max,sm__cycles_active.min,sm__cycles_active.avg,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum,launch__grid_size,smsp__warps_launched.sum \
    -k regex:StripKernel -c 1 .gpu/bin/filterlab bench --size $s --format gray8 --stage gauss3:variant=fast --repeat 1 --warmup 0 > /tmp/o/ncu_$s.txt 2>&1
  echo "ncu gauss3 $s: $(grep -E '^ +(gpu__|launch__|sm__|dram__|smsp__|lts__)' /tmp/o/ncu_$s.txt | awk '{print $1, $(NF-1), $NF}' | tr '\n' ' ')" >> /tmp/o/summary.txt
done
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
awk '{split($1, t, "_"); k = t[3] " " t[4] " " $2 " " $3; key[k] = 1; s[k] += $NF; m[k] += $(NF-1); n[k]++}
     END {for (k in key) printf "%-70s %7.4f ms %6.1f%%\n", k, m[k] / n[k], s[k] / n[k]}' /tmp/o/rows.txt | sort >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
