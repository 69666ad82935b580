#!/usr/bin/env bash
# Session 20, call 2: (1) call 1's ncu (clocks locked at base, 1.43 GHz) had 256 rows per warp faster than 128 (75.9
# against 78.0 us), where filterlab bench at boost clocks has it much slower (session 19: 0.0762 against 0.0667 ms):
# the same kernels under ncu with the clocks left alone (--clock-control none), 128, 256 and 512 rows, with bench medians
# of the same stages in this call. (2) `ticket`: session 19's persistent-block trial (persist_trial.diff) with items
# handed out by an atomic ticket in launch order instead of statically (ticket_trial.diff): its tensor GPU tests and an
# A/B against e7aa05e (bin), alternated, three rounds. (3) `bulk`: the staged kernel's slots filled by cp.async.bulk (one
# per slot row, 16 lanes of warp 0, completing on a per-slot mbarrier) in blocks inside the image's columns
# (bulk_trial.diff): its tensor GPU tests, in the same A/B, and ncu.
set -u
: "${OUT:=/tmp/out}"; rm -rf /tmp/o; mkdir -p "$OUT" /tmp/o
rm -rf .gpu/bin .gpu/ticket .gpu/bulk; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > /tmp/o/summary.txt
start=$SECONDS
save() { cp /tmp/o/summary.txt "$OUT/"; tar czf "$OUT/logs.tar.gz" -C /tmp/o . 2>/dev/null; }
ncuf() { local tag=$1 x=$2 p=$3 f=$4
  timeout 90 ncu --clock-control none --set full -k regex:GaussTensorStaged -c 1 $x bench --size 8192x8192 --format $f \
    --stage gauss:variant=tensor:radius=4:ppt=$p --repeat 1 --warmup 0 > /tmp/o/ncu_${tag}.txt 2>&1
  echo "ncu $tag rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|L2 Hit Rate|L1/TEX Cache Throughput|Compute (SM) Throughput|Issued Warp Per|Eligible Warps|No Eligible|Warp Cycles Per Issued|Executed Instructions  |Mem Busy|Max Bandwidth" /tmp/o/ncu_${tag}.txt | sed "s/^/$tag: /" >> /tmp/o/summary.txt
}
for p in 128 256 512; do ncuf free_ppt$p $b/filterlab $p gray8; done
timeout 60 ncu --clock-control none --set full -k regex:PointVec4 -c 1 $b/filterlab bench --size 8192x8192 --format gray8 \
  --stage invert:variant=vec4 --repeat 1 --warmup 0 > /tmp/o/ncu_free_invert.txt 2>&1
grep -E "SM Frequency|Duration|DRAM Throughput|L2 Cache Throughput|Mem Busy|Max Bandwidth" /tmp/o/ncu_free_invert.txt | sed "s/^/invert: /" >> /tmp/o/summary.txt
save
for v in bulk ticket; do
  timeout 120 .gpu/$v/gpu_tests --gtest_brief=1 --gtest_filter='*tensor*:*Tensor*' > /tmp/o/gpu_tests_$v.log 2>&1
  echo "$v tensor gpu_tests rc=$? at $((SECONDS-start)) s" >> /tmp/o/summary.txt
  grep -E '^\[  (PASSED|FAILED|SKIPPED)|FAILED' /tmp/o/gpu_tests_$v.log | head -12 >> /tmp/o/summary.txt
done
vs=bin; for v in ticket bulk; do grep -q '^\[  PASSED' /tmp/o/gpu_tests_$v.log && ! grep -q '^\[  FAILED' /tmp/o/gpu_tests_$v.log && vs="$vs $v"; done
echo "bench: $vs" >> /tmp/o/summary.txt
save
bn() { local t=$1 x=$2 f=$3 s=$4; shift 4; timeout 60 $x bench --size $s --format $f "$@" --repeat 30 > /tmp/o/p_${t}_${f}_${s}.txt 2>&1; }
g="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage gauss:variant=tensor:radius=4:ppt=256 --stage gauss:variant=tensor:radius=4:ppt=512 --stage invert:variant=vec4"
c="--stage gauss:variant=tensor:radius=4 --stage gauss:variant=tensor:radius=8 --stage invert:variant=vec4"
for round in 1 2 3; do for v in $vs; do
  for z in 8192x8192 3840x2160; do bn ${v}_$round .gpu/$v/filterlab gray8 $z $g; done
  bn ${v}_$round .gpu/$v/filterlab rgba8 8192x8192 $c
done; done
echo "bench done at $((SECONDS-start)) s" >> /tmp/o/summary.txt
/usr/bin/python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1 || python3 .gpu/means.py /tmp/o > /tmp/o/means.txt 2>&1
save
case " $vs " in *" bulk "*) ncuf bulk_ppt128 .gpu/bulk/filterlab 128 gray8; save;; esac
case " $vs " in *" ticket "*) ncuf ticket_ppt128 .gpu/ticket/filterlab 128 gray8;; esac
save
cat /tmp/o/means.txt; cat "$OUT/summary.txt"
