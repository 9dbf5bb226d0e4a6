#include "LineBreak.h"

#include <unicode/ubrk.h>
#include <unicode/uversion.h>

int32_t dv_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *breaks, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    if (U_FAILURE(status) || iterator == NULL) {
        return -1;
    }
    int32_t count = 0;
    for (int32_t boundary = ubrk_next(iterator); boundary != UBRK_DONE && boundary < length; boundary = ubrk_next(iterator)) {
        if (count < capacity) {
            breaks[count] = boundary;
        }
        count += 1;
    }
    ubrk_close(iterator);
    return count < capacity ? count : capacity;
}

const char *dv_icu_version(void) {
    return U_ICU_VERSION;
}
