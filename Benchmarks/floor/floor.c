/*
 * The floor: only the work that cannot be avoided to turn the benchmark label into a PNG,
 * with the same libraries TypeLayout uses, and nothing else.
 *
 *   HarfBuzz shapes the whole text once (font units, like TypeLayout's shaping);
 *   lines wrap greedily at spaces from the shaped advances (no UAX #14, no bidi, no fallback);
 *   FreeType renders each distinct glyph once (unhinted, 8-bit grey, whole-pixel positions);
 *   coverage is blended into an RGBA canvas (black on white);
 *   libpng writes it as PNGCodec does for grey pixels: 8-bit greyscale (the red byte of each
 *   pixel: the floor knows its black-on-white canvas is grey, where PNGCodec must check), sRGB
 *   chunk, no row filters, zlib's Z_RLE strategy, through the full write API.
 *
 * Geometry matches render-cli's: size × scale pixels per em, the wrap width plus 8 pt of
 * padding on each side, lines as tall as the hhea ascender − descender + line gap.
 *
 *   floor FONT OUT.png [--scale S] [--size PT] [--width PT] [--text T] [--sheet]
 *       whole process: load the font, do the job once, write OUT.png
 *   floor FONT --time [--iterations N] [--warmup N] [--only STAGE] [--scale S] ...
 *       in process, by the same method as typelayout-inprocess: each stage runs `warmup`
 *       times untimed, then `iterations` times, each timed alone with CLOCK_MONOTONIC;
 *       prints "stage<TAB>median µs<TAB>p90 µs<TAB>iterations"
 *
 * --sheet does the 12 Dynamic Type sizes of body (14 … 53 pt) into one image, 4 columns.
 *
 * Build: see build.sh beside this file.
 */
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#include <png.h>
#include <setjmp.h>
#include <zlib.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *text =
    "Your photos and videos are stored in iCloud, so you can see them on all your devices "
    "and free up space on this iPhone.";
static double point_size = 17, wrap_width = 320, padding = 8;
static int scale = 1;
static const double sheet_sizes[12] = {14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53};

static FT_Library library;
static FT_Face ft_face;
static hb_font_t *hb_font;
static double upem, ascender, descender, line_gap;

/* Shaped text, font units. */
typedef struct {
    unsigned count;
    uint32_t *glyph;
    int32_t *advance, *x_offset, *y_offset;
    uint8_t *is_space;
} shaped_t;

/* A line: glyphs [start, end). */
typedef struct { unsigned start, end; } line_t;

typedef struct { int width, height, left, top; uint8_t *bits; } bitmap_t;

typedef struct { int width, height; uint8_t *pixels; } canvas_t;

static void die(const char *what) { fprintf(stderr, "floor: %s\n", what); exit(1); }

static void load_font(const char *path) {
    if (FT_Init_FreeType(&library)) die("FT_Init_FreeType");
    if (FT_New_Face(library, path, 0, &ft_face)) die("can't open the font");
    hb_blob_t *blob = hb_blob_create_from_file(path);
    hb_face_t *face = hb_face_create(blob, 0);
    hb_font = hb_font_create(face);
    upem = hb_face_get_upem(face);
    hb_font_set_scale(hb_font, (int)upem, (int)upem);
    hb_face_destroy(face);
    hb_blob_destroy(blob);
    hb_font_extents_t extents;
    hb_font_get_h_extents(hb_font, &extents); /* hhea (or typo metrics when USE_TYPO_METRICS) */
    ascender = extents.ascender;
    descender = extents.descender;
    line_gap = extents.line_gap;
}

static void shape(shaped_t *out) {
    hb_buffer_t *buffer = hb_buffer_create();
    hb_buffer_add_utf8(buffer, text, -1, 0, -1);
    hb_buffer_guess_segment_properties(buffer);
    hb_shape(hb_font, buffer, NULL, 0);
    unsigned count;
    hb_glyph_info_t *info = hb_buffer_get_glyph_infos(buffer, &count);
    hb_glyph_position_t *pos = hb_buffer_get_glyph_positions(buffer, &count);
    out->count = count;
    out->glyph = malloc(count * sizeof *out->glyph);
    out->advance = malloc(count * sizeof *out->advance);
    out->x_offset = malloc(count * sizeof *out->x_offset);
    out->y_offset = malloc(count * sizeof *out->y_offset);
    out->is_space = malloc(count);
    for (unsigned i = 0; i < count; i++) {
        out->glyph[i] = info[i].codepoint;
        out->advance[i] = pos[i].x_advance;
        out->x_offset[i] = pos[i].x_offset;
        out->y_offset[i] = pos[i].y_offset;
        out->is_space[i] = text[info[i].cluster] == ' ';
    }
    hb_buffer_destroy(buffer);
}

static void free_shaped(shaped_t *s) {
    free(s->glyph); free(s->advance); free(s->x_offset); free(s->y_offset); free(s->is_space);
}

/* Greedy wrap at spaces; trailing spaces hang. Returns the number of lines. */
static unsigned wrap(const shaped_t *s, double size, line_t *lines) {
    double k = size / upem, max = wrap_width / k; /* compare in font units */
    unsigned count = 0, start = 0, last_break = 0;
    double width = 0;
    for (unsigned i = 0; i < s->count; i++) {
        if (s->is_space[i]) last_break = i + 1;
        width += s->advance[i];
        if (!s->is_space[i] && width > max && last_break > start) {
            lines[count++] = (line_t){start, last_break};
            start = last_break;
            width = 0;
            for (unsigned j = start; j <= i; j++) width += s->advance[j];
        }
    }
    if (start < s->count) lines[count++] = (line_t){start, s->count};
    return count;
}

static double line_height(double size) { return (ascender - descender + line_gap) * size / upem; }

static void canvas_init(canvas_t *c, int width, int height) {
    c->width = width;
    c->height = height;
    c->pixels = malloc((size_t)width * height * 4);
    memset(c->pixels, 0xFF, (size_t)width * height * 4);
}

/* Black coverage over the canvas, clipped. */
static void composite(canvas_t *c, const bitmap_t *b, int x, int y) {
    for (int row = 0; row < b->height; row++) {
        int cy = y + row;
        if (cy < 0 || cy >= c->height) continue;
        const uint8_t *src = b->bits + (size_t)row * b->width;
        uint8_t *dst = c->pixels + ((size_t)cy * c->width) * 4;
        for (int col = 0; col < b->width; col++) {
            int cx = x + col;
            unsigned cov = src[col];
            if (cov == 0 || cx < 0 || cx >= c->width) continue;
            uint8_t *p = dst + (size_t)cx * 4;
            unsigned keep = 255 - cov;
            p[0] = (uint8_t)((p[0] * keep + 127) / 255);
            p[1] = (uint8_t)((p[1] * keep + 127) / 255);
            p[2] = (uint8_t)((p[2] * keep + 127) / 255);
        }
    }
}

/* Renders the lines at `size` with the layout's top-left at (x0, y0) pixels: each distinct
 * glyph rendered once, into a table freed at the end. */
static void draw(canvas_t *c, const shaped_t *s, const line_t *lines, unsigned line_count, double size,
                 int x0, int y0) {
    double pixels_per_em = size * scale, k = pixels_per_em / upem;
    FT_Set_Char_Size(ft_face, 0, (FT_F26Dot6)(pixels_per_em * 64 + 0.5), 72, 72);
    unsigned glyph_count = (unsigned)ft_face->num_glyphs;
    bitmap_t **rendered = calloc(glyph_count, sizeof *rendered);
    double baseline = y0 + ascender * k;
    double step = line_height(size) * scale;
    for (unsigned l = 0; l < line_count; l++, baseline += step) {
        double pen = x0;
        int y = (int)(baseline + 0.5);
        for (unsigned i = lines[l].start; i < lines[l].end; i++) {
            uint32_t g = s->glyph[i];
            if (!rendered[g]) {
                if (FT_Load_Glyph(ft_face, g, FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP)) die("FT_Load_Glyph");
                if (FT_Render_Glyph(ft_face->glyph, FT_RENDER_MODE_NORMAL)) die("FT_Render_Glyph");
                FT_Bitmap *bm = &ft_face->glyph->bitmap;
                bitmap_t *b = malloc(sizeof *b + (size_t)bm->width * bm->rows);
                b->width = (int)bm->width;
                b->height = (int)bm->rows;
                b->left = ft_face->glyph->bitmap_left;
                b->top = ft_face->glyph->bitmap_top;
                b->bits = (uint8_t *)(b + 1);
                for (unsigned row = 0; row < bm->rows; row++)
                    memcpy(b->bits + row * bm->width, bm->buffer + (long)row * bm->pitch, bm->width);
                rendered[g] = b;
            }
            bitmap_t *b = rendered[g];
            int x = (int)(pen + s->x_offset[i] * k + 0.5);
            if (b->width) composite(c, b, x + b->left, y - (int)(s->y_offset[i] * k + 0.5) - b->top);
            pen += s->advance[i] * k;
        }
    }
    for (unsigned g = 0; g < glyph_count; g++) free(rendered[g]);
    free(rendered);
}

static int px(double points) { return (int)(points * scale + 0.999999); }

/* One label: the canvas is (width + 2 padding) × (height + 2 padding). */
static void label(canvas_t *c, const shaped_t *s) {
    line_t lines[256];
    unsigned count = wrap(s, point_size, lines);
    canvas_init(c, px(wrap_width + 2 * padding), px(count * line_height(point_size) + 2 * padding));
    draw(c, s, lines, count, point_size, (int)(padding * scale), (int)(padding * scale));
}

/* The 12 sizes in a grid of 4 columns with 12 pt gaps. */
static void sheet(canvas_t *c, const shaped_t *s) {
    line_t lines[12][256];
    unsigned counts[12];
    int cell_w = px(wrap_width + 2 * padding), gap = px(12), cell_h[12], row_h[3] = {0, 0, 0};
    for (int i = 0; i < 12; i++) {
        counts[i] = wrap(s, sheet_sizes[i], lines[i]);
        cell_h[i] = px(counts[i] * line_height(sheet_sizes[i]) + 2 * padding);
        if (cell_h[i] > row_h[i / 4]) row_h[i / 4] = cell_h[i];
    }
    canvas_init(c, gap + 4 * (cell_w + gap), gap + row_h[0] + row_h[1] + row_h[2] + 3 * gap);
    int top = gap;
    for (int r = 0; r < 3; r++) {
        for (int col = 0; col < 4; col++) {
            int i = r * 4 + col;
            draw(c, s, lines[i], counts[i], sheet_sizes[i], gap + col * (cell_w + gap) + (int)(padding * scale),
                 top + (int)(padding * scale));
        }
        top += row_h[r] + gap;
    }
}

/* PNG output: a growing buffer. */
typedef struct { uint8_t *bytes; size_t count, capacity; } output_t;

static void write_bytes(png_structp png, png_bytep data, size_t count) {
    output_t *o = png_get_io_ptr(png);
    if (o->count + count > o->capacity) {
        while (o->count + count > o->capacity) o->capacity *= 2;
        if (!(o->bytes = realloc(o->bytes, o->capacity))) die("out of memory");
    }
    memcpy(o->bytes + o->count, data, count);
    o->count += count;
}

static void flush_nothing(png_structp png) { (void)png; }

/* Encodes the canvas as PNGCodec encodes a grey image; `grey` holds width × height bytes. */
static void encode(const canvas_t *c, uint8_t *grey, output_t *o) {
    size_t n = (size_t)c->width * c->height;
    for (size_t i = 0; i < n; i++) grey[i] = c->pixels[i * 4];
    o->count = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png_create_info_struct(png);
    if (!png || !info || setjmp(png_jmpbuf(png))) die("libpng failed");
    png_set_write_fn(png, o, write_bytes, flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)c->width, (png_uint_32)c->height, 8, PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_set_sRGB(png, info, PNG_sRGB_INTENT_PERCEPTUAL);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    png_set_compression_level(png, 2);
    png_set_compression_strategy(png, Z_RLE);
    png_write_info(png, info);
    for (int y = 0; y < c->height; y++) png_write_row(png, grey + (size_t)y * c->width);
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
}

static uint64_t now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int iterations = 200, warmup = 20;
static uint64_t *samples;

static void report(const char *name) {
    qsort(samples, (size_t)iterations, sizeof *samples, compare);
    uint64_t median = samples[iterations / 2], p90 = samples[iterations * 9 / 10 < iterations ? iterations * 9 / 10 : iterations - 1];
    printf("%s\t%.3f\t%.3f\t%d\n", name, median / 1000.0, p90 / 1000.0, iterations);
}

static const char *only; /* --only STAGE: run one stage, for profiling */

#define STAGE(name, body)                                                    \
    do {                                                                     \
        if (only && strcmp(only, name)) break;                               \
        for (int i_ = 0; i_ < warmup; i_++) { body; }                        \
        for (int i_ = 0; i_ < iterations; i_++) {                            \
            uint64_t t_ = now();                                             \
            body;                                                            \
            samples[i_] = now() - t_;                                        \
        }                                                                    \
        report(name);                                                        \
    } while (0)

int main(int argc, char **argv) {
    const char *font = NULL, *out = NULL;
    int timing = 0, want_sheet = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--scale") && i + 1 < argc) scale = atoi(argv[++i]);
        else if (!strcmp(a, "--size") && i + 1 < argc) point_size = atof(argv[++i]);
        else if (!strcmp(a, "--width") && i + 1 < argc) wrap_width = atof(argv[++i]);
        else if (!strcmp(a, "--text") && i + 1 < argc) text = argv[++i];
        else if (!strcmp(a, "--iterations") && i + 1 < argc) iterations = atoi(argv[++i]);
        else if (!strcmp(a, "--warmup") && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (!strcmp(a, "--time")) timing = 1;
        else if (!strcmp(a, "--only") && i + 1 < argc) only = argv[++i];
        else if (!strcmp(a, "--sheet")) want_sheet = 1;
        else if (!font) font = a;
        else if (!out) out = a;
        else die("usage: floor FONT OUT.png [--scale S] [--size PT] [--width PT] [--text T] [--sheet] | floor FONT --time");
    }
    if (!font || (!timing && !out) || scale < 1 || iterations < 1) die("usage: floor FONT OUT.png | floor FONT --time");
    load_font(font);

    if (!timing) {
        shaped_t s;
        canvas_t c;
        shape(&s);
        if (want_sheet) sheet(&c, &s); else label(&c, &s);
        output_t o = {malloc(65536), 0, 65536};
        uint8_t *grey = malloc((size_t)c.width * c.height);
        encode(&c, grey, &o);
        FILE *file = fopen(out, "wb");
        if (!file || fwrite(o.bytes, 1, o.count, file) != o.count || fclose(file)) die("can't write the PNG");
        return 0;
    }

    samples = malloc((size_t)iterations * sizeof *samples);
    shaped_t s;
    line_t lines[256];
    canvas_t c;
    shape(&s);
    sheet(&c, &s); /* the largest image, to size the buffers */
    output_t o = {malloc((size_t)c.width * c.height + 65536), 0, (size_t)c.width * c.height + 65536};
    uint8_t *grey = malloc((size_t)c.width * c.height);
    free(c.pixels);
    label(&c, &s);

    /* Shaping and wrapping: what a layout cannot avoid. */
    STAGE("shape", { shaped_t t; shape(&t); free_shaped(&t); });
    STAGE("layout", { shaped_t t; shape(&t); wrap(&t, point_size, lines); free_shaped(&t); });
    STAGE("sweep12", {
        shaped_t t; shape(&t);
        for (int k = 0; k < 12; k++) wrap(&t, sheet_sizes[k], lines);
        free_shaped(&t);
    });
    /* Each distinct glyph rendered once, composited on a new canvas. */
    STAGE("raster", { canvas_t d; label(&d, &s); free(d.pixels); });
    STAGE("png", { encode(&c, grey, &o); });
    STAGE("pipeline", {
        shaped_t t; canvas_t d; shape(&t); label(&d, &t); encode(&d, grey, &o); free(d.pixels); free_shaped(&t);
    });
    STAGE("sheet", {
        shaped_t t; canvas_t d; shape(&t); sheet(&d, &t); encode(&d, grey, &o); free(d.pixels); free_shaped(&t);
    });
    return 0;
}
