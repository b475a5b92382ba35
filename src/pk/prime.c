/*
 * prime.c - probable primes: Miller-Rabin (FIPS 186-4, C.3.1) with bases
 * from the system's random source, and the random prime generation used by
 * RSA key generation (FIPS 186-4, B.3.3: random odd candidates with the two
 * top bits set, gcd(p - 1, e) = 1; a sieve over an incremental search skips
 * candidates with a small factor before any Miller-Rabin round).
 *
 * gcd(p - 1, e) = 1 is tested as p != 1 modulo each prime factor of e:
 * e is public, so it is factored once by trial division, and the secret
 * candidate only meets the same residue tests as the sieve's (no gcd loop
 * whose length would depend on p).
 *
 * A candidate is a secret during key generation: the exponentiations are
 * the constant-time ones. Rejected candidates reveal nothing about the
 * prime finally kept; the accepted one always takes the same path.
 */
#include "bn/bn_internal.h"

#define SIEVE_LIMIT 8192
#define SIEVE_MAX 1100 /* there are 1028 odd primes below 8192 */

/* The odd primes below |limit| into |sp|; returns how many. */
static size_t small_primes(uint16_t *sp, unsigned limit)
{
	uint8_t comp[SIEVE_LIMIT];
	unsigned i, j;
	size_t n = 0;

	memset(comp, 0, sizeof(comp));
	for (i = 3; i < limit; i += 2) {
		if (comp[i])
			continue;
		sp[n++] = (uint16_t)i;
		for (j = i * i; j < limit; j += 2 * i)
			comp[j] = 1;
	}
	return n;
}

/* a mod d for a small d, 32 bits at a time. */
static uint32_t mod_small(const ember_bn_word *a, size_t n, uint32_t d)
{
	uint64_t r = 0;
	size_t i;

	for (i = n; i-- > 0;) {
#if EMBER_BN_WORD_BITS == 64
		r = ((r << 32) | (uint32_t)(a[i] >> 32)) % d;
#endif
		r = ((r << 32) | (uint32_t)a[i]) % d;
	}
	return (uint32_t)r;
}

/*
 * The distinct prime factors of an odd e into |f| (room for 9: the product
 * of the ten smallest odd primes exceeds 2^32); returns how many. e is
 * public: trial division in variable time, at most 2^15 steps.
 */
#define E_FACTORS_MAX 9
static size_t e_factors(uint32_t *f, uint32_t e)
{
	size_t n = 0;
	uint32_t r;

	for (r = 3; e > 1 && r <= e / r; r += 2) {
		if (e % r == 0) {
			f[n++] = r;
			while (e % r == 0)
				e /= r;
		}
	}
	if (e > 1)
		f[n++] = e;
	return n;
}

unsigned ember_prime_rounds(unsigned bits)
{
	if (bits >= 1536)
		return 4; /* 1536: 2^-128; 2048 (FIPS 186-5 B.1): 2^-144 */
	if (bits >= 1024)
		return 5; /* 2^-112 */
	if (bits >= 512)
		return 7; /* 2^-100 */
	return 27;        /* below the tables: RSA-512 test keys */
}

/* Miller-Rabin on odd w > 3 (n words, top word nonzero). 1 probable prime, 0 composite. */
static int miller_rabin(const ember_bn_word *w, size_t n, unsigned rounds)
{
	ember_bn_mont mc;
	ember_bn_word m[BN_MAXW], wm1[BN_MAXW], b[BN_MAXW], z[BN_MAXW], one[BN_MAXW];
	unsigned bits = ember_bn_bits(w, n), a = 0, j, round, mbits;
	int ret = 1;

	if (ember_bn_mont_init(&mc, w, n) != 0)
		return 0;
	/* w - 1 = 2^a * m */
	memcpy(wm1, w, n * sizeof(w[0]));
	wm1[0] &= ~(ember_bn_word)1;
	while (((wm1[a / BN_W] >> (a % BN_W)) & 1) == 0)
		a++;
	memset(m, 0, sizeof(m));
	for (j = 0; j + a < n * BN_W; j++)
		m[j / BN_W] |= ((wm1[(j + a) / BN_W] >> ((j + a) % BN_W)) & 1) << (j % BN_W);
	mbits = bits - a;
	memset(one, 0, sizeof(one));
	one[0] = 1;
	for (round = 0; round < rounds && ret == 1; round++) {
		/* a random base 1 < b < w - 1 */
		for (;;) {
			if (ember_random_bytes(b, n * sizeof(b[0])) != 0) {
				ret = EMBER_ERANDOM;
				break;
			}
			if (bits % BN_W)
				b[n - 1] &= ((ember_bn_word)1 << (bits % BN_W)) - 1;
			if (ember_bn_cmp(b, one, n) > 0 && ember_bn_cmp(b, wm1, n) < 0)
				break;
		}
		if (ret != 1)
			break;
		ember_bn_modexp_ct(z, b, m, mbits, &mc);
		if (ember_bn_cmp(z, one, n) == 0 || ember_bn_cmp(z, wm1, n) == 0)
			continue;
		for (j = 1; j < a; j++) {
			ember_bn_modmul(z, z, z, &mc);
			if (ember_bn_cmp(z, wm1, n) == 0)
				break;
			if (ember_bn_cmp(z, one, n) == 0) {
				j = a;
				break;
			}
		}
		if (j >= a)
			ret = 0;
	}
	ember_wipe(&mc, sizeof(mc));
	ember_wipe(m, sizeof(m));
	ember_wipe(b, sizeof(b));
	ember_wipe(z, sizeof(z));
	ember_wipe(wm1, sizeof(wm1));
	return ret;
}

int ember_prime_test(const ember_bn_word *w, size_t n, unsigned rounds)
{
	uint16_t sp[SIEVE_MAX];
	size_t nsp, i;

	while (n > 0 && w[n - 1] == 0)
		n--;
	if (n == 0 || n > BN_MAXW)
		return n == 0 ? 0 : EMBER_ERANGE;
	if (n == 1 && w[0] < 4)
		return w[0] >= 2;
	if ((w[0] & 1) == 0)
		return 0;
	nsp = small_primes(sp, 2000);
	for (i = 0; i < nsp; i++) {
		if (mod_small(w, n, sp[i]) == 0)
			return n == 1 && w[0] == sp[i];
	}
	return miller_rabin(w, n, rounds ? rounds : 40);
}

/* ---- FIPS 186-4 C.3.3: the Lucas probable-prime test (public values, variable time) ---- */

/* The Jacobi symbol (a/n), n odd (binary algorithm with reciprocity). */
static int jacobi_small(uint32_t a, uint32_t n)
{
	int t = 1;

	a %= n;
	while (a != 0) {
		uint32_t tmp;
		while ((a & 1) == 0) {
			a >>= 1;
			if ((n & 7) == 3 || (n & 7) == 5)
				t = -t;
		}
		tmp = a, a = n, n = tmp;
		if ((a & 3) == 3 && (n & 3) == 3)
			t = -t;
		a %= n;
	}
	return n == 1 ? t : 0;
}

/*
 * (D/C) for D = +-d (d odd, small) and odd C > 0: (-1/C) = (-1)^((C-1)/2),
 * and by reciprocity (d/C) = (C mod d / d), negated when d and C are both 3 mod 4.
 */
static int jacobi_d(uint32_t d, int neg, const ember_bn_word *c, size_t n)
{
	int j = jacobi_small(mod_small(c, n, d), d);

	if ((d & 3) == 3 && (c[0] & 3) == 3)
		j = -j;
	if (neg && (c[0] & 3) == 3)
		j = -j;
	return j;
}

/* r = a + b, a - b, a / 2 modulo mc->m (all below m; public values) */
static void mod_add(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, const ember_bn_mont *mc)
{
	ember_bn_word c = ember_bn_add(r, a, b, mc->n);
	bn_final_sub(r, r, c, mc->m, mc->n);
}

static void mod_sub(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, const ember_bn_mont *mc)
{
	if (ember_bn_sub(r, a, b, mc->n))
		ember_bn_add(r, r, mc->m, mc->n);
}

static void mod_half(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	ember_bn_word c = 0;
	size_t i;

	if (a[0] & 1)
		c = ember_bn_add(r, a, mc->m, n);
	else
		memcpy(r, a, n * sizeof(r[0]));
	for (i = 0; i + 1 < n; i++)
		r[i] = (r[i] >> 1) | (r[i + 1] << (BN_W - 1));
	r[n - 1] = (r[n - 1] >> 1) | (c << (BN_W - 1));
}

/* 1 when the odd d > 1 is prime (trial division; d < LUCAS_MAX_D) */
static int small_prime(uint32_t d)
{
	uint32_t r;

	for (r = 3; r * r <= d; r += 2)
		if (d % r == 0)
			return 0;
	return 1;
}

/* D candidates tried before C is called composite: a perfect square never gives -1 */
#define LUCAS_MAX_D 4096u

/*
 * The Lucas test (FIPS 186-4 C.3.3) of the odd C = mc->m > 2: D the first
 * of 5, -7, 9, -11 ... with (D/C) = -1, P = 1, Q = (1 - D)/4, and C passes
 * when U_(C+1) = 0 mod C. U and V by the doubling formulas of step 6, in
 * Montgomery form (the halvings and sums are the same there). A C with no
 * such D below LUCAS_MAX_D is refused (C.4's perfect squares are; a prime
 * is only if built for it). 1 probably prime, 0 composite.
 */
static int lucas_test(const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	ember_bn_word U[BN_MAXW], V[BN_MAXW], Ut[BN_MAXW], Vt[BN_MAXW], Dm[BN_MAXW], t[BN_MAXW];
	ember_bn_word K[BN_MAXW + 1];
	uint32_t d;
	int neg = 0, j = 0;
	unsigned i, bits;

	for (d = 5; d < LUCAS_MAX_D; d += 2, neg ^= 1) {
		j = jacobi_d(d, neg, mc->m, n);
		if (j != 1)
			break;
	}
	if (j != -1)
		/* (D/C) = 0: d and C share a factor, so C is composite unless C is d and d is prime
		 * (d runs over odd numbers, 9 and 15 among them); no D found: C a perfect square, or refused */
		return j == 0 && n == 1 && mc->m[0] == d && small_prime(d);
	memset(t, 0, n * sizeof(t[0]));
	t[0] = d;
	ember_bn_to_mont(Dm, t, mc);
	/* K = C + 1 */
	memset(K, 0, sizeof(K));
	memcpy(K, mc->m, n * sizeof(K[0]));
	t[0] = 1;
	K[n] = ember_bn_add(K, K, t, n);
	bits = ember_bn_bits(K, n + 1);
	memcpy(U, mc->one, n * sizeof(U[0]));
	memcpy(V, mc->one, n * sizeof(V[0]));
	for (i = bits - 1; i-- > 0;) {
		/* U_2k = U_k V_k, V_2k = (V_k^2 + D U_k^2) / 2 */
		bn_mmul(Ut, U, V, mc);
		bn_msqr(Vt, V, mc);
		bn_msqr(t, U, mc);
		bn_mmul(t, t, Dm, mc);
		if (neg)
			mod_sub(Vt, Vt, t, mc);
		else
			mod_add(Vt, Vt, t, mc);
		mod_half(Vt, Vt, mc);
		if ((K[i / BN_W] >> (i % BN_W)) & 1) {
			/* U_2k+1 = (U_2k + V_2k) / 2, V_2k+1 = (V_2k + D U_2k) / 2 */
			mod_add(U, Ut, Vt, mc);
			mod_half(U, U, mc);
			bn_mmul(t, Ut, Dm, mc);
			if (neg)
				mod_sub(V, Vt, t, mc);
			else
				mod_add(V, Vt, t, mc);
			mod_half(V, V, mc);
		} else {
			memcpy(U, Ut, n * sizeof(U[0]));
			memcpy(V, Vt, n * sizeof(V[0]));
		}
	}
	return ember_bn_is_zero(U, n);
}

int ember_prime_test_lucas(const ember_bn_word *w, size_t n, unsigned rounds)
{
	ember_bn_mont mc;
	int r;

	while (n > 0 && w[n - 1] == 0)
		n--;
	if (n == 0 || n > BN_MAXW)
		return n == 0 ? 0 : EMBER_ERANGE;
	if (n == 1 && w[0] < 3)
		return w[0] == 2;
	if ((w[0] & 1) == 0)
		return 0;
	if (rounds > 0 && (r = ember_prime_test(w, n, rounds)) != 1)
		return r;
	if (ember_bn_mont_init(&mc, w, n) != 0)
		return 0;
	return lucas_test(&mc);
}

int ember_prime_generate(ember_bn_word *p, size_t n, unsigned bits, uint32_t e)
{
	uint16_t sp[SIEVE_MAX], mods[SIEVE_MAX];
	uint32_t ef[E_FACTORS_MAX], pe[E_FACTORS_MAX];
	size_t nsp, nef, i;
	unsigned rounds = ember_prime_rounds(bits);

	if (bits < 32 || n * BN_W < bits || n > BN_MAXW || (e != 0 && (e & 1) == 0))
		return EMBER_EINVAL;
	nsp = small_primes(sp, SIEVE_LIMIT);
	nef = e != 0 ? e_factors(ef, e) : 0;
	for (;;) {
		uint32_t delta;
		int r;

		if (ember_random_bytes(p, n * sizeof(p[0])) != 0)
			return EMBER_ERANDOM;
		for (i = bits / BN_W + 1; i < n; i++)
			p[i] = 0;
		if (bits % BN_W)
			p[bits / BN_W] &= ((ember_bn_word)1 << (bits % BN_W)) - 1;
		p[(bits - 1) / BN_W] |= (ember_bn_word)1 << ((bits - 1) % BN_W);
		p[(bits - 2) / BN_W] |= (ember_bn_word)1 << ((bits - 2) % BN_W);
		p[0] |= 1;
		for (i = 0; i < nsp; i++)
			mods[i] = (uint16_t)mod_small(p, n, sp[i]);
		for (i = 0; i < nef; i++)
			pe[i] = mod_small(p, n, ef[i]);
		/* p + delta for even deltas; a candidate with a small factor costs no exponentiation */
		for (delta = 0; delta < (1u << 20); delta += 2) {
			ember_bn_word c[BN_MAXW], dw[BN_MAXW];

			for (i = 0; i < nsp; i++)
				if ((mods[i] + delta) % sp[i] == 0)
					break;
			if (i < nsp)
				continue;
			/* gcd(p - 1, e) = 1: p != 1 modulo every prime factor of e */
			for (i = 0; i < nef; i++)
				if ((uint32_t)(((uint64_t)pe[i] + delta) % ef[i]) == 1)
					break;
			if (i < nef)
				continue;
			memset(dw, 0, n * sizeof(dw[0]));
			dw[0] = delta;
			ember_bn_add(c, p, dw, n);
			if (ember_bn_bits(c, n) != bits)
				break;
			r = miller_rabin(c, n, rounds);
			if (r < 0)
				return r;
			if (r == 1) {
				memcpy(p, c, n * sizeof(p[0]));
				ember_wipe(c, sizeof(c));
				ember_wipe(mods, sizeof(mods));
				ember_wipe(pe, sizeof(pe));
				return 0;
			}
		}
	}
}
