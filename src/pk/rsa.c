/*
 * rsa.c - RSA keys, raw operations and key generation (RFC 8017, FIPS 186-4 B.3.3).
 *
 * Private operation: base blinding (RSA-specific, Kocher 1996), CRT with
 * Garner's recombination (RFC 8017 5.1.2, step 2.b), then a check that the
 * result raised to e gives the input back, so that a fault in the CRT
 * halves never releases a signature that factors n (Boneh, DeMillo, Lipton).
 */
#include "bn/bn_internal.h"
#include "ember/rsa.h"

#define NW(k) ((k)->mn.n)

static int load(ember_bn_word *r, size_t n, const uint8_t *in, size_t len)
{
	if (in == NULL)
		return EMBER_EINVAL;
	return ember_bn_from_bytes(r, n, in, len);
}

/* Words needed for the value in |in| (at least 1). */
static size_t words_of(const uint8_t *in, size_t len)
{
	while (len > 0 && in[0] == 0) {
		in++;
		len--;
	}
	/* rounded up without len + sizeof - 1, which could wrap */
	return len ? len / sizeof(ember_bn_word) + (len % sizeof(ember_bn_word) != 0) : 1;
}

static int public_setup(ember_rsa_public_key *k, const ember_bn_word *n, size_t nw)
{
	unsigned bits;
	ember_bn_word e_n[BN_MAXW];
	int ret;

	while (nw > 0 && n[nw - 1] == 0)
		nw--;
	bits = ember_bn_bits(n, nw);
	if (bits < EMBER_RSA_MIN_BITS || bits > EMBER_MAX_RSA_BITS)
		return EMBER_EKEYLEN;
	if ((n[0] & 1) == 0)
		return EMBER_ERANGE;
	ret = ember_bn_mont_init(&k->mn, n, nw);
	if (ret != 0)
		return ret;
	k->bits = bits;
	k->len = (bits + 7) / 8;
	/* 1 < e < n, e odd */
	if (k->e_words > nw || (k->e[0] & 1) == 0 || ember_bn_bits(k->e, k->e_words) < 2)
		return EMBER_ERANGE;
	memset(e_n, 0, sizeof(e_n));
	memcpy(e_n, k->e, k->e_words * sizeof(e_n[0]));
	if (ember_bn_cmp(e_n, n, nw) >= 0)
		return EMBER_ERANGE;
	ember_bn_exp_correction(k->e_corr, k->e, k->e_words, &k->mn);
	return 0;
}

int ember_rsa_public_init(ember_rsa_public_key *k, const uint8_t *n, size_t n_len,
    const uint8_t *e, size_t e_len)
{
	ember_bn_word nn[BN_MAXW];
	size_t nw;
	int ret;

	memset(k, 0, sizeof(*k));
	if (n == NULL || e == NULL)
		return EMBER_EINVAL;
	nw = words_of(n, n_len);
	if (nw > BN_MAXW)
		return EMBER_EKEYLEN;
	if ((ret = load(nn, nw, n, n_len)) != 0)
		return ret;
	k->e_words = words_of(e, e_len);
	if (k->e_words > BN_MAXW)
		return EMBER_ERANGE;
	if ((ret = load(k->e, k->e_words, e, e_len)) != 0)
		return ret;
	return public_setup(k, nn, nw);
}

void ember_rsa_public_from_private(ember_rsa_public_key *pub, const ember_rsa_private_key *k)
{
	*pub = k->pub;
}

void ember_rsa_private_clear(ember_rsa_private_key *k)
{
	ember_wipe(k, sizeof(*k));
}

/* A fresh blinding pair: vi = r^e, vf = r^-1 (Montgomery form mod n). */
static int blinding_init(ember_rsa_private_key *k)
{
	const ember_bn_mont *mn = &k->pub.mn;
	ember_bn_word r[BN_MAXW], t[BN_MAXW];
	size_t n = mn->n;
	int tries;

	for (tries = 0; tries < 16; tries++) {
		if (ember_random_bytes(r, n * sizeof(r[0])) != 0)
			return EMBER_ERANDOM;
		/* below 2^(bits-1) < n */
		if ((mn->bits - 1) % BN_W)
			r[n - 1] &= ((ember_bn_word)1 << ((mn->bits - 1) % BN_W)) - 1;
		else
			r[n - 1] = 0;
		if (ember_bn_is_zero(r, n))
			continue;
		if (ember_bn_modinv_ct(t, r, mn->m, n) != 0)
			continue;
		ember_bn_to_mont(k->blind_vf, t, mn);
		ember_bn_modexp_vartime(t, r, k->pub.e, k->pub.e_words, mn);
		ember_bn_to_mont(k->blind_vi, t, mn);
		ember_wipe(r, sizeof(r));
		ember_wipe(t, sizeof(t));
		return 0;
	}
	return EMBER_ERANDOM;
}

/* Everything derived from n, e, d (and p, q, dp, dq, qinv when has_crt). */
static int private_setup(ember_rsa_private_key *k, const ember_bn_word *n, size_t nw)
{
	int ret = public_setup(&k->pub, n, nw);

	if (ret != 0)
		return ret;
	if (k->has_crt)
		ember_bn_to_mont(k->qinv_mont, k->qinv, &k->mp);
	return blinding_init(k);
}

/* d' = e^-1 mod phi for an even phi (f words) and a one-word odd e:
 * t = -phi^-1 mod e, then d' = (1 + t*phi) / e, an exact division. */
static int inv_small_e(ember_bn_word *r, const ember_bn_word *phi, size_t f, ember_bn_word e)
{
	ember_bn_word pm[1], inv[1], t[1], num[BN_MAXW + 2], rem[1], q[BN_MAXW + 2];
	ember_bn_word one[BN_MAXW + 2];
	int ret;

	ember_bn_divmod_ct(NULL, pm, phi, f, &e, 1);
	if ((ret = ember_bn_modinv_ct(inv, pm, &e, 1)) != 0)
		return ret;
	t[0] = e - inv[0];
	ember_bn_mul(num, phi, f, t, 1);
	memset(one, 0, sizeof(one));
	one[0] = 1;
	ember_bn_add(num, num, one, f + 1);
	ember_bn_divmod_ct(q, rem, num, f + 1, &e, 1);
	memcpy(r, q, f * sizeof(r[0]));
	ember_wipe(num, sizeof(num));
	ember_wipe(q, sizeof(q));
	return rem[0] == 0 ? 0 : EMBER_EINTERNAL;
}

/* dp = d mod (p-1) when d is known, else e^-1 mod (p-1) for a one-word e. */
static int crt_exponent(ember_bn_word *dp, const ember_bn_word *d, size_t dw, const ember_bn_mont *mp,
    const ember_rsa_public_key *pub)
{
	ember_bn_word pm1[BN_MAXW];

	memcpy(pm1, mp->m, mp->n * sizeof(pm1[0]));
	pm1[0] &= ~(ember_bn_word)1;
	if (d != NULL)
		return ember_bn_divmod_ct(NULL, dp, d, dw, pm1, mp->n);
	if (pub->e_words != 1)
		return EMBER_EINVAL;
	return inv_small_e(dp, pm1, mp->n, pub->e[0]);
}

int ember_rsa_private_init(ember_rsa_private_key *k, const ember_rsa_components *c)
{
	ember_bn_word n[BN_MAXW], prod[2 * BN_MAXW], t[BN_MAXW];
	size_t nw, pw, qw;
	int ret;

	memset(k, 0, sizeof(*k));
	if (c == NULL || c->n == NULL || c->e == NULL || c->d == NULL)
		return EMBER_EINVAL;
	nw = words_of(c->n, c->n_len);
	if (nw > BN_MAXW)
		return EMBER_EKEYLEN;
	k->pub.e_words = words_of(c->e, c->e_len);
	if (k->pub.e_words > BN_MAXW)
		return EMBER_ERANGE;
	if ((ret = load(n, nw, c->n, c->n_len)) != 0 ||
	    (ret = load(k->pub.e, k->pub.e_words, c->e, c->e_len)) != 0 ||
	    (ret = load(k->d, nw, c->d, c->d_len)) != 0)
		goto fail;
	if ((ret = public_setup(&k->pub, n, nw)) != 0)
		goto fail;
	nw = k->pub.mn.n;
	if (ember_bn_cmp(k->d, n, nw) >= 0 || ember_bn_is_zero(k->d, nw)) {
		ret = EMBER_ERANGE;
		goto fail;
	}
	if (c->p != NULL && c->q != NULL) {
		pw = words_of(c->p, c->p_len);
		qw = words_of(c->q, c->q_len);
		if (pw + qw > nw + 1 || pw > BN_MAXW || qw > BN_MAXW) {
			ret = EMBER_ERANGE;
			goto fail;
		}
		if ((ret = load(t, pw, c->p, c->p_len)) != 0 || (ret = ember_bn_mont_init(&k->mp, t, pw)) != 0)
			goto fail;
		if ((ret = load(t, qw, c->q, c->q_len)) != 0 || (ret = ember_bn_mont_init(&k->mq, t, qw)) != 0)
			goto fail;
		/* n = p * q */
		memset(prod, 0, sizeof(prod));
		ember_bn_mul(prod, k->mp.m, pw, k->mq.m, qw);
		if (!ember_bn_is_zero(prod + nw, pw + qw > nw ? pw + qw - nw : 0) ||
		    ember_bn_cmp(prod, n, nw) != 0) {
			ret = EMBER_ERANGE;
			goto fail;
		}
		if (c->dp != NULL)
			ret = load(k->dp, pw, c->dp, c->dp_len);
		else
			ret = crt_exponent(k->dp, k->d, nw, &k->mp, &k->pub);
		if (ret != 0)
			goto fail;
		if (c->dq != NULL)
			ret = load(k->dq, qw, c->dq, c->dq_len);
		else
			ret = crt_exponent(k->dq, k->d, nw, &k->mq, &k->pub);
		if (ret != 0)
			goto fail;
		if (c->qinv != NULL) {
			ret = load(k->qinv, pw, c->qinv, c->qinv_len);
		} else {
			ember_bn_divmod_ct(NULL, t, k->mq.m, qw, k->mp.m, pw);
			ret = ember_bn_modinv_ct(k->qinv, t, k->mp.m, pw);
		}
		if (ret != 0)
			goto fail;
		if (ember_bn_cmp(k->dp, k->mp.m, pw) >= 0 || ember_bn_cmp(k->dq, k->mq.m, qw) >= 0 ||
		    ember_bn_cmp(k->qinv, k->mp.m, pw) >= 0) {
			ret = EMBER_ERANGE;
			goto fail;
		}
		k->has_crt = 1;
	}
	if ((ret = private_setup(k, n, nw)) != 0)
		goto fail;
	ember_wipe(t, sizeof(t));
	ember_wipe(prod, sizeof(prod));
	return 0;
fail:
	ember_wipe(t, sizeof(t));
	ember_wipe(prod, sizeof(prod));
	ember_rsa_private_clear(k);
	return ret;
}

int ember_rsa_generate(ember_rsa_private_key *k, unsigned bits, uint32_t e)
{
	ember_bn_word p[BN_MAXW], q[BN_MAXW], n[BN_MAXW], phi[BN_MAXW], t[BN_MAXW], pm1[BN_MAXW];
	ember_bn_word qm1[BN_MAXW];
	unsigned pb, qb;
	size_t pw, qw, nw;
	int ret;

	memset(k, 0, sizeof(*k));
	if (bits < EMBER_RSA_MIN_BITS || bits > EMBER_MAX_RSA_BITS || e < 3 || (e & 1) == 0)
		return EMBER_EINVAL;
	pb = (bits + 1) / 2;
	qb = bits - pb;
	pw = EMBER_BN_WORDS(pb);
	qw = EMBER_BN_WORDS(qb);
	nw = EMBER_BN_WORDS(bits);
	for (;;) {
		ember_bn_word diff[BN_MAXW];

		if ((ret = ember_prime_generate(p, pw, pb, e)) != 0 ||
		    (ret = ember_prime_generate(q, qw, qb, e)) != 0)
			goto out;
		/* FIPS 186-4 B.3.3 step 5.4: |p - q| > 2^(bits/2 - 100) */
		memset(t, 0, sizeof(t));
		memcpy(t, q, qw * sizeof(t[0]));
		if (ember_bn_sub(diff, p, t, pw))
			ember_bn_sub(diff, t, p, pw);
		if (ember_bn_bits(diff, pw) <= bits / 2 - 100)
			continue;
		/* p > q, the usual order for the CRT parameters */
		if (ember_bn_cmp(p, t, pw) < 0 && pw == qw) {
			memcpy(diff, p, pw * sizeof(p[0]));
			memcpy(p, q, pw * sizeof(p[0]));
			memcpy(q, diff, pw * sizeof(p[0]));
		}
		ember_wipe(diff, sizeof(diff));
		break;
	}
	memset(n, 0, sizeof(n));
	{
		ember_bn_word prod[2 * BN_MAXW];
		ember_bn_mul(prod, p, pw, q, qw);
		memcpy(n, prod, nw * sizeof(n[0]));
	}
	/* phi = (p-1)(q-1); d = e^-1 mod phi; dp, dq; qinv */
	memcpy(pm1, p, pw * sizeof(p[0]));
	pm1[0] &= ~(ember_bn_word)1;
	memcpy(qm1, q, qw * sizeof(q[0]));
	qm1[0] &= ~(ember_bn_word)1;
	{
		ember_bn_word prod[2 * BN_MAXW];
		ember_bn_mul(prod, pm1, pw, qm1, qw);
		memcpy(phi, prod, nw * sizeof(phi[0]));
		ember_wipe(prod, sizeof(prod));
	}
	k->pub.e[0] = e;
	k->pub.e_words = 1;
	if ((ret = inv_small_e(k->d, phi, nw, e)) != 0 || (ret = inv_small_e(k->dp, pm1, pw, e)) != 0 ||
	    (ret = inv_small_e(k->dq, qm1, qw, e)) != 0)
		goto out;
	if ((ret = ember_bn_mont_init(&k->mp, p, pw)) != 0 || (ret = ember_bn_mont_init(&k->mq, q, qw)) != 0)
		goto out;
	memset(t, 0, sizeof(t));
	ember_bn_divmod_ct(NULL, t, q, qw, p, pw);
	if ((ret = ember_bn_modinv_ct(k->qinv, t, p, pw)) != 0)
		goto out;
	k->has_crt = 1;
	ret = private_setup(k, n, nw);
out:
	ember_wipe(p, sizeof(p));
	ember_wipe(q, sizeof(q));
	ember_wipe(phi, sizeof(phi));
	ember_wipe(pm1, sizeof(pm1));
	ember_wipe(qm1, sizeof(qm1));
	ember_wipe(t, sizeof(t));
	if (ret != 0)
		ember_rsa_private_clear(k);
	return ret;
}

int ember_rsa_public_op(const ember_rsa_public_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_bn_word x[BN_MAXW];
	size_t n = NW(k);

	if (len != k->len)
		return EMBER_ELEN;
	if (ember_bn_from_bytes(x, n, in, len) != 0 || ember_bn_cmp(x, k->mn.m, n) >= 0)
		return EMBER_ERANGE;
	ember_bn_modexp_public(x, x, k->e, k->e_words, k->e_corr, &k->mn);
	return ember_bn_to_bytes(out, len, x, n);
}

/*
 * r (mm's words) = x mod the prime p of |mm|; x has nw words and x < n = p*o,
 * where o (the other prime) has |obits| bits.
 */
static void reduce_mod_prime(ember_bn_word *r, const ember_bn_word *x, size_t nw, const ember_bn_mont *mm,
    unsigned obits)
{
	size_t pn = mm->n;

	if (nw <= 2 * pn && obits <= pn * BN_W) {
		/* o < R, so x < p*R: REDC gives x/R, one product by R^2 gives x mod p */
		ember_bn_word t[2 * BN_MAXW];
		memset(t, 0, 2 * pn * sizeof(t[0]));
		memcpy(t, x, nw * sizeof(t[0]));
		ember_bn_redc(r, t, mm);
		bn_mmul(r, r, mm->rr, mm);
		ember_wipe(t, sizeof(t));
	} else {
		ember_bn_divmod_ct(NULL, r, x, nw, mm->m, pn);
	}
}

int ember_rsa_private_op(ember_rsa_private_key *k, uint8_t *out, const uint8_t *in, size_t len)
{
	const ember_bn_mont *mn = &k->pub.mn;
	ember_bn_word c[BN_MAXW], x[BN_MAXW], v[BN_MAXW];
	size_t n = mn->n;
	int ret = 0;

	if (len != k->pub.len)
		return EMBER_ELEN;
	if (ember_bn_from_bytes(c, n, in, len) != 0 || ember_bn_cmp(c, mn->m, n) >= 0)
		return EMBER_ERANGE;
	/* blind: x = c * r^e */
	bn_mmul(x, c, k->blind_vi, mn);
	if (k->has_crt) {
		ember_bn_word cp[BN_MAXW], m1[BN_MAXW], m2[BN_MAXW], full[2 * BN_MAXW];

		ember_bn_word cq[BN_MAXW];

		reduce_mod_prime(cp, x, n, &k->mp, k->mq.bits);
		reduce_mod_prime(cq, x, n, &k->mq, k->mp.bits);
		/* both halves at once where the backend interleaves them */
		ember_bn_modexp_ct2(m1, cp, k->dp, &k->mp, m2, cq, k->dq, &k->mq,
		    k->mp.bits > k->mq.bits ? k->mp.bits : k->mq.bits);
		ember_wipe(cq, sizeof(cq));
		memset(full, 0, sizeof(full));
		ember_bn_crt(full, m1, m2, k->qinv_mont, &k->mp, &k->mq);
		/* m < n, so the words above n's are zero */
		memcpy(x, full, n * sizeof(x[0]));
		ember_wipe(cp, sizeof(cp));
		ember_wipe(m1, sizeof(m1));
		ember_wipe(m2, sizeof(m2));
		ember_wipe(full, sizeof(full));
	} else {
		ember_bn_modexp_ct(x, x, k->d, mn->bits, mn);
	}
	/* unblind: x * r^-1 */
	bn_mmul(x, x, k->blind_vf, mn);
	/* the next pair: (r^2)^e and r^-2 */
	bn_msqr(k->blind_vi, k->blind_vi, mn);
	bn_msqr(k->blind_vf, k->blind_vf, mn);
	/* fault check: x^e must give c back */
	ember_bn_modexp_public(v, x, k->pub.e, k->pub.e_words, k->pub.e_corr, mn);
	{
		/* the verdict is public: the caller learns it from the result anyway */
		int ok = ember_memeq(v, c, n * sizeof(v[0]));
		EMBER_DECLASSIFY(&ok, sizeof(ok));
		if (!ok)
			ret = EMBER_EINTERNAL;
	}
	if (ret == 0)
		ret = ember_bn_to_bytes(out, len, x, n);
	if (ret != 0)
		memset(out, 0, len);
	ember_wipe(x, sizeof(x));
	ember_wipe(c, sizeof(c));
	ember_wipe(v, sizeof(v));
	return ret;
}
