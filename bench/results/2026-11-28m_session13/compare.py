# Medians over rounds per (stage, size) and build or switch, from a call's rows.txt: compare.py rows.txt NAME,NAME,...
import sys, statistics, collections
rows = collections.defaultdict(list)
for line in open(sys.argv[1]):
    p = line.split()
    if len(p) < 6: continue
    n = p[0]; cfg, size = n.rsplit('_', 1)
    key = (p[1], p[2] if p[2].startswith('radius') else '', size)
    rows[(key, cfg)].append(float(p[-1]))
cfgs = sys.argv[2].split(',')
keys = sorted({k for k, c in rows}, key=lambda k: (k[0], k[1], k[2]))
print('%-36s %-12s' % ('stage', 'size') + ''.join('%9s' % c for c in cfgs))
for k in keys:
    vals = [statistics.median(rows[(k, c)]) if rows.get((k, c)) else float('nan') for c in cfgs]
    if all(v != v for v in vals): continue
    print('%-36s %-12s' % (k[0] + ' ' + k[1][:9], k[2]) + ''.join('%9.1f' % v for v in vals))
