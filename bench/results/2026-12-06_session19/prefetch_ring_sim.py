#!/usr/bin/python3
# Simulates one thread's cp.async groups, waits, barriers and ring reads of trial2's persistent staged kernel
# (prefetch_trial.diff) over random item lengths at kPre 1 to 4: a read must find the slot it expects, complete by
# the last wait, and not refilled in the same barrier interval. Prints the failing cases and their count ("bad 0").
import random
SLOTS, BSTEPS = 8, 2
def run(items_steps, kPre):
    groups = []        # list of (pos, content) or None (empty), in commit order
    ring_latest = {}   # pos -> (group index, content)
    complete_upto = -1 # groups [0..complete_upto] complete
    interval_writes = set(); interval_reads = {}
    errors = []
    def issue(pos, content):
        groups.append(content and (pos, content))
        if content:
            ring_latest[pos] = (len(groups) - 1, content)
            interval_writes.add(pos)
    def wait(n):
        nonlocal complete_upto
        complete_upto = max(complete_upto, len(groups) - 1 - n)
    def barrier():
        for p, c in interval_reads.items():
            if p in interval_writes: errors.append(('hazard', p, c))
        interval_writes.clear(); interval_reads.clear()
    def read(pos, content):
        g, c = ring_latest.get(pos, (None, None))
        if c != content: errors.append(('wrong', pos, content, c))
        elif g > complete_upto: errors.append(('incomplete', pos, content))
        interval_reads[pos] = content
    base, prefetched = 0, 0
    for it, steps in enumerate(items_steps):
        nsteps = items_steps[it + 1] if it + 1 < len(items_steps) else None
        own = steps + kPre
        def content(k):
            if k < own: return (it, k)
            if nsteps is not None and k - own < nsteps + kPre: return (it + 1, k - own)
            return None
        for k in range(prefetched, SLOTS - BSTEPS + 1): issue((base + k) % SLOTS, content(k))
        wait(SLOTS - BSTEPS + 1 - kPre); barrier()
        for k in range(kPre): read((base + k) % SLOTS, (it, k))
        last = SLOTS - BSTEPS
        for s in range(0, steps, BSTEPS):
            wait(SLOTS - 2 * BSTEPS + 1 - kPre); barrier()
            for b in range(1, BSTEPS + 1): issue((base + s + SLOTS - BSTEPS + b) % SLOTS, content(s + SLOTS - BSTEPS + b))
            last = s + SLOTS
            for b in range(BSTEPS):
                if s + b >= steps: break
                read((base + s + b + kPre) % SLOTS, (it, s + b + kPre))
        barrier()
        prefetched = max(0, min(last + 1 - own, nsteps + kPre if nsteps is not None else 0))
        base = (base + own) % SLOTS
    return errors
random.seed(1)
bad = 0
for kPre in (1, 2, 3, 4):
    for trial in range(3000):
        n = random.randint(1, 6)
        st = [random.choice([1, 2, 3, 4, 5, 7, 8, 9, 16, random.randint(1, 40)]) for _ in range(n)]
        e = run(st, kPre)
        if e:
            bad += 1
            if bad < 5: print(kPre, st, e[:3])
print('bad', bad)
