#!/usr/bin/env bash
# Builds render-cli as it ships and prints the binary's path: release, with the Swift runtime
# and the C libraries that cost the most to load linked in statically (see scripts/ld-static-c),
# relative relocations packed (DT_RELR), generic metadata fetched without demangling (below),
# a fixed load address (scripts/ld-static-c: no relocating of its data). Each saves start-up work that a one-label render
# otherwise pays at every run (figures in BENCHMARKS.md): the Swift runtime's shared libraries
# ~14 M instructions; ICU, libstdc++, libxml2, libyaml and fontconfig 3.3 M and 110 page faults.
# lld links it: gold, the default, prints glibc's "mktemp is dangerous" link warning for a
# symbol inside the toolchain's static FoundationEssentials that nothing here calls.
#
#   scripts/build.sh [--scratch-path PATH]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="/opt/swift/usr/bin:$PATH"
for tool in swift pkg-config; do
    command -v "$tool" >/dev/null || { echo "build: $tool is not on PATH; run scripts/setup.sh first" >&2; exit 1; }
done
pkg-config --exists icu-uc || { echo "build: ICU's development files are missing; run scripts/setup.sh first" >&2; exit 1; }
scratch=.build
if [ "${1:-}" = "--scratch-path" ]; then scratch=$2; shift 2; fi

# The archives scripts/ld-static-c searches first, as links in a folder of their own (a
# library's folder also holds its shared object, which the linker would take instead).
archives="$scratch/static-c-archives"
rm -rf "$archives"
mkdir -p "$archives"
libdir=$(pkg-config --variable=libdir icu-uc)
shared=()
for library in icuuc icudata xml2 lzma yaml fontconfig expat deflate; do
    if [ -f "$libdir/lib$library.a" ]; then ln -s "$libdir/lib$library.a" "$archives/lib$library.a"; else shared+=("$library"); fi
done
libstdcxx=$("$(dirname "$(command -v swift)")/clang" -print-file-name=libstdc++.a)
if [ -f "$libstdcxx" ]; then ln -s "$libstdcxx" "$archives/libstdc++.a"; else shared+=("stdc++"); fi
# GCC's unwinder as an archive (what -static-libgcc links) instead of libgcc_s.so.1, which no other
# library render-cli loads needs (scripts/ld-static-c). Not with a shared libstdc++: it loads
# libgcc_s.so.1 all the same, and the process would carry two unwinders.
libgcc_eh=$("$(dirname "$(command -v swift)")/clang" -print-file-name=libgcc_eh.a)
if [ -f "$libgcc_eh" ] && [ -f "$libstdcxx" ]; then ln -s "$libgcc_eh" "$archives/libgcc_eh.a"; else shared+=("gcc_s"); fi
if [ ${#shared[@]} -gt 0 ]; then
    echo "build: no static archive for ${shared[*]}: linked shared (slower start; scripts/setup.sh installs them)" >&2
fi
export TYPELAYOUT_STATIC_C_DIR
TYPELAYOUT_STATIC_C_DIR=$(cd "$archives" && pwd)

# -disable-concrete-type-metadata-mangled-name-accessors: code that needs a generic type's
# metadata (an ArgumentParser `Option<Int?>`, a `Dictionary<Key, Face>`) calls its accessor with
# the conformances in hand, instead of handing the runtime a mangled name to decode, whose
# generic requirements it then checks by scanning every protocol conformance record of the
# binary: one label 19.8 M -> 16.3 M instructions, 0.60-0.61 -> 0.56-0.58 of pango-view's time.
# -function-sections (and -ffunction-sections for the C targets): each function in a section of
# its own, which scripts/ld-static-c places in the order a render touches them
# (scripts/render-cli.order; a Swift file's globals stay in its object's .data and .bss, which
# move whole, at their first named global): one label 430 -> 349 page faults.
swift build -c release --scratch-path "$scratch" --static-swift-stdlib \
    -Xswiftc -use-ld=lld -Xswiftc -ld-path="$PWD/scripts/ld-static-c" \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
    -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
    -Xlinker -z -Xlinker pack-relative-relocs --product render-cli >&2
# Sources/CArguments replaces the runtime's argv finder by defining the function it lives beside;
# a toolchain that renamed that function would link the finder back in without an error.
if nm "$scratch/release/render-cli" 2>/dev/null | grep -q argvGrabber; then
    echo "build: the Swift runtime's argv finder (/proc/self/maps at every start) is linked again: update Sources/CArguments for this toolchain" >&2
fi
# The linker skips the order's names that a change renamed or dropped without a word (a stale
# order costs page faults, never the build); say so once a tenth of them are gone.
if command -v nm >/dev/null; then
    gone=$(LC_ALL=C comm -13 <(nm --defined-only "$scratch/release/render-cli" | awk '{ print $3 }' | LC_ALL=C sort -u) \
        <(LC_ALL=C sort -u scripts/render-cli.order) | wc -l)
    if [ "$gone" -gt $(($(wc -l <scripts/render-cli.order) / 10)) ]; then
        echo "build: $gone of scripts/render-cli.order's names are not in render-cli: regenerate it with scripts/make-render-cli-order" >&2
    fi
fi
echo "$scratch/release/render-cli"
