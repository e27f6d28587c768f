// The test process's fontconfig configuration: Tests/fonts.conf, named by FONTCONFIG_FILE as
// the test executable loads, before any test (or fontconfig) runs. fontconfig reads the
// variable once, when first used, so it must be set before then; a test trait or a suite's
// setup could run after another test had already consulted the system fonts.
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "CHermeticFonts.h"

__attribute__((constructor)) static void typelayout_use_test_fontconfig(void) {
    // This file's absolute path, as SwiftPM compiles it: .../Tests/CHermeticFonts/HermeticFonts.c.
    const char *file = __FILE__;
    const char *slash = strrchr(file, '/');
    if (slash == NULL || file[0] != '/') return;
    char path[PATH_MAX];
    int length = snprintf(path, sizeof path, "%.*s/../fonts.conf", (int)(slash - file), file);
    if (length <= 0 || (size_t)length >= sizeof path) return;
    setenv("FONTCONFIG_FILE", path, 1);
}

const char *typelayout_test_fontconfig_file(void) { return getenv("FONTCONFIG_FILE"); }
