#ifndef CUNICODE_H
#define CUNICODE_H

/*
 * Plain-integer interface to ICU's line breaking, bidi and script data.
 *
 * No ICU type or header appears here on purpose: Swift must never see <unicode/...> (it clashes
 * with Foundation's private _FoundationICU module, and ICU's function names are macros with a
 * version suffix). Text is UTF-16 in uint16_t arrays; offsets and lengths are in code units.
 *
 * Every function that can fail returns a status: CUNICODE_OK (0) on success, otherwise a
 * positive ICU UErrorCode (cunicode_error_name() turns it into text). ICU warnings (negative
 * codes) are reported as success. Nothing here aborts or prints.
 */

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes. The values equal ICU's UErrorCode so ICU's own codes pass through unchanged. */
#define CUNICODE_OK 0
#define CUNICODE_ERROR_ILLEGAL_ARGUMENT 1 /* U_ILLEGAL_ARGUMENT_ERROR */
#define CUNICODE_ERROR_MEMORY 7 /* U_MEMORY_ALLOCATION_ERROR */
#define CUNICODE_ERROR_BUFFER_OVERFLOW 15 /* U_BUFFER_OVERFLOW_ERROR */

/* ICU's version (e.g. 72.1.0.0) into out[0...3]. Returns CUNICODE_OK. */
int32_t cunicode_version(uint8_t out[4]);

/* The Unicode version of ICU's character data (e.g. 15.0.0.0) into out[0...3]. */
int32_t cunicode_unicode_version(uint8_t out[4]);

/* ICU's name for a status code (e.g. "U_ILLEGAL_ARGUMENT_ERROR"); a static string, never NULL. */
const char *cunicode_error_name(int32_t status);

/* ---- Line breaking (UAX #14, ICU's UBRK_LINE iterator) ---------------------------------- */

/*
 * Finds every line break opportunity in text[0 ..< length] for `locale` (an ICU locale ID such
 * as "ja" or "ja@lb=strict"; NULL or "" selects the root rules, independent of the process's
 * default locale). For each boundary after the start of text, in increasing order, writes the
 * offset (the break goes before text[offset]; the end of text, `length`, is always reported for
 * non-empty text) and mandatory[i] = 1 when ICU's rule status is a hard break
 * (>= UBRK_LINE_HARD), else 0. At most `length` boundaries exist, so capacity >= length always
 * suffices. *count receives the number written. Empty text gives *count = 0.
 * It opens an iterator for each call: the library uses the cached, cloned iterators below,
 * and the tests keep this one-shot form as the reference those must agree with.
 */
int32_t cunicode_line_breaks(const uint16_t *text, int32_t length, const char *locale,
                             int32_t *offsets, uint8_t *mandatory, int32_t capacity,
                             int32_t *count);

/*
 * The same, through an iterator opened once per locale. Opening one (ubrk_open) builds it from
 * ICU's rule data, which costs more than breaking a short label; a clone shares that data.
 * An iterator is used by one thread at a time: keep the opened one as a prototype, clone it
 * (cunicode_line_breaker_clone) for each use, and serialize the clone calls on one prototype.
 */
typedef struct CUnicodeLineBreaker CUnicodeLineBreaker;

/* Opens a line break iterator for `locale` (as in cunicode_line_breaks). *out is NULL on failure. */
int32_t cunicode_line_breaker_open(const char *locale, CUnicodeLineBreaker **out);

/* A new iterator with the prototype's rules and locale (ubrk_clone). *out is NULL on failure. */
int32_t cunicode_line_breaker_clone(const CUnicodeLineBreaker *prototype, CUnicodeLineBreaker **out);

/* Releases an iterator; NULL is ignored. */
void cunicode_line_breaker_close(CUnicodeLineBreaker *breaker);

/*
 * cunicode_line_breaks with an opened iterator, which is given `text` (it keeps a pointer to
 * the text only until its next use).
 */
int32_t cunicode_line_breaker_breaks(CUnicodeLineBreaker *breaker, const uint16_t *text,
                                     int32_t length, int32_t *offsets, uint8_t *mandatory,
                                     int32_t capacity, int32_t *count);

/* ---- Bidi (UAX #9, ICU's UBiDi) --------------------------------------------------------- */

#define CUNICODE_BIDI_LTR 0 /* paragraph level 0 */
#define CUNICODE_BIDI_RTL 1 /* paragraph level 1 */
#define CUNICODE_BIDI_AUTO 2 /* rules P2/P3: first strong character, LTR if there is none */

/* A resolved paragraph. Owns a copy of its text. Safe to use from several threads at once. */
typedef struct CUnicodeBidi CUnicodeBidi;

/*
 * Runs the bidi algorithm over text[0 ..< length] with one of the CUNICODE_BIDI_* directions.
 * On success *out receives a new object to release with cunicode_bidi_close(); on failure *out
 * is NULL. Text containing paragraph separators (e.g. U+000A, U+2029) is treated by ICU as
 * several paragraphs, each resolved on its own; the reported paragraph level is the first's.
 */
int32_t cunicode_bidi_open(const uint16_t *text, int32_t length, int32_t direction,
                           CUnicodeBidi **out);

/* Releases the object; NULL is ignored. */
void cunicode_bidi_close(CUnicodeBidi *bidi);

/* Resolved level of the (first) paragraph: 0 = LTR, 1 = RTL. */
uint8_t cunicode_bidi_paragraph_level(const CUnicodeBidi *bidi);

/*
 * Writes the resolved level of each code unit into levels[0 ..< length] (capacity must be at
 * least the text's length). Characters removed by rule X9 (BN, embedding controls) get the
 * level of a neighbour, as ICU does. Rule L1 is applied at segment separators and at the end
 * of each paragraph, but not at the end of lines (see cunicode_bidi_line_runs).
 */
int32_t cunicode_bidi_levels(CUnicodeBidi *bidi, uint8_t *levels, int32_t capacity);

/*
 * Lays out the line text[start ..< limit] (ubidi_setLine, so rule L1 resets trailing
 * whitespace and isolate controls to the paragraph level) and writes its runs in visual order,
 * left to right: the run's first logical offset in the whole text, its length and its level.
 * A run at an odd level is displayed right to left. A line needs at most (limit - start) runs.
 * A line that spans several paragraphs is laid out one paragraph piece at a time, the pieces
 * concatenated in logical order. 0 <= start <= limit <= length; start == limit gives no runs.
 */
int32_t cunicode_bidi_line_runs(CUnicodeBidi *bidi, int32_t start, int32_t limit,
                                int32_t *run_starts, int32_t *run_lengths, uint8_t *run_levels,
                                int32_t capacity, int32_t *count);

/* ---- Scripts (UAX #24, ICU's uscript) --------------------------------------------------- */

/* Script codes with special meaning for itemization (the values of ICU's UScriptCode). */
#define CUNICODE_SCRIPT_COMMON 0 /* Zyyy */
#define CUNICODE_SCRIPT_INHERITED 1 /* Zinh */
#define CUNICODE_SCRIPT_UNKNOWN 103 /* Zzzz */

/*
 * Writes the Script property value (ICU's UScriptCode) of each code point into
 * scripts[0 ..< length], one entry per code unit: both units of a surrogate pair get the pair's
 * script; an unpaired surrogate gets CUNICODE_SCRIPT_UNKNOWN. Capacity must be >= length.
 */
int32_t cunicode_scripts(const uint16_t *text, int32_t length, int32_t *scripts,
                         int32_t capacity);

/* ISO 15924 code of a script ("Latn", "Arab", "Zyyy"); "Zzzz" for a code ICU doesn't know. */
const char *cunicode_script_short_name(int32_t script);

#define CUNICODE_BRACKET_NONE 0
#define CUNICODE_BRACKET_OPEN 1
#define CUNICODE_BRACKET_CLOSE 2

/*
 * The Bidi_Paired_Bracket_Type of a code point (one of CUNICODE_BRACKET_*); for an opening or
 * closing bracket, *pair (if not NULL) receives its counterpart (Bidi_Paired_Bracket).
 */
int32_t cunicode_paired_bracket(uint32_t code_point, uint32_t *pair);

#ifdef __cplusplus
}
#endif

#endif
