#!/usr/bin/env bash
# Builds the DocC documentation of TypeLayout, TypeLayoutRendering, TypeLayoutTesting, TypeLayoutScreens, TypeLayoutSwiftUI and TypeLayoutPreviewRunner (their
# catalogs in Sources/<Target>/<Target>.docc where they have one, and every public symbol's
# comment), with warnings as errors: an unresolved ``link`` or a parameter left undocumented fails it. Prints the archives' paths, under
# .build/. Installs nothing beyond what scripts/setup.sh does: swift-docc-plugin is a package
# dependency and docc ships with the toolchain. After scripts/test.sh's build: about 40 s the first
# time (the plugin's snippet tool builds), 20 s after.
#
#   scripts/docs.sh
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
scripts/setup.sh
# One invocation for all targets: the plugin and the symbol graphs are built once.
swift package generate-documentation --target TypeLayout --target TypeLayoutRendering --target TypeLayoutTesting --target TypeLayoutScreens --target TypeLayoutSwiftUI --target TypeLayoutPreviewRunner --warnings-as-errors >&2
for target in TypeLayout TypeLayoutRendering TypeLayoutTesting TypeLayoutScreens TypeLayoutSwiftUI TypeLayoutPreviewRunner; do
    archive=".build/plugins/Swift-DocC/outputs/$target.doccarchive"
    test -d "$archive" || { echo "docs: no archive at $archive" >&2; exit 1; }
    echo "$archive"
done
