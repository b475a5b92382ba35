/*
 * sha512_avx512.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 block
 * function for x86-64 with AVX-512VL and BMI2 (FIPS 180-4).
 *
 * The split of sha512_avx2.c: the message schedule of two blocks at once
 * in 256-bit registers (block A in the low 128-bit lane, block B in the
 * high one), the rounds in scalar registers with BMI2's rorx. AVX-512VL
 * makes each schedule sigma four instructions instead of seven to nine
 * (vprorq rotates in one instruction, vpternlogq xors three terms), and
 * W + K of both blocks is stored interleaved with one 256-bit store per
 * word pair. The vector instructions share execution ports with the
 * scalar rounds, so every one saved shortens the rounds too.
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

int ember_sha512_avx512_supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX2 | EMBER_CPU_AVX512F | EMBER_CPU_AVX512VL | EMBER_CPU_BMI2);
}

/* FIPS 180-4, 4.1.3, on four words at once; 0x96 is the three-input xor */
EMBER_TARGET("avx2,avx512f,avx512vl")
static inline __m256i vs0(__m256i x)
{
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 1), _mm256_ror_epi64(x, 8), _mm256_srli_epi64(x, 7), 0x96);
}

EMBER_TARGET("avx2,avx512f,avx512vl")
static inline __m256i vs1(__m256i x)
{
	return _mm256_ternarylogic_epi64(_mm256_ror_epi64(x, 19), _mm256_ror_epi64(x, 61), _mm256_srli_epi64(x, 6), 0x96);
}

/* K[2j], K[2j+1] in both lanes */
#define KK(j) EMBER_SHA512X_KK(j)

/*
 * The schedule of a pair of blocks goes to w[160]: words 2j, 2j+1 of
 * block A plus K at w[4j], w[4j+1], of block B at w[4j+2], w[4j+3].
 * (One block alone has its own layout: see block1.)
 */
#define STORE2(j, v) _mm256_storeu_si256((__m256i *)(void *)(w + 4 * (j)), v)

/*
 * Words 2j, 2j+1 (j = base + i, i = j mod 8 a constant so that the ring
 * x[] stays in registers), plus K, stored. x[i] holds W[t-16], W[t-15]
 * on entry (t = 2j); W[t-2], W[t-1] are in x[i-1], so the two new words
 * do not depend on each other (FIPS 180-4, 6.4.2 step 1).
 */
#define SCHED(ST, base, i)                                                         \
	do {                                                                       \
		__m256i w15_ = _mm256_alignr_epi8(x[((i) + 1) & 7], x[i], 8);     \
		__m256i w7_ = _mm256_alignr_epi8(x[((i) + 5) & 7], x[((i) + 4) & 7], 8); \
		x[i] = _mm256_add_epi64(_mm256_add_epi64(x[i], w7_), vs0(w15_));  \
		x[i] = _mm256_add_epi64(x[i], vs1(x[((i) + 7) & 7]));              \
		ST((base) + (i), _mm256_add_epi64(x[i], KK((base) + (i))));        \
	} while (0)

/*
 * 16 bytes at q. With split_loads (a constant in each function) as two
 * 8-byte loads: block1 mostly hashes a final block that finish() has just
 * written with 8-byte stores, and the core forwards a store only to a load
 * it covers; a 16-byte load would wait for both stores to reach the cache.
 */
#define LOAD16(q)                                                                  \
	(split_loads ? _mm_unpacklo_epi64(_mm_loadl_epi64((const __m128i *)(const void *)(q)), \
	                   _mm_loadl_epi64((const __m128i *)(const void *)((q) + 8))) \
	             : _mm_loadu_si128((const __m128i *)(const void *)(q)))

/* Words 2i, 2i+1 (i < 8) of blocks na (low lane) and nb (high lane), plus K, stored. */
#define LOADW(ST, i)                                                               \
	do {                                                                       \
		__m128i lo_ = LOAD16(na + 16 * (i));                               \
		__m128i hi_ = LOAD16(nb + 16 * (i));                               \
		x[i] = _mm256_shuffle_epi8(                                        \
		    _mm256_inserti128_si256(_mm256_castsi128_si256(lo_), hi_, 1), bswap); \
		ST(i, _mm256_add_epi64(x[i], KK(i)));                             \
	} while (0)

/* Schedule step s (0..39): a load for s < 8, else SCHED. */
#define STEP(ST, s)                                                                \
	do {                                                                       \
		if ((s) < 8)                                                       \
			LOADW(ST, (s)&7);                                          \
		else                                                               \
			SCHED(ST, (s) & ~7, (s)&7);                                \
	} while (0)

/* W[t] + K[t] of the block being hashed: interleaved (pair) or in order (one) */
#define WK2(t) wk[4 * ((t) >> 1) + ((t)&1)]
#define WK1(t) wk[(t)&31]

/* One round: sha2_impl.h */
#define ROUND EMBER_SHA512X_ROUND

#define ROUNDS8(WK, t)                                                             \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, WK((t) + 0), mx, my);                  \
		ROUND(h, a, b, c, d, e, f, g, WK((t) + 1), my, mx);                  \
		ROUND(g, h, a, b, c, d, e, f, WK((t) + 2), mx, my);                  \
		ROUND(f, g, h, a, b, c, d, e, WK((t) + 3), my, mx);                  \
		ROUND(e, f, g, h, a, b, c, d, WK((t) + 4), mx, my);                  \
		ROUND(d, e, f, g, h, a, b, c, WK((t) + 5), my, mx);                  \
		ROUND(c, d, e, f, g, h, a, b, WK((t) + 6), mx, my);                  \
		ROUND(b, c, d, e, f, g, h, a, WK((t) + 7), my, mx);                  \
	} while (0)

/*
 * Eight rounds of the current pair's block carrying two schedule steps of
 * the next pair, each whole after the second round of four (measured:
 * 1.7 % faster than each step cut into four parts, one per round).
 */
#define GROUP(t, s)                                                                \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, WK2((t) + 0), mx, my);                 \
		ROUND(h, a, b, c, d, e, f, g, WK2((t) + 1), my, mx);                 \
		STEP(STORE2, s);                                                   \
		ROUND(g, h, a, b, c, d, e, f, WK2((t) + 2), mx, my);                 \
		ROUND(f, g, h, a, b, c, d, e, WK2((t) + 3), my, mx);                 \
		ROUND(e, f, g, h, a, b, c, d, WK2((t) + 4), mx, my);                 \
		ROUND(d, e, f, g, h, a, b, c, WK2((t) + 5), my, mx);                 \
		STEP(STORE2, (s) + 1);                                             \
		ROUND(c, d, e, f, g, h, a, b, WK2((t) + 6), mx, my);                 \
		ROUND(b, c, d, e, f, g, h, a, WK2((t) + 7), my, mx);                 \
	} while (0)

#define LOAD_STATE()                                                               \
	do {                                                                       \
		a = st[0], b = st[1], c = st[2], d = st[3];                        \
		e = st[4], f = st[5], g = st[6], h = st[7];                        \
		my = b ^ c, my_q = (b & c) - d;                                       \
	} while (0)
#define ADD_STATE()                                                                \
	do {                                                                       \
		a = st[0] += a, b = st[1] += b, c = st[2] += c, d = st[3] += d;    \
		e = st[4] += e, f = st[5] += f, g = st[6] += g, h = st[7] += h;    \
	} while (0)

/*
 * W + K of blocks na, nb into w (FIPS 180-4, 6.4.2 step 1), with no
 * rounds to overlap: the first pair of a run.
 */
EMBER_TARGET("avx2,avx512f,avx512vl")
static void schedule2(uint64_t *w, const uint8_t *na, const uint8_t *nb)
{
	const int split_loads = 0;
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	__m256i x[8];
	int j;

	LOADW(STORE2, 0);
	LOADW(STORE2, 1);
	LOADW(STORE2, 2);
	LOADW(STORE2, 3);
	LOADW(STORE2, 4);
	LOADW(STORE2, 5);
	LOADW(STORE2, 6);
	LOADW(STORE2, 7);
	for (j = 8; j < 40; j += 8) {
		SCHED(STORE2, j, 0);
		SCHED(STORE2, j, 1);
		SCHED(STORE2, j, 2);
		SCHED(STORE2, j, 3);
		SCHED(STORE2, j, 4);
		SCHED(STORE2, j, 5);
		SCHED(STORE2, j, 6);
		SCHED(STORE2, j, 7);
	}
}

/*
 * The rounds of the pair whose W + K is in |cur| (6.4.2 steps 2-4),
 * interleaved with the vector schedule of the next pair (na, nb, into w):
 * the two are independent, so the out-of-order core overlaps the
 * schedule's vector dependency chain with the scalar rounds.
 */
EMBER_TARGET("avx2,avx512f,avx512vl,bmi2")
static void rounds2_sched(uint64_t *st, const uint64_t *cur, uint64_t *w, const uint8_t *na, const uint8_t *nb)
{
	const int split_loads = 0;
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	__m256i x[8];
	uint64_t a, b, c, d, e, f, g, h, mx, my, mx_q, my_q;
	const uint64_t *wk = cur;

	LOAD_STATE();
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
	ADD_STATE();

	wk = cur + 2;
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
	ADD_STATE();
}

/* The rounds of one block whose W + K is in |wk|, interleaved (the last block of an odd run). */
EMBER_TARGET("bmi2")
static void rounds1(uint64_t *st, const uint64_t *wk)
{
	uint64_t a, b, c, d, e, f, g, h, mx, my, mx_q, my_q;

	LOAD_STATE();
	ROUNDS8(WK2, 0);
	ROUNDS8(WK2, 8);
	ROUNDS8(WK2, 16);
	ROUNDS8(WK2, 24);
	ROUNDS8(WK2, 32);
	ROUNDS8(WK2, 40);
	ROUNDS8(WK2, 48);
	ROUNDS8(WK2, 56);
	ROUNDS8(WK2, 64);
	ROUNDS8(WK2, 72);
	ADD_STATE();
}

/*
 * One block alone (short messages, the final block of most HMACs): four
 * words per register, all four of this block (AVX-512VL's valignq shifts
 * words across the whole register), so the schedule costs about 21 vector
 * instructions per four words instead of 28 for the pair layout with its
 * high lane idle. y[i & 3] holds words 4i..4i+3. Words 4i, 4i+1 need
 * sigma1 of the two before them, and words 4i+2, 4i+3 sigma1 of the new
 * 4i, 4i+1: two halves, each shifted into place with zeros beside it.
 * The schedule runs 16 words ahead of the rounds, one step of four words
 * per four rounds in four parts, into the ring w[t & 31] (32 words:
 * less to wipe than 80; w must be 32-byte aligned).
 */
#define ALIGNQ(hi, lo, n) _mm256_alignr_epi64(hi, lo, n)
#define STORE4(i, v) _mm256_store_si256((__m256i *)(void *)(w + ((4 * (i)) & 31)), v)
#define KK4(i) _mm256_load_si256((const __m256i *)(const void *)(ember_sha512_k + 4 * (i)))
#define LOAD32(i)                                                                  \
	do {                                                                       \
		__m128i lo_ = LOAD16(p + 32 * (i)), hi_ = LOAD16(p + 32 * (i) + 16); \
		y[i] = _mm256_shuffle_epi8(                                        \
		    _mm256_inserti128_si256(_mm256_castsi128_si256(lo_), hi_, 1), bswap); \
		STORE4(i, _mm256_add_epi64(y[i], KK4(i)));                        \
	} while (0)
#define SCHED4(s, q)                                                               \
	do {                                                                       \
		if ((q) == 1) {                                                    \
			sq_ = ALIGNQ(y[((s) + 1) & 3], y[(s)&3], 1);              \
			sv_ = _mm256_add_epi64(y[(s)&3], ALIGNQ(y[((s) + 3) & 3], y[((s) + 2) & 3], 1)); \
		} else if ((q) == 2) {                                             \
			sv_ = _mm256_add_epi64(sv_, vs0(sq_));                     \
		} else if ((q) == 3) {                                             \
			sv_ = _mm256_add_epi64(sv_, ALIGNQ(zero, vs1(y[((s) + 3) & 3]), 2)); \
		} else {                                                           \
			y[(s)&3] = _mm256_add_epi64(sv_, ALIGNQ(vs1(sv_), zero, 2)); \
			STORE4(s, _mm256_add_epi64(y[(s)&3], KK4(s)));             \
		}                                                                  \
	} while (0)
#define GROUP4(t, s)                                                               \
	do {                                                                       \
		ROUND(a, b, c, d, e, f, g, h, WK1((t) + 0), mx, my);                 \
		SCHED4(s, 1);                                                      \
		ROUND(h, a, b, c, d, e, f, g, WK1((t) + 1), my, mx);                 \
		SCHED4(s, 2);                                                      \
		ROUND(g, h, a, b, c, d, e, f, WK1((t) + 2), mx, my);                 \
		SCHED4(s, 3);                                                      \
		ROUND(f, g, h, a, b, c, d, e, WK1((t) + 3), my, mx);                 \
		SCHED4(s, 4);                                                      \
		ROUND(e, f, g, h, a, b, c, d, WK1((t) + 4), mx, my);                 \
		SCHED4((s) + 1, 1);                                                \
		ROUND(d, e, f, g, h, a, b, c, WK1((t) + 5), my, mx);                 \
		SCHED4((s) + 1, 2);                                                \
		ROUND(c, d, e, f, g, h, a, b, WK1((t) + 6), mx, my);                 \
		SCHED4((s) + 1, 3);                                                \
		ROUND(b, c, d, e, f, g, h, a, WK1((t) + 7), my, mx);                 \
		SCHED4((s) + 1, 4);                                                \
	} while (0)

EMBER_TARGET("avx2,avx512f,avx512vl,bmi2")
static void block1(uint64_t *st, const uint8_t *p, uint64_t *w)
{
	const int split_loads = 1;
	const __m256i bswap = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
	    7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
	const __m256i zero = _mm256_setzero_si256();
	const uint64_t *wk = w;
	__m256i y[4], sq_, sv_;
	uint64_t a, b, c, d, e, f, g, h, mx, my, mx_q, my_q;
	/*
	 * wk is w, but the compiler must not know it: it would take each
	 * W + K from the vector just stored (vmovq, valignq, vextracti64x2)
	 * on the ports the scalar rounds need, where a load from the ring
	 * folds into the round's add. Measured: 5 % off a 16-byte SHA-512.
	 */
	__asm__("" : "+r"(wk));

	LOAD32(0);
	LOAD32(1);
	LOAD32(2);
	LOAD32(3);
	LOAD_STATE();
	/* rounds 8g..8g+7 use words 8g..8g+7, computed two groups earlier */
	GROUP4(0, 4);
	GROUP4(8, 6);
	GROUP4(16, 8);
	GROUP4(24, 10);
	GROUP4(32, 12);
	GROUP4(40, 14);
	GROUP4(48, 16);
	GROUP4(56, 18);
	ROUNDS8(WK1, 64);
	ROUNDS8(WK1, 72);
	ADD_STATE();
}

void ember_sha512_avx512_blocks(uint64_t *h, const uint8_t *p, size_t nblocks)
{
	/* two pair schedules: the one being consumed and the next one */
	uint64_t w[2][160] EMBER_ALIGN(32);
	int cur = 0;

	if (nblocks < EMBER_SHA512X_PAIR_MIN) {
		/* short runs: one block at a time, each schedule overlapped with its rounds */
		for (; nblocks > 0; nblocks--, p += 128)
			block1(h, p, w[0]);
		ember_wipe(w[0], 32 * sizeof(uint64_t));
		return;
	}
	schedule2(w[0], p, p + 128);
	while (nblocks >= 2) {
		const uint8_t *q = p + 256;
		size_t rest = nblocks - 2;
		/* past the last pair the schedule is redone on the current one, unused */
		const uint8_t *qa = rest ? q : p, *qb = rest >= 2 ? q + 128 : qa;

		rounds2_sched(h, w[cur], w[cur ^ 1], qa, qb);
		cur ^= 1;
		p = q;
		nblocks = rest;
	}
	if (nblocks)
		rounds1(h, w[cur]);
	ember_wipe(w, sizeof(w));
}

EMBER_SHA512_DESCS(avx512)

#endif
