#!/usr/bin/env bash
# The full differential run: installs Yoga's Python port in a virtual environment under
# .build, lays out 2,000 random trees (or $1) with it, and compares our frames with the
# test FlexDifferentialTests. The test suite itself reads the committed 600-tree fixture.
# --with-yoga-quirks as $2 also generates the features that trigger Yoga's known
# departures from CSS, to count them; TYPELAYOUT_FLEX_ERRATA=all runs Yoga with React Native's
# default errata instead of strict conformance (docs/flexbox.md, "Which Yoga: errata");
# TYPELAYOUT_FLEX_SHOWN=N prints the N smallest trees not yet classified.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
count="${1:-2000}"
venv=.build/flex-differential-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "yoga-layout-python==0.1.1"
fi
trees=".build/flex-differential-$count-${TYPELAYOUT_FLEX_ERRATA:-none}.json"
"$venv/bin/python" scripts/flex-differential.py --count "$count" --errata "${TYPELAYOUT_FLEX_ERRATA:-none}" \
  --output "$trees" ${2:+"$2"}
swift build --build-tests
TYPELAYOUT_FLEX_DIFFERENTIAL="$PWD/$trees" swift test --skip-build --filter FlexDifferentialTests 2>&1 \
  | grep -E '^flex differential|^case |^tree: |^ours: |^yoga: |✔|✘' || true
