#ifndef CHERMETICFONTS_H
#define CHERMETICFONTS_H

/// The fontconfig configuration file the test process uses (FONTCONFIG_FILE), set when the
/// process loaded; for the test that checks it.
const char *typelayout_test_fontconfig_file(void);

#endif
