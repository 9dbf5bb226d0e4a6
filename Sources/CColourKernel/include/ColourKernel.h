#ifndef DVPIPE_COLOUR_KERNEL_H
#define DVPIPE_COLOUR_KERNEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* ColourCube's loop over 4:2:0 pictures as AVX2 and AVX-512 code, for x86-64 only. The entries are
   ColourCube's (three 21-bit lanes of output codes in fixed point, Y′ lowest, the grid Y′ slowest and Cr
   fastest; (code + 128) × 32 for a cube writing 8-bit codes, (code + 512) × 8 for one writing 10-bit codes)
   and the samples written are exactly those of its Swift loop. */
#if defined(__x86_64__)

/** The first samples of a 4:2:0 region's three 8-bit planes and their strides, in samples. */
typedef struct dv_planes8 {
    uint8_t *y;
    ptrdiff_t y_stride;
    uint8_t *u;
    uint8_t *v;
    ptrdiff_t chroma_stride;
} dv_planes8;

/** The first samples of a 4:2:0 region's three planes of 10-bit samples (in 16-bit words) and their strides, in samples. */
typedef struct dv_planes16 {
    uint16_t *y;
    ptrdiff_t y_stride;
    uint16_t *u;
    uint16_t *v;
    ptrdiff_t chroma_stride;
} dv_planes16;

/** True when this CPU and its operating system run AVX2 code. */
bool dv_cube_has_avx2(void);

/** True when this CPU and its operating system run the AVX-512 code (AVX-512 F and DQ). */
bool dv_cube_has_avx512(void);

/** Converts the pairs of rows `first_pair` up to (not including) `end_pair` of a region `width` samples
    wide (even) of 8-bit planes through the 33³ `entries` of an 8-bit cube; `target` may be `source`.
    Only on a CPU for which `dv_cube_has_avx2` is true. */
void dv_cube_apply8_avx2(const uint64_t *entries, dv_planes8 source, dv_planes8 target, ptrdiff_t width,
                         ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply8_avx2`, from planes of 10-bit samples through the 129³ `entries` of a 10-bit cube. */
void dv_cube_apply10_avx2(const uint64_t *entries, dv_planes16 source, dv_planes8 target, ptrdiff_t width,
                          ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply8_avx2`, through the 33³ `entries` of a cube writing 10-bit codes into the planes of `target`. */
void dv_cube_apply8_to10_avx2(const uint64_t *entries, dv_planes8 source, dv_planes16 target, ptrdiff_t width,
                              ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply10_avx2`, through the 129³ `entries` of a cube writing 10-bit codes into the planes of
    `target`, which may be `source`. */
void dv_cube_apply10_to10_avx2(const uint64_t *entries, dv_planes16 source, dv_planes16 target, ptrdiff_t width,
                               ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply8_avx2`, eight blocks at a time; only on a CPU for which `dv_cube_has_avx512` is true. */
void dv_cube_apply8_avx512(const uint64_t *entries, dv_planes8 source, dv_planes8 target, ptrdiff_t width,
                           ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply10_avx2`, eight blocks at a time; only on a CPU for which `dv_cube_has_avx512` is true. */
void dv_cube_apply10_avx512(const uint64_t *entries, dv_planes16 source, dv_planes8 target, ptrdiff_t width,
                            ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply8_to10_avx2`, eight blocks at a time; only where `dv_cube_has_avx512` is true. */
void dv_cube_apply8_to10_avx512(const uint64_t *entries, dv_planes8 source, dv_planes16 target, ptrdiff_t width,
                                ptrdiff_t first_pair, ptrdiff_t end_pair);

/** As `dv_cube_apply10_to10_avx2`, eight blocks at a time; only where `dv_cube_has_avx512` is true. */
void dv_cube_apply10_to10_avx512(const uint64_t *entries, dv_planes16 source, dv_planes16 target, ptrdiff_t width,
                                 ptrdiff_t first_pair, ptrdiff_t end_pair);

#endif
#endif
