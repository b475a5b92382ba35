/*
 * ecdsa.c - ECDSA over P-256 and P-384 (FIPS 186-5 6.4, SEC 1 4.1): the
 * digest to integer (6.4.1 step 3: its leftmost bits), k by RFC 6979
 * (pk/rfc6979.c) hedged with random additional data (3.6) unless asked
 * for determinism, the range checks of r and s, and the DER form of a
 * signature. The curve arithmetic is the key's backend (ecp_impl.h).
 */
#include <string.h>

#include "ec/ecc.h"
#include "ember/bn.h"
#include "pk/rfc6979.h"

/* the digest's leftmost bits as len bytes (below 2^bits: the backend reduces mod n) */
static void digest_int(uint8_t *z, const ecc_curve *c, const uint8_t *digest, size_t digest_len)
{
	ember_rfc6979_bits2int(z, c->n, c->bits, digest, digest_len, 0);
}

int ember_ecdsa_sign(const ember_ecc_key *k, const ember_hash_desc *hd, const uint8_t *digest, size_t digest_len,
    unsigned flags, uint8_t *sig, size_t sig_len)
{
	const ecc_curve *c = ember_ecc_curve_of(k->curve);
	const ecp_ops *ops = c ? ember_ecc_ops(k) : NULL;
	uint8_t z[EMBER_ECC_MAX_LEN], kb[EMBER_ECC_MAX_LEN], extra[EMBER_ECC_MAX_LEN];
	size_t extra_len = 0;
	ember_rfc6979 st;

	if (c == NULL || !k->has_private || (digest == NULL && digest_len != 0) || (flags & ~EMBER_ECDSA_DETERMINISTIC))
		return EMBER_EINVAL;
	if (ops == NULL)
		return EMBER_ENOTSUP;
	if (sig == NULL || sig_len != 2 * c->len)
		return EMBER_ELEN;
	if (hd == NULL)
		hd = ember_hash_find(c->hash, NULL);
	if (hd == NULL || !ember_hash_supported(hd) || hd->digest_len > EMBER_MAX_DIGEST_LEN ||
	    hd->block_len < hd->digest_len)
		return EMBER_EINVAL;
	if (!(flags & EMBER_ECDSA_DETERMINISTIC)) {
		/* RFC 6979 3.6: k' of the curve's length, fresh for every signature */
		if (ember_random_bytes(extra, c->len) != 0)
			return EMBER_ERANDOM;
		EMBER_CT_SECRET(extra, c->len);
		extra_len = c->len;
	}
	digest_int(z, c, digest, digest_len);
	ember_rfc6979_init(&st, hd, c->n, c->bits, k->d, digest, digest_len, extra, extra_len);
	do {
		ember_rfc6979_next(&st, kb);
	} while (ops->sign(sig, sig + c->len, kb, k->d, z) != 0);
	ember_rfc6979_clear(&st);
	ember_wipe(kb, sizeof(kb));
	ember_wipe(extra, sizeof(extra));
	return 0;
}

int ember_ecdsa_sign_k(const ember_ecc_key *k, const uint8_t *kb, size_t k_len, const uint8_t *digest,
    size_t digest_len, uint8_t *sig, size_t sig_len)
{
	const ecc_curve *c = ember_ecc_curve_of(k->curve);
	const ecp_ops *ops = c ? ember_ecc_ops(k) : NULL;
	uint8_t z[EMBER_ECC_MAX_LEN], kk[EMBER_ECC_MAX_LEN];
	int ret, ok;

	if (c == NULL || !k->has_private || kb == NULL)
		return EMBER_EINVAL;
	if (ops == NULL)
		return EMBER_ENOTSUP;
	if (sig == NULL || sig_len != 2 * c->len)
		return EMBER_ELEN;
	if (k_len > c->len)
		return EMBER_ERANGE;
	memset(kk, 0, sizeof(kk));
	memcpy(kk + c->len - k_len, kb, k_len);
	/* whether k is in [1, n-1] is public (the call is refused or not), k itself is not */
	ok = ember_ecc_lt(kk, c->n, c->len) & (ember_ecc_is_zero(kk, c->len) ^ 1);
	EMBER_DECLASSIFY(&ok, sizeof(ok));
	if (!ok) {
		ember_wipe(kk, sizeof(kk));
		return EMBER_ERANGE;
	}
	digest_int(z, c, digest, digest_len);
	ret = ops->sign(sig, sig + c->len, kk, k->d, z) == 0 ? 0 : EMBER_ERANGE;
	ember_wipe(kk, sizeof(kk));
	return ret;
}

int ember_ecdsa_verify(const ember_ecc_key *k, const uint8_t *digest, size_t digest_len, const uint8_t *sig,
    size_t sig_len)
{
	const ecc_curve *c = ember_ecc_curve_of(k->curve);
	const ecp_ops *ops = c ? ember_ecc_ops(k) : NULL;
	uint8_t z[EMBER_ECC_MAX_LEN];

	if (c == NULL || ops == NULL || sig == NULL || sig_len != 2 * c->len || (digest == NULL && digest_len != 0))
		return EMBER_EVERIFY;
	/* 6.4.2 step 2: 0 < r < n and 0 < s < n */
	if (ember_ecc_is_zero(sig, c->len) || !ember_ecc_lt(sig, c->n, c->len) ||
	    ember_ecc_is_zero(sig + c->len, c->len) || !ember_ecc_lt(sig + c->len, c->n, c->len))
		return EMBER_EVERIFY;
	digest_int(z, c, digest, digest_len);
	return ops->verify(k->q, z, sig, sig + c->len) == 0 ? 0 : EMBER_EVERIFY;
}

/* ---- DER: SEQUENCE { INTEGER r, INTEGER s } ---- */

/* the INTEGER of a len-byte big-endian magnitude: minimal, a 0x00 before a high bit */
static size_t put_int(uint8_t *out, const uint8_t *v, size_t len)
{
	size_t skip = 0, n;

	while (skip + 1 < len && v[skip] == 0)
		skip++;
	n = len - skip;
	out[0] = 0x02;
	if (v[skip] & 0x80) {
		out[1] = (uint8_t)(n + 1);
		out[2] = 0;
		memcpy(out + 3, v + skip, n);
		return n + 3;
	}
	out[1] = (uint8_t)n;
	memcpy(out + 2, v + skip, n);
	return n + 2;
}

int ember_ecdsa_sig_to_der(const uint8_t *sig, size_t sig_len, uint8_t *out, size_t cap, size_t *out_len)
{
	uint8_t body[EMBER_ECDSA_MAX_DER_LEN];
	size_t half = sig_len / 2, n, hdr;

	if (sig == NULL || (sig_len != 64 && sig_len != 96))
		return EMBER_EINVAL;
	n = put_int(body, sig, half);
	n += put_int(body + n, sig + half, half);
	hdr = n < 0x80 ? 2 : 3;
	if (out == NULL || cap < hdr + n)
		return EMBER_ELEN;
	out[0] = 0x30;
	if (hdr == 2) {
		out[1] = (uint8_t)n;
	} else {
		out[1] = 0x81;
		out[2] = (uint8_t)n;
	}
	memcpy(out + hdr, body, n);
	if (out_len != NULL)
		*out_len = hdr + n;
	return 0;
}

/* One element of tag |tag| at *p (before end): its contents; strict DER lengths (at most 0x81 nn here). */
static int get_tlv(const uint8_t **p, const uint8_t *end, int tag, const uint8_t **v, size_t *vlen)
{
	const uint8_t *q = *p;
	size_t len;

	if (end - q < 2 || q[0] != tag)
		return EMBER_EDECODE;
	len = q[1];
	q += 2;
	if (len & 0x80) {
		/* the signatures here are under 256 bytes: one length byte, and only for 128 and more */
		if (len != 0x81 || end - q < 1 || q[0] < 0x80)
			return EMBER_EDECODE;
		len = q[0];
		q++;
	}
	if ((size_t)(end - q) < len)
		return EMBER_EDECODE;
	*v = q;
	*vlen = len;
	*p = q + len;
	return 0;
}

/* A minimal non-negative INTEGER right-aligned into len bytes. */
static int get_uint(const uint8_t **p, const uint8_t *end, uint8_t *out, size_t len)
{
	const uint8_t *v;
	size_t n;
	int ret = get_tlv(p, end, 0x02, &v, &n);

	if (ret != 0)
		return ret;
	if (n == 0 || (v[0] & 0x80))
		return EMBER_EDECODE; /* empty or negative */
	if (n > 1 && v[0] == 0 && (v[1] & 0x80) == 0)
		return EMBER_EDECODE; /* not minimal */
	if (v[0] == 0 && n > 1) {
		v++;
		n--;
	}
	if (n > len)
		return EMBER_ERANGE;
	memset(out, 0, len - n);
	memcpy(out + len - n, v, n);
	return 0;
}

int ember_ecdsa_sig_from_der(const uint8_t *der, size_t der_len, uint8_t *sig, size_t sig_len)
{
	const uint8_t *p = der, *end = der + der_len, *seq, *send;
	uint8_t tmp[EMBER_ECDSA_MAX_SIG_LEN];
	size_t seq_len, half = sig_len / 2;
	int ret;

	if (der == NULL || sig == NULL || (sig_len != 64 && sig_len != 96))
		return EMBER_EINVAL;
	if ((ret = get_tlv(&p, end, 0x30, &seq, &seq_len)) != 0)
		return ret;
	if (p != end)
		return EMBER_EDECODE; /* bytes after the SEQUENCE */
	send = seq + seq_len;
	if ((ret = get_uint(&seq, send, tmp, half)) != 0 || (ret = get_uint(&seq, send, tmp + half, half)) != 0)
		return ret;
	if (seq != send)
		return EMBER_EDECODE; /* a third element */
	memcpy(sig, tmp, sig_len);
	return 0;
}

int ember_ecdsa_verify_der(const ember_ecc_key *k, const uint8_t *digest, size_t digest_len, const uint8_t *der,
    size_t der_len)
{
	uint8_t sig[EMBER_ECDSA_MAX_SIG_LEN];

	if (k->len == 0 || ember_ecdsa_sig_from_der(der, der_len, sig, 2 * k->len) != 0)
		return EMBER_EVERIFY;
	return ember_ecdsa_verify(k, digest, digest_len, sig, 2 * k->len);
}
