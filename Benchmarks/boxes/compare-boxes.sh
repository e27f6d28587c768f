#!/usr/bin/env bash
# Box layout against Taffy and Yoga on the same trees (issue 18): random trees of 100, 1,000
# and 10,000 boxes with fixed-size leaves in two shapes (boxes.py generate, fixed seed): nested
# (containers in containers, 6 to 16 levels) and list (a column of rows, 4 levels), laid out by
# our engine in process (typelayout-inprocess --boxes, release) and by Taffy (stretchable)
# and Yoga (pyyoga: Yoga 3; poga: Yoga 1.19) from Python, each timed around its one layout
# call with the process's CPU clock (TYPELAYOUT_CLOCK=cpu: this 2-core machine often runs 15
# jobs, and a wall-clock sample of a 10,000-box layout is then mostly waiting for a core;
# TYPELAYOUT_CLOCK=wall for wall-clock samples); medians. Every frame of every tree is checked
# against each peer's first, and a difference fails the run. Prints Markdown table rows on stdout, progress on stderr.
#
#   Benchmarks/boxes/compare-boxes.sh [--no-install] [--binary PATH] [--baseline PATH]
#
# The peers are installed with pip into a virtual environment under Benchmarks/.build/boxes;
# --no-install skips pip and uses what is there (no rows, and a note, if they are missing).
# --binary times a typelayout-inprocess already built instead of building one; --baseline
# times a second build (another branch's) on the same trees, just before ours, and prints
# its rows too ("baseline"), so that a change is measured side by side in one run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$(cd "$here/.." && pwd)
work="$bench/.build/boxes"
venv="$work/venv"
install=1
binary=""
baseline=""
usage() { echo "usage: $0 [--no-install] [--binary PATH] [--baseline PATH]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --no-install) install=0 ;;
        --binary) [ $# -ge 2 ] || usage; binary=$2; shift ;;
        --baseline) [ $# -ge 2 ] || usage; baseline=$2; shift ;;
        *) usage ;;
    esac
    shift
done
for given in "$binary" "$baseline"; do
    if [ -n "$given" ] && ! [ -x "$given" ]; then
        echo "compare-boxes: $given is not an executable typelayout-inprocess" >&2
        exit 2
    fi
done
export PATH="/opt/swift/usr/bin:$PATH"
export TYPELAYOUT_CLOCK="${TYPELAYOUT_CLOCK:-cpu}"
mkdir -p "$work"

peers=(stretchable==1.1.8 pyyoga==0.1.0 poga==0.1.19)
if [ "$install" = 1 ]; then
    [ -x "$venv/bin/python" ] || python3 -m venv "$venv" >&2
    echo "compare-boxes: installing ${peers[*]} (pip)" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${peers[@]}" >&2
fi
if ! [ -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import stretchable, pyyoga, poga" 2>/dev/null; then
    echo "compare-boxes: Taffy and Yoga's Python packages are not installed (run without --no-install); no rows" >&2
    exit 0
fi

if [ -n "$binary" ]; then
    inprocess=$binary
else
    echo "compare-boxes: building typelayout-inprocess (release)" >&2
    swift build -c release --package-path "$bench" --product typelayout-inprocess >&2
    inprocess="$(swift build -c release --package-path "$bench" --show-bin-path)/typelayout-inprocess"
fi

# Iterations per size: ours, then the peers' (a 10,000-box layout takes them about a second).
for shape in nested list; do
    for size in "100 2000 200" "1000 300 30" "10000 60 5"; do
        read -r count ours_iterations peer_iterations <<<"$size"
        tree="$work/tree-$shape-$count.json"
        "$venv/bin/python" "$here/boxes.py" generate --count "$count" --shape "$shape" --output "$tree"
        if [ -n "$baseline" ]; then
            echo "compare-boxes: $count boxes, $shape: baseline ($ours_iterations iterations)" >&2
            base=$("$baseline" --boxes "$tree" --box-frames "$work/baseline-frames-$shape-$count.json" \
                --iterations "$ours_iterations" --warmup $((ours_iterations / 10)))
        fi
        echo "compare-boxes: $count boxes, $shape: ours ($ours_iterations iterations)" >&2
        ours=$("$inprocess" --boxes "$tree" --box-frames "$work/frames-$shape-$count.json" \
            --iterations "$ours_iterations" --warmup $((ours_iterations / 10)))
        echo "compare-boxes: $count boxes, $shape: Taffy and Yoga ($peer_iterations iterations)" >&2
        "$venv/bin/python" "$here/boxes.py" peers "$tree" --iterations "$peer_iterations" \
            --output "$work/peers-$shape-$count.json"
        "$venv/bin/python" "$here/boxes.py" rows --count "$count" --shape "$shape" --ours "$ours" \
            --frames "$work/frames-$shape-$count.json" --peers "$work/peers-$shape-$count.json"
        if [ -n "$baseline" ]; then
            "$venv/bin/python" "$here/boxes.py" rows --count "$count" --shape "$shape" --ours "$base" \
                --frames "$work/baseline-frames-$shape-$count.json" --peers "$work/peers-$shape-$count.json" \
                --label "TypeLayout baseline"
        fi
    done
done
