/*
 * t_bn_edge.c - Montgomery products on values that make every carry
 * happen: moduli of all-one words (2^(W*n) - 1) and of a lone top bit
 * (2^(W*n-1) + 1), operands m-1, m-2, 1, 0 and all-ones patterns below m.
 * Random operands (t_bn.c) rarely fill the column accumulators to their
 * limits; these do. Each backend's mul and sqr are checked against the
 * schoolbook product reduced by long division.
 */
#include <string.h>

#include "ember/bn.h"
#include "test.h"

#define MAXW EMBER_BN_MAX_WORDS

/* r = a*b/R mod m the slow way: a*b mod m by long division, times rinv = R^-1 mod m. */
static void ref_mont(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_word *rinv, const ember_bn_mont *mc)
{
	ember_bn_word prod[2 * MAXW], x[MAXW];
	size_t n = mc->n;

	ember_bn_mul(prod, a, n, b, n);
	ember_bn_divmod_ct(NULL, x, prod, 2 * n, mc->m, n);
	ember_bn_mul(prod, x, n, rinv, n);
	ember_bn_divmod_ct(NULL, r, prod, 2 * n, mc->m, n);
}

static void operands(ember_bn_word v[6][MAXW], const ember_bn_word *m, size_t n)
{
	ember_bn_word one[MAXW];
	size_t i;

	memset(v, 0, 6 * MAXW * sizeof(v[0][0]));
	memset(one, 0, sizeof(one));
	one[0] = 1;
	ember_bn_sub(v[0], m, one, n); /* m - 1 */
	ember_bn_sub(v[1], v[0], one, n); /* m - 2 */
	v[2][0] = 1;
	/* v[3] = 0 */
	for (i = 0; i < n; i++) /* alternating all-ones words, below m */
		v[4][i] = (i & 1) ? 0 : ~(ember_bn_word)0;
	v[4][n - 1] = 0;
	for (i = 0; i + 1 < n; i++) /* all ones except the top word */
		v[5][i] = ~(ember_bn_word)0;
}

static void one_size(const ember_bn_mont_desc *d, size_t n, int shape, unsigned *count)
{
	ember_bn_mont mc;
	ember_bn_word m[MAXW], v[6][MAXW], r1[MAXW], r2[MAXW], r3[MAXW], rinv[MAXW];
	size_t i, j;

	if (shape == 0) {
		for (i = 0; i < n; i++)
			m[i] = ~(ember_bn_word)0;
	} else {
		memset(m, 0, n * sizeof(m[0]));
		m[0] = 1;
		m[n - 1] |= (ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1);
	}
	if (!CHECK(ember_bn_mont_init(&mc, m, n) == 0, "mont_init n=%zu", n))
		return;
	if (!CHECK(ember_bn_mont_set_impl(&mc, d) == 0, "set_impl %s", d->impl))
		return;
	/* R^-1 mod m is the inverse of R mod m (mc.one) */
	if (!CHECK(ember_bn_modinv_ct(rinv, mc.one, m, n) == 0, "R invertible n=%zu", n))
		return;
	operands(v, m, n);
	for (i = 0; i < 6; i++) {
		for (j = i; j < 6; j++) {
			ref_mont(r1, v[i], v[j], rinv, &mc);
			d->mul(r2, v[i], v[j], &mc);
			CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s mul n=%zu shape %d (%zu,%zu)", d->impl,
			    n, shape, i, j);
			(*count)++;
		}
		ref_mont(r1, v[i], v[i], rinv, &mc);
		d->sqr(r3, v[i], &mc);
		CHECK(memcmp(r1, r3, n * sizeof(r1[0])) == 0, "%s sqr n=%zu shape %d (%zu)", d->impl, n, shape,
		    i);
		(*count)++;
	}
}

EMBER_TEST(bn_edge)
{
	static const size_t sizes[] = { 1, 2, 3, 4, 5, 8, 12, 16, 17, 24, 32, 33 };
	size_t i, k;
	int shape;

	for (i = 0; i < ember_bn_mont_count(); i++) {
		const ember_bn_mont_desc *d = ember_bn_mont_at(i);
		unsigned count = 0;
		if (!ember_bn_mont_supported(d)) {
			t_skip("bn %s: not supported on this CPU", d->impl);
			continue;
		}
		for (k = 0; k < sizeof(sizes) / sizeof(sizes[0]); k++) {
			if (sizes[k] > MAXW)
				continue;
			for (shape = 0; shape < 2; shape++)
				one_size(d, sizes[k], shape, &count);
		}
		t_note("bn %s: %u edge products", d->impl, count);
	}
}
