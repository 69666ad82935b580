#!/usr/bin/python3
"""Renders the suite's results (filterlab bench --suite JSON, and the peers' JSON of the same call) as markdown
tables between the suite markers of docs/PERFORMANCE.md, and a bar chart of % of copy per filter.

    /usr/bin/python3 bench/render_performance.py bench/results/DIR --markdown docs/PERFORMANCE.md \
        --chart docs/images/pct_of_copy.png

Run with Debian's python3 (matplotlib from python3-matplotlib; without it the chart is skipped, said on stderr).
"""
import argparse
import json
import os
import sys

BEGIN, END = "<!-- suite:begin (bench/render_performance.py) -->", "<!-- suite:end -->"

# Our (filter, params, format) and the peer row timing the same computation on the same input.
PEERS = {
    ("gauss3", "", "gray8"): ("cupy", "gauss 3x3", "u8"),
    ("gauss", "radius=4:sigma=2", "gray8"): ("cupy", "gauss r4 s2 (separable)", "u8"),
    ("sobel", "output=gray8", "gray8"): ("cupy", "sobel magnitude", "u8"),
    ("dilate3", "", "gray8"): ("cupy", "dilate 3x3", "u8"),
    ("dilate5", "", "gray8"): ("cupy", "dilate 5x5", "u8"),
    ("box", "radius=4", "gray8"): ("cupy", "box 9x9", "u8"),
    ("warp_affine", None, "gray8"): ("cupy", "affine bilinear", "u8"),
    ("gray", "", "rgba8"): ("cupy", "rgba to gray", "u8x4"),
    ("gauss", "radius=4:sigma=2", "rgba8"): ("cupy", "gauss r4 s2 rgba", "u8x4"),
    ("gauss3", "", "gray32f"): ("cupy", "gauss 3x3", "f32"),
    ("gauss", "radius=4:sigma=2", "gray32f"): ("cupy", "gauss r4 s2 (separable)", "f32"),
    ("sobel", "output=gray8", "gray32f"): ("cupy", "sobel magnitude", "f32"),
}


def peer_ms(peers, filt, params, fmt):
    key = PEERS.get((filt, params, fmt)) or PEERS.get((filt, None, fmt))
    if not key:
        return None, None
    for p in peers:
        if (p["peer"], p["filter"], p["dtype"]) == key:
            return p["ms"], f'{p["peer"]} {p["filter"]}'
    return None, None


def groups(rows):
    """Rows by (format, filter, params), in the suite's order, copy rows apart."""
    out, copies = {}, {}
    for r in rows:
        if r["filter"] == "copy":
            copies[r["format"]] = r
            continue
        out.setdefault((r["format"], r["filter"], r.get("params", "")), []).append(r)
    return out, copies


# The variants built for speed beside the teaching ones; the fastest of them is a filter's "fast" figure.
FAST_VARIANTS = {"fast", "tensor", "half2", "columns"}


def fastest(ran):
    fast = [r for r in ran if r["variant"] in FAST_VARIANTS]
    return min(fast, key=lambda r: r["median_ms"]) if fast else None


def summary_table(suite, peers):
    grouped, copies = groups(suite["results"])
    lines = ["| format | filter | params | fast ms | fast % of copy | best teaching variant | its % of copy | "
             "CuPy ms | CuPy / fast |", "|---|---|---|---:|---:|---|---:|---:|---:|"]
    # "fast" below is the fastest of FAST_VARIANTS; its name is shown when it is not `fast` itself.
    for (fmt, filt, params), rows in grouped.items():
        ran = [r for r in rows if "median_ms" in r and "(wrong)" not in r["variant"]]
        if not ran:
            continue
        fast = fastest(ran)
        teaching = [r for r in ran if r["variant"] not in FAST_VARIANTS]
        best = max(teaching, key=lambda r: r["pct_of_copy"]) if teaching else None
        cupy, _ = peer_ms(peers, filt, params, fmt)
        f_ms = f'{fast["median_ms"]:.4f}' if fast else "-"
        if fast and fast["variant"] != "fast":
            f_ms += f' ({fast["variant"]})'
        f_pct = f'{fast["pct_of_copy"]:.0f}' if fast else "-"
        b = f'{best["variant"]}' if best else "-"
        b_pct = f'{best["pct_of_copy"]:.0f}' if best else "-"
        ratio = f'{cupy / fast["median_ms"]:.1f}x' if (cupy and fast) else "-"
        lines.append(f"| {fmt} | {filt} | {params} | {f_ms} | {f_pct} | {b} | {b_pct} | "
                     f"{f'{cupy:.4f}' if cupy else '-'} | {ratio} |")
    copy_line = ", ".join(f'{fmt} {c["median_ms"]:.4f} ms ({c["gbs"]:.0f} GB/s)' for fmt, c in copies.items())
    return "\n".join(lines), copy_line


def full_table(suite):
    lines = ["| format | filter | params | variant | launch | median ms | min ms | GB/s | % of copy |",
             "|---|---|---|---|---|---:|---:|---:|---:|"]
    for r in suite["results"]:
        if "median_ms" not in r:
            lines.append(f'| {r.get("format","")} | {r["filter"]} | {r.get("params","")} | {r["variant"]} | '
                         f'{r["launch"]} | refused: {r.get("refused","")} | | | |')
            continue
        lines.append(f'| {r.get("format","")} | {r["filter"]} | {r.get("params","")} | {r["variant"]} | {r["launch"]} | '
                     f'{r["median_ms"]:.4f} | {r["min_ms"]:.4f} | {r["gbs"]:.0f} | {r.get("pct_of_copy", 0):.1f} |')
    return "\n".join(lines)


def chart(suite, path):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("note: matplotlib not found (Debian: python3-matplotlib): no chart", file=sys.stderr)
        return False
    grouped, _ = groups(suite["results"])
    labels, fast_pct, best_pct = [], [], []
    for (fmt, filt, params), rows in grouped.items():
        ran = [r for r in rows if "median_ms" in r and "(wrong)" not in r["variant"]]
        fast = fastest(ran)
        teaching = [r["pct_of_copy"] for r in ran if r["variant"] not in FAST_VARIANTS]
        if not fast and not teaching:
            continue
        labels.append(f"{filt} {params} ({fmt})".replace(" ()", "").replace("  ", " "))
        fast_pct.append(fast["pct_of_copy"] if fast else 0)
        best_pct.append(max(teaching) if teaching else 0)
    fig, ax = plt.subplots(figsize=(10, 0.28 * len(labels) + 1.5))
    y = range(len(labels))
    ax.barh([i + 0.2 for i in y], fast_pct, height=0.4, label="fast")
    ax.barh([i - 0.2 for i in y], best_pct, height=0.4, label="best teaching variant")
    ax.axvline(100, color="black", linewidth=0.8)
    ax.set_yticks(list(y))
    ax.set_yticklabels(labels, fontsize=7)
    ax.invert_yaxis()
    ax.set_xlabel("% of a device-to-device copy of the same bytes (same process)")
    ax.set_title(f'{suite["device"]}, {suite["date"]}, commit {suite.get("commit", "?")}', fontsize=9)
    ax.legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results", help="folder with suite.json (and peers.json)")
    ap.add_argument("--markdown", required=True)
    ap.add_argument("--chart", required=True)
    a = ap.parse_args()
    suite = json.load(open(os.path.join(a.results, "suite.json")))
    peers_path = os.path.join(a.results, "peers.json")
    peers = json.load(open(peers_path)) if os.path.exists(peers_path) else []
    summary, copies = summary_table(suite, peers)
    charted = chart(suite, a.chart)
    rel_chart = os.path.relpath(a.chart, os.path.dirname(a.markdown))
    body = [
        BEGIN,
        f'Device {suite["device"]}, driver {suite.get("driver", "?")}, {suite["date"]}, commit '
        f'{suite.get("commit", "?")}; {suite["repeat"]} repeats per variant, median, each between its own event pair, '
        f'L2 {"flushed before each" if suite.get("l2_flushed") else "warm"}. Results: `{a.results}`.',
        "",
        "Command: `bash .gpu/on-device.sh bash bench/run_suite.sh run` (= `filterlab bench --suite --size 8192x8192 "
        "--formats gray8,rgba8,gray32f` and `peers_bench.py --size 8192` in the same call).",
        "",
        f"Copy ceiling (cudaMemcpyAsync device to device, bytes read + written): {copies}.",
        "",
        summary,
        "",
    ]
    if charted:
        body += [f"![% of copy per filter]({rel_chart})", ""]
    body += ["<details><summary>Every variant</summary>", "", full_table(suite), "", "</details>", END]
    text = open(a.markdown).read() if os.path.exists(a.markdown) else ""
    block = "\n".join(body)
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + block + text[text.index(END) + len(END):]
    else:
        text += "\n" + block + "\n"
    with open(a.markdown, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
