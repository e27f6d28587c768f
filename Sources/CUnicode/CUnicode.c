#include "CUnicode.h"
#include <unicode/uversion.h>

int32_t cunicode_version(uint8_t out[4]) {
    UVersionInfo info;
    u_getVersion(info);
    for (int i = 0; i < 4; i++) out[i] = info[i];
    return 0;
}
