#!/usr/bin/env bash
# TypeLayout against Pango (pango-view and libpango in process), hb-view and the C floor, on
# the benchmark label (Benchmarks/Sources/BenchCorpus/Corpus.swift) in the same font file,
# measured side by side in one run. Prints one Markdown table of medians and ratios.
#
#   Benchmarks/compare.sh [--rounds N] [--inprocess-rounds N] [--iterations N] [--no-install]
#
# Steps: install what is missing (apt-get, idempotent); build render-cli (release), the
# in-process timer (Benchmarks package, release), the floor and the Pango timer (C); write a
# private fontconfig configuration listing only the font file; run Benchmarks/compare.py.
# The table is also saved to Benchmarks/.build/compare/table.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/Benchmarks"
work="$bench/.build/compare"
font="$root/Fonts/LiberationSans-Regular.ttf"
install=1
passthrough=()
while [ $# -gt 0 ]; do
    case "$1" in
        --no-install) install=0; shift ;;
        --rounds|--inprocess-rounds|--iterations) passthrough+=("$1" "$2"); shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--inprocess-rounds N] [--iterations N] [--no-install]" >&2; exit 2 ;;
    esac
done

# 1. Packages (Debian): the peers, the C libraries the floor and the Pango timer build against,
#    and what render-cli itself builds against.
packages=(pango1.0-tools libharfbuzz-bin libpango1.0-dev libfreetype-dev libharfbuzz-dev libpng-dev libdeflate-dev
          libfontconfig-dev libicu-dev libyaml-dev libxml2-dev liblzma-dev fontconfig pkg-config python3 gcc hyperfine)
if [ "$install" = 1 ]; then
    missing=()
    for package in "${packages[@]}"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if [ ${#missing[@]} -gt 0 ]; then
        sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        echo "compare: installing ${missing[*]}" >&2
        $sudo apt-get update -qq
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
    fi
fi

# 2. Builds, all release. render-cli gets a scratch folder of its own so that a debug build in
#    .build is left alone.
echo "compare: building (release)" >&2
# render-cli as it ships (scripts/build.sh: static Swift runtime), and as a plain
# `swift build -c release` builds it (dynamic), shown as a variant.
render_cli=$(cd "$root" && scripts/build.sh --scratch-path "$root/.build-bench")
swift build -c release --package-path "$root" --scratch-path "$root/.build-bench-dynamic" --product render-cli >&2
swift build -c release --package-path "$bench" --product typelayout-inprocess >&2
"$bench/floor/build.sh"
inprocess="$(swift build -c release --package-path "$bench" --show-bin-path)/typelayout-inprocess"

# 3. A fontconfig configuration that knows only the benchmark font, for pango-view and libpango.
mkdir -p "$work/fonts" "$work/fontconfig-cache" "$work/out"
ln -sf "$font" "$work/fonts/"
cat > "$work/fonts.conf" <<EOF
<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">
<fontconfig>
  <dir>$work/fonts</dir>
  <cachedir>$work/fontconfig-cache</cachedir>
</fontconfig>
EOF
FONTCONFIG_FILE="$work/fonts.conf" fc-cache -f >/dev/null
listed=$(FONTCONFIG_FILE="$work/fonts.conf" fc-list : file)
if [ "$(printf '%s\n' "$listed" | wc -l)" != 1 ]; then
    echo "compare: the private fontconfig configuration should list one file, lists: $listed" >&2
    exit 1
fi

# 4. Measure.
echo "compare: measuring" >&2
python3 "$bench/compare.py" \
    --render-cli "$render_cli" --inprocess "$inprocess" \
    --render-cli-dynamic "$root/.build-bench-dynamic/release/render-cli" \
    --floor "$bench/.build/c/floor" --pango-relayout "$bench/.build/c/pango-relayout" \
    --font "$font" --fontconfig-file "$work/fonts.conf" --out "$work/out" \
    --screen "$root/Examples/screens/settings.yaml" \
    ${passthrough[@]+"${passthrough[@]}"} | tee "$work/table.md"
