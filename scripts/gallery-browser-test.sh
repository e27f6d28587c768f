#!/usr/bin/env bash
# The review gallery in a real browser: writes the report of a generated catalog (300 keys × 5
# languages) with render-cli ($TYPELAYOUT_RENDER_CLI if set, as for the command-line tests;
# else the debug build) and runs scripts/gallery-browser-check.py on it in
# headless Chromium: no console errors, every filter changes what is shown, thumbnails and
# pager work, Japanese text is drawn with a CJK font (fonts-vlgothic, installed if none is); then
# a mixed run of strings and screens with an unreadable screen file, whose page must show the
# input error first and count the screens. Leaves the screenshots at SCREENSHOT (default
# out/audit-gallery.png) and SCREENSHOT less .png plus -mixed.png; look at them.
#
#   scripts/gallery-browser-test.sh [--ci] [SCREENSHOT]
#   scripts/gallery-browser-test.sh --install-only
#
# CI (.ci/run) passes --ci: Debian's chromium is installed if missing (apt-get, as root or
# through sudo; 24 packages, 117 MB to download) and every step of the check is required (a
# filter with nothing to choose fails). Without it, a machine with no chromium gets one line
# saying so and exit status 0, so a local run never fails for want of a browser. --install-only
# installs chromium and the CJK font if missing and stops: CI downloads them while it builds.
set -euo pipefail
cd "$(dirname "$0")/.."
ci=0
install_only=0
if [ "${1:-}" = "--ci" ]; then ci=1; shift; fi
if [ "${1:-}" = "--install-only" ] && [ $# -eq 1 ]; then ci=1; install_only=1; shift; fi
if [ $# -gt 1 ] || [[ "${1:-}" == -* ]]; then
    echo "usage: scripts/gallery-browser-test.sh [--ci] [SCREENSHOT.png] | --install-only" >&2
    exit 2
fi
screenshot="${1:-out/audit-gallery.png}"
export PATH="/opt/swift/usr/bin:$PATH"
if ! command -v chromium >/dev/null; then
    if [ "$ci" = 0 ]; then
        echo "gallery-browser-test: skipped, chromium is not installed (apt-get install chromium, or pass --ci to install it; CI requires it)"
        exit 0
    fi
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "gallery-browser-test: installing chromium" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
# The page's text is drawn by Chromium with the system's fonts: without a CJK font its
# Japanese findings show as boxes, and the check requires one (fonts-vlgothic: 4 MB).
if ! fc-list :lang=ja family | grep -q .; then
    sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    echo "gallery-browser-test: installing fonts-vlgothic" >&2
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends fonts-vlgothic >/dev/null
fi
[ "$install_only" = 1 ] && exit 0
scripts/setup.sh
render_cli="${TYPELAYOUT_RENDER_CLI:-}"
if [ -z "$render_cli" ]; then
    swift build --product render-cli >/dev/null
    render_cli=.build/debug/render-cli
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$render_cli" audit --generate-benchmark-catalog "$work/catalog.xcstrings" --benchmark-strings 300 >/dev/null
# Exit status 1: the catalog has failures, which is what the report shows; anything else fails.
status=0
"$render_cli" audit "$work/catalog.xcstrings" --rules "$work/catalog.rules.json" --format json --quiet \
    --report "$work/report" >/dev/null || status=$?
if [ "$status" -ne 1 ]; then
    echo "gallery-browser-test: render-cli audit exited $status, expected 1 (failures found)" >&2
    exit 1
fi
mkdir -p "$(dirname "$screenshot")"
strict=()
[ "$ci" = 1 ] && strict=(--strict)
python3 scripts/gallery-browser-check.py "$work/report" "$screenshot" "${strict[@]}"

# A mixed run, strings and screens, with a screen file that doesn't parse: the page must say
# the input could not be read, first, and count the screens' findings in its summary.
fixtures=Tests/TypeLayoutAuditTests/Fixtures/broken-screens
printf 'device: { width: 390, height: 844 }\nroot:\n  role: buton\n' > "$work/unreadable.yaml"
status=0
"$render_cli" audit "$fixtures/Screens.xcstrings" "$fixtures/05-small-close-button.yaml" "$fixtures/02-german-button-row.yaml" \
    "$work/unreadable.yaml" --width 10000 --format json --quiet --report "$work/mixed" >/dev/null 2>&1 || status=$?
if [ "$status" -ne 1 ]; then
    echo "gallery-browser-test: the mixed render-cli audit exited $status, expected 1" >&2
    exit 1
fi
python3 scripts/gallery-browser-check.py "$work/mixed" "${screenshot%.png}-mixed.png" --input-errors 1 --summary-has "screen findings"
