/*
 * CBaselines: the libraries our engine is built on, called as plainly as they can be, to give
 * the benchmarks a floor to compare with. Names are prefixed `cbaselines_`; this header
 * includes only standard headers, so Swift never sees HarfBuzz's or ICU's (ICU's function
 * names are version-renamed macros, and its headers clash with Foundation's private ICU).
 */
#ifndef CBASELINES_H
#define CBASELINES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- hb-raw: one hb_shape of a whole paragraph ----------------------------------------- */

/* A HarfBuzz font (hb-ot functions, scale = units per em) and one reusable buffer.
 * Not thread-safe (the buffer): use one per thread. */
typedef struct cbaselines_shaper cbaselines_shaper;

/* Opens face `face_index` of the font file at `path`. Returns NULL and writes a message into
 * error_buf (if not NULL) on failure. */
cbaselines_shaper *cbaselines_shaper_open(const char *path, uint32_t face_index, char *error_buf,
                                          size_t error_len);
/* The font's units per em. */
uint32_t cbaselines_shaper_units_per_em(const cbaselines_shaper *shaper);
/* Shapes `length` bytes of UTF-8 as one run (hb_buffer_guess_segment_properties) and returns
 * the sum of the glyphs' x advances, in font units. */
int64_t cbaselines_shaper_advance(cbaselines_shaper *shaper, const char *utf8, int64_t length);
void cbaselines_shaper_close(cbaselines_shaper *shaper);

/* ---- icu-breaks: one ICU line-break pass over a paragraph ------------------------------ */

/* An ICU line break iterator and the UTF-8 UText it reads, both reused for every text.
 * Not thread-safe: use one per thread. */
typedef struct cbaselines_breaker cbaselines_breaker;

/* Opens a line break iterator for `locale` (e.g. "@lb=normal"). Returns NULL and sets *error
 * (if not NULL) to the ICU error code on failure. */
cbaselines_breaker *cbaselines_breaker_open(const char *locale, int32_t *error);
/* Points the iterator at `length` bytes of UTF-8 and counts the line break opportunities
 * after the start (the end of the text included). Returns -1 on an ICU error. */
int32_t cbaselines_breaker_count(cbaselines_breaker *breaker, const char *utf8, int64_t length);
void cbaselines_breaker_close(cbaselines_breaker *breaker);

#ifdef __cplusplus
}
#endif

#endif
