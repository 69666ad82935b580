#!/usr/bin/env python3
"""Means over rounds of `filterlab bench` text outputs: p_<prefix?><version>_<round>_<fmt>_<size>.txt in a folder.
Prints one row per (format, size, stage, launch) and, per version, mean median ms and mean % of copy."""
import collections, glob, os, re, sys
d = sys.argv[1]
rows = collections.defaultdict(lambda: collections.defaultdict(list))
versions = []
for f in sorted(glob.glob(os.path.join(d, "p_*.txt"))):
    m = re.match(r"p_(.+)_(\d+)_([a-z0-9]+)_(\d+x\d+)\.txt$", os.path.basename(f))
    if not m:
        continue
    v = re.sub(r"^(sw|pt)", "", m.group(1))
    if v not in versions:
        versions.append(v)
    for line in open(f, errors="replace"):
        p = re.split(r"\s{2,}", line.strip())
        if len(p) < 8 or p[0] == "filter":
            continue
        try:
            ms, pc = float(p[4]), float(p[7])
        except ValueError:
            continue
        key = (m.group(3), m.group(4), f"{p[0]} {p[1]} {p[2]}")
        rows[key][v].append((ms, pc))
hdr = f"{'format':7} {'size':9} {'stage':76}" + "".join(f"{v:>16}" for v in versions)
print(hdr)
for key in sorted(rows):
    s = f"{key[0]:7} {key[1]:9} {key[2][:76]:76}"
    for v in versions:
        xs = rows[key].get(v)
        if xs:
            s += f"  {sum(x[0] for x in xs)/len(xs):7.4f} {sum(x[1] for x in xs)/len(xs):5.1f}"
        else:
            s += " " * 16
    print(s)
