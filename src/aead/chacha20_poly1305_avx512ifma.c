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
#include "aead/poly1305_ifma.h"
#include "aead/chacha20_x16.h"

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

#define ST_XOR(off, v)                                                             \
	_mm512_storeu_si512((void *)(out + (off)), _mm512_xor_si512(v, _mm512_loadu_si512((const void *)(in + (off)))))
#define ST_KS(off, v) _mm512_store_si512((void *)(ks + (off)), v)

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
	P1305_IFMA_CONSTS(1);
	const __m512i lane_ctr = _mm512_set_epi32(15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0);
	uint64_t pw[8][3], lane[3][8];
	uint8_t ks[1024] EMBER_ALIGN(64);
	__m512i H0, H1, H2, R0, R1, R2, S1, S2;
	const uint8_t *p = out;                 /* the next ciphertext for the lanes */
	const uint8_t *pend = out + (len & ~(size_t)127); /* the lanes take whole groups of eight blocks */
	size_t off = HEAD;
	uint32_t counter = 1 + HEAD / 64;
	int partial = 0;

	/* pw[i] = r^(i + 1), up to r^8; lane[.][j] = r^(8 - j) */
	p1305_ifma_powers(st, pw, lane);
	R0 = _mm512_set1_epi64((long long)pw[7][0]);
	R1 = _mm512_set1_epi64((long long)pw[7][1]);
	R2 = _mm512_set1_epi64((long long)pw[7][2]);
	S1 = _mm512_set1_epi64((long long)(pw[7][1] * 20));
	S2 = _mm512_set1_epi64((long long)(pw[7][2] * 20));

	/* h joins lane 0 with the first block; HEAD >= 128, so the first group is written */
	H0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[0]);
	H1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[1]);
	H2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[2]);
	P1305_VADD_BLOCKS(H0, H1, H2, p);
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
				P1305_VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			ST_QR(x2, x6, x10, x14);
			ST_QR(x3, x7, x11, x15);
			ST_QR(x0, x5, x10, x15);
			ST_QR(x1, x6, x11, x12);
			if (r < k) {
				P1305_VADD_BLOCKS(H0, H1, H2, p);
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
			X16_ALL(ST_XOR);
			out -= off, in -= off;
		} else {
			X16_ALL(ST_KS);
			ember_chacha20_xor_bytes(out + off, in + off, ks, n);
			partial = 1;
		}
		off += n;
		counter += 16;
	}
	/* the whole groups left, then each lane j times r^(8 - j) */
	while (p < pend) {
		P1305_VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
		P1305_VADD_BLOCKS(H0, H1, H2, p);
		p += 128;
	}
	R0 = _mm512_loadu_si512((const void *)lane[0]);
	R1 = _mm512_loadu_si512((const void *)lane[1]);
	R2 = _mm512_loadu_si512((const void *)lane[2]);
	P1305_TIMES20(S1, R1);
	P1305_TIMES20(S2, R2);
	P1305_VMUL(H0, H1, H2, R0, R1, R2, S1, S2);

	/* the lanes' sum */
	p1305_ifma_sum(st, (uint64_t)_mm512_reduce_add_epi64(H0), (uint64_t)_mm512_reduce_add_epi64(H1),
	    (uint64_t)_mm512_reduce_add_epi64(H2));
	if (partial)
		ember_wipe(ks, sizeof(ks));
	ember_wipe(pw, sizeof(pw));
	ember_wipe(lane, sizeof(lane));
	return (size_t)(p - out);
}

#endif
