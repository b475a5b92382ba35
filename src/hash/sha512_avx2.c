/*
 * sha512_avx2.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 block
 * function for x86-64 with AVX2 and BMI2 (FIPS 180-4).
 *
 * The message schedule of two blocks is computed at once in 256-bit
 * registers (block A in the low 128-bit lane, block B in the high one, two
 * words per lane; vpalignr works per lane, which is exactly what the
 * W[t-7] and W[t-15] terms need), with the round constants added, into a
 * stack array; the rounds then run in scalar registers, where BMI2's rorx
 * rotates without destroying its source. This is the split Intel's
 * sha512_avx2 code uses, written with intrinsics.
 *
 * Constant-time: straight-line code, no data-dependent branch or index.
 * Init, update and final are sha512_ref.c's.
 *
 * On targets other than x86-64 the whole file is empty: the descriptors
 * exist only there and their registry lines carry the same #if.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>

int ember_sha512_avx2_supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX2 | EMBER_CPU_BMI2);
}

/* FIPS 180-4, 4.1.3, on four words at once */
EMBER_TARGET("avx2")
static inline __m256i vs0(__m256i x)
{
	const __m256i rot8 = _mm256_setr_epi8(1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
	    1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8);
	__m256i r1 = _mm256_or_si256(_mm256_srli_epi64(x, 1), _mm256_slli_epi64(x, 63));
	return _mm256_xor_si256(_mm256_xor_si256(r1, _mm256_shuffle_epi8(x, rot8)), _mm256_srli_epi64(x, 7));
}

EMBER_TARGET("avx2")
static inline __m256i vs1(__m256i x)
{
	__m256i t = _mm256_xor_si256(_mm256_srli_epi64(x, 19), _mm256_slli_epi64(x, 45));
	t = _mm256_xor_si256(t, _mm256_srli_epi64(x, 61));
	t = _mm256_xor_si256(t, _mm256_slli_epi64(x, 3));
	return _mm256_xor_si256(t, _mm256_srli_epi64(x, 6));
}

/* Words 2j, 2j+1 of both blocks (v) plus K: block a's to wa, block b's to wb. */
#define STOREWK(j, v)                                                              \
	do {                                                                       \
		__m256i wk_ = _mm256_add_epi64(v, EMBER_SHA512X_KK(j));            \
		_mm_storeu_si128((__m128i *)(void *)(wa + 2 * (j)), _mm256_castsi256_si128(wk_)); \
		_mm_storeu_si128((__m128i *)(void *)(wb + 2 * (j)), _mm256_extracti128_si256(wk_, 1)); \
	} while (0)

/*
 * Words 2j, 2j+1 of both blocks (j = base + i, i = j mod 8 a constant so
 * that the ring x[] stays in registers), plus K, stored to wa and wb.
 * x[i] holds W[t-16], W[t-15] on entry (t = 2j); W[t-2], W[t-1] are in
 * x[i-1], so the two new words do not depend on each other.
 */
#define SCHED(base, i)                                                             \
	do {                                                                       \
		__m256i w15_ = _mm256_alignr_epi8(x[((i) + 1) & 7], x[i], 8);     \
		__m256i w7_ = _mm256_alignr_epi8(x[((i) + 5) & 7], x[((i) + 4) & 7], 8); \
		x[i] = _mm256_add_epi64(_mm256_add_epi64(x[i], vs0(w15_)), w7_);   \
		x[i] = _mm256_add_epi64(x[i], vs1(x[((i) + 7) & 7]));              \
		STOREWK((base) + (i), x[i]);                                       \
	} while (0)

/* Words 2i, 2i+1 (i < 8) of blocks na and nb, loaded, plus K, stored. */
#define LOADW(i)                                                                   \
	do {                                                                       \
		__m128i lo_ = _mm_loadu_si128((const __m128i *)(const void *)(na + 16 * (i))); \
		__m128i hi_ = _mm_loadu_si128((const __m128i *)(const void *)(nb + 16 * (i))); \
		x[i] = _mm256_shuffle_epi8(                                        \
		    _mm256_inserti128_si256(_mm256_castsi128_si256(lo_), hi_, 1), bswap); \
		STOREWK(i, x[i]);                                                  \
	} while (0)

/*
 * W[t] + K[t] for t = 0..79 of block |a| into wa and of block |b| into wb
 * (FIPS 180-4, 6.4.2 step 1). x[j & 7] holds words 2j, 2j+1 of both blocks.
 */
EMBER_TARGET("avx2")
static void schedule2(uint64_t *wa, uint64_t *wb, const uint8_t *a, const uint8_t *b)
{
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const uint8_t *na = a, *nb = b;
	__m256i x[8];
	int j;

	for (j = 0; j < 8; j++)
		LOADW(j);
	for (j = 8; j < 40; j += 8) {
		SCHED(j, 0);
		SCHED(j, 1);
		SCHED(j, 2);
		SCHED(j, 3);
		SCHED(j, 4);
		SCHED(j, 5);
		SCHED(j, 6);
		SCHED(j, 7);
	}
}

/* One round (sha2_impl.h) with W[t] + K[t] from wk[t] */
#define ROUND(a, b, c, d, e, f, g, h, t, ab, bc) EMBER_SHA512X_ROUND(a, b, c, d, e, f, g, h, wk[t], ab, bc)

#define ROUNDS8(t)                                                                 \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, mx, my);                      \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, my, mx);                      \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, mx, my);                      \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, my, mx);                      \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, mx, my);                      \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, my, mx);                      \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, mx, my);                      \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, my, mx);                      \
	} while (0)

/* 80 rounds (6.4.2 steps 2-4) of one block with W[t] + K[t] from |wk|. */
EMBER_TARGET("bmi2")
static void rounds(uint64_t *st, const uint64_t *wk)
{
	uint64_t a = st[0], b = st[1], c = st[2], d = st[3];
	uint64_t e = st[4], f = st[5], g = st[6], h = st[7];
	uint64_t mx, my = b ^ c, mx_q, my_q = (b & c) - d;

	ROUNDS8(0);
	ROUNDS8(8);
	ROUNDS8(16);
	ROUNDS8(24);
	ROUNDS8(32);
	ROUNDS8(40);
	ROUNDS8(48);
	ROUNDS8(56);
	ROUNDS8(64);
	ROUNDS8(72);
	st[0] += a;
	st[1] += b;
	st[2] += c;
	st[3] += d;
	st[4] += e;
	st[5] += f;
	st[6] += g;
	st[7] += h;
}

/* Schedule step s (0..39) of the next two blocks: a load for s < 8, else SCHED. */
#define STEP(s)                                                                    \
	do {                                                                       \
		if ((s) < 8)                                                       \
			LOADW((s)&7);                                              \
		else                                                               \
			SCHED((s) & ~7, (s)&7);                                    \
	} while (0)
/*
 * Eight rounds of the current block carrying two schedule steps of the
 * next pair, each after the second round of four (measured: about 1 %
 * faster than both after the eight rounds).
 */
#define GROUP(t, s)                                                                \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, (t) + 0, mx, my);                      \
		ROUND(h, a, b, c, d, e, f, g, (t) + 1, my, mx);                      \
		STEP(s);                                                           \
		ROUND(g, h, a, b, c, d, e, f, (t) + 2, mx, my);                      \
		ROUND(f, g, h, a, b, c, d, e, (t) + 3, my, mx);                      \
		ROUND(e, f, g, h, a, b, c, d, (t) + 4, mx, my);                      \
		ROUND(d, e, f, g, h, a, b, c, (t) + 5, my, mx);                      \
		STEP((s) + 1);                                                     \
		ROUND(c, d, e, f, g, h, a, b, (t) + 6, mx, my);                      \
		ROUND(b, c, d, e, f, g, h, a, (t) + 7, my, mx);                      \
	} while (0)

/*
 * The rounds of two blocks (W + K from cur_a, cur_b), interleaved with the
 * vector schedule of the next two blocks (na, nb, into wa, wb): the two
 * are independent, so the out-of-order core overlaps the schedule's long
 * vector dependency chain with the scalar rounds.
 */
EMBER_TARGET("avx2,bmi2")
static void rounds2_sched(uint64_t *st, const uint64_t *cur_a, const uint64_t *cur_b, uint64_t *wa,
    uint64_t *wb, const uint8_t *na, const uint8_t *nb)
{
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	__m256i x[8];
	uint64_t a, b, c, d, e, f, g, h, mx, my, mx_q, my_q;
	const uint64_t *wk = cur_a;

	a = st[0], b = st[1], c = st[2], d = st[3];
	e = st[4], f = st[5], g = st[6], h = st[7];
	my = b ^ c, my_q = (b & c) - d;
	GROUP(0, 0);
	GROUP(8, 2);
	GROUP(16, 4);
	GROUP(24, 6);
	GROUP(32, 8);
	GROUP(40, 10);
	GROUP(48, 12);
	GROUP(56, 14);
	GROUP(64, 16);
	GROUP(72, 18);
	a = st[0] += a;
	b = st[1] += b;
	c = st[2] += c;
	d = st[3] += d;
	e = st[4] += e;
	f = st[5] += f;
	g = st[6] += g;
	h = st[7] += h;

	wk = cur_b;
	my = b ^ c, my_q = (b & c) - d;
	GROUP(0, 20);
	GROUP(8, 22);
	GROUP(16, 24);
	GROUP(24, 26);
	GROUP(32, 28);
	GROUP(40, 30);
	GROUP(48, 32);
	GROUP(56, 34);
	GROUP(64, 36);
	GROUP(72, 38);
	st[0] += a;
	st[1] += b;
	st[2] += c;
	st[3] += d;
	st[4] += e;
	st[5] += f;
	st[6] += g;
	st[7] += h;
}

/*
 * One block alone (short messages, the final block of most HMACs): its own
 * schedule runs ahead of its rounds, four word pairs per eight rounds, so
 * that the vector chain and the scalar rounds overlap here too. The high
 * lane repeats the low one's work; its results go to a scratch array.
 */
#define GROUP1(t, s)                                                               \
	do {                                                                       \
		ROUNDS8(t);                                                        \
		STEP(s);                                                           \
		STEP((s) + 1);                                                     \
		STEP((s) + 2);                                                     \
		STEP((s) + 3);                                                     \
	} while (0)

EMBER_TARGET("avx2,bmi2")
static void rounds1_sched(uint64_t *st, const uint8_t *p, uint64_t *wa, uint64_t *wb)
{
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const uint8_t *na = p, *nb = p;
	const uint64_t *wk = wa;
	__m256i x[8];
	uint64_t a, b, c, d, e, f, g, h, mx, my, mx_q, my_q;

	STEP(0);
	STEP(1);
	STEP(2);
	STEP(3);
	STEP(4);
	STEP(5);
	STEP(6);
	STEP(7);
	a = st[0], b = st[1], c = st[2], d = st[3];
	e = st[4], f = st[5], g = st[6], h = st[7];
	my = b ^ c, my_q = (b & c) - d;
	/* rounds 8g..8g+7 use pairs 4g..4g+3, computed two groups earlier */
	GROUP1(0, 8);
	GROUP1(8, 12);
	GROUP1(16, 16);
	GROUP1(24, 20);
	GROUP1(32, 24);
	GROUP1(40, 28);
	GROUP1(48, 32);
	GROUP1(56, 36);
	ROUNDS8(64);
	ROUNDS8(72);
	st[0] += a;
	st[1] += b;
	st[2] += c;
	st[3] += d;
	st[4] += e;
	st[5] += f;
	st[6] += g;
	st[7] += h;
}

void ember_sha512_avx2_blocks(uint64_t *h, const uint8_t *p, size_t nblocks)
{
	/* two pairs of schedules: the one being consumed and the next one */
	uint64_t wk[2][2][80];
	int cur = 0;

	if (nblocks < EMBER_SHA512X_PAIR_MIN) {
		/* short runs: one block at a time, each schedule overlapped with its rounds */
		for (; nblocks > 0; nblocks--, p += 128)
			rounds1_sched(h, p, wk[0][0], wk[0][1]);
		ember_wipe(wk[0], sizeof(wk[0]));
		return;
	}
	schedule2(wk[0][0], wk[0][1], p, p + 128);
	while (nblocks >= 2) {
		const uint8_t *q = p + 256;
		size_t rest = nblocks - 2;
		/* past the last pair the schedule is redone on the current one, unused */
		const uint8_t *qa = rest ? q : p, *qb = rest >= 2 ? q + 128 : qa;

		rounds2_sched(h, wk[cur][0], wk[cur][1], wk[cur ^ 1][0], wk[cur ^ 1][1], qa, qb);
		cur ^= 1;
		p = q;
		nblocks = rest;
	}
	if (nblocks)
		rounds(h, wk[cur][0]);
	ember_wipe(wk, sizeof(wk));
}

EMBER_SHA512_DESCS(avx2)

#endif
