#!/bin/sh
# Builds the floor (floor.c), the Pango in-process timer (../pango/pango-relayout.c) and a
# measurement-only fsync stub into
# Benchmarks/.build/c/. Needs libfreetype-dev libharfbuzz-dev libpng-dev (the floor) and
# libpango1.0-dev (the Pango timer); compare.sh installs them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out="$here/../.build/c"
mkdir -p "$out"
cc -O2 -Wall -o "$out/floor" "$here/floor.c" $(pkg-config --cflags --libs freetype2 harfbuzz libpng zlib)
cc -O2 -Wall -o "$out/pango-relayout" "$here/../pango/pango-relayout.c" $(pkg-config --cflags --libs pangocairo pangoft2 fontconfig)
# compare.sh's measurement-only variant: an fsync that does nothing, loaded with LD_PRELOAD to
# show what render-cli's durable PNG write (fsync of the file and its folder) costs.
printf '#include <unistd.h>\nint fsync(int fd) { (void)fd; return 0; }\n' > "$out/no-fsync.c"
cc -O2 -shared -fPIC -o "$out/no-fsync.so" "$out/no-fsync.c"
