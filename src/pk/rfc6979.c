/*
 * rfc6979.c - RFC 6979's HMAC_DRBG k (3.2) with the additional data of
 * 3.6, for DSA (dsa.c) and ECDSA (ec/ecdsa.c); see rfc6979.h.
 */
#include "pk/rfc6979.h"
#include "ember/mac.h"

/* a - b over len big-endian bytes into r; returns the borrow; constant time */
static unsigned sub_be(uint8_t *r, const uint8_t *a, const uint8_t *b, size_t len)
{
	unsigned borrow = 0;
	size_t i = len;

	while (i-- > 0) {
		unsigned d = (unsigned)a[i] - b[i] - borrow;
		r[i] = (uint8_t)d;
		borrow = (d >> 8) & 1;
	}
	return borrow;
}

void ember_rfc6979_bits2int(uint8_t *out, const uint8_t *q, unsigned qbits, const uint8_t *in, size_t in_len,
    int mod_q)
{
	const size_t qlen = (qbits + 7) / 8;
	size_t take = in_len < qlen ? in_len : qlen, i;
	unsigned shift = in_len * 8 > qbits ? (unsigned)(take * 8 - qbits) : 0;
	uint8_t t[EMBER_RFC6979_MAX_QLEN];

	/* the first take bytes, right-aligned, then shifted right when they hold more than qbits bits */
	memset(out, 0, qlen);
	memcpy(out + qlen - take, in, take);
	if (shift) {
		for (i = qlen; i-- > 1;)
			out[i] = (uint8_t)((out[i] >> shift) | (out[i - 1] << (8 - shift)));
		out[0] >>= shift;
	}
	if (mod_q) {
		/* below 2^qbits < 2q: one masked subtraction */
		unsigned keep = sub_be(t, out, q, qlen);
		uint8_t mask = (uint8_t)(0u - keep);
		for (i = 0; i < qlen; i++)
			out[i] = (uint8_t)((out[i] & mask) | (t[i] & (uint8_t)~mask));
		ember_wipe(t, sizeof(t));
	}
}

/* K = HMAC_K(V || tag || data1 || data2 || data3) (tag < 0: none); V = HMAC_K(V) */
static void update(ember_rfc6979 *st, int tag, const uint8_t *d1, size_t l1, const uint8_t *d2, size_t l2,
    const uint8_t *d3, size_t l3)
{
	const size_t hlen = st->hd->digest_len;
	ember_hmac_key key;
	ember_hmac_ctx c;

	if (tag >= 0) {
		uint8_t t = (uint8_t)tag;
		ember_hmac_key_init(&key, st->hd, st->K, hlen);
		ember_hmac_init(&c, &key);
		ember_hmac_update(&c, st->V, hlen);
		ember_hmac_update(&c, &t, 1);
		if (l1)
			ember_hmac_update(&c, d1, l1);
		if (l2)
			ember_hmac_update(&c, d2, l2);
		if (l3)
			ember_hmac_update(&c, d3, l3);
		ember_hmac_final(&c, st->K);
	}
	ember_hmac_key_init(&key, st->hd, st->K, hlen);
	ember_hmac_init(&c, &key);
	ember_hmac_update(&c, st->V, hlen);
	ember_hmac_final(&c, st->V);
	ember_hmac_key_clear(&key);
}

void ember_rfc6979_init(ember_rfc6979 *st, const ember_hash_desc *hd, const uint8_t *q, unsigned qbits,
    const uint8_t *x, const uint8_t *h1, size_t h1_len, const uint8_t *extra, size_t extra_len)
{
	const size_t qlen = (qbits + 7) / 8;
	uint8_t h[EMBER_RFC6979_MAX_QLEN];

	st->hd = hd;
	st->q = q;
	st->qlen = qlen;
	st->qbits = qbits;
	st->started = 0;
	/* b, c: V = 0x01 0x01 ..., K = 0x00 0x00 ... */
	memset(st->V, 0x01, hd->digest_len);
	memset(st->K, 0x00, hd->digest_len);
	ember_rfc6979_bits2int(h, q, qbits, h1, h1_len, 1);
	/* d-g: K = HMAC_K(V || 0x00 || int2octets(x) || bits2octets(h1) || k'), V = HMAC_K(V); again with 0x01 */
	update(st, 0x00, x, qlen, h, qlen, extra, extra_len);
	update(st, 0x01, x, qlen, h, qlen, extra, extra_len);
	ember_wipe(h, sizeof(h));
}

void ember_rfc6979_next(ember_rfc6979 *st, uint8_t *k)
{
	const size_t hlen = st->hd->digest_len, qlen = st->qlen;
	uint8_t t[EMBER_RFC6979_MAX_QLEN + EMBER_MAX_DIGEST_LEN], d[EMBER_RFC6979_MAX_QLEN];

	for (;;) {
		size_t tlen = 0, i;
		unsigned nonzero = 0;
		int ok;

		if (st->started)
			update(st, 0x00, NULL, 0, NULL, 0, NULL, 0); /* h.3 */
		st->started = 1;
		/* h.1, h.2: T = V || V ... with V = HMAC_K(V) until qlen bytes */
		while (tlen < qlen) {
			update(st, -1, NULL, 0, NULL, 0, NULL, 0);
			memcpy(t + tlen, st->V, hlen);
			tlen += hlen;
		}
		/* h.3: k = bits2int(T), kept when 1 <= k < q */
		ember_rfc6979_bits2int(k, st->q, st->qbits, t, tlen, 0);
		for (i = 0; i < qlen; i++)
			nonzero |= k[i];
		ok = (int)(sub_be(d, k, st->q, qlen) & ((0u - nonzero) >> 31));
		/* whether a candidate is rejected says nothing about the k kept */
		EMBER_DECLASSIFY(&ok, sizeof(ok));
		if (ok)
			break;
	}
	ember_wipe(t, sizeof(t));
	ember_wipe(d, sizeof(d));
}

void ember_rfc6979_clear(ember_rfc6979 *st)
{
	ember_wipe(st, sizeof(*st));
}
