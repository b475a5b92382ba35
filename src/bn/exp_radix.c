/*
 * exp_radix.c - the secret-exponent exponentiations of the portable "ref"
 * backend (its exp_ct and exp_ct2 slots) in reduced radix 2^61, for 64-bit
 * words (unsigned __int128) only; 32-bit builds keep the generic chains.
 *
 * Why: in radix 2^64 a column of the Montgomery product needs a three-word
 * accumulator, so every 64x64 product pays a carry test (mont_ref.c). With
 * 61-bit limbs each product is below 2^122 and a whole column (at most 2L
 * products of a*b and u*m, L limbs) stays below 2^128 while L <= 31: the
 * column sum is one unsigned __int128 with no carry test, a product is a
 * multiply, an add and an add-with-carry. 61 bits is the widest radix that
 * keeps a 1024-bit RSA half (n = 16 words) within that bound, with L = 17
 * limbs against 16 words: 13 % more products, each cheaper. (Radix 2^52,
 * L = 20, measured slower than the 64-bit code; 2^60, L = 18, no faster.)
 *
 * The product is almost Montgomery multiplication (Gueron and Krasnov,
 * 2012) in the finely integrated product scanning form (Koc, Acar, Kaliski,
 * 1996): R' = 2^(61L) with L = ceil((64n + 2) / 61), so R' > 4m and inputs
 * below 2m give an output below 2m with no subtraction per product; one
 * masked subtraction at the very end. R'^2 mod m comes from mc->rr by
 * modular doublings. Moduli of fewer than 8 words (DSA's q) or more than
 * 29 (L > 31) get EMBER_ENOTSUP and the generic chain.
 *
 * Constant time: loop bounds are the public limb count and exponent length;
 * the window table is read in full at every window under masks; the
 * quotient digits, carries and the doublings' subtractions are arithmetic.
 * The scratch that holds secrets (table, accumulators, quotient digits, the
 * moduli of the CRT halves, the table scan's gathered entry) is wiped before
 * returning.
 */
#include "bn/bn_internal.h"

#if EMBER_BN_WORD_BITS == 64

/* limb bits: see the top of the file */
#define RB 61
#define LMASK (((uint64_t)1 << RB) - 1)
/* most limbs whose column sums (2L products below 2^(2RB), plus the carry) fit 128 bits */
#define LLIM ((((size_t)1 << (127 - 2 * RB)) - 1))
/* limbs of the largest modulus handled: the arrays' size */
#define LALL ((64 * BN_MAXW + 2 + RB - 1) / RB)
#define LMAX (LALL < LLIM ? LALL : LLIM)

/* RB-bit limbs of a word count n */
static size_t limbs_of(size_t n)
{
	return (64 * n + 2 + RB - 1) / RB;
}

/* 64-bit words -> l RB-bit limbs. */
static void to_radix(uint64_t *out, size_t l, const ember_bn_word *a, size_t n)
{
	size_t j;

	for (j = 0; j < l; j++) {
		size_t bit = RB * j, w = bit / 64, off = bit % 64;
		uint64_t v = 0;
		if (w < n)
			v = a[w] >> off;
		if (off > 64 - RB && w + 1 < n)
			v |= a[w + 1] << (64 - off);
		out[j] = v & LMASK;
	}
}

/* l RB-bit limbs -> n + 1 words. */
static void from_radix(ember_bn_word *out, size_t n, const uint64_t *x, size_t l)
{
	size_t j;

	memset(out, 0, (n + 1) * sizeof(out[0]));
	for (j = 0; j < l; j++) {
		size_t bit = RB * j, w = bit / 64, off = bit % 64;
		if (w <= n)
			out[w] |= x[j] << off;
		if (off > 64 - RB && w + 1 <= n)
			out[w + 1] |= x[j] >> (64 - off);
	}
}

/* The modulus of one chain in radix 2^RB, and the product's scratch. */
struct chain {
	uint64_t m[LMAX];
	uint64_t u[LMAX]; /* quotient digits of the current product */
	uint64_t t[LMAX]; /* its output before it is copied (r may alias a or b) */
	uint64_t k0;      /* -m^-1 mod 2^RB */
	size_t l;
};

/*
 * r = a * b / R' mod m, below 2m for a, b below 2m. Column k of
 * a*b + u*m: for k < L the low RB bits fix u[k] (u[k] = column * k0 mod
 * 2^RB makes them zero), then the column is shifted out. Two accumulators
 * (a*b terms and u*m terms) halve the serial add/adc chain.
 */
static void amm(uint64_t *r, const uint64_t *a, const uint64_t *b, struct chain *c)
{
	const uint64_t *m = c->m;
	uint64_t *u = c->u, *t = c->t;
	const uint64_t k0 = c->k0;
	const size_t l = c->l;
	ember_bn_dword acc = 0;
	size_t k, i;

	for (k = 0; k < l; k++) {
		ember_bn_dword acc2 = 0;
		for (i = 0; i < k; i++) {
			acc += (ember_bn_dword)a[i] * b[k - i];
			acc2 += (ember_bn_dword)u[i] * m[k - i];
		}
		acc += (ember_bn_dword)a[k] * b[0] + acc2;
		u[k] = ((uint64_t)acc * k0) & LMASK;
		acc += (ember_bn_dword)u[k] * m[0];
		acc >>= RB;
	}
	for (k = l; k < 2 * l - 1; k++) {
		ember_bn_dword acc2 = 0;
		for (i = k - l + 1; i < l; i++) {
			acc += (ember_bn_dword)a[i] * b[k - i];
			acc2 += (ember_bn_dword)u[i] * m[k - i];
		}
		acc += acc2;
		t[k - l] = (uint64_t)acc & LMASK;
		acc >>= RB;
	}
	/* the output is below 2m < R', so the rest is the top limb */
	t[l - 1] = (uint64_t)acc;
	memcpy(r, t, l * sizeof(r[0]));
}

/*
 * r = a * a / R' mod m: the cross products a[i]a[j] (i < j) of a column
 * summed once and doubled (a shift: the sum is below 2^110), then the
 * square term and the u*m terms.
 */
static void asqr(uint64_t *r, const uint64_t *a, struct chain *c)
{
	const uint64_t *m = c->m;
	uint64_t *u = c->u, *t = c->t;
	const uint64_t k0 = c->k0;
	const size_t l = c->l;
	ember_bn_dword acc = 0;
	size_t k, i;

	for (k = 0; k < l; k++) {
		ember_bn_dword d = 0, acc2 = 0;
		for (i = 0; i < k - i; i++)
			d += (ember_bn_dword)a[i] * a[k - i];
		for (i = 0; i < k; i++)
			acc2 += (ember_bn_dword)u[i] * m[k - i];
		d <<= 1;
		if ((k & 1) == 0)
			d += (ember_bn_dword)a[k / 2] * a[k / 2];
		acc += d + acc2;
		u[k] = ((uint64_t)acc * k0) & LMASK;
		acc += (ember_bn_dword)u[k] * m[0];
		acc >>= RB;
	}
	for (k = l; k < 2 * l - 1; k++) {
		ember_bn_dword d = 0, acc2 = 0;
		for (i = k - l + 1; i < k - i; i++)
			d += (ember_bn_dword)a[i] * a[k - i];
		for (i = k - l + 1; i < l; i++)
			acc2 += (ember_bn_dword)u[i] * m[k - i];
		d <<= 1;
		if ((k & 1) == 0)
			d += (ember_bn_dword)a[k / 2] * a[k / 2];
		acc += d + acc2;
		t[k - l] = (uint64_t)acc & LMASK;
		acc >>= RB;
	}
	t[l - 1] = (uint64_t)acc;
	memcpy(r, t, l * sizeof(r[0]));
}

/* rr = R'^2 mod m = R^2 * 2^(2(RB L - 64n)) mod m: modular doublings of mc->rr (masked subtraction). */
static void rr_radix(ember_bn_word *rr, const ember_bn_mont *mc, size_t l)
{
	const size_t n = mc->n;
	unsigned s = (unsigned)(2 * (RB * l - 64 * n)), j;
	size_t i;

	memcpy(rr, mc->rr, n * sizeof(rr[0]));
	for (j = 0; j < s; j++) {
		ember_bn_word top = rr[n - 1] >> (BN_W - 1);
		for (i = n - 1; i > 0; i--)
			rr[i] = (rr[i] << 1) | (rr[i - 1] >> (BN_W - 1));
		rr[0] <<= 1;
		bn_final_sub(rr, rr, top, mc->m, n);
	}
}

static void chain_init(struct chain *c, const ember_bn_mont *mc)
{
	c->l = limbs_of(mc->n);
	c->k0 = mc->m0inv & LMASK;
	to_radix(c->m, c->l, mc->m, mc->n);
}

/* r = x / R' mod m, fully reduced, as n words (x below 2m). */
static void chain_out(ember_bn_word *r, uint64_t *x, struct chain *c, const ember_bn_mont *mc)
{
	ember_bn_word out[BN_MAXW + 1];
	uint64_t one[LMAX];

	memset(one, 0, c->l * sizeof(one[0]));
	one[0] = 1;
	/* (x + u m) / R' < m + 1: one masked subtraction reduces it */
	amm(x, x, one, c);
	from_radix(out, mc->n, x, c->l);
	bn_final_sub(r, out, out[mc->n], mc->m, mc->n);
	ember_wipe(out, sizeof(out));
}

/* One fixed-window chain: the table, the accumulator and the modulus. */
struct win {
	struct chain c;
	uint64_t tab[32 * LMAX];
	uint64_t x[LMAX], t[LMAX];
};

/* tab[i] = b^i R' mod m (below 2m) for i < entries. */
static void win_table(struct win *s, const ember_bn_word *b, size_t entries, const ember_bn_mont *mc)
{
	const size_t l = s->c.l;
	ember_bn_word rr[BN_MAXW];
	size_t i;

	rr_radix(rr, mc, l);
	to_radix(s->t, l, rr, mc->n);
	ember_wipe(rr, mc->n * sizeof(rr[0]));
	memset(s->x, 0, l * sizeof(s->x[0]));
	s->x[0] = 1;
	amm(s->tab, s->x, s->t, &s->c);
	to_radix(s->x, l, b, mc->n);
	amm(s->tab + l, s->x, s->t, &s->c);
	for (i = 2; i < entries; i++) {
		if (i & 1)
			amm(s->tab + i * l, s->tab + (i - 1) * l, s->tab + l, &s->c);
		else
			asqr(s->tab + i * l, s->tab + (i / 2) * l, &s->c);
	}
}

/* The top limb of both chains' outputs, then both copied out (r may alias an input). */
static inline void x2_finish(uint64_t *r1, struct chain *c1, ember_bn_dword x1, uint64_t *r2, struct chain *c2,
    ember_bn_dword x2, size_t l)
{
	c1->t[l - 1] = (uint64_t)x1;
	c2->t[l - 1] = (uint64_t)x2;
	memcpy(r1, c1->t, l * sizeof(r1[0]));
	memcpy(r2, c2->t, l * sizeof(r2[0]));
}

/*
 * The two CRT halves' products and squares (exp_radix_x2.h) are compiled
 * twice: for any limb count l, with loops, and for l = 17 (rsa2048's
 * 1024-bit halves), where every loop bound is a constant and the loops
 * are unrolled whole. The column sums and quotient digits are the same;
 * what goes is the loop control and the index arithmetic between the
 * multiplies. TSC cycles per call, min over 3000 batches, gcc 12 -O2 on
 * x86-64: the square 1210 -> 855 (0.71), the product 1306 -> 1143 (0.88;
 * it keeps eight pointers and two accumulators, more than x86-64's
 * registers). Only 17 is unrolled, the size that `speed` and TLS servers
 * use most, for about 20 KB of code per function.
 *
 * On x86-64 the product keeps its loops (UNROLL_AMM 0): the product is
 * one call in six, and with both unrolled functions (41 KB) in a 32 KB
 * instruction cache a whole rsa2048 signature ran 1.5-1.8 % slower than
 * with the square alone unrolled (1344k -> 1321k TSC cycles, minimum of
 * 200 alternating batches, three runs). With 31 registers (AArch64,
 * RISC-V) the unrolled product keeps its operands in registers: under
 * qemu-aarch64 one rsa2048 sign plus verify takes 8.23 million
 * instructions with it and 8.78 million without.
 */
#if defined(__x86_64__)
#define UNROLL_AMM 0
#else
#define UNROLL_AMM 1
#endif
#if defined(__clang__)
/* clang would unroll the inner loops first, while their bounds still depend on k, and fail */
#define UNROLL _Pragma("unroll")
#define UNROLL_INNER
#else
#define UNROLL _Pragma("GCC unroll 64")
#define UNROLL_INNER UNROLL
#endif
#define UNROLLED_L 17

/*
 * r = tab[idx] for a table of l-limb entries, every entry read in full
 * under a mask (as ember_bn_ct_lookup). For l = UNROLLED_L the limb loop
 * is unrolled, so that the 17 limbs gather in registers in one pass over
 * the entries instead of five: 285 -> 165 TSC cycles per 32-entry lookup.
 */
static void lookup(uint64_t *r, const uint64_t *tab, size_t entries, size_t l, unsigned idx)
{
	uint64_t acc[UNROLLED_L] = { 0 };
	size_t i, k;

	if (l != UNROLLED_L) {
		ember_bn_ct_lookup(r, tab, entries, l, idx);
		return;
	}
	for (i = 0; i < entries; i++) {
		const uint64_t m = bn_eq_mask((ember_bn_word)i, (ember_bn_word)idx);
		const uint64_t *t = tab + i * UNROLLED_L;
		UNROLL for (k = 0; k < UNROLLED_L; k++)
			acc[k] |= t[k] & m;
	}
	memcpy(r, acc, sizeof(acc));
	ember_wipe(acc, sizeof(acc));
}

#define X2_FN(name) name##_any
#define X2_L (c1->l)
#define X2_LOOP
#define X2_INNER
#define X2_AMM 1
#include "bn/exp_radix_x2.h"
#undef X2_FN
#undef X2_L
#undef X2_LOOP
#undef X2_INNER
#undef X2_AMM

#define X2_FN(name) name##_unrolled
#define X2_L ((size_t)UNROLLED_L)
#define X2_LOOP UNROLL
#define X2_INNER UNROLL_INNER
#define X2_AMM UNROLL_AMM
#include "bn/exp_radix_x2.h"
#undef X2_FN
#undef X2_L
#undef X2_LOOP
#undef X2_INNER
#undef X2_AMM

static void amm_x2(uint64_t *r1, const uint64_t *a1, const uint64_t *b1, struct chain *c1, uint64_t *r2,
    const uint64_t *a2, const uint64_t *b2, struct chain *c2)
{
#if UNROLL_AMM
	if (c1->l == UNROLLED_L) {
		amm_x2_unrolled(r1, a1, b1, c1, r2, a2, b2, c2);
		return;
	}
#endif
	amm_x2_any(r1, a1, b1, c1, r2, a2, b2, c2);
}

static void asqr_x2(uint64_t *a1, struct chain *c1, uint64_t *a2, struct chain *c2)
{
	if (c1->l == UNROLLED_L)
		asqr_x2_unrolled(a1, c1, a2, c2);
	else
		asqr_x2_any(a1, c1, a2, c2);
}

/* 5-bit windows from 256-bit exponents, else 4 (as ember_bn_modexp_ct). */
static unsigned win_bits(unsigned e_bits)
{
	return e_bits >= 256 ? 5 : 4;
}

int ember_bn_exp_ct_radix(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, unsigned e_bits,
    const ember_bn_mont *mc)
{
	struct win s;
	const size_t ew = (e_bits + BN_W - 1) / BN_W;
	const unsigned w = win_bits(e_bits);
	const size_t entries = (size_t)1 << w;
	unsigned nwin, k, i;

	if (mc->n < 8 || e_bits == 0 || limbs_of(mc->n) > LMAX)
		return EMBER_ENOTSUP;
	chain_init(&s.c, mc);
	win_table(&s, b, entries, mc);
	nwin = (e_bits + w - 1) / w;
	lookup(s.x, s.tab, entries, s.c.l, ember_bn_get_bits(e, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			asqr(s.x, s.x, &s.c);
		lookup(s.t, s.tab, entries, s.c.l, ember_bn_get_bits(e, ew, k * w, w));
		amm(s.x, s.x, s.t, &s.c);
	}
	chain_out(r, s.x, &s.c, mc);
	/* the table, the chain's digits and the modulus (a secret prime for a CRT half) */
	ember_wipe(&s, sizeof(s));
	return 0;
}

/* Both CRT halves at once: the window code of ember_bn_exp_ct_radix over two chains. */
int ember_bn_exp_ct2_radix(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits)
{
	struct win s[2];
	const size_t ew = (e_bits + BN_W - 1) / BN_W;
	const unsigned w = win_bits(e_bits);
	const size_t entries = (size_t)1 << w;
	size_t l;
	unsigned nwin, k, i;

	if (mc1->n < 8 || mc1->n != mc2->n || e_bits == 0 || limbs_of(mc1->n) > LMAX)
		return EMBER_ENOTSUP;
	chain_init(&s[0].c, mc1);
	chain_init(&s[1].c, mc2);
	l = s[0].c.l;
	win_table(&s[0], b1, entries, mc1);
	win_table(&s[1], b2, entries, mc2);
	nwin = (e_bits + w - 1) / w;
	lookup(s[0].x, s[0].tab, entries, l, ember_bn_get_bits(e1, ew, (nwin - 1) * w, w));
	lookup(s[1].x, s[1].tab, entries, l, ember_bn_get_bits(e2, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			asqr_x2(s[0].x, &s[0].c, s[1].x, &s[1].c);
		lookup(s[0].t, s[0].tab, entries, l, ember_bn_get_bits(e1, ew, k * w, w));
		lookup(s[1].t, s[1].tab, entries, l, ember_bn_get_bits(e2, ew, k * w, w));
		amm_x2(s[0].x, s[0].x, s[0].t, &s[0].c, s[1].x, s[1].x, s[1].t, &s[1].c);
	}
	chain_out(r1, s[0].x, &s[0].c, mc1);
	chain_out(r2, s[1].x, &s[1].c, mc2);
	/* the tables, the digits and the moduli (the secret primes) */
	ember_wipe(s, sizeof(s));
	return 0;
}

#endif
