#!/usr/bin/env bash
# The main job with built-in defaults: the HAL 9000 label's font (Gillius ADF, the GillSans
# stand-in, 36 pt) scaled to all 12 content size categories, in both scaling modes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
swift build -c release --product render-cli >&2
for scaling in metrics apple; do
  echo "# scaling: $scaling"
  .build/release/render-cli metrics --categories all --scaling "$scaling" "$@"
done
