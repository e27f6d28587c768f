#!/usr/bin/env bash
# TypeLayout against Pango (pango-view and libpango in process), hb-view and the C floor, on
# the benchmark label (Benchmarks/Sources/BenchCorpus/Corpus.swift) in the same font file,
# measured side by side in one run; the screen sheet, the audits (generated catalogs) and
# their peak memory against the goals of issue 18; the box layout against Taffy and Yoga
# (Benchmarks/boxes/compare-boxes.sh, when it is there); issue 26's SwiftUI stages (the settings
# screen in SwiftUI against its screen file, the list cell's golden check). Prints one Markdown
# table of medians and ratios.
#
#   Benchmarks/compare.sh [--rounds N] [--inprocess-rounds N] [--iterations N] [--slow-rounds N]
#                         [--no-install] [--long]
#
# --long adds the audit of a million strings (peak memory; minutes on this machine).
# TYPELAYOUT_BASELINE_RENDER_CLI=PATH adds that binary's one-label run beside this one's (an
# earlier commit's shipped render-cli, for a before-and-after in one run).
# Steps: install what is missing (apt-get, idempotent); build render-cli (release), the
# in-process timer (Benchmarks package, release), the floor and the Pango timer (C); write a
# private fontconfig configuration listing only the font file; generate the audit catalogs;
# run compare-boxes.sh, then Benchmarks/compare.py. The table is also saved to
# Benchmarks/.build/compare/table.md.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
bench="$root/Benchmarks"
work="$bench/.build/compare"
font="$root/Fonts/LiberationSans-Regular.ttf"
install=1
long=0
passthrough=()
while [ $# -gt 0 ]; do
    case "$1" in
        --no-install) install=0; shift ;;
        --long) long=1; shift ;;
        --rounds|--inprocess-rounds|--iterations|--slow-rounds)
            [ $# -ge 2 ] || { echo "compare: $1 needs a number" >&2; exit 2; }
            passthrough+=("$1" "$2"); shift 2 ;;
        *) echo "usage: $0 [--rounds N] [--inprocess-rounds N] [--iterations N] [--slow-rounds N] [--no-install] [--long]" >&2; exit 2 ;;
    esac
done

# 1. Packages (Debian): the peers, the C libraries the floor and the Pango timer build against,
#    and what render-cli itself builds against.
packages=(pango1.0-tools libharfbuzz-bin libpango1.0-dev libfreetype-dev libharfbuzz-dev libpng-dev libdeflate-dev libisal-dev
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

# 4. The audit catalogs, generated from their fixed seed (render-cli writes each catalog's rules
#    file beside it): the 300,000-layout benchmark (5,000 keys × 5 languages × 12 categories),
#    the real app's size for the review gallery (2,786 × 5 = 13,930 strings; the app in issue 16
#    has 733 keys × 19 languages = 13,927), and with --long a million strings.
mkdir -p "$work/catalogs"
catalog() {  # NAME KEYS
    [ -s "$work/catalogs/$1.xcstrings" ] ||
        "$render_cli" audit --generate-benchmark-catalog "$work/catalogs/$1.xcstrings" --benchmark-strings "$2" >/dev/null
}
catalog benchmark 5000
catalog gallery 2786
# The same catalog at about the real app's failure rate: the generated rules fail ten times as
# often as the app in issue 16, so its gallery row is measured with the calibrated rules too.
ln -sf gallery.xcstrings "$work/catalogs/gallery-real.xcstrings"
cp "$bench/app-real.rules.json" "$work/catalogs/gallery-real.rules.json"
if [ "$long" = 1 ]; then
    catalog million 200000
    passthrough+=(--million-catalog "$work/catalogs/million.xcstrings")
fi

# 5. The box layout against Taffy and Yoga: another script's rows (it installs its Python peers
#    unless --no-install), run before the other measurements rather than beside them.
boxes="$bench/boxes/compare-boxes.sh"
if [ -x "$boxes" ]; then
    echo "compare: box layout ($boxes)" >&2
    box_options=()
    [ "$install" = 1 ] || box_options+=(--no-install)
    # A failure there (peers not installed, frames that disagree) leaves its rows out, not the table.
    if "$boxes" ${box_options[@]+"${box_options[@]}"} > "$work/boxes.md"; then
        passthrough+=(--extra-rows "$work/boxes.md")
    else
        echo "compare: $boxes failed; no box layout rows" >&2
    fi
else
    echo "compare: $boxes is not there; no box layout rows" >&2
fi

# 6. Measure.
echo "compare: measuring" >&2
python3 "$bench/compare.py" \
    --render-cli "$render_cli" --inprocess "$inprocess" \
    --render-cli-dynamic "$root/.build-bench-dynamic/release/render-cli" \
    ${TYPELAYOUT_BASELINE_RENDER_CLI:+--render-cli-baseline "$TYPELAYOUT_BASELINE_RENDER_CLI"} \
    --floor "$bench/.build/c/floor" --pango-relayout "$bench/.build/c/pango-relayout" \
    --font "$font" --fontconfig-file "$work/fonts.conf" --out "$work/out" \
    --screen "$root/Examples/screens/settings.yaml" \
    --audit-catalog "$work/catalogs/benchmark.xcstrings" --gallery-catalog "$work/catalogs/gallery.xcstrings" \
    --gallery-real-catalog "$work/catalogs/gallery-real.xcstrings" \
    ${passthrough[@]+"${passthrough[@]}"} | tee "$work/table.md"
