#!/usr/bin/python3
# usage: regions.py SASS.gz : per backward-branch loop region (outermost non-overlapping by size), samples and executions
import gzip, sys, re
rows = []
for line in gzip.open(sys.argv[1], 'rt'):
    if not line.startswith('0x'): continue
    addr = int(line[:18].strip(), 16); src = line[19:79].strip(); n = line[79:].split()
    rows.append((addr, src, int(n[0].replace(',', '')), int(n[3].replace(',', ''))))
base = rows[0][0]
idx = {r[0]: i for i, r in enumerate(rows)}
tot_s = sum(r[2] for r in rows); tot_e = sum(r[3] for r in rows)
print(f'total samples {tot_s} executed warp-instr {tot_e}')
loops = []
for i, (a, src, s, e) in enumerate(rows):
    m = re.search(r'\bBRA\b.*0x([0-9a-f]+)', src)
    if m and 'BRA.DIV' not in src:
        t = int(m.group(1), 16)
        t2 = t if t in idx else base + t if base + t in idx else None
        if t2 is not None and t2 < a: loops.append((idx[t2], i))
# innermost loops of length >= MIN
MIN = int(sys.argv[2]) if len(sys.argv) > 2 else 100
for lo, hi in sorted(set(loops)):
    if hi - lo + 1 < MIN: continue
    body = rows[lo:hi + 1]
    s = sum(r[2] for r in body); e = sum(r[3] for r in body)
    heads = max(r[3] for r in body)
    ldgsts = sum(1 for r in body if 'LDGSTS' in r[1])
    print(f'loop {lo:5d}-{hi:5d} len {hi-lo+1:5d} samples {s:7d} ({100*s/tot_s:5.1f}%) exec {e:9d} ({100*e/tot_e:5.1f}%) max-exec/instr {heads:7d} ldgsts {ldgsts}')
