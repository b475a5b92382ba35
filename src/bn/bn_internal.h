/*
 * bn_internal.h - word-level helpers shared by the bignum files.
 */
#ifndef EMBER_BN_INTERNAL_H
#define EMBER_BN_INTERNAL_H

#include "internal.h"
#include "ember/bn.h"

#if EMBER_BN_WORD_BITS == 64
__extension__ typedef unsigned __int128 ember_bn_dword;
#else
typedef uint64_t ember_bn_dword;
#endif

#define BN_W EMBER_BN_WORD_BITS
#define BN_MAXW EMBER_BN_MAX_WORDS

/* All ones when x != 0, else 0 (no branch). */
static inline ember_bn_word bn_nz_mask(ember_bn_word x)
{
	return (ember_bn_word)0 - ((x | ((ember_bn_word)0 - x)) >> (BN_W - 1));
}

/* All ones when a == b. */
static inline ember_bn_word bn_eq_mask(ember_bn_word a, ember_bn_word b)
{
	return ~bn_nz_mask(a ^ b);
}

/* r = mask ? a : b, word by word. */
static inline void bn_select(ember_bn_word *r, ember_bn_word mask, const ember_bn_word *a,
    const ember_bn_word *b, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		r[i] = (a[i] & mask) | (b[i] & ~mask);
}

/*
 * r = t - m when t (n words plus the extra top word hi) >= m, else t; used
 * at the end of every Montgomery product, where t < 2m. Masked, no branch.
 * Two passes (the borrow of t - m, then the masked subtraction) instead of
 * a copy of t - m: the candidate not taken is a secret too (t is the result
 * plus m, or t - m the result minus m), and a temporary would stay on the
 * stack. r may alias t.
 */
static inline void bn_final_sub(ember_bn_word *r, const ember_bn_word *t, ember_bn_word hi,
    const ember_bn_word *m, size_t n)
{
	ember_bn_word borrow = 0, mask;
	size_t i;

	for (i = 0; i < n; i++) {
		ember_bn_word x = t[i], y = m[i];
		ember_bn_word diff = x - y - borrow;
		/* borrow out of x - y - borrow, without a branch */
		borrow = ((~x & y) | (~(x ^ y) & diff)) >> (BN_W - 1);
	}
	/* subtract when hi is set (t >= R > m) or there was no borrow */
	mask = bn_nz_mask(hi) | (borrow - 1);
	borrow = 0;
	for (i = 0; i < n; i++) {
		ember_bn_word x = t[i], y = m[i] & mask;
		ember_bn_word diff = x - y - borrow;
		borrow = ((~x & y) | (~(x ^ y) & diff)) >> (BN_W - 1);
		r[i] = diff;
	}
}

/* Montgomery dispatch. */
static inline void bn_mmul(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	mc->impl->mul(r, a, b, mc);
}

static inline void bn_msqr(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	mc->impl->sqr(r, a, mc);
}

/* Bits [pos, pos + w) of e (ew words), w <= 8; positions are public (bn.c). */
unsigned ember_bn_get_bits(const ember_bn_word *e, size_t ew, unsigned pos, unsigned w);

/*
 * r = tab[idx] for a table of |entries| (at most 32) entries of n words,
 * reading every entry under a mask: the constant-time table scan (bn.c).
 */
void ember_bn_ct_lookup(ember_bn_word *r, const ember_bn_word *tab, size_t entries, size_t n, unsigned idx);

/* The portable product and square (mont_ref.c), also the fallback of other backends. */
void ember_bn_mont_mul_ref(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc);
void ember_bn_mont_sqr_ref(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc);

/* The MULX/ADX product and square (mont_x86adx.c; the portable ones elsewhere). */
void ember_bn_mont_mul_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc);
void ember_bn_mont_sqr_adx(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc);
int ember_bn_mont_adx_supported(void);


#if EMBER_BN_WORD_BITS == 64
/*
 * The portable backend's secret-exponent exponentiations in radix 2^61
 * (exp_radix.c): its exp_ct and exp_ct2 slots; EMBER_ENOTSUP outside 8 to
 * 29 words.
 */
int ember_bn_exp_ct_radix(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e, unsigned e_bits,
    const ember_bn_mont *mc);
int ember_bn_exp_ct2_radix(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits);
#define EMBER_BN_EXP_CT_RADIX ember_bn_exp_ct_radix
#define EMBER_BN_EXP_CT2_RADIX ember_bn_exp_ct2_radix
#else
/* 32-bit words: no radix code, a descriptor's slot is NULL (the generic chain) */
#define EMBER_BN_EXP_CT_RADIX NULL
#define EMBER_BN_EXP_CT2_RADIX NULL
#endif

#endif
