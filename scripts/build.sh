#!/usr/bin/env bash
# Builds render-cli as it ships and prints the binary's absolute path: release, with the Swift
# runtime and the C libraries that cost the most to load linked in statically (see
# scripts/ld-static-c) and relative relocations packed (DT_RELR). Each saves start-up work that
# a one-label render otherwise pays at every run (figures in BENCHMARKS.md): the Swift runtime's
# shared libraries ~14 M instructions; ICU, libstdc++, libxml2, libyaml and fontconfig 3.3 M and
# 110 page faults. Nothing else: the binary is position-independent, and uses only documented
# compiler and linker options.
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

swift build -c release --scratch-path "$scratch" --static-swift-stdlib \
    -Xswiftc -use-ld=lld -Xswiftc -ld-path="$PWD/scripts/ld-static-c" \
    -Xlinker -z -Xlinker pack-relative-relocs --product render-cli >&2
echo "$(cd "$scratch/release" && pwd)/render-cli"
