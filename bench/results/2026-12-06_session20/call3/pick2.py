#!/usr/bin/python3
# usage: pick2.py DIR: "cand" if cand's gray8 8192x8192 radius 4 / 8 and rgba8 8192x8192 radius 4 mean % of copy beats
# bin's by more than one point, else "none".
import sys, glob, re, os, collections
acc = collections.defaultdict(list)
for f in glob.glob(os.path.join(sys.argv[1], 'p_*.txt')):
    m = re.match(r'p_(.+)_(\d+)_(gray8|rgba8)_(8192x8192)\.txt', os.path.basename(f))
    if not m: continue
    ver, _, fmt, _ = m.groups()
    for line in open(f):
        p = line.split()
        if len(p) < 8 or not line.startswith('gauss'): continue
        stage = ' '.join(p[:-6])
        if 'ppt 256' in stage or not re.search(r'radius=(4|8)\b', stage): continue
        if fmt == 'rgba8' and 'radius=8' in stage: continue
        try: acc[ver].append(float(p[-1]))
        except ValueError: pass
mean = {v: sum(x) / len(x) for v, x in acc.items() if x}
print(' '.join('%s=%.2f' % kv for kv in sorted(mean.items())), file=sys.stderr)
print('cand' if 'cand' in mean and 'bin' in mean and mean['cand'] > mean['bin'] + 1.0 else 'none')
