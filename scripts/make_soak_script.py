#!/usr/bin/python3
"""Writes a soak script for `filterlab --script`: N random lab actions from a seed (the same seed, registry and
hostile files give the same script).

Filters, their parameters (names, types, ranges, choices) and their variants come from the registry
(`filterlab list --json`, or a file saved from it). Sometimes a value is wrong on purpose (out of range, not a
number, a name that does not exist, a block the device cannot launch): the lab must refuse it and keep its
previous state. Images are small test patterns and every file of tests/data/hostile/ (broken and edge-case
files), so that frames stay cheap and the soak spends its time on actions, not pixels.

The script follows the pipeline as the lab will change it (add inserts after the selected stage, remove and move
keep the selection, as app/ui/pipeline_edits.cpp does), so that most stage numbers name a stage of the right
filter; it ends where the lab started (no comparison, the default pipeline, a 64x64 pattern) so that memory
at the end can be compared with memory at the start.

Usage: make_soak_script.py --filterlab build/ci/app/filterlab --actions 10000 --seed 1 --out soak.txt
"""
import argparse
import json
import os
import random
import subprocess
import sys

PATTERNS = ["zoneplate", "checkerboard", "gradient", "noise"]  # core/test_patterns.hpp
FORMATS = ["gray8", "rgba8", "gray32f"]
BLOCK_SIDES = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024]  # what the stage editor's block combos offer
VIEWS = ["a", "b", "split", "side", "diff"]
# How often each kind of action is drawn (out of the sum).
WEIGHTS = {
    "add": 10, "remove": 7, "move": 6, "enable": 3, "select": 4, "param": 18, "variant": 12, "block": 8,
    "ppt": 5, "halo": 2, "smem": 2, "load": 6, "pattern": 6, "view": 6, "compare": 3, "edit": 2, "frame": 2,
    "wait": 2, "reset": 1,
}
IN_RANGE_CAP = 256  # in-range numbers drawn stay below this (output sizes, radii)
MAX_STAGES = 8  # beyond this, adding gives way to removing: long chains only slow each frame down


def load_registry(args):
    if args.registry:
        with open(args.registry, encoding="utf-8") as f:
            return json.load(f)
    out = subprocess.run([args.filterlab, "list", "--json"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


class Generator:
    def __init__(self, registry, hostile, seed):
        self.rng = random.Random(seed)
        self.filters = {f["id"]: f for f in registry}
        self.ids = sorted(self.filters)
        self.hostile = hostile
        self.reset_model()

    def reset_model(self):
        # The lab's default pipeline (app/ui/pipeline_edits.cpp: gray, then the first blur it has).
        self.stages = [i for i in ["gray"] if i in self.filters]
        for blur in ["gauss3", "gauss", "box3", "box"]:
            if blur in self.filters:
                self.stages.append(blur)
                break
        self.selected = len(self.stages) - 1

    def stage_number(self):
        """A stage that exists, mostly; now and then one that does not (0, or past the end)."""
        if not self.stages or self.rng.random() < 0.05:
            return self.rng.choice([0, len(self.stages) + 1, 99])
        return self.rng.randrange(len(self.stages)) + 1

    def filter_of(self, n):
        return self.filters.get(self.stages[n - 1]) if 1 <= n <= len(self.stages) else None

    def value(self, p):
        r = self.rng.random()
        if p["type"] == "choice":
            choices = [c if c != "stage:N" else "stage:%d" % self.rng.randint(1, 4) for c in p["choices"]]
            return self.rng.choice(choices) if r < 0.85 else self.rng.choice(["nosuch", "stage:0", "stage:99"])
        lo, hi, default = p["min"], p["max"], p["default"]
        if r < 0.12:
            return self.fmt(p, hi + self.rng.choice([1, 1000]))  # above the range
        if r < 0.2:
            return self.fmt(p, lo - self.rng.choice([0 if p.get("min_exclusive") else 1, 1000]))  # below it
        if r < 0.24:
            return self.rng.choice(["abc", "1e", "nan", "inf", "-inf", "0x10"])
        # In range, but kept near the low end: a 16384x16384 letterbox is a legal but slow frame, and the soak
        # wants many cheap frames.
        top = min(hi, lo + max(2 * abs(default - lo), 16), IN_RANGE_CAP)
        return self.fmt(p, self.rng.uniform(lo, top))

    @staticmethod
    def fmt(p, v):
        return str(int(round(v))) if p["type"] == "int" else "%.3g" % v

    def action(self, kind):
        rng = self.rng
        if kind == "add":
            if len(self.stages) >= MAX_STAGES:
                return self.action("remove")
            fid = rng.choice(self.ids) if rng.random() < 0.97 else "nosuch_filter"
            if fid in self.filters:
                at = self.selected + 1 if 0 <= self.selected < len(self.stages) else len(self.stages)
                self.stages.insert(at, fid)
                self.selected = at
            return "add " + fid
        if kind == "remove":
            n = self.stage_number()
            if 1 <= n <= len(self.stages):
                del self.stages[n - 1]
                self.selected = -1 if not self.stages else min(n - 1, len(self.stages) - 1)
            return "remove %d" % n
        if kind == "move":
            n, m = self.stage_number(), self.stage_number()
            if 1 <= n <= len(self.stages) and 1 <= m <= len(self.stages):
                self.stages.insert(m - 1, self.stages.pop(n - 1))
                if self.selected == n - 1:
                    self.selected = m - 1
            return "move %d %d" % (n, m)
        if kind == "enable":
            return "%s %d" % (rng.choice(["enable", "disable"]), self.stage_number())
        if kind == "select":
            n = rng.choice([0, self.stage_number()])
            if 1 <= n <= len(self.stages):
                self.selected = n - 1
            return "select %d" % n
        return self.stage_action(kind) or self.other_action(kind)

    def stage_action(self, kind):
        rng = self.rng
        if kind not in ("param", "variant", "block", "ppt", "halo", "smem"):
            return None
        n = self.stage_number()
        f = self.filter_of(n)
        if kind == "param":
            params = f["params"] if f else []
            if not params or rng.random() < 0.1:
                return "param %d %s %s" % (n, rng.choice(["radius", "nosuch"]), rng.randint(-5, 50))
            p = rng.choice(params)
            return "param %d %s %s" % (n, p["name"], self.value(p))
        if kind == "variant":
            ids = [v["id"] for v in f["variants"]] if f else []
            return "variant %d %s" % (n, rng.choice(ids) if ids and rng.random() < 0.9 else "nosuch_variant")
        if kind == "block":
            if rng.random() < 0.1:
                return "block %d %s" % (n, rng.choice(["0x8", "2048x1", "3x7", "1024x1024", "64x32"]))
            return "block %d %dx%d" % (n, rng.choice(BLOCK_SIDES[3:8]), rng.choice(BLOCK_SIDES[:6]))
        if kind == "ppt":
            return "ppt %d %d" % (n, rng.choice([1, 2, 4, 8, 16]) if rng.random() < 0.8 else rng.randint(0, 64))
        if kind == "halo":
            return "halo %d %d" % (n, rng.randint(0, 6))
        return "smem %d %s" % (n, rng.choice(["on", "off"]))

    def other_action(self, kind):
        rng = self.rng
        if kind == "load":
            r = rng.random()
            if r < 0.9 and self.hostile:
                return "load " + rng.choice(self.hostile)
            return "load " + (os.path.dirname(self.hostile[0]) if r < 0.95 and self.hostile else "/no/such/image.png")
        if kind == "pattern":
            if rng.random() < 0.1:
                return "pattern %s %s" % (rng.choice(PATTERNS + ["nosuch"]), rng.choice(["0x64", "9000x9000", "64x0"]))
            side = lambda: rng.choice([16, 32, 48, 64, 64, 96, 128, 200, 256])
            return "pattern %s %dx%d %s" % (rng.choice(PATTERNS), side(), side(), rng.choice(FORMATS))
        if kind == "view":
            return "view " + (rng.choice(VIEWS) if rng.random() < 0.97 else "sideways")
        if kind == "compare":
            return "compare " + ("on" if rng.random() < 0.6 else "off")
        if kind == "edit":
            return "edit " + rng.choice(["a", "b"])
        if kind == "frame":
            return "frame %d" % rng.randint(1, 3)
        if kind == "wait":
            return "wait"
        self.reset_model()
        return "reset"

    def script(self, count):
        kinds = list(WEIGHTS)
        weights = [WEIGHTS[k] for k in kinds]
        lines = [self.action(self.rng.choices(kinds, weights)[0]) for _ in range(count)]
        # Back where the lab started, so that the memory at the end compares with the memory at the start.
        return lines + ["compare off", "reset", "pattern checkerboard 64x64", "wait", "frame 3"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    src = ap.add_mutually_exclusive_group(required=True)
    src.add_argument("--filterlab", help="the filterlab binary (its `list --json` is the registry)")
    src.add_argument("--registry", help="a file with the output of `filterlab list --json`")
    ap.add_argument("--actions", type=int, default=10000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--hostile", default=os.path.join(os.path.dirname(__file__), "..", "tests", "data", "hostile"),
                    help="folder of hostile and edge-case images to load")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.actions < 0:
        sys.exit("--actions must be >= 0")
    folder = os.path.normpath(args.hostile)
    hostile = sorted(os.path.join(folder, f) for f in os.listdir(folder) if not f.endswith((".tsv", ".md")))
    gen = Generator(load_registry(args), hostile, args.seed)
    lines = gen.script(args.actions)
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("# soak script: %d random actions, seed %d (scripts/make_soak_script.py)\n" % (args.actions, args.seed))
        f.write("\n".join(lines) + "\n")
    print("wrote %s: %d actions (seed %d)" % (args.out, len(lines), args.seed))


if __name__ == "__main__":
    main()
