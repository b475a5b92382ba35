/*
 * mont_avx512ifma.c - the "avx512ifma" bignum backend: the MULX/ADX
 * products of mont_x86adx.c for secret exponents, and for public exponents
 * (RSA verification) an exponentiation in radix 2^52 with AVX-512 IFMA
 * (VPMADD52LUQ/VPMADD52HUQ), eight limbs per register.
 *
 * Almost Montgomery multiplication (Gueron and Krasnov, "Software
 * implementation of modular exponentiation, using advanced vector
 * instructions architectures", 2012): for each limb b[i] the low halves of
 * a*b[i] and y*m go into lane j, lane 0 (now divisible by 2^52) is shifted
 * out with its carry, and the high halves land in the shifted lanes. With
 * R' = 2^(52L) > 4m, inputs below 2m give an output below 2m; the final
 * value is reduced once. Lanes hold at most 4L sums of 52-bit terms, far
 * below 2^64.
 *
 * Public data only (the exponent's bits steer the products). The body is
 * x86-64 only; elsewhere the descriptor exists with supported() = 0.
 */
#include "bn/bn_internal.h"

#if defined(__x86_64__) && EMBER_BN_WORD_BITS == 64
#include <immintrin.h>

#define M52 ((uint64_t)0xfffffffffffff)
#define MAXZ ((BN_MAXW * 64 + 2 + 52 * 8 - 1) / (52 * 8)) /* registers for the largest modulus */

/* 64-bit words -> 52-bit limbs (l limbs, 8*nz lanes, zero-padded). */
static void to52(uint64_t *out, size_t lanes, const ember_bn_word *a, size_t n)
{
	size_t j;

	for (j = 0; j < lanes; j++) {
		size_t bit = 52 * j, w = bit / 64, off = bit % 64;
		uint64_t v = 0;
		if (w < n)
			v = a[w] >> off;
		if (off > 12 && w + 1 < n)
			v |= a[w + 1] << (64 - off);
		out[j] = v & M52;
	}
}

/* 52-bit limbs (normalized) -> n + 1 words. */
static void from52(ember_bn_word *out, size_t n, const uint64_t *x, size_t lanes)
{
	size_t j;

	memset(out, 0, (n + 1) * sizeof(out[0]));
	for (j = 0; j < lanes; j++) {
		size_t bit = 52 * j, w = bit / 64, off = bit % 64;
		if (w <= n)
			out[w] |= x[j] << off;
		if (off > 12 && w + 1 <= n)
			out[w + 1] |= x[j] >> (64 - off);
	}
}

/*
 * r = a * b / R' mod m (almost: r < 2m), all normalized, nz registers.
 * Inlined into one function per register count, so that the accumulator
 * stays in registers.
 */
EMBER_TARGET("avx512f,avx512ifma")
static inline __attribute__((always_inline)) void amm_body(uint64_t *r, const uint64_t *a, const uint64_t *b,
    const uint64_t *m, uint64_t k0, size_t l, const size_t nz)
{
	__m512i acc[MAXZ], va[MAXZ], vm[MAXZ];
	const __m512i zero = _mm512_setzero_si512();
	uint64_t tmp[8 * MAXZ];
	size_t i, z;

	_Pragma("GCC unroll 10")
	for (z = 0; z < nz; z++) {
		acc[z] = zero;
		va[z] = _mm512_loadu_si512((const void *)(a + 8 * z));
		vm[z] = _mm512_loadu_si512((const void *)(m + 8 * z));
	}
	for (i = 0; i < l; i++) {
		const __m512i bi = _mm512_set1_epi64((long long)b[i]);
		uint64_t a0, y, carry;
		__m512i yv;

		_Pragma("GCC unroll 10")
		for (z = 0; z < nz; z++)
			acc[z] = _mm512_madd52lo_epu64(acc[z], va[z], bi);
		a0 = (uint64_t)_mm_cvtsi128_si64(_mm512_castsi512_si128(acc[0]));
		y = ((a0 & M52) * k0) & M52;
		yv = _mm512_set1_epi64((long long)y);
		_Pragma("GCC unroll 10")
		for (z = 0; z < nz; z++)
			acc[z] = _mm512_madd52lo_epu64(acc[z], vm[z], yv);
		/* lane 0 is now a multiple of 2^52: shift it out, keep its carry */
		carry = (a0 + ((m[0] * y) & M52)) >> 52;
		_Pragma("GCC unroll 10")
		for (z = 0; z + 1 < nz; z++)
			acc[z] = _mm512_alignr_epi64(acc[z + 1], acc[z], 1);
		acc[nz - 1] = _mm512_alignr_epi64(zero, acc[nz - 1], 1);
		acc[0] = _mm512_add_epi64(acc[0], _mm512_maskz_set1_epi64(1, (long long)carry));
		_Pragma("GCC unroll 10")
		for (z = 0; z < nz; z++) {
			acc[z] = _mm512_madd52hi_epu64(acc[z], va[z], bi);
			acc[z] = _mm512_madd52hi_epu64(acc[z], vm[z], yv);
		}
	}
	_Pragma("GCC unroll 10")
	for (z = 0; z < nz; z++)
		_mm512_storeu_si512((void *)(tmp + 8 * z), acc[z]);
	/* normalize: carries to the next limb */
	{
		uint64_t c = 0;
		for (i = 0; i < 8 * nz; i++) {
			uint64_t v = tmp[i] + c;
			r[i] = v & M52;
			c = v >> 52;
		}
	}
}

#define AMM_N(nz)                                                                  \
	EMBER_TARGET("avx512f,avx512ifma")                                         \
	static void amm_##nz(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, \
	    uint64_t k0, size_t l)                                                 \
	{                                                                          \
		amm_body(r, a, b, m, k0, l, nz);                                   \
	}
AMM_N(2)
AMM_N(3)
AMM_N(4)
AMM_N(5)
AMM_N(6)
AMM_N(7)
AMM_N(8)
AMM_N(9)
AMM_N(10)

static void amm(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, uint64_t k0,
    size_t l, size_t nz)
{
	switch (nz) {
	case 2: amm_2(r, a, b, m, k0, l); break;
	case 3: amm_3(r, a, b, m, k0, l); break;
	case 4: amm_4(r, a, b, m, k0, l); break;
	case 5: amm_5(r, a, b, m, k0, l); break;
	case 6: amm_6(r, a, b, m, k0, l); break;
	case 7: amm_7(r, a, b, m, k0, l); break;
	case 8: amm_8(r, a, b, m, k0, l); break;
	case 9: amm_9(r, a, b, m, k0, l); break;
	default: amm_10(r, a, b, m, k0, l); break;
	}
}

static int exp_public_ifma(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, size_t e_words,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	const size_t l = (64 * n + 2 + 51) / 52;
	const size_t nz = (l + 7) / 8;
	uint64_t m52[8 * MAXZ], base[8 * MAXZ], x[8 * MAXZ], t[8 * MAXZ];
	ember_bn_word out[BN_MAXW + 1];
	unsigned bits = ember_bn_bits(e, e_words), i;
	const uint64_t k0 = mc->m0inv & M52;

	if (bits == 0 || nz > MAXZ || n < 8)
		return EMBER_ENOTSUP;
	to52(m52, 8 * nz, mc->m, n);
	to52(t, 8 * nz, mc->rr52, n);
	to52(x, 8 * nz, b, n);
	amm(base, x, t, m52, k0, l, nz); /* b * R' */
	memcpy(x, base, sizeof(x));
	for (i = bits - 1; i-- > 0;) {
		amm(x, x, x, m52, k0, l, nz);
		if ((e[i / BN_W] >> (i % BN_W)) & 1)
			amm(x, x, base, m52, k0, l, nz);
	}
	memset(t, 0, sizeof(t));
	t[0] = 1;
	amm(x, x, t, m52, k0, l, nz); /* out of the Montgomery form: below 2m */
	from52(out, n, x, l);
	bn_final_sub(r, out, out[n], mc->m, n);
	return 0;
}

/* Bits [pos, pos + w) of e (ew words); positions are public. */
static unsigned window(const ember_bn_word *e, size_t ew, unsigned pos, unsigned w)
{
	size_t idx = pos / BN_W;
	unsigned off = pos % BN_W;
	ember_bn_word v = 0;

	if (idx < ew)
		v = e[idx] >> off;
	if (off + w > BN_W && idx + 1 < ew)
		v |= e[idx + 1] << (BN_W - off);
	return (unsigned)(v & (((ember_bn_word)1 << w) - 1));
}

/* r = tab[idx] over |lanes| lanes, every entry read (constant-time scan). */
static void lookup(uint64_t *r, const uint64_t *tab, size_t entries, size_t lanes, unsigned idx)
{
	size_t i, j;

	memset(r, 0, lanes * sizeof(r[0]));
	for (i = 0; i < entries; i++) {
		uint64_t mask = ~bn_nz_mask((ember_bn_word)(i ^ idx));
		for (j = 0; j < lanes; j++)
			r[j] |= tab[i * lanes + j] & mask;
	}
}

/*
 * Secret exponent: fixed window (5 bits from 256-bit exponents, else 4),
 * table of the powers in radix 2^52, constant-time scan per window.
 */
static int exp_ct_ifma(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, unsigned e_bits,
    const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	const size_t l = (64 * n + 2 + 51) / 52;
	const size_t nz = (l + 7) / 8, lanes = 8 * nz;
	const size_t ew = (e_bits + BN_W - 1) / BN_W;
	const unsigned w = e_bits >= 256 ? 5 : 4;
	const size_t entries = (size_t)1 << w;
	const uint64_t k0 = mc->m0inv & M52;
	uint64_t tab[32 * 8 * MAXZ], m52[8 * MAXZ], x[8 * MAXZ], t[8 * MAXZ], rr[8 * MAXZ];
	ember_bn_word out[BN_MAXW + 1];
	unsigned nwin, k, i;

	if (n < 8 || nz > MAXZ)
		return EMBER_ENOTSUP;
	to52(m52, lanes, mc->m, n);
	to52(rr, lanes, mc->rr52, n);
	/* tab[0] = R' mod m (1 in Montgomery form), tab[1] = b R', tab[i] = b^i R' */
	memset(t, 0, sizeof(t));
	t[0] = 1;
	amm(tab, t, rr, m52, k0, l, nz);
	to52(x, lanes, b, n);
	amm(tab + lanes, x, rr, m52, k0, l, nz);
	for (i = 2; i < entries; i++) {
		if (i & 1)
			amm(tab + i * lanes, tab + (i - 1) * lanes, tab + lanes, m52, k0, l, nz);
		else
			amm(tab + i * lanes, tab + (i / 2) * lanes, tab + (i / 2) * lanes, m52, k0, l, nz);
	}
	nwin = (e_bits + w - 1) / w;
	lookup(x, tab, entries, lanes, window(e, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			amm(x, x, x, m52, k0, l, nz);
		lookup(t, tab, entries, lanes, window(e, ew, k * w, w));
		amm(x, x, t, m52, k0, l, nz);
	}
	memset(t, 0, sizeof(t));
	t[0] = 1;
	amm(x, x, t, m52, k0, l, nz);
	from52(out, n, x, l);
	bn_final_sub(r, out, out[n], mc->m, n);
	ember_wipe(tab, entries * lanes * sizeof(tab[0]));
	ember_wipe(x, sizeof(x));
	ember_wipe(out, sizeof(out));
	return 0;
}

static int supported_ifma(void)
{
	return ember_bn_mont_adx_supported() && ember_cpu_has(EMBER_CPU_AVX512F | EMBER_CPU_AVX512IFMA);
}

#else

static int exp_public_ifma(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, size_t e_words,
    const ember_bn_mont *mc)
{
	(void)r, (void)b, (void)e, (void)e_words, (void)mc;
	return EMBER_ENOTSUP;
}

static int exp_ct_ifma(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, unsigned e_bits,
    const ember_bn_mont *mc)
{
	(void)r, (void)b, (void)e, (void)e_bits, (void)mc;
	return EMBER_ENOTSUP;
}

static int supported_ifma(void)
{
	return 0;
}

#endif

const ember_bn_mont_desc ember_bn_mont_avx512ifma_desc = {
	"bn", "avx512ifma", EMBER_IMPL_CT | EMBER_IMPL_HW, supported_ifma, ember_bn_mont_mul_adx, ember_bn_mont_sqr_adx,
	exp_public_ifma, exp_ct_ifma
};
