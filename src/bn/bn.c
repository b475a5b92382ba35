/*
 * bn.c - big integer operations shared by every Montgomery implementation:
 * conversions, add/sub/mul, constant-time division and inverse, Montgomery
 * set-up, fixed-window exponentiation and CRT recombination.
 *
 * No allocation: work areas are arrays of EMBER_BN_MAX_WORDS words on the
 * stack (the largest, the exponentiation table, is 32 numbers: 16 KiB).
 */
#include "bn/bn_internal.h"

int ember_bn_from_bytes(ember_bn_word *r, size_t n, const uint8_t *in, size_t len)
{
	size_t cap = n * sizeof(ember_bn_word), i;
	uint8_t extra = 0;

	/*
	 * Every byte is read the same way whatever its value (a secret's
	 * leading zeros must not show in the timing): bytes beyond the
	 * capacity only have to be zero.
	 */
	memset(r, 0, n * sizeof(r[0]));
	for (i = 0; i < len; i++) {
		size_t pos = len - 1 - i; /* byte position from the least significant end */
		if (pos >= cap)
			extra |= in[i];
		else
			r[pos / sizeof(ember_bn_word)] |= (ember_bn_word)in[i] << (8 * (pos % sizeof(ember_bn_word)));
	}
	return extra ? EMBER_ERANGE : 0;
}

int ember_bn_to_bytes(uint8_t *out, size_t len, const ember_bn_word *a, size_t n)
{
	size_t i;
	ember_bn_word extra = 0;

	for (i = 0; i < len; i++) {
		size_t bit = 8 * (len - 1 - i);
		out[i] = bit / BN_W < n ? (uint8_t)(a[bit / BN_W] >> (bit % BN_W)) : 0;
	}
	/* words beyond |len| bytes must be zero (checked without a branch on them) */
	for (i = 0; i < n; i++) {
		size_t lo = i * sizeof(ember_bn_word);
		if (lo >= len)
			extra |= a[i];
		else if (len - lo < sizeof(ember_bn_word))
			extra |= a[i] >> (8 * (len - lo));
	}
	return extra ? EMBER_ERANGE : 0;
}

unsigned ember_bn_bits(const ember_bn_word *a, size_t n)
{
	while (n > 0 && a[n - 1] == 0)
		n--;
	if (n == 0)
		return 0;
	{
		ember_bn_word w = a[n - 1];
		unsigned b = 0;
		while (w) {
			b++;
			w >>= 1;
		}
		return (unsigned)((n - 1) * BN_W) + b;
	}
}

/*
 * The borrows of a - b and b - a, without storing either difference: with a
 * secret a and a public b (DSA's k against q) a difference is the secret.
 */
int ember_bn_cmp(const ember_bn_word *a, const ember_bn_word *b, size_t n)
{
	ember_bn_word lt = 0, gt = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ember_bn_word x = a[i], y = b[i];
		ember_bn_word d1 = x - y - lt, d2 = y - x - gt;
		lt = ((~x & y) | (~(x ^ y) & d1)) >> (BN_W - 1);
		gt = ((~y & x) | (~(x ^ y) & d2)) >> (BN_W - 1);
	}
	return (int)gt - (int)lt;
}

ember_bn_word ember_bn_add(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, size_t n)
{
	ember_bn_word c = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ember_bn_dword s = (ember_bn_dword)a[i] + b[i] + c;
		r[i] = (ember_bn_word)s;
		c = (ember_bn_word)(s >> BN_W);
	}
	return c;
}

ember_bn_word ember_bn_sub(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b, size_t n)
{
	ember_bn_word c = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		ember_bn_dword s = (ember_bn_dword)a[i] - b[i] - c;
		r[i] = (ember_bn_word)s;
		c = (ember_bn_word)(s >> BN_W) & 1;
	}
	return c;
}

void ember_bn_mul(ember_bn_word *r, const ember_bn_word *a, size_t an, const ember_bn_word *b, size_t bn)
{
	size_t i, j;

	memset(r, 0, (an + bn) * sizeof(r[0]));
	for (i = 0; i < bn; i++) {
		ember_bn_word c = 0;
		for (j = 0; j < an; j++) {
			ember_bn_dword p = (ember_bn_dword)a[j] * b[i] + r[i + j] + c;
			r[i + j] = (ember_bn_word)p;
			c = (ember_bn_word)(p >> BN_W);
		}
		r[i + an] = c;
	}
}

int ember_bn_is_zero(const ember_bn_word *a, size_t n)
{
	ember_bn_word acc = 0;
	size_t i;

	for (i = 0; i < n; i++)
		acc |= a[i];
	return (int)(1 & ~(bn_nz_mask(acc) & 1));
}

int ember_bn_divmod_ct(ember_bn_word *q, ember_bn_word *r, const ember_bn_word *a, size_t an,
    const ember_bn_word *m, size_t n)
{
	ember_bn_word acc[BN_MAXW * 2 + 2], d[BN_MAXW * 2 + 2];
	size_t i, k;

	if (n > BN_MAXW * 2 + 2 || ember_bn_is_zero(m, n))
		return EMBER_EINVAL;
	memset(acc, 0, n * sizeof(acc[0]));
	if (q != NULL)
		memset(q, 0, an * sizeof(q[0]));
	/* Long division one bit at a time: acc < m holds before each step. */
	for (i = an * BN_W; i-- > 0;) {
		ember_bn_word bit = (a[i / BN_W] >> (i % BN_W)) & 1;
		ember_bn_word top = acc[n - 1] >> (BN_W - 1);
		ember_bn_word borrow, mask;

		for (k = n - 1; k > 0; k--)
			acc[k] = (acc[k] << 1) | (acc[k - 1] >> (BN_W - 1));
		acc[0] = (acc[0] << 1) | bit;
		borrow = 0;
		for (k = 0; k < n; k++) {
			ember_bn_word x = acc[k], y = m[k], diff = x - y - borrow;
			borrow = ((~x & y) | (~(x ^ y) & diff)) >> (BN_W - 1);
			d[k] = diff;
		}
		mask = bn_nz_mask(top) | (borrow - 1);
		for (k = 0; k < n; k++)
			acc[k] = (d[k] & mask) | (acc[k] & ~mask);
		if (q != NULL)
			q[i / BN_W] |= (mask & 1) << (i % BN_W);
	}
	memcpy(r, acc, n * sizeof(r[0]));
	ember_wipe(acc, sizeof(acc));
	ember_wipe(d, sizeof(d));
	return 0;
}

/* r = mask ? a : b and b = mask ? old a : b, for the swaps of the inverse. */
static void bn_cswap(ember_bn_word *a, ember_bn_word *b, ember_bn_word mask, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++) {
		ember_bn_word t = (a[i] ^ b[i]) & mask;
		a[i] ^= t;
		b[i] ^= t;
	}
}

/*
 * Binary extended Euclid with a fixed number of steps (2 * n * W), every
 * step doing the same work: invariants x1*a = u, x2*a = v (mod m). Each step
 * makes u even (subtracting v when u is odd, after swapping so that u >= v)
 * and halves it, so u + v loses a bit per step and u = 0, v = gcd at the end.
 */
int ember_bn_modinv_ct(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *m, size_t n)
{
	ember_bn_word u[BN_MAXW], v[BN_MAXW], x1[BN_MAXW + 1], x2[BN_MAXW + 1], d[BN_MAXW + 1];
	ember_bn_word one[BN_MAXW];
	size_t i, k, steps = 2 * n * BN_W;
	int ok;

	if (n == 0 || n > BN_MAXW || (m[0] & 1) == 0)
		return EMBER_EINVAL;
	memcpy(u, a, n * sizeof(u[0]));
	memcpy(v, m, n * sizeof(v[0]));
	memset(x1, 0, sizeof(x1));
	memset(x2, 0, sizeof(x2));
	x1[0] = 1;
	for (i = 0; i < steps; i++) {
		ember_bn_word odd = (ember_bn_word)0 - (u[0] & 1);
		ember_bn_word lt = (ember_bn_word)0 - ember_bn_sub(d, u, v, n);
		ember_bn_word sw = odd & lt, borrow;

		bn_cswap(u, v, sw, n);
		bn_cswap(x1, x2, sw, n);
		/* u -= v, x1 -= x2 (mod m) when u is odd */
		ember_bn_sub(d, u, v, n);
		bn_select(u, odd, d, u, n);
		borrow = ember_bn_sub(d, x1, x2, n);
		{
			ember_bn_word e[BN_MAXW];
			ember_bn_add(e, d, m, n);
			bn_select(d, (ember_bn_word)0 - borrow, e, d, n);
			ember_wipe(e, sizeof(e));
		}
		bn_select(x1, odd, d, x1, n);
		/* u /= 2; x1 /= 2 (mod m): add m first when x1 is odd */
		for (k = 0; k + 1 < n; k++)
			u[k] = (u[k] >> 1) | (u[k + 1] << (BN_W - 1));
		u[n - 1] >>= 1;
		{
			ember_bn_word xo = (ember_bn_word)0 - (x1[0] & 1);
			ember_bn_word e[BN_MAXW];
			ember_bn_word cy = ember_bn_add(e, x1, m, n);
			bn_select(x1, xo, e, x1, n);
			cy &= xo & 1;
			for (k = 0; k + 1 < n; k++)
				x1[k] = (x1[k] >> 1) | (x1[k + 1] << (BN_W - 1));
			x1[n - 1] = (x1[n - 1] >> 1) | (cy << (BN_W - 1));
			ember_wipe(e, sizeof(e));
		}
	}
	memset(one, 0, n * sizeof(one[0]));
	one[0] = 1;
	ok = ember_memeq(v, one, n * sizeof(v[0]));
	memcpy(r, x2, n * sizeof(r[0]));
	ember_wipe(u, sizeof(u));
	ember_wipe(v, sizeof(v));
	ember_wipe(x1, sizeof(x1));
	ember_wipe(x2, sizeof(x2));
	ember_wipe(d, sizeof(d));
	return ok ? 0 : EMBER_EINVAL;
}

/* ---- Montgomery ---- */

int ember_bn_modinv_prime(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_word e[BN_MAXW], two[BN_MAXW];
	int zero = ember_bn_is_zero(a, mc->n);

	/* Fermat: a^(m-2); the exponent is public, the products constant-time in a */
	memset(two, 0, mc->n * sizeof(two[0]));
	two[0] = 2;
	ember_bn_sub(e, mc->m, two, mc->n);
	ember_bn_modexp_vartime(r, a, e, mc->n, mc);
	return zero ? EMBER_EINVAL : 0;
}

/* x = 2x mod m for x < m (mc->m, mc->n): masked, no branch on x or m. */
static void bn_mod_double(ember_bn_word *x, const ember_bn_mont *mc)
{
	ember_bn_word d[BN_MAXW], carry = x[mc->n - 1] >> (BN_W - 1), borrow, mask;
	size_t i;

	for (i = mc->n - 1; i > 0; i--)
		x[i] = (x[i] << 1) | (x[i - 1] >> (BN_W - 1));
	x[0] <<= 1;
	borrow = ember_bn_sub(d, x, mc->m, mc->n);
	/* 2x - m when 2x overflowed the words or did not borrow */
	mask = ((ember_bn_word)0 - carry) | (borrow - 1);
	bn_select(x, mask, d, x, mc->n);
	ember_wipe(d, mc->n * sizeof(d[0]));
}

int ember_bn_mont_init(ember_bn_mont *mc, const ember_bn_word *m, size_t n)
{
	ember_bn_word t[2 * BN_MAXW + 1], x;
	int i;

	if (n == 0 || n > BN_MAXW || (m[0] & 1) == 0 || m[n - 1] == 0)
		return EMBER_ERANGE;
	if (n == 1 && m[0] == 1)
		return EMBER_ERANGE;
	memset(mc, 0, sizeof(*mc));
	memcpy(mc->m, m, n * sizeof(m[0]));
	mc->n = n;
	mc->bits = ember_bn_bits(m, n);
	/* Newton iteration for m[0]^-1 mod 2^W: x is right to 3 bits, each step doubles that. */
	x = m[0];
	for (i = 0; i < 6; i++)
		x *= 2 - m[0] * x;
	mc->m0inv = (ember_bn_word)0 - x;
	mc->impl = ember_bn_mont_find(NULL);
	/*
	 * R mod m and R^2 mod m, constant-time in m (m may be secret: a prime;
	 * its bit length is public). R mod m: 2^(bits-1), below m, doubled
	 * modulo m up to 2^(Wn). R^2 mod m: with Wn = j 2^s (j odd), R 2^j by j
	 * more doublings, then s Montgomery squarings, each taking R 2^i to
	 * (R 2^i)^2 / R = R 2^2i. About 64 doublings and log2(n) + 6 products
	 * instead of two bit-serial divisions (which took half of a TLS
	 * client's time with an RSA server: its public key is loaded per
	 * handshake).
	 */
	memset(mc->one, 0, sizeof(mc->one));
	mc->one[(mc->bits - 1) / BN_W] = (ember_bn_word)1 << ((mc->bits - 1) % BN_W);
	for (i = (int)mc->bits - 1; i < (int)(BN_W * n); i++)
		bn_mod_double(mc->one, mc);
	{
		size_t j = BN_W * n, k, s = 0;
		ember_bn_word *a = t, *b = t + BN_MAXW, *c;

		while ((j & 1) == 0) {
			j >>= 1;
			s++;
		}
		memcpy(a, mc->one, n * sizeof(a[0]));
		for (k = 0; k < j; k++)
			bn_mod_double(a, mc);
		for (k = 0; k < s; k++) {
			bn_msqr(b, a, mc);
			c = a, a = b, b = c;
		}
		memcpy(mc->rr, a, n * sizeof(a[0]));
	}
	if (n >= 8) {
		/* R'^2 = R^2 * 2^(2(52L - 64n)) for the radix-2^52 backends */
		size_t l = (64 * n + 2 + 51) / 52;
		unsigned sh = (unsigned)(2 * (52 * l - 64 * n));
		memset(t, 0, n * sizeof(t[0]));
		t[sh / BN_W] |= (ember_bn_word)1 << (sh % BN_W);
		ember_bn_modmul(mc->rr52, mc->rr, t, mc);
	}
	return 0;
}

int ember_bn_mont_set_impl(ember_bn_mont *mc, const ember_bn_mont_desc *d)
{
	if (!ember_bn_mont_supported(d))
		return EMBER_ENOTSUP;
	mc->impl = d;
	return 0;
}

void ember_bn_to_mont(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	bn_mmul(r, a, mc->rr, mc);
}

void ember_bn_from_mont(ember_bn_word *r, const ember_bn_word *a, const ember_bn_mont *mc)
{
	ember_bn_word one[BN_MAXW];

	memset(one, 0, mc->n * sizeof(one[0]));
	one[0] = 1;
	bn_mmul(r, a, one, mc);
}

void ember_bn_modmul(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *b,
    const ember_bn_mont *mc)
{
	ember_bn_word t[BN_MAXW];

	bn_mmul(t, a, mc->rr, mc);
	bn_mmul(r, t, b, mc);
	ember_wipe(t, mc->n * sizeof(t[0]));
}

/* Montgomery reduction of the 2n words at t (t < m*R); t is overwritten. */
static void redc(ember_bn_word *r, ember_bn_word *t, const ember_bn_mont *mc)
{
	const ember_bn_word *m = mc->m;
	const ember_bn_word m0 = mc->m0inv;
	const size_t n = mc->n;
	ember_bn_word top = 0;
	size_t i, j;

	for (i = 0; i < n; i++) {
		ember_bn_word u = t[i] * m0;
		ember_bn_word c = 0;
		ember_bn_dword s;

		for (j = 0; j < n; j++) {
			ember_bn_dword p = (ember_bn_dword)u * m[j] + t[i + j] + c;
			t[i + j] = (ember_bn_word)p;
			c = (ember_bn_word)(p >> BN_W);
		}
		s = (ember_bn_dword)t[i + n] + c + top;
		t[i + n] = (ember_bn_word)s;
		top = (ember_bn_word)(s >> BN_W);
	}
	bn_final_sub(r, t + n, top, m, n);
}

void ember_bn_redc(ember_bn_word *r, const ember_bn_word *t, const ember_bn_mont *mc)
{
	ember_bn_word w[2 * BN_MAXW];

	memcpy(w, t, 2 * mc->n * sizeof(w[0]));
	redc(r, w, mc);
	ember_wipe(w, sizeof(w));
}

/* Bits [pos, pos + w) of e (ew words); positions are public. */
unsigned ember_bn_get_bits(const ember_bn_word *e, size_t ew, unsigned pos, unsigned w)
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

/*
 * r = tab[idx], reading every entry (constant-time table scan). Four words
 * at a time are gathered in registers across all entries.
 */
void ember_bn_ct_lookup(ember_bn_word *r, const ember_bn_word *tab, size_t entries, size_t n, unsigned idx)
{
	ember_bn_word mask[32];
	size_t i, k;

	for (i = 0; i < entries; i++)
		mask[i] = bn_eq_mask((ember_bn_word)i, (ember_bn_word)idx);
	for (k = 0; k + 4 <= n; k += 4) {
		ember_bn_word r0 = 0, r1 = 0, r2 = 0, r3 = 0;
		const ember_bn_word *t = tab + k;
		for (i = 0; i < entries; i++, t += n) {
			r0 |= t[0] & mask[i];
			r1 |= t[1] & mask[i];
			r2 |= t[2] & mask[i];
			r3 |= t[3] & mask[i];
		}
		r[k] = r0;
		r[k + 1] = r1;
		r[k + 2] = r2;
		r[k + 3] = r3;
	}
	for (; k < n; k++) {
		ember_bn_word r0 = 0;
		for (i = 0; i < entries; i++)
			r0 |= tab[i * n + k] & mask[i];
		r[k] = r0;
	}
	/* the masks say which entry was read: the exponent's window */
	ember_wipe(mask, entries * sizeof(mask[0]));
}

void ember_bn_modexp_ct(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    unsigned e_bits, const ember_bn_mont *mc)
{
	ember_bn_word tab[32 * BN_MAXW];
	ember_bn_word acc[BN_MAXW], t[BN_MAXW];
	const size_t n = mc->n;
	const size_t ew = (e_bits + BN_W - 1) / BN_W;
	const unsigned w = e_bits >= 256 ? 5 : 4;
	const size_t entries = (size_t)1 << w;
	unsigned nwin, k, i;

	if (e_bits == 0) {
		ember_bn_from_mont(r, mc->one, mc); /* b^0 = 1 */
		return;
	}
	if (mc->impl->exp_ct != NULL && mc->impl->exp_ct(r, b, e, e_bits, mc) == 0)
		return;
	/* table[i] = b^i in Montgomery form */
	memcpy(tab, mc->one, n * sizeof(tab[0]));
	ember_bn_to_mont(tab + n, b, mc);
	for (i = 2; i < entries; i++) {
		if (i & 1)
			bn_mmul(tab + i * n, tab + (i - 1) * n, tab + n, mc);
		else
			bn_msqr(tab + i * n, tab + (i / 2) * n, mc);
	}
	nwin = (e_bits + w - 1) / w;
	ember_bn_ct_lookup(acc, tab, entries, n, ember_bn_get_bits(e, ew, (nwin - 1) * w, w));
	for (k = nwin - 1; k-- > 0;) {
		for (i = 0; i < w; i++)
			bn_msqr(acc, acc, mc);
		ember_bn_ct_lookup(t, tab, entries, n, ember_bn_get_bits(e, ew, k * w, w));
		bn_mmul(acc, acc, t, mc);
	}
	ember_bn_from_mont(r, acc, mc);
	ember_wipe(tab, entries * n * sizeof(tab[0]));
	ember_wipe(acc, sizeof(acc));
	ember_wipe(t, sizeof(t));
}

void ember_bn_modexp_ct2(ember_bn_word *r1, const ember_bn_word *b1, const ember_bn_word *e1,
    const ember_bn_mont *mc1, ember_bn_word *r2, const ember_bn_word *b2, const ember_bn_word *e2,
    const ember_bn_mont *mc2, unsigned e_bits)
{
	if (mc1->impl == mc2->impl && mc1->n == mc2->n && mc1->impl->exp_ct2 != NULL &&
	    mc1->impl->exp_ct2(r1, b1, e1, mc1, r2, b2, e2, mc2, e_bits) == 0)
		return;
	ember_bn_modexp_ct(r1, b1, e1, e_bits, mc1);
	ember_bn_modexp_ct(r2, b2, e2, e_bits, mc2);
}

void ember_bn_modexp_vartime(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    size_t e_words, const ember_bn_mont *mc)
{
	ember_bn_word acc[BN_MAXW], bm[BN_MAXW];
	unsigned bits = ember_bn_bits(e, e_words), i;

	if (bits == 0) {
		ember_bn_from_mont(r, mc->one, mc);
		return;
	}
	ember_bn_to_mont(bm, b, mc);
	memcpy(acc, bm, mc->n * sizeof(acc[0]));
	for (i = bits - 1; i-- > 0;) {
		bn_msqr(acc, acc, mc);
		if ((e[i / BN_W] >> (i % BN_W)) & 1)
			bn_mmul(acc, acc, bm, mc);
	}
	ember_bn_from_mont(r, acc, mc);
	/*
	 * The exponent is public, the base may not be: DSA's k^-1 = k^(q-2)
	 * (ember_bn_modinv_prime) ends in acc, k*R is bm; RSA's blinding r^e.
	 */
	ember_wipe(acc, mc->n * sizeof(acc[0]));
	ember_wipe(bm, mc->n * sizeof(bm[0]));
}

void ember_bn_exp_correction(ember_bn_word *corr, const ember_bn_word *e, size_t e_words,
    const ember_bn_mont *mc)
{
	/* (R mod m)^e = R^e mod m */
	ember_bn_modexp_vartime(corr, mc->one, e, e_words, mc);
}

void ember_bn_modexp_public(ember_bn_word *r, const ember_bn_word *b, const ember_bn_word *e,
    size_t e_words, const ember_bn_word *corr, const ember_bn_mont *mc)
{
	ember_bn_word acc[BN_MAXW];
	unsigned bits = ember_bn_bits(e, e_words), i;

	if (bits == 0) {
		ember_bn_from_mont(r, mc->one, mc);
		return;
	}
	if (mc->impl->exp_public != NULL && mc->impl->exp_public(r, b, e, e_words, mc) == 0)
		return;
	/*
	 * b read as the Montgomery form of b/R: the chain gives
	 * (b/R)^e * R = b^e * R^(1-e), and a product by R^e gives b^e.
	 */
	memcpy(acc, b, mc->n * sizeof(acc[0]));
	for (i = bits - 1; i-- > 0;) {
		bn_msqr(acc, acc, mc);
		if ((e[i / BN_W] >> (i % BN_W)) & 1)
			bn_mmul(acc, acc, b, mc);
	}
	bn_mmul(r, acc, corr, mc);
	ember_wipe(acc, mc->n * sizeof(acc[0]));
}

void ember_bn_modexp2_vartime(ember_bn_word *r, const ember_bn_word *a, const ember_bn_word *x,
    const ember_bn_word *b, const ember_bn_word *y, size_t e_words, const ember_bn_mont *mc)
{
	ember_bn_word tab[16 * BN_MAXW], acc[BN_MAXW];
	const size_t n = mc->n;
	unsigned bx = ember_bn_bits(x, e_words), by = ember_bn_bits(y, e_words);
	unsigned bits = bx > by ? bx : by, pos, i, j;
	int started = 0;

	/* tab[4i + j] = a^i b^j, Montgomery form */
	memcpy(tab, mc->one, n * sizeof(tab[0]));
	ember_bn_to_mont(tab + 4 * n, a, mc);
	ember_bn_to_mont(tab + 1 * n, b, mc);
	bn_msqr(tab + 8 * n, tab + 4 * n, mc);
	bn_mmul(tab + 12 * n, tab + 8 * n, tab + 4 * n, mc);
	bn_msqr(tab + 2 * n, tab + 1 * n, mc);
	bn_mmul(tab + 3 * n, tab + 2 * n, tab + 1 * n, mc);
	for (i = 1; i < 4; i++)
		for (j = 1; j < 4; j++)
			bn_mmul(tab + (4 * i + j) * n, tab + 4 * i * n, tab + j * n, mc);
	memcpy(acc, mc->one, n * sizeof(acc[0]));
	bits = (bits + 1) & ~1u;
	for (pos = bits; pos > 0; pos -= 2) {
		unsigned ix = ember_bn_get_bits(x, e_words, pos - 2, 2);
		unsigned iy = ember_bn_get_bits(y, e_words, pos - 2, 2);
		unsigned idx = 4 * ix + iy;
		if (started) {
			bn_msqr(acc, acc, mc);
			bn_msqr(acc, acc, mc);
		}
		if (idx != 0) {
			if (started) {
				bn_mmul(acc, acc, tab + idx * n, mc);
			} else {
				memcpy(acc, tab + idx * n, n * sizeof(acc[0]));
				started = 1;
			}
		}
	}
	ember_bn_from_mont(r, acc, mc);
}

void ember_bn_comb_init(ember_bn_word *tab, const ember_bn_word *b, unsigned d, const ember_bn_mont *mc)
{
	const size_t n = mc->n;
	ember_bn_word base[4][BN_MAXW];
	unsigned j, i, v;

	ember_bn_to_mont(base[0], b, mc);
	for (j = 1; j < 4; j++) {
		memcpy(base[j], base[j - 1], n * sizeof(base[0][0]));
		for (i = 0; i < d; i++)
			bn_msqr(base[j], base[j], mc);
	}
	memcpy(tab, mc->one, n * sizeof(tab[0]));
	for (v = 1; v < 16; v++) {
		/* tab[v] = tab[v without its top bit] * base[top bit] */
		unsigned top = v >= 8 ? 3 : v >= 4 ? 2 : v >= 2 ? 1 : 0;
		bn_mmul(tab + v * n, tab + (v ^ (1u << top)) * n, base[top], mc);
	}
	ember_wipe(base, sizeof(base));
}

/* The comb's column |i|: bits i, d+i, 2d+i, 3d+i of e (positions public). */
static unsigned comb_column(const ember_bn_word *e, unsigned d, unsigned i)
{
	unsigned j, v = 0;

	for (j = 0; j < 4; j++) {
		unsigned pos = j * d + i;
		v |= (unsigned)((e[pos / BN_W] >> (pos % BN_W)) & 1) << j;
	}
	return v;
}

void ember_bn_comb_exp_ct(ember_bn_word *r, const ember_bn_word *tab, const ember_bn_word *e, unsigned d,
    const ember_bn_mont *mc)
{
	ember_bn_word acc[BN_MAXW], t[BN_MAXW];
	const size_t n = mc->n;
	unsigned i;

	ember_bn_ct_lookup(acc, tab, 16, n, comb_column(e, d, d - 1));
	for (i = d - 1; i-- > 0;) {
		bn_msqr(acc, acc, mc);
		ember_bn_ct_lookup(t, tab, 16, n, comb_column(e, d, i));
		bn_mmul(acc, acc, t, mc);
	}
	ember_bn_from_mont(r, acc, mc);
	ember_wipe(acc, sizeof(acc));
	ember_wipe(t, sizeof(t));
}

void ember_bn_comb_exp2_vartime(ember_bn_word *r, const ember_bn_word *tab1, const ember_bn_word *e1,
    const ember_bn_word *tab2, const ember_bn_word *e2, unsigned d, const ember_bn_mont *mc)
{
	ember_bn_word acc[BN_MAXW];
	const size_t n = mc->n;
	unsigned i = d;
	int started = 0;

	memcpy(acc, mc->one, n * sizeof(acc[0]));
	while (i-- > 0) {
		unsigned v1 = comb_column(e1, d, i), v2 = comb_column(e2, d, i);
		if (started)
			bn_msqr(acc, acc, mc);
		if (v1) {
			bn_mmul(acc, acc, tab1 + v1 * n, mc);
			started = 1;
		}
		if (v2) {
			bn_mmul(acc, acc, tab2 + v2 * n, mc);
			started = 1;
		}
	}
	ember_bn_from_mont(r, acc, mc);
}

void ember_bn_crt(ember_bn_word *r, const ember_bn_word *m1, const ember_bn_word *m2,
    const ember_bn_word *qinv_mont, const ember_bn_mont *pm, const ember_bn_mont *qm)
{
	const size_t np = pm->n, nq = qm->n;
	ember_bn_word m2p[BN_MAXW], d[BN_MAXW], h[BN_MAXW];
	ember_bn_word borrow, c;
	size_t i;

	/* m2 mod p: one masked subtraction when q is not longer than p, else a division */
	if (qm->bits <= pm->bits) {
		memset(m2p, 0, np * sizeof(m2p[0]));
		memcpy(m2p, m2, nq * sizeof(m2p[0]));
		borrow = ember_bn_sub(d, m2p, pm->m, np);
		bn_select(m2p, borrow - 1, d, m2p, np);
	} else {
		ember_bn_divmod_ct(NULL, m2p, m2, nq, pm->m, np);
	}
	/* h = (m1 - m2) * qinv mod p */
	borrow = ember_bn_sub(d, m1, m2p, np);
	ember_bn_add(h, d, pm->m, np);
	bn_select(d, (ember_bn_word)0 - borrow, h, d, np);
	bn_mmul(h, d, qinv_mont, pm);
	/* r = m2 + h*q */
	ember_bn_mul(r, h, np, qm->m, nq);
	c = ember_bn_add(r, r, m2, nq);
	for (i = nq; i < np + nq; i++) {
		ember_bn_dword s = (ember_bn_dword)r[i] + c;
		r[i] = (ember_bn_word)s;
		c = (ember_bn_word)(s >> BN_W);
	}
	ember_wipe(m2p, sizeof(m2p));
	ember_wipe(d, sizeof(d));
	ember_wipe(h, sizeof(h));
}
