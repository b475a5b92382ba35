/*
 * key_mlkem.c - ML-KEM-512, -768 and -1024 keys in key files (RFC 9935,
 * draft-ietf-lamps-kyber-certificates): the AlgorithmIdentifier is the OID
 * alone (id-alg-ml-kem-512/768/1024, 2.16.840.1.101.3.4.4.1/2/3;
 * parameters MUST be absent, section 3: present is EMBER_EDECODE), the
 * subjectPublicKey is the raw encapsulation key ek (section 4), and
 * PKCS#8's privateKey holds (section 6, module DEFINITIONS IMPLICIT TAGS)
 *
 *   ML-KEM-PrivateKey ::= CHOICE {
 *     seed [0] OCTET STRING (SIZE (64)),
 *     expandedKey OCTET STRING (SIZE (1632 | 2400 | 3168)),
 *     both SEQUENCE {
 *       seed OCTET STRING (SIZE (64)),
 *       expandedKey OCTET STRING (SIZE (1632 | 2400 | 3168)) } }
 *
 * with the set's sizes only (anything else is EMBER_EDECODE). All three
 * are read. The seed d || z is expanded (FIPS 203 ML-KEM.KeyGen_internal,
 * Algorithm 16). "both" must hold the seed's expanded key (section 8's
 * seed consistency check: EMBER_ERANGE otherwise). An expanded key alone
 * must pass FIPS 203 7.3's hash check (the H(ek) stored in dk is the hash
 * of the ek stored beside it) and 7.2's modulus check of that ek: either
 * failing is EMBER_ERANGE, a key that is not consistent, as a "both" whose
 * halves differ (the library's EMBER_EDECODE for the hash check would read
 * as "not a key file" here). A public key must pass the modulus check
 * (EMBER_ERANGE), as OpenSSL 3.5 checks it when it decodes one.
 *
 * Written: the seed when it is known, else the expanded key (keys.h says
 * why not OpenSSL 3.5's default "both"). There is no traditional form.
 */
#include "pk_impl.h"

/* id-alg-ml-kem-512/768/1024 (NIST kems 1, 2, 3; contents only) */
static const uint8_t oid_512[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x01 };
static const uint8_t oid_768[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x02 };
static const uint8_t oid_1024[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x04, 0x03 };

#define DER_SEED 0x80 /* seed [0] IMPLICIT OCTET STRING */

/* ek sits in dk after dk_PKE (384 k bytes: ByteEncode12 of s^); H(ek) and z follow it */
#define DK_EK_OFF(set) ((size_t)384 * ((size_t)(set) / 256))

static int type_of(int set)
{
	return set == EMBER_MLKEM512 ? EMBER_PKEY_MLKEM512 : set == EMBER_MLKEM768 ? EMBER_PKEY_MLKEM768
	                                                                          : EMBER_PKEY_MLKEM1024;
}

static int set_of(const ember_pkey *k)
{
	return k->u.mlkem.set;
}

static int from_seed(ember_pkey *k, int set, const uint8_t *seed)
{
	ember_mlkem_pkey *m = &k->u.mlkem;
	int ret;

	memcpy(m->seed, seed, EMBER_MLKEM_SEED_LEN);
	ret = ember_mlkem_keygen_seed(set, m->ek, EMBER_MLKEM_EK_LEN(set), m->dk, EMBER_MLKEM_DK_LEN(set), m->seed);
	m->has_seed = 1;
	return ret;
}

/* An expanded key alone: FIPS 203 7.3's hash check and 7.2's modulus check of the ek inside; ek copied out. */
static int from_expanded(ember_pkey *k, int set, const uint8_t *dk)
{
	ember_mlkem_pkey *m = &k->u.mlkem;
	size_t dk_len = EMBER_MLKEM_DK_LEN(set), ek_len = EMBER_MLKEM_EK_LEN(set);
	int ret;

	memcpy(m->dk, dk, dk_len);
	ret = ember_mlkem_check_dk(set, m->dk, dk_len);
	if (ret == 0)
		ret = ember_mlkem_check_ek(set, m->dk + DK_EK_OFF(set), ek_len);
	if (ret == EMBER_EDECODE || ret == EMBER_ERANGE)
		return EMBER_ERANGE; /* not a consistent key */
	if (ret == 0)
		memcpy(m->ek, m->dk + DK_EK_OFF(set), ek_len);
	return ret;
}

static int read_private(ember_pkey *k, ember_der params, ember_der priv, int set)
{
	ember_mlkem_pkey *m = &k->u.mlkem;
	size_t dk_len = EMBER_MLKEM_DK_LEN(set);
	ember_der seed, dk, both;
	int ret;

	if (params.len != 0)
		return EMBER_EDECODE;
	m->set = set;
	switch (ember_der_peek(&priv)) {
	case DER_SEED:
		if ((ret = ember_der_get(&priv, DER_SEED, &seed)) != 0 || (ret = ember_der_end(&priv)) != 0)
			return ret;
		if (seed.len != EMBER_MLKEM_SEED_LEN)
			return EMBER_EDECODE;
		ret = from_seed(k, set, seed.p);
		break;
	case EMBER_DER_OCTETSTRING:
		if ((ret = ember_der_get(&priv, EMBER_DER_OCTETSTRING, &dk)) != 0 || (ret = ember_der_end(&priv)) != 0)
			return ret;
		if (dk.len != dk_len)
			return EMBER_EDECODE;
		ret = from_expanded(k, set, dk.p);
		break;
	case EMBER_DER_SEQUENCE:
		if ((ret = ember_der_get(&priv, EMBER_DER_SEQUENCE, &both)) != 0 || (ret = ember_der_end(&priv)) != 0 ||
		    (ret = ember_der_get(&both, EMBER_DER_OCTETSTRING, &seed)) != 0 ||
		    (ret = ember_der_get(&both, EMBER_DER_OCTETSTRING, &dk)) != 0 || (ret = ember_der_end(&both)) != 0)
			return ret;
		if (seed.len != EMBER_MLKEM_SEED_LEN || dk.len != dk_len)
			return EMBER_EDECODE;
		/* section 8: the expanded key must be the seed's (compared in constant time: it is secret) */
		if ((ret = from_seed(k, set, seed.p)) == 0 && !ember_memeq(m->dk, dk.p, dk_len))
			ret = EMBER_ERANGE;
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
	int ret;

	if (params.len != 0 || pub.len != EMBER_MLKEM_EK_LEN(set))
		return EMBER_EDECODE;
	/* FIPS 203 7.2: every ByteDecode12 coefficient below q */
	if ((ret = ember_mlkem_check_ek(set, pub.p, pub.len)) != 0)
		return ret == EMBER_ERANGE ? EMBER_ERANGE : EMBER_EDECODE;
	k->u.mlkem.set = set;
	memcpy(k->u.mlkem.ek, pub.p, pub.len);
	k->type = type_of(set);
	k->has_private = 0;
	return 0;
}

static int read_private_512(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLKEM512);
}

static int read_private_768(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLKEM768);
}

static int read_private_1024(ember_pkey *k, ember_der params, ember_der priv)
{
	return read_private(k, params, priv, EMBER_MLKEM1024);
}

static int read_public_512(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLKEM512);
}

static int read_public_768(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLKEM768);
}

static int read_public_1024(ember_pkey *k, ember_der params, ember_der pub)
{
	return read_public(k, params, pub, EMBER_MLKEM1024);
}

static void write_params(ember_der_out *o, const ember_pkey *k)
{
	(void)o;
	(void)k;
}

static void write_private(ember_der_out *o, const ember_pkey *k)
{
	const ember_mlkem_pkey *m = &k->u.mlkem;

	if (m->has_seed)
		ember_der_put_prim(o, DER_SEED, m->seed, EMBER_MLKEM_SEED_LEN);
	else
		ember_der_put_prim(o, EMBER_DER_OCTETSTRING, m->dk, EMBER_MLKEM_DK_LEN(set_of(k)));
}

static void write_public(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put(o, k->u.mlkem.ek, EMBER_MLKEM_EK_LEN(set_of(k)));
}

/* OpenSSL 3.5's EVP_PKEY_get_bits: the set's number (ML_KEM_768_BITS is 768; its security bits are 128, 192, 256) */
static unsigned bits(const ember_pkey *k)
{
	return (unsigned)set_of(k);
}

static int can_write_private(const ember_pkey *k)
{
	(void)k;
	return 1;
}

const ember_pkey_kind ember_pkey_kind_mlkem512 = {
	EMBER_PKEY_MLKEM512, "ML-KEM-512", oid_512, sizeof(oid_512), NULL, NULL, NULL,
	read_private_512, read_public_512, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};

const ember_pkey_kind ember_pkey_kind_mlkem768 = {
	EMBER_PKEY_MLKEM768, "ML-KEM-768", oid_768, sizeof(oid_768), NULL, NULL, NULL,
	read_private_768, read_public_768, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};

const ember_pkey_kind ember_pkey_kind_mlkem1024 = {
	EMBER_PKEY_MLKEM1024, "ML-KEM-1024", oid_1024, sizeof(oid_1024), NULL, NULL, NULL,
	read_private_1024, read_public_1024, NULL, NULL, NULL,
	write_params, write_private, write_public, NULL, NULL, NULL,
	bits, can_write_private,
};
