/*
 * key_dsa.c - DSA keys in key files: id-dsa with Dss-Parms (RFC 3279
 * 2.3.2), the private x as an INTEGER inside PKCS#8, the public y as an
 * INTEGER inside SubjectPublicKeyInfo, and OpenSSL's "DSA PRIVATE KEY"
 * (SEQUENCE { 0, p, q, g, y, x }).
 */
#include "pk_impl.h"

/* id-dsa 1.2.840.10040.4.1 (contents only) */
static const uint8_t oid_dsa[] = { 0x2a, 0x86, 0x48, 0xce, 0x38, 0x04, 0x01 };

/* Dss-Parms SEQUENCE { p, q, g } (the AlgorithmIdentifier's parameters: nothing after) into f[0..2]. */
static int read_params(ember_der params, ember_der *f)
{
	ember_der seq;
	int ret, i;

	if ((ret = ember_der_get(&params, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&params)) != 0)
		return ret;
	for (i = 0; i < 3; i++)
		if ((ret = ember_der_uint(&seq, &f[i])) != 0)
			return ret;
	return ember_der_end(&seq);
}

static int init(ember_pkey *k, const ember_der *pqg, const ember_der *y, const ember_der *x)
{
	int ret = ember_dsa_key_init(&k->u.dsa, pqg[0].p, pqg[0].len, pqg[1].p, pqg[1].len, pqg[2].p, pqg[2].len,
	    y ? y->p : NULL, y ? y->len : 0, x ? x->p : NULL, x ? x->len : 0);

	if (ret != 0)
		return ret;
	k->type = EMBER_PKEY_DSA;
	k->has_private = x != NULL;
	return 0;
}

static int read_trad(ember_pkey *k, ember_der d)
{
	ember_der seq, f[5];
	int ret, i;

	if ((ret = ember_der_get(&d, EMBER_DER_SEQUENCE, &seq)) != 0 || (ret = ember_der_end(&d)) != 0)
		return ret;
	if (ember_der_small(&seq, 0) != 0)
		return EMBER_EDECODE;
	for (i = 0; i < 5; i++)
		if ((ret = ember_der_uint(&seq, &f[i])) != 0)
			return ret;
	if ((ret = ember_der_end(&seq)) != 0)
		return ret;
	return init(k, f, &f[3], &f[4]);
}

static int read_private(ember_pkey *k, ember_der params, ember_der priv)
{
	ember_der pqg[3], x;
	int ret;

	if ((ret = read_params(params, pqg)) != 0 || (ret = ember_der_uint(&priv, &x)) != 0 ||
	    (ret = ember_der_end(&priv)) != 0)
		return ret;
	return init(k, pqg, NULL, &x);
}

static int read_public(ember_pkey *k, ember_der params, ember_der pub)
{
	ember_der pqg[3], y;
	int ret;

	if ((ret = read_params(params, pqg)) != 0 || (ret = ember_der_uint(&pub, &y)) != 0 ||
	    (ret = ember_der_end(&pub)) != 0)
		return ret;
	return init(k, pqg, &y, NULL);
}

/* "DSA PARAMETERS": Dss-Parms alone. The key is set up with x = 1 (ember_dsa_key_init wants a key) and marked
 * as parameters only: nothing writes that x, and ember_dsa_generate_key replaces it. */
static int read_paramfile(ember_pkey *k, ember_der d)
{
	static const uint8_t one = 1;
	ember_der pqg[3], x = { &one, 1 };
	int ret;

	if ((ret = read_params(d, pqg)) != 0 || (ret = init(k, pqg, NULL, &x)) != 0)
		return ret;
	k->has_private = 0;
	k->params_only = 1;
	return 0;
}

static void write_params(ember_der_out *o, const ember_pkey *k)
{
	const ember_dsa_key *d = &k->u.dsa;
	EMBER_DER_SCRATCH(params);

	ember_der_put_uint(&params, d->mp.m, d->mp.n);
	ember_der_put_uint(&params, d->mq.m, d->mq.n);
	ember_der_put_uint(&params, d->g, d->mp.n);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &params);
}

static void write_private(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put_uint(o, k->u.dsa.x, k->u.dsa.mq.n);
}

static void write_public(ember_der_out *o, const ember_pkey *k)
{
	ember_der_put_uint(o, k->u.dsa.y, k->u.dsa.mp.n);
}

static void write_trad(ember_der_out *o, const ember_pkey *k)
{
	const ember_dsa_key *d = &k->u.dsa;
	EMBER_DER_SCRATCH(seq);

	ember_der_put_small(&seq, 0);
	ember_der_put_uint(&seq, d->mp.m, d->mp.n);
	ember_der_put_uint(&seq, d->mq.m, d->mq.n);
	ember_der_put_uint(&seq, d->g, d->mp.n);
	ember_der_put_uint(&seq, d->y, d->mp.n);
	ember_der_put_uint(&seq, d->x, d->mq.n);
	ember_der_put_wrapped(o, EMBER_DER_SEQUENCE, &seq);
	ember_wipe(seq_buf, sizeof(seq_buf));
}

static unsigned bits(const ember_pkey *k)
{
	return k->u.dsa.mp.bits;
}

static int can_write_private(const ember_pkey *k)
{
	(void)k;
	return 1;
}

const ember_pkey_kind ember_pkey_kind_dsa = {
	EMBER_PKEY_DSA, "DSA", oid_dsa, sizeof(oid_dsa), "DSA PRIVATE KEY", NULL, "DSA PARAMETERS",
	read_private, read_public, read_trad, NULL, read_paramfile,
	write_params, write_private, write_public, write_trad, NULL, write_params,
	bits, can_write_private,
};
