/*
 * key_mldsa.c - ML-DSA-44, -65 and -87 keys in key files (RFC 9881): the
 * AlgorithmIdentifier is the OID alone (id-ml-dsa-44/65/87,
 * 2.16.840.1.101.3.4.3.17/18/19; parameters MUST be absent, section 2:
 * present is EMBER_EDECODE), the subjectPublicKey is the raw public key
 * (pkEncode, section 4), and PKCS#8's privateKey holds (section 6)
 *
 *   ML-DSA-PrivateKey ::= CHOICE {
 *     seed [0] IMPLICIT OCTET STRING (SIZE (32)),
 *     expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896)),
 *     both SEQUENCE {
 *       seed OCTET STRING (SIZE (32)),
 *       expandedKey OCTET STRING (SIZE (2560 | 4032 | 4896)) } }
 *
 * with the set's sizes only (anything else is EMBER_EDECODE). All three
 * are read: the seed is expanded (FIPS 204 KeyGen_internal); "both" must
 * hold the seed's expanded key (EMBER_ERANGE otherwise, as a OneAsymmetricKey
 * publicKey that is not the private key's); an expanded key alone gets its
 * public key computed from it, which also checks that it is consistent
 * (ember_mldsa_public_from_private: EMBER_ERANGE, EMBER_EDECODE).
 *
 * Written: the seed when it is known, else the expanded key (keys.h says
 * why not OpenSSL 3.5's default "both"). There is no traditional form.
 */
#include "pk_impl.h"

/* id-ml-dsa-44/65/87 (NIST sigAlgs 17, 18, 19; contents only) */
static const uint8_t oid_44[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11 };
static const uint8_t oid_65[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12 };
static const uint8_t oid_87[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13 };

#define DER_SEED 0x80 /* seed [0] IMPLICIT OCTET STRING */

static int type_of(int set)
{
	return set == EMBER_MLDSA44 ? EMBER_PKEY_MLDSA44 : set == EMBER_MLDSA65 ? EMBER_PKEY_MLDSA65 : EMBER_PKEY_MLDSA87;
}

static int set_of(const ember_pkey *k)
{
	return k->u.mldsa.set;
}

static int from_seed(ember_pkey *k, int set, const uint8_t *seed)
{
	ember_mldsa_pkey *m = &k->u.mldsa;
	int ret;

	memcpy(m->seed, seed, EMBER_MLDSA_SEED_LEN);
	ret = ember_mldsa_keygen_seed(set, m->pk, EMBER_MLDSA_PK_LEN(set), m->sk, EMBER_MLDSA_SK_LEN(set), m->seed);
	m->has_seed = 1;
	return ret;
}

static int read_private(ember_pkey *k, ember_der params, ember_der priv, int set)
{
	ember_mldsa_pkey *m = &k->u.mldsa;
	size_t sk_len = EMBER_MLDSA_SK_LEN(set);
	ember_der seed, sk, both;
	int ret;

	if (params.len != 0)
		return EMBER_EDECODE;
	m->set = set;
	switch (ember_der_peek(&priv)) {
	case DER_SEED:
		if ((ret = ember_der_get(&priv, DER_SEED, &seed)) != 0 || (ret = ember_der_end(&priv)) != 0)
			return ret;
		if (seed.len != EMBER_MLDSA_SEED_LEN)
			return EMBER_EDECODE;
		ret = from_seed(k, set, seed.p);
		break;
	case EMBER_DER_OCTETSTRING:
		if ((ret = ember_der_get(&priv, EMBER_DER_OCTETSTRING, &sk)) != 0 || (ret = ember_der_end(&priv)) != 0)
			return ret;
		if (sk.len != sk_len)
			return EMBER_EDECODE;
		memcpy(m->sk, sk.p, sk_len);
		ret = ember_mldsa_public_from_private(set, m->pk, EMBER_MLDSA_PK_LEN(set), m->sk, sk_len);
		break;
	case EMBER_DER_SEQUENCE:
		if ((ret = ember_der_get(&priv, EMBER_DER_SEQUENCE, &both)) != 0 || (ret = ember_der_end(&priv)) != 0 ||
		    (ret = ember_der_get(&both, EMBER_DER_OCTETSTRING, &seed)) != 0 ||
		    (ret = ember_der_get(&both, EMBER_DER_OCTETSTRING, &sk)) != 0 || (ret = ember_der_end(&both)) != 0)
			return ret;
		if (seed.len != EMBER_MLDSA_SEED_LEN || sk.len != sk_len)
			return EMBER_EDECODE;
		if ((ret = from_seed(k, set, seed.p)) == 0 && !ember_memeq(m->sk, sk.p, sk_len))
			ret = EMBER_ERANGE; /* the expanded key is not the seed's */
		break;
	default:
		return EMBER_EDECODE;
	}
	if (ret != 0)
		return ret;
	k->type = type_of(set);
	k->has_private = 1;
	return 0;
}

static int read_public(ember_pkey *k, ember_der params, ember_der pub, int set)
{
	if (params.len != 0 || pub.len != EMBER_MLDSA_PK_LEN(set))
		return EMBER_EDECODE;
	/* any bytes of the length are a public key: pkDecode takes t1 mod 2^10 as it comes */
	k->u.mldsa.set = set;
	memcpy(k->u.mldsa.pk, pub.p, pub.len);
	k->type = type_of(set);
	k->has_private = 0;
	return 0;
}

static int read_private_44(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLDSA44);
}

static int read_private_65(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLDSA65);
}

static int read_private_87(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLDSA87);
}

static int read_public_44(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLDSA44);
}

static int read_public_65(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLDSA65);
}

static int read_public_87(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLDSA87);
}

static void write_params(ember_der_out *o, const ember_pkey *k)
{
	(void)o;
	(void)k;
}

static void write_private(ember_der_out *o, const ember_pkey *k)
{
	const ember_mldsa_pkey *m = &k->u.mldsa;

	if (m->has_seed)
		ember_der_put_prim(o, DER_SEED, m->seed, EMBER_MLDSA_SEED_LEN);
	else
		ember_der_put_prim(o, EMBER_DER_OCTETSTRING, m->sk, EMBER_MLDSA_SK_LEN(set_of(k)));
}

static void write_public(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put(o, k->u.mldsa.pk, EMBER_MLDSA_PK_LEN(set_of(k)));
}

/* OpenSSL 3.5's EVP_PKEY_get_bits: 8 times the public key's length */
static unsigned bits(const ember_pkey *k)
{
	return 8u * EMBER_MLDSA_PK_LEN(set_of(k));
}

static int can_write_private(const ember_pkey *k)
{
	(void)k;
	return 1;
}

const ember_pkey_kind ember_pkey_kind_mldsa44 = {
	EMBER_PKEY_MLDSA44, "ML-DSA-44", oid_44, sizeof(oid_44), NULL, NULL, NULL,
	read_private_44, read_public_44, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};

const ember_pkey_kind ember_pkey_kind_mldsa65 = {
	EMBER_PKEY_MLDSA65, "ML-DSA-65", oid_65, sizeof(oid_65), NULL, NULL, NULL,
	read_private_65, read_public_65, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};

const ember_pkey_kind ember_pkey_kind_mldsa87 = {
	EMBER_PKEY_MLDSA87, "ML-DSA-87", oid_87, sizeof(oid_87), NULL, NULL, NULL,
	read_private_87, read_public_87, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};
