#!/usr/bin/python3
# usage: sweep.py DIR [PREFIX]: mean % of a copy by rows per thread (ppt) per filter, format, size and radius over the
# rounds of p_<PREFIX>_<round>_<fmt>_<size>.txt (bench output with ppt set per stage); * marks the best of a row.
import sys, glob, re, os, collections
prefix = sys.argv[2] if len(sys.argv) > 2 else r'\w+'
acc = collections.defaultdict(list)
for f in glob.glob(os.path.join(sys.argv[1], 'p_*.txt')):
    m = re.match(r'p_(%s)_(\d+)_(gray8|rgba8)_(\d+x\d+)\.txt' % prefix, os.path.basename(f))
    if not m: continue
    fmt, size = m.group(3), m.group(4)
    for line in open(f):
        p = line.split()
        if len(p) < 8 or p[0] not in ('box', 'gauss'): continue
        r, ppt = re.search(r'radius=(\d+)', p[1]), re.search(r'ppt (\d+)', line)
        if r and ppt: acc[(p[0], fmt, size, int(r.group(1)), int(ppt.group(1)))].append(float(p[-1]))
print('# mean % of a copy over the runs by rows per thread (ppt); * the best of the row')
for k in sorted({k[:4] for k in acc}):
    row = [(pp, sum(acc[k + (pp,)]) / len(acc[k + (pp,)])) for pp in sorted({x[4] for x in acc if x[:4] == k})]
    best = max(row, key=lambda x: x[1])[0]
    print('%-5s %-5s %-9s r%-2d ' % k + '  '.join('%d:%5.1f%s' % (pp, v, '*' if pp == best else ' ') for pp, v in row))
