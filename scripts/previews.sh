#!/usr/bin/env bash
# Builds and tests the #Preview macro package (Previews/), which the main build leaves out:
# it compiles swift-syntax, several minutes of a clean debug build on 2 cores (README.md,
# "Previews are the checks"). Run by hand, or as its own CI step.
set -euo pipefail
cd "$(dirname "$0")/../Previews"
export PATH="/opt/swift/usr/bin:$PATH"
swift build --build-tests
swift test --skip-build "$@"
