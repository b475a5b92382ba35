/*
 * chacha20_x16.h - the output of the sixteen-block AVX-512 ChaCha20 step,
 * shared by chacha20_avx512.c and the stitched seal
 * (chacha20_poly1305_avx512ifma.c). After the 4x4 word transposes within
 * each 128-bit lane, x(b), x(4+b), x(8+b), x(12+b) hold words 0-3, 4-7,
 * 8-11, 12-15 of blocks b, 4+b, 8+b, 12+b in their lanes 0..3; the 4x4
 * transpose of 128-bit lanes (vshufi32x4) makes each block one register,
 * which OUT(byte offset, register) stores. Needs <immintrin.h> and x0 ..
 * x15 in scope.
 */
#ifndef EMBER_CHACHA20_X16_H
#define EMBER_CHACHA20_X16_H

#define X16_BLOCK(b, A, B, C, D, OUT)                                              \
	do {                                                                       \
		__m512i ab_lo = _mm512_shuffle_i32x4(A, B, 0x44);                  \
		__m512i cd_lo = _mm512_shuffle_i32x4(C, D, 0x44);                  \
		__m512i ab_hi = _mm512_shuffle_i32x4(A, B, 0xee);                  \
		__m512i cd_hi = _mm512_shuffle_i32x4(C, D, 0xee);                  \
		OUT(64 * (b), _mm512_shuffle_i32x4(ab_lo, cd_lo, 0x88));           \
		OUT(64 * (b) + 256, _mm512_shuffle_i32x4(ab_lo, cd_lo, 0xdd));     \
		OUT(64 * (b) + 512, _mm512_shuffle_i32x4(ab_hi, cd_hi, 0x88));     \
		OUT(64 * (b) + 768, _mm512_shuffle_i32x4(ab_hi, cd_hi, 0xdd));     \
	} while (0)
#define X16_ALL(OUT)                                                               \
	X16_BLOCK(0, x0, x4, x8, x12, OUT);                                        \
	X16_BLOCK(1, x1, x5, x9, x13, OUT);                                        \
	X16_BLOCK(2, x2, x6, x10, x14, OUT);                                       \
	X16_BLOCK(3, x3, x7, x11, x15, OUT)

#endif
