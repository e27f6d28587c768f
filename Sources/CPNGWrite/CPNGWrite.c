#include "CPNGWrite.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

static void fail(cpngwrite_output *output, const char *message) {
    strncpy(output->message, message ? message : "unknown libpng error", sizeof output->message - 1);
    output->message[sizeof output->message - 1] = 0;
}

/// libpng's error handler: keep the message (libpng's default would print it), then jump back
/// to cpngwrite_encode's setjmp. It must not return.
static void on_error(png_structp png, png_const_charp message) {
    fail(png_get_error_ptr(png), message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_write(png_structp png, png_bytep data, size_t count) {
    cpngwrite_output *output = png_get_io_ptr(png);
    if (count > output->capacity - output->count) {
        size_t capacity = output->capacity;
        while (count > capacity - output->count) {
            if (capacity > SIZE_MAX / 2) png_error(png, "PNG too large for memory");
            capacity *= 2;
        }
        uint8_t *grown = realloc(output->bytes, capacity);
        if (!grown) png_error(png, "out of memory");
        output->bytes = grown;
        output->capacity = capacity;
    }
    memcpy(output->bytes + output->count, data, count);
    output->count += count;
}

static void on_flush(png_structp png) { (void)png; }

/// Packs one RGBA row into `channels` bytes a pixel.
static void pack_row(const uint8_t *rgba, uint8_t *row, uint32_t width, int channels) {
    switch (channels) {
    case 1:
        for (uint32_t x = 0; x < width; x++) row[x] = rgba[4 * (size_t)x];
        break;
    case 2:
        for (uint32_t x = 0; x < width; x++) {
            row[2 * (size_t)x] = rgba[4 * (size_t)x];
            row[2 * (size_t)x + 1] = rgba[4 * (size_t)x + 3];
        }
        break;
    default:
        for (uint32_t x = 0; x < width; x++) memcpy(row + 3 * (size_t)x, rgba + 4 * (size_t)x, 3);
    }
}

int cpngwrite_encode(const uint8_t *rgba, uint32_t width, uint32_t height, int channels,
                     int level, int strategy, size_t capacity, cpngwrite_output *output) {
    static const int color_types[5] = {
        -1, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA,
    };
    memset(output, 0, sizeof *output);
    if (channels < 1 || channels > 4) {
        fail(output, "invalid channel count");
        return 0;
    }
    output->capacity = capacity < 1024 ? 1024 : capacity;
    output->bytes = malloc(output->capacity);
    // One packed row at a time, rather than a packed copy of the whole image.
    uint8_t *row = channels < 4 ? malloc((size_t)width * channels + 1) : NULL;
    if (!output->bytes || (channels < 4 && !row)) {
        free(row);
        cpngwrite_output_free(output);
        fail(output, "out of memory");
        return 0;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, output, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_write_struct(&png, NULL);
        free(row);
        cpngwrite_output_free(output);
        fail(output, "out of memory");
        return 0;
    }
    // Nothing set after this point is read after a longjmp, so no local needs `volatile`.
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(row);
        cpngwrite_output_free(output);
        return 0;
    }
    png_set_write_fn(png, output, on_write, on_flush);
    png_set_IHDR(png, info, width, height, 8, color_types[channels], PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // What the simplified API wrote before: 8-bit values are sRGB-encoded.
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    // Rendered text is flat background and anti-aliased edges, which row filters only make
    // harder to compress, and trying them costs time.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = rgba + (size_t)y * width * 4;
        if (row) pack_row(source, row, width, channels);
        png_write_row(png, row ? row : source);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
}

void cpngwrite_output_free(cpngwrite_output *output) {
    free(output->bytes);
    output->bytes = NULL;
    output->count = output->capacity = 0;
}
