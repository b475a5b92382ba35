/*
 * der.c - strict DER for RSA and DSA keys (X.690 DER subset) and the
 * PKCS#1 / PKCS#8 / SubjectPublicKeyInfo structures around them.
 *
 * Parsing never reads outside the input: every element's length is checked
 * against what is left of its parent before it is used.
 */
#include "bn/bn_internal.h"
#include "ember/keys.h"

#define TAG_INTEGER 0x02
#define TAG_BITSTRING 0x03
#define TAG_OCTETSTRING 0x04
#define TAG_NULL 0x05
#define TAG_OID 0x06
#define TAG_SEQUENCE 0x30
#define TAG_CTX0 0xa0

/* rsaEncryption 1.2.840.113549.1.1.1 and id-dsa 1.2.840.10040.4.1 (contents only) */
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };
static const uint8_t oid_dsa[] = { 0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01 };

typedef struct der {
	const uint8_t *p;
	size_t len;
} der;

/* Reads one element with tag |tag| from |d| into |out| (its contents). */
static int der_get(der *d, int tag, der *out)
{
	size_t len, n, i;

	if (d->len < 2 || d->p[0] != tag)
		return EMBER_EDECODE;
	len = d->p[1];
	n = 2;
	if (len & 0x80) {
		size_t k = len & 0x7f;
		/* 0x80 is the indefinite form; more than 4 length bytes is absurd here */
		if (k == 0 || k > 4 || d->len < 2 + k || d->p[2] == 0)
			return EMBER_EDECODE;
		len = 0;
		for (i = 0; i < k; i++)
			len = (len << 8) | d->p[2 + i];
		if (len < 0x80)
			return EMBER_EDECODE; /* not minimal */
		n += k;
	}
	if (len > d->len - n)
		return EMBER_EDECODE;
	out->p = d->p + n;
	out->len = len;
	d->p += n + len;
	d->len -= n + len;
	return 0;
}

/* A non-negative minimal INTEGER; |out| gets its magnitude without the sign byte. */
static int der_uint(der *d, der *out)
{
	int ret = der_get(d, TAG_INTEGER, out);

	if (ret != 0)
		return ret;
	if (out->len == 0 || (out->p[0] & 0x80))
		return EMBER_EDECODE; /* empty or negative */
	if (out->len > 1 && out->p[0] == 0 && (out->p[1] & 0x80) == 0)
		return EMBER_EDECODE; /* not minimal */
	if (out->p[0] == 0 && out->len > 1) {
		out->p++;
		out->len--;
	}
	return 0;
}

/* INTEGER equal to the small value |v|. */
static int der_small(der *d, unsigned v)
{
	der i;
	int ret = der_uint(d, &i);

	if (ret != 0)
		return ret;
	return i.len == 1 && i.p[0] == v ? 0 : EMBER_EDECODE;
}

static int der_end(const der *d)
{
	return d->len == 0 ? 0 : EMBER_EDECODE;
}

/* AlgorithmIdentifier: returns the key type; DSA parameters go to |params|. */
static int der_algid(der *d, der *params)
{
	der seq, oid;
	int ret;

	if ((ret = der_get(d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_get(&seq, TAG_OID, &oid)) != 0)
		return ret;
	if (oid.len == sizeof(oid_rsa) && memcmp(oid.p, oid_rsa, sizeof(oid_rsa)) == 0) {
		/* parameters: NULL (RFC 3279), absent tolerated as OpenSSL does */
		if (seq.len) {
			der nul;
			if ((ret = der_get(&seq, TAG_NULL, &nul)) != 0 || nul.len != 0)
				return EMBER_EDECODE;
		}
		return der_end(&seq) == 0 ? EMBER_PKEY_RSA : EMBER_EDECODE;
	}
	if (oid.len == sizeof(oid_dsa) && memcmp(oid.p, oid_dsa, sizeof(oid_dsa)) == 0) {
		if ((ret = der_get(&seq, TAG_SEQUENCE, params)) != 0)
			return ret;
		return der_end(&seq) == 0 ? EMBER_PKEY_DSA : EMBER_EDECODE;
	}
	return EMBER_ENOTSUP;
}

/* RSAPrivateKey (RFC 8017 A.1.2), two primes. */
static int parse_rsa_private(ember_pkey *k, der d)
{
	der seq, f[8];
	ember_rsa_components c;
	int ret, i;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0)
		return ret;
	if (der_small(&seq, 0) != 0)
		return EMBER_EDECODE; /* version 1 (multi-prime) is not supported */
	for (i = 0; i < 8; i++)
		if ((ret = der_uint(&seq, &f[i])) != 0)
			return ret;
	if ((ret = der_end(&seq)) != 0)
		return ret;
	memset(&c, 0, sizeof(c));
	c.n = f[0].p, c.n_len = f[0].len, c.e = f[1].p, c.e_len = f[1].len;
	c.d = f[2].p, c.d_len = f[2].len, c.p = f[3].p, c.p_len = f[3].len;
	c.q = f[4].p, c.q_len = f[4].len, c.dp = f[5].p, c.dp_len = f[5].len;
	c.dq = f[6].p, c.dq_len = f[6].len, c.qinv = f[7].p, c.qinv_len = f[7].len;
	if ((ret = ember_rsa_private_init(&k->u.rsa, &c)) != 0)
		return ret;
	k->type = EMBER_PKEY_RSA;
	k->has_private = 1;
	return 0;
}

/* RSAPublicKey (RFC 8017 A.1.1). */
static int parse_rsa_public(ember_pkey *k, der d)
{
	der seq, n, e;
	int ret;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0 ||
	    (ret = der_uint(&seq, &n)) != 0 || (ret = der_uint(&seq, &e)) != 0 || (ret = der_end(&seq)) != 0)
		return ret;
	if ((ret = ember_rsa_public_init(&k->u.rsa.pub, n.p, n.len, e.p, e.len)) != 0)
		return ret;
	k->type = EMBER_PKEY_RSA;
	k->has_private = 0;
	return 0;
}

/* Dss-Parms SEQUENCE { p, q, g } contents into f[0..2]. */
static int parse_dss_params(der params, der *f)
{
	int ret, i;

	for (i = 0; i < 3; i++)
		if ((ret = der_uint(&params, &f[i])) != 0)
			return ret;
	return der_end(&params);
}

static int dsa_init(ember_pkey *k, const der *pqg, const der *y, const der *x)
{
	int ret = ember_dsa_key_init(&k->u.dsa, pqg[0].p, pqg[0].len, pqg[1].p, pqg[1].len, pqg[2].p,
	    pqg[2].len, y ? y->p : NULL, y ? y->len : 0, x ? x->p : NULL, x ? x->len : 0);
	if (ret != 0)
		return ret;
	k->type = EMBER_PKEY_DSA;
	k->has_private = x != NULL;
	return 0;
}

/* OpenSSL's DSAPrivateKey: SEQUENCE { 0, p, q, g, y, x } */
static int parse_dsa_trad(ember_pkey *k, der d)
{
	der seq, f[5];
	int ret, i;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0)
		return ret;
	if (der_small(&seq, 0) != 0)
		return EMBER_EDECODE;
	for (i = 0; i < 5; i++)
		if ((ret = der_uint(&seq, &f[i])) != 0)
			return ret;
	if ((ret = der_end(&seq)) != 0)
		return ret;
	return dsa_init(k, f, &f[3], &f[4]);
}

/* PrivateKeyInfo (RFC 5208 5): version 0, algorithm, OCTET STRING, [0] attributes OPTIONAL. */
static int parse_pkcs8(ember_pkey *k, der d)
{
	der seq, params, octets, attrs;
	int ret, type;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0)
		return ret;
	if (der_small(&seq, 0) != 0)
		return EMBER_EDECODE;
	if ((type = der_algid(&seq, &params)) < 0)
		return type;
	if ((ret = der_get(&seq, TAG_OCTETSTRING, &octets)) != 0)
		return ret;
	if (seq.len && (ret = der_get(&seq, TAG_CTX0, &attrs)) != 0)
		return ret;
	if ((ret = der_end(&seq)) != 0)
		return ret;
	if (type == EMBER_PKEY_RSA)
		return parse_rsa_private(k, octets);
	{
		der pqg[3], x;
		if ((ret = parse_dss_params(params, pqg)) != 0 || (ret = der_uint(&octets, &x)) != 0 ||
		    (ret = der_end(&octets)) != 0)
			return ret;
		return dsa_init(k, pqg, NULL, &x);
	}
}

/* SubjectPublicKeyInfo (RFC 5280 4.1.2.7). */
static int parse_spki(ember_pkey *k, der d)
{
	der seq, params, bits, y;
	int ret, type;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0)
		return ret;
	if ((type = der_algid(&seq, &params)) < 0)
		return type;
	if ((ret = der_get(&seq, TAG_BITSTRING, &bits)) != 0 || (ret = der_end(&seq)) != 0)
		return ret;
	if (bits.len < 1 || bits.p[0] != 0)
		return EMBER_EDECODE; /* unused bits */
	bits.p++;
	bits.len--;
	if (type == EMBER_PKEY_RSA)
		return parse_rsa_public(k, bits);
	{
		der pqg[3];
		if ((ret = parse_dss_params(params, pqg)) != 0 || (ret = der_uint(&bits, &y)) != 0 ||
		    (ret = der_end(&bits)) != 0)
			return ret;
		return dsa_init(k, pqg, &y, NULL);
	}
}

typedef int (*parse_fn)(ember_pkey *, der);

static int parse_der(ember_pkey *k, const uint8_t *in, size_t len, const char *label)
{
	static const struct {
		const char *label;
		parse_fn fn;
	} forms[] = {
		{ "PRIVATE KEY", parse_pkcs8 },
		{ "PUBLIC KEY", parse_spki },
		{ "RSA PRIVATE KEY", parse_rsa_private },
		{ "RSA PUBLIC KEY", parse_rsa_public },
		{ "DSA PRIVATE KEY", parse_dsa_trad },
	};
	int ret = EMBER_EDECODE;
	size_t i;

	for (i = 0; i < sizeof(forms) / sizeof(forms[0]); i++) {
		der d;
		if (label != NULL && strcmp(label, forms[i].label) != 0)
			continue;
		d.p = in;
		d.len = len;
		memset(k, 0, sizeof(*k));
		ret = forms[i].fn(k, d);
		if (ret == 0)
			return 0;
		if (label == NULL && ret == EMBER_EDECODE)
			continue;
		/* the structure matched but the key was refused (size, range): report that */
		if (label == NULL)
			return ret;
	}
	return ret;
}

int ember_pkey_read(ember_pkey *k, const uint8_t *in, size_t len)
{
	static const char labels[] = "PRIVATE KEY\0PUBLIC KEY\0RSA PRIVATE KEY\0RSA PUBLIC KEY\0"
	                             "DSA PRIVATE KEY\0ENCRYPTED PRIVATE KEY\0";
	uint8_t buf[EMBER_PKEY_MAX_DER + 64];
	char label[80];
	size_t n;
	int ret;

	memset(k, 0, sizeof(*k));
	if (in == NULL || len == 0)
		return EMBER_EDECODE;
	if (in[0] == TAG_SEQUENCE)
		return parse_der(k, in, len, NULL);
	ret = ember_pem_decode((const char *)in, len, labels, label, sizeof(label), buf, sizeof(buf), &n);
	if (ret == EMBER_ELEN)
		return EMBER_EKEYLEN;
	if (ret != 0)
		return ret;
	if (strcmp(label, "ENCRYPTED PRIVATE KEY") == 0)
		return EMBER_ENOTSUP;
	ret = parse_der(k, buf, n, label);
	ember_wipe(buf, sizeof(buf));
	if (ret != 0)
		ember_pkey_clear(k);
	return ret;
}

void ember_pkey_clear(ember_pkey *k)
{
	ember_wipe(k, sizeof(*k));
}

unsigned ember_pkey_bits(const ember_pkey *k)
{
	if (k->type == EMBER_PKEY_RSA)
		return k->u.rsa.pub.bits;
	if (k->type == EMBER_PKEY_DSA)
		return k->u.dsa.mp.bits;
	return 0;
}

/* ---- writing ---- */

typedef struct out {
	uint8_t *p;
	size_t len, cap;
	int err;
} out;

static void put(out *o, const void *data, size_t n)
{
	if (o->err || n > o->cap - o->len) {
		o->err = EMBER_ELEN;
		return;
	}
	memcpy(o->p + o->len, data, n);
	o->len += n;
}

static void put_header(out *o, int tag, size_t len)
{
	uint8_t h[6];
	size_t n = 0;

	h[n++] = (uint8_t)tag;
	if (len < 0x80) {
		h[n++] = (uint8_t)len;
	} else if (len < 0x100) {
		h[n++] = 0x81;
		h[n++] = (uint8_t)len;
	} else {
		h[n++] = 0x82;
		h[n++] = (uint8_t)(len >> 8);
		h[n++] = (uint8_t)len;
	}
	put(o, h, n);
}

/* An element whose contents were written to |inner|. */
static void put_wrapped(out *o, int tag, const out *inner)
{
	if (inner->err) {
		o->err = inner->err;
		return;
	}
	put_header(o, tag, inner->len);
	put(o, inner->p, inner->len);
}

/* INTEGER from words (minimal, with a 0 byte when the top bit is set). */
static void put_uint(out *o, const ember_bn_word *a, size_t n)
{
	uint8_t buf[EMBER_RSA_MAX_LEN + 1];
	unsigned bits = ember_bn_bits(a, n);
	size_t len = bits / 8 + 1; /* room for the sign bit */

	if (len > sizeof(buf)) {
		o->err = EMBER_ELEN;
		return;
	}
	ember_bn_to_bytes(buf, len, a, n);
	put_header(o, TAG_INTEGER, len);
	put(o, buf, len);
	ember_wipe(buf, sizeof(buf));
}

static void put_small(out *o, unsigned v)
{
	ember_bn_word w = v;
	put_uint(o, &w, 1);
}

#define SCRATCH(name)                                                              \
	uint8_t name##_buf[EMBER_PKEY_MAX_DER];                                    \
	out name = { name##_buf, 0, sizeof(name##_buf), 0 }

static void put_algid(out *o, const ember_pkey *k)
{
	SCRATCH(seq);

	if (k->type == EMBER_PKEY_RSA) {
		static const uint8_t nul[2] = { TAG_NULL, 0 };
		put_header(&seq, TAG_OID, sizeof(oid_rsa));
		put(&seq, oid_rsa, sizeof(oid_rsa));
		put(&seq, nul, 2);
	} else {
		const ember_dsa_key *d = &k->u.dsa;
		SCRATCH(params);
		put_header(&seq, TAG_OID, sizeof(oid_dsa));
		put(&seq, oid_dsa, sizeof(oid_dsa));
		put_uint(&params, d->mp.m, d->mp.n);
		put_uint(&params, d->mq.m, d->mq.n);
		put_uint(&params, d->g, d->mp.n);
		put_wrapped(&seq, TAG_SEQUENCE, &params);
	}
	put_wrapped(o, TAG_SEQUENCE, &seq);
}

static void put_rsa_private(out *o, const ember_rsa_private_key *r)
{
	SCRATCH(seq);
	size_t nw = r->pub.mn.n;

	put_small(&seq, 0);
	put_uint(&seq, r->pub.mn.m, nw);
	put_uint(&seq, r->pub.e, r->pub.e_words);
	put_uint(&seq, r->d, nw);
	put_uint(&seq, r->mp.m, r->mp.n);
	put_uint(&seq, r->mq.m, r->mq.n);
	put_uint(&seq, r->dp, r->mp.n);
	put_uint(&seq, r->dq, r->mq.n);
	put_uint(&seq, r->qinv, r->mp.n);
	put_wrapped(o, TAG_SEQUENCE, &seq);
	ember_wipe(seq_buf, sizeof(seq_buf));
}

static void put_rsa_public(out *o, const ember_rsa_public_key *r)
{
	SCRATCH(seq);

	put_uint(&seq, r->mn.m, r->mn.n);
	put_uint(&seq, r->e, r->e_words);
	put_wrapped(o, TAG_SEQUENCE, &seq);
}

static int write_der(const ember_pkey *k, int format, out *o)
{
	const int rsa = k->type == EMBER_PKEY_RSA;

	if (k->type != EMBER_PKEY_RSA && k->type != EMBER_PKEY_DSA)
		return EMBER_EINVAL;
	if (format == EMBER_PKEY_SPKI) {
		SCRATCH(seq);
		SCRATCH(bits);
		static const uint8_t zero = 0;
		put_algid(&seq, k);
		put(&bits, &zero, 1);
		if (rsa)
			put_rsa_public(&bits, &k->u.rsa.pub);
		else
			put_uint(&bits, k->u.dsa.y, k->u.dsa.mp.n);
		put_wrapped(&seq, TAG_BITSTRING, &bits);
		put_wrapped(o, TAG_SEQUENCE, &seq);
		return o->err;
	}
	if (format == EMBER_PKEY_PKCS1 && rsa && !k->has_private) {
		put_rsa_public(o, &k->u.rsa.pub);
		return o->err;
	}
	if (!k->has_private || (rsa && !k->u.rsa.has_crt))
		return EMBER_ENOTSUP;
	if (format == EMBER_PKEY_PKCS1 && rsa) {
		put_rsa_private(o, &k->u.rsa);
		return o->err;
	}
	if (format == EMBER_PKEY_TRAD && !rsa) {
		const ember_dsa_key *d = &k->u.dsa;
		SCRATCH(seq);
		put_small(&seq, 0);
		put_uint(&seq, d->mp.m, d->mp.n);
		put_uint(&seq, d->mq.m, d->mq.n);
		put_uint(&seq, d->g, d->mp.n);
		put_uint(&seq, d->y, d->mp.n);
		put_uint(&seq, d->x, d->mq.n);
		put_wrapped(o, TAG_SEQUENCE, &seq);
		ember_wipe(seq_buf, sizeof(seq_buf));
		return o->err;
	}
	if (format == EMBER_PKEY_PKCS8) {
		SCRATCH(seq);
		SCRATCH(inner);
		put_small(&seq, 0);
		put_algid(&seq, k);
		if (rsa)
			put_rsa_private(&inner, &k->u.rsa);
		else
			put_uint(&inner, k->u.dsa.x, k->u.dsa.mq.n);
		put_wrapped(&seq, TAG_OCTETSTRING, &inner);
		put_wrapped(o, TAG_SEQUENCE, &seq);
		ember_wipe(seq_buf, sizeof(seq_buf));
		ember_wipe(inner_buf, sizeof(inner_buf));
		return o->err;
	}
	return EMBER_ENOTSUP;
}

int ember_pkey_write(const ember_pkey *k, int format, int pem, uint8_t *outp, size_t cap, size_t *out_len)
{
	uint8_t buf[EMBER_PKEY_MAX_DER];
	out o = { buf, 0, sizeof(buf), 0 };
	const char *label;
	int ret = write_der(k, format, &o);

	if (ret != 0)
		return ret;
	if (!pem) {
		if (o.len > cap)
			return EMBER_ELEN;
		memcpy(outp, buf, o.len);
		*out_len = o.len;
		ember_wipe(buf, sizeof(buf));
		return 0;
	}
	switch (format) {
	case EMBER_PKEY_PKCS8:
		label = "PRIVATE KEY";
		break;
	case EMBER_PKEY_SPKI:
		label = "PUBLIC KEY";
		break;
	case EMBER_PKEY_PKCS1:
		label = k->has_private ? "RSA PRIVATE KEY" : "RSA PUBLIC KEY";
		break;
	default:
		label = "DSA PRIVATE KEY";
		break;
	}
	ret = ember_pem_encode(label, buf, o.len, (char *)outp, cap, out_len);
	ember_wipe(buf, sizeof(buf));
	return ret;
}

/* ---- DSA signatures ---- */

int ember_dsa_sig_to_der(const uint8_t *sig, size_t sig_len, uint8_t *outp, size_t cap, size_t *out_len)
{
	ember_bn_word r[BN_MAXW], s[BN_MAXW];
	size_t half = sig_len / 2, n = EMBER_BN_WORDS(8 * half);
	SCRATCH(seq);
	out o = { outp, 0, cap, 0 };

	if (sig_len == 0 || sig_len % 2 || half > EMBER_DSA_MAX_QLEN)
		return EMBER_EINVAL;
	ember_bn_from_bytes(r, n, sig, half);
	ember_bn_from_bytes(s, n, sig + half, half);
	put_uint(&seq, r, n);
	put_uint(&seq, s, n);
	put_wrapped(&o, TAG_SEQUENCE, &seq);
	if (o.err)
		return o.err;
	*out_len = o.len;
	return 0;
}

int ember_dsa_sig_from_der(const uint8_t *in, size_t len, uint8_t *sig, size_t sig_len)
{
	der d = { in, len }, seq, r, s;
	size_t half = sig_len / 2;
	int ret;

	if ((ret = der_get(&d, TAG_SEQUENCE, &seq)) != 0 || (ret = der_end(&d)) != 0 ||
	    (ret = der_uint(&seq, &r)) != 0 || (ret = der_uint(&seq, &s)) != 0 || (ret = der_end(&seq)) != 0)
		return EMBER_EDECODE;
	if (r.len > half || s.len > half)
		return EMBER_ERANGE;
	memset(sig, 0, sig_len);
	memcpy(sig + half - r.len, r.p, r.len);
	memcpy(sig + sig_len - s.len, s.p, s.len);
	return 0;
}
