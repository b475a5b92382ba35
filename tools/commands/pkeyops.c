/*
 * pkeyops.c - each key type's generation, text, check, signatures, key
 * agreement and key encapsulation for the key commands (pkeyops.h), in
 * openssl 3's words and layouts: the options, RSA, DSA, EC, X25519 and
 * Ed25519 here, ML-DSA and ML-KEM in pkeyops_pq.c. One table, |types|,
 * at the end.
 */
#include <stdlib.h>
#include <string.h>

#include "pkeyops_int.h"
#include "tool.h"

/* ---- options ---- */

void pkey_sigopts_init(pkey_sigopts *so)
{
	memset(so, 0, sizeof(*so));
	so->saltlen = PKEY_PSS_SALT_AUTO;
}

static const ember_hash_desc *digest_named(const char *name)
{
	if (name[0] == '-')
		name++;
	return ember_hash_find(name, NULL);
}

int pkey_sigopt(const char *cmd, const char *opt, const char *word, pkey_sigopts *so)
{
	const char *colon = strchr(word, ':'), *v;
	size_t n;

	if (colon == NULL)
		return tool_error(cmd, "%s %s: not name:value", opt, word);
	n = (size_t)(colon - word);
	v = colon + 1;
	if (n == 16 && strncmp(word, "rsa_padding_mode", n) == 0) {
		if (strcmp(v, "pss") == 0)
			so->pss = 1;
		else if (strcmp(v, "pkcs1") == 0)
			so->pss = 0;
		else
			return tool_error(cmd, "%s %s: padding mode '%s' is not offered (pkcs1, pss)", opt, word, v);
	} else if (n == 15 && strncmp(word, "rsa_pss_saltlen", n) == 0) {
		char *end;
		long l;
		if (strcmp(v, "digest") == 0)
			so->saltlen = PKEY_PSS_SALT_DIGEST;
		else if (strcmp(v, "auto") == 0)
			so->saltlen = PKEY_PSS_SALT_AUTO;
		else if (strcmp(v, "max") == 0)
			so->saltlen = PKEY_PSS_SALT_MAX;
		else if ((l = strtol(v, &end, 10)) >= -3 && l <= 65536 && *v != 0 && *end == 0)
			so->saltlen = l;
		else
			return tool_error(cmd, "%s %s: '%s' is not a salt length (a number, digest, auto or max)", opt, word, v);
	} else if (n == 11 && strncmp(word, "rsa_mgf1_md", n) == 0) {
		if ((so->mgf1 = digest_named(v)) == NULL)
			return tool_error(cmd, "%s %s: unknown digest '%s'", opt, word, v);
	} else if (n == 6 && strncmp(word, "digest", n) == 0) {
		if ((so->digest = digest_named(v)) == NULL)
			return tool_error(cmd, "%s %s: unknown digest '%s'", opt, word, v);
	} else {
		return tool_error(cmd, "%s %s: unknown option '%.*s' (rsa_padding_mode, rsa_pss_saltlen, rsa_mgf1_md, digest)",
		    opt, word, (int)n, word);
	}
	return 0;
}

static int number(const char *cmd, const char *name, const char *value, unsigned long lo, unsigned long hi,
    unsigned long *out)
{
	char *end;
	unsigned long v = strtoul(value, &end, 10);

	if (value[0] < '0' || value[0] > '9' || *end != 0 || v < lo || v > hi)
		return tool_error(cmd, "-pkeyopt %s:%s: not a number from %lu to %lu", name, value, lo, hi);
	*out = v;
	return 0;
}

/* ---- OpenSSL's -text layout ---- */

/* "label" then 15 bytes a line, "xx:xx:..." indented 4, with a 00 first when the top bit is set. */
static void print_hex(FILE *f, const char *label, const ember_bn_word *a, size_t n)
{
	uint8_t buf[EMBER_RSA_MAX_LEN + 1];
	unsigned bits = ember_bn_bits(a, n);
	size_t len = bits / 8 + 1, i;

	ember_bn_to_bytes(buf, len, a, n);
	fprintf(f, "%s", label);
	for (i = 0; i < len; i++) {
		if (i % 15 == 0)
			fprintf(f, "\n    ");
		fprintf(f, "%02x%s", buf[i], i + 1 < len ? ":" : "");
	}
	fprintf(f, "\n");
	ember_wipe(buf, sizeof(buf));
}

/* ---- RSA ---- */

static void print_exponent(FILE *f, const char *label, const ember_rsa_public_key *pub)
{
	if (pub->e_words == 1 && pub->e[0] <= 0xffffffffu)
		fprintf(f, "%s: %lu (0x%lx)\n", label, (unsigned long)pub->e[0], (unsigned long)pub->e[0]);
	else {
		char l[64];
		snprintf(l, sizeof(l), "%s:", label);
		print_hex(f, l, pub->e, pub->e_words);
	}
}

void pkey_rsa_print(FILE *f, const ember_pkey *k, int pub)
{
	const ember_rsa_private_key *r = &k->u.rsa;

	if (k->has_private && !pub) {
		fprintf(f, "Private-Key: (%u bit, 2 primes)\n", r->pub.bits);
		print_hex(f, "modulus:", r->pub.mn.m, r->pub.mn.n);
		print_exponent(f, "publicExponent", &r->pub);
		print_hex(f, "privateExponent:", r->d, r->pub.mn.n);
		if (r->has_crt) {
			print_hex(f, "prime1:", r->mp.m, r->mp.n);
			print_hex(f, "prime2:", r->mq.m, r->mq.n);
			print_hex(f, "exponent1:", r->dp, r->mp.n);
			print_hex(f, "exponent2:", r->dq, r->mq.n);
			print_hex(f, "coefficient:", r->qinv, r->mp.n);
		}
	} else {
		fprintf(f, "Public-Key: (%u bit)\n", r->pub.bits);
		print_hex(f, "Modulus:", r->pub.mn.m, r->pub.mn.n);
		print_exponent(f, "Exponent", &r->pub);
	}
}

/* p and q prime, and a private operation undone by the public one (the CRT values agree with e), and d. */
static int rsa_check(ember_pkey *k, char *why, size_t why_len)
{
	ember_rsa_private_key *r = &k->u.rsa;
	uint8_t in[EMBER_RSA_MAX_LEN], sig[EMBER_RSA_MAX_LEN], back[EMBER_RSA_MAX_LEN];
	size_t i;

	if (r->has_crt && (ember_prime_test(r->mp.m, r->mp.n, 0) != 1 || ember_prime_test(r->mq.m, r->mq.n, 0) != 1)) {
		snprintf(why, why_len, "%s not prime", ember_prime_test(r->mp.m, r->mp.n, 0) != 1 ? "p" : "q");
		return 1;
	}
	for (i = 0; i < r->pub.len; i++)
		in[i] = (uint8_t)(i * 7 + 1);
	in[0] = 0;
	if (ember_rsa_private_op(r, sig, in, r->pub.len) != 0 || ember_rsa_public_op(&r->pub, back, sig, r->pub.len) != 0 ||
	    memcmp(back, in, r->pub.len) != 0) {
		snprintf(why, why_len, "d e dmp1 dmq1 iqmp not consistent");
		return 1;
	}
	/* d itself (the CRT path does not use it) */
	{
		ember_bn_word m[EMBER_BN_MAX_WORDS], s[EMBER_BN_MAX_WORDS];
		ember_bn_from_bytes(m, r->pub.mn.n, in, r->pub.len);
		ember_bn_modexp_ct(s, m, r->d, r->pub.bits, &r->pub.mn);
		ember_bn_from_bytes(m, r->pub.mn.n, sig, r->pub.len);
		if (ember_bn_cmp(s, m, r->pub.mn.n) != 0) {
			snprintf(why, why_len, "d e not consistent");
			return 1;
		}
	}
	return 0;
}

int pkey_rsa_check(FILE *f, ember_pkey *k)
{
	char why[128];

	if (rsa_check(k, why, sizeof(why)) != 0) {
		fprintf(f, "RSA key error: %s\n", why);
		return 1;
	}
	fprintf(f, "RSA key ok\n");
	return 0;
}

static int rsa_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	unsigned long primes;

	if (strcmp(name, "rsa_keygen_bits") == 0)
		return number(cmd, name, value, EMBER_RSA_MIN_BITS, EMBER_MAX_RSA_BITS, &g->bits);
	if (strcmp(name, "rsa_keygen_pubexp") == 0) {
		if (number(cmd, name, value, 3, 0xffffffffUL, &g->pubexp) != 0)
			return 1;
		if (g->pubexp % 2 == 0)
			return tool_error(cmd, "-pkeyopt %s:%s: the public exponent must be odd", name, value);
		return 0;
	}
	if (strcmp(name, "rsa_keygen_primes") == 0)
		return number(cmd, name, value, 2, 2, &primes);
	return -1;
}

static int rsa_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	int ret;

	memset(k, 0, sizeof(*k));
	ret = ember_rsa_generate(&k->u.rsa, g->bits ? (unsigned)g->bits : 2048, g->pubexp ? (uint32_t)g->pubexp : 65537);
	if (ret != 0)
		return tool_error(cmd, "RSA key generation failed: %s", ember_strerror(ret));
	k->type = EMBER_PKEY_RSA;
	k->has_private = 1;
	return 0;
}

/* PSS salt length for the key and digest, from openssl's words (sign: auto is max, as OpenSSL 3.0). */
static size_t pss_salt(const ember_rsa_public_key *pub, const ember_hash_desc *hd, long saltlen, int verify)
{
	size_t em_len = (pub->bits - 1 + 7) / 8, max = em_len >= hd->digest_len + 2 ? em_len - hd->digest_len - 2 : 0;

	if (saltlen == PKEY_PSS_SALT_DIGEST)
		return hd->digest_len;
	if (saltlen == PKEY_PSS_SALT_AUTO)
		return verify ? EMBER_RSA_PSS_SALT_AUTO : max;
	if (saltlen == PKEY_PSS_SALT_MAX)
		return max;
	return (size_t)saltlen;
}

static int rsa_sign(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in, size_t in_len,
    uint8_t *sig, size_t *sig_len)
{
	*sig_len = k->u.rsa.pub.len;
	if (!so->pss)
		return ember_rsa_pkcs1_sign(&k->u.rsa, hd, in, in_len, sig, *sig_len);
	if (hd == NULL)
		return EMBER_EINVAL;
	return ember_rsa_pss_sign(&k->u.rsa, hd, so->mgf1, NULL, pss_salt(&k->u.rsa.pub, hd, so->saltlen, 0), in, in_len,
	    sig, *sig_len);
}

static int rsa_verify(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, const uint8_t *sig, size_t sig_len)
{
	if (!so->pss)
		return ember_rsa_pkcs1_verify(&k->u.rsa.pub, hd, in, in_len, sig, sig_len);
	if (hd == NULL)
		return EMBER_EINVAL;
	return ember_rsa_pss_verify(&k->u.rsa.pub, hd, so->mgf1, pss_salt(&k->u.rsa.pub, hd, so->saltlen, 1), in, in_len,
	    sig, sig_len);
}

/* ---- DSA ---- */

static void dsa_print(FILE *f, const ember_pkey *k, int pub)
{
	const ember_dsa_key *d = &k->u.dsa;

	if (k->params_only) {
		fprintf(f, "DSA-Parameters: (%u bit)\n", d->mp.bits);
	} else if (k->has_private && !pub) {
		fprintf(f, "Private-Key: (%u bit)\n", d->mp.bits);
		print_hex(f, "priv:", d->x, d->mq.n);
	} else {
		fprintf(f, "Public-Key: (%u bit)\n", d->mp.bits);
	}
	if (!k->params_only)
		print_hex(f, "pub: ", d->y, d->mp.n);
	print_hex(f, "P:   ", d->mp.m, d->mp.n);
	print_hex(f, "Q:   ", d->mq.m, d->mq.n);
	print_hex(f, "G:   ", d->g, d->mp.n);
}

/* The domain parameters were checked when the key was read; y = g^x by a signature y verifies. */
static int dsa_check(ember_pkey *k, char *why, size_t why_len)
{
	const ember_hash_desc *hd = ember_hash_find("sha256", NULL);
	uint8_t md[32], sig[EMBER_DSA_MAX_SIG_LEN];
	size_t n = 2 * k->u.dsa.qlen;

	ember_hash(hd, md, "ember pkey -check", 17);
	if (ember_dsa_sign(&k->u.dsa, hd, md, sizeof(md), sig, n) != 0 ||
	    ember_dsa_verify(&k->u.dsa, md, sizeof(md), sig, n) != 0) {
		snprintf(why, why_len, "y is not g^x mod p");
		return 1;
	}
	return 0;
}

static int dsa_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	if (strcmp(name, "dsa_paramgen_bits") == 0)
		return number(cmd, name, value, 512, EMBER_MAX_RSA_BITS, &g->bits);
	if (strcmp(name, "dsa_paramgen_q_bits") == 0 || strcmp(name, "qbits") == 0)
		return number(cmd, name, value, 160, EMBER_DSA_MAX_QBITS, &g->qbits);
	if (strcmp(name, "dsa_paramgen_md") == 0)
		return strcmp(value, "sha256") == 0 ? 0
		                                    : tool_error(cmd, "-pkeyopt %s:%s: ember generates DSA parameters with "
		                                                      "sha256 only", name, value);
	return -1;
}

static int dsa_gen_params(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	unsigned long L = g->bits ? g->bits : 2048, N = g->qbits ? g->qbits : L >= 3072 ? 256 : 224;
	int ret;

	memset(k, 0, sizeof(*k));
	ret = ember_dsa_generate_params(&k->u.dsa, (unsigned)L, (unsigned)N);
	if (ret == EMBER_EINVAL)
		return tool_error(cmd, "DSA parameters of %lu/%lu bits are not offered (p: 1024, 2048, 3072 or 4096 bits; "
		                       "q: 160, 224 or 256)", L, N);
	if (ret != 0)
		return tool_error(cmd, "DSA parameter generation failed: %s", ember_strerror(ret));
	k->type = EMBER_PKEY_DSA;
	k->params_only = 1;
	return 0;
}

static int dsa_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	int ret;

	(void)g;
	if (k->type != EMBER_PKEY_DSA)
		return tool_error(cmd, "-algorithm DSA needs parameters: give -paramfile (made with: ember genpkey -genparam "
		                       "-algorithm DSA -out params.pem)");
	if ((ret = ember_dsa_generate_key(&k->u.dsa)) != 0)
		return tool_error(cmd, "DSA key generation failed: %s", ember_strerror(ret));
	k->has_private = 1;
	k->params_only = 0;
	return 0;
}

static int dsa_sign(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, uint8_t *sig, size_t *sig_len)
{
	uint8_t raw[EMBER_DSA_MAX_SIG_LEN];
	size_t n = 2 * k->u.dsa.qlen;
	int ret;

	if (so->pss)
		return EMBER_EINVAL;
	/* RFC 6979's HMAC digest: the input's, or SHA-256 for a digest given raw */
	ret = ember_dsa_sign(&k->u.dsa, hd ? hd : ember_hash_find("sha256", NULL), in, in_len, raw, n);
	if (ret == 0)
		ret = ember_dsa_sig_to_der(raw, n, sig, PKEY_SIG_MAX, sig_len);
	ember_wipe(raw, sizeof(raw));
	return ret;
}

static int dsa_verify(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, const uint8_t *sig, size_t sig_len)
{
	uint8_t raw[EMBER_DSA_MAX_SIG_LEN];
	size_t n = 2 * k->u.dsa.qlen;

	(void)hd;
	if (so->pss)
		return EMBER_EINVAL;
	if (ember_dsa_sig_from_der(sig, sig_len, raw, n) != 0)
		return EMBER_EVERIFY;
	return ember_dsa_verify(&k->u.dsa, in, in_len, raw, n);
}

/* ---- EC (P-256, P-384), X25519, Ed25519 (ML-DSA and ML-KEM: pkeyops_pq.c) ---- */

void pkey_print_buf(FILE *f, const char *label, const uint8_t *p, size_t n)
{
	size_t i;

	fprintf(f, "%s\n", label);
	for (i = 0; i < n; i++) {
		if (i % 15 == 0)
			fprintf(f, "%s    ", i ? "\n" : "");
		fprintf(f, "%02x%s", p[i], i + 1 < n ? ":" : "");
	}
	fprintf(f, "\n");
}

/* OpenSSL's object name of a curve ("ASN1 OID: prime256v1"). */
static const char *ec_oid_name(int curve)
{
	return curve == EMBER_ECC_P256 ? "prime256v1" : curve == EMBER_ECC_P384 ? "secp384r1" : "?";
}

static void ec_print(FILE *f, const ember_pkey *k, int pub)
{
	const ember_ecc_key *e = &k->u.ec;
	uint8_t q[EMBER_ECC_MAX_POINT_LEN];
	size_t n;
	unsigned bits = (unsigned)(8 * ember_ecc_curve_len(e->curve));

	if (k->params_only) {
		fprintf(f, "EC-Parameters: (%u bit)\n", bits);
	} else {
		if (k->has_private && !pub) {
			fprintf(f, "Private-Key: (%u bit)\n", bits);
			/* as EC_KEY_priv2buf: the order's length, leading zeros kept */
			pkey_print_buf(f, "priv:", e->d, e->len);
		} else {
			fprintf(f, "Public-Key: (%u bit)\n", bits);
		}
		/* uncompressed, as openssl writes a key it made (a file with a compressed point: see ember-pkey.1) */
		if (ember_ecc_key_public(e, 0, q, sizeof(q), &n) == 0)
			pkey_print_buf(f, "pub:", q, n);
	}
	fprintf(f, "ASN1 OID: %s\nNIST CURVE: %s\n", ec_oid_name(e->curve), ember_ecc_curve_name(e->curve));
}

/* Q = d G: the key's public point is its private scalar's (the point itself was validated when read). */
static int ec_check(ember_pkey *k, char *why, size_t why_len)
{
	ember_ecc_key t;
	int bad;

	if (!k->has_private)
		return 0;
	bad = ember_ecc_key_from_private(&t, k->u.ec.curve, k->u.ec.d, k->u.ec.len) != 0 ||
	    memcmp(t.q, k->u.ec.q, 2 * k->u.ec.len) != 0;
	ember_ecc_key_clear(&t);
	if (bad)
		snprintf(why, why_len, "the public point is not d G (point does not match the private key)");
	return bad;
}

static int ec_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	/* openssl 3's words: ec_paramgen_curve (its parameter "group"), ec_param_enc ("encoding") */
	if (strcmp(name, "ec_paramgen_curve") == 0 || strcmp(name, "group") == 0) {
		if ((g->curve = ember_ecc_curve_find(value)) == 0)
			return tool_error(cmd, "-pkeyopt %s:%s: invalid curve (ember has P-256 alias prime256v1, and P-384 "
			                       "alias secp384r1)", name, value);
		return 0;
	}
	if (strcmp(name, "ec_param_enc") == 0 || strcmp(name, "encoding") == 0) {
		if (strcmp(value, "named_curve") == 0)
			return 0;
		if (strcmp(value, "explicit") == 0)
			return tool_error(cmd, "-pkeyopt %s:%s: explicit parameters not supported (ember writes named curves "
			                       "only)", name, value);
		return tool_error(cmd, "-pkeyopt %s:%s: invalid form (named_curve or explicit)", name, value);
	}
	return -1;
}

static int ec_no_curve(const char *cmd, const char *what)
{
	return tool_error(cmd, "Error generating EC %s: no curve: give -pkeyopt ec_paramgen_curve:P-256 (or P-384)", what);
}

static int ec_gen_params(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	memset(k, 0, sizeof(*k));
	if (g->curve == 0)
		return ec_no_curve(cmd, "key parameters");
	k->type = EMBER_PKEY_EC;
	k->params_only = 1;
	k->u.ec.curve = g->curve;
	k->u.ec.len = ember_ecc_curve_len(g->curve);
	return 0;
}

static int ec_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	int curve = k->type == EMBER_PKEY_EC && k->params_only ? k->u.ec.curve : g->curve, ret;

	if (k->type == EMBER_PKEY_EC && g->curve != 0 && g->curve != curve)
		return tool_error(cmd, "-pkeyopt ec_paramgen_curve: the parameter file's curve is %s",
		    ember_ecc_curve_name(curve));
	memset(k, 0, sizeof(*k));
	if (curve == 0)
		return ec_no_curve(cmd, "key");
	if ((ret = ember_ecc_generate_key(&k->u.ec, curve)) != 0)
		return tool_error(cmd, "Error generating EC key: %s", ember_strerror(ret));
	k->type = EMBER_PKEY_EC;
	k->has_private = 1;
	return 0;
}

/* ECDSA over a digest (or bytes taken as one), DER SEQUENCE { r, s }; hedged k (ecc.h). */
static int ec_sign(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in, size_t in_len,
    uint8_t *sig, size_t *sig_len)
{
	uint8_t raw[EMBER_ECDSA_MAX_SIG_LEN];
	size_t n = 2 * k->u.ec.len;
	int ret;

	if (so->pss)
		return EMBER_EINVAL;
	ret = ember_ecdsa_sign(&k->u.ec, hd, in, in_len, 0, raw, n);
	if (ret == 0)
		ret = ember_ecdsa_sig_to_der(raw, n, sig, PKEY_SIG_MAX, sig_len);
	ember_wipe(raw, sizeof(raw));
	return ret;
}

static int ec_verify(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, const uint8_t *sig, size_t sig_len)
{
	(void)hd;
	if (so->pss)
		return EMBER_EINVAL;
	return ember_ecdsa_verify_der(&k->u.ec, in, in_len, sig, sig_len) == 0 ? 0 : EMBER_EVERIFY;
}

/* ECDH: the x coordinate of d Q_peer, the curve's length (SP 800-56A, as openssl's default, no KDF). */
static int ec_derive(const ember_pkey *k, const ember_pkey *peer, uint8_t *out, size_t *out_len)
{
	if (!k->has_private || peer->u.ec.curve != k->u.ec.curve)
		return EMBER_EINVAL;
	*out_len = k->u.ec.len;
	return ember_ecdh_key(&k->u.ec, &peer->u.ec, out, *out_len);
}

static void x25519_print(FILE *f, const ember_pkey *k, int pub)
{
	if (k->has_private && !pub) {
		fprintf(f, "X25519 Private-Key:\n");
		pkey_print_buf(f, "priv:", k->u.x25519.priv, EMBER_X25519_KEY_LEN);
	} else {
		fprintf(f, "X25519 Public-Key:\n");
	}
	pkey_print_buf(f, "pub:", k->u.x25519.pub, EMBER_X25519_KEY_LEN);
}

static int x25519_check(ember_pkey *k, char *why, size_t why_len)
{
	uint8_t pub[EMBER_X25519_KEY_LEN];
	int bad;

	if (!k->has_private)
		return 0;
	bad = ember_x25519_public_key(pub, k->u.x25519.priv) != 0 || memcmp(pub, k->u.x25519.pub, sizeof(pub)) != 0;
	if (bad)
		snprintf(why, why_len, "the public key is not the private key's");
	return bad;
}

/* X25519 and Ed25519 take no -pkeyopt. */
static int no_gen_opt(const char *cmd, pkey_gen *g, const char *name, const char *value)
{
	(void)cmd;
	(void)g;
	(void)name;
	(void)value;
	return -1;
}

static int x25519_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	int ret;

	(void)g;
	memset(k, 0, sizeof(*k));
	if ((ret = ember_x25519_generate(k->u.x25519.priv, k->u.x25519.pub)) != 0)
		return tool_error(cmd, "Error generating X25519 key: %s", ember_strerror(ret));
	k->type = EMBER_PKEY_X25519;
	k->has_private = 1;
	return 0;
}

/* RFC 7748 6.1; an all-zero result (a peer key of small order) is EMBER_EZEROSECRET, as openssl refuses it. */
static int x25519_derive(const ember_pkey *k, const ember_pkey *peer, uint8_t *out, size_t *out_len)
{
	if (!k->has_private)
		return EMBER_EINVAL;
	*out_len = EMBER_X25519_SHARED_LEN;
	return ember_x25519(out, k->u.x25519.priv, peer->u.x25519.pub);
}

static void ed25519_print(FILE *f, const ember_pkey *k, int pub)
{
	if (k->has_private && !pub) {
		fprintf(f, "ED25519 Private-Key:\n");
		pkey_print_buf(f, "priv:", k->u.ed25519.seed, EMBER_ED25519_SEED_LEN);
	} else {
		fprintf(f, "ED25519 Public-Key:\n");
	}
	pkey_print_buf(f, "pub:", k->u.ed25519.pub, EMBER_ED25519_PUBLIC_LEN);
}

static int ed25519_check(ember_pkey *k, char *why, size_t why_len)
{
	uint8_t pub[EMBER_ED25519_PUBLIC_LEN];
	int bad;

	if (!k->has_private)
		return 0;
	bad = ember_ed25519_public_key(pub, k->u.ed25519.seed) != 0 ||
	    memcmp(pub, k->u.ed25519.pub, sizeof(pub)) != 0;
	if (bad)
		snprintf(why, why_len, "the public key is not the private key's");
	return bad;
}

static int ed25519_gen_key(const char *cmd, const pkey_gen *g, ember_pkey *k)
{
	int ret;

	(void)g;
	memset(k, 0, sizeof(*k));
	if ((ret = ember_ed25519_generate(&k->u.ed25519)) != 0)
		return tool_error(cmd, "Error generating ED25519 key: %s", ember_strerror(ret));
	k->type = EMBER_PKEY_ED25519;
	k->has_private = 1;
	return 0;
}

/* Pure Ed25519 (RFC 8032 5.1) of the message itself: message_only, never a digest. */
static int ed25519_sign(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, uint8_t *sig, size_t *sig_len)
{
	if (so->pss || hd != NULL)
		return EMBER_EINVAL;
	*sig_len = EMBER_ED25519_SIG_LEN;
	return ember_ed25519_sign(&k->u.ed25519, sig, in, in_len);
}

static int ed25519_verify(ember_pkey *k, const pkey_sigopts *so, const ember_hash_desc *hd, const uint8_t *in,
    size_t in_len, const uint8_t *sig, size_t sig_len)
{
	if (so->pss || hd != NULL)
		return EMBER_EINVAL;
	/* a signature of another length is a failed verification, not an error (openssl's verdict too) */
	return ember_ed25519_verify(k->u.ed25519.pub, in, in_len, sig, sig_len) == 0 ? 0 : EMBER_EVERIFY;
}

/* ---- the table ---- */

static int rsa_check_op(ember_pkey *k, char *why, size_t why_len)
{
	return rsa_check(k, why, why_len);
}

static const pkey_ops rsa_ops = { EMBER_PKEY_RSA, "RSA", rsa_gen_opt, NULL, rsa_gen_key, pkey_rsa_print, rsa_check_op,
	rsa_sign, rsa_verify, NULL, 0, NULL, NULL };
static const pkey_ops dsa_ops = { EMBER_PKEY_DSA, "DSA", dsa_gen_opt, dsa_gen_params, dsa_gen_key, dsa_print, dsa_check,
	dsa_sign, dsa_verify, NULL, 0, NULL, NULL };
static const pkey_ops ec_ops = { EMBER_PKEY_EC, "EC", ec_gen_opt, ec_gen_params, ec_gen_key, ec_print, ec_check, ec_sign,
	ec_verify, ec_derive, 0, NULL, NULL };
static const pkey_ops x25519_ops = { EMBER_PKEY_X25519, "X25519", no_gen_opt, NULL, x25519_gen_key, x25519_print,
	x25519_check, NULL, NULL, x25519_derive, 0, NULL, NULL };
static const pkey_ops ed25519_ops = { EMBER_PKEY_ED25519, "ED25519", no_gen_opt, NULL, ed25519_gen_key, ed25519_print,
	ed25519_check, ed25519_sign, ed25519_verify, NULL, 1, NULL, NULL };

/* in this order in pkey_ops_names */
static const pkey_ops *const types[] = {
	&rsa_ops,
	&dsa_ops,
	&ec_ops,
	&x25519_ops,
	&ed25519_ops,
	&pkey_ops_mldsa44,
	&pkey_ops_mldsa65,
	&pkey_ops_mldsa87,
	&pkey_ops_mlkem512,
	&pkey_ops_mlkem768,
	&pkey_ops_mlkem1024,
};
#define NTYPES (sizeof(types) / sizeof(types[0]))

const pkey_ops *pkey_ops_of(int type)
{
	size_t i;

	for (i = 0; i < NTYPES; i++)
		if (types[i]->type == type)
			return types[i];
	return NULL;
}

/* openssl's names, case-insensitive ("ed25519", "Ec"); the library's own names too */
const pkey_ops *pkey_ops_by_name(const char *name)
{
	size_t i, j;

	for (i = 0; i < NTYPES; i++) {
		const char *n = types[i]->name;
		for (j = 0; n[j] && name[j] && (n[j] | 0x20) == (name[j] | 0x20); j++)
			;
		if (n[j] == 0 && name[j] == 0)
			return types[i];
	}
	return pkey_ops_of(ember_pkey_type_of(name));
}

const char *pkey_describe(const ember_pkey *k, char *buf, size_t len)
{
	const pkey_ops *ops = pkey_ops_of(k->type);

	if (k->type == EMBER_PKEY_EC)
		snprintf(buf, len, "EC %s", ember_ecc_curve_name(k->u.ec.curve) ? ember_ecc_curve_name(k->u.ec.curve) : "?");
	else
		snprintf(buf, len, "%s", ops ? ops->name : "unknown");
	return buf;
}

const char *pkey_ops_names(void)
{
	static char buf[256];
	size_t i, n = 0;

	if (buf[0] == 0)
		for (i = 0; i < NTYPES && n < sizeof(buf); i++)
			n += (size_t)snprintf(buf + n, sizeof(buf) - n, "%s%s", i ? ", " : "", types[i]->name);
	return buf;
}
