#include "CPreviewSection.h"

// The linker defines __start_/__stop_ symbols around a section whose name is a C identifier
// (GNU ld, gold and lld alike). Weak, so that a program without a single #Preview links too.
extern const char __start_typelayout_previews[] __attribute__((weak));
extern const char __stop_typelayout_previews[] __attribute__((weak));

const void *typelayout_previews_section_start(void) { return __start_typelayout_previews; }
const void *typelayout_previews_section_end(void) { return __stop_typelayout_previews; }
