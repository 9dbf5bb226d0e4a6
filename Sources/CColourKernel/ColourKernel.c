#include "ColourKernel.h"

#if defined(__x86_64__)
#include <immintrin.h>
#include <string.h>

/* ColourCube's fixed point: bits per lane of an entry; for a cube writing `out`-bit codes (8 or 10), the
   fraction bits of a code, the offset added to codes and the largest code. */
enum { LANE_BITS = 21 };
#define FRACTION_BITS(out) ((out) == 8 ? 5 : 3)
#define OFFSET(out) ((out) == 8 ? 128 : 512)
#define LARGEST_CODE(out) ((1 << (out)) - 1)

/* Compiled for the instruction set whatever the target's flags, and inlined into the kernels so that the
   bit depth is a constant. */
#define AVX2_INLINE static inline __attribute__((target("avx2"), always_inline))
#define AVX512_TARGET __attribute__((target("avx2,avx512f,avx512dq")))
#define AVX512_INLINE static inline AVX512_TARGET __attribute__((always_inline))

bool dv_cube_has_avx2(void) {
    return __builtin_cpu_supports("avx2");
}

bool dv_cube_has_avx512(void) {
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq");
}

/* The grid of a cube reading `bits`-bit codes: log2 of the codes between grid points (8 at either depth), and
   grid points per axis. */
#define CELL_BITS(bits) ((void)(bits), 3)
#define GRID_SIZE(bits) ((1LL << ((bits) - CELL_BITS(bits))) + 1)

/* AVX2: four 2×2 blocks side by side, one per 64-bit lane. */

/* What the blocks' luma samples share: where their chroma puts them in the grid, and the order in which
   their tetrahedra step through Cb and Cr (`high` the larger chroma offset in the cell, `high_step` its
   step in the grid). */
typedef struct {
    __m256i uv_corner, high, low, high_step, after_high;
} chroma4;

/* The packed sum over the tetrahedron of one luma sample of each block, as ColourCube's `interpolate`: the
   same corners, weights and products modulo 2^64, so the same word. */
AVX2_INLINE __m256i interpolate4(const uint64_t *entries, int bits, __m256i luma, chroma4 chroma) {
    const int cell_bits = CELL_BITS(bits);
    const long long size = GRID_SIZE(bits);
    const __m256i y_step = _mm256_set1_epi64x(size * size), uv_step = _mm256_set1_epi64x(size + 1);
    const __m256i far = _mm256_set1_epi64x(size * size + size + 1);
    const __m256i y = _mm256_and_si256(luma, _mm256_set1_epi64x((1LL << bits) - 1));
    const __m256i fy = _mm256_and_si256(y, _mm256_set1_epi64x((1LL << cell_bits) - 1));
    const __m256i corner = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(y, cell_bits), y_step), chroma.uv_corner);
    /* All ones where the sample's offset is below the larger or smaller chroma offset (ColourCube's masks
       inverted); the offsets sorted by 32-bit minima and maxima, which the values fit. */
    const __m256i below_high = _mm256_cmpgt_epi64(chroma.high, fy), below_low = _mm256_cmpgt_epi64(chroma.low, fy);
    const __m256i second = _mm256_blendv_epi8(y_step, chroma.high_step, below_high);
    const __m256i third = _mm256_blendv_epi8(chroma.after_high, uv_step, below_low);
    const __m256i first = _mm256_max_epi32(fy, chroma.high);
    const __m256i middle = _mm256_max_epi32(chroma.low, _mm256_min_epi32(fy, chroma.high));
    const __m256i last = _mm256_min_epi32(fy, chroma.low);
    const __m256i weights[4] = {
        _mm256_sub_epi64(_mm256_set1_epi64x(1LL << cell_bits), first), _mm256_sub_epi64(first, middle),
        _mm256_sub_epi64(middle, last), last,
    };
    const __m256i offsets[4] = {corner, _mm256_add_epi64(corner, second), _mm256_add_epi64(corner, third), _mm256_add_epi64(corner, far)};
    /* A weight is at most 16, so an entry times it is its low half's product plus its high half's, shifted. */
    __m256i low = _mm256_setzero_si256(), high = _mm256_setzero_si256();
    for (int k = 0; k < 4; k++) {
        const __m256i entry = _mm256_i64gather_epi64((const long long *)entries, offsets[k], 8);
        low = _mm256_add_epi64(low, _mm256_mul_epu32(entry, weights[k]));
        high = _mm256_add_epi64(high, _mm256_mul_epu32(_mm256_srli_epi64(entry, 32), weights[k]));
    }
    return _mm256_add_epi64(low, _mm256_slli_epi64(high, 32));
}

/* The low lane of each of four sums, rounded to whole codes, still offset and unclamped (below 2^32). */
AVX2_INLINE __m256i rounded4(__m256i sums, int shift) {
    const __m256i lane = _mm256_and_si256(sums, _mm256_set1_epi64x((1LL << LANE_BITS) - 1));
    return _mm256_srli_epi64(_mm256_add_epi64(lane, _mm256_set1_epi64x(1LL << (shift - 1))), shift);
}

/* Two sets of four rounded codes as eight 32-bit words, alternating, less the offset. */
AVX2_INLINE __m256i interleaved8(__m256i even, __m256i odd, int offset) {
    return _mm256_sub_epi32(_mm256_or_si256(even, _mm256_slli_epi64(odd, 32)), _mm256_set1_epi32(offset));
}

/* The packed sums of four blocks' samples: top left, top right, bottom left, bottom right. */
typedef struct {
    __m256i a, b, c, d;
} sums4;

/* Four blocks: the luma of their top and bottom rows in pairs (left | right << `pair_shift` in each 64-bit
   lane) and their Cb and Cr, all unmasked; the packed sum of each sample. */
AVX2_INLINE sums4 blocks4(const uint64_t *entries, int bits, int pair_shift, __m256i top, __m256i bottom, __m256i cb, __m256i cr) {
    const int cell_bits = CELL_BITS(bits);
    const long long size = GRID_SIZE(bits);
    const __m256i largest = _mm256_set1_epi64x((1LL << bits) - 1), cell_mask = _mm256_set1_epi64x((1LL << cell_bits) - 1);
    const __m256i u_step = _mm256_set1_epi64x(size);
    cb = _mm256_and_si256(cb, largest);
    cr = _mm256_and_si256(cr, largest);
    const __m256i fu = _mm256_and_si256(cb, cell_mask), fv = _mm256_and_si256(cr, cell_mask);
    const __m256i v_first = _mm256_cmpgt_epi64(fv, fu);
    const __m256i high_step = _mm256_blendv_epi8(u_step, _mm256_set1_epi64x(1), v_first);
    const chroma4 chroma = {
        .uv_corner = _mm256_add_epi64(_mm256_mul_epu32(_mm256_srli_epi64(cb, cell_bits), u_step), _mm256_srli_epi64(cr, cell_bits)),
        .high = _mm256_max_epi32(fu, fv),
        .low = _mm256_min_epi32(fu, fv),
        .high_step = high_step,
        .after_high = _mm256_add_epi64(_mm256_set1_epi64x(size * size), high_step),
    };
    return (sums4){
        .a = interpolate4(entries, bits, top, chroma),
        .b = interpolate4(entries, bits, _mm256_srli_epi64(top, pair_shift), chroma),
        .c = interpolate4(entries, bits, bottom, chroma),
        .d = interpolate4(entries, bits, _mm256_srli_epi64(bottom, pair_shift), chroma),
    };
}

/* The codes of four blocks (`sums` of `bits`-bit samples) as eight 32-bit words each, less the offset,
   unclamped: the top row's and the bottom row's luma, left and right alternating, and Cb and Cr alternating. */
typedef struct {
    __m256i top, bottom, uv;
} codes4;

AVX2_INLINE codes4 codes_of4(sums4 sums, int bits, int out) {
    const int luma_shift = CELL_BITS(bits) + FRACTION_BITS(out);
    /* The blocks' sums, whose lanes do not carry into each other. */
    const __m256i block = _mm256_add_epi64(_mm256_add_epi64(sums.a, sums.b), _mm256_add_epi64(sums.c, sums.d));
    return (codes4){
        .top = interleaved8(rounded4(sums.a, luma_shift), rounded4(sums.b, luma_shift), OFFSET(out)),
        .bottom = interleaved8(rounded4(sums.c, luma_shift), rounded4(sums.d, luma_shift), OFFSET(out)),
        .uv = interleaved8(rounded4(_mm256_srli_epi64(block, LANE_BITS), luma_shift + 2),
                           rounded4(_mm256_srli_epi64(block, 2 * LANE_BITS), luma_shift + 2), OFFSET(out)),
    };
}

/* Writes four blocks' 8-bit codes: 8 + 8 luma codes and 4 + 4 chroma codes. */
AVX2_INLINE void store4_8(codes4 codes, uint8_t *out_top, uint8_t *out_bottom, uint8_t *out_u, uint8_t *out_v) {
    /* Saturated to 16 then 8 bits (the clamp to 0…255): bytes 0-3 of each 128-bit half are the top row's,
       4-7 the bottom row's. */
    const __m256i luma16 = _mm256_packs_epi32(codes.top, codes.bottom);
    const __m256i luma8 = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(luma16, luma16), _mm256_setr_epi32(0, 4, 1, 5, 0, 0, 0, 0));
    const __m128i rows = _mm256_castsi256_si128(luma8);
    _mm_storel_epi64((__m128i *)out_top, rows);
    _mm_storel_epi64((__m128i *)out_bottom, _mm_unpackhi_epi64(rows, rows));
    /* The Cb codes go to the low 128 bits, the Cr codes to the high. */
    const __m256i chroma32 = _mm256_permutevar8x32_epi32(codes.uv, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256i chroma16 = _mm256_packs_epi32(chroma32, chroma32);
    const __m256i chroma8 = _mm256_packus_epi16(chroma16, chroma16);
    const int u = _mm256_extract_epi32(chroma8, 0), v = _mm256_extract_epi32(chroma8, 4);
    memcpy(out_u, &u, 4);
    memcpy(out_v, &v, 4);
}

/* Writes four blocks' 10-bit codes (in 16-bit words): 8 + 8 luma codes and 4 + 4 chroma codes. */
AVX2_INLINE void store4_10(codes4 codes, uint16_t *out_top, uint16_t *out_bottom, uint16_t *out_u, uint16_t *out_v) {
    const __m256i largest = _mm256_set1_epi16(LARGEST_CODE(10));
    /* Saturated to unsigned 16 bits (negative codes to 0), then held to 1023: the top row's first four, the
       bottom row's first four, the top row's last four, the bottom row's last four, put back in row order. */
    const __m256i luma = _mm256_permute4x64_epi64(_mm256_min_epu16(_mm256_packus_epi32(codes.top, codes.bottom), largest), 0xD8);
    _mm_storeu_si128((__m128i *)out_top, _mm256_castsi256_si128(luma));
    _mm_storeu_si128((__m128i *)out_bottom, _mm256_extracti128_si256(luma, 1));
    const __m256i chroma32 = _mm256_permutevar8x32_epi32(codes.uv, _mm256_setr_epi32(0, 2, 4, 6, 1, 3, 5, 7));
    const __m256i chroma = _mm256_min_epu16(_mm256_packus_epi32(chroma32, chroma32), largest);
    _mm_storel_epi64((__m128i *)out_u, _mm256_castsi256_si128(chroma));
    _mm_storel_epi64((__m128i *)out_v, _mm256_extracti128_si256(chroma, 1));
}

/* Four blocks' samples, 8-bit or 10-bit, from the planes' given places, widened for `blocks4`. */
AVX2_INLINE sums4 avx2_sums_8(const uint64_t *entries, const uint8_t *top, const uint8_t *bottom, const uint8_t *u, const uint8_t *v) {
    int cb, cr;
    memcpy(&cb, u, 4);
    memcpy(&cr, v, 4);
    return blocks4(entries, 8, 8, _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)top)),
                   _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)bottom)), _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(cb)),
                   _mm256_cvtepu8_epi64(_mm_cvtsi32_si128(cr)));
}

AVX2_INLINE sums4 avx2_sums_10(const uint64_t *entries, const uint16_t *top, const uint16_t *bottom, const uint16_t *u, const uint16_t *v) {
    return blocks4(entries, 10, 16, _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)top)),
                   _mm256_cvtepu32_epi64(_mm_loadu_si128((const __m128i *)bottom)), _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)u)),
                   _mm256_cvtepu16_epi64(_mm_loadl_epi64((const __m128i *)v)));
}

/* Four blocks of `in`-bit samples into `out`-bit codes, from and to the planes' given places. */
#define AVX2_BLOCKS(name, in, out, Sample, Output)                                                                         \
    AVX2_INLINE void name(const uint64_t *entries, const Sample *top, const Sample *bottom, const Sample *u, const Sample *v, \
                          Output *out_top, Output *out_bottom, Output *out_u, Output *out_v) {                            \
        store4_##out(codes_of4(avx2_sums_##in(entries, top, bottom, u, v), in, out), out_top, out_bottom, out_u, out_v);      \
    }

/* AVX-512: eight 2×2 blocks side by side, one per 64-bit lane, with 64-bit products, minima and maxima. */

/* As `chroma4`, for eight blocks. */
typedef struct {
    __m512i uv_corner, high, low, high_step, after_high;
} chroma8;

/* As `interpolate4`, for eight blocks. */
AVX512_INLINE __m512i interpolate8(const uint64_t *entries, int bits, __m512i luma, chroma8 chroma) {
    const int cell_bits = CELL_BITS(bits);
    const long long size = GRID_SIZE(bits);
    const __m512i y_step = _mm512_set1_epi64(size * size), uv_step = _mm512_set1_epi64(size + 1);
    const __m512i far = _mm512_set1_epi64(size * size + size + 1);
    const __m512i y = _mm512_and_si512(luma, _mm512_set1_epi64((1LL << bits) - 1));
    const __m512i fy = _mm512_and_si512(y, _mm512_set1_epi64((1LL << cell_bits) - 1));
    const __m512i corner = _mm512_add_epi64(_mm512_mul_epu32(_mm512_srli_epi64(y, cell_bits), y_step), chroma.uv_corner);
    const __mmask8 below_high = _mm512_cmplt_epu64_mask(fy, chroma.high), below_low = _mm512_cmplt_epu64_mask(fy, chroma.low);
    const __m512i second = _mm512_mask_blend_epi64(below_high, y_step, chroma.high_step);
    const __m512i third = _mm512_mask_blend_epi64(below_low, chroma.after_high, uv_step);
    const __m512i first = _mm512_max_epu64(fy, chroma.high);
    const __m512i middle = _mm512_max_epu64(chroma.low, _mm512_min_epu64(fy, chroma.high));
    const __m512i last = _mm512_min_epu64(fy, chroma.low);
    const __m512i weights[4] = {
        _mm512_sub_epi64(_mm512_set1_epi64(1LL << cell_bits), first), _mm512_sub_epi64(first, middle),
        _mm512_sub_epi64(middle, last), last,
    };
    const __m512i offsets[4] = {corner, _mm512_add_epi64(corner, second), _mm512_add_epi64(corner, third), _mm512_add_epi64(corner, far)};
    __m512i sum = _mm512_setzero_si512();
    for (int k = 0; k < 4; k++) {
        const __m512i entry = _mm512_i64gather_epi64(offsets[k], (const long long *)entries, 8);
        sum = _mm512_add_epi64(sum, _mm512_mullo_epi64(entry, weights[k]));
    }
    return sum;
}

/* The low lane of each of eight sums as an `out`-bit code: rounded, less the offset, clamped. */
AVX512_INLINE __m512i codes8(__m512i sums, int shift, int out) {
    const __m512i lane = _mm512_and_si512(sums, _mm512_set1_epi64((1LL << LANE_BITS) - 1));
    const __m512i rounded = _mm512_srli_epi64(_mm512_add_epi64(lane, _mm512_set1_epi64(1LL << (shift - 1))), shift);
    return _mm512_min_epi64(_mm512_max_epi64(_mm512_sub_epi64(rounded, _mm512_set1_epi64(OFFSET(out))), _mm512_setzero_si512()),
                            _mm512_set1_epi64(LARGEST_CODE(out)));
}

/* As `sums4`, for eight blocks. */
typedef struct {
    __m512i a, b, c, d;
} sums8;

/* As `blocks4`, for eight blocks. */
AVX512_INLINE sums8 blocks8(const uint64_t *entries, int bits, int pair_shift, __m512i top, __m512i bottom, __m512i cb, __m512i cr) {
    const int cell_bits = CELL_BITS(bits);
    const long long size = GRID_SIZE(bits);
    const __m512i largest = _mm512_set1_epi64((1LL << bits) - 1), cell_mask = _mm512_set1_epi64((1LL << cell_bits) - 1);
    const __m512i u_step = _mm512_set1_epi64(size);
    cb = _mm512_and_si512(cb, largest);
    cr = _mm512_and_si512(cr, largest);
    const __m512i fu = _mm512_and_si512(cb, cell_mask), fv = _mm512_and_si512(cr, cell_mask);
    const __m512i high_step = _mm512_mask_blend_epi64(_mm512_cmplt_epu64_mask(fu, fv), u_step, _mm512_set1_epi64(1));
    const chroma8 chroma = {
        .uv_corner = _mm512_add_epi64(_mm512_mul_epu32(_mm512_srli_epi64(cb, cell_bits), u_step), _mm512_srli_epi64(cr, cell_bits)),
        .high = _mm512_max_epu64(fu, fv),
        .low = _mm512_min_epu64(fu, fv),
        .high_step = high_step,
        .after_high = _mm512_add_epi64(_mm512_set1_epi64(size * size), high_step),
    };
    return (sums8){
        .a = interpolate8(entries, bits, top, chroma),
        .b = interpolate8(entries, bits, _mm512_srli_epi64(top, pair_shift), chroma),
        .c = interpolate8(entries, bits, bottom, chroma),
        .d = interpolate8(entries, bits, _mm512_srli_epi64(bottom, pair_shift), chroma),
    };
}

/* Writes eight blocks' 8-bit codes (from `sums` of `bits`-bit samples): 16 + 16 luma codes and 8 + 8 chroma
   codes. */
AVX512_INLINE void store8_8(sums8 sums, int bits, uint8_t *out_top, uint8_t *out_bottom, uint8_t *out_u, uint8_t *out_v) {
    const int luma_shift = CELL_BITS(bits) + FRACTION_BITS(8);
    /* Left | right << 8 in each lane: the row's bytes in order once each lane is cut to 16 bits. */
    const __m512i top_codes = _mm512_or_si512(codes8(sums.a, luma_shift, 8), _mm512_slli_epi64(codes8(sums.b, luma_shift, 8), 8));
    const __m512i bottom_codes = _mm512_or_si512(codes8(sums.c, luma_shift, 8), _mm512_slli_epi64(codes8(sums.d, luma_shift, 8), 8));
    _mm_storeu_si128((__m128i *)out_top, _mm512_cvtepi64_epi16(top_codes));
    _mm_storeu_si128((__m128i *)out_bottom, _mm512_cvtepi64_epi16(bottom_codes));
    const __m512i block = _mm512_add_epi64(_mm512_add_epi64(sums.a, sums.b), _mm512_add_epi64(sums.c, sums.d));
    _mm_storel_epi64((__m128i *)out_u, _mm512_cvtepi64_epi8(codes8(_mm512_srli_epi64(block, LANE_BITS), luma_shift + 2, 8)));
    _mm_storel_epi64((__m128i *)out_v, _mm512_cvtepi64_epi8(codes8(_mm512_srli_epi64(block, 2 * LANE_BITS), luma_shift + 2, 8)));
}

/* Writes eight blocks' 10-bit codes (in 16-bit words): 16 + 16 luma codes and 8 + 8 chroma codes. */
AVX512_INLINE void store8_10(sums8 sums, int bits, uint16_t *out_top, uint16_t *out_bottom, uint16_t *out_u, uint16_t *out_v) {
    const int luma_shift = CELL_BITS(bits) + FRACTION_BITS(10);
    /* Left | right << 16 in each lane: the row's words in order once each lane is cut to 32 bits. */
    const __m512i top_codes = _mm512_or_si512(codes8(sums.a, luma_shift, 10), _mm512_slli_epi64(codes8(sums.b, luma_shift, 10), 16));
    const __m512i bottom_codes = _mm512_or_si512(codes8(sums.c, luma_shift, 10), _mm512_slli_epi64(codes8(sums.d, luma_shift, 10), 16));
    _mm256_storeu_si256((__m256i *)out_top, _mm512_cvtepi64_epi32(top_codes));
    _mm256_storeu_si256((__m256i *)out_bottom, _mm512_cvtepi64_epi32(bottom_codes));
    const __m512i block = _mm512_add_epi64(_mm512_add_epi64(sums.a, sums.b), _mm512_add_epi64(sums.c, sums.d));
    _mm_storeu_si128((__m128i *)out_u, _mm512_cvtepi64_epi16(codes8(_mm512_srli_epi64(block, LANE_BITS), luma_shift + 2, 10)));
    _mm_storeu_si128((__m128i *)out_v, _mm512_cvtepi64_epi16(codes8(_mm512_srli_epi64(block, 2 * LANE_BITS), luma_shift + 2, 10)));
}

/* Eight blocks' samples, 8-bit or 10-bit, from the planes' given places, widened for `blocks8`. */
AVX512_INLINE sums8 avx512_sums_8(const uint64_t *entries, const uint8_t *top, const uint8_t *bottom, const uint8_t *u, const uint8_t *v) {
    return blocks8(entries, 8, 8, _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i *)top)),
                   _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i *)bottom)), _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)u)),
                   _mm512_cvtepu8_epi64(_mm_loadl_epi64((const __m128i *)v)));
}

AVX512_INLINE sums8 avx512_sums_10(const uint64_t *entries, const uint16_t *top, const uint16_t *bottom, const uint16_t *u, const uint16_t *v) {
    return blocks8(entries, 10, 16, _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)top)),
                   _mm512_cvtepu32_epi64(_mm256_loadu_si256((const __m256i *)bottom)),
                   _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i *)u)), _mm512_cvtepu16_epi64(_mm_loadu_si128((const __m128i *)v)));
}

/* Eight blocks of `in`-bit samples into `out`-bit codes, from and to the planes' given places. */
#define AVX512_BLOCKS(name, in, out, Sample, Output)                                                                         \
    AVX512_INLINE void name(const uint64_t *entries, const Sample *top, const Sample *bottom, const Sample *u, const Sample *v, \
                            Output *out_top, Output *out_bottom, Output *out_u, Output *out_v) {                            \
        store8_##out(avx512_sums_##in(entries, top, bottom, u, v), in, out_top, out_bottom, out_u, out_v);                   \
    }

/* A kernel over pairs of rows: `group` blocks at a time through `blocks`, and the last blocks of a row, fewer
   than `group`, through the same code from copies padded with zeros, so that nothing outside the region is
   read or written. */
#define APPLY(name, attributes, Sample, Planes, Output, Target, group, blocks)                                              \
    attributes void name(const uint64_t *entries, Planes source, Target target, ptrdiff_t width, ptrdiff_t first_pair,      \
                         ptrdiff_t end_pair) {                                                                              \
        const ptrdiff_t count = width / 2, whole = count - count % (group), rest = count - whole;                           \
        for (ptrdiff_t pair = first_pair; pair < end_pair; pair++) {                                                        \
            const Sample *top = source.y + 2 * pair * source.y_stride, *bottom = top + source.y_stride;                     \
            const Sample *u = source.u + pair * source.chroma_stride, *v = source.v + pair * source.chroma_stride;          \
            Output *out_top = target.y + 2 * pair * target.y_stride, *out_bottom = out_top + target.y_stride;               \
            Output *out_u = target.u + pair * target.chroma_stride;                                                         \
            Output *out_v = target.v + pair * target.chroma_stride;                                                         \
            for (ptrdiff_t block = 0; block < whole; block += (group)) {                                                    \
                blocks(entries, top + 2 * block, bottom + 2 * block, u + block, v + block, out_top + 2 * block,             \
                       out_bottom + 2 * block, out_u + block, out_v + block);                                               \
            }                                                                                                               \
            if (rest > 0) {                                                                                                 \
                Sample in[4][2 * (group)] = {{0}};                                                                          \
                Output out[4][2 * (group)];                                                                                 \
                memcpy(in[0], top + 2 * whole, 2 * rest * sizeof(Sample));                                                  \
                memcpy(in[1], bottom + 2 * whole, 2 * rest * sizeof(Sample));                                               \
                memcpy(in[2], u + whole, rest * sizeof(Sample));                                                            \
                memcpy(in[3], v + whole, rest * sizeof(Sample));                                                            \
                blocks(entries, in[0], in[1], in[2], in[3], out[0], out[1], out[2], out[3]);                                \
                memcpy(out_top + 2 * whole, out[0], 2 * rest * sizeof(Output));                                             \
                memcpy(out_bottom + 2 * whole, out[1], 2 * rest * sizeof(Output));                                          \
                memcpy(out_u + whole, out[2], rest * sizeof(Output));                                                       \
                memcpy(out_v + whole, out[3], rest * sizeof(Output));                                                       \
            }                                                                                                               \
        }                                                                                                                   \
    }

AVX2_BLOCKS(avx2_blocks_8, 8, 8, uint8_t, uint8_t)
AVX2_BLOCKS(avx2_blocks_10, 10, 8, uint16_t, uint8_t)
AVX2_BLOCKS(avx2_blocks_8_to_10, 8, 10, uint8_t, uint16_t)
AVX2_BLOCKS(avx2_blocks_10_to_10, 10, 10, uint16_t, uint16_t)
AVX512_BLOCKS(avx512_blocks_8, 8, 8, uint8_t, uint8_t)
AVX512_BLOCKS(avx512_blocks_10, 10, 8, uint16_t, uint8_t)
AVX512_BLOCKS(avx512_blocks_8_to_10, 8, 10, uint8_t, uint16_t)
AVX512_BLOCKS(avx512_blocks_10_to_10, 10, 10, uint16_t, uint16_t)

APPLY(dv_cube_apply8_avx2, __attribute__((target("avx2"))), uint8_t, dv_planes8, uint8_t, dv_planes8, 4, avx2_blocks_8)
APPLY(dv_cube_apply10_avx2, __attribute__((target("avx2"))), uint16_t, dv_planes16, uint8_t, dv_planes8, 4, avx2_blocks_10)
APPLY(dv_cube_apply8_to10_avx2, __attribute__((target("avx2"))), uint8_t, dv_planes8, uint16_t, dv_planes16, 4, avx2_blocks_8_to_10)
APPLY(dv_cube_apply10_to10_avx2, __attribute__((target("avx2"))), uint16_t, dv_planes16, uint16_t, dv_planes16, 4, avx2_blocks_10_to_10)
APPLY(dv_cube_apply8_avx512, AVX512_TARGET, uint8_t, dv_planes8, uint8_t, dv_planes8, 8, avx512_blocks_8)
APPLY(dv_cube_apply10_avx512, AVX512_TARGET, uint16_t, dv_planes16, uint8_t, dv_planes8, 8, avx512_blocks_10)
APPLY(dv_cube_apply8_to10_avx512, AVX512_TARGET, uint8_t, dv_planes8, uint16_t, dv_planes16, 8, avx512_blocks_8_to_10)
APPLY(dv_cube_apply10_to10_avx512, AVX512_TARGET, uint16_t, dv_planes16, uint16_t, dv_planes16, 8, avx512_blocks_10_to_10)

#endif
