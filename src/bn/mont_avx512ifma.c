/*
 * mont_avx512ifma.c - the "avx512ifma" bignum backend: single products are
 * the MULX/ADX ones of mont_x86adx.c; whole exponentiations (public
 * exponents, secret ones with a fixed window, and RSA's two CRT halves at
 * once) run in radix 2^52 with AVX-512 IFMA (VPMADD52LUQ/VPMADD52HUQ),
 * eight limbs per register.
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
 * The products have no data-dependent branch or address; the secret-exponent
 * paths read every table entry per window. The body is x86-64 only;
 * elsewhere the descriptor exists with supported() = 0.
 */
#include "bn/bn_internal.h"

#if defined(__x86_64__) && EMBER_BN_WORD_BITS == 64
#include <immintrin.h>

#define M52 ((uint64_t)0xfffffffffffff)

/*
 * Full unrolling of the loops over registers (a constant count once
 * inlined), so that arrays of registers stay in registers.
 */
#if defined(__clang__)
#define UNROLL _Pragma("unroll")
#else
#define UNROLL _Pragma("GCC unroll 10")
#endif
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

/* One almost-Montgomery product r = a * b / R' mod m (r < 2m), 52-bit limbs, 8*nz lanes. */
struct amm_arg {
	uint64_t *r;
	const uint64_t *a, *b, *m;
	uint64_t k0; /* -m^-1 mod 2^52 */
};

/*
 * Carry the lanes of v (below 2^64 each, of a value below 2^(52 * 8nz))
 * into 52-bit limbs and store them at r. One vector pass leaves lanes at
 * most 2^52 - 1 + 2^12; the remaining carries are 0 or 1 and ripple only
 * through lanes equal to 2^52 - 1, which is a binary addition over lane
 * masks: the lanes that receive a carry are ((gt << 1) + eq) ^ eq, with gt
 * the lanes above 2^52 - 1 and eq those equal to it (gt's successors are
 * never eq's carries, so the xor is an or). No branch on the data.
 */
EMBER_TARGET("avx512f")
static inline __attribute__((always_inline)) void norm_store(uint64_t *r, __m512i *v, const size_t nz)
{
	const __m512i mask = _mm512_set1_epi64((long long)M52);
	__m512i c[MAXZ];
	ember_bn_dword gt = 0, eq = 0, in;
	size_t z;

	UNROLL
	for (z = 0; z < nz; z++) {
		c[z] = _mm512_srli_epi64(v[z], 52);
		v[z] = _mm512_and_si512(v[z], mask);
	}
	UNROLL
	for (z = 0; z < nz; z++) {
		v[z] = _mm512_add_epi64(v[z], _mm512_alignr_epi64(c[z], z > 0 ? c[z - 1] : _mm512_setzero_si512(), 7));
		gt |= (ember_bn_dword)_mm512_cmpgt_epu64_mask(v[z], mask) << (8 * z);
		eq |= (ember_bn_dword)_mm512_cmpeq_epu64_mask(v[z], mask) << (8 * z);
	}
	in = ((gt << 1) + eq) ^ eq;
	UNROLL
	for (z = 0; z < nz; z++) {
		/* x + 1 - 2^52 where a carry comes in; the and drops the carry out */
		v[z] = _mm512_mask_sub_epi64(v[z], (__mmask8)(in >> (8 * z)), v[z], mask);
		_mm512_storeu_si512((void *)(r + 8 * z), _mm512_and_si512(v[z], mask));
	}
}

/* The upper 64 bits of a * b. */
static inline uint64_t mulhi(uint64_t a, uint64_t b)
{
	return (uint64_t)(((ember_bn_dword)a * b) >> 64);
}

/*
 * One almost-Montgomery product as a digit loop over b, with R the
 * accumulator (lane j = column i + j at digit i).
 *
 * The serial chain of a digit is y_i = k0 * column_i mod 2^52. Column i is
 * kept exactly in a scalar s, and the next column's vector part is read
 * from lane 1 of R *before* y_i's products land in it:
 *   u = s + lo52(a0 b_i),  y_i = u k0 mod 2^52,
 *   s' = ceil(u / 2^52) + hi52(a0 b_i) + hi52(m0 y_i) + lo52(m1 y_i) + lane 1
 * (u + lo52(m0 y_i) is 0 mod 2^52, which is y_i's purpose, hence the
 * ceiling; hi52(x y) is the upper word of (x << 12) * y). So the chain is a
 * few scalar operations per digit, and the vector work runs beside it: R +=
 * lo52(m y_i), R shifted down a lane, R += H with H = hi52(a b_i) +
 * lo52(a b_{i+1}) + hi52(m y_i) mostly computed ahead. Lane 0 after a shift
 * is never read again (s holds that column), so the high halves that also
 * land there do not count twice; at the end lane 0 is s.
 */
struct amm_state {
	__m512i acc[MAXZ], va[MAXZ], vm[MAXZ], vb;
	uint64_t s, a0s, m0s;
};

EMBER_TARGET("avx512f,avx512ifma")
static inline __attribute__((always_inline)) void amm_start(struct amm_state *st, const struct amm_arg *x,
    const size_t nz)
{
	const __m512i b0 = _mm512_set1_epi64((long long)x->b[0]);
	size_t z;

	UNROLL
	for (z = 0; z < nz; z++) {
		st->va[z] = _mm512_loadu_si512((const void *)(x->a + 8 * z));
		st->vm[z] = _mm512_loadu_si512((const void *)(x->m + 8 * z));
		st->acc[z] = _mm512_madd52lo_epu64(_mm512_setzero_si512(), st->va[z], b0);
	}
	st->vb = b0;
	st->s = 0;
	st->a0s = x->a[0] << 12;
	st->m0s = x->m[0] << 12;
}

/* Digit i of one product; vn is b_{i+1} in every lane (0 after the last digit). */
EMBER_TARGET("avx512f,avx512ifma")
static inline __attribute__((always_inline)) void amm_digit(struct amm_state *st, const struct amm_arg *x,
    size_t i, const __m512i vn, const size_t nz)
{
	const __m512i zero = _mm512_setzero_si512();
	const uint64_t bi = x->b[i];
	const uint64_t lane1 = (uint64_t)_mm_extract_epi64(_mm512_castsi512_si128(st->acc[0]), 1);
	const uint64_t u = st->s + ((x->a[0] * bi) & M52);
	const uint64_t y = (u * x->k0) & M52;
	const __m512i vy = _mm512_set1_epi64((long long)y);
	size_t z;

#ifdef EMBER_CTTRACE_LEAK
	/* Test-only (make cttrace-selftest): a load whose address depends on the secret digit y. */
	(void)*(const volatile uint64_t *)&x->m[y & 7];
#endif

	/*
	 * u + lo52(m0 y) is 0 mod 2^52 (that is y's purpose), so its carry is
	 * ceil(u / 2^52); the high halves are the upper words of (x << 12) * y
	 * for x < 2^52.
	 */
	st->s = ((u + M52) >> 52) + mulhi(st->a0s, bi) + mulhi(st->m0s, y) + ((x->m[1] * y) & M52) + lane1;
	UNROLL
	for (z = 0; z < nz; z++)
		st->acc[z] = _mm512_madd52lo_epu64(st->acc[z], st->vm[z], vy);
	UNROLL
	for (z = 0; z < nz; z++) {
		__m512i h = _mm512_madd52hi_epu64(zero, st->va[z], st->vb);
		h = _mm512_madd52lo_epu64(h, st->va[z], vn);
		h = _mm512_madd52hi_epu64(h, st->vm[z], vy);
		st->acc[z] = _mm512_add_epi64(_mm512_alignr_epi64(z + 1 < nz ? st->acc[z + 1] : zero, st->acc[z], 1), h);
	}
	st->vb = vn;
}

/*
 * np (1 or 2) independent products in one digit loop; inlined into one
 * function per register count so that the states stay in registers.
 */
EMBER_TARGET("avx512f,avx512ifma")
static inline __attribute__((always_inline)) void ammx_body(const struct amm_arg *x, const size_t np, size_t l,
    const size_t nz)
{
	struct amm_state st[2];
	size_t i;

	amm_start(&st[0], &x[0], nz);
	if (np == 2)
		amm_start(&st[1], &x[1], nz);
	/* b_{i+1} broadcast from memory: a load rather than a port-5 uop from a register */
	for (i = 0; i + 1 < l; i++) {
		amm_digit(&st[0], &x[0], i, _mm512_broadcastq_epi64(_mm_loadu_si64(x[0].b + i + 1)), nz);
		if (np == 2)
			amm_digit(&st[1], &x[1], i, _mm512_broadcastq_epi64(_mm_loadu_si64(x[1].b + i + 1)), nz);
	}
	amm_digit(&st[0], &x[0], i, _mm512_setzero_si512(), nz);
	if (np == 2)
		amm_digit(&st[1], &x[1], i, _mm512_setzero_si512(), nz);
	st[0].acc[0] = _mm512_mask_set1_epi64(st[0].acc[0], 1, (long long)st[0].s);
	norm_store(x[0].r, st[0].acc, nz);
	if (np == 2) {
		st[1].acc[0] = _mm512_mask_set1_epi64(st[1].acc[0], 1, (long long)st[1].s);
		norm_store(x[1].r, st[1].acc, nz);
	}
}

#define AMM2_N(nz)                                                                 \
	EMBER_TARGET("avx512f,avx512ifma")                                         \
	static void amm2_##nz(uint64_t *r1, const uint64_t *a1, const uint64_t *b1, const uint64_t *m1, \
	    uint64_t k01, uint64_t *r2, const uint64_t *a2, const uint64_t *b2, const uint64_t *m2, \
	    uint64_t k02, size_t l)                                                \
	{                                                                          \
		const struct amm_arg x[2] = { { r1, a1, b1, m1, k01 }, { r2, a2, b2, m2, k02 } }; \
		ammx_body(x, 2, l, nz);                                            \
	}
AMM2_N(2)
AMM2_N(3)
AMM2_N(4)
AMM2_N(5)

#define AMM_N(nz)                                                                  \
	EMBER_TARGET("avx512f,avx512ifma")                                         \
	static void amm_##nz(uint64_t *r, const uint64_t *a, const uint64_t *b, const uint64_t *m, \
	    uint64_t k0, size_t l)                                                 \
	{                                                                          \
		const struct amm_arg x[1] = { { r, a, b, m, k0 } };                \
		ammx_body(x, 1, l, nz);                                            \
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

/* r |= entry & hit (one ternary-logic op, the entry a plain full load) */
#define PICK(r, p) ((r) = _mm512_ternarylogic_epi64((r), _mm512_loadu_si512((const void *)(p)), hit, 0xf8))

/*
 * r = tab[idx] over |lanes| lanes (a multiple of 8): every entry is loaded
 * in full and or-ed in under a vector that is all ones for the wanted entry
 * only (no branch, no secret address; no masked load either, which might
 * leave memory untouched, so the and is a vector one).
 */
EMBER_TARGET("avx512f")
static void lookup(uint64_t *r, const uint64_t *tab, size_t entries, size_t lanes, unsigned idx)
{
	const __m512i want = _mm512_set1_epi64((long long)idx), one = _mm512_set1_epi64(1);
	size_t i, z;

	/* four registers per pass over the table, one compare per entry for all four */
	for (z = 0; z < lanes; z += 32) {
		__m512i r0 = _mm512_setzero_si512(), r1 = r0, r2 = r0, r3 = r0, cur = r0;
		const uint64_t *t = tab + z;
		for (i = 0; i < entries; i++, t += lanes) {
			/* all ones for the wanted entry: a compare, widened to a vector */
			const __m512i hit =
			    _mm512_maskz_ternarylogic_epi64(_mm512_cmpeq_epi64_mask(cur, want), cur, cur, cur, 0xff);
			PICK(r0, t);
			if (z + 8 < lanes)
				PICK(r1, t + 8);
			if (z + 16 < lanes)
				PICK(r2, t + 16);
			if (z + 24 < lanes)
				PICK(r3, t + 24);
			cur = _mm512_add_epi64(cur, one);
		}
		_mm512_storeu_si512((void *)(r + z), r0);
		if (z + 8 < lanes)
			_mm512_storeu_si512((void *)(r + z + 8), r1);
		if (z + 16 < lanes)
			_mm512_storeu_si512((void *)(r + z + 16), r2);
		if (z + 24 < lanes)
			_mm512_storeu_si512((void *)(r + z + 24), r3);
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
	lookup(x, tab, entries, lanes, ember_bn_get_bits(e, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			amm(x, x, x, m52, k0, l, nz);
		lookup(t, tab, entries, lanes, ember_bn_get_bits(e, ew, k * w, w));
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
	/* the modulus may be a secret prime (a CRT half, a prime candidate) */
	ember_wipe(m52, sizeof(m52));
	ember_wipe(rr, sizeof(rr));
	return 0;
}

/* Both CRT halves at once: the window code of exp_ct_ifma over two states. */
static int exp_ct2_ifma(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits)
{
	const size_t n = mc1->n;
	const size_t l = (64 * n + 2 + 51) / 52;
	const size_t nz = (l + 7) / 8, lanes = 8 * nz;
	const size_t ew = (e_bits + BN_W - 1) / BN_W;
	const unsigned w = e_bits >= 256 ? 5 : 4;
	const size_t entries = (size_t)1 << w;
	const uint64_t k1 = mc1->m0inv & M52, k2 = mc2->m0inv & M52;
	uint64_t tab1[32 * 8 * 5], tab2[32 * 8 * 5];
	uint64_t m1[8 * 5], m2[8 * 5], x1[8 * 5], x2[8 * 5], t1[8 * 5], t2[8 * 5], rr1[8 * 5], rr2[8 * 5];
	ember_bn_word out[BN_MAXW + 1];
	void (*mul2)(uint64_t *, const uint64_t *, const uint64_t *, const uint64_t *, uint64_t, uint64_t *,
	    const uint64_t *, const uint64_t *, const uint64_t *, uint64_t, size_t);
	unsigned nwin, k, i;

	if (n < 8 || nz > 5 || ew > BN_MAXW)
		return EMBER_ENOTSUP;
	mul2 = nz == 2 ? amm2_2 : nz == 3 ? amm2_3 : nz == 4 ? amm2_4 : amm2_5;
	to52(m1, lanes, mc1->m, n);
	to52(m2, lanes, mc2->m, n);
	to52(rr1, lanes, mc1->rr52, n);
	to52(rr2, lanes, mc2->rr52, n);
	memset(t1, 0, sizeof(t1));
	t1[0] = 1;
	mul2(tab1, t1, rr1, m1, k1, tab2, t1, rr2, m2, k2, l);
	to52(x1, lanes, b1, n);
	to52(x2, lanes, b2, n);
	mul2(tab1 + lanes, x1, rr1, m1, k1, tab2 + lanes, x2, rr2, m2, k2, l);
	for (i = 2; i < entries; i++) {
		size_t u = (i & 1) ? i - 1 : i / 2, v = (i & 1) ? 1 : i / 2;
		mul2(tab1 + i * lanes, tab1 + u * lanes, tab1 + v * lanes, m1, k1, tab2 + i * lanes, tab2 + u * lanes,
		    tab2 + v * lanes, m2, k2, l);
	}
	nwin = (e_bits + w - 1) / w;
	lookup(x1, tab1, entries, lanes, ember_bn_get_bits(e1, ew, (nwin - 1) * w, w));
	lookup(x2, tab2, entries, lanes, ember_bn_get_bits(e2, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			mul2(x1, x1, x1, m1, k1, x2, x2, x2, m2, k2, l);
		lookup(t1, tab1, entries, lanes, ember_bn_get_bits(e1, ew, k * w, w));
		lookup(t2, tab2, entries, lanes, ember_bn_get_bits(e2, ew, k * w, w));
		mul2(x1, x1, t1, m1, k1, x2, x2, t2, m2, k2, l);
	}
	memset(t1, 0, sizeof(t1));
	t1[0] = 1;
	mul2(x1, x1, t1, m1, k1, x2, x2, t1, m2, k2, l);
	from52(out, n, x1, l);
	bn_final_sub(r1, out, out[n], mc1->m, n);
	from52(out, n, x2, l);
	bn_final_sub(r2, out, out[n], mc2->m, n);
	ember_wipe(tab1, sizeof(tab1));
	ember_wipe(tab2, sizeof(tab2));
	ember_wipe(x1, sizeof(x1));
	ember_wipe(x2, sizeof(x2));
	ember_wipe(t2, sizeof(t2));
	ember_wipe(out, sizeof(out));
	/* the moduli are the secret primes */
	ember_wipe(m1, sizeof(m1));
	ember_wipe(m2, sizeof(m2));
	ember_wipe(rr1, sizeof(rr1));
	ember_wipe(rr2, sizeof(rr2));
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

static int exp_ct2_ifma(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits)
{
	(void)r1, (void)b1, (void)e1, (void)mc1, (void)r2, (void)b2, (void)e2, (void)mc2, (void)e_bits;
	return EMBER_ENOTSUP;
}

static int supported_ifma(void)
{
	return 0;
}

#endif

const ember_bn_mont_desc ember_bn_mont_avx512ifma_desc = {
	"bn", "avx512ifma", EMBER_IMPL_CT | EMBER_IMPL_HW, supported_ifma, ember_bn_mont_mul_adx, ember_bn_mont_sqr_adx,
	exp_public_ifma, exp_ct_ifma, exp_ct2_ifma
};
