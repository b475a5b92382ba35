/*
 * ChaCha20-Poly1305 seal on the avx512ifma pair (chacha20_avx512.c and
 * poly1305_avx512ifma.c): the two stitched into one instruction stream,
 * for chacha20_poly1305.c's aead_seal when that pair is the context's.
 * Seal with this core is about 1.3x the two passes at 8-16 KiB on the
 * AMD EPYC (Zen 5) of docs/BENCHMARKS.md.
 */
#include "aead/chacha20_impl.h"

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>
#include "aead/poly1305_r44.h"

#define HEAD EMBER_CHACHA20_POLY1305_HEAD

/*
 * Both halves of the avx512ifma pair are bound by latency, not by the
 * vector ports: ChaCha20's sixteen-block step is four dependent chains of
 * quarter rounds, Poly1305's eight-lane step one chain of multiplications
 * and carries. Seal therefore runs them in one instruction stream: while
 * a step makes 1024 bytes of ciphertext, the Poly1305 lanes take up to
 * 1024 bytes of the ciphertext already written, one eight-block step per
 * double round (the out-of-order core fills the ports from both). The
 * code is chacha20_avx512.c's x16 and poly1305_avx512ifma.c's lanes
 * written together, over the radix 2^44 state of poly1305_r44.h that
 * ember_poly1305_avx512ifma keeps; used only for that pair (aead_seal).
 * Open keeps its two passes, as the tag is checked before |out| is written.
 * Constant-time: straight-line vector code; the branches and loop bounds
 * depend on lengths only.
 */
#define ST_TGT EMBER_TARGET("avx2,avx512f,avx512vl,avx512ifma")

/* RFC 8439, 2.1, on sixteen lanes */
#define ST_QR(a, b, c, d)                                                          \
	do {                                                                       \
		a = _mm512_add_epi32(a, b);                                        \
		d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 16);                  \
		c = _mm512_add_epi32(c, d);                                        \
		b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 12);                  \
		a = _mm512_add_epi32(a, b);                                        \
		d = _mm512_rol_epi32(_mm512_xor_si512(d, a), 8);                   \
		c = _mm512_add_epi32(c, d);                                        \
		b = _mm512_rol_epi32(_mm512_xor_si512(b, c), 7);                   \
	} while (0)

/* rows a b c d to one block's four words per 128-bit lane */
#define ST_T4(a, b, c, d)                                                          \
	do {                                                                       \
		__m512i t0_ = _mm512_unpacklo_epi32(a, b), t1_ = _mm512_unpacklo_epi32(c, d); \
		__m512i t2_ = _mm512_unpackhi_epi32(a, b), t3_ = _mm512_unpackhi_epi32(c, d); \
		a = _mm512_unpacklo_epi64(t0_, t1_);                               \
		b = _mm512_unpackhi_epi64(t0_, t1_);                               \
		c = _mm512_unpacklo_epi64(t2_, t3_);                               \
		d = _mm512_unpackhi_epi64(t2_, t3_);                               \
	} while (0)

/* blocks b, 4 + b, 8 + b, 12 + b from the transposed rows (chacha20_avx512.c's X16_BLOCK) */
#define ST_BLOCK(b, A, B, C, D, OUT)                                               \
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
#define ST_ALL(OUT)                                                                \
	ST_BLOCK(0, x0, x4, x8, x12, OUT);                                         \
	ST_BLOCK(1, x1, x5, x9, x13, OUT);                                         \
	ST_BLOCK(2, x2, x6, x10, x14, OUT);                                        \
	ST_BLOCK(3, x3, x7, x11, x15, OUT)
#define ST_XOR(off, v)                                                             \
	_mm512_storeu_si512((void *)(out + (off)), _mm512_xor_si512(v, _mm512_loadu_si512((const void *)(in + (off)))))
#define ST_KS(off, v) _mm512_store_si512((void *)(ks + (off)), v)

/* (H0, H1, H2) *= (R0, R1, R2) lane by lane, partly reduced (poly1305_avx512ifma.c's VMUL) */
#define ST_VMUL(R0, R1, R2, S1, S2)                                                  \
	do {                                                                         \
		const __m512i z_ = _mm512_setzero_si512();                           \
		__m512i d0l = _mm512_madd52lo_epu64(z_, H2, S1), d0h = _mm512_madd52hi_epu64(z_, H2, S1); \
		__m512i d1l = _mm512_madd52lo_epu64(z_, H2, S2), d1h = _mm512_madd52hi_epu64(z_, H2, S2); \
		__m512i d2l = _mm512_madd52lo_epu64(z_, H2, R0), d2h = _mm512_madd52hi_epu64(z_, H2, R0); \
		__m512i c_;                                                          \
		d0l = _mm512_madd52lo_epu64(d0l, H0, R0), d0h = _mm512_madd52hi_epu64(d0h, H0, R0); \
		d1l = _mm512_madd52lo_epu64(d1l, H0, R1), d1h = _mm512_madd52hi_epu64(d1h, H0, R1); \
		d2l = _mm512_madd52lo_epu64(d2l, H0, R2), d2h = _mm512_madd52hi_epu64(d2h, H0, R2); \
		d0l = _mm512_madd52lo_epu64(d0l, H1, S2), d0h = _mm512_madd52hi_epu64(d0h, H1, S2); \
		d1l = _mm512_madd52lo_epu64(d1l, H1, R0), d1h = _mm512_madd52hi_epu64(d1h, H1, R0); \
		d2l = _mm512_madd52lo_epu64(d2l, H1, R1), d2h = _mm512_madd52hi_epu64(d2h, H1, R1); \
		H0 = _mm512_and_si512(d0l, m44);                                     \
		c_ = _mm512_add_epi64(_mm512_srli_epi64(d0l, 44), _mm512_slli_epi64(d0h, 8)); \
		d1l = _mm512_add_epi64(d1l, c_);                                     \
		H1 = _mm512_and_si512(d1l, m44);                                     \
		c_ = _mm512_add_epi64(_mm512_srli_epi64(d1l, 44), _mm512_slli_epi64(d1h, 8)); \
		d2l = _mm512_add_epi64(d2l, c_);                                     \
		H2 = _mm512_and_si512(d2l, m42);                                     \
		c_ = _mm512_add_epi64(_mm512_srli_epi64(d2l, 42), _mm512_slli_epi64(d2h, 10)); \
		H0 = _mm512_add_epi64(H0, _mm512_add_epi64(c_, _mm512_slli_epi64(c_, 2))); \
		c_ = _mm512_srli_epi64(H0, 44);                                      \
		H0 = _mm512_and_si512(H0, m44);                                      \
		H1 = _mm512_add_epi64(H1, c_);                                       \
	} while (0)

/* H += the eight blocks at p, lane j block j (poly1305_avx512ifma.c's VADD_BLOCKS, 2^128 added) */
#define ST_VADD(p)                                                                   \
	do {                                                                         \
		__m512i a_ = _mm512_loadu_si512((const void *)(p));                  \
		__m512i b_ = _mm512_loadu_si512((const void *)((p) + 64));           \
		__m512i lo_ = _mm512_permutex2var_epi64(a_, ilo, b_);                \
		__m512i hi_ = _mm512_permutex2var_epi64(a_, ihi, b_);                \
		H0 = _mm512_add_epi64(H0, _mm512_and_si512(lo_, m44));               \
		H1 = _mm512_add_epi64(H1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo_, 44), \
		    _mm512_slli_epi64(hi_, 20)), m44));                                \
		H2 = _mm512_add_epi64(H2, _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hib)); \
	} while (0)

/*
 * The message from |in| + HEAD on (blocks 1 + HEAD / 64 ...) to |out| +
 * HEAD, and Poly1305 (st, after the AAD) over all of |out|'s |len| bytes
 * of ciphertext, whose first HEAD are written; len > HEAD. The whole
 * blocks go through the lanes, the rest to st for the caller.
 * Returns the ciphertext bytes that Poly1305 has taken (a multiple of 16).
 */
ST_TGT size_t ember_chacha20_poly1305_avx512ifma_stitch(const uint32_t key[8], const uint32_t nonce[3], uint64_t *st, uint8_t *out,
    const uint8_t *in, size_t len)
{
	const __m512i m44 = _mm512_set1_epi64((long long)M44), m42 = _mm512_set1_epi64((long long)M42);
	const __m512i hib = _mm512_set1_epi64((long long)1 << 40);
	const __m512i ilo = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
	const __m512i ihi = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
	const __m512i lane_ctr = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	uint64_t pw[8][3], lane[3][8], h0, h1, h2, c;
	uint8_t ks[1024] EMBER_ALIGN(64);
	__m512i H0, H1, H2, R0, R1, R2, S1, S2;
	const uint8_t *p = out;                 /* the next ciphertext for the lanes */
	const uint8_t *pend = out + (len & ~(size_t)127); /* the lanes take whole groups of eight blocks */
	size_t off = HEAD, i;
	uint32_t counter = 1 + HEAD / 64;
	int partial = 0;

	/* pw[i] = r^(i + 1), up to r^8 */
	pw[0][0] = st[3], pw[0][1] = st[4], pw[0][2] = st[5];
	for (i = 1; i < 8; i++) {
		pw[i][0] = pw[i - 1][0], pw[i][1] = pw[i - 1][1], pw[i][2] = pw[i - 1][2];
		r44_mul(&pw[i][0], &pw[i][1], &pw[i][2], st[3], st[4], st[5], st[4] * 20, st[5] * 20);
	}
	R0 = _mm512_set1_epi64((long long)pw[7][0]);
	R1 = _mm512_set1_epi64((long long)pw[7][1]);
	R2 = _mm512_set1_epi64((long long)pw[7][2]);
	S1 = _mm512_set1_epi64((long long)(pw[7][1] * 20));
	S2 = _mm512_set1_epi64((long long)(pw[7][2] * 20));

	/* h joins lane 0 with the first block; HEAD >= 128, so the first group is written */
	H0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[0]);
	H1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[1]);
	H2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[2]);
	ST_VADD(p);
	p += 128;

	while (off < len) {
		const size_t n = len - off < 1024 ? len - off : 1024;
		/* the lanes' steps in this one: whole groups already written, at most eight */
		size_t k = (size_t)(out + off - p) / 128, r;
		const __m512i ctr = _mm512_add_epi32(_mm512_set1_epi32((int)counter), lane_ctr);
		__m512i x0 = _mm512_set1_epi32((int)EMBER_CHACHA_C0), x1 = _mm512_set1_epi32((int)EMBER_CHACHA_C1);
		__m512i x2 = _mm512_set1_epi32((int)EMBER_CHACHA_C2), x3 = _mm512_set1_epi32((int)EMBER_CHACHA_C3);
		__m512i x4 = _mm512_set1_epi32((int)key[0]), x5 = _mm512_set1_epi32((int)key[1]);
		__m512i x6 = _mm512_set1_epi32((int)key[2]), x7 = _mm512_set1_epi32((int)key[3]);
		__m512i x8 = _mm512_set1_epi32((int)key[4]), x9 = _mm512_set1_epi32((int)key[5]);
		__m512i x10 = _mm512_set1_epi32((int)key[6]), x11 = _mm512_set1_epi32((int)key[7]);
		__m512i x12 = ctr, x13 = _mm512_set1_epi32((int)nonce[0]);
		__m512i x14 = _mm512_set1_epi32((int)nonce[1]), x15 = _mm512_set1_epi32((int)nonce[2]);

		if (k > 8)
			k = 8;
		/* RFC 8439, 2.3: ten double rounds, an eight-block Poly1305 step in each of the first k */
		for (r = 0; r < 10; r++) {
			ST_QR(x0, x4, x8, x12);
			ST_QR(x1, x5, x9, x13);
			if (r < k)
				ST_VMUL(R0, R1, R2, S1, S2);
			ST_QR(x2, x6, x10, x14);
			ST_QR(x3, x7, x11, x15);
			ST_QR(x0, x5, x10, x15);
			ST_QR(x1, x6, x11, x12);
			if (r < k) {
				ST_VADD(p);
				p += 128;
			}
			ST_QR(x2, x7, x8, x13);
			ST_QR(x3, x4, x9, x14);
		}
		x0 = _mm512_add_epi32(x0, _mm512_set1_epi32((int)EMBER_CHACHA_C0));
		x1 = _mm512_add_epi32(x1, _mm512_set1_epi32((int)EMBER_CHACHA_C1));
		x2 = _mm512_add_epi32(x2, _mm512_set1_epi32((int)EMBER_CHACHA_C2));
		x3 = _mm512_add_epi32(x3, _mm512_set1_epi32((int)EMBER_CHACHA_C3));
		x4 = _mm512_add_epi32(x4, _mm512_set1_epi32((int)key[0]));
		x5 = _mm512_add_epi32(x5, _mm512_set1_epi32((int)key[1]));
		x6 = _mm512_add_epi32(x6, _mm512_set1_epi32((int)key[2]));
		x7 = _mm512_add_epi32(x7, _mm512_set1_epi32((int)key[3]));
		x8 = _mm512_add_epi32(x8, _mm512_set1_epi32((int)key[4]));
		x9 = _mm512_add_epi32(x9, _mm512_set1_epi32((int)key[5]));
		x10 = _mm512_add_epi32(x10, _mm512_set1_epi32((int)key[6]));
		x11 = _mm512_add_epi32(x11, _mm512_set1_epi32((int)key[7]));
		x12 = _mm512_add_epi32(x12, ctr);
		x13 = _mm512_add_epi32(x13, _mm512_set1_epi32((int)nonce[0]));
		x14 = _mm512_add_epi32(x14, _mm512_set1_epi32((int)nonce[1]));
		x15 = _mm512_add_epi32(x15, _mm512_set1_epi32((int)nonce[2]));
		ST_T4(x0, x1, x2, x3);
		ST_T4(x4, x5, x6, x7);
		ST_T4(x8, x9, x10, x11);
		ST_T4(x12, x13, x14, x15);
		if (n == 1024) {
			out += off, in += off;
			ST_ALL(ST_XOR);
			out -= off, in -= off;
		} else {
			ST_ALL(ST_KS);
			ember_chacha20_xor_bytes(out + off, in + off, ks, n);
			partial = 1;
		}
		off += n;
		counter += 16;
	}
	/* the whole groups left, then each lane j times r^(8 - j) */
	while (p < pend) {
		ST_VMUL(R0, R1, R2, S1, S2);
		ST_VADD(p);
		p += 128;
	}
	for (i = 0; i < 8; i++) {
		lane[0][i] = pw[7 - i][0];
		lane[1][i] = pw[7 - i][1];
		lane[2][i] = pw[7 - i][2];
	}
	R0 = _mm512_loadu_si512((const void *)lane[0]);
	R1 = _mm512_loadu_si512((const void *)lane[1]);
	R2 = _mm512_loadu_si512((const void *)lane[2]);
	S1 = _mm512_add_epi64(_mm512_slli_epi64(R1, 4), _mm512_slli_epi64(R1, 2));
	S2 = _mm512_add_epi64(_mm512_slli_epi64(R2, 4), _mm512_slli_epi64(R2, 2));
	ST_VMUL(R0, R1, R2, S1, S2);

	/* the lanes' sum (each limb below 2^48), carried back to 44/44/42 bits */
	h0 = (uint64_t)_mm512_reduce_add_epi64(H0);
	h1 = (uint64_t)_mm512_reduce_add_epi64(H1);
	h2 = (uint64_t)_mm512_reduce_add_epi64(H2);
	c = h0 >> 44;
	h0 &= M44;
	h1 += c;
	c = h1 >> 44;
	h1 &= M44;
	h2 += c;
	c = h2 >> 42;
	h2 &= M42;
	h0 += c * 5;
	c = h0 >> 44;
	h0 &= M44;
	h1 += c;
	st[0] = h0;
	st[1] = h1;
	st[2] = h2;
	if (partial)
		ember_wipe(ks, sizeof(ks));
	ember_wipe(pw, sizeof(pw));
	ember_wipe(lane, sizeof(lane));
	return (size_t)(p - out);
}

#endif
