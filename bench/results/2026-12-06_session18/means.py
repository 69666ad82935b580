#!/usr/bin/python3
# usage: means.py DIR (a call's unpacked logs.tar.gz): mean median ms and % of copy per format, size, stage and binary
# over the rounds of its p_<binary>_<round>_<format>_<size>.txt bench outputs (written here as each call's means.txt).
import sys, glob, re, os, collections
acc = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(sys.argv[1], 'p_*.txt'))):
    m = re.match(r'p_(.+)_(\d+)_(gray8|rgba8|gray32f)_(\d+x\d+)\.txt', os.path.basename(f))
    if not m: continue
    ver, rnd, fmt, size = m.groups()
    for line in open(f):
        if line.startswith(('device', 'filter')) or not line.strip(): continue
        parts = line.split()
        if len(parts) < 8: continue
        stage = ' '.join(parts[:-6])
        try: ms, pct = float(parts[-4]), float(parts[-1])
        except ValueError: continue
        acc[(fmt, size, stage, ver)].append((ms, pct))
keys = sorted({k[:3] for k in acc})
vers = sorted({k[3] for k in acc}, key=lambda v: (len(v), v))
print('%-7s %-9s %-62s' % ('format', 'size', 'stage') + ''.join('%16s' % v for v in vers))
for k in keys:
    row = '%-7s %-9s %-62s' % (k[0], k[1], k[2][:62])
    for v in vers:
        xs = acc.get(k + (v,))
        row += '%16s' % ('' if not xs else '%.4f %5.1f' % (sum(x[0] for x in xs) / len(xs), sum(x[1] for x in xs) / len(xs)))
    print(row)
