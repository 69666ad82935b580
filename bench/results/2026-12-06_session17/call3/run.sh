#!/usr/bin/env bash
# Session 17, call 3: why is gray8 3840x2160 slower in absolute time than 4096x2160 (same grid)? prev (2feee74) and
# bin (ragged steady blocks) alternated, three rounds, gray8 at widths 3584 (7 whole block columns), 3840 (7.5),
# 4080 (8, the last lane past the row), 4096 (8 whole); and rgba8 gauss3 / dilate3 at 4096x2160 and 1920x1080, where
# call 2 showed bin 1 to 3 points behind with no ragged column.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/prev; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss3:variant=fast --stage dilate5:variant=fast --stage box:variant=fast:radius=3"
c="--stage gauss3:variant=fast --stage dilate3:variant=fast"
for round in 1 2 3; do for v in prev bin; do
  for s in 3584x2160 3840x2160 4080x2160 4096x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $s $g; done
  for s in 4096x2160 1920x1080; do bn ${v}_$round .gpu/$v/filterlab rgba8 $s $c; done
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
for f in /tmp/o/p_*.txt; do n=$(basename $f .txt); n=${n#p_}; awk -v n=$n '/^device/ {next} $NF ~ /^[0-9.]+$/ && NF > 8 {l=""; for (i = 3; i <= NF - 6; i++) l = l $i; print n, $1, $2, l, $(NF-3), $NF}' $f; done > /tmp/o/rows.txt
# mean median ms and % of copy per version, format, size and filter over the rounds
awk '{split($1, t, "_"); k = t[3] " " t[4] " " $2; key[k] = 1; s[t[1] " " k] += $NF; m[t[1] " " k] += $(NF-1); n[t[1] " " k]++}
     END {for (k in key) printf "%-28s prev %7.4f ms %6.1f%%  bin %7.4f ms %6.1f%%\n", k, m["prev " k] / n["prev " k], s["prev " k] / n["prev " k], m["bin " k] / n["bin " k], s["bin " k] / n["bin " k]}' /tmp/o/rows.txt | sort >> /tmp/o/summary.txt
cp /tmp/o/summary.txt /tmp/o/rows.txt "$OUT/"
tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null
cat "$OUT/summary.txt"
