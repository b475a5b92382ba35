/*
 * poly1305_avx512ifma.c - Poly1305 (RFC 8439, 2.5) with AVX-512 IFMA:
 * eight blocks per step, one in each 64-bit lane, in radix 2^44 (whose
 * limbs vpmadd52luq / vpmadd52huq multiply in one instruction each, low and
 * high 52 bits of the product).
 *
 * Lane j accumulates blocks j, j + 8, j + 16 ...: each step multiplies the
 * lanes by r^8 and adds the next eight blocks; the last one multiplies lane
 * j by r^(8 - j) instead, and the lanes' sum is h (Horner's rule split
 * eight ways). Longer calls run two such sets of lanes on alternate
 * steps, each step then by r^16 (see lanes). r^2 .. r^8 are computed per
 * call with the scalar code, so calls of fewer than MIN_BLOCKS blocks, and
 * the blocks past the last whole step, stay scalar (poly1305_r44.h, whose
 * state this shares).
 *
 * Constant-time: straight-line vector code, the same scalar code as ref64.
 * On other targets supported() returns 0 and the functions are the scalar
 * ones.
 */
#include "aead/chacha20_impl.h"
#include "aead/poly1305_r44.h"

/* below this many blocks the powers of r cost more than the lanes save */
#define MIN_BLOCKS 16

#if defined(EMBER_X86) && defined(__x86_64__)
#include <immintrin.h>

#define TGT EMBER_TARGET("avx512f,avx512ifma")

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_AVX512F | EMBER_CPU_AVX512IFMA);
}

/*
 * (H0, H1, H2) *= (R0, R1, R2) lane by lane, S1 = 20 R1, S2 = 20 R2,
 * partly reduced as r44_mul. Every input limb is below 2^52 (IFMA reads 52
 * bits); a product's low 52 bits go to the d*lo sums, its high bits to
 * d*hi, worth 2^52 = 2^8 limb units (2^10 in the 42-bit top limb). The
 * products take the limbs in the order the previous step's carries make
 * them (H2, H0, then H1), so each chain of three starts as early as it can.
 */
#define MADD_LO(acc, a, b) _mm512_madd52lo_epu64(acc, a, b)
#define MADD_HI(acc, a, b) _mm512_madd52hi_epu64(acc, a, b)
#define VMUL(H0, H1, H2, R0, R1, R2, S1, S2)                                         \
	do {                                                                         \
		const __m512i z_ = _mm512_setzero_si512();                           \
		__m512i d0l = MADD_LO(MADD_LO(MADD_LO(z_, H2, S1), H0, R0), H1, S2); \
		__m512i d0h = MADD_HI(MADD_HI(MADD_HI(z_, H2, S1), H0, R0), H1, S2); \
		__m512i d1l = MADD_LO(MADD_LO(MADD_LO(z_, H2, S2), H0, R1), H1, R0); \
		__m512i d1h = MADD_HI(MADD_HI(MADD_HI(z_, H2, S2), H0, R1), H1, R0); \
		__m512i d2l = MADD_LO(MADD_LO(MADD_LO(z_, H2, R0), H0, R2), H1, R1); \
		__m512i d2h = MADD_HI(MADD_HI(MADD_HI(z_, H2, R0), H0, R2), H1, R1); \
		__m512i c_;                                                          \
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

/* X += the eight blocks at p, lane j block j, split into 44-, 44- and 42-bit limbs */
#define VADD_BLOCKS(X0, X1, X2, p)                                                   \
	do {                                                                         \
		__m512i a_ = _mm512_loadu_si512((const void *)(p));                  \
		__m512i b_ = _mm512_loadu_si512((const void *)((p) + 64));           \
		__m512i lo_ = _mm512_permutex2var_epi64(a_, ilo, b_);                \
		__m512i hi_ = _mm512_permutex2var_epi64(a_, ihi, b_);                \
		X0 = _mm512_add_epi64(X0, _mm512_and_si512(lo_, m44));               \
		X1 = _mm512_add_epi64(X1, _mm512_and_si512(_mm512_or_si512(_mm512_srli_epi64(lo_, 44), \
		    _mm512_slli_epi64(hi_, 20)), m44));                                \
		X2 = _mm512_add_epi64(X2, _mm512_or_si512(_mm512_srli_epi64(hi_, 24), hib)); \
	} while (0)

/* S1, S2 = 20 R1, 20 R2 lane by lane */
#define TIMES20(S, R) S = _mm512_add_epi64(_mm512_slli_epi64(R, 4), _mm512_slli_epi64(R, 2))

/*
 * Eight lanes, eight blocks per step; nblocks >= 8. Returns the blocks done
 * (a multiple of 8). From TWO_SETS steps on, two sets of lanes (H and G)
 * take the steps in turn, each multiplied by r^16: a step's chain (three
 * dependent IFMA, then the carries) is latency, and two independent ones
 * fill the ports that one leaves idle (1.2-1.5x at 8-16 KiB on the AMD
 * EPYC of docs/BENCHMARKS.md). The set that took the last step ends with
 * lane j times r^(8 - j), the other with r^(16 - j); r^9 .. r^16 are one
 * vector step, r^8 times the lanes of r^1 .. r^8.
 */
#define TWO_SETS 6
TGT static size_t lanes(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	const __m512i m44 = _mm512_set1_epi64((long long)M44), m42 = _mm512_set1_epi64((long long)M42);
	const __m512i hib = _mm512_set1_epi64((long long)((uint64_t)pad_bit << 40));
	const __m512i ilo = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
	const __m512i ihi = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1);
	uint64_t pw[8][3], lane[3][8], h0, h1, h2, c;
	__m512i H0, H1, H2, G0, G1, G2, R0, R1, R2, S1, S2, L0, L1, L2, K0, K1, K2;
	size_t i, steps = nblocks / 8;

	/* pw[i] = r^(i + 1), up to r^8; L = r^(8 - j) in lane j */
	pw[0][0] = st[3], pw[0][1] = st[4], pw[0][2] = st[5];
	for (i = 1; i < 8; i++) {
		pw[i][0] = pw[i - 1][0], pw[i][1] = pw[i - 1][1], pw[i][2] = pw[i - 1][2];
		r44_mul(&pw[i][0], &pw[i][1], &pw[i][2], st[3], st[4], st[5], st[4] * 20, st[5] * 20);
	}
	for (i = 0; i < 8; i++) {
		lane[0][i] = pw[7 - i][0];
		lane[1][i] = pw[7 - i][1];
		lane[2][i] = pw[7 - i][2];
	}
	L0 = _mm512_loadu_si512((const void *)lane[0]);
	L1 = _mm512_loadu_si512((const void *)lane[1]);
	L2 = _mm512_loadu_si512((const void *)lane[2]);
	R0 = _mm512_set1_epi64((long long)pw[7][0]);
	R1 = _mm512_set1_epi64((long long)pw[7][1]);
	R2 = _mm512_set1_epi64((long long)pw[7][2]);
	S1 = _mm512_set1_epi64((long long)(pw[7][1] * 20));
	S2 = _mm512_set1_epi64((long long)(pw[7][2] * 20));

	/* h joins lane 0 with the first block */
	H0 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[0]);
	H1 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[1]);
	H2 = _mm512_set_epi64(0, 0, 0, 0, 0, 0, 0, (long long)st[2]);
	G0 = G1 = G2 = _mm512_setzero_si512();
	VADD_BLOCKS(H0, H1, H2, p);
	if (steps < TWO_SETS) {
		for (i = 1; i < steps; i++) {
			p += 128;
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p);
		}
		TIMES20(S1, L1);
		TIMES20(S2, L2);
		VMUL(H0, H1, H2, L0, L1, L2, S1, S2);
	} else {
		/* K = r^(16 - j) in lane j: r^8 times L; then R = r^16, K's lane 0 */
		K0 = L0, K1 = L1, K2 = L2;
		VMUL(K0, K1, K2, R0, R1, R2, S1, S2);
		R0 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K0);
		R1 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K1);
		R2 = _mm512_permutexvar_epi64(_mm512_setzero_si512(), K2);
		TIMES20(S1, R1);
		TIMES20(S2, R2);
		VADD_BLOCKS(G0, G1, G2, p + 128);
		for (i = 2; i + 1 < steps; i += 2) {
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VMUL(G0, G1, G2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p + 128 * i);
			VADD_BLOCKS(G0, G1, G2, p + 128 * i + 128);
		}
		if (i < steps) {
			/* an odd number of steps: H takes the last, G ends with K */
			VMUL(H0, H1, H2, R0, R1, R2, S1, S2);
			VADD_BLOCKS(H0, H1, H2, p + 128 * i);
			TIMES20(S1, K1);
			TIMES20(S2, K2);
			VMUL(G0, G1, G2, K0, K1, K2, S1, S2);
			TIMES20(S1, L1);
			TIMES20(S2, L2);
			VMUL(H0, H1, H2, L0, L1, L2, S1, S2);
		} else {
			TIMES20(S1, K1);
			TIMES20(S2, K2);
			VMUL(H0, H1, H2, K0, K1, K2, S1, S2);
			TIMES20(S1, L1);
			TIMES20(S2, L2);
			VMUL(G0, G1, G2, L0, L1, L2, S1, S2);
		}
	}

	/* the lanes' sum (each limb below 2^48), carried back to 44/44/42 bits */
	h0 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H0, G0));
	h1 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H1, G1));
	h2 = (uint64_t)_mm512_reduce_add_epi64(_mm512_add_epi64(H2, G2));
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
	ember_wipe(pw, sizeof(pw));
	ember_wipe(lane, sizeof(lane));
	return steps * 8;
}

static void blocks(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	if (nblocks >= MIN_BLOCKS) {
		size_t done = lanes(st, p, nblocks, pad_bit);
		p += 16 * done;
		nblocks -= done;
	}
	r44_blocks(st, p, nblocks, pad_bit);
}

#else

static int supported(void)
{
	return 0;
}

#define blocks r44_blocks

#endif

const ember_poly1305_impl ember_poly1305_avx512ifma = { "avx512ifma", supported, r44_init, blocks, r44_finish };
