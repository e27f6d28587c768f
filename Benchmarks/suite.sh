#!/usr/bin/env bash
# Runs the benchmark suite (ordo-one/benchmark) and prints its full tables, then one Markdown
# summary: median and p90 wall clock, allocations per iteration, peak resident memory.
#
#   Benchmarks/suite.sh [extra `swift package benchmark` options, e.g. --filter "Layout.*"]
#
# The full output is kept in Benchmarks/.build/suite/output.txt.
set -euo pipefail
bench=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$bench/.build/suite"
log="$bench/.build/suite/output.txt"
(cd "$bench" && swift package benchmark --no-progress "$@") | tee "$log"
python3 - "$log" <<'PY'
import re, sys
text = open(sys.argv[1], encoding="utf-8").read()
text = re.sub(r"\x1b\[[0-9;]*m", "", text)
rows, name, seen = [], None, {}
scale = {"ns": 1e-3, "μs": 1.0, "us": 1.0, "ms": 1e3, "s": 1e6}
def cells(line):
    return [c.strip() for c in line.strip().strip("│").split("│")]
lines = text.splitlines()
for i, line in enumerate(lines):
    if line.startswith("╒") and i > 0 and lines[i - 1].strip():
        name = lines[i - 1].strip()
        seen = {}
        continue
    if name is None or not line.startswith("│"):
        if line.startswith("╘") and name:
            rows.append((name, seen))
            name = None
        continue
    c = cells(line)
    seen[c[0]] = c[1:]
def value(v):
    v = v.replace(",", "")
    m = re.match(r"^([0-9.]+)(?:e([+-]?[0-9]+))?$", v)
    return float(m.group(1)) * (10 ** int(m.group(2) or 0)) if m else float("nan")
medians = {}
print()
print("| Benchmark | median | p90 | mallocs | peak RSS |")
print("| --- | ---: | ---: | ---: | ---: |")
for name, metrics in rows:
    wall = next((k for k in metrics if k.startswith("Time (wall clock)")), None)
    if not wall:
        continue
    unit = re.search(r"\((ns|μs|us|ms|s)\)", wall).group(1)
    p50, p90 = (value(metrics[wall][i]) * scale[unit] for i in (2, 4))
    fmt = lambda us: f"{us / 1000:.2f} ms" if us >= 1000 else (f"{us:.1f} µs" if us >= 10 else f"{us:.2f} µs")
    mallocs = next((metrics[k][2] for k in metrics if k.startswith("Malloc (total)")), "")
    rss = next((metrics[k][6] + " MB" for k in metrics if k.startswith("Memory (resident peak)")), "")
    print(f"| {name} | {fmt(p50)} | {fmt(p90)} | {mallocs} | {rss} |")
    medians[name] = p50
# The prepared text's goal: a re-layout at a new width at most 0.3 × a full layout of the text.
relayout = medians.get("Prepared body label: re-layout at a new width")
full = medians.get("Shaping one run (new engine: analysis + HarfBuzz + layout)")
if relayout and full:
    print(f"\nPrepared re-layout / full layout: {relayout / full:.2f} (goal ≤ 0.3)")
# The screens' goal: the settings example laid out at the 12 categories in at most 2 ms.
settings = medians.get("Screen: settings at 12 categories")
if settings:
    print(f"Settings screen at 12 categories: {settings / 1000:.2f} ms (goal ≤ 2 ms)")
PY
