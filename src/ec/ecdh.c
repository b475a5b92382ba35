/*
 * ecdh.c - ECDH over P-256 and P-384 (SP 800-56A rev. 3, 5.7.1.2: the
 * cofactor is 1): the peer's point validated (SEC 1 3.2.2.1, ecc.c), the
 * shared secret the x-coordinate of d Q, refused when d Q is the identity
 * (which no valid point gives). The scalar multiplication is the key's
 * backend (constant time in d).
 */
#include <string.h>

#include "ec/ecc.h"

static int derive(const ember_ecc_key *k, const ecp_ops *ops, const uint8_t *q, uint8_t *out, size_t out_len)
{
	uint8_t x[EMBER_ECC_MAX_LEN];
	int ret;

	if (out == NULL || out_len != k->len)
		return EMBER_ELEN;
	ret = ops->ecdh(x, q, k->d);
	if (ret == 0)
		memcpy(out, x, k->len);
	ember_wipe(x, sizeof(x));
	return ret == 0 ? 0 : EMBER_ERANGE;
}

int ember_ecdh(const ember_ecc_key *k, const uint8_t *peer, size_t peer_len, uint8_t *out, size_t out_len)
{
	const ecc_curve *c = ember_ecc_curve_of(k->curve);
	const ecp_ops *ops = c ? ember_ecc_ops(k) : NULL;
	uint8_t q[2 * EMBER_ECC_MAX_LEN];
	int ret;

	if (c == NULL || !k->has_private)
		return EMBER_EINVAL;
	if (ops == NULL)
		return EMBER_ENOTSUP;
	if ((ret = ember_ecc_point_decode(c, ops, q, peer, peer_len)) != 0)
		return ret;
	return derive(k, ops, q, out, out_len);
}

int ember_ecdh_key(const ember_ecc_key *k, const ember_ecc_key *peer, uint8_t *out, size_t out_len)
{
	const ecp_ops *ops = ember_ecc_ops(k);

	if (ember_ecc_curve_of(k->curve) == NULL || !k->has_private || peer == NULL || peer->curve != k->curve)
		return EMBER_EINVAL;
	if (ops == NULL)
		return EMBER_ENOTSUP;
	return derive(k, ops, peer->q, out, out_len);
}
