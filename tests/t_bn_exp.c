/*
 * t_bn_exp.c - the exponentiation slots of every Montgomery backend
 * (exp_ct, exp_ct2, exp_public: the radix-2^52 paths of avx512ifma, the
 * radix-2^61 ones of ref) against the generic square-and-multiply chain
 * over the portable backend's mul and sqr (ember_bn_modexp_vartime, which
 * uses no slot, so ref's own slots are checked too), at every word count
 * those paths take (8 words and up) rather than the few sizes t_bn.c
 * samples, with edge bases (0, 1, m - 1), short exponents (the 4-bit
 * window) and moduli whose top word is not full.
 */
#include <string.h>

#include "ember/bn.h"
#include "test.h"

#define MAXW EMBER_BN_MAX_WORDS
#define BITS EMBER_BN_WORD_BITS

static void rand_words(ember_bn_word *a, size_t n)
{
	t_rand_bytes((uint8_t *)a, n * sizeof(a[0]));
}

/* An odd modulus of n words whose top bit is 0 to 7 places below the word's top. */
static void rand_modulus(ember_bn_word *m, size_t n)
{
	rand_words(m, n);
	m[0] |= 1;
	m[n - 1] &= ~(ember_bn_word)0 >> t_rand_below(8);
	m[n - 1] |= (ember_bn_word)1 << (BITS - 1 - t_rand_below(8));
}

/* Base number |k| of a run: 0, 1, m - 1, then random values below m. */
static void pick_base(ember_bn_word *b, const ember_bn_word *m, size_t n, int k)
{
	memset(b, 0, n * sizeof(b[0]));
	if (k == 1) {
		b[0] = 1;
	} else if (k == 2) {
		memcpy(b, m, n * sizeof(b[0]));
		b[0] -= 1;
	} else if (k > 2) {
		ember_bn_word t[MAXW];
		rand_words(t, n);
		ember_bn_divmod_ct(NULL, b, t, n, m, n);
	}
}

/* A random exponent of at most e_bits bits (ceil(e_bits / W) words, zero above). */
static void rand_exp(ember_bn_word *e, unsigned e_bits)
{
	size_t ew = (e_bits + BITS - 1) / BITS;

	memset(e, 0, MAXW * sizeof(e[0]));
	rand_words(e, ew);
	if (e_bits % BITS)
		e[ew - 1] &= ((ember_bn_word)1 << (e_bits % BITS)) - 1;
}

static int init_pair(ember_bn_mont *fast, ember_bn_mont *ref, const ember_bn_word *m, size_t n,
    const ember_bn_mont_desc *d)
{
	if (!CHECK(ember_bn_mont_init(fast, m, n) == 0 && ember_bn_mont_set_impl(fast, d) == 0, "init n=%zu", n))
		return 0;
	*ref = *fast;
	return CHECK(ember_bn_mont_set_impl(ref, ember_bn_mont_find("ref")) == 0, "ref backend");
}

/* exp_ct2 (both halves at once) against two generic chains (no slot involved). */
static unsigned ct2_size(const ember_bn_mont_desc *d, size_t n)
{
	static ember_bn_mont f1, f2, r1, r2;
	ember_bn_word m1[MAXW], m2[MAXW], b1[MAXW], b2[MAXW], e1[MAXW], e2[MAXW];
	ember_bn_word x1[MAXW], x2[MAXW], y1[MAXW], y2[MAXW];
	unsigned runs = 0;
	int k;

	rand_modulus(m1, n);
	rand_modulus(m2, n);
	if (!init_pair(&f1, &r1, m1, n, d) || !init_pair(&f2, &r2, m2, n, d))
		return 0;
	for (k = 0; k < 5; k++) {
		unsigned e_bits = k == 3 ? 200 : (unsigned)(n * BITS - (k == 4 ? t_rand_below(BITS) : 0));
		pick_base(b1, m1, n, k);
		pick_base(b2, m2, n, 4 - k);
		rand_exp(e1, e_bits);
		rand_exp(e2, e_bits);
		ember_bn_modexp_ct2(x1, b1, e1, &f1, x2, b2, e2, &f2, e_bits);
		ember_bn_modexp_vartime(y1, b1, e1, MAXW, &r1);
		ember_bn_modexp_vartime(y2, b2, e2, MAXW, &r2);
		CHECK(memcmp(x1, y1, n * sizeof(x1[0])) == 0 && memcmp(x2, y2, n * sizeof(x2[0])) == 0,
		    "%s modexp_ct2 n=%zu e_bits=%u base %d", d->impl, n, e_bits, k);
		runs++;
	}
	return runs;
}

/* exp_ct and exp_public against the generic chain over ref's mul and sqr (no slot involved). */
static unsigned ct_size(const ember_bn_mont_desc *d, size_t n)
{
	static ember_bn_mont f, r;
	ember_bn_word m[MAXW], b[MAXW], e[MAXW], x[MAXW], y[MAXW], corr[MAXW];
	unsigned runs = 0;
	int k;

	rand_modulus(m, n);
	if (!init_pair(&f, &r, m, n, d))
		return 0;
	for (k = 0; k < 4; k++) {
		unsigned e_bits = k == 3 ? 100 : (unsigned)(n * BITS);
		pick_base(b, m, n, k == 3 ? 4 : k);
		rand_exp(e, e_bits);
		ember_bn_modexp_ct(x, b, e, e_bits, &f);
		ember_bn_modexp_vartime(y, b, e, MAXW, &r);
		CHECK(memcmp(x, y, n * sizeof(x[0])) == 0, "%s modexp_ct n=%zu e_bits=%u base %d", d->impl, n,
		    e_bits, k);
		/* public exponents: 65537, 3 and a random 100-bit one */
		memset(e, 0, sizeof(e));
		if (k == 3)
			rand_exp(e, 100);
		else
			e[0] = k == 1 ? 3 : 65537;
		ember_bn_exp_correction(corr, e, MAXW, &f);
		ember_bn_modexp_public(x, b, e, MAXW, corr, &f);
		ember_bn_modexp_vartime(y, b, e, MAXW, &r);
		CHECK(memcmp(x, y, n * sizeof(x[0])) == 0, "%s modexp_public n=%zu base %d", d->impl, n, k);
		runs += 2;
	}
	return runs;
}

EMBER_TEST(bn_exp_backends)
{
	size_t i, n, tested = 0;

	for (i = 0; i < ember_bn_mont_count(); i++) {
		const ember_bn_mont_desc *d = ember_bn_mont_at(i);
		unsigned runs = 0;

		if (d->exp_ct == NULL && d->exp_ct2 == NULL && d->exp_public == NULL)
			continue; /* the generic chains over mul and sqr, which t_bn.c covers */
		if (!ember_bn_mont_supported(d)) {
			t_skip("bn %s: not supported on this CPU", d->impl);
			continue;
		}
		/* 8 words (512 bits) up to the largest RSA's CRT halves, then every 8th size to the top */
		for (n = 8; n <= MAXW / 2; n++)
			runs += ct2_size(d, n);
		for (n = 8; n <= MAXW; n += n < MAXW / 2 ? 1 : 8)
			runs += ct_size(d, n);
		t_note("bn %s: %u exponentiations against ref", d->impl, runs);
		tested++;
	}
	if (tested == 0)
		t_skip("no backend with exponentiation slots of its own");
}
