/*
 * key_25519.c - X25519 and Ed25519 keys in key files (RFC 8410): the
 * AlgorithmIdentifier is the OID alone (id-X25519 1.3.101.110, id-Ed25519
 * 1.3.101.112; parameters MUST be absent, section 3: present is
 * EMBER_EDECODE), the public key is its 32 bytes as the subjectPublicKey,
 * and PKCS#8's privateKey holds CurvePrivateKey, an OCTET STRING of the 32
 * private bytes (section 7). Any other length is EMBER_EDECODE. There is
 * no traditional form.
 *
 * Written as OpenSSL 3 writes them: PrivateKeyInfo version 0 without the
 * public key. OneAsymmetricKey version 1 with [1] publicKey (RFC 5958) is
 * read by der.c, which checks that the public key is this private key's.
 *
 * An X25519 private key is kept as stored, unclamped (ember_x25519 clamps
 * on use); an Ed25519 public key read from a file must pass
 * ember_ed25519_public_check (canonical, not of small order).
 */
#include "pk_impl.h"

/* id-X25519 1.3.101.110, id-Ed25519 1.3.101.112 (contents only) */
static const uint8_t oid_x25519[] = { 0x2b, 0x65, 0x6e };
static const uint8_t oid_ed25519[] = { 0x2b, 0x65, 0x70 };

/* CurvePrivateKey ::= OCTET STRING (32 bytes), nothing after it; no AlgorithmIdentifier parameters. */
static int read_priv32(ember_der params, ember_der priv, ember_der *key)
{
	int ret;

	if (params.len != 0)
		return EMBER_EDECODE;
	if ((ret = ember_der_get(&priv, EMBER_DER_OCTETSTRING, key)) != 0 || (ret = ember_der_end(&priv)) != 0)
		return ret;
	return key->len == 32 ? 0 : EMBER_EDECODE;
}

static int read_private_x(ember_pkey *k, ember_der params, ember_der priv)
{
	ember_der key;
	int ret = read_priv32(params, priv, &key);

	if (ret != 0)
		return ret;
	memcpy(k->u.x25519.priv, key.p, 32);
	if ((ret = ember_x25519_public_key(k->u.x25519.pub, k->u.x25519.priv)) != 0)
		return ret;
	k->type = EMBER_PKEY_X25519;
	k->has_private = 1;
	return 0;
}

static int read_private_ed(ember_pkey *k, ember_der params, ember_der priv)
{
	ember_der key;
	int ret = read_priv32(params, priv, &key);

	if (ret != 0 || (ret = ember_ed25519_keypair(&k->u.ed25519, key.p)) != 0)
		return ret;
	k->type = EMBER_PKEY_ED25519;
	k->has_private = 1;
	return 0;
}

static int read_public_x(ember_pkey *k, ember_der params, ember_der pub)
{
	if (params.len != 0 || pub.len != 32)
		return EMBER_EDECODE;
	/* any 32 bytes are an X25519 public key (RFC 7748 5) */
	memcpy(k->u.x25519.pub, pub.p, 32);
	k->type = EMBER_PKEY_X25519;
	k->has_private = 0;
	return 0;
}

static int read_public_ed(ember_pkey *k, ember_der params, ember_der pub)
{
	int ret;

	if (params.len != 0 || pub.len != 32)
		return EMBER_EDECODE;
	if ((ret = ember_ed25519_public_check(pub.p)) != 0)
		return ret;
	memcpy(k->u.ed25519.pub, pub.p, 32);
	k->type = EMBER_PKEY_ED25519;
	k->has_private = 0;
	return 0;
}

static void write_params(ember_der_out *o, const ember_pkey *k)
{
	(void)o;
	(void)k;
}

static void write_private_x(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put_prim(o, EMBER_DER_OCTETSTRING, k->u.x25519.priv, 32);
}

static void write_private_ed(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put_prim(o, EMBER_DER_OCTETSTRING, k->u.ed25519.seed, 32);
}

static void write_public_x(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put(o, k->u.x25519.pub, 32);
}

static void write_public_ed(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put(o, k->u.ed25519.pub, 32);
}

/* EVP_PKEY_get_bits: X25519_BITS 253, ED25519_BITS 256 */
static unsigned bits_x(const ember_pkey *k)
{
	(void)k;
	return 253;
}

static unsigned bits_ed(const ember_pkey *k)
{
	(void)k;
	return 256;
}

static int can_write_private(const ember_pkey *k)
{
	(void)k;
	return 1;
}

const ember_pkey_kind ember_pkey_kind_x25519 = {
	EMBER_PKEY_X25519, "X25519", oid_x25519, sizeof(oid_x25519), NULL, NULL, NULL,
	read_private_x, read_public_x, NULL, NULL, NULL,
	write_params, write_private_x, write_public_x, NULL, NULL, NULL,
	bits_x, can_write_private,
};

const ember_pkey_kind ember_pkey_kind_ed25519 = {
	EMBER_PKEY_ED25519, "ED25519", oid_ed25519, sizeof(oid_ed25519), NULL, NULL, NULL,
	read_private_ed, read_public_ed, NULL, NULL, NULL,
	write_params, write_private_ed, write_public_ed, NULL, NULL, NULL,
	bits_ed, can_write_private,
};
