/*
 * ecc.c - P-256 and P-384 keys: the curves' names and constants, the
 * backend of a key (registry.h's default or one named), key generation
 * (FIPS 186-5 A.2.2), private and public key loading with full public key
 * validation (SEC 1 3.2.2.1), and SEC 1 point encodings (2.3.3, 2.3.4).
 * ECDSA is in ecdsa.c, ECDH in ecdh.c, the arithmetic in the backends.
 */
#include <string.h>

#include "ec/ecc.h"
#include "ember/bn.h"
#include "registry.h"

/* FIPS 186-5 / SP 800-186 3.2.1.3 and 3.2.1.4: p and n, big-endian */
static const uint8_t p256_p[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
};
static const uint8_t p256_n[32] = {
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51
};
static const uint8_t p384_p[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
	0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff
};
static const uint8_t p384_n[48] = {
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xc7, 0x63, 0x4d, 0x81, 0xf4, 0x37, 0x2d, 0xdf,
	0x58, 0x1a, 0x0d, 0xb2, 0x48, 0xb0, 0xa7, 0x7a, 0xec, 0xec, 0x19, 0x6a, 0xcc, 0xc5, 0x29, 0x73
};

static const ecc_curve curves[] = {
	{ EMBER_ECC_P256, "P-256", "p256", "sha256", 32, 256, p256_p, p256_n },
	{ EMBER_ECC_P384, "P-384", "p384", "sha384", 48, 384, p384_p, p384_n },
};

/* every name OpenSSL and the standards use, case-insensitively */
static const struct {
	const char *name;
	int id;
} curve_names[] = {
	{ "P-256", EMBER_ECC_P256 }, { "prime256v1", EMBER_ECC_P256 }, { "secp256r1", EMBER_ECC_P256 },
	{ "p256", EMBER_ECC_P256 }, { "nistp256", EMBER_ECC_P256 },
	{ "P-384", EMBER_ECC_P384 }, { "secp384r1", EMBER_ECC_P384 }, { "p384", EMBER_ECC_P384 },
	{ "nistp384", EMBER_ECC_P384 },
};

static int same_name(const char *a, const char *b)
{
	for (; *a && *b; a++, b++) {
		char x = *a >= 'A' && *a <= 'Z' ? (char)(*a + 32) : *a;
		char y = *b >= 'A' && *b <= 'Z' ? (char)(*b + 32) : *b;
		if (x != y)
			return 0;
	}
	return *a == *b;
}

int ember_ecc_curve_find(const char *name)
{
	size_t i;

	if (name == NULL)
		return 0;
	for (i = 0; i < sizeof(curve_names) / sizeof(curve_names[0]); i++)
		if (same_name(name, curve_names[i].name))
			return curve_names[i].id;
	return 0;
}

const ecc_curve *ember_ecc_curve_of(int curve)
{
	return curve == EMBER_ECC_P256 ? &curves[0] : curve == EMBER_ECC_P384 ? &curves[1] : NULL;
}

const char *ember_ecc_curve_name(int curve)
{
	const ecc_curve *c = ember_ecc_curve_of(curve);
	return c ? c->name : NULL;
}

size_t ember_ecc_curve_len(int curve)
{
	const ecc_curve *c = ember_ecc_curve_of(curve);
	return c ? c->len : 0;
}

const ecp_ops *ember_ecc_ops(const ember_ecc_key *k)
{
	static ember_pick pick256, pick384;
	const ember_ec_desc *d = k->impl;

	if (d == NULL) {
		if (k->curve == EMBER_ECC_P256)
			d = ember_ec_pick(&pick256, "p256");
		else if (k->curve == EMBER_ECC_P384)
			d = ember_ec_pick(&pick384, "p384");
	}
	return d != NULL ? (const ecp_ops *)d->ops : NULL;
}

int ember_ecc_lt(const uint8_t *a, const uint8_t *b, size_t len)
{
	unsigned borrow = 0;
	size_t i = len;

	while (i-- > 0)
		borrow = (((unsigned)a[i] - b[i] - borrow) >> 8) & 1;
	return (int)borrow;
}

int ember_ecc_is_zero(const uint8_t *a, size_t len)
{
	unsigned x = 0;
	size_t i;

	for (i = 0; i < len; i++)
		x |= a[i];
	return (int)(((x - 1) >> 8) & 1);
}

int ember_ecc_key_set_impl(ember_ecc_key *k, const ember_ec_desc *impl)
{
	const ecc_curve *c = ember_ecc_curve_of(k->curve);

	if (impl == NULL) {
		k->impl = NULL;
		return 0;
	}
	if (c == NULL || strcmp(impl->name, c->reg_name) != 0)
		return EMBER_EINVAL;
	if (!ember_ec_supported(impl))
		return EMBER_ENOTSUP;
	if (k->has_private) {
		/* the new backend must find the same Q: a cross-check of the two */
		uint8_t q[2 * EMBER_ECC_MAX_LEN];
		int same;
		((const ecp_ops *)impl->ops)->base_mul(q, k->d);
		EMBER_DECLASSIFY(q, 2 * c->len);
		same = memcmp(q, k->q, 2 * c->len) == 0;
		ember_wipe(q, sizeof(q));
		if (!same)
			return EMBER_EINTERNAL;
	}
	k->impl = impl;
	return 0;
}

static int key_start(ember_ecc_key *k, int curve, const ecc_curve **c, const ecp_ops **ops)
{
	memset(k, 0, sizeof(*k));
	*c = ember_ecc_curve_of(curve);
	if (*c == NULL)
		return EMBER_EINVAL;
	k->curve = curve;
	k->len = (*c)->len;
	*ops = ember_ecc_ops(k);
	return *ops != NULL ? 0 : EMBER_ENOTSUP;
}

int ember_ecc_key_from_private(ember_ecc_key *k, int curve, const uint8_t *d, size_t d_len)
{
	const ecc_curve *c;
	const ecp_ops *ops;
	int ret, ok;

	if ((ret = key_start(k, curve, &c, &ops)) != 0)
		return ret;
	if (d == NULL)
		return EMBER_EINVAL;
	/* leading zero bytes beyond the curve's length (the loop's bound is public) */
	while (d_len > c->len && d[0] == 0) {
		d++;
		d_len--;
	}
	if (d_len > c->len) {
		memset(k, 0, sizeof(*k));
		return EMBER_ERANGE;
	}
	memcpy(k->d + c->len - d_len, d, d_len);
	/* whether d is in [1, n-1] is public (a key is refused or not), d itself is not */
	ok = ember_ecc_lt(k->d, c->n, c->len) & (ember_ecc_is_zero(k->d, c->len) ^ 1);
	EMBER_DECLASSIFY(&ok, sizeof(ok));
	if (!ok) {
		ember_ecc_key_clear(k);
		return EMBER_ERANGE;
	}
	ops->base_mul(k->q, k->d);
	EMBER_DECLASSIFY(k->q, 2 * c->len);
	k->has_private = 1;
	return 0;
}

int ember_ecc_generate_key(ember_ecc_key *k, int curve)
{
	uint8_t nm1[EMBER_ECC_MAX_LEN], c1[EMBER_ECC_MAX_LEN];
	const ecc_curve *c;
	const ecp_ops *ops;
	int ret;

	if ((ret = key_start(k, curve, &c, &ops)) != 0)
		return ret;
	/* n - 1 (n is odd: only the last byte changes) */
	memcpy(nm1, c->n, c->len);
	nm1[c->len - 1]--;
	for (;;) {
		unsigned carry = 1;
		size_t i;
		int ok;

		/* A.2.2 steps 3-5: c of len bytes (the bit length is a multiple of 8); retry while c > n - 2 */
		if (ember_random_bytes(c1, c->len) != 0) {
			ember_wipe(c1, sizeof(c1));
			memset(k, 0, sizeof(*k));
			return EMBER_ERANDOM;
		}
		/* the ctgrind build checks what follows with the candidate secret */
		EMBER_CT_SECRET(c1, c->len);
		ok = ember_ecc_lt(c1, nm1, c->len);
		EMBER_DECLASSIFY(&ok, sizeof(ok));
		if (!ok)
			continue;
		/* step 6: d = c + 1 */
		for (i = c->len; i-- > 0;) {
			unsigned s = (unsigned)c1[i] + carry;
			k->d[i] = (uint8_t)s;
			carry = s >> 8;
		}
		break;
	}
	ember_wipe(c1, sizeof(c1));
	ops->base_mul(k->q, k->d);
	EMBER_DECLASSIFY(k->q, 2 * c->len);
	k->has_private = 1;
	return 0;
}

int ember_ecc_point_decode(const ecc_curve *c, const ecp_ops *ops, uint8_t *q, const uint8_t *in, size_t len)
{
	if (in == NULL || len == 0)
		return EMBER_EDECODE;
	if (in[0] == 0x04 && len == 1 + 2 * c->len) {
		memcpy(q, in + 1, 2 * c->len);
		return ops->on_curve(q) ? 0 : EMBER_ERANGE;
	}
	if ((in[0] == 0x02 || in[0] == 0x03) && len == 1 + c->len) {
		memcpy(q, in + 1, c->len);
		if (ops->decompress(q + c->len, q, in[0] & 1) != 0)
			return EMBER_ERANGE;
		return 0;
	}
	return EMBER_EDECODE;
}

int ember_ecc_key_from_public(ember_ecc_key *k, int curve, const uint8_t *point, size_t point_len)
{
	const ecc_curve *c;
	const ecp_ops *ops;
	int ret;

	if ((ret = key_start(k, curve, &c, &ops)) != 0)
		return ret;
	if ((ret = ember_ecc_point_decode(c, ops, k->q, point, point_len)) != 0)
		memset(k, 0, sizeof(*k));
	return ret;
}

int ember_ecc_key_public(const ember_ecc_key *k, int compressed, uint8_t *out, size_t cap, size_t *out_len)
{
	size_t n = compressed ? 1 + k->len : 1 + 2 * k->len;

	if (k->len == 0)
		return EMBER_EINVAL;
	if (out == NULL || cap < n)
		return EMBER_ELEN;
	if (compressed) {
		out[0] = (uint8_t)(0x02 | (k->q[2 * k->len - 1] & 1));
		memcpy(out + 1, k->q, k->len);
	} else {
		out[0] = 0x04;
		memcpy(out + 1, k->q, 2 * k->len);
	}
	if (out_len != NULL)
		*out_len = n;
	return 0;
}

void ember_ecc_key_clear(ember_ecc_key *k)
{
	ember_wipe(k, sizeof(*k));
}
