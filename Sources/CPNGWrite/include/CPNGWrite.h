#ifndef CPNGWRITE_H
#define CPNGWRITE_H

// libpng's full write API reports errors by longjmp, which must not cross Swift frames, so
// the whole write runs here, in C, under one setjmp. PNGCodec.swift decides what to write
// (colour type, zlib settings); this only drives libpng. No libpng type appears here.

#include <stddef.h>
#include <stdint.h>

/// A PNG in memory: `bytes` (malloc'd, `count` used) on success, or libpng's message on
/// failure. Free with `cpngwrite_output_free`.
typedef struct {
    uint8_t *bytes;
    size_t count;
    size_t capacity;
    char message[160];
} cpngwrite_output;

/// Encodes `height` rows of `width` RGBA8 pixels (`width` × 4 bytes a row, no padding) as a PNG
/// of `channels` 8-bit channels, tagged sRGB: 1 writes each pixel's red byte as grey, 2 red
/// and alpha as grey + alpha, 3 RGB, 4 RGBA (the caller has checked that the narrower types
/// lose nothing). No row filters; zlib's `level` and `strategy`. `capacity` is a first guess
/// of the PNG's size. Returns 1 on success, 0 with `output->message` set on failure.
int cpngwrite_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int channels,
                     int level, int strategy, size_t capacity, cpngwrite_output *output);

/// Encodes `height` rows of `width` palette indices (one byte a pixel, no padding) as a palette
/// PNG of `bit_depth` bits a pixel (1, 2, 4 or 8; each index below `palette_count`), whose
/// palette is `palette_count` RGBA8 entries (`palette_rgba`, 4 bytes each; alpha goes to tRNS
/// when any is below 255), tagged sRGB, no row filters, zlib's `level` and `strategy`.
/// Returns 1 on success, 0 with `output->message` set on failure.
int cpngwrite_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth,
                             const uint8_t *palette_rgba, int palette_count, int level, int strategy,
                             size_t capacity, cpngwrite_output *output);

void cpngwrite_output_free(cpngwrite_output *output);

#endif
