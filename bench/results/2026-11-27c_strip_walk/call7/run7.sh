#!/usr/bin/env bash
# Session 2026-11-27c, call 7 (d897285's build): where the strip kernels' warps wait: ncu stall reasons per issued
# instruction, issue activity and pipe use for dilate3, dilate5, sobel, box r3 and tensor gauss r4, gray8.
set -u
: "${OUT:=/tmp/out}"; mkdir -p "$OUT"
rm -rf .gpu/bin; tar xJf .gpu/bin.tar.xz -C .gpu
export FILTERLAB_SOURCE_DIR="$PWD" LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
b=.gpu/bin
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$OUT/summary.txt"
m=""
for s in long_scoreboard short_scoreboard wait barrier math_pipe_throttle mio_throttle lg_throttle not_selected selected dispatch_stall no_instruction drain imc_miss branch_resolving membar sleeping tex_throttle misc; do
  m="$m,smsp__average_warps_issue_stalled_${s}_per_issue_active.ratio"
done
m="gpu__time_duration.sum,smsp__issue_active.avg.pct_of_peak_sustained_active,smsp__warps_active.avg.per_cycle_active,smsp__inst_executed.sum,sm__inst_executed_pipe_alu.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_fma.avg.pct_of_peak_sustained_active,sm__inst_executed_pipe_lsu.avg.pct_of_peak_sustained_active,sm__mio_inst_issued.avg.pct_of_peak_sustained_active,l1tex__data_pipe_lsu_wavefronts_mem_shared.avg.pct_of_peak_sustained_elapsed,dram__throughput.avg.pct_of_peak_sustained_elapsed$m"
st="--stage dilate3:variant=fast --stage dilate5:variant=fast --stage sobel:variant=fast --stage box:variant=fast:radius=3 --stage gauss:variant=tensor:radius=4"
timeout 200 ncu --metrics $m -k "regex:StripKernel|BoxFast|GaussTensor" $b/filterlab bench --size 8192x8192 --format gray8 $st --repeat 1 --warmup 0 > "$OUT/ncu.txt" 2>&1
echo "ncu rc=$?" >> "$OUT/summary.txt"
cat "$OUT/summary.txt"
/usr/bin/env python3 - "$OUT/ncu.txt" <<'PY'
import re, sys
rows, cur = [], None
for line in open(sys.argv[1]):
    if re.match(r"^  \S", line) and "(" in line:
        name = re.sub(r"\(.*", "", line.strip())
        name = re.sub(r"void |fl::cuda::|strip::|<unnamed>::|\(anonymous namespace\)::", "", name)[:40]
        cur = {"k": name}; rows.append(cur)
    elif cur is not None:
        p = line.split()
        if len(p) >= 3 and "__" in p[0]:
            cur[p[0]] = p[-1]
seen = set()
for r in rows:
    key = r["k"]
    if key in seen: continue
    seen.add(key)
    print("==", key)
    for k, v in r.items():
        if k == "k": continue
        k2 = k.replace("smsp__average_warps_issue_stalled_", "stall ").replace("_per_issue_active.ratio", "")
        try:
            if k.startswith("smsp__average") and float(v.replace(",", "")) < 0.05: continue
        except ValueError: pass
        print("  ", k2, v)
PY
