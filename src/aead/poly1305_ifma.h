/*
 * poly1305_ifma.h - the eight-lane Poly1305 step with AVX-512 IFMA, shared
 * by poly1305_avx512ifma.c and the stitched ChaCha20-Poly1305 seal
 * (chacha20_poly1305_avx512ifma.c), over poly1305_r44.h's radix 2^44 state
 * (include that first, and <immintrin.h>).
 *
 * A function using the macros has in scope: m44, m42 (the limb masks as
 * vectors), hib (the 2^128 pad bit at its place in the top limb), ilo and
 * ihi (the permutations that split eight 16-byte blocks into their low and
 * high 64-bit halves), as P1305_IFMA_CONSTS declares them. Constant-time:
 * straight-line vector code. Static functions: one copy per including file.
 */

#define P1305_IFMA_CONSTS(pad_bit)                                                    \
	const __m512i m44 = _mm512_set1_epi64((long long)M44), m42 = _mm512_set1_epi64((long long)M42); \
	const __m512i hib = _mm512_set1_epi64((long long)((uint64_t)(pad_bit) << 40));  \
	const __m512i ilo = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);                \
	const __m512i ihi = _mm512_set_epi64(15, 13, 11, 9, 7, 5, 3, 1)

/*
 * (H0, H1, H2) *= (R0, R1, R2) lane by lane, S1 = 20 R1, S2 = 20 R2,
 * partly reduced as r44_mul. Every input limb is below 2^52 (IFMA reads 52
 * bits); a product's low 52 bits go to the d*lo sums, its high bits to
 * d*hi, worth 2^52 = 2^8 limb units (2^10 in the 42-bit top limb). The
 * products take the limbs in the order the previous step's carries make
 * them (H2, H0, then H1), so each chain of three starts as early as it can.
 */
#define P1305_MADD_LO(acc, a, b) _mm512_madd52lo_epu64(acc, a, b)
#define P1305_MADD_HI(acc, a, b) _mm512_madd52hi_epu64(acc, a, b)
#define P1305_VMUL(H0, H1, H2, R0, R1, R2, S1, S2)                                    \
	do {                                                                         \
		const __m512i z_ = _mm512_setzero_si512();                           \
		__m512i d0l = P1305_MADD_LO(P1305_MADD_LO(P1305_MADD_LO(z_, H2, S1), H0, R0), H1, S2); \
		__m512i d0h = P1305_MADD_HI(P1305_MADD_HI(P1305_MADD_HI(z_, H2, S1), H0, R0), H1, S2); \
		__m512i d1l = P1305_MADD_LO(P1305_MADD_LO(P1305_MADD_LO(z_, H2, S2), H0, R1), H1, R0); \
		__m512i d1h = P1305_MADD_HI(P1305_MADD_HI(P1305_MADD_HI(z_, H2, S2), H0, R1), H1, R0); \
		__m512i d2l = P1305_MADD_LO(P1305_MADD_LO(P1305_MADD_LO(z_, H2, R0), H0, R2), H1, R1); \
		__m512i d2h = P1305_MADD_HI(P1305_MADD_HI(P1305_MADD_HI(z_, H2, R0), H0, R2), H1, R1); \
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
#define P1305_VADD_BLOCKS(X0, X1, X2, p)                                             \
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

/* S = 20 R lane by lane */
#define P1305_TIMES20(S, R) S = _mm512_add_epi64(_mm512_slli_epi64(R, 4), _mm512_slli_epi64(R, 2))

/*
 * pw[i] = r^(i + 1) for i < 8 (r = st[3..5]), and lane[k][j] = limb k of
 * r^(8 - j): what the last step multiplies lane j by.
 */
static inline void p1305_ifma_powers(const uint64_t *st, uint64_t pw[8][3], uint64_t lane[3][8])
{
	size_t i;

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
}

/* h = the sum of the lanes' limbs h0, h1, h2 (each below 2^48 here), carried back to 44/44/42 bits into st[0..2] */
static inline void p1305_ifma_sum(uint64_t *st, uint64_t h0, uint64_t h1, uint64_t h2)
{
	uint64_t c;

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
}
