/*
 * CTextShims: the few C functions FeedLayout needs from ICU and FreeType, behind names
 * prefixed `ctextshims_`. This header includes only standard headers: ICU's own names are
 * version-renamed macros (ubrk_open is ubrk_open_72) and its headers clash with
 * Foundation's private copy of ICU when both are seen by one Swift module.
 */
#ifndef CTEXTSHIMS_H
#define CTEXTSHIMS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Break iterators ------------------------------------------------------------------ */

/* An ICU break iterator together with the UText it reads (UTF-8, not copied). */
typedef struct ctextshims_breaker ctextshims_breaker;

enum {
    CTEXTSHIMS_BREAK_LINE = 0,
    CTEXTSHIMS_BREAK_CHARACTER = 1,
};

/* Opens a break iterator of `kind` for `locale` (e.g. "zh@lb=strict"). Returns NULL and sets
 * *error to the ICU error code on failure. */
ctextshims_breaker *ctextshims_breaker_open(int32_t kind, const char *locale, int32_t *error);
void ctextshims_breaker_close(ctextshims_breaker *breaker);
/* Points the iterator at `length` bytes of UTF-8 at `text`; the bytes must stay alive and
 * unchanged while the iterator is used. Returns an ICU error code (0 or negative = success). */
int32_t ctextshims_breaker_set_utf8(ctextshims_breaker *breaker, const char *text, int64_t length);
/* The same over `length` units of UTF-16 at `text` (offsets then count units). ICU's
 * dictionary line breaking (Thai, Lao, Khmer, Myanmar) answers some runs differently given as
 * UTF-8: the engine hands it UTF-16, as Chromium does. */
int32_t ctextshims_breaker_set_utf16(ctextshims_breaker *breaker, const uint16_t *text, int32_t length);
/* The first boundary after the current one as an offset in the text's units, or -1 at the end. */
int32_t ctextshims_breaker_next(ctextshims_breaker *breaker);
/* The rule status of the boundary last returned (for line breaks, 100..199 is a hard break). */
int32_t ctextshims_breaker_rule_status(ctextshims_breaker *breaker);
/* Moves to the first boundary after `offset`; returns it, or -1 at the end. */
int32_t ctextshims_breaker_following(ctextshims_breaker *breaker, int32_t offset);

/* ---- Character properties ------------------------------------------------------------- */

/* ICU UScriptCode of a code point (0 Common, 1 Inherited, ...). */
int32_t ctextshims_script(uint32_t codepoint);
/* ISO 15924 four-letter tag of a UScriptCode as a big-endian 32-bit value ('Hani'), or 0. */
uint32_t ctextshims_script_tag(int32_t script);
/* The Grapheme_Cluster_Break value (0 = Other). */
int32_t ctextshims_grapheme_cluster_break(uint32_t codepoint);
/* White_Space, Default_Ignorable_Code_Point. */
bool ctextshims_is_white_space(uint32_t codepoint);
bool ctextshims_is_default_ignorable(uint32_t codepoint);
/* Bidi_Paired_Bracket_Type: 0 none, 1 open, 2 close; *pair receives Bidi_Paired_Bracket. */
int32_t ctextshims_paired_bracket(uint32_t codepoint, uint32_t *pair);
/* Indic_Syllabic_Category=Virama (ICU's grapheme rules join a consonant, virama, consonant). */
bool ctextshims_is_virama(uint32_t codepoint);
/* Indic_Positional_Category Left, Left_And_Right, Top_And_Left or Top_And_Left_And_Right: a
 * pre-base matra, or one with a pre-base part (HarfBuzz's Indic shaper puts it first in its
 * syllable). */
bool ctextshims_is_left_positioned(uint32_t codepoint);
/* The canonical combining class. */
int32_t ctextshims_combining_class(uint32_t codepoint);
/* The character's part in ICU's grapheme rule for Indic conjuncts (CLDR's, UAX #29 15.1's GB9c
   in ICU 72's form): 1 a linking consonant, 2 a virama (Indic_Syllabic_Category Consonant or
   Virama in Bengali, Devanagari, Gujarati, Malayalam, Oriya or Telugu), else 0. */
int32_t ctextshims_conjunct_role(uint32_t codepoint);
/* General category as ICU's UCharCategory value. */
int32_t ctextshims_general_category(uint32_t codepoint);
/* ICU's UJoiningType of a code point (0 non-joining, 1 join-causing, 2 dual, 3 left, 4 right,
 * 5 transparent): what HarfBuzz's Arabic joining reads of the text around a run. */
int32_t ctextshims_joining_type(uint32_t codepoint);
/* ICU's Line_Break value of a code point (ULineBreak: 0 XX, 1 AI, 2 AL, ... 42 ZWJ). */
int32_t ctextshims_line_break_class(uint32_t codepoint);
/* ICU's East_Asian_Width value (UEastAsianWidth: 0 N, 1 A, 2 H, 3 F, 4 Na, 5 W). */
int32_t ctextshims_east_asian_width(uint32_t codepoint);
/* Extended_Pictographic. */
bool ctextshims_is_extended_pictographic(uint32_t codepoint);
/* True when the bidi class is R, AL, RLE, RLO, RLI, AN or FSI (text may need the bidi
 * algorithm). */
bool ctextshims_is_rtl_relevant(uint32_t codepoint);
/* ICU's bidi class of a code point (UCharDirection: 0 L, 1 R, 2 EN, 3 ES, 4 ET, 5 AN, 6 CS, 7 B,
 * 8 S, 9 WS, 10 ON, 11 LRE, 12 LRO, 13 AL, 14 RLE, 15 RLO, 16 PDF, 17 NSM, 18 BN, 19 FSI, 20 LRI,
 * 21 RLI, 22 PDI). */
int32_t ctextshims_bidi_class(uint32_t codepoint);

/* ---- Bidi ------------------------------------------------------------------------------ */

/* Runs the Unicode bidi algorithm over `length` UTF-16 units and writes one embedding level per
 * unit to `levels`. `paragraph_level` 0 = LTR, 1 = RTL, 0xFE = from the first strong character.
 * `bidi` is an object of ctextshims_bidi_create, reused from paragraph to paragraph (its memory
 * grows to the longest), or NULL for one made and closed in the call. Returns an ICU error code
 * (0 or negative = success). */
int32_t ctextshims_bidi_levels(void *bidi, const uint16_t *text, int32_t length, uint8_t paragraph_level,
                               uint8_t *levels);
/* A reusable bidi object (ICU's UBiDi), or NULL when ICU cannot make one; and its release. */
void *ctextshims_bidi_create(void);
void ctextshims_bidi_destroy(void *bidi);

/* The base direction of a paragraph by UAX #9's rules P2 and P3 (its first strong character,
 * isolates skipped: ubidi_getBaseDirection): 0 left to right, 1 right to left, 2 none (no
 * strong character). */
int32_t ctextshims_base_direction(const uint16_t *text, int32_t length);

/* ICU's version and the Unicode version of its data, as dotted strings ("72.1", "15.0"),
 * written into `buffer` (at most `length` bytes with the terminating NUL). */
void ctextshims_icu_version(char *buffer, size_t length);
void ctextshims_unicode_version(char *buffer, size_t length);

/* ---- Generated character tables --------------------------------------------------------
 * Computed from ICU once by a generator and committed (GeneratedTables.h beside CTextShims.c,
 * written by `swift run generate-text-tables`, never edited by hand): read-only data, nothing
 * computed at start-up, only the pages a text touches ever loaded. TextLayout uses them when
 * this machine's ICU is the one they were made from, else computes them from ICU as before; a
 * test regenerates them from the machine's ICU and fails when they differ. Pointers rather
 * than arrays: Swift imports a C array as a tuple. */

/* UnicodeProperties' 16-bit word of every BMP code point (65,536 entries). */
const uint16_t *ctextshims_unicode_properties_table(void);
/* PairLineBreaker's internal line-break class of every BMP code point (65,536 entries). */
const uint8_t *ctextshims_line_class_table(void);
/* PairLineBreaker's tables, one after another for the modes normal, strict and loose: each a
 * class remap (`ctextshims_line_class_count()` bytes) followed by the pair table (its square). */
const uint8_t *ctextshims_line_pair_tables(void);
int32_t ctextshims_line_class_count(void);
/* The ICU version and the Unicode version of its data the tables were made from ("72.1", "15.0"). */
const char *ctextshims_tables_icu_version(void);
const char *ctextshims_tables_unicode_version(void);

/* The English name of an ICU error code. */
const char *ctextshims_icu_error_name(int32_t error);

/* ---- Memory ----------------------------------------------------------------------------- */

/* Asks the processor to bring the `length` bytes at `address` into its caches, without
 * waiting: a text laid out again is usually cold, and its few small arrays are then fetched
 * at once instead of one miss after another. */
static inline void ctextshims_prefetch(const void *address, size_t length) {
    const char *p = (const char *)address;
    for (size_t offset = 0; offset < length; offset += 64) __builtin_prefetch(p + offset);
}

/* Relaxed atomic loads and stores of one byte: memo tables that threads fill with the same
 * values (FontTable's first font of each code point). */
static inline uint8_t ctextshims_load_relaxed_u8(const uint8_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}
static inline void ctextshims_store_relaxed_u8(uint8_t *address, uint8_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/* 32-bit atomics for values a reader may compute on first use and keep in shared memory
 * (a prepared text's line edges): every thread computes the same value, the state word is
 * written last with release and read first with acquire. */
static inline uint32_t ctextshims_load_acquire_u32(const uint32_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}
static inline void ctextshims_store_release_u32(uint32_t *address, uint32_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}
static inline int64_t ctextshims_load_relaxed_i64(const int64_t *address) {
    return __atomic_load_n(address, __ATOMIC_RELAXED);
}
static inline void ctextshims_store_relaxed_i64(int64_t *address, int64_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELAXED);
}

/* ---- FreeType ---------------------------------------------------------------------------- */

/* The message of a FreeType error code (Debian's FT_Error_String returns NULL). */
const char *ctextshims_freetype_error_string(int32_t error);

#ifdef __cplusplus
}
#endif

#endif
