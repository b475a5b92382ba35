/*
 * x25519.c - X25519 (RFC 7748) over the default Curve25519 backend, or a
 * named one: what every backend shares (clamping, the all-zero check, key
 * generation). The ladder itself is the backend's (c25519_tmpl.h).
 */
#include "ec/f25519.h"
#include "registry.h"
#include "ember/bn.h"
#include "ember/x25519.h"

static ember_pick pick_x25519;

static const ember_c25519_ops *x25519_ops(const ember_ec_desc *d, int *err)
{
	if (d == NULL || strcmp(d->name, "x25519") != 0 || d->ops == NULL) {
		*err = EMBER_EINVAL;
		return NULL;
	}
	if (!ember_ec_supported(d)) {
		*err = EMBER_ENOTSUP;
		return NULL;
	}
	return ember_c25519_ops_of(d);
}

static const ember_ec_desc *x25519_default(void)
{
	return ember_ec_pick(&pick_x25519, "x25519");
}

/* RFC 7748, 5: decodeScalar25519 */
static void clamp(uint8_t k[32], const uint8_t scalar[32])
{
	memcpy(k, scalar, 32);
	k[0] &= 248;
	k[31] &= 127;
	k[31] |= 64;
}

int ember_x25519_with(const ember_ec_desc *d, uint8_t out[EMBER_X25519_SHARED_LEN],
    const uint8_t scalar[EMBER_X25519_KEY_LEN], const uint8_t point[EMBER_X25519_KEY_LEN])
{
	const ember_c25519_ops *o;
	uint8_t k[32];
	uint32_t acc = 0, zero;
	int err = 0, i;

	if (out == NULL || scalar == NULL || point == NULL)
		return EMBER_EINVAL;
	if ((o = x25519_ops(d, &err)) == NULL)
		return err;
	clamp(k, scalar);
	o->x25519(out, k, point);
	ember_wipe(k, sizeof(k));
	/* RFC 7748, 6.1: the all-zero output is refused, checked without a branch on the bytes */
	for (i = 0; i < 32; i++)
		acc |= out[i];
	zero = (acc - 1) >> 31;
	/* the verdict is public by design: the caller is told */
	EMBER_DECLASSIFY(&zero, sizeof(zero));
	return zero ? EMBER_EZEROSECRET : 0;
}

int ember_x25519_base_with(const ember_ec_desc *d, uint8_t out[EMBER_X25519_KEY_LEN],
    const uint8_t scalar[EMBER_X25519_KEY_LEN])
{
	const ember_c25519_ops *o;
	uint8_t k[32];
	int err = 0;

	if (out == NULL || scalar == NULL)
		return EMBER_EINVAL;
	if ((o = x25519_ops(d, &err)) == NULL)
		return err;
	clamp(k, scalar);
	o->x25519_base(out, k);
	ember_wipe(k, sizeof(k));
	return 0;
}

int ember_x25519(uint8_t out[EMBER_X25519_SHARED_LEN], const uint8_t scalar[EMBER_X25519_KEY_LEN],
    const uint8_t point[EMBER_X25519_KEY_LEN])
{
	return ember_x25519_with(x25519_default(), out, scalar, point);
}

int ember_x25519_base(uint8_t out[EMBER_X25519_KEY_LEN], const uint8_t scalar[EMBER_X25519_KEY_LEN])
{
	return ember_x25519_base_with(x25519_default(), out, scalar);
}

int ember_x25519_public_key(uint8_t pub[EMBER_X25519_KEY_LEN], const uint8_t priv[EMBER_X25519_KEY_LEN])
{
	return ember_x25519_base_with(x25519_default(), pub, priv);
}

int ember_x25519_generate(uint8_t priv[EMBER_X25519_KEY_LEN], uint8_t pub[EMBER_X25519_KEY_LEN])
{
	uint8_t k[32];
	int ret;

	if (priv == NULL || pub == NULL)
		return EMBER_EINVAL;
	if ((ret = ember_random_bytes(k, sizeof(k))) != 0)
		return ret;
	/* the ctgrind build checks what follows with the scalar secret */
	EMBER_CT_SECRET(k, sizeof(k));
	ret = ember_x25519_base(pub, k);
	if (ret == 0)
		memcpy(priv, k, sizeof(k));
	ember_wipe(k, sizeof(k));
	return ret;
}
