#include <isa-l/igzip_lib.h>

// The level buffer's size for igzip's level 1, a macro expression Swift doesn't import: the
// small one (86 KB), as fast and as small on the sheets' rows as the default 282 KB, which
// every band would otherwise clear.
static inline unsigned int typelayout_isal_level1_buffer_size(void) { return ISAL_DEF_LVL1_SMALL; }
