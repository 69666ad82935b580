#!/usr/bin/python3
# usage: pick3.py DIR: "cand" if cand's gray8 8192x8192 gauss tensor (default launch, smem on) mean % of copy beats
# bin's by more than one point and no other size's mean falls by more than one point; else "none".
import sys, glob, re, os, collections
acc = collections.defaultdict(list)
for f in glob.glob(os.path.join(sys.argv[1], 'p_*.txt')):
    m = re.match(r'p_(bin|cand)_(\d+)_(gray8)_(\d+x\d+)\.txt', os.path.basename(f))
    if not m: continue
    ver, _, fmt, size = m.groups()
    for line in open(f):
        p = line.split()
        if len(p) < 8 or not line.startswith('gauss') or 'smem=off' in line: continue
        try: acc[(ver, size)].append(float(p[-1]))
        except ValueError: pass
mean = {k: sum(x) / len(x) for k, x in acc.items() if x}
print(' '.join('%s/%s=%.2f' % (k[0], k[1], v) for k, v in sorted(mean.items())), file=sys.stderr)
sizes = {k[1] for k in mean}
ok = all(('cand', s) in mean and ('bin', s) in mean for s in sizes) and '8192x8192' in sizes
ok = ok and mean[('cand', '8192x8192')] > mean[('bin', '8192x8192')] + 1.0
ok = ok and all(mean[('cand', s)] >= mean[('bin', s)] - 1.0 for s in sizes)
print('cand' if ok else 'none')
