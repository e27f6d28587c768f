#ifndef CUNICODE_H
#define CUNICODE_H
#include <stdint.h>
/* Plain-integer interface to ICU; see CUnicode.c. Filled in by the layout issue. */
int32_t cunicode_version(uint8_t out[4]);
#endif
