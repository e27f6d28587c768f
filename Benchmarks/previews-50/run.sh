#!/usr/bin/env bash
# Issue 27's large case: 50 previews × 12 sizes × 10 languages through the preview command,
# release, as a team runs it (child-process probes, sheets, frames dumps, audit, gallery).
# Builds previews-50 (Benchmarks/Sources/previews-50), writes the catalog from the keys its
# previews look up (make_catalog.py: 10 pseudo-localised languages, one right to left), runs the
# whole command N times under /usr/bin/time and prints, per run, wall and CPU seconds, peak
# memory and the report's and gallery's sizes; the last run's report stays in
# Benchmarks/.build/previews-50/report.
#
#   Benchmarks/previews-50/run.sh [--runs N] [--binary PATH] [-- EXTRA_OPTIONS…]
#
# --binary times a previews-50 already built (another branch's, for a side-by-side run);
# options after -- go to the command (e.g. --in-process, --languages en,ar).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bench=$(cd "$here/.." && pwd)
work="$bench/.build/previews-50"
runs=1
binary=""
usage() { echo "usage: $0 [--runs N] [--binary PATH] [-- EXTRA_OPTIONS…]" >&2; exit 2; }
while [ $# -gt 0 ]; do
    case "$1" in
        --runs) [ $# -ge 2 ] || usage; runs=$2; shift ;;
        --binary) [ $# -ge 2 ] || usage; binary=$2; shift ;;
        --) shift; break ;;
        *) usage ;;
    esac
    shift
done
if [ -z "$binary" ]; then
    (cd "$bench" && swift build -c release --product previews-50 >&2)
    binary="$(cd "$bench" && swift build -c release --show-bin-path)/previews-50"
fi
[ -x "$binary" ] || { echo "run.sh: no program at $binary" >&2; exit 2; }
mkdir -p "$work"
"$binary" --keys > "$work/keys.txt"
python3 "$here/make_catalog.py" "$work/keys.txt" > "$work/Localizable.xcstrings"
echo "$(wc -l < "$work/keys.txt") keys, 10 languages: $work/Localizable.xcstrings" >&2
echo "| run | wall s | CPU s (user + sys) | peak RSS MB | report MB | gallery MB | gallery pictures | failing findings |"
echo "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
for run in $(seq 1 "$runs"); do
    rm -rf "$work/report"
    status=0
    /usr/bin/time -f "%e %U %S %M" -o "$work/time.txt" \
        "$binary" --catalogs "$work/Localizable.xcstrings" --report "$work/report" "$@" > "$work/output.txt" || status=$?
    # 1 is the audit's failures (expected: the pseudo-languages are long); 2 is a bad run.
    if [ "$status" -gt 1 ]; then cat "$work/output.txt" >&2; echo "run.sh: the command failed ($status)" >&2; exit 1; fi
    # GNU time writes "Command exited with non-zero status 1" first when the audit fails.
    read -r wall user sys rss < <(tail -1 "$work/time.txt")
    megabytes() { du -sb "$1" | awk '{ printf "%.1f", $1 / 1e6 }'; }
    pictures=$(find "$work/report/gallery/images" -type f | wc -l)
    failing=$(python3 -c 'import json, sys; print(sum(p["failingFindings"] for p in json.load(open(sys.argv[1]))))' "$work/report/previews.json")
    printf "| %d | %.1f | %.1f | %d | %s | %s | %d | %d |\n" "$run" "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024)) \
        "$(megabytes "$work/report")" "$(megabytes "$work/report/gallery")" "$pictures" "$failing"
done
tail -1 "$work/output.txt" >&2
