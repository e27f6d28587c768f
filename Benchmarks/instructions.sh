#!/usr/bin/env bash
# Instruction counts (valgrind --tool=callgrind) of the whole-process runs compare.sh times:
# repeatable on a loaded machine where wall-clock medians are not, though blind to what the
# kernel does (page faults, fsync, waiting for the disk). Run compare.sh first (it builds
# everything and writes the fontconfig configuration); prints one Markdown table.
#
#   Benchmarks/instructions.sh
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work="$root/Benchmarks/.build/compare"
font="$root/Fonts/LiberationSans-Regular.ttf"
text="Your photos and videos are stored in iCloud, so you can see them on all your devices and free up space on this iPhone."
export FONTCONFIG_FILE="$work/fonts.conf"
command -v valgrind >/dev/null || { echo "instructions: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
[ -f "$FONTCONFIG_FILE" ] || { echo "instructions: run Benchmarks/compare.sh first" >&2; exit 1; }
mkdir -p "$work/cg"
# valgrind 3.19 can't read the DWARF 5 in Swift binaries: count a copy without debug info.
strip --strip-debug -o "$work/cg/render-cli" "$root/.build-bench/release/render-cli"
strip --strip-debug -o "$work/cg/render-cli-dynamic" "$root/.build-bench-dynamic/release/render-cli"
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 | awk '/refs:/ {gsub(",", "", $4); print $4}'; }
pango() { count pango-view -q --font "Liberation Sans $1" --dpi 72 --width 320 --wrap word --hinting none \
    --hint-metrics off --subpixel-positions --antialias gray -o "$work/cg/pango$1.png" --text "$text"; }
cli() { local binary=$1; shift; count "$binary" --font "$font" --size 17 --width 320 --text "$text" "$@"; }
one=$(cli "$work/cg/render-cli" --category l --scale 1 "$work/cg/one.png")
one_dynamic=$(cli "$work/cg/render-cli-dynamic" --category l --scale 1 "$work/cg/one-dynamic.png")
sheet=$(cli "$work/cg/render-cli" --categories all --scale 1 "$work/cg/sheet.png")
sheet_dynamic=$(cli "$work/cg/render-cli-dynamic" --categories all --scale 1 "$work/cg/sheet-dynamic.png")
pango_one=$(pango 17)
pango_twelve=0
for size in 14 15 16 17 19 21 23 28 33 40 47 53; do pango_twelve=$((pango_twelve + $(pango "$size"))); done
floor_one=$(count "$root/Benchmarks/.build/c/floor" "$font" "$work/cg/floor.png")
floor_sheet=$(count "$root/Benchmarks/.build/c/floor" "$font" "$work/cg/floor-sheet.png" --sheet)
hb=$(count hb-view --font-file="$font" --font-size=17 -o "$work/cg/hb.png" "$text")
python3 - "$one" "$one_dynamic" "$sheet" "$sheet_dynamic" "$pango_one" "$pango_twelve" "$floor_one" "$floor_sheet" "$hb" <<'PY'
import sys
one, one_s, sheet, sheet_s, p1, p12, f1, fs, hb = (int(x) for x in sys.argv[1:])
m = lambda n: f"{n / 1e6:.1f} M"
print("| Whole process, instructions (callgrind) | ours | other | ratio |")
print("| --- | ---: | ---: | ---: |")
for label, a, b, name in [
    ("One label @1x: render-cli vs pango-view", one, p1, "pango-view"),
    ("One label @1x: render-cli (dynamic Swift runtime) vs pango-view", one_s, p1, "pango-view"),
    ("One label @1x: render-cli vs the floor", one, f1, "floor"),
    ("One line: hb-view vs pango-view", hb, p1, "pango-view"),
    ("Sheet @1x: render-cli vs 12 pango-view runs", sheet, p12, "12 × pango-view"),
    ("Sheet @1x: render-cli (dynamic Swift runtime) vs 12 pango-view runs", sheet_s, p12, "12 × pango-view"),
    ("Sheet @1x: render-cli vs the floor's sheet", sheet, fs, "floor"),
]:
    print(f"| {label} | {m(a)} | {m(b)} ({name}) | {a / b:.2f} |")
PY
