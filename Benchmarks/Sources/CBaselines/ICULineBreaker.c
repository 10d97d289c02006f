/* icu-breaks: one ICU line-break pass over a paragraph. The only file of the package that
 * includes ICU's headers. */
#include "CBaselines.h"

#include <stdlib.h>

#include <unicode/ubrk.h>
#include <unicode/utext.h>

struct cbaselines_breaker {
    UBreakIterator *iterator;
    UText text; /* reopened in place for every paragraph: no allocation */
};

cbaselines_breaker *cbaselines_breaker_open(const char *locale, int32_t *error) {
    UErrorCode status = U_ZERO_ERROR;
    cbaselines_breaker *breaker = calloc(1, sizeof *breaker);
    if (breaker == NULL) {
        if (error != NULL) *error = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    UText empty = UTEXT_INITIALIZER;
    breaker->text = empty;
    breaker->iterator = ubrk_open(UBRK_LINE, locale, NULL, 0, &status);
    if (U_FAILURE(status)) {
        if (error != NULL) *error = status;
        free(breaker);
        return NULL;
    }
    if (error != NULL) *error = status;
    return breaker;
}

int32_t cbaselines_breaker_count(cbaselines_breaker *breaker, const char *utf8, int64_t length) {
    if (breaker == NULL || length < 0 || length > INT32_MAX || (utf8 == NULL && length > 0)) return -1;
    UErrorCode status = U_ZERO_ERROR;
    utext_openUTF8(&breaker->text, length > 0 ? utf8 : "", length, &status);
    if (U_FAILURE(status)) return -1;
    ubrk_setUText(breaker->iterator, &breaker->text, &status);
    if (U_FAILURE(status)) return -1;
    int32_t count = 0;
    while (ubrk_next(breaker->iterator) != UBRK_DONE) count += 1;
    return count;
}

void cbaselines_breaker_close(cbaselines_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    utext_close(&breaker->text);
    free(breaker);
}
