/*
 * Pango in process, for compare.sh: the benchmark label laid out (and drawn) by Pango with
 * the settings compare.sh gives pango-view (72 dpi, no hinting, unhinted metrics, subpixel
 * positions, word wrap at 320 pt), timed by the same method as typelayout-inprocess and the
 * floor: each stage runs `warmup` times untimed, then `iterations` times, each timed alone with
 * CLOCK_MONOTONIC; prints "stage<TAB>median µs<TAB>p90 µs<TAB>iterations".
 *
 * Fonts come from fontconfig: run it with FONTCONFIG_FILE pointing at a configuration that
 * lists only the benchmark's font file (compare.sh writes one), as pango-view is run.
 *
 *   pango-relayout [--iterations N] [--warmup N] [--font "Liberation Sans"] [--text T]
 *
 * Stages:
 *   relayout   pango_layout_context_changed + extents: the same layout laid out again
 *              (Pango keeps no shaping across relayouts, so this itemizes, shapes and breaks)
 *   layout     a new PangoLayout with text, font and width, then its extents
 *   sweep12    one layout at the 12 Dynamic Type sizes of body (14 … 53 pt), extents each
 *   pipeline   a new layout drawn by cairo into a new image surface and written as PNG to memory
 */
#include <pango/pangocairo.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *text =
    "Your photos and videos are stored in iCloud, so you can see them on all your devices "
    "and free up space on this iPhone.";
static const char *family = "Liberation Sans";
static const double sizes[12] = {14, 15, 16, 17, 19, 21, 23, 28, 33, 40, 47, 53};
static int iterations = 200, warmup = 20;
static uint64_t *samples;
static PangoContext *context;

static uint64_t now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void report(const char *name) {
    qsort(samples, (size_t)iterations, sizeof *samples, compare);
    int p90 = iterations * 9 / 10 < iterations ? iterations * 9 / 10 : iterations - 1;
    printf("%s\t%.3f\t%.3f\t%d\n", name, samples[iterations / 2] / 1000.0, samples[p90] / 1000.0, iterations);
}

#define STAGE(name, body)                                                    \
    do {                                                                     \
        for (int i_ = 0; i_ < warmup; i_++) { body; }                        \
        for (int i_ = 0; i_ < iterations; i_++) {                            \
            uint64_t t_ = now();                                             \
            body;                                                            \
            samples[i_] = now() - t_;                                        \
        }                                                                    \
        report(name);                                                        \
    } while (0)

static PangoFontDescription *font_at(double size) {
    PangoFontDescription *d = pango_font_description_from_string(family);
    pango_font_description_set_size(d, (int)(size * PANGO_SCALE));
    return d;
}

static PangoLayout *new_layout(double size) {
    PangoLayout *layout = pango_layout_new(context);
    PangoFontDescription *d = font_at(size);
    pango_layout_set_font_description(layout, d);
    pango_font_description_free(d);
    pango_layout_set_width(layout, 320 * PANGO_SCALE);
    pango_layout_set_wrap(layout, PANGO_WRAP_WORD);
    pango_layout_set_text(layout, text, -1);
    return layout;
}

static cairo_status_t sink(void *closure, const unsigned char *data, unsigned int length) {
    (void)data;
    *(size_t *)closure += length;
    return CAIRO_STATUS_SUCCESS;
}

static void pipeline(void) {
    PangoLayout *layout = new_layout(17);
    PangoRectangle ink, logical;
    pango_layout_get_pixel_extents(layout, &ink, &logical);
    /* pango-view's default margin is 10 px on each side. */
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 320 + 20, logical.height + 20);
    cairo_t *cr = cairo_create(surface);
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    cairo_set_source_rgb(cr, 0, 0, 0);
    cairo_move_to(cr, 10, 10);
    pango_cairo_update_context(cr, context);
    pango_cairo_show_layout(cr, layout);
    cairo_destroy(cr);
    size_t bytes = 0;
    cairo_surface_write_to_png_stream(surface, sink, &bytes);
    cairo_surface_destroy(surface);
    g_object_unref(layout);
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--iterations") && i + 1 < argc) iterations = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--warmup") && i + 1 < argc) warmup = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--font") && i + 1 < argc) family = argv[++i];
        else if (!strcmp(argv[i], "--text") && i + 1 < argc) text = argv[++i];
        else { fprintf(stderr, "usage: pango-relayout [--iterations N] [--warmup N] [--font FAMILY] [--text T]\n"); return 2; }
    }
    if (iterations < 1) return 2;
    samples = malloc((size_t)iterations * sizeof *samples);

    PangoFontMap *map = pango_cairo_font_map_new();
    pango_cairo_font_map_set_resolution(PANGO_CAIRO_FONT_MAP(map), 72);
    context = pango_font_map_create_context(map);
    cairo_font_options_t *options = cairo_font_options_create();
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
    cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY);
    pango_cairo_context_set_font_options(context, options);
    cairo_font_options_destroy(options);
    pango_context_set_round_glyph_positions(context, FALSE);

    PangoLayout *layout = new_layout(17);
    PangoRectangle logical;
    pango_layout_get_extents(layout, NULL, &logical);
    PangoFontDescription *d = font_at(17);
    PangoFont *font = pango_font_map_load_font(map, context, d);
    PangoFontDescription *loaded = pango_font_describe(font);
    fprintf(stderr, "pango-relayout: %s, %d lines at 17 pt\n", pango_font_description_to_string(loaded),
            pango_layout_get_line_count(layout));

    STAGE("relayout", {
        pango_layout_context_changed(layout);
        pango_layout_get_extents(layout, NULL, &logical);
    });
    STAGE("layout", {
        PangoLayout *l = new_layout(17);
        pango_layout_get_extents(l, NULL, &logical);
        g_object_unref(l);
    });
    STAGE("sweep12", {
        for (int k = 0; k < 12; k++) {
            PangoFontDescription *f = font_at(sizes[k]);
            pango_layout_set_font_description(layout, f);
            pango_font_description_free(f);
            pango_layout_get_extents(layout, NULL, &logical);
        }
    });
    STAGE("pipeline", pipeline());
    return 0;
}
