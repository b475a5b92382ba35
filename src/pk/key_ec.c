/*
 * key_ec.c - EC keys in key files, on the named curves P-256 and P-384:
 * id-ecPublicKey with a namedCurve (RFC 5480 2.1.1), the public key as a
 * SEC 1 point in SubjectPublicKeyInfo, the private key as ECPrivateKey
 * (RFC 5915 3, SEC 1 C.4) inside PKCS#8 or alone as "EC PRIVATE KEY", and
 * "EC PARAMETERS" (the curve's OID alone).
 *
 * Written exactly as OpenSSL 3 writes them: the point uncompressed; d as
 * an OCTET STRING of the curve's length; in PKCS#8 the ECPrivateKey with
 * [1] publicKey but without [0] parameters (the AlgorithmIdentifier has
 * them), in "EC PRIVATE KEY" with both.
 *
 * Read strictly: d exactly the curve's length (else EMBER_EDECODE) and in
 * [1, n-1] (else EMBER_ERANGE); a [1] publicKey, compressed or not, must be
 * a valid point equal to d G (else EMBER_ERANGE: the structure is right,
 * the key is not); a [0] inside PKCS#8 must name the AlgorithmIdentifier's
 * curve. Explicit curve parameters (an ECParameters SEQUENCE, or
 * implicitCA's NULL) and named curves other than these two are
 * EMBER_ENOTSUP.
 */
#include "pk_impl.h"

/* id-ecPublicKey 1.2.840.10045.2.1 (contents only) */
static const uint8_t oid_ec[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
/* prime256v1 1.2.840.10045.3.1.7, secp384r1 1.3.132.0.34 */
static const uint8_t oid_p256[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
static const uint8_t oid_p384[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };

/*
 * ECParameters (RFC 5480 2.1.1: namedCurve OID, or the specifiedCurve
 * SEQUENCE / implicitCA NULL that RFC 5480 forbids) and nothing after it.
 */
static int read_curve(ember_der d, int *curve)
{
	ember_der oid;
	int ret, tag = ember_der_peek(&d);

	if (tag == EMBER_DER_SEQUENCE || tag == EMBER_DER_NULL)
		return EMBER_ENOTSUP; /* explicit parameters, implicitCA */
	if ((ret = ember_der_get(&d, EMBER_DER_OID, &oid)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if (ember_der_oid_is(&oid, oid_p256, sizeof(oid_p256)))
		*curve = EMBER_ECC_P256;
	else if (ember_der_oid_is(&oid, oid_p384, sizeof(oid_p384)))
		*curve = EMBER_ECC_P384;
	else
		return EMBER_ENOTSUP; /* another named curve */
	return 0;
}

/*
 * ECPrivateKey: SEQUENCE { INTEGER 1, OCTET STRING d, [0] ECParameters
 * OPTIONAL, [1] BIT STRING publicKey OPTIONAL }. |curve| is the
 * AlgorithmIdentifier's (PKCS#8), or 0 when [0] must give it ("EC PRIVATE KEY").
 */
static int read_ecpk(ember_pkey *k, ember_der d, int curve)
{
	ember_der seq, priv, params, pubw, pub;
	int ret, c = 0;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if ((ret = ember_der_small(&seq, 1)) != 0 || (ret = ember_der_get(&seq, EMBER_DER_OCTETSTRING, &priv)) != 0)
		return ret;
	if (ember_der_peek(&seq) == EMBER_DER_CTX0) {
		if ((ret = ember_der_get(&seq, EMBER_DER_CTX0, &params)) != 0 || (ret = read_curve(params, &c)) != 0)
			return ret;
		if (curve != 0 && c != curve)
			return EMBER_EDECODE; /* two different curves */
		curve = c;
	}
	if (curve == 0)
		return EMBER_EDECODE; /* no curve at all */
	pub.len = 0;
	if (ember_der_peek(&seq) == EMBER_DER_CTX1) {
		if ((ret = ember_der_get(&seq, EMBER_DER_CTX1, &pubw)) != 0 ||
		    (ret = ember_der_get(&pubw, EMBER_DER_BITSTRING, &pub)) != 0 || (ret = ember_der_end(&pubw)) != 0)
			return ret;
		if (pub.len < 2 || pub.p[0] != 0)
			return EMBER_EDECODE; /* empty, or unused bits */
		pub.p++;
		pub.len--;
	}
	if ((ret = ember_der_end(&seq)) != 0)
		return ret;
	/* RFC 5915 3: d is ceiling(log2(n) / 8) octets, as OpenSSL writes it */
	if (priv.len != ember_ecc_curve_len(curve))
		return EMBER_EDECODE;
	if ((ret = ember_ecc_key_from_private(&k->u.ec, curve, priv.p, priv.len)) != 0)
		return ret;
	if (pub.len != 0) {
		ember_ecc_key q;
		ret = ember_ecc_key_from_public(&q, curve, pub.p, pub.len);
		if (ret == 0 && memcmp(q.q, k->u.ec.q, 2 * q.len) != 0)
			ret = EMBER_ERANGE; /* a public key that is not d G */
		if (ret != 0)
			return ret;
	}
	k->type = EMBER_PKEY_EC;
	k->has_private = 1;
	return 0;
}

static int read_trad(ember_pkey *k, ember_der d)
{
	return read_ecpk(k, d, 0);
}

static int read_private(ember_pkey *k, ember_der params, ember_der priv)
{
	int curve = 0, ret = read_curve(params, &curve);

	return ret != 0 ? ret : read_ecpk(k, priv, curve);
}

static int read_public(ember_pkey *k, ember_der params, ember_der pub)
{
	int curve = 0, ret = read_curve(params, &curve);

	if (ret != 0 || (ret = ember_ecc_key_from_public(&k->u.ec, curve, pub.p, pub.len)) != 0)
		return ret;
	k->type = EMBER_PKEY_EC;
	k->has_private = 0;
	return 0;
}

/* "EC PARAMETERS": the namedCurve OID alone (what `openssl ecparam -name prime256v1` writes). */
static int read_paramfile(ember_pkey *k, ember_der d)
{
	int curve = 0, ret;

	if (ember_der_peek(&d) != EMBER_DER_OID && ember_der_peek(&d) != EMBER_DER_NULL) {
		ember_der seq, tmp = d;
		/* a SEQUENCE is explicit parameters only when it starts with its version: else not ours (Dss-Parms) */
		if (ember_der_get(&tmp, EMBER_DER_SEQUENCE, &seq) != 0 || ember_der_small(&seq, 1) != 0)
			return EMBER_EDECODE;
	}
	if ((ret = read_curve(d, &curve)) != 0)
		return ret;
	k->type = EMBER_PKEY_EC;
	k->u.ec.curve = curve;
	k->u.ec.len = ember_ecc_curve_len(curve);
	k->has_private = 0;
	k->params_only = 1;
	return 0;
}

static void write_curve(ember_der_out *o, const ember_pkey *k)
{
	if (k->u.ec.curve == EMBER_ECC_P256)
		ember_der_put_prim(o, EMBER_DER_OID, oid_p256, sizeof(oid_p256));
	else if (k->u.ec.curve == EMBER_ECC_P384)
		ember_der_put_prim(o, EMBER_DER_OID, oid_p384, sizeof(oid_p384));
	else
		o->err = EMBER_EINVAL;
}

static void write_public(ember_der_out *o, const ember_pkey *k)
{
	uint8_t pt[EMBER_ECC_MAX_POINT_LEN];
	size_t n;

	if (ember_ecc_key_public(&k->u.ec, 0, pt, sizeof(pt), &n) != 0) {
		o->err = EMBER_EINVAL;
		return;
	}
	ember_der_put(o, pt, n);
}

/* ECPrivateKey, with [0] parameters when |params| (the traditional form) */
static void write_ecpk(ember_der_out *o, const ember_pkey *k, int params)
{
	static const uint8_t zero = 0;
	EMBER_DER_SCRATCH(seq);
	EMBER_DER_SCRATCH(ctx);
	EMBER_DER_SCRATCH(bits);

	ember_der_put_small(&seq, 1);
	ember_der_put_prim(&seq, EMBER_DER_OCTETSTRING, k->u.ec.d, k->u.ec.len);
	if (params) {
		write_curve(&ctx, k);
		ember_der_put_wrapped(&seq, EMBER_DER_CTX0, &ctx);
		ctx.len = 0;
	}
	ember_der_put(&bits, &zero, 1);
	write_public(&bits, k);
	ember_der_put_wrapped(&ctx, EMBER_DER_BITSTRING, &bits);
	ember_der_put_wrapped(&seq, EMBER_DER_CTX1, &ctx);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
	ember_wipe(seq_buf, sizeof(seq_buf));
}

static void write_private(ember_der_out *o, const ember_pkey *k)
{
	write_ecpk(o, k, 0);
}

static void write_trad(ember_der_out *o, const ember_pkey *k)
{
	write_ecpk(o, k, 1);
}

static unsigned bits(const ember_pkey *k)
{
	return 8 * (unsigned)ember_ecc_curve_len(k->u.ec.curve);
}

static int can_write_private(const ember_pkey *k)
{
	return k->u.ec.has_private;
}

const ember_pkey_kind ember_pkey_kind_ec = {
	EMBER_PKEY_EC, "EC", oid_ec, sizeof(oid_ec), "EC PRIVATE KEY", NULL, "EC PARAMETERS",
	read_private, read_public, read_trad, NULL, read_paramfile,
	write_curve, write_private, write_public, write_trad, NULL, write_curve,
	bits, can_write_private,
};
