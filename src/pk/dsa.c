/*
 * dsa.c - DSA (FIPS 186-4): signing (4.6) with k from RFC 6979 (3.2, rfc6979.c),
 * verification (4.7), key and domain parameter generation (A.1.1.2, A.2.1, B.1.2),
 * and the validation of loaded domain parameters and public keys: the (L, N)
 * pairs of 4.2, p and q prime (C.3: Miller-Rabin C.3.1, Lucas C.3.3), q | p - 1,
 * g and y of order q.
 */
#include "bn/bn_internal.h"
#include "ember/dsa.h"
#include "pk/rfc6979.h"

/* ---- integers of q's size ---- */

static unsigned qbits_of(const ember_dsa_key *k)
{
	return k->mq.bits;
}

/* bits2int (RFC 6979 2.3.2, FIPS 186-4 4.6): the leftmost qbits bits of |d|. */
static void bits2int(ember_bn_word *r, const ember_dsa_key *k, const uint8_t *d, size_t len)
{
	const size_t qn = k->mq.n;
	unsigned qbits = qbits_of(k);
	size_t take = len * 8 > qbits ? (qbits + 7) / 8 : len;
	unsigned shift = take * 8 > qbits ? (unsigned)(take * 8 - qbits) : 0;
	size_t i;

	ember_bn_from_bytes(r, qn, d, take);
	if (shift) {
		for (i = 0; i + 1 < qn; i++)
			r[i] = (r[i] >> shift) | (r[i + 1] << (BN_W - shift));
		r[qn - 1] >>= shift;
	}
}

/* a mod q for a < 2q (masked). */
static void reduce_once(ember_bn_word *a, const ember_dsa_key *k)
{
	bn_final_sub(a, a, 0, k->mq.m, k->mq.n);
}

/* ---- keys ---- */

static int load(ember_bn_word *r, size_t n, const uint8_t *in, size_t len)
{
	return ember_bn_from_bytes(r, n, in, len) == 0 ? 0 : EMBER_ERANGE;
}

static size_t words_of(const uint8_t *in, size_t len)
{
	while (len > 0 && in[0] == 0) {
		in++;
		len--;
	}
	return len ? (len + sizeof(ember_bn_word) - 1) / sizeof(ember_bn_word) : 1;
}

/* e (qn words) zero-padded to the comb's exponent length. */
static void comb_exponent(ember_bn_word *out, const ember_bn_word *e, const ember_dsa_key *k)
{
	memset(out, 0, BN_MAXW * sizeof(out[0]));
	memcpy(out, e, k->mq.n * sizeof(e[0]));
}

/* The comb tables of g (always) and y (when |with_y|). */
static void comb_setup(ember_dsa_key *k, int with_y)
{
	k->comb_d = (k->mq.bits + 3) / 4;
	ember_bn_comb_init(k->comb_g, k->g, k->comb_d, &k->mp);
	if (with_y)
		ember_bn_comb_init(k->comb_y, k->y, k->comb_d, &k->mp);
}

/* y = g^x (constant time, through g's comb) */
static void compute_y(ember_dsa_key *k)
{
	ember_bn_word x[BN_MAXW];

	comb_exponent(x, k->x, k);
	ember_bn_comb_exp_ct(k->y, k->comb_g, x, k->comb_d, &k->mp);
	ember_wipe(x, sizeof(x));
}

/* 1 < v < m */
static int in_range(const ember_bn_word *v, const ember_bn_word *m, size_t n)
{
	ember_bn_word one[BN_MAXW];

	memset(one, 0, n * sizeof(one[0]));
	one[0] = 1;
	return ember_bn_cmp(v, one, n) > 0 && ember_bn_cmp(v, m, n) < 0;
}

/*
 * The sizes accepted: p of 512, 1024, 2048, 3072 or 4096 bits and q of
 * 160, 224 or 256 bits (the q sizes OpenSSL's DSA verification accepts).
 * That covers FIPS 186-4 4.2's (L, N) pairs, the legacy 512/160 of `speed
 * dsa512`, and what OpenSSL 3.0's genpkey makes when asked for bits alone
 * (1024/224, 4096/256). Primality rounds, FIPS 186-4 Table C.1: q gets the
 * Miller-Rabin-only count (q is at most 256 bits: cheap), p the count that
 * precedes one Lucas test (a 3072-bit p costs 64 rounds otherwise, 88 ms
 * with the IFMA backend and 580 ms with the portable one, per key loaded).
 * The sizes outside the table take their neighbour's rounds.
 */
typedef struct dsa_size {
	unsigned L, N;
	unsigned mr_p, mr_q;
} dsa_size;

static int size_of(dsa_size *sz, unsigned L, unsigned N)
{
	if ((L != 512 && L != 1024 && L != 2048 && L != 3072 && L != 4096) || L > EMBER_MAX_RSA_BITS)
		return 0;
	if (N != 160 && N != 224 && N != 256)
		return 0;
	sz->L = L;
	sz->N = N;
	sz->mr_p = L >= 3072 ? 2 : 3;
	sz->mr_q = N == 160 ? 40 : N == 224 ? 56 : 64;
	return 1;
}

/* p of exactly L bits and q of exactly N bits for an accepted pair; the Montgomery contexts. */
static int params_check(ember_dsa_key *k, const ember_bn_word *p, size_t pn, const ember_bn_word *q,
    size_t qn)
{
	unsigned pbits = ember_bn_bits(p, pn), qbits = ember_bn_bits(q, qn);
	dsa_size sz;
	int ret;

	if (!size_of(&sz, pbits, qbits))
		return EMBER_EKEYLEN;
	if ((ret = ember_bn_mont_init(&k->mp, p, pn)) != 0 || (ret = ember_bn_mont_init(&k->mq, q, qn)) != 0)
		return ret;
	k->qlen = (qbits + 7) / 8;
	return 0;
}

/* 1 when v^q = 1 mod p (v < p): v is in the subgroup of order q (q prime, v != 1). */
static int order_q(const ember_dsa_key *k, const ember_bn_word *v)
{
	const size_t pn = k->mp.n;
	ember_bn_word t[BN_MAXW], one[BN_MAXW];

	ember_bn_modexp_vartime(t, v, k->mq.m, k->mq.n, &k->mp);
	memset(one, 0, pn * sizeof(one[0]));
	one[0] = 1;
	return ember_bn_cmp(t, one, pn) == 0;
}

/*
 * FIPS 186-4 A.1.1.1 and A.2.2 (the parts a verifier can check without the
 * seed): q divides p - 1, and g has order q (g^q = 1 mod p, g in [2, p-1]
 * already checked). Domain parameters are public, so variable time is fine.
 */
static int order_check(ember_dsa_key *k, const ember_bn_word *p, size_t pn, const ember_bn_word *q,
    size_t qn)
{
	ember_bn_word pm1[BN_MAXW], rem[BN_MAXW];

	memcpy(pm1, p, pn * sizeof(p[0]));
	pm1[0] &= ~(ember_bn_word)1; /* p is odd (Montgomery init refused an even one) */
	if (ember_bn_divmod_ct(NULL, rem, pm1, pn, q, qn) != 0 || !ember_bn_is_zero(rem, qn))
		return EMBER_ERANGE;
	if (!order_q(k, k->g))
		return EMBER_ERANGE;
	return 0;
}

/* FIPS 186-4 C.3 for the loaded p and q, with Table C.1's rounds for their sizes. */
static int primes_check(const ember_dsa_key *k)
{
	dsa_size sz;
	int r;

	if (!size_of(&sz, k->mp.bits, k->mq.bits))
		return EMBER_EKEYLEN;
	/* q first: 256 bits at most, far cheaper than p */
	r = ember_prime_test(k->mq.m, k->mq.n, sz.mr_q);
	if (r == 1)
		r = ember_prime_test_lucas(k->mp.m, k->mp.n, sz.mr_p);
	return r == 1 ? 0 : r < 0 ? r : EMBER_ERANGE;
}

int ember_dsa_key_init(ember_dsa_key *k, const uint8_t *p, size_t p_len, const uint8_t *q, size_t q_len,
    const uint8_t *g, size_t g_len, const uint8_t *y, size_t y_len, const uint8_t *x, size_t x_len)
{
	ember_bn_word pw[BN_MAXW], qw[BN_MAXW];
	size_t pn, qn;
	int ret;

	memset(k, 0, sizeof(*k));
	if (p == NULL || q == NULL || g == NULL || (y == NULL && x == NULL))
		return EMBER_EINVAL;
	pn = words_of(p, p_len);
	qn = words_of(q, q_len);
	if (pn > BN_MAXW)
		return EMBER_EKEYLEN;
	if (qn > EMBER_BN_WORDS(EMBER_DSA_MAX_QBITS))
		return EMBER_EKEYLEN;
	if ((ret = load(pw, pn, p, p_len)) != 0 || (ret = load(qw, qn, q, q_len)) != 0)
		goto fail;
	if ((ret = params_check(k, pw, pn, qw, qn)) != 0)
		goto fail;
	if ((ret = load(k->g, pn, g, g_len)) != 0)
		goto fail;
	if (!in_range(k->g, k->mp.m, pn)) {
		ret = EMBER_ERANGE;
		goto fail;
	}
	if ((ret = order_check(k, pw, pn, qw, qn)) != 0 || (ret = primes_check(k)) != 0)
		goto fail;
	if (x != NULL) {
		if ((ret = load(k->x, qn, x, x_len)) != 0)
			goto fail;
		if (ember_bn_is_zero(k->x, qn) || ember_bn_cmp(k->x, k->mq.m, qn) >= 0) {
			ret = EMBER_ERANGE;
			goto fail;
		}
		k->has_private = 1;
	}
	comb_setup(k, 0);
	if (y != NULL) {
		/* SP 800-89 5.3.1 / FIPS 186-4 4.1: 1 < y < p and y^q = 1 (y in g's subgroup) */
		if ((ret = load(k->y, pn, y, y_len)) != 0)
			goto fail;
		if (!in_range(k->y, k->mp.m, pn) || !order_q(k, k->y)) {
			ret = EMBER_ERANGE;
			goto fail;
		}
	} else {
		compute_y(k);
	}
	ember_bn_comb_init(k->comb_y, k->y, k->comb_d, &k->mp);
	return 0;
fail:
	ember_dsa_key_clear(k);
	return ret;
}

void ember_dsa_key_clear(ember_dsa_key *k)
{
	ember_wipe(k, sizeof(*k));
}

/* FIPS 186-4 B.1.2: x by rejection sampling in [1, q-1]. */
int ember_dsa_generate_key(ember_dsa_key *k)
{
	const size_t qn = k->mq.n;
	unsigned qbits = qbits_of(k);

	if (qn == 0)
		return EMBER_EINVAL;
	for (;;) {
		memset(k->x, 0, sizeof(k->x));
		if (ember_random_bytes(k->x, qn * sizeof(k->x[0])) != 0)
			return EMBER_ERANDOM;
		if (qbits % BN_W)
			k->x[qn - 1] &= ((ember_bn_word)1 << (qbits % BN_W)) - 1;
		if (!ember_bn_is_zero(k->x, qn) && ember_bn_cmp(k->x, k->mq.m, qn) < 0)
			break;
	}
	if (k->comb_d == 0)
		comb_setup(k, 0);
	compute_y(k);
	ember_bn_comb_init(k->comb_y, k->y, k->comb_d, &k->mp);
	k->has_private = 1;
	return 0;
}

/* ---- RFC 6979, 3.2 (rfc6979.c): HMAC_DRBG seeded with int2octets(x) || bits2octets(h1) ---- */

typedef struct drbg {
	ember_rfc6979 st;
	uint8_t q[EMBER_DSA_MAX_QLEN];
} drbg;

static void drbg_init(drbg *d, const ember_hash_desc *hd, const ember_dsa_key *k, const uint8_t *digest,
    size_t digest_len)
{
	uint8_t x[EMBER_DSA_MAX_QLEN];

	ember_bn_to_bytes(d->q, k->qlen, k->mq.m, k->mq.n);
	ember_bn_to_bytes(x, k->qlen, k->x, k->mq.n);
	ember_rfc6979_init(&d->st, hd, d->q, qbits_of(k), x, digest, digest_len, NULL, 0);
	ember_wipe(x, sizeof(x));
}

/* The next candidate k in [1, q-1] (step h). */
static void drbg_next_k(drbg *d, const ember_dsa_key *k, ember_bn_word *kw)
{
	uint8_t kb[EMBER_DSA_MAX_QLEN];

	ember_rfc6979_next(&d->st, kb);
	memset(kw, 0, BN_MAXW * sizeof(kw[0]));
	ember_bn_from_bytes(kw, k->mq.n, kb, k->qlen);
	ember_wipe(kb, sizeof(kb));
}

int ember_dsa_rfc6979_k(const ember_dsa_key *k, const ember_hash_desc *hd, const uint8_t *digest,
    size_t digest_len, uint8_t *out)
{
	drbg d;

	if (!k->has_private || hd == NULL)
		return EMBER_EINVAL;
	drbg_init(&d, hd, k, digest, digest_len);
	ember_rfc6979_next(&d.st, out);
	ember_wipe(&d, sizeof(d));
	return 0;
}

/* ---- signing and verification ---- */

/*
 * FIPS 186-4 4.6 with a given k: r = (g^k mod p) mod q, s = k^-1 (z + x r) mod q.
 * Returns 1 when r or s is zero (the caller takes another k).
 */
static int sign_with(const ember_dsa_key *k, const ember_bn_word *kw, const uint8_t *digest,
    size_t digest_len, uint8_t *sig)
{
	const size_t pn = k->mp.n, qn = k->mq.n;
	ember_bn_word gk[BN_MAXW], r[BN_MAXW], s[BN_MAXW], kinv[BN_MAXW], z[BN_MAXW], t[BN_MAXW];
	ember_bn_word carry;
	int ret = 0;

	comb_exponent(t, kw, k);
	ember_bn_comb_exp_ct(gk, k->comb_g, t, k->comb_d, &k->mp);
	ember_bn_divmod_ct(NULL, r, gk, pn, k->mq.m, qn);
	ember_bn_modinv_prime(kinv, kw, &k->mq);
	bits2int(z, k, digest, digest_len);
	reduce_once(z, k);
	ember_bn_modmul(t, k->x, r, &k->mq);
	carry = ember_bn_add(t, t, z, qn);
	bn_final_sub(t, t, carry, k->mq.m, qn);
	ember_bn_modmul(s, kinv, t, &k->mq);
	/* r and s are the public signature */
	EMBER_DECLASSIFY(r, qn * sizeof(r[0]));
	EMBER_DECLASSIFY(s, qn * sizeof(s[0]));
	if (ember_bn_is_zero(r, qn) || ember_bn_is_zero(s, qn))
		ret = 1;
	ember_bn_to_bytes(sig, k->qlen, r, qn);
	ember_bn_to_bytes(sig + k->qlen, k->qlen, s, qn);
	ember_wipe(gk, sizeof(gk));
	ember_wipe(kinv, sizeof(kinv));
	ember_wipe(t, sizeof(t));
	ember_wipe(z, sizeof(z));
	return ret;
}

int ember_dsa_sign(const ember_dsa_key *k, const ember_hash_desc *hd, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len)
{
	ember_bn_word kw[BN_MAXW];
	drbg d;

	if (!k->has_private || hd == NULL)
		return EMBER_EINVAL;
	if (sig_len != 2 * k->qlen)
		return EMBER_ELEN;
	drbg_init(&d, hd, k, digest, digest_len);
	do {
		drbg_next_k(&d, k, kw);
	} while (sign_with(k, kw, digest, digest_len, sig) != 0);
	ember_wipe(&d, sizeof(d));
	ember_wipe(kw, sizeof(kw));
	return 0;
}

int ember_dsa_sign_k(const ember_dsa_key *k, const uint8_t *kb, size_t k_len, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len)
{
	ember_bn_word kw[BN_MAXW];
	int ret;

	if (!k->has_private)
		return EMBER_EINVAL;
	if (sig_len != 2 * k->qlen)
		return EMBER_ELEN;
	if (load(kw, k->mq.n, kb, k_len) != 0 || ember_bn_is_zero(kw, k->mq.n) ||
	    ember_bn_cmp(kw, k->mq.m, k->mq.n) >= 0)
		ret = EMBER_ERANGE;
	else
		ret = sign_with(k, kw, digest, digest_len, sig) ? EMBER_ERANGE : 0;
	ember_wipe(kw, sizeof(kw));
	return ret;
}

int ember_dsa_verify(const ember_dsa_key *k, const uint8_t *digest, size_t digest_len,
    const uint8_t *sig, size_t sig_len)
{
	const size_t pn = k->mp.n, qn = k->mq.n;
	ember_bn_word r[BN_MAXW], s[BN_MAXW], w[BN_MAXW], z[BN_MAXW], u1[BN_MAXW], u2[BN_MAXW];
	ember_bn_word v[BN_MAXW], vq[BN_MAXW];

	if (sig_len != 2 * k->qlen)
		return EMBER_EVERIFY;
	/* FIPS 186-4 4.7: 0 < r < q, 0 < s < q */
	if (load(r, qn, sig, k->qlen) != 0 || load(s, qn, sig + k->qlen, k->qlen) != 0)
		return EMBER_EVERIFY;
	if (ember_bn_is_zero(r, qn) || ember_bn_cmp(r, k->mq.m, qn) >= 0 || ember_bn_is_zero(s, qn) ||
	    ember_bn_cmp(s, k->mq.m, qn) >= 0)
		return EMBER_EVERIFY;
	if (ember_bn_modinv_prime(w, s, &k->mq) != 0)
		return EMBER_EVERIFY;
	bits2int(z, k, digest, digest_len);
	reduce_once(z, k);
	ember_bn_modmul(u1, z, w, &k->mq);
	ember_bn_modmul(u2, r, w, &k->mq);
	comb_exponent(w, u1, k);
	comb_exponent(z, u2, k);
	ember_bn_comb_exp2_vartime(v, k->comb_g, w, k->comb_y, z, k->comb_d, &k->mp);
	ember_bn_divmod_ct(NULL, vq, v, pn, k->mq.m, qn);
	return ember_bn_cmp(vq, r, qn) == 0 ? 0 : EMBER_EVERIFY;
}

/* ---- domain parameters: FIPS 186-4 A.1.1.2 (SHA-256) and A.2.1 ---- */

/* buf (len bytes, big-endian) += v, modulo 2^(8 len) */
static void add_be(uint8_t *buf, size_t len, uint32_t v)
{
	size_t i = len;
	uint32_t c = v;

	while (i-- > 0 && c) {
		c += buf[i];
		buf[i] = (uint8_t)c;
		c >>= 8;
	}
}

int ember_dsa_generate_params(ember_dsa_key *k, unsigned L, unsigned N)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	const unsigned outlen = 256;
	unsigned n, b, counter, j, rounds_p, rounds_q;
	uint8_t seed[EMBER_DSA_MAX_QLEN], buf[EMBER_DSA_MAX_QLEN], hash[32];
	ember_bn_word q[BN_MAXW], p[BN_MAXW], w[BN_MAXW], c[BN_MAXW], twoq[BN_MAXW], one[BN_MAXW];
	const size_t pn = EMBER_BN_WORDS(L), qn = EMBER_BN_WORDS(N);
	const size_t seedlen = N / 8;
	dsa_size sz;

	if (hd == NULL)
		return EMBER_ENOTSUP;
	if (!size_of(&sz, L, N))
		return EMBER_EINVAL;
	memset(k, 0, sizeof(*k));
	/* FIPS 186-4 table C.1 */
	rounds_p = L >= 3072 ? 64 : L >= 2048 ? 56 : 40;
	rounds_q = sz.mr_q;
	n = (L + outlen - 1) / outlen - 1;
	b = L - 1 - n * outlen;
	memset(one, 0, sizeof(one));
	one[0] = 1;
	for (;;) {
		unsigned offset = 1;
		int r;

		/* steps 5-8: q from the seed */
		if (ember_random_bytes(seed, seedlen) != 0)
			return EMBER_ERANDOM;
		ember_hash(hd, hash, seed, seedlen);
		memset(q, 0, sizeof(q));
		ember_bn_from_bytes(q, qn, hash + 32 - seedlen, seedlen);
		q[(N - 1) / BN_W] |= (ember_bn_word)1 << ((N - 1) % BN_W);
		q[0] |= 1;
		r = ember_prime_test(q, qn, rounds_q);
		if (r < 0)
			return r;
		if (r == 0)
			continue;
		memset(twoq, 0, sizeof(twoq));
		ember_bn_add(twoq, q, q, qn);
		twoq[qn] = q[qn - 1] >> (BN_W - 1);
		/* steps 9-15: p = X - (X mod 2q - 1) */
		for (counter = 0; counter < 4 * L; counter++) {
			memset(w, 0, sizeof(w));
			for (j = 0; j <= n; j++) {
				ember_bn_word v[BN_MAXW];
				unsigned bit, take = j < n ? outlen : b;
				memcpy(buf, seed, seedlen);
				add_be(buf, seedlen, offset + j);
				ember_hash(hd, hash, buf, seedlen);
				ember_bn_from_bytes(v, EMBER_BN_WORDS(outlen), hash, 32);
				for (bit = 0; bit < take; bit++) {
					unsigned pos = j * outlen + bit;
					w[pos / BN_W] |= ((v[bit / BN_W] >> (bit % BN_W)) & 1) << (pos % BN_W);
				}
			}
			w[(L - 1) / BN_W] |= (ember_bn_word)1 << ((L - 1) % BN_W);
			ember_bn_divmod_ct(NULL, c, w, pn, twoq, qn + 1);
			memset(c + qn + 1, 0, (pn > qn + 1 ? pn - qn - 1 : 0) * sizeof(c[0]));
			ember_bn_sub(c, c, one, pn);
			ember_bn_sub(p, w, c, pn);
			offset += n + 1;
			if (ember_bn_bits(p, pn) != L)
				continue;
			r = ember_prime_test(p, pn, rounds_p);
			if (r < 0)
				return r;
			if (r == 1)
				goto found;
		}
	}
found:
	{
		/* A.2.1: g = h^((p-1)/q) mod p for h = 2, 3 ... until g != 1 */
		ember_bn_word e[BN_MAXW], rem[BN_MAXW], pm1[BN_MAXW], h[BN_MAXW];
		int ret;

		if ((ret = params_check(k, p, pn, q, qn)) != 0)
			return ret;
		memcpy(pm1, p, pn * sizeof(p[0]));
		pm1[0] &= ~(ember_bn_word)1;
		ember_bn_divmod_ct(e, rem, pm1, pn, q, qn);
		memset(h, 0, sizeof(h));
		for (h[0] = 2;; h[0]++) {
			ember_bn_modexp_vartime(k->g, h, e, pn, &k->mp);
			if (ember_bn_cmp(k->g, one, pn) != 0)
				break;
		}
		comb_setup(k, 0);
	}
	return 0;
}
