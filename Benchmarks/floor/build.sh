#!/bin/sh
# Builds the floor (floor.c) and the Pango in-process timer (../pango/pango-relayout.c) into
# Benchmarks/.build/c/. Needs libfreetype-dev libharfbuzz-dev libpng-dev (the floor) and
# libpango1.0-dev (the Pango timer); compare.sh installs them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../.build/c"
mkdir -p "$out"
cc -O2 -Wall -o "$out/floor" "$here/floor.c" $(pkg-config --cflags --libs freetype2 harfbuzz libpng zlib)
cc -O2 -Wall -o "$out/pango-relayout" "$here/../pango/pango-relayout.c" $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig)
