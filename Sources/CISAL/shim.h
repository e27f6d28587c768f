#include <isa-l/igzip_lib.h>

// The level buffer's size for igzip's level 1, a macro expression Swift doesn't import.
static inline unsigned int typelayout_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_DEFAULT; }
