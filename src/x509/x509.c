/*
 * x509.c - X.509 certificates (RFC 5280): the strict parse of one
 * certificate and of its public key. The chain verification a TLS 1.3
 * client runs on the server's Certificate message is x509_verify.c, the
 * server name check (RFC 6125) x509_name.c; x509_int.h is what they share.
 *
 * Everything is read with src/pk's bounded DER cursor (asn1.c); the
 * parsed certificate points into the caller's bytes. Nothing is
 * allocated.
 */
#include "ember/mldsa.h"
#include "x509/x509_int.h"

#define TAG_BOOLEAN 0x01
#define TAG_UTCTIME 0x17
#define TAG_GENTIME 0x18
#define TAG_SET 0x31
#define TAG_CTX2 0xa2
#define TAG_CTX3 0xa3

/* OID contents (the bytes after 06 len) */
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
static const uint8_t oid_md5_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x04 };
static const uint8_t oid_sha1_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x05 };
static const uint8_t oid_mgf1[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x08 };
static const uint8_t oid_rsa_pss[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0a };
static const uint8_t oid_sha256_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b };
static const uint8_t oid_sha384_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0c };
static const uint8_t oid_sha512_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0d };
static const uint8_t oid_dsa[] = { 0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01 };
static const uint8_t oid_ec_pub[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01 };
static const uint8_t oid_p256[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07 };
static const uint8_t oid_p384[] = { 0x2b, 0x81, 0x04, 0x00, 0x22 };
static const uint8_t oid_ecdsa_sha256[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02 };
static const uint8_t oid_ecdsa_sha384[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03 };
static const uint8_t oid_ecdsa_sha512[] = { 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x04 };
static const uint8_t oid_x25519[] = { 0x2b, 0x65, 0x6e };
static const uint8_t oid_ed25519[] = { 0x2b, 0x65, 0x70 };
static const uint8_t oid_sha256[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x01 };
static const uint8_t oid_sha384[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x02 };
static const uint8_t oid_sha512[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x02, 0x03 };
/* id-ml-dsa-44/65/87: 2.16.840.1.101.3.4.3.17/18/19 (RFC 9881) */
static const uint8_t oid_mldsa44[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11 };
static const uint8_t oid_mldsa65[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x12 };
static const uint8_t oid_mldsa87[] = { 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x13 };
/* certificate extensions, id-ce 2.5.29.x */
static const uint8_t oid_ext_ski[] = { 0x55, 0x1d, 0x0e };
static const uint8_t oid_ext_ku[] = { 0x55, 0x1d, 0x0f };
static const uint8_t oid_ext_san[] = { 0x55, 0x1d, 0x11 };
static const uint8_t oid_ext_bc[] = { 0x55, 0x1d, 0x13 };
static const uint8_t oid_ext_aki[] = { 0x55, 0x1d, 0x23 };
static const uint8_t oid_ext_eku[] = { 0x55, 0x1d, 0x25 };
static const uint8_t oid_eku_any[] = { 0x55, 0x1d, 0x25, 0x00 };
static const uint8_t oid_eku_server[] = { 0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01 };

#define OID_IS(o, name) ember_der_oid_is(&(o), name, sizeof(name))

/* The most extensions one certificate may carry (duplicates are looked for among them). */
#define MAX_EXTENSIONS 32

/* ---- DER pieces the key files do not have ---- */

int x509_der_any(ember_der *d, int *tag, ember_der *out)
{
	int t = ember_der_peek(d);

	if (t < 0 || (t & 0x1f) == 0x1f)
		return EMBER_EDECODE;
	*tag = t;
	return ember_der_get(d, t, out);
}

/* An OBJECT IDENTIFIER: non-empty, minimal subidentifiers, the last one complete. */
static int der_oid(ember_der *d, ember_der *oid)
{
	size_t i;
	int ret = ember_der_get(d, EMBER_DER_OID, oid);

	if (ret != 0)
		return ret;
	if (oid->len == 0 || (oid->p[oid->len - 1] & 0x80))
		return EMBER_EDECODE;
	for (i = 0; i < oid->len; i++)
		if (oid->p[i] == 0x80 && (i == 0 || !(oid->p[i - 1] & 0x80)))
			return EMBER_EDECODE; /* a subidentifier with a leading 0x80 */
	return 0;
}

/* A BIT STRING without unused bits; |out| gets the bytes after the unused-bits byte. */
static int der_bits(ember_der *d, ember_der *out)
{
	int ret = ember_der_get(d, EMBER_DER_BITSTRING, out);

	if (ret != 0)
		return ret;
	if (out->len < 1 || out->p[0] != 0)
		return EMBER_EDECODE;
	out->p++;
	out->len--;
	return 0;
}

/* NULL parameters, or none (the reader's side of RFC 4055 2.1 and RFC 8017 A.2.4). */
static int null_or_absent(ember_der *d)
{
	ember_der n;

	if (d->len == 0)
		return 0;
	if (ember_der_get(d, EMBER_DER_NULL, &n) != 0 || n.len != 0)
		return EMBER_EDECODE;
	return ember_der_end(d);
}

/* ---- Time (RFC 5280 4.1.2.5) ---- */

static int digits(const uint8_t *p, size_t n, int *v)
{
	size_t i;

	*v = 0;
	for (i = 0; i < n; i++) {
		if (p[i] < '0' || p[i] > '9')
			return EMBER_EDECODE;
		*v = *v * 10 + (p[i] - '0');
	}
	return 0;
}

/* Days from 1970-01-01 to y-m-d of the proleptic Gregorian calendar (H. Hinnant's days_from_civil). */
static int64_t days_from_civil(int64_t y, int m, int d)
{
	int64_t era, yoe, doy, doe;

	y -= m <= 2;
	era = (y >= 0 ? y : y - 399) / 400;
	yoe = y - era * 400;
	doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
	doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
	return era * 146097 + doe - 719468;
}

/* UTCTime YYMMDDHHMMSSZ (YY < 50: 20YY) or GeneralizedTime YYYYMMDDHHMMSSZ, to seconds since 1970. */
static int der_time(ember_der *d, int64_t *t)
{
	static const uint8_t mdays[12] = { 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31 };
	ember_der v;
	int tag = ember_der_peek(d), y, mo, da, h, mi, s, ylen;
	int ret;

	if (tag != TAG_UTCTIME && tag != TAG_GENTIME)
		return EMBER_EDECODE;
	if ((ret = ember_der_get(d, tag, &v)) != 0)
		return ret;
	ylen = tag == TAG_UTCTIME ? 2 : 4;
	if (v.len != (size_t)ylen + 11 || v.p[v.len - 1] != 'Z')
		return EMBER_EDECODE;
	if (digits(v.p, (size_t)ylen, &y) || digits(v.p + ylen, 2, &mo) || digits(v.p + ylen + 2, 2, &da) ||
	    digits(v.p + ylen + 4, 2, &h) || digits(v.p + ylen + 6, 2, &mi) || digits(v.p + ylen + 8, 2, &s))
		return EMBER_EDECODE;
	if (tag == TAG_UTCTIME)
		y += y < 50 ? 2000 : 1900;
	if (mo < 1 || mo > 12 || da < 1 || da > mdays[mo - 1] || h > 23 || mi > 59 || s > 59)
		return EMBER_EDECODE;
	if (mo == 2 && da == 29 && !(y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)))
		return EMBER_EDECODE;
	*t = days_from_civil(y, mo, da) * 86400 + h * 3600 + mi * 60 + s;
	return 0;
}

/* ---- Names, algorithms, keys ---- */

/* Name ::= SEQUENCE OF SET SIZE (1..MAX) OF SEQUENCE { type OID, value ANY }; |*whole| gets it with its header. */
static int der_name(ember_der *d, const uint8_t **whole, size_t *whole_len)
{
	ember_der name, rdn, atv, oid, val;
	const uint8_t *start = d->p;
	int ret, tag;

	if ((ret = ember_der_get(d, EMBER_DER_SEQUENCE, &name)) != 0)
		return ret;
	*whole = start;
	*whole_len = (size_t)(d->p - start);
	while (name.len) {
		if ((ret = ember_der_get(&name, TAG_SET, &rdn)) != 0)
			return ret;
		if (rdn.len == 0)
			return EMBER_EDECODE;
		while (rdn.len) {
			if ((ret = ember_der_get(&rdn, EMBER_DER_SEQUENCE, &atv)) != 0 || (ret = der_oid(&atv, &oid)) != 0 ||
			    (ret = x509_der_any(&atv, &tag, &val)) != 0 || (ret = ember_der_end(&atv)) != 0)
				return ret;
		}
	}
	return 0;
}

static int hash_alg(ember_der *d, int *hash)
{
	ember_der alg, oid;
	int ret;

	if ((ret = ember_der_get(d, EMBER_DER_SEQUENCE, &alg)) != 0 || (ret = der_oid(&alg, &oid)) != 0 ||
	    (ret = null_or_absent(&alg)) != 0)
		return ret;
	*hash = OID_IS(oid, oid_sha256) ? EMBER_X509_HASH_SHA256 :
	        OID_IS(oid, oid_sha384) ? EMBER_X509_HASH_SHA384 :
	        OID_IS(oid, oid_sha512) ? EMBER_X509_HASH_SHA512 : EMBER_X509_HASH_NONE;
	return 0;
}

/*
 * RSASSA-PSS-params (RFC 4055 3.1): every field has a DEFAULT, so DER
 * leaves out SHA-1, MGF1-SHA-1, 20 and 1. Only SHA-256/384/512 with MGF1
 * over the same digest are supported: anything else well formed leaves
 * sig_alg EMBER_X509_SIG_UNKNOWN.
 */
static int pss_params(ember_der *d, ember_x509_cert *c)
{
	ember_der seq, f, mgf, oid, salt;
	int ret, hash = EMBER_X509_HASH_NONE, mhash = EMBER_X509_HASH_NONE;
	size_t i, s = 20;

	if ((ret = ember_der_get(d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(d)) != 0)
		return ret;
	if (ember_der_peek(&seq) == EMBER_DER_CTX0) {
		if ((ret = ember_der_get(&seq, EMBER_DER_CTX0, &f)) != 0 || (ret = hash_alg(&f, &hash)) != 0 ||
		    (ret = ember_der_end(&f)) != 0)
			return ret;
	}
	if (ember_der_peek(&seq) == EMBER_DER_CTX1) {
		if ((ret = ember_der_get(&seq, EMBER_DER_CTX1, &f)) != 0 ||
		    (ret = ember_der_get(&f, EMBER_DER_SEQUENCE, &mgf)) != 0 || (ret = ember_der_end(&f)) != 0 ||
		    (ret = der_oid(&mgf, &oid)) != 0)
			return ret;
		if (!OID_IS(oid, oid_mgf1))
			return 0; /* another mask generation function: unknown */
		if ((ret = hash_alg(&mgf, &mhash)) != 0 || (ret = ember_der_end(&mgf)) != 0)
			return ret;
	}
	if (ember_der_peek(&seq) == TAG_CTX2) {
		if ((ret = ember_der_get(&seq, TAG_CTX2, &f)) != 0 || (ret = ember_der_get(&f, EMBER_DER_INTEGER, &salt)) != 0 ||
		    (ret = ember_der_end(&f)) != 0)
			return ret;
		if (salt.len == 0 || salt.len > 2 || (salt.p[0] & 0x80) || (salt.len == 2 && salt.p[0] == 0))
			return EMBER_EDECODE; /* negative, not minimal, or absurd (more than 32767) */
		for (s = 0, i = 0; i < salt.len; i++)
			s = (s << 8) | salt.p[i];
		if (s == 20)
			return EMBER_EDECODE; /* the DEFAULT, written out */
	}
	/* trailerField: its only value is the DEFAULT 1, which DER leaves out */
	if ((ret = ember_der_end(&seq)) != 0)
		return ret;
	if (hash != EMBER_X509_HASH_NONE && hash == mhash) {
		c->sig_alg = EMBER_X509_SIG_RSA_PSS;
		c->pss_hash = hash;
		c->pss_salt_len = s;
	}
	return 0;
}

/* The signatureAlgorithm AlgorithmIdentifier's contents: sig_alg (UNKNOWN when not known), or EMBER_EDECODE. */
static int sig_alg(ember_der alg, ember_x509_cert *c)
{
	static const struct {
		const uint8_t *oid;
		size_t len;
		int alg, rsa; /* rsa: parameters NULL or absent; else absent */
	} algs[] = {
		{ oid_sha256_rsa, sizeof(oid_sha256_rsa), EMBER_X509_SIG_RSA_PKCS1_SHA256, 1 },
		{ oid_sha384_rsa, sizeof(oid_sha384_rsa), EMBER_X509_SIG_RSA_PKCS1_SHA384, 1 },
		{ oid_sha512_rsa, sizeof(oid_sha512_rsa), EMBER_X509_SIG_RSA_PKCS1_SHA512, 1 },
		{ oid_sha1_rsa, sizeof(oid_sha1_rsa), EMBER_X509_SIG_RSA_PKCS1_SHA1, 1 },
		{ oid_md5_rsa, sizeof(oid_md5_rsa), EMBER_X509_SIG_MD5_RSA, 1 },
		{ oid_ecdsa_sha256, sizeof(oid_ecdsa_sha256), EMBER_X509_SIG_ECDSA_SHA256, 0 },
		{ oid_ecdsa_sha384, sizeof(oid_ecdsa_sha384), EMBER_X509_SIG_ECDSA_SHA384, 0 },
		{ oid_ecdsa_sha512, sizeof(oid_ecdsa_sha512), EMBER_X509_SIG_ECDSA_SHA512, 0 },
		{ oid_ed25519, sizeof(oid_ed25519), EMBER_X509_SIG_ED25519, 0 },
		{ oid_mldsa44, sizeof(oid_mldsa44), EMBER_X509_SIG_MLDSA44, 0 },
		{ oid_mldsa65, sizeof(oid_mldsa65), EMBER_X509_SIG_MLDSA65, 0 },
		{ oid_mldsa87, sizeof(oid_mldsa87), EMBER_X509_SIG_MLDSA87, 0 },
	};
	ember_der oid;
	size_t i;
	int ret;

	c->sig_alg = EMBER_X509_SIG_UNKNOWN;
	if ((ret = der_oid(&alg, &oid)) != 0)
		return ret;
	if (OID_IS(oid, oid_rsa_pss))
		return pss_params(&alg, c);
	for (i = 0; i < sizeof(algs) / sizeof(algs[0]); i++) {
		if (!ember_der_oid_is(&oid, algs[i].oid, algs[i].len))
			continue;
		if (algs[i].rsa ? null_or_absent(&alg) != 0 : alg.len != 0)
			return EMBER_EDECODE;
		c->sig_alg = algs[i].alg;
		return 0;
	}
	return 0;
}

/* SubjectPublicKeyInfo contents: the key's type and its BIT STRING (|key|), |params| what follows the OID. */
static int spki_split(ember_der spki, int *type, ember_der *params, ember_der *key)
{
	ember_der alg, oid, curve;
	int ret;

	*type = EMBER_PKEY_NONE;
	if ((ret = ember_der_get(&spki, EMBER_DER_SEQUENCE, &alg)) != 0 || (ret = der_oid(&alg, &oid)) != 0 ||
	    (ret = der_bits(&spki, key)) != 0 || (ret = ember_der_end(&spki)) != 0)
		return ret;
	*params = alg;
	if (OID_IS(oid, oid_rsa)) {
		ember_der n;
		if (ember_der_get(&alg, EMBER_DER_NULL, &n) != 0 || n.len != 0 || ember_der_end(&alg) != 0)
			return EMBER_EDECODE; /* RFC 3279 2.3.1: NULL */
		*type = EMBER_PKEY_RSA;
	} else if (OID_IS(oid, oid_ec_pub)) {
		if (ember_der_peek(&alg) != EMBER_DER_OID)
			return 0; /* explicit or implicit curve parameters: not supported */
		if ((ret = der_oid(&alg, &curve)) != 0 || (ret = ember_der_end(&alg)) != 0)
			return ret;
		if (OID_IS(curve, oid_p256) || OID_IS(curve, oid_p384))
			*type = EMBER_PKEY_EC;
	} else if (OID_IS(oid, oid_ed25519) || OID_IS(oid, oid_x25519)) {
		if (alg.len != 0 || key->len != 32)
			return EMBER_EDECODE; /* RFC 8410 3: parameters absent */
		*type = OID_IS(oid, oid_ed25519) ? EMBER_PKEY_ED25519 : EMBER_PKEY_X25519;
	} else if (OID_IS(oid, oid_mldsa44) || OID_IS(oid, oid_mldsa65) || OID_IS(oid, oid_mldsa87)) {
		int set = OID_IS(oid, oid_mldsa44) ? 44 : OID_IS(oid, oid_mldsa65) ? 65 : 87;
		if (alg.len != 0 || key->len != EMBER_MLDSA_PK_LEN(set))
			return EMBER_EDECODE; /* RFC 9881: parameters absent, the raw public key */
		*type = set == 44 ? EMBER_PKEY_MLDSA44 : set == 65 ? EMBER_PKEY_MLDSA65 : EMBER_PKEY_MLDSA87;
	} else if (OID_IS(oid, oid_dsa)) {
		*type = EMBER_PKEY_DSA;
	}
	return 0;
}

/* ---- Extensions (RFC 5280 4.2) ---- */

static int ext_basic_constraints(ember_der v, ember_x509_cert *c)
{
	ember_der seq, b, n;
	int ret;

	if ((ret = ember_der_get(&v, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&v)) != 0)
		return ret;
	c->has_basic_constraints = 1;
	if (ember_der_peek(&seq) == TAG_BOOLEAN) {
		if ((ret = ember_der_get(&seq, TAG_BOOLEAN, &b)) != 0)
			return ret;
		if (b.len != 1 || b.p[0] != 0xff)
			return EMBER_EDECODE; /* FALSE is the DEFAULT: absent in DER */
		c->is_ca = 1;
	}
	if (seq.len) {
		if ((ret = ember_der_uint(&seq, &n)) != 0)
			return ret;
		if (n.len > 1 || !c->is_ca)
			return EMBER_EDECODE; /* pathLenConstraint only with cA TRUE (4.2.1.9); more than 255: absurd */
		c->path_len = n.p[0];
	}
	return ember_der_end(&seq);
}

static int ext_key_usage(ember_der v, ember_x509_cert *c)
{
	ember_der b;
	int ret;
	unsigned unused;

	if ((ret = ember_der_get(&v, EMBER_DER_BITSTRING, &b)) != 0 || (ret = ember_der_end(&v)) != 0)
		return ret;
	if (b.len < 2 || b.len > 3 || b.p[0] > 7)
		return EMBER_EDECODE;
	unused = b.p[0];
	/* DER (X.690 11.2.2): no trailing zero bit, and the unused bits zero */
	if (b.p[b.len - 1] == 0 || (b.p[b.len - 1] & ((1u << unused) - 1)) != 0 ||
	    (b.p[b.len - 1] & (1u << unused)) == 0)
		return EMBER_EDECODE;
	c->has_key_usage = 1;
	c->key_usage = b.p[1] | (b.len > 2 ? (unsigned)b.p[2] << 8 : 0);
	return 0;
}

static int ext_eku(ember_der v, ember_x509_cert *c)
{
	ember_der seq, oid;
	int ret;

	if ((ret = ember_der_get(&v, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&v)) != 0)
		return ret;
	if (seq.len == 0)
		return EMBER_EDECODE;
	c->has_eku = 1;
	while (seq.len) {
		if ((ret = der_oid(&seq, &oid)) != 0)
			return ret;
		if (OID_IS(oid, oid_eku_server))
			c->eku_server_auth = 1;
		if (OID_IS(oid, oid_eku_any))
			c->eku_any = 1;
	}
	return 0;
}

/* GeneralNames: SEQUENCE SIZE (1..MAX) OF context-tagged [0]..[8] (4.2.1.6). */
static int ext_san(ember_der v, ember_x509_cert *c)
{
	ember_der seq, gn;
	const uint8_t *start = v.p;
	int ret, tag;

	if ((ret = ember_der_get(&v, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&v)) != 0)
		return ret;
	if (seq.len == 0)
		return EMBER_EDECODE;
	while (seq.len) {
		if ((ret = x509_der_any(&seq, &tag, &gn)) != 0)
			return ret;
		if ((tag & 0xc0) != 0x80 || (tag & 0x1f) > 8)
			return EMBER_EDECODE;
	}
	c->san = start;
	c->san_len = (size_t)(v.p - start);
	return 0;
}

static int extensions(ember_der *d, ember_x509_cert *c)
{
	ember_der wrap, exts, ext, oid, crit, val, seen[MAX_EXTENSIONS];
	size_t n = 0, i;
	int ret, critical;

	if ((ret = ember_der_get(d, TAG_CTX3, &wrap)) != 0 || (ret = ember_der_get(&wrap, EMBER_DER_SEQUENCE, &exts)) != 0 ||
	    (ret = ember_der_end(&wrap)) != 0)
		return ret;
	if (exts.len == 0)
		return EMBER_EDECODE; /* SIZE (1..MAX) */
	while (exts.len) {
		if ((ret = ember_der_get(&exts, EMBER_DER_SEQUENCE, &ext)) != 0 || (ret = der_oid(&ext, &oid)) != 0)
			return ret;
		critical = 0;
		if (ember_der_peek(&ext) == TAG_BOOLEAN) {
			if ((ret = ember_der_get(&ext, TAG_BOOLEAN, &crit)) != 0)
				return ret;
			if (crit.len != 1 || crit.p[0] != 0xff)
				return EMBER_EDECODE; /* FALSE is the DEFAULT */
			critical = 1;
		}
		if ((ret = ember_der_get(&ext, EMBER_DER_OCTETSTRING, &val)) != 0 || (ret = ember_der_end(&ext)) != 0)
			return ret;
		/* 4.2: no extension more than once */
		if (n == MAX_EXTENSIONS)
			return EMBER_EDECODE;
		for (i = 0; i < n; i++)
			if (ember_der_oid_is(&seen[i], oid.p, oid.len))
				return EMBER_EDECODE;
		seen[n++] = oid;
		if (OID_IS(oid, oid_ext_bc))
			ret = ext_basic_constraints(val, c);
		else if (OID_IS(oid, oid_ext_ku))
			ret = ext_key_usage(val, c);
		else if (OID_IS(oid, oid_ext_eku))
			ret = ext_eku(val, c);
		else if (OID_IS(oid, oid_ext_san))
			ret = ext_san(val, c);
		else if (OID_IS(oid, oid_ext_ski) || OID_IS(oid, oid_ext_aki))
			ret = 0; /* key identifiers: chains are built by name here */
		else
			c->unknown_critical |= critical;
		if (ret != 0)
			return ret;
	}
	return 0;
}

/* ---- The certificate ---- */

static int parse_tbs(ember_der tbs, ember_der alg_whole, ember_x509_cert *c)
{
	ember_der v, serial, alg, validity, spki, params, key;
	const uint8_t *start;
	int ret;

	c->version = 1;
	if (ember_der_peek(&tbs) == EMBER_DER_CTX0) {
		if ((ret = ember_der_get(&tbs, EMBER_DER_CTX0, &v)) != 0 || (ret = ember_der_small(&v, 2)) != 0 ||
		    (ret = ember_der_end(&v)) != 0)
			return ret; /* v1 is the DEFAULT (absent); v2 refused */
		c->version = 3;
	}
	/* serialNumber: at most 20 octets (4.1.2.2), 21 with a sign byte; negative ones are tolerated as
	   4.1.2.2 asks, non-minimal ones are not DER */
	if ((ret = ember_der_get(&tbs, EMBER_DER_INTEGER, &serial)) != 0)
		return ret;
	if (serial.len == 0 || serial.len > 21 || (serial.len == 21 && serial.p[0] != 0) ||
	    (serial.len > 1 && ((serial.p[0] == 0 && !(serial.p[1] & 0x80)) || (serial.p[0] == 0xff && (serial.p[1] & 0x80)))))
		return EMBER_EDECODE;
	c->serial = serial.p;
	c->serial_len = serial.len;
	/* signature: the same AlgorithmIdentifier as the outer signatureAlgorithm (4.1.1.2) */
	start = tbs.p;
	if ((ret = ember_der_get(&tbs, EMBER_DER_SEQUENCE, &alg)) != 0)
		return ret;
	if ((size_t)(tbs.p - start) != alg_whole.len || memcmp(start, alg_whole.p, alg_whole.len) != 0)
		return EMBER_EDECODE;
	if ((ret = der_name(&tbs, &c->issuer, &c->issuer_len)) != 0)
		return ret;
	if (c->issuer_len <= 2)
		return EMBER_EDECODE; /* 4.1.2.4: a non-empty issuer */
	if ((ret = ember_der_get(&tbs, EMBER_DER_SEQUENCE, &validity)) != 0 || (ret = der_time(&validity, &c->not_before)) != 0 ||
	    (ret = der_time(&validity, &c->not_after)) != 0 || (ret = ember_der_end(&validity)) != 0)
		return ret;
	if ((ret = der_name(&tbs, &c->subject, &c->subject_len)) != 0)
		return ret;
	start = tbs.p;
	if ((ret = ember_der_get(&tbs, EMBER_DER_SEQUENCE, &spki)) != 0)
		return ret;
	c->spki = start;
	c->spki_len = (size_t)(tbs.p - start);
	if ((ret = spki_split(spki, &c->key_type, &params, &key)) != 0)
		return ret;
	if (c->version == 3) {
		/* issuerUniqueID [1], subjectUniqueID [2]: IMPLICIT BIT STRINGs, not used */
		if (ember_der_peek(&tbs) == EMBER_DER_IMPLICIT1 && (ret = ember_der_get(&tbs, EMBER_DER_IMPLICIT1, &v)) != 0)
			return ret;
		if (ember_der_peek(&tbs) == 0x82 && (ret = ember_der_get(&tbs, 0x82, &v)) != 0)
			return ret;
		if (ember_der_peek(&tbs) == TAG_CTX3 && (ret = extensions(&tbs, c)) != 0)
			return ret;
	}
	return ember_der_end(&tbs);
}

int ember_x509_parse(ember_x509_cert *c, const uint8_t *der, size_t len)
{
	ember_der d, cert, tbs, alg, alg_whole, sig;
	const uint8_t *start;
	int ret;

	if (c == NULL || der == NULL)
		return EMBER_EINVAL;
	memset(c, 0, sizeof(*c));
	c->path_len = -1;
	d.p = der;
	d.len = len;
	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &cert)) != 0 || (ret = ember_der_end(&d)) != 0)
		goto fail;
	c->der = der;
	c->der_len = len;
	start = cert.p;
	if ((ret = ember_der_get(&cert, EMBER_DER_SEQUENCE, &tbs)) != 0)
		goto fail;
	c->tbs = start;
	c->tbs_len = (size_t)(cert.p - start);
	start = cert.p;
	if ((ret = ember_der_get(&cert, EMBER_DER_SEQUENCE, &alg)) != 0)
		goto fail;
	alg_whole.p = start;
	alg_whole.len = (size_t)(cert.p - start);
	if ((ret = der_bits(&cert, &sig)) != 0 || (ret = ember_der_end(&cert)) != 0)
		goto fail;
	c->sig = sig.p;
	c->sig_len = sig.len;
	if ((ret = sig_alg(alg, c)) != 0 || (ret = parse_tbs(tbs, alg_whole, c)) != 0)
		goto fail;
	return 0;
fail:
	memset(c, 0, sizeof(*c));
	c->path_len = -1;
	return ret;
}

/* ---- Keys ---- */

int x509_key_peek(const ember_x509_cert *c, x509_key *k)
{
	ember_der spki = { c->spki, c->spki_len }, seq, params, key, rsa, n, e;
	int ret;

	k->type = EMBER_PKEY_NONE;
	k->rsa_bits = 0;
	if ((ret = ember_der_get(&spki, EMBER_DER_SEQUENCE, &seq)) != 0 ||
	    (ret = spki_split(seq, &k->type, &params, &key)) != 0)
		return ret;
	k->raw = key.p;
	k->raw_len = key.len;
	if (k->type == EMBER_PKEY_RSA) {
		/* RSAPublicKey (RFC 8017 A.1.1) */
		if ((ret = ember_der_get(&key, EMBER_DER_SEQUENCE, &rsa)) != 0 || (ret = ember_der_end(&key)) != 0 ||
		    (ret = ember_der_uint(&rsa, &n)) != 0 || (ret = ember_der_uint(&rsa, &e)) != 0 ||
		    (ret = ember_der_end(&rsa)) != 0)
			return ret;
		k->raw = n.p;
		k->raw_len = n.len;
		k->rsa_bits = (unsigned)(n.len * 8);
		if (n.len) {
			uint8_t top = n.p[0];
			while (!(top & 0x80) && k->rsa_bits) {
				top = (uint8_t)(top << 1);
				k->rsa_bits--;
			}
		}
	}
	return 0;
}

int x509_key_load(const ember_x509_cert *c, x509_key *k)
{
	ember_der spki = { c->spki, c->spki_len }, seq, params, key, rsa, n, e, curve;
	int ret;

	if ((ret = x509_key_peek(c, k)) != 0)
		return ret;
	switch (k->type) {
	case EMBER_PKEY_RSA:
		if ((ret = ember_der_get(&spki, EMBER_DER_SEQUENCE, &seq)) != 0 ||
		    (ret = spki_split(seq, &k->type, &params, &key)) != 0 ||
		    (ret = ember_der_get(&key, EMBER_DER_SEQUENCE, &rsa)) != 0 || (ret = ember_der_uint(&rsa, &n)) != 0 ||
		    (ret = ember_der_uint(&rsa, &e)) != 0)
			return ret;
		ret = ember_rsa_public_init(&k->u.rsa, n.p, n.len, e.p, e.len);
		return ret == 0 ? 0 : ret == EMBER_EKEYLEN ? EMBER_ENOTSUP : EMBER_EDECODE;
	case EMBER_PKEY_EC:
		if ((ret = ember_der_get(&spki, EMBER_DER_SEQUENCE, &seq)) != 0 ||
		    (ret = spki_split(seq, &k->type, &params, &key)) != 0 || (ret = der_oid(&params, &curve)) != 0)
			return ret;
		ret = ember_ecc_key_from_public(&k->u.ec, OID_IS(curve, oid_p256) ? EMBER_ECC_P256 : EMBER_ECC_P384, key.p,
		    key.len);
		return ret == 0 ? 0 : EMBER_EDECODE;
	case EMBER_PKEY_ED25519:
	case EMBER_PKEY_MLDSA44:
	case EMBER_PKEY_MLDSA65:
	case EMBER_PKEY_MLDSA87:
		return 0; /* raw bytes, checked by the verification itself */
	default:
		return EMBER_ENOTSUP;
	}
}


int ember_x509_public_key(const ember_x509_cert *c, ember_pkey *k)
{
	if (c == NULL || k == NULL || c->spki == NULL)
		return EMBER_EINVAL;
	return ember_pkey_read(k, c->spki, c->spki_len);
}

int ember_x509_mldsa_public(const ember_x509_cert *c, int *set, const uint8_t **pk, size_t *pk_len)
{
	ember_der spki, seq, params, key;
	int type, ret;

	if (c == NULL || set == NULL || pk == NULL || pk_len == NULL || c->spki == NULL)
		return EMBER_EINVAL;
	if (x509_mldsa_set(c->key_type) == 0)
		return EMBER_ENOTSUP;
	spki.p = c->spki;
	spki.len = c->spki_len;
	if ((ret = ember_der_get(&spki, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = spki_split(seq, &type, &params, &key)) != 0)
		return ret;
	if (type != c->key_type)
		return EMBER_EDECODE;
	*set = x509_mldsa_set(type);
	*pk = key.p;
	*pk_len = key.len;
	return 0;
}
