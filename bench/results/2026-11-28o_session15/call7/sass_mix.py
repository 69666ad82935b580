# Reads one of this call's ncu SASS listings (gunzipped) and prints the instruction mix: each opcode's share of the
# instructions executed and of the warp-state samples. Usage: /usr/bin/python3 sass_mix.py sobel_sass.txt
import collections
import re
import sys

rows = []
for line in open(sys.argv[1]):
    m = re.match(r'^0x[0-9a-f]+\s+(.*?)\s{2,}(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s', line)
    if m:
        rows.append((m.group(1).strip(), int(m.group(5)), int(m.group(2))))
total = sum(r[1] for r in rows)
samples = sum(r[2] for r in rows)
print('instructions executed (warp level):', total, ' static instructions:', len(rows), ' samples:', samples)
executed, sampled = collections.Counter(), collections.Counter()
for sass, n, s in rows:
    words = sass.split()
    op = (words[1] if words[0].startswith('@') else words[0]).split('.')[0]
    executed[op] += n
    sampled[op] += s
for op, n in executed.most_common(int(sys.argv[2]) if len(sys.argv) > 2 else 20):
    print(f'{op:10s} {n:12d} {100 * n / total:5.1f}%  samples {100 * sampled[op] / max(samples, 1):5.1f}%')
