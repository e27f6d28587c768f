#!/usr/bin/env bash
# The review gallery in a real browser, run by hand (not in CI: Debian's chromium is a few
# hundred MB to install; the suite's AuditGalleryTests check the page's structure instead).
# Installs chromium if missing, writes the report of a generated catalog (300 keys × 5
# languages) with the debug render-cli, and runs scripts/gallery-browser-check.py on it: no
# console errors, every filter changes what is shown, thumbnails and pager work. Leaves the
# screenshot at ${1:-out/audit-gallery.png}; look at it.
set -euo pipefail
cd "$(dirname "$0")/.."
screenshot="${1:-out/audit-gallery.png}"
scripts/setup.sh
if ! command -v chromium >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "gallery-browser-test: installing chromium" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
swift build --product render-cli >/dev/null
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
.build/debug/render-cli audit --generate-benchmark-catalog "$work/catalog.xcstrings" --benchmark-strings 300 >/dev/null
# Exit status 1: the catalog has failures, which is what the report shows.
.build/debug/render-cli audit "$work/catalog.xcstrings" --rules "$work/catalog.rules.json" --format json --quiet \
  --report "$work/report" >/dev/null || [ $? -eq 1 ]
mkdir -p "$(dirname "$screenshot")"
python3 scripts/gallery-browser-check.py "$work/report" "$screenshot"
