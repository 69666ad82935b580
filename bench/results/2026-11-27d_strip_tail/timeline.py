#!/usr/bin/env python3
# Reads the per-warp timelines that calls 2 and 3 wrote (FL_TRACE in call2/guide_and_timeline_trial.diff: one line
# per warp, its start in ns (%globaltimer), its SM, its end) and prints the kernel's span, the spread of warp
# durations, the warps active in each microsecond and the fraction finished, and when each SM went idle.
# Usage: python3 timeline.py call2/trace_dilate5_.txt.gz ...
import collections
import gzip
import sys
for fn in sys.argv[1:]:
    lines = gzip.open(fn,'rt').read().split('\n')
    hdr = lines[0]
    rows = [tuple(map(int,l.split())) for l in lines[1:] if l.strip()]
    rows = [r for r in rows if r[0]>0 and r[2]>0]
    t0 = min(r[0] for r in rows); t1 = max(r[2] for r in rows)
    span = (t1-t0)/1000
    print(fn, hdr, 'warps', len(rows), 'span us %.1f' % span)
    durs = sorted((r[2]-r[0])/1000 for r in rows)
    n=len(durs); print(' warp dur us: min %.2f p10 %.2f med %.2f p90 %.2f max %.2f' % (durs[0], durs[n//10], durs[n//2], durs[9*n//10], durs[-1]))
    starts = sorted((r[0]-t0)/1000 for r in rows); ends = sorted((r[2]-t0)/1000 for r in rows)
    print(' first end %.2f, last start %.2f' % (ends[0], starts[-1]))
    # active warps over time, 1us bins
    nb = int(span)+1
    act = [0]*nb
    for r in rows:
        a=(r[0]-t0)/1000; b=(r[2]-t0)/1000
        for i in range(int(a), int(b)+1):
            lo=max(a,i); hi=min(b,i+1)
            if hi>lo: act[i]+= hi-lo
    # completion: fraction of warps finished
    print(' active warps per 1us bin:', ' '.join('%d'%x for x in act))
    fin=[sum(1 for e in ends if e<=i+1)/n for i in range(nb)]
    print(' finished frac:', ' '.join('%.2f'%x for x in fin))
    # per-SM last end
    sm_end=collections.defaultdict(float); sm_start=collections.defaultdict(lambda:1e9)
    for r in rows:
        sm_end[r[1]]=max(sm_end[r[1]],(r[2]-t0)/1000); sm_start[r[1]]=min(sm_start[r[1]],(r[0]-t0)/1000)
    e=sorted(sm_end.values()); s=sorted(sm_start.values())
    print(' SM last end: min %.1f med %.1f max %.1f; SM first start max %.2f' % (e[0], e[len(e)//2], e[-1], s[-1]))
