#!/usr/bin/python3
# usage: pick4.py DIR: "cand" if cand's gray8 gauss tensor (default launch) mean % of copy at 8192x8192 beats bin's by
# more than one point and no other gray8 size's mean falls by more than one point; else "none" (rgba8 not judged).
import sys, glob, re, os, collections
acc = collections.defaultdict(list)
for f in glob.glob(os.path.join(sys.argv[1], 'p_*.txt')):
    m = re.match(r'p_(bin|cand)_(\d+)_(gray8)_(\d+x\d+)\.txt', os.path.basename(f))
    if not m: continue
    ver, _, _, size = m.groups()
    for line in open(f):
        p = line.split()
        if len(p) < 8 or not line.startswith('gauss'): continue
        try: acc[(ver, size)].append(float(p[-1]))
        except ValueError: pass
mean = {k: sum(x) / len(x) for k, x in acc.items() if x}
print(' '.join('%s/%s=%.2f' % (k[0], k[1], v) for k, v in sorted(mean.items())), file=sys.stderr)
sizes = {k[1] for k in mean}
ok = '8192x8192' in sizes and all(('cand', s) in mean and ('bin', s) in mean for s in sizes)
ok = ok and mean[('cand', '8192x8192')] > mean[('bin', '8192x8192')] + 1.0
ok = ok and all(mean[('cand', s)] >= mean[('bin', s)] - 1.0 for s in sizes)
print('cand' if ok else 'none')
