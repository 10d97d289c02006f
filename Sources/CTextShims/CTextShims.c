#include "CTextShims.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utext.h>

#include <ft2build.h>
#include FT_FREETYPE_H

struct ctextshims_breaker {
    UBreakIterator *iterator;
    UText text;
};

ctextshims_breaker *ctextshims_breaker_open(int32_t kind, const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == CTEXTSHIMS_BREAK_CHARACTER ? UBRK_CHARACTER : UBRK_LINE;
    UBreakIterator *iterator = ubrk_open(type, locale, NULL, 0, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        *error = (int32_t)status;
        if (iterator != NULL) ubrk_close(iterator);
        return NULL;
    }
    ctextshims_breaker *breaker = calloc(1, sizeof(ctextshims_breaker));
    if (breaker == NULL) {
        ubrk_close(iterator);
        *error = (int32_t)U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    UText initial = UTEXT_INITIALIZER;
    breaker->text = initial;
    breaker->iterator = iterator;
    *error = 0;
    return breaker;
}

void ctextshims_breaker_close(ctextshims_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    utext_close(&breaker->text);
    free(breaker);
}

int32_t ctextshims_breaker_set_utf8(ctextshims_breaker *breaker, const char *text, int64_t length) {
    UErrorCode status = U_ZERO_ERROR;
    /* An empty string still needs a valid pointer. */
    static const char empty[1] = {0};
    utext_openUTF8(&breaker->text, text != NULL ? text : empty, length, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    ubrk_setUText(breaker->iterator, &breaker->text, &status);
    return (int32_t)status;
}

int32_t ctextshims_breaker_set_utf16(ctextshims_breaker *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    static const UChar empty[1] = {0};
    utext_openUChars(&breaker->text, text != NULL ? (const UChar *)text : empty, length, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    ubrk_setUText(breaker->iterator, &breaker->text, &status);
    return (int32_t)status;
}

int32_t ctextshims_breaker_next(ctextshims_breaker *breaker) {
    int32_t next = ubrk_next(breaker->iterator);
    return next == UBRK_DONE ? -1 : next;
}

int32_t ctextshims_breaker_rule_status(ctextshims_breaker *breaker) {
    return ubrk_getRuleStatus(breaker->iterator);
}

int32_t ctextshims_breaker_following(ctextshims_breaker *breaker, int32_t offset) {
    int32_t next = ubrk_following(breaker->iterator, offset);
    return next == UBRK_DONE ? -1 : next;
}

int32_t ctextshims_script(uint32_t codepoint) {
    UErrorCode status = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript((UChar32)codepoint, &status);
    return U_FAILURE(status) ? USCRIPT_COMMON : (int32_t)script;
}

static void ctextshims_version_string(const UVersionInfo version, char *buffer, size_t length) {
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(version, text);
    if (length == 0) return;
    strncpy(buffer, text, length - 1);
    buffer[length - 1] = 0;
}

void ctextshims_icu_version(char *buffer, size_t length) {
    UVersionInfo version;
    u_getVersion(version);
    ctextshims_version_string(version, buffer, length);
}

void ctextshims_unicode_version(char *buffer, size_t length) {
    UVersionInfo version;
    u_getUnicodeVersion(version);
    ctextshims_version_string(version, buffer, length);
}

uint32_t ctextshims_script_tag(int32_t script) {
    const char *name = uscript_getShortName((UScriptCode)script);
    if (name == NULL || strlen(name) != 4) return 0;
    return ((uint32_t)(unsigned char)name[0] << 24) | ((uint32_t)(unsigned char)name[1] << 16) |
           ((uint32_t)(unsigned char)name[2] << 8) | (uint32_t)(unsigned char)name[3];
}

int32_t ctextshims_grapheme_cluster_break(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_GRAPHEME_CLUSTER_BREAK);
}
bool ctextshims_is_white_space(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_WHITE_SPACE);
}
bool ctextshims_is_default_ignorable(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}
int32_t ctextshims_paired_bracket(uint32_t c, uint32_t *pair) {
    int32_t type = u_getIntPropertyValue((UChar32)c, UCHAR_BIDI_PAIRED_BRACKET_TYPE);
    if (type == U_BPT_NONE) return 0;
    *pair = (uint32_t)u_getBidiPairedBracket((UChar32)c);
    return type == U_BPT_OPEN ? 1 : 2;
}
bool ctextshims_is_virama(uint32_t c) {
    return u_getIntPropertyValue((UChar32)c, UCHAR_INDIC_SYLLABIC_CATEGORY) == U_INSC_VIRAMA;
}
bool ctextshims_is_left_positioned(uint32_t c) {
    switch (u_getIntPropertyValue((UChar32)c, UCHAR_INDIC_POSITIONAL_CATEGORY)) {
    case U_INPC_LEFT:
    case U_INPC_LEFT_AND_RIGHT:
    case U_INPC_TOP_AND_LEFT:
    case U_INPC_TOP_AND_LEFT_AND_RIGHT:
        return true;
    default:
        return false;
    }
}
int32_t ctextshims_combining_class(uint32_t c) { return (int32_t)u_getCombiningClass((UChar32)c); }
int32_t ctextshims_conjunct_role(uint32_t c) {
    int32_t category = u_getIntPropertyValue((UChar32)c, UCHAR_INDIC_SYLLABIC_CATEGORY);
    if (category != U_INSC_CONSONANT && category != U_INSC_VIRAMA) return 0;
    UErrorCode error = U_ZERO_ERROR;
    switch (uscript_getScript((UChar32)c, &error)) {
    case USCRIPT_BENGALI: case USCRIPT_DEVANAGARI: case USCRIPT_GUJARATI:
    case USCRIPT_MALAYALAM: case USCRIPT_ORIYA: case USCRIPT_TELUGU:
        return category == U_INSC_CONSONANT ? 1 : 2;
    default:
        return 0;
    }
}
int32_t ctextshims_general_category(uint32_t c) { return (int32_t)u_charType((UChar32)c); }

int32_t ctextshims_joining_type(uint32_t c) {
    return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_JOINING_TYPE);
}

int32_t ctextshims_line_break_class(uint32_t c) {
    return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_LINE_BREAK);
}

int32_t ctextshims_east_asian_width(uint32_t c) {
    return (int32_t)u_getIntPropertyValue((UChar32)c, UCHAR_EAST_ASIAN_WIDTH);
}

bool ctextshims_is_extended_pictographic(uint32_t c) {
    return u_hasBinaryProperty((UChar32)c, UCHAR_EXTENDED_PICTOGRAPHIC);
}

int32_t ctextshims_bidi_class(uint32_t c) { return (int32_t)u_charDirection((UChar32)c); }

bool ctextshims_is_rtl_relevant(uint32_t c) {
    switch (u_charDirection((UChar32)c)) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_RIGHT_TO_LEFT_ISOLATE:
    case U_FIRST_STRONG_ISOLATE:
    case U_ARABIC_NUMBER:
        return true;
    default:
        return false;
    }
}

int32_t ctextshims_bidi_levels(void *reused, const uint16_t *text, int32_t length, uint8_t paragraph_level,
                               uint8_t *levels) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = reused != NULL ? (UBiDi *)reused : ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status)) return (int32_t)status;
    ubidi_setPara(bidi, (const UChar *)text, length, (UBiDiLevel)paragraph_level, NULL, &status);
    if (U_SUCCESS(status)) {
        const UBiDiLevel *computed = ubidi_getLevels(bidi, &status);
        if (U_SUCCESS(status) && computed != NULL) memcpy(levels, computed, (size_t)length);
    }
    if (reused == NULL) ubidi_close(bidi);
    return (int32_t)status;
}

void *ctextshims_bidi_create(void) { return ubidi_open(); }

void ctextshims_bidi_destroy(void *bidi) {
    if (bidi != NULL) ubidi_close((UBiDi *)bidi);
}

int32_t ctextshims_base_direction(const uint16_t *text, int32_t length) {
    switch (ubidi_getBaseDirection((const UChar *)text, length)) {
    case UBIDI_LTR: return 0;
    case UBIDI_RTL: return 1;
    default: return 2;
    }
}

const char *ctextshims_icu_error_name(int32_t error) { return u_errorName((UErrorCode)error); }

const char *ctextshims_freetype_error_string(int32_t error) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) \
    case v:                  \
        return s;
#define FT_ERROR_START_LIST switch (error) {
#define FT_ERROR_END_LIST }
#include FT_ERRORS_H
    return "unknown FreeType error";
}

/* The character tables (generated, see CTextShims.h). In this file's compilation unit rather
 * than a C file of their own: valgrind 3.19 (Debian 12) cannot read the debug information of a
 * binary with Swift's DWARF 4 and more than one C compilation unit's DWARF 5. */
#include "GeneratedTables.h"
