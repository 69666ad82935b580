#!/usr/bin/env python3
"""Turns `filterlab bench --json` files into Markdown tables for docs/PERFORMANCE.md.

    python3 bench/bench_to_markdown.py results/bench_gray8_*.json > table.md
    python3 bench/bench_to_markdown.py --peers results/peers.json results/bench_*.json

One table per input format; rows keep the order of the files and of the variants in them. With --peers, the
matching peer rows (CuPy, PyTorch, OpenCV from shared/device/peers_bench.py, same run) follow as a second table.
"""
import argparse
import json
from collections import OrderedDict

ap = argparse.ArgumentParser()
ap.add_argument("files", nargs="+")
ap.add_argument("--peers")
args = ap.parse_args()

tables = OrderedDict()
meta = None
for path in args.files:
    with open(path) as f:
        doc = json.load(f)
    meta = meta or doc
    for r in doc["results"]:
        fmt = r["input"].split()[-1]
        tables.setdefault((r["input"], fmt), []).append(r)

if meta:
    print(f"Device: {meta['device']}; date {meta['date']}; {meta['repeat']} timed repeats, median and min; "
          f"L2 flushed before each repeat: {'yes' if meta.get('l2_flushed') else 'no'}.\n")
for (shape, fmt), rows in tables.items():
    print(f"### {shape}\n")
    print("| filter | variant | launch | median ms | min ms | GB/s | % of copy |")
    print("|---|---|---|---:|---:|---:|---:|")
    for r in rows:
        if "refused" in r:
            print(f"| {r['filter']} | {r['variant']} | {r['launch']} | refused: {r['refused']} | | | |")
            continue
        pct = f"{r['pct_of_copy']:.1f}" if "pct_of_copy" in r else "-"
        print(f"| {r['filter']} | {r['variant']} | {r['launch']} | {r['median_ms']:.4f} | {r['min_ms']:.4f} | "
              f"{r['gbs']:.0f} | {pct} |")
    print()

if args.peers:
    with open(args.peers) as f:
        peers = json.load(f)
    rows = peers if isinstance(peers, list) else peers.get("rows", peers)
    print("### Peers (same run, shared/device/peers_bench.py)\n")
    print("| peer | filter | dtype | median ms | GB/s |")
    print("|---|---|---|---:|---:|")
    for r in rows:
        print(f"| {r['peer']} | {r['filter']} | {r['dtype']} | {r['ms']:.4f} | {r['gbs']:.0f} |")
    print()
