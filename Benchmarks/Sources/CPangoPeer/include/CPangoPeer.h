/*
 * CPangoPeer: Pango measuring a paragraph the way FeedLayout's accuracy oracle is defined,
 * behind names prefixed `cpangopeer_`. This header includes only standard headers, so Swift
 * never sees GLib, Pango or fontconfig.
 *
 * The oracle: a PangoFT2 font map at 72 dpi with a fontconfig configuration built from
 * scratch (only the given font directory, plus a rule that scales bitmap-only fonts such as
 * Noto Color Emoji to the requested size), unrounded glyph positions, a font description
 * with the given families at an absolute pixel size, PANGO_WRAP_WORD_CHAR at the given width.
 */
#ifndef CPANGOPEER_H
#define CPANGOPEER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* One font map, context and reusable layout. Not thread-safe: use one per thread. */
typedef struct cpangopeer_context cpangopeer_context;

typedef struct cpangopeer_result {
    int32_t line_count;   /* pango_layout_get_line_count */
    double height;        /* logical height of the layout, px */
    double width;         /* logical width of the widest line, px */
    double trimmed_width; /* the same without the white space at the end of each line, px */
} cpangopeer_result;

/* Opens a context on the fonts of `fonts_dir` (and nothing else) for `families`
 * (comma-separated, e.g. "Noto Sans,Noto Sans CJK SC,Noto Color Emoji") at `size_px`.
 * Returns NULL and writes a message into error_buf (if not NULL) on failure. */
cpangopeer_context *cpangopeer_open(const char *fonts_dir, const char *families, double size_px,
                                    char *error_buf, size_t error_len);

/* Lays out `len` bytes of UTF-8 at `width_px` (<= 0: no wrapping) and fills *out.
 * Returns 0 on success, -1 on bad arguments. The layout is kept until the next call. */
int cpangopeer_measure(cpangopeer_context *ctx, const char *utf8, int64_t len, double width_px,
                       cpangopeer_result *out);

/* Of the last measured layout: the line count, and line `index` as a UTF-8 byte range
 * (start, length, trailing white space included), its logical width in px, that width
 * without the trailing white space, and its logical height in px. Any out pointer may be
 * NULL. Returns 0, or -1 if index is out of range. */
int32_t cpangopeer_line_count(const cpangopeer_context *ctx);
int cpangopeer_line_info(const cpangopeer_context *ctx, int32_t index, int64_t *start,
                         int64_t *length, double *width, double *trimmed_width, double *height);

/* Of the last measured layout: where lines 2, 3, ... start, as offsets in Unicode scalars
 * (characters) of its text, from the lines' start indices. Writes at most `capacity` offsets
 * and returns how many there are (the line count less one; it may exceed `capacity`). */
int32_t cpangopeer_break_offsets(const cpangopeer_context *ctx, int64_t *offsets, int32_t capacity);

/* Pango's line break opportunities in `len` bytes of UTF-8 (laid out without wrapping: the
 * layout's is_line_break log attributes): the offsets in Unicode scalars, neither 0 nor the end,
 * where a line may start. Writes at most `capacity` offsets and returns how many there are, or
 * -1 on bad arguments. Replaces the last measured layout. */
int32_t cpangopeer_line_break_opportunities(cpangopeer_context *ctx, const char *utf8, int64_t len,
                                            int64_t *offsets, int32_t capacity);

/* The font family and face index Pango resolved for the first character at `byte_index` of
 * the last measured layout (the run's font), written into buf. Returns 0, or -1. */
int cpangopeer_font_at(const cpangopeer_context *ctx, int64_t byte_index, char *buf, size_t len);

/* Pango's version string, e.g. "1.50.12". */
const char *cpangopeer_pango_version(void);

void cpangopeer_close(cpangopeer_context *ctx);

#ifdef __cplusplus
}
#endif

#endif
