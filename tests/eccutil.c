/*
 * eccutil.c - helpers of the P-256/P-384 tests (see eccutil.h).
 */
#include <ctype.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "eccutil.h"

size_t ecc_backends(int curve, const ember_ec_desc **out, size_t max)
{
	const char *name = curve == EMBER_ECC_P256 ? "p256" : "p384";
	size_t i, n = 0;

	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		if (strcmp(d->name, name) == 0 && ember_ec_supported(d) && n < max)
			out[n++] = d;
	}
	return n;
}

const ember_hash_desc *ecc_hash(const char *name)
{
	char buf[32];
	size_t i, j = 0;

	for (i = 0; name[i] && j + 1 < sizeof(buf); i++)
		if (name[i] != '-')
			buf[j++] = (char)tolower((unsigned char)name[i]);
	buf[j] = 0;
	return ember_hash_find(buf, NULL);
}

/* id-ecPublicKey 1.2.840.10045.2.1; prime256v1 1.2.840.10045.3.1.7; secp384r1 1.3.132.0.34 */
static const uint8_t oid_ec[] = { 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
static const uint8_t oid_p256[] = { 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
static const uint8_t oid_p384[] = { 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x22 };

static size_t put(uint8_t *out, const void *p, size_t n)
{
	memcpy(out, p, n);
	return n;
}

/* tag and a length below 256 */
static size_t hdr(uint8_t *out, int tag, size_t len)
{
	out[0] = (uint8_t)tag;
	if (len < 0x80) {
		out[1] = (uint8_t)len;
		return 2;
	}
	out[1] = 0x81;
	out[2] = (uint8_t)len;
	return 3;
}

static const uint8_t *curve_oid(int curve, size_t *len)
{
	*len = curve == EMBER_ECC_P256 ? sizeof(oid_p256) : sizeof(oid_p384);
	return curve == EMBER_ECC_P256 ? oid_p256 : oid_p384;
}

size_t ecc_spki(uint8_t *out, int curve, const uint8_t *q)
{
	size_t len = ember_ecc_curve_len(curve), ol, n = 0, inner;
	const uint8_t *oid = curve_oid(curve, &ol);
	uint8_t body[160];

	n += hdr(body + n, 0x30, sizeof(oid_ec) + ol);
	n += put(body + n, oid_ec, sizeof(oid_ec));
	n += put(body + n, oid, ol);
	n += hdr(body + n, 0x03, 2 + 2 * len);
	body[n++] = 0;
	body[n++] = 4;
	n += put(body + n, q, 2 * len);
	inner = hdr(out, 0x30, n);
	memcpy(out + inner, body, n);
	return inner + n;
}

size_t ecc_sec1(uint8_t *out, int curve, const uint8_t *d, const uint8_t *q)
{
	size_t len = ember_ecc_curve_len(curve), ol, n = 0, h;
	const uint8_t *oid = curve_oid(curve, &ol);
	uint8_t body[200];

	n += put(body + n, "\x02\x01\x01", 3);
	n += hdr(body + n, 0x04, len);
	n += put(body + n, d, len);
	n += hdr(body + n, 0xa0, ol);
	n += put(body + n, oid, ol);
	n += hdr(body + n, 0xa1, (2 + 2 * len) + 2 + (2 + 2 * len >= 0x80)); /* the BIT STRING, header included */
	n += hdr(body + n, 0x03, 2 + 2 * len);
	body[n++] = 0;
	body[n++] = 4;
	n += put(body + n, q, 2 * len);
	h = hdr(out, 0x30, n);
	memcpy(out + h, body, n);
	return h + n;
}

/* one strict DER element (lengths below 2^16) */
static int get(const uint8_t **p, const uint8_t *end, int tag, const uint8_t **v, size_t *vl)
{
	const uint8_t *q = *p;
	size_t len;

	if (end - q < 2 || q[0] != tag)
		return -1;
	len = q[1];
	q += 2;
	if (len == 0x81) {
		if (end - q < 1 || q[0] < 0x80)
			return -1;
		len = q[0];
		q++;
	} else if (len == 0x82) {
		if (end - q < 2 || q[0] == 0)
			return -1;
		len = (size_t)q[0] << 8 | q[1];
		q += 2;
	} else if (len & 0x80) {
		return -1;
	}
	if ((size_t)(end - q) < len)
		return -1;
	*v = q;
	*vl = len;
	*p = q + len;
	return 0;
}

int ecc_spki_point(const uint8_t *der, size_t len, int *curve, const uint8_t **point, size_t *point_len)
{
	const uint8_t *p = der, *end = der + len, *seq, *alg, *oid, *bits;
	size_t sl, al, ol, bl;

	*curve = 0;
	if (get(&p, end, 0x30, &seq, &sl) != 0 || p != end)
		return -1;
	p = seq;
	end = seq + sl;
	if (get(&p, end, 0x30, &alg, &al) != 0 || get(&p, end, 0x03, &bits, &bl) != 0 || p != end)
		return -1;
	/* AlgorithmIdentifier { id-ecPublicKey, namedCurve OID }: nothing else */
	if (al < sizeof(oid_ec) || memcmp(alg, oid_ec, sizeof(oid_ec)) != 0)
		return -1;
	p = alg + sizeof(oid_ec);
	end = alg + al;
	if (get(&p, end, 0x06, &oid, &ol) != 0 || p != end)
		return -1;
	if (ol + 2 == sizeof(oid_p256) && memcmp(oid - 2, oid_p256, sizeof(oid_p256)) == 0)
		*curve = EMBER_ECC_P256;
	else if (ol + 2 == sizeof(oid_p384) && memcmp(oid - 2, oid_p384, sizeof(oid_p384)) == 0)
		*curve = EMBER_ECC_P384;
	/* BIT STRING without unused bits */
	if (bl < 1 || bits[0] != 0)
		return -1;
	*point = bits + 1;
	*point_len = bl - 1;
	return 0;
}

static ecc_ossl ecc_api;
static int ecc_state;

const ecc_ossl *ecc_ossl_load(char *err, size_t err_len)
{
	if (ecc_state == 0) {
		ecc_state = -1;
		ecc_api.o = ossl_load(err, err_len);
		if (ecc_api.o == NULL)
			return NULL;
		*(void **)(&ecc_api.d2i_PUBKEY) = dlsym(ecc_api.o->handle, "d2i_PUBKEY");
		*(void **)(&ecc_api.d2i_PrivateKey) = dlsym(ecc_api.o->handle, "d2i_PrivateKey");
		*(void **)(&ecc_api.EVP_PKEY_derive_init) = dlsym(ecc_api.o->handle, "EVP_PKEY_derive_init");
		*(void **)(&ecc_api.EVP_PKEY_derive_set_peer) = dlsym(ecc_api.o->handle, "EVP_PKEY_derive_set_peer");
		*(void **)(&ecc_api.EVP_PKEY_derive) = dlsym(ecc_api.o->handle, "EVP_PKEY_derive");
		if (ecc_api.d2i_PUBKEY == NULL || ecc_api.d2i_PrivateKey == NULL || ecc_api.EVP_PKEY_derive == NULL ||
		    ecc_api.EVP_PKEY_derive_init == NULL || ecc_api.EVP_PKEY_derive_set_peer == NULL ||
		    ecc_api.o->EVP_PKEY_CTX_new == NULL || ecc_api.o->EVP_PKEY_sign == NULL ||
		    ecc_api.o->EVP_PKEY_verify == NULL) {
			snprintf(err, err_len, "%s: EC symbols missing", ecc_api.o->path);
			return NULL;
		}
		ecc_state = 1;
	} else if (ecc_state < 0) {
		snprintf(err, err_len, "libcrypto or its EC calls unavailable");
	}
	return ecc_state == 1 ? &ecc_api : NULL;
}

void *ecc_ossl_public(const ecc_ossl *e, const ember_ecc_key *k)
{
	uint8_t der[192];
	const unsigned char *p = der;
	size_t n = ecc_spki(der, k->curve, k->q);

	return e->d2i_PUBKEY(NULL, &p, (long)n);
}

void *ecc_ossl_private(const ecc_ossl *e, const ember_ecc_key *k)
{
	uint8_t der[256];
	const unsigned char *p = der;
	size_t n = ecc_sec1(der, k->curve, k->d, k->q);

	return e->d2i_PrivateKey(408 /* EVP_PKEY_EC */, NULL, &p, (long)n);
}
