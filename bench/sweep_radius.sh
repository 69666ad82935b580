#!/usr/bin/env bash
# Rows per thread (ppt) against the radius, for the fast variants whose best launch depends on it: the data
# behind their launch rules (VariantSpec::defaults_for). One bench call per variant, format and radius, every
# ppt of that radius timed in the same process against the same copy (8192x8192, L2 flushed, medians of
# REPEAT); the whole sweep runs PASSES times so that the noise between calls shows. Writes
# radius_<variant>_<format>_r<R>_p<pass>.json into $OUT/radius_json.tar.gz (the device tool returns only a few
# files), the bench tables to $OUT/radius.txt, and prints the best ppt per radius last.
#   bash .gpu/on-device.sh bash bench/sweep_radius.sh [box_fast gauss_fast gauss_tensor gauss_half2]
# BOX_RADII, BOX_PPT, FAST_RADII, FAST_PPT, TENSOR_FORMATS, TENSOR_RADII, TENSOR_PPT, HALF2_RADII and HALF2_PPT
# narrow or widen the grid.
set -u
: "${OUT:=/tmp/filterlab-out}"
json=/tmp/filterlab-radius
rm -rf "$json" && mkdir -p "$OUT" "$json"
export LD_LIBRARY_PATH="$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
exe=.gpu/bin/filterlab

# sweep NAME FILTER VARIANT BLOCK FORMATS RADII PPTS
sweep() {
  local name=$1 filter=$2 variant=$3 block=$4 formats=$5 radii=$6 ppts=$7
  for fmt in $formats; do
    for r in $radii; do
      local stages=()
      for p in $ppts; do stages+=(--stage "$filter:variant=$variant:radius=$r:block=$block:ppt=$p"); done
      $exe bench --size 8192x8192 --format "$fmt" "${stages[@]}" --repeat "${REPEAT:-30}" \
        --json "$json/radius_${name}_${fmt}_r${r}_p${pass}.json" >>"$OUT/radius.txt" 2>&1 ||
        echo "($name $fmt r$r failed)" >>"$OUT/radius.txt"
    done
  done
}

what=" ${*:-box_fast gauss_fast gauss_tensor} "
for pass in $(seq 1 "${PASSES:-2}"); do
  [[ $what == *" box_fast "* ]] && sweep box_fast box fast 32x4 gray8 "${BOX_RADII:-1 2 3 4 5 6 7 8 9 10 12 14 16}" \
    "${BOX_PPT:-6 8 10 12 16 24}"
  [[ $what == *" gauss_fast "* ]] && sweep gauss_fast gauss fast 32x4 gray32f "${FAST_RADII:-1 2 3 4 5 6 7 8}" \
    "${FAST_PPT:-8 16 32 48 64 96 128}"
  [[ $what == *" gauss_tensor "* ]] && sweep gauss_tensor gauss tensor 32x8 "${TENSOR_FORMATS:-gray8 rgba8}" \
    "${TENSOR_RADII:-1 2 4 6 8}" "${TENSOR_PPT:-64 128 192 256 384}"
  [[ $what == *" gauss_half2 "* ]] && sweep gauss_half2 gauss half2 32x4 "gray8 rgba8" "${HALF2_RADII:-1 2 3 4}" \
    "${HALF2_PPT:-4 8 16 32 64}"
done

tar czf "$OUT/radius_json.tar.gz" -C "$json" .

# The best ppt of each radius, and how much faster it is than the variant's static default, per pass.
python3 - "$json" <<'EOF'
import glob, json, re, sys
rows = {}
for path in sorted(glob.glob(sys.argv[1] + "/radius_*.json")):
    m = re.search(r"radius_(\w+?)_(gray8|rgba8|gray32f)_r(\d+)_p(\d+)\.json$", path)
    name, fmt, r, p = m.group(1), m.group(2), int(m.group(3)), int(m.group(4))
    for row in json.load(open(path))["results"]:
        ppt = int(re.search(r"ppt (\d+)", row["launch"]).group(1))
        rows.setdefault((name, fmt, r), {}).setdefault(ppt, []).append(row["median_ms"])
for (name, fmt, r), by_ppt in sorted(rows.items()):
    cells = "  ".join(f"ppt{p}:{'/'.join(f'{t:.4f}' for t in ts)}" for p, ts in sorted(by_ppt.items()))
    best = min(by_ppt, key=lambda p: sum(by_ppt[p]) / len(by_ppt[p]))
    print(f"{name} {fmt} r{r} best ppt {best}  {cells}")
EOF
