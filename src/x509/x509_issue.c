/*
 * x509_issue.c - issuing X.509 v3 certificates (RFC 5280) with Ember's
 * own signers: the test chains and `ember speed`'s handshake rows are made
 * with this at run time, so they never expire and need no files.
 *
 * The TBSCertificate is written straight into the caller's buffer (behind
 * room for the outer header), signed there, and the signature appended;
 * the pieces are small stack buffers, the largest the subject's
 * SubjectPublicKeyInfo (an ML-DSA-87 one, 2.6 KB) and the signature (an ML-DSA-87
 * one, 4627 bytes). The result is parsed and its signature verified with
 * the issuer's certificate before it is returned.
 */
#include "ember/x509.h"
#include "ember/mldsa.h"
#include "pk/pk_impl.h"

#define TAG_UTF8STRING 0x0c
#define TAG_SET 0x31
#define TAG_UTCTIME 0x17
#define TAG_GENTIME 0x18
#define TAG_CTX3 0xa3
#define TAG_DNSNAME 0x82
/* the largest SubjectPublicKeyInfo written: ML-DSA-87's (RSA-4096's is about 550 bytes) */
#define SPKI_MAX (EMBER_MLDSA_PK_MAX + 64)

static const uint8_t alg_sha256_rsa[] = { 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x0b,
	0x05, 0x00 };
static const uint8_t alg_ecdsa_sha256[] = { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x02 };
static const uint8_t alg_ecdsa_sha384[] = { 0x30, 0x0a, 0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x04, 0x03, 0x03 };
static const uint8_t alg_ed25519[] = { 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70 };
/* id-ml-dsa-44 (RFC 9881), parameters absent; the last byte is 0x11, 0x12, 0x13 for 44, 65, 87 */
static const uint8_t alg_mldsa[] = { 0x30, 0x0b, 0x06, 0x09, 0x60, 0x86, 0x48, 0x01, 0x65, 0x03, 0x04, 0x03, 0x11 };

static const uint8_t oid_cn[] = { 0x55, 0x04, 0x03 };
/* whole extensions whose value never changes */
static const uint8_t ext_bc_ca[] = { 0x30, 0x0f, 0x06, 0x03, 0x55, 0x1d, 0x13, 0x01, 0x01, 0xff, 0x04, 0x05, 0x30, 0x03,
	0x01, 0x01, 0xff };                            /* basicConstraints critical cA TRUE */
static const uint8_t ext_ku_ca[] = { 0x30, 0x0e, 0x06, 0x03, 0x55, 0x1d, 0x0f, 0x01, 0x01, 0xff, 0x04, 0x04, 0x03, 0x02,
	0x01, 0x06 };                                  /* keyUsage critical keyCertSign, cRLSign */
static const uint8_t ext_ku_leaf[] = { 0x30, 0x0e, 0x06, 0x03, 0x55, 0x1d, 0x0f, 0x01, 0x01, 0xff, 0x04, 0x04, 0x03,
	0x02, 0x07, 0x80 };                            /* keyUsage critical digitalSignature */
static const uint8_t ext_eku_server[] = { 0x30, 0x13, 0x06, 0x03, 0x55, 0x1d, 0x25, 0x04, 0x0c, 0x30, 0x0a, 0x06, 0x08,
	0x2b, 0x06, 0x01, 0x05, 0x05, 0x07, 0x03, 0x01 }; /* extKeyUsage serverAuth */
static const uint8_t oid_ski[] = { 0x55, 0x1d, 0x0e };
static const uint8_t oid_aki[] = { 0x55, 0x1d, 0x23 };
static const uint8_t oid_san[] = { 0x55, 0x1d, 0x11 };

/* The subjectPublicKey bits of a SubjectPublicKeyInfo (DER with header). */
static int spki_bits(const uint8_t *spki, size_t len, ember_der *bits)
{
	ember_der d = { spki, len }, seq, alg;
	int ret;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 ||
	    (ret = ember_der_get(&seq, EMBER_DER_SEQUENCE, &alg)) != 0 ||
	    (ret = ember_der_get(&seq, EMBER_DER_BITSTRING, bits)) != 0 || (ret = ember_der_end(&seq)) != 0)
		return ret;
	if (bits->len < 1 || bits->p[0] != 0)
		return EMBER_EDECODE;
	bits->p++;
	bits->len--;
	return 0;
}

/* A key identifier: SHA-1 of the subjectPublicKey bits (RFC 5280 4.2.1.2 (1)). */
static int key_id(const uint8_t *spki, size_t len, uint8_t id[EMBER_SHA1_LEN])
{
	ember_der bits;
	int ret = spki_bits(spki, len, &bits);

	if (ret == 0)
		ember_sha1(id, bits.p, bits.len);
	return ret;
}

/* A time: UTCTime for 1950 to 2049, GeneralizedTime otherwise (RFC 5280 4.1.2.5). */
static void put_time(ember_der_out *o, int64_t t)
{
	int64_t days = t >= 0 ? t / 86400 : -((-t + 86399) / 86400), secs = t - days * 86400, y, era, doe, yoe, doy, mp;
	int m, d;
	char buf[16];
	size_t n = 0, i;

	/* H. Hinnant's civil_from_days */
	days += 719468;
	era = (days >= 0 ? days : days - 146096) / 146097;
	doe = days - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	y = yoe + era * 400;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	d = (int)(doy - (153 * mp + 2) / 5 + 1);
	m = (int)(mp < 10 ? mp + 3 : mp - 9);
	y += m <= 2;
	if (y < 0 || y > 9999) {
		o->err = EMBER_EINVAL;
		return;
	}
	if (y < 1950 || y > 2049) {
		buf[n++] = (char)('0' + y / 1000);
		buf[n++] = (char)('0' + y / 100 % 10);
	}
	buf[n++] = (char)('0' + y / 10 % 10);
	buf[n++] = (char)('0' + y % 10);
	{
		int f[5];
		f[0] = m;
		f[1] = d;
		f[2] = (int)(secs / 3600);
		f[3] = (int)(secs / 60 % 60);
		f[4] = (int)(secs % 60);
		for (i = 0; i < 5; i++) {
			buf[n++] = (char)('0' + f[i] / 10);
			buf[n++] = (char)('0' + f[i] % 10);
		}
	}
	buf[n++] = 'Z';
	ember_der_put_prim(o, y < 1950 || y > 2049 ? TAG_GENTIME : TAG_UTCTIME, buf, n);
}

/* Name: one RDN, CN = |cn| as UTF8String. */
static void put_cn_name(ember_der_out *o, const char *cn, size_t n)
{
	uint8_t b1[128], b2[128], b3[128];
	ember_der_out atv = { b1, 0, sizeof(b1), 0 }, rdn = { b2, 0, sizeof(b2), 0 }, name = { b3, 0, sizeof(b3), 0 };

	ember_der_put_prim(&atv, EMBER_DER_OID, oid_cn, sizeof(oid_cn));
	ember_der_put_prim(&atv, TAG_UTF8STRING, cn, n);
	ember_der_put_wrapped(&rdn, EMBER_DER_SEQUENCE, &atv);
	ember_der_put_wrapped(&name, TAG_SET, &rdn);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &name);
}

/* An extension with a non-critical OCTET STRING value written to |val|. */
static void put_ext(ember_der_out *o, const uint8_t *oid, size_t oid_len, const ember_der_out *val)
{
	uint8_t b[320];
	ember_der_out e = { b, 0, sizeof(b), 0 };

	ember_der_put_prim(&e, EMBER_DER_OID, oid, oid_len);
	ember_der_put_wrapped(&e, EMBER_DER_OCTETSTRING, val);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &e);
}

static void put_serial(ember_der_out *o, uint64_t v)
{
	uint8_t b[9];
	size_t n = 0;
	int s;

	for (s = 56; s > 0 && (v >> s) == 0; s -= 8)
		;
	if ((v >> s) & 0x80)
		b[n++] = 0;
	for (; s >= 0; s -= 8)
		b[n++] = (uint8_t)(v >> s);
	ember_der_put_prim(o, EMBER_DER_INTEGER, b, n);
}

/* A dNSName as a certificate may carry it: printable ASCII, no space, 1 to 253 bytes. */
static int dns_ok(const char *s)
{
	size_t i, n = strlen(s);

	if (n == 0 || n > 253)
		return 0;
	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] <= 0x20 || (unsigned char)s[i] >= 0x7f)
			return 0;
	return 1;
}

/* The signer's AlgorithmIdentifier. */
static int signer_alg(const ember_x509_issue_params *p, const uint8_t **alg, size_t *alg_len, uint8_t mldsa_alg[13])
{
	if (p->issuer_mldsa_set) {
		if (p->issuer_key != NULL || p->issuer_mldsa_sk == NULL ||
		    p->issuer_mldsa_sk_len != EMBER_MLDSA_SK_LEN(p->issuer_mldsa_set) || p->issuer_mldsa_sk_len == 0)
			return EMBER_EINVAL;
		memcpy(mldsa_alg, alg_mldsa, sizeof(alg_mldsa));
		mldsa_alg[12] = p->issuer_mldsa_set == 44 ? 0x11 : p->issuer_mldsa_set == 65 ? 0x12 : 0x13;
		*alg = mldsa_alg;
		*alg_len = sizeof(alg_mldsa);
		return 0;
	}
	if (p->issuer_key == NULL || !p->issuer_key->has_private)
		return EMBER_EINVAL;
	switch (p->issuer_key->type) {
	case EMBER_PKEY_RSA:
		*alg = alg_sha256_rsa, *alg_len = sizeof(alg_sha256_rsa);
		return 0;
	case EMBER_PKEY_EC:
		if (p->issuer_key->u.ec.curve == EMBER_ECC_P256)
			*alg = alg_ecdsa_sha256, *alg_len = sizeof(alg_ecdsa_sha256);
		else
			*alg = alg_ecdsa_sha384, *alg_len = sizeof(alg_ecdsa_sha384);
		return 0;
	case EMBER_PKEY_ED25519:
		*alg = alg_ed25519, *alg_len = sizeof(alg_ed25519);
		return 0;
	default:
		return EMBER_ENOTSUP;
	}
}

/* Signs |tbs| into |sig|. */
static int sign(const ember_x509_issue_params *p, const uint8_t *tbs, size_t tbs_len, uint8_t *sig, size_t cap,
    size_t *sig_len)
{
	const ember_pkey *k = p->issuer_key;
	const ember_hash_desc *hd;
	uint8_t digest[48], rs[EMBER_ECDSA_MAX_SIG_LEN];
	int ret;

	if (p->issuer_mldsa_set) {
		*sig_len = EMBER_MLDSA_SIG_LEN(p->issuer_mldsa_set);
		if (*sig_len > cap)
			return EMBER_ELEN;
		return ember_mldsa_sign(p->issuer_mldsa_set, sig, *sig_len, p->issuer_mldsa_sk, p->issuer_mldsa_sk_len, tbs,
		    tbs_len, NULL, 0);
	}
	switch (k->type) {
	case EMBER_PKEY_ED25519:
		*sig_len = EMBER_ED25519_SIG_LEN;
		return ember_ed25519_sign(&k->u.ed25519, sig, tbs, tbs_len);
	case EMBER_PKEY_RSA:
		if ((hd = ember_hash_find("sha256", NULL)) == NULL)
			return EMBER_ENOTSUP;
		if (k->u.rsa.pub.len > cap)
			return EMBER_ELEN;
		ember_hash(hd, digest, tbs, tbs_len);
		*sig_len = k->u.rsa.pub.len;
		/* the blinding values of the key change with each signature (rsa.h): the caller's key is
		   not const in fact, only in this interface */
		return ember_rsa_pkcs1_sign((ember_rsa_private_key *)(uintptr_t)&k->u.rsa, hd, digest, hd->digest_len,
		    sig, *sig_len);
	default: /* EC */
		if ((hd = ember_hash_find(k->u.ec.curve == EMBER_ECC_P256 ? "sha256" : "sha384", NULL)) == NULL)
			return EMBER_ENOTSUP;
		ember_hash(hd, digest, tbs, tbs_len);
		ret = ember_ecdsa_sign(&k->u.ec, hd, digest, hd->digest_len, 0, rs, 2 * k->u.ec.len);
		if (ret == 0)
			ret = ember_ecdsa_sig_to_der(rs, 2 * k->u.ec.len, sig, cap, sig_len);
		return ret;
	}
}

/* Everything the TBSCertificate holds before the SubjectPublicKeyInfo. */
static void put_head(ember_der_out *o, const ember_x509_issue_params *p, const uint8_t *alg, size_t alg_len)
{
	static const uint8_t v3[] = { 0xa0, 0x03, 0x02, 0x01, 0x02 };
	uint8_t b[64];
	ember_der_out validity = { b, 0, sizeof(b), 0 };

	ember_der_put(o, v3, sizeof(v3));
	put_serial(o, p->serial);
	ember_der_put(o, alg, alg_len);
	if (p->issuer != NULL)
		ember_der_put(o, p->issuer->subject, p->issuer->subject_len);
	else
		put_cn_name(o, p->subject_cn, strlen(p->subject_cn));
	put_time(&validity, p->not_before);
	put_time(&validity, p->not_after);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &validity);
	put_cn_name(o, p->subject_cn, strlen(p->subject_cn));
}

/* [3] { Extensions } */
static int put_extensions(ember_der_out *o, const ember_x509_issue_params *p, const uint8_t *spki, size_t spki_len)
{
	uint8_t eb[640], vb[320], wb[320], ski[EMBER_SHA1_LEN], aki[EMBER_SHA1_LEN];
	ember_der_out exts = { eb, 0, sizeof(eb), 0 }, v, w;
	int ret;

	if ((ret = key_id(spki, spki_len, ski)) != 0)
		return ret;
	if (p->issuer != NULL)
		ret = key_id(p->issuer->spki, p->issuer->spki_len, aki);
	else
		memcpy(aki, ski, sizeof(aki));
	if (ret != 0)
		return ret;
	if (p->is_ca) {
		ember_der_put(&exts, ext_bc_ca, sizeof(ext_bc_ca));
		ember_der_put(&exts, ext_ku_ca, sizeof(ext_ku_ca));
	} else {
		ember_der_put(&exts, ext_ku_leaf, sizeof(ext_ku_leaf));
		ember_der_put(&exts, ext_eku_server, sizeof(ext_eku_server));
	}
	if (p->dns_name != NULL) {
		v = (ember_der_out){ vb, 0, sizeof(vb), 0 };
		w = (ember_der_out){ wb, 0, sizeof(wb), 0 };
		ember_der_put_prim(&w, TAG_DNSNAME, p->dns_name, strlen(p->dns_name));
		ember_der_put_wrapped(&v, EMBER_DER_SEQUENCE, &w);
		put_ext(&exts, oid_san, sizeof(oid_san), &v);
	}
	v = (ember_der_out){ vb, 0, sizeof(vb), 0 };
	ember_der_put_prim(&v, EMBER_DER_OCTETSTRING, ski, sizeof(ski));
	put_ext(&exts, oid_ski, sizeof(oid_ski), &v);
	v = (ember_der_out){ vb, 0, sizeof(vb), 0 };
	w = (ember_der_out){ wb, 0, sizeof(wb), 0 };
	ember_der_put_prim(&w, 0x80, aki, sizeof(aki)); /* keyIdentifier [0] IMPLICIT */
	ember_der_put_wrapped(&v, EMBER_DER_SEQUENCE, &w);
	put_ext(&exts, oid_aki, sizeof(oid_aki), &v);
	v = (ember_der_out){ vb, 0, sizeof(vb), 0 };
	ember_der_put_wrapped(&v, EMBER_DER_SEQUENCE, &exts);
	ember_der_put_wrapped(o, TAG_CTX3, &v);
	return o->err;
}

static size_t header_len(size_t len)
{
	return len < 0x80 ? 2 : len < 0x100 ? 3 : 4;
}

static int issue(uint8_t *out, size_t cap, size_t *out_len, const ember_x509_issue_params *p, uint8_t *spki,
    uint8_t *sig)
{
	uint8_t hb[1024], tb[1024], mldsa_alg[sizeof(alg_mldsa)];
	ember_der_out head = { hb, 0, sizeof(hb), 0 }, tail = { tb, 0, sizeof(tb), 0 }, o;
	const uint8_t *alg;
	size_t alg_len, spki_len, cn_len, body, tbs_len, sig_len, cert_body, h;
	ember_x509_cert c;
	int ret;

	cn_len = p->subject_cn != NULL ? strlen(p->subject_cn) : 0;
	if (cn_len == 0 || cn_len > 64 || p->serial == 0 || (p->dns_name != NULL && !dns_ok(p->dns_name)))
		return EMBER_EINVAL;
	if ((ret = signer_alg(p, &alg, &alg_len, mldsa_alg)) != 0)
		return ret;
	/* the subject's SubjectPublicKeyInfo */
	if (p->subject_mldsa_set) {
		uint8_t ab[sizeof(alg_mldsa)];
		if (p->subject_key != NULL || p->subject_mldsa_pk == NULL ||
		    p->subject_mldsa_pk_len != EMBER_MLDSA_PK_LEN(p->subject_mldsa_set) || p->subject_mldsa_pk_len == 0)
			return EMBER_EINVAL;
		o = (ember_der_out){ spki, 0, SPKI_MAX, 0 };
		memcpy(ab, alg_mldsa, sizeof(ab));
		ab[12] = p->subject_mldsa_set == 44 ? 0x11 : p->subject_mldsa_set == 65 ? 0x12 : 0x13;
		ember_der_put_header(&o, EMBER_DER_SEQUENCE, sizeof(ab) + header_len(p->subject_mldsa_pk_len + 1) +
		    p->subject_mldsa_pk_len + 1);
		ember_der_put(&o, ab, sizeof(ab));
		ember_der_put_header(&o, EMBER_DER_BITSTRING, p->subject_mldsa_pk_len + 1);
		ember_der_put(&o, "", 1);
		ember_der_put(&o, p->subject_mldsa_pk, p->subject_mldsa_pk_len);
		if (o.err)
			return o.err;
		spki_len = o.len;
	} else {
		if (p->subject_key == NULL)
			return EMBER_EINVAL;
		if (p->subject_key->type != EMBER_PKEY_RSA && p->subject_key->type != EMBER_PKEY_EC &&
		    p->subject_key->type != EMBER_PKEY_ED25519 && p->subject_key->type != EMBER_PKEY_X25519)
			return EMBER_ENOTSUP;
		if ((ret = ember_pkey_write(p->subject_key, EMBER_PKEY_SPKI, 0, spki, SPKI_MAX, &spki_len)) != 0)
			return ret;
	}
	put_head(&head, p, alg, alg_len);
	if (head.err)
		return head.err == EMBER_EINVAL ? EMBER_EINVAL : EMBER_ELEN;
	if ((ret = put_extensions(&tail, p, spki, spki_len)) != 0)
		return ret == EMBER_EDECODE ? EMBER_EINVAL : ret;
	/* the TBSCertificate, 4 bytes in: room for the Certificate's header (at most 65535 bytes) */
	body = head.len + spki_len + tail.len;
	if (cap < 4)
		return EMBER_ELEN;
	o = (ember_der_out){ out + 4, 0, cap - 4, 0 };
	ember_der_put_header(&o, EMBER_DER_SEQUENCE, body);
	ember_der_put(&o, head.p, head.len);
	ember_der_put(&o, spki, spki_len);
	ember_der_put(&o, tail.p, tail.len);
	if (o.err)
		return o.err;
	tbs_len = o.len;
	if ((ret = sign(p, out + 4, tbs_len, sig, EMBER_MLDSA_SIG_MAX, &sig_len)) != 0)
		return ret;
	ember_der_put(&o, alg, alg_len);
	ember_der_put_header(&o, EMBER_DER_BITSTRING, sig_len + 1);
	ember_der_put(&o, "", 1);
	ember_der_put(&o, sig, sig_len);
	if (o.err)
		return o.err;
	cert_body = o.len;
	h = header_len(cert_body);
	if (cert_body > 0xffff || h + cert_body > cap)
		return EMBER_ELEN;
	memmove(out + h, out + 4, cert_body);
	o = (ember_der_out){ out, 0, h, 0 };
	ember_der_put_header(&o, EMBER_DER_SEQUENCE, cert_body);
	*out_len = h + cert_body;
	/* the result check: it parses, and the issuer's certificate (or its own) verifies it */
	if ((ret = ember_x509_parse(&c, out, *out_len)) != 0)
		return EMBER_EINTERNAL;
	ret = ember_x509_verify_signed(p->issuer != NULL ? p->issuer : &c, c.sig_alg, c.tbs, c.tbs_len, c.sig, c.sig_len);
	return ret == 0 ? 0 : EMBER_EINVAL;
}

int ember_x509_issue(uint8_t *out, size_t cap, size_t *out_len, const ember_x509_issue_params *p)
{
	uint8_t spki[SPKI_MAX], sig[EMBER_MLDSA_SIG_MAX];
	int ret;

	if (out == NULL || out_len == NULL || p == NULL)
		return EMBER_EINVAL;
	*out_len = 0;
	ret = issue(out, cap, out_len, p, spki, sig);
	if (ret != 0) {
		ember_wipe(out, cap); /* nothing half-written, nothing unverified */
		*out_len = 0;
	}
	return ret;
}
