#!/usr/bin/env bash
# Builds render-cli as it ships: release, with the Swift runtime linked in statically, and
# prints the binary's path. Static linking saves the dynamic loader's work at every start
# (relocating the Swift runtime's shared libraries: ~14 M instructions, the biggest single
# cost of a one-label render; see BENCHMARKS.md). lld links it: gold, the default, prints
# glibc's "mktemp is dangerous" link warning for a symbol inside the toolchain's static
# FoundationEssentials that nothing here calls.
#
#   scripts/build.sh [--scratch-path PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; shift 2; fi
swift build -c release --scratch-path "$scratch" --static-swift-stdlib -Xswiftc -use-ld=lld --product render-cli >&2
echo "$scratch/release/render-cli"
