#ifndef DVPIPE_LINE_BREAK_H
#define DVPIPE_LINE_BREAK_H

#include <stdint.h>

/* Where lines may break in UTF-16 `text` of `length` code units, by ICU's line-breaking rules (UAX #14) for
   `locale` (a BCP 47 or POSIX name, or ""): the offsets of the code units that may start a line, in order,
   written into `breaks` (room for `capacity`), the text's end left out. Returns how many, or -1 when ICU
   cannot open its line-break iterator. Only plain C types cross this header, so that ICU's own headers do not
   meet the copy of them Foundation carries. */
int32_t dv_line_breaks(const uint16_t *text, int32_t length, const char *locale, int32_t *breaks, int32_t capacity);

/* ICU's version, as `72.1`. */
const char *dv_icu_version(void);

#endif
