/*
 * key_rsa.c - RSA keys in key files: rsaEncryption (RFC 8017 A.1, RFC 3279
 * 2.3.1), PKCS#1 RSAPrivateKey (two primes) inside PKCS#8 and as the
 * "RSA PRIVATE KEY" block, RSAPublicKey inside SubjectPublicKeyInfo and as
 * "RSA PUBLIC KEY".
 */
#include "pk_impl.h"

/* rsaEncryption 1.2.840.113549.1.1.1 (contents only) */
static const uint8_t oid_rsa[] = { 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01 };

/* parameters: NULL (RFC 3279), absent tolerated as OpenSSL does */
static int check_params(ember_der params)
{
	ember_der nul;

	if (params.len == 0)
		return 0;
	if (ember_der_get(&params, EMBER_DER_NULL, &nul) != 0 || nul.len != 0)
		return EMBER_EDECODE;
	return ember_der_end(&params);
}

/* RSAPrivateKey (RFC 8017 A.1.2), two primes. */
static int read_trad(ember_pkey *k, ember_der d)
{
	ember_der seq, f[8];
	ember_rsa_components c;
	int ret, i;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if (ember_der_small(&seq, 0) != 0)
		return EMBER_EDECODE; /* version 1 (multi-prime) is not supported */
	for (i = 0; i < 8; i++)
		if ((ret = ember_der_uint(&seq, &f[i])) != 0)
			return ret;
	if ((ret = ember_der_end(&seq)) != 0)
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
static int read_trad_pub(ember_pkey *k, ember_der d)
{
	ember_der seq, n, e;
	int ret;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0 ||
	    (ret = ember_der_uint(&seq, &n)) != 0 || (ret = ember_der_uint(&seq, &e)) != 0 ||
	    (ret = ember_der_end(&seq)) != 0)
		return ret;
	if ((ret = ember_rsa_public_init(&k->u.rsa.pub, n.p, n.len, e.p, e.len)) != 0)
		return ret;
	k->type = EMBER_PKEY_RSA;
	k->has_private = 0;
	return 0;
}

static int read_private(ember_pkey *k, ember_der params, ember_der priv)
{
	int ret = check_params(params);

	return ret != 0 ? ret : read_trad(k, priv);
}

static int read_public(ember_pkey *k, ember_der params, ember_der pub)
{
	int ret = check_params(params);

	return ret != 0 ? ret : read_trad_pub(k, pub);
}

static void write_params(ember_der_out *o, const ember_pkey *k)
{
	static const uint8_t nul[2] = { EMBER_DER_NULL, 0 };

	(void)k;
	ember_der_put(o, nul, 2);
}

static void write_trad(ember_der_out *o, const ember_pkey *k)
{
	const ember_rsa_private_key *r = &k->u.rsa;
	size_t nw = r->pub.mn.n;
	EMBER_DER_SCRATCH(seq);

	ember_der_put_small(&seq, 0);
	ember_der_put_uint(&seq, r->pub.mn.m, nw);
	ember_der_put_uint(&seq, r->pub.e, r->pub.e_words);
	ember_der_put_uint(&seq, r->d, nw);
	ember_der_put_uint(&seq, r->mp.m, r->mp.n);
	ember_der_put_uint(&seq, r->mq.m, r->mq.n);
	ember_der_put_uint(&seq, r->dp, r->mp.n);
	ember_der_put_uint(&seq, r->dq, r->mq.n);
	ember_der_put_uint(&seq, r->qinv, r->mp.n);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
	ember_wipe(seq_buf, sizeof(seq_buf));
}

static void write_trad_pub(ember_der_out *o, const ember_pkey *k)
{
	const ember_rsa_public_key *r = &k->u.rsa.pub;
	EMBER_DER_SCRATCH(seq);

	ember_der_put_uint(&seq, r->mn.m, r->mn.n);
	ember_der_put_uint(&seq, r->e, r->e_words);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
}

static unsigned bits(const ember_pkey *k)
{
	return k->u.rsa.pub.bits;
}

static int can_write_private(const ember_pkey *k)
{
	return k->u.rsa.has_crt;
}

const ember_pkey_kind ember_pkey_kind_rsa = {
	EMBER_PKEY_RSA, "RSA", oid_rsa, sizeof(oid_rsa), "RSA PRIVATE KEY", "RSA PUBLIC KEY", NULL,
	read_private, read_public, read_trad, read_trad_pub, NULL,
	write_params, write_trad, write_trad_pub, write_trad, write_trad_pub, NULL,
	bits, can_write_private,
};
