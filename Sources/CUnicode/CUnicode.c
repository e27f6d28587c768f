#include "CUnicode.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/utypes.h>
#include <unicode/uversion.h>

/* The header promises ICU's values without including ICU; hold it to that. */
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar must be a 16-bit code unit");
_Static_assert(CUNICODE_ERROR_ILLEGAL_ARGUMENT == U_ILLEGAL_ARGUMENT_ERROR, "status mismatch");
_Static_assert(CUNICODE_ERROR_MEMORY == U_MEMORY_ALLOCATION_ERROR, "status mismatch");
_Static_assert(CUNICODE_ERROR_BUFFER_OVERFLOW == U_BUFFER_OVERFLOW_ERROR, "status mismatch");
_Static_assert(CUNICODE_SCRIPT_COMMON == USCRIPT_COMMON, "script mismatch");
_Static_assert(CUNICODE_SCRIPT_INHERITED == USCRIPT_INHERITED, "script mismatch");
_Static_assert(CUNICODE_SCRIPT_UNKNOWN == USCRIPT_UNKNOWN, "script mismatch");
_Static_assert(CUNICODE_BRACKET_NONE == U_BPT_NONE && CUNICODE_BRACKET_OPEN == U_BPT_OPEN &&
                   CUNICODE_BRACKET_CLOSE == U_BPT_CLOSE,
               "bracket type mismatch");

/* ICU warnings are negative; callers only care about failure. */
static int32_t status_of(UErrorCode code) { return U_FAILURE(code) ? (int32_t)code : CUNICODE_OK; }

int32_t cunicode_version(uint8_t out[4]) {
    UVersionInfo info;
    u_getVersion(info);
    for (int i = 0; i < 4; i++) out[i] = info[i];
    return CUNICODE_OK;
}

int32_t cunicode_unicode_version(uint8_t out[4]) {
    UVersionInfo info;
    u_getUnicodeVersion(info);
    for (int i = 0; i < 4; i++) out[i] = info[i];
    return CUNICODE_OK;
}

const char *cunicode_error_name(int32_t status) {
    const char *name = u_errorName((UErrorCode)status);
    return name != NULL ? name : "unknown ICU error";
}

/* ---- Line breaking ---------------------------------------------------------------------- */

/* Writes the boundaries of the text an iterator was given; shared by both entry points. */
static int32_t collect_line_breaks(UBreakIterator *iterator, int32_t *offsets, uint8_t *mandatory,
                                   int32_t capacity, int32_t *count) {
    int32_t written = 0;
    int32_t result = CUNICODE_OK;
    ubrk_first(iterator);
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE;
         boundary = ubrk_next(iterator)) {
        if (written >= capacity) {
            result = CUNICODE_ERROR_BUFFER_OVERFLOW;
            break;
        }
        offsets[written] = boundary;
        mandatory[written] = ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD ? 1 : 0;
        written++;
    }
    *count = written;
    return result;
}

int32_t cunicode_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *count) {
    if (count == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *count = 0;
    if (length < 0 || capacity < 0 || (length > 0 && text == NULL)) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }
    if (length == 0) return CUNICODE_OK;
    if (offsets == NULL || mandatory == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;

    UErrorCode status = U_ZERO_ERROR;
    /* "" is ICU's root locale; NULL would mean the process default, which varies by machine. */
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale != NULL ? locale : "",
                                         (const UChar *)text, length, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return (int32_t)status;
    }
    int32_t result = collect_line_breaks(iterator, offsets, mandatory, capacity, count);
    ubrk_close(iterator);
    return result;
}

int32_t cunicode_line_breaker_open(const char *locale, CUnicodeLineBreaker **out) {
    if (out == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *out = NULL;
    UErrorCode status = U_ZERO_ERROR;
    /* No text yet: each clone is given its own with cunicode_line_breaker_breaks. */
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale != NULL ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return (int32_t)status;
    }
    *out = (CUnicodeLineBreaker *)iterator;
    return CUNICODE_OK;
}

int32_t cunicode_line_breaker_clone(const CUnicodeLineBreaker *prototype, CUnicodeLineBreaker **out) {
    if (out == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *out = NULL;
    if (prototype == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *clone = ubrk_clone((const UBreakIterator *)prototype, &status);
    if (U_FAILURE(status)) {
        if (clone != NULL) ubrk_close(clone);
        return (int32_t)status;
    }
    if (clone == NULL) return CUNICODE_ERROR_MEMORY;
    *out = (CUnicodeLineBreaker *)clone;
    return CUNICODE_OK;
}

void cunicode_line_breaker_close(CUnicodeLineBreaker *breaker) {
    if (breaker != NULL) ubrk_close((UBreakIterator *)breaker);
}

int32_t cunicode_line_breaker_breaks(CUnicodeLineBreaker *breaker, const uint16_t *text,
                                     int32_t length, int32_t *offsets, uint8_t *mandatory,
                                     int32_t capacity, int32_t *count) {
    if (count == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *count = 0;
    if (breaker == NULL || length < 0 || capacity < 0 || (length > 0 && text == NULL)) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }
    if (length == 0) return CUNICODE_OK;
    if (offsets == NULL || mandatory == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    UBreakIterator *iterator = (UBreakIterator *)breaker;
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText(iterator, (const UChar *)text, length, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    return collect_line_breaks(iterator, offsets, mandatory, capacity, count);
}

/* ---- Bidi ------------------------------------------------------------------------------- */

struct CUnicodeBidi {
    /* The line object is reused by every call, and ubidi_getLevels/ubidi_countRuns fill in
       caches of the object they're given: every use of either object goes through the lock. */
    pthread_mutex_t lock;
    UBiDi *paragraph;
    UBiDi *line;
    /* UBiDi keeps a pointer to the text rather than a copy: this copy lives as long as it. */
    UChar *text;
    int32_t length;
};

void cunicode_bidi_close(CUnicodeBidi *bidi) {
    if (bidi == NULL) return;
    if (bidi->line != NULL) ubidi_close(bidi->line);
    if (bidi->paragraph != NULL) ubidi_close(bidi->paragraph);
    free(bidi->text);
    pthread_mutex_destroy(&bidi->lock);
    free(bidi);
}

int32_t cunicode_bidi_open(const uint16_t *text, int32_t length, int32_t direction,
                           CUnicodeBidi **out) {
    if (out == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *out = NULL;
    if (length < 0 || (length > 0 && text == NULL)) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    UBiDiLevel level;
    switch (direction) {
    case CUNICODE_BIDI_LTR: level = UBIDI_LTR; break;
    case CUNICODE_BIDI_RTL: level = UBIDI_RTL; break;
    case CUNICODE_BIDI_AUTO: level = UBIDI_DEFAULT_LTR; break;
    default: return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }

    CUnicodeBidi *bidi = calloc(1, sizeof *bidi);
    if (bidi == NULL) return CUNICODE_ERROR_MEMORY;
    if (pthread_mutex_init(&bidi->lock, NULL) != 0) {
        free(bidi);
        return CUNICODE_ERROR_MEMORY;
    }
    /* malloc(0) may return NULL; one spare unit keeps "NULL means failure" unambiguous. */
    bidi->text = malloc(((size_t)length + 1) * sizeof(UChar));
    if (bidi->text == NULL) {
        cunicode_bidi_close(bidi);
        return CUNICODE_ERROR_MEMORY;
    }
    if (length > 0) memcpy(bidi->text, text, (size_t)length * sizeof(UChar));
    bidi->length = length;

    UErrorCode status = U_ZERO_ERROR;
    bidi->paragraph = ubidi_openSized(length, 0, &status);
    if (U_SUCCESS(status)) bidi->line = ubidi_open();
    if (U_SUCCESS(status) && bidi->line == NULL) status = U_MEMORY_ALLOCATION_ERROR;
    if (U_SUCCESS(status)) ubidi_setPara(bidi->paragraph, bidi->text, length, level, NULL, &status);
    if (U_FAILURE(status)) {
        cunicode_bidi_close(bidi);
        return (int32_t)status;
    }
    *out = bidi;
    return CUNICODE_OK;
}


uint8_t cunicode_bidi_paragraph_level(const CUnicodeBidi *bidi) {
    if (bidi == NULL) return 0;
    /* Reads a field set by ubidi_setPara; nothing writes it afterwards, so no lock. */
    return ubidi_getParaLevel(bidi->paragraph);
}

int32_t cunicode_bidi_levels(CUnicodeBidi *bidi, uint8_t *levels, int32_t capacity) {
    if (bidi == NULL || capacity < bidi->length || (bidi->length > 0 && levels == NULL)) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }
    if (bidi->length == 0) return CUNICODE_OK;
    UErrorCode status = U_ZERO_ERROR;
    pthread_mutex_lock(&bidi->lock);
    const UBiDiLevel *resolved = ubidi_getLevels(bidi->paragraph, &status);
    if (U_SUCCESS(status) && resolved != NULL) {
        memcpy(levels, resolved, (size_t)bidi->length);
    } else if (U_SUCCESS(status)) {
        status = U_INTERNAL_PROGRAM_ERROR;
    }
    pthread_mutex_unlock(&bidi->lock);
    return status_of(status);
}

/* Appends the visual runs of one line that lies within a single paragraph. Lock held. */
static UErrorCode append_line_runs(CUnicodeBidi *bidi, int32_t start, int32_t limit,
                                   int32_t *run_starts, int32_t *run_lengths,
                                   uint8_t *run_levels, int32_t capacity, int32_t *written) {
    UErrorCode status = U_ZERO_ERROR;
    ubidi_setLine(bidi->paragraph, start, limit, bidi->line, &status);
    int32_t runs = U_SUCCESS(status) ? ubidi_countRuns(bidi->line, &status) : 0;
    for (int32_t i = 0; U_SUCCESS(status) && i < runs; i++) {
        int32_t logical_start = 0, length = 0;
        ubidi_getVisualRun(bidi->line, i, &logical_start, &length);
        if (length <= 0) continue;
        if (*written >= capacity) return U_BUFFER_OVERFLOW_ERROR;
        run_starts[*written] = start + logical_start;
        run_lengths[*written] = length;
        /* On a line object this is the level after L1 (trailing whitespace reset). */
        run_levels[*written] = ubidi_getLevelAt(bidi->line, logical_start);
        (*written)++;
    }
    return status;
}

int32_t cunicode_bidi_line_runs(CUnicodeBidi *bidi, int32_t start, int32_t limit,
                                int32_t *run_starts, int32_t *run_lengths, uint8_t *run_levels,
                                int32_t capacity, int32_t *count) {
    if (count == NULL) return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    *count = 0;
    if (bidi == NULL || start < 0 || start > limit || limit > bidi->length || capacity < 0) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }
    if (start == limit) return CUNICODE_OK;
    if (run_starts == NULL || run_lengths == NULL || run_levels == NULL) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }

    UErrorCode status = U_ZERO_ERROR;
    int32_t written = 0;
    pthread_mutex_lock(&bidi->lock);
    /* ubidi_setLine rejects a line that crosses a paragraph boundary: split it there. */
    for (int32_t piece_start = start; U_SUCCESS(status) && piece_start < limit;) {
        int32_t paragraph_limit = 0;
        ubidi_getParagraph(bidi->paragraph, piece_start, NULL, &paragraph_limit, NULL, &status);
        if (U_FAILURE(status)) break;
        int32_t piece_limit = paragraph_limit < limit ? paragraph_limit : limit;
        if (piece_limit <= piece_start) {
            status = U_INTERNAL_PROGRAM_ERROR; /* would loop forever */
            break;
        }
        status = append_line_runs(bidi, piece_start, piece_limit, run_starts, run_lengths,
                                  run_levels, capacity, &written);
        piece_start = piece_limit;
    }
    pthread_mutex_unlock(&bidi->lock);
    *count = written;
    return status_of(status);
}

/* ---- Scripts ---------------------------------------------------------------------------- */

int32_t cunicode_scripts(const uint16_t *text, int32_t length, int32_t *scripts,
                         int32_t capacity) {
    if (length < 0 || capacity < length || (length > 0 && (text == NULL || scripts == NULL))) {
        return CUNICODE_ERROR_ILLEGAL_ARGUMENT;
    }
    const UChar *units = (const UChar *)text;
    for (int32_t i = 0; i < length;) {
        int32_t start = i;
        UChar32 c;
        U16_NEXT(units, i, length, c);
        int32_t script = USCRIPT_UNKNOWN;
        if (!U_IS_SURROGATE(c)) {
            UErrorCode status = U_ZERO_ERROR;
            UScriptCode code = uscript_getScript(c, &status);
            if (U_SUCCESS(status)) script = (int32_t)code;
        }
        for (int32_t j = start; j < i; j++) scripts[j] = script;
    }
    return CUNICODE_OK;
}

const char *cunicode_script_short_name(int32_t script) {
    if (script < 0) return "Zzzz";
    /* A lookup in ICU's property names: NULL for values it doesn't know. */
    const char *name = uscript_getShortName((UScriptCode)script);
    return name != NULL && name[0] != '\0' ? name : "Zzzz";
}

int32_t cunicode_paired_bracket(uint32_t code_point, uint32_t *pair) {
    if (code_point > 0x10FFFF) return CUNICODE_BRACKET_NONE;
    UChar32 c = (UChar32)code_point;
    int32_t type = u_getIntPropertyValue(c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type != U_BPT_OPEN && type != U_BPT_CLOSE) return CUNICODE_BRACKET_NONE;
    if (pair != NULL) *pair = (uint32_t)u_getBidiPairedBracket(c);
    return type;
}
