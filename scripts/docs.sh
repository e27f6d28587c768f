#!/usr/bin/env bash
# Builds the DocC documentation of TypeLayout, TypeLayoutRendering, TypeLayoutTesting, TypeLayoutScreens, TypeLayoutSwiftUI and TypeLayoutPreviewRunner (their
# catalogs in Sources/<Target>/<Target>.docc where they have one, and every public symbol's
# comment), with warnings as errors: an unresolved ``link`` or a parameter left undocumented fails it. Prints the archives' paths, under
# .build/. Installs nothing beyond what scripts/setup.sh does: swift-docc-plugin is a package
# dependency and docc ships with the toolchain. After scripts/test.sh's build: about 40 s the first
# time (the plugin's snippet tool builds), 20 s after.
#
# With --images, it retakes instead the README's pictures of the example settings app: the
# Settings tab's German sheet (docs/images/settings-app-sheet-de.png, scaled to 900 pixels wide,
# 256 colours) and its review gallery in headless Chromium (docs/images/settings-app-gallery.png),
# from one run of the app's preview command (debug build; about 2 minutes under load). Needs
# chromium and ImageMagick's convert; look at both pictures before committing them.
#
#   scripts/docs.sh [--images]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
if [ "${1:-}" = "--images" ]; then
    for tool in chromium convert; do
        command -v "$tool" >/dev/null || { echo "docs: --images needs $tool: install it with apt-get install chromium imagemagick" >&2; exit 1; }
    done
    swift build --product settings-app-previews >&2
    work="$(mktemp -d)"
    trap 'rm -rf "$work"' EXIT
    # Exit status 1: the audit has findings, which the gallery shows; 2 is an error.
    status=0
    .build/debug/settings-app-previews --catalogs Examples/swiftui/SettingsApp/Localizable.xcstrings --report "$work/app" \
        >"$work/previews.txt" || status=$?
    [ "$status" -le 1 ] || { cat "$work/previews.txt" >&2; echo "docs: the preview command exited $status" >&2; exit 1; }
    convert "$work/app/previews/SettingsApp_Previews.de.sheet.png" -resize 900x -colors 256 \
        PNG8:docs/images/settings-app-sheet-de.png
    python3 scripts/gallery-browser-check.py "$work/app/gallery" docs/images/settings-app-gallery.png >&2
    ls -l docs/images/settings-app-sheet-de.png docs/images/settings-app-gallery.png
    exit 0
fi
# One invocation for all targets: the plugin and the symbol graphs are built once.
swift package generate-documentation --target TypeLayout --target TypeLayoutRendering --target TypeLayoutTesting --target TypeLayoutScreens --target TypeLayoutSwiftUI --target TypeLayoutPreviewRunner --warnings-as-errors >&2
for target in TypeLayout TypeLayoutRendering TypeLayoutTesting TypeLayoutScreens TypeLayoutSwiftUI TypeLayoutPreviewRunner; do
    archive=".build/plugins/Swift-DocC/outputs/$target.doccarchive"
    test -d "$archive" || { echo "docs: no archive at $archive" >&2; exit 1; }
    echo "$archive"
done
