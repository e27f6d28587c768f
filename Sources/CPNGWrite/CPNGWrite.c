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

/// What one write needs besides the rows: the IHDR's colour type and depth, and a palette.
typedef struct {
    int color_type;
    int bit_depth;
    const uint8_t *palette_rgba;
    int palette_count;
} format;

/// Packs one row of one-byte palette indices into `bit_depth` bits a pixel, leftmost pixel in
/// the high bits, as PNG stores them.
static void pack_indices(const uint8_t *indices, uint8_t *row, uint32_t width, int bit_depth) {
    if (bit_depth == 8) {
        memcpy(row, indices, width);
        return;
    }
    int per_byte = 8 / bit_depth;
    size_t bytes = ((size_t)width * bit_depth + 7) / 8;
    memset(row, 0, bytes);
    for (uint32_t x = 0; x < width; x++) {
        int shift = 8 - bit_depth * (int)(x % per_byte + 1);
        row[x / per_byte] |= (uint8_t)(indices[x] << shift);
    }
}

/// The one libpng write: `rows` are read `source_stride` bytes apart and packed by `pack`
/// (NULL: written as they are) into a row of `row_bytes`.
static int encode(const uint8_t *rows, size_t source_stride, uint32_t width, uint32_t height, format format,
                  void (*pack)(const uint8_t *, uint8_t *, uint32_t, int), int pack_argument, size_t row_bytes,
                  int level, int strategy, size_t capacity, cpngwrite_output *output) {
    output->capacity = capacity < 1024 ? 1024 : capacity;
    output->bytes = malloc(output->capacity);
    // One packed row at a time, rather than a packed copy of the whole image.
    uint8_t *row = pack ? malloc(row_bytes + 1) : NULL;
    if (!output->bytes || (pack && !row)) {
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
    png_set_IHDR(png, info, width, height, format.bit_depth, format.color_type, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (format.palette_count > 0) {
        png_color colors[256];
        png_byte alphas[256];
        int last_translucent = -1;
        for (int i = 0; i < format.palette_count; i++) {
            colors[i].red = format.palette_rgba[4 * i];
            colors[i].green = format.palette_rgba[4 * i + 1];
            colors[i].blue = format.palette_rgba[4 * i + 2];
            alphas[i] = format.palette_rgba[4 * i + 3];
            if (alphas[i] != 255) last_translucent = i;
        }
        png_set_PLTE(png, info, colors, format.palette_count);
        // tRNS lists alphas up to the last translucent entry; the rest are opaque.
        if (last_translucent >= 0) png_set_tRNS(png, info, alphas, last_translucent + 1, NULL);
    }
    // What the simplified API wrote before: 8-bit values are sRGB-encoded.
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    // Rendered text is flat background and anti-aliased edges, which row filters only make
    // harder to compress, and trying them costs time.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, level);
    png_set_compression_strategy(png, strategy);
    png_write_info(png, info);
    for (uint32_t y = 0; y < height; y++) {
        const uint8_t *source = rows + (size_t)y * source_stride;
        if (pack) pack(source, row, width, pack_argument);
        png_write_row(png, pack ? row : source);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    return 1;
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
    format format = {color_types[channels], 8, NULL, 0};
    return encode(rgba, (size_t)width * 4, width, height, format, channels < 4 ? pack_row : NULL, channels,
                  (size_t)width * channels, level, strategy, capacity, output);
}

int cpngwrite_encode_indexed(const uint8_t *indices, uint32_t width, uint32_t height, int bit_depth,
                             const uint8_t *palette_rgba, int palette_count, int level, int strategy,
                             size_t capacity, cpngwrite_output *output) {
    memset(output, 0, sizeof *output);
    if (bit_depth != 1 && bit_depth != 2 && bit_depth != 4 && bit_depth != 8) {
        fail(output, "invalid bit depth");
        return 0;
    }
    if (palette_count < 1 || palette_count > (1 << bit_depth)) {
        fail(output, "invalid palette size");
        return 0;
    }
    format format = {PNG_COLOR_TYPE_PALETTE, bit_depth, palette_rgba, palette_count};
    return encode(indices, width, width, height, format, pack_indices, bit_depth, ((size_t)width * bit_depth + 7) / 8,
                  level, strategy, capacity, output);
}

void cpngwrite_output_free(cpngwrite_output *output) {
    free(output->bytes);
    output->bytes = NULL;
    output->count = output->capacity = 0;
}
