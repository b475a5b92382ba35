/*
 * t_bn.c - bignum properties on random numbers, for every Montgomery
 * implementation this CPU runs: Montgomery product against schoolbook
 * product + long division, constant-time against variable-time
 * exponentiation, inverses, CRT recombination, Fermat on a known prime.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/bn.h"
#include "test.h"

#define MAXW EMBER_BN_MAX_WORDS

static void rand_words(ember_bn_word *a, size_t n)
{
	t_rand_bytes((uint8_t *)a, n * sizeof(a[0]));
}

/* A random value below m (n words): random, then reduced. */
static void rand_below(ember_bn_word *r, const ember_bn_word *m, size_t n)
{
	ember_bn_word t[MAXW];
	rand_words(t, n);
	ember_bn_divmod_ct(NULL, r, t, n, m, n);
}

static void one_modulus(const ember_bn_mont_desc *d, size_t n)
{
	ember_bn_mont mc;
	ember_bn_word m[MAXW], a[MAXW], b[MAXW], r1[MAXW], r2[MAXW], prod[2 * MAXW], e[MAXW];
	ember_bn_word q[2 * MAXW];
	int i;

	rand_words(m, n);
	m[0] |= 1;
	m[n - 1] |= (ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1 - t_rand_below(8));
	if (!CHECK(ember_bn_mont_init(&mc, m, n) == 0, "mont_init n=%zu", n))
		return;
	if (!CHECK(ember_bn_mont_set_impl(&mc, d) == 0, "set_impl %s", d->impl))
		return;
	for (i = 0; i < 4; i++) {
		rand_below(a, m, n);
		rand_below(b, m, n);
		/* a*b mod m two ways */
		ember_bn_modmul(r1, a, b, &mc);
		ember_bn_mul(prod, a, n, b, n);
		ember_bn_divmod_ct(q, r2, prod, 2 * n, m, n);
		CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s modmul n=%zu", d->impl, n);
		/* quotient * m + remainder == product */
		{
			ember_bn_word back[3 * MAXW];
			ember_bn_mul(back, q, 2 * n, m, n);
			{
				ember_bn_word rem[2 * MAXW];
				memset(rem, 0, sizeof(rem));
				memcpy(rem, r2, n * sizeof(r2[0]));
				ember_bn_add(back, back, rem, 2 * n);
			}
			CHECK(memcmp(back, prod, 2 * n * sizeof(prod[0])) == 0, "divmod n=%zu", n);
		}
		/* squaring: a*a via sqr and via mul (Montgomery form a*R) */
		ember_bn_to_mont(r1, a, &mc);
		d->sqr(r2, r1, &mc);
		d->mul(r1, r1, r1, &mc);
		CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s sqr n=%zu", d->impl, n);
		/* REDC of the double-length product */
		ember_bn_redc(r1, prod, &mc);
		ember_bn_modmul(r2, a, b, &mc);
		ember_bn_to_mont(r2, r2, &mc);
		ember_bn_from_mont(r2, r2, &mc);
		ember_bn_from_mont(r2, r2, &mc);
		CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s redc n=%zu", d->impl, n);
		/* exponentiation: ct against vartime */
		rand_words(e, n);
		ember_bn_modexp_ct(r1, a, e, (unsigned)(n * EMBER_BN_WORD_BITS), &mc);
		ember_bn_modexp_vartime(r2, a, e, n, &mc);
		CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s modexp n=%zu", d->impl, n);
		/* a^e * b^f two ways */
		{
			ember_bn_word f[MAXW], r3[MAXW];
			rand_words(f, n);
			f[n - 1] >>= 3;
			ember_bn_modexp2_vartime(r1, a, e, b, f, n, &mc);
			ember_bn_modexp_vartime(r2, a, e, n, &mc);
			ember_bn_modexp_vartime(r3, b, f, n, &mc);
			ember_bn_modmul(r2, r2, r3, &mc);
			CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s modexp2 n=%zu", d->impl, n);
		}
		/* inverse (when it exists) */
		if (ember_bn_modinv_ct(r1, a, m, n) == 0) {
			ember_bn_modmul(r2, r1, a, &mc);
			CHECK(r2[0] == 1 && (n == 1 || ember_bn_is_zero(r2 + 1, n - 1)), "modinv n=%zu", n);
		}
	}
}

EMBER_TEST(bn_properties)
{
	size_t i, n;

	for (i = 0; i < ember_bn_mont_count(); i++) {
		const ember_bn_mont_desc *d = ember_bn_mont_at(i);
		if (!ember_bn_mont_supported(d)) {
			t_skip("bn %s: not supported on this CPU", d->impl);
			continue;
		}
		for (n = 1; n <= 9; n++)
			one_modulus(d, n);
		one_modulus(d, MAXW / 4);
		one_modulus(d, MAXW / 2);
		one_modulus(d, MAXW / 2 + 1);
		if (t_phase == 1)
			one_modulus(d, MAXW);
	}
}

/* RFC 6979 A.2.2's 2048-bit prime p: Fermat's little theorem and a Wilson-free sanity check. */
static const char *P2048 =
    "9DB6FB5951B66BB6FE1E140F1D2CE5502374161FD6538DF1648218642F0B5C48"
    "C8F7A41AADFA187324B87674FA1822B00F1ECF8136943D7C55757264E5A1A44F"
    "FE012E9936E00C1D3E9310B01C7D179805D3058B2A9F4BB6F9716BFE6117C6B5"
    "B3CC4D9BE341104AD4A80AD6C94E005F4B993E14F091EB51743BF33050C38DE2"
    "35567E1B34C3D6A5C0CEAA1A0F368213C3D19843D0B4B09DCB9FC72D39C8DE41"
    "F1BF14D4BB4563CA28371621CAD3324B6A2D392145BEBFAC748805236F5CA2FE"
    "92B871CD8F9C36D3292B5509CA8CAA77A2ADFC7BFD77DDA6F71125A7456FEA15"
    "3E433256A2261C6A06ED3693797E7995FAD5AABBCFBE3EDA2741E375404AE25B";

EMBER_TEST(bn_fermat)
{
	uint8_t *bytes;
	size_t len, n = EMBER_BN_WORDS(2048), i;
	ember_bn_word p[MAXW], pm1[MAXW], a[MAXW], r[MAXW], one[MAXW];
	ember_bn_mont mc;

	if (!CHECK(t_hex(P2048, &bytes, &len) == 0, "hex"))
		return;
	CHECK(ember_bn_from_bytes(p, n, bytes, len) == 0, "from_bytes");
	free(bytes);
	CHECK(ember_bn_mont_init(&mc, p, n) == 0, "mont_init");
	CHECK(ember_bn_bits(p, n) == 2048, "bits %u", ember_bn_bits(p, n));
	memcpy(pm1, p, sizeof(p));
	pm1[0] -= 1;
	memset(one, 0, sizeof(one));
	one[0] = 1;
	for (i = 0; i < 3; i++) {
		rand_below(a, p, n);
		ember_bn_modexp_ct(r, a, pm1, 2048, &mc);
		CHECK(memcmp(r, one, n * sizeof(r[0])) == 0, "a^(p-1) != 1");
	}
	/* round trip through bytes */
	{
		uint8_t out[256], out2[256];
		CHECK(ember_bn_to_bytes(out, 256, p, n) == 0, "to_bytes");
		t_hex(P2048, &bytes, &len);
		CHECK(len == 256 && memcmp(out, bytes, 256) == 0, "bytes round trip");
		free(bytes);
		CHECK(ember_bn_to_bytes(out2, 255, p, n) == EMBER_ERANGE, "to_bytes too short accepted");
	}
}

/* Fixed-base comb against the window exponentiation; Fermat inverse against the binary one. */
EMBER_TEST(bn_comb)
{
	uint8_t *bytes;
	size_t len, n = EMBER_BN_WORDS(2048), i;
	ember_bn_word p[MAXW], a[MAXW], b[MAXW], e1[MAXW], e2[MAXW], r1[MAXW], r2[MAXW], r3[MAXW];
	static ember_bn_word tab1[EMBER_BN_COMB_ENTRIES * MAXW], tab2[EMBER_BN_COMB_ENTRIES * MAXW];
	static ember_bn_mont mc;
	unsigned d;

	if (!CHECK(t_hex(P2048, &bytes, &len) == 0, "hex"))
		return;
	ember_bn_from_bytes(p, n, bytes, len);
	free(bytes);
	CHECK(ember_bn_mont_init(&mc, p, n) == 0, "mont_init");
	for (d = 40; d <= 64; d += 12) {
		size_t ew = EMBER_BN_WORDS(4 * d);
		rand_below(a, p, n);
		rand_below(b, p, n);
		ember_bn_comb_init(tab1, a, d, &mc);
		ember_bn_comb_init(tab2, b, d, &mc);
		for (i = 0; i < 3; i++) {
			memset(e1, 0, sizeof(e1));
			memset(e2, 0, sizeof(e2));
			rand_words(e1, ew);
			rand_words(e2, ew);
			if ((4 * d) % EMBER_BN_WORD_BITS) {
				e1[ew - 1] &= ((ember_bn_word)1 << ((4 * d) % EMBER_BN_WORD_BITS)) - 1;
				e2[ew - 1] &= ((ember_bn_word)1 << ((4 * d) % EMBER_BN_WORD_BITS)) - 1;
			}
			if (i == 2)
				memset(e2, 0, sizeof(e2)); /* a zero exponent */
			ember_bn_comb_exp_ct(r1, tab1, e1, d, &mc);
			ember_bn_modexp_vartime(r2, a, e1, ew, &mc);
			CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "comb_exp_ct d=%u", d);
			ember_bn_comb_exp2_vartime(r1, tab1, e1, tab2, e2, d, &mc);
			ember_bn_modexp_vartime(r3, b, e2, ew, &mc);
			ember_bn_modmul(r2, r2, r3, &mc);
			CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "comb_exp2 d=%u", d);
		}
	}
	/* a^-1 mod p two ways */
	rand_below(a, p, n);
	CHECK(ember_bn_modinv_prime(r1, a, &mc) == 0 && ember_bn_modinv_ct(r2, a, p, n) == 0 &&
	          memcmp(r1, r2, n * sizeof(r1[0])) == 0,
	    "modinv_prime");
	memset(a, 0, sizeof(a));
	CHECK(ember_bn_modinv_prime(r1, a, &mc) == EMBER_EINVAL, "inverse of 0");
}

/*
 * Every backend against the portable one, word for word, on sizes around
 * the ones RSA and DSA use (512 to 4096 bits) and odd word counts, with
 * moduli that stress the carries (all ones: the sums come close to 2m and
 * past R; a lone top bit) and the extreme operands 0, 1, m - 1; r aliasing
 * a and b.
 */
EMBER_TEST(bn_backends_vs_ref)
{
	static const size_t sizes[] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 15, 16, 17, 24, 31, 32, 33, 47, 48, 63, 64, 65,
		96, 127, 128 };
	const ember_bn_mont_desc *ref = ember_bn_mont_find("ref");
	size_t i, s, k, v;

	if (!CHECK(ref != NULL, "no ref backend"))
		return;
	for (i = 0; i < ember_bn_mont_count(); i++) {
		const ember_bn_mont_desc *d = ember_bn_mont_at(i);
		if (d == ref)
			continue;
		if (!ember_bn_mont_supported(d)) {
			t_skip("bn %s: not supported on this CPU", d->impl);
			continue;
		}
		for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]) && sizes[s] <= MAXW; s++) {
			const size_t n = sizes[s];
			for (k = 0; k < 3; k++) {
				static ember_bn_mont mc;
				ember_bn_word m[MAXW], a[MAXW], b[MAXW], r1[MAXW], r2[MAXW];

				if (k == 0) {
					rand_words(m, n);
					m[n - 1] |= (ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1 - t_rand_below(8));
				} else if (k == 1) {
					memset(m, 0xff, n * sizeof(m[0]));
				} else {
					memset(m, 0, n * sizeof(m[0]));
					m[n - 1] = (ember_bn_word)1 << (EMBER_BN_WORD_BITS - 1);
				}
				m[0] |= 1;
				if (!CHECK(ember_bn_mont_init(&mc, m, n) == 0, "mont_init n=%zu", n))
					continue;
				for (v = 0; v < 6; v++) {
					/* a, b: random, then (m-1, m-1), (0, random), (1, m-1), (m-1, random), random */
					rand_below(a, m, n);
					rand_below(b, m, n);
					if (v == 1 || v == 3 || v == 4) {
						memcpy(a, m, n * sizeof(a[0]));
						a[0] -= 1;
					}
					if (v == 1 || v == 3) {
						memcpy(b, m, n * sizeof(b[0]));
						b[0] -= 1;
					}
					if (v == 2 || v == 3) {
						memset(a, 0, n * sizeof(a[0]));
						a[0] = (ember_bn_word)(v == 3);
					}
					ref->mul(r1, a, b, &mc);
					d->mul(r2, a, b, &mc);
					CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s mul n=%zu modulus %zu operands %zu",
					    d->impl, n, k, v);
					ref->sqr(r1, a, &mc);
					d->sqr(r2, a, &mc);
					CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s sqr n=%zu modulus %zu operands %zu",
					    d->impl, n, k, v);
					/* in place: r = a, then r = b */
					ref->mul(r1, a, b, &mc);
					memcpy(r2, a, n * sizeof(r2[0]));
					d->mul(r2, r2, b, &mc);
					CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s mul r=a n=%zu", d->impl, n);
					memcpy(r2, b, n * sizeof(r2[0]));
					d->mul(r2, a, r2, &mc);
					CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s mul r=b n=%zu", d->impl, n);
					memcpy(r2, a, n * sizeof(r2[0]));
					d->sqr(r2, r2, &mc);
					ref->sqr(r1, a, &mc);
					CHECK(memcmp(r1, r2, n * sizeof(r1[0])) == 0, "%s sqr r=a n=%zu", d->impl, n);
					/* the result is reduced */
					CHECK(ember_bn_cmp(r2, m, n) < 0, "%s sqr n=%zu: result not below m", d->impl, n);
				}
			}
		}
		t_note("bn %s: %zu sizes, 3 moduli and 6 operand pairs each, against ref", d->impl, s);
	}
}
