#!/usr/bin/env bash
# The hostile-input tests against a release render-cli, each CLI case held to 2 seconds (the
# tests themselves run in debug; the CLI does the same work as the library plus its start-up).
#
#   scripts/hostile.sh            # SCRATCH=.build-other scripts/hostile.sh to use another build folder
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
scratch=${SCRATCH:-.build}
swift build -c release --product render-cli --scratch-path "$scratch" >&2
swift build --build-tests --scratch-path "$scratch" >&2
TYPELAYOUT_RENDER_CLI="$PWD/$scratch/release/render-cli" TYPELAYOUT_CASE_SECONDS="${TYPELAYOUT_CASE_SECONDS:-2}" \
  swift test --skip-build --scratch-path "$scratch" --filter Hostile "$@"
