/*
 * x509_verify.c - signatures by a certificate's key, and the chain
 * verification a TLS 1.3 client runs on the server's Certificate message
 * (RFC 5280 6.1, anchors given by the caller, one reason per refusal),
 * over x509.c's parse. Nothing is allocated; the largest object on the
 * stack is one public key (x509_key: an RSA public key with its
 * Montgomery context, about 3 KiB).
 */
#include "ember/mldsa.h"
#include "x509/x509_int.h"


/* The digest of a signature algorithm, and the key type it needs. */
static const char *alg_hash(int alg, int pss_hash, int *key_type)
{
	*key_type = EMBER_PKEY_RSA;
	switch (alg) {
	case EMBER_X509_SIG_RSA_PKCS1_SHA1: return "sha1";
	case EMBER_X509_SIG_MD5_RSA: return "md5";
	case EMBER_X509_SIG_RSA_PKCS1_SHA256:
	case EMBER_X509_SIG_RSA_PSS_SHA256: return "sha256";
	case EMBER_X509_SIG_RSA_PKCS1_SHA384:
	case EMBER_X509_SIG_RSA_PSS_SHA384: return "sha384";
	case EMBER_X509_SIG_RSA_PKCS1_SHA512:
	case EMBER_X509_SIG_RSA_PSS_SHA512: return "sha512";
	case EMBER_X509_SIG_RSA_PSS:
		return pss_hash == EMBER_X509_HASH_SHA256 ? "sha256" :
		       pss_hash == EMBER_X509_HASH_SHA384 ? "sha384" :
		       pss_hash == EMBER_X509_HASH_SHA512 ? "sha512" : NULL;
	case EMBER_X509_SIG_ECDSA_SHA256: *key_type = EMBER_PKEY_EC; return "sha256";
	case EMBER_X509_SIG_ECDSA_SHA384: *key_type = EMBER_PKEY_EC; return "sha384";
	case EMBER_X509_SIG_ECDSA_SHA512: *key_type = EMBER_PKEY_EC; return "sha512";
	case EMBER_X509_SIG_ED25519: *key_type = EMBER_PKEY_ED25519; return "";
	case EMBER_X509_SIG_MLDSA44: *key_type = EMBER_PKEY_MLDSA44; return "";
	case EMBER_X509_SIG_MLDSA65: *key_type = EMBER_PKEY_MLDSA65; return "";
	case EMBER_X509_SIG_MLDSA87: *key_type = EMBER_PKEY_MLDSA87; return "";
	default: *key_type = EMBER_PKEY_NONE; return NULL;
	}
}

/* |sig| over |msg| with loaded key |k|: 0, EMBER_EVERIFY, EMBER_EINVAL (key and algorithm differ), EMBER_ENOTSUP. */
static int verify_with(const x509_key *k, int alg, int pss_hash, size_t pss_salt, const uint8_t *msg, size_t msg_len,
    const uint8_t *sig, size_t sig_len)
{
	const ember_hash_desc *hd = NULL;
	uint8_t digest[64];
	int need, ret;
	const char *hname = alg_hash(alg, pss_hash, &need);

	if (hname == NULL)
		return EMBER_ENOTSUP;
	if (need != k->type)
		return EMBER_EINVAL;
	if (hname[0]) {
		if ((hd = ember_hash_find(hname, NULL)) == NULL || hd->digest_len > sizeof(digest))
			return EMBER_ENOTSUP;
		ember_hash(hd, digest, msg, msg_len);
	}
	switch (alg) {
	case EMBER_X509_SIG_RSA_PSS:
		ret = ember_rsa_pss_verify(&k->u.rsa, hd, hd, pss_salt, digest, hd->digest_len, sig, sig_len);
		break;
	case EMBER_X509_SIG_RSA_PSS_SHA256:
	case EMBER_X509_SIG_RSA_PSS_SHA384:
	case EMBER_X509_SIG_RSA_PSS_SHA512:
		ret = ember_rsa_pss_verify(&k->u.rsa, hd, hd, hd->digest_len, digest, hd->digest_len, sig, sig_len);
		break;
	case EMBER_X509_SIG_ECDSA_SHA256:
	case EMBER_X509_SIG_ECDSA_SHA384:
	case EMBER_X509_SIG_ECDSA_SHA512:
		ret = ember_ecdsa_verify_der(&k->u.ec, digest, hd->digest_len, sig, sig_len);
		break;
	case EMBER_X509_SIG_ED25519:
		ret = k->raw_len == EMBER_ED25519_PUBLIC_LEN ? ember_ed25519_verify(k->raw, msg, msg_len, sig, sig_len) :
		                                               EMBER_EVERIFY;
		break;
	case EMBER_X509_SIG_MLDSA44:
	case EMBER_X509_SIG_MLDSA65:
	case EMBER_X509_SIG_MLDSA87:
		ret = ember_mldsa_verify(x509_mldsa_set(k->type), k->raw, k->raw_len, msg, msg_len, NULL, 0, sig, sig_len);
		break;
	default: /* PKCS#1 v1.5 */
		ret = ember_rsa_pkcs1_verify(&k->u.rsa, hd, digest, hd->digest_len, sig, sig_len);
		break;
	}
	return ret == 0 ? 0 : EMBER_EVERIFY;
}

int ember_x509_verify_signed(const ember_x509_cert *c, int alg, const uint8_t *msg, size_t msg_len,
    const uint8_t *sig, size_t sig_len)
{
	x509_key k;
	int need, ret;

	if (c == NULL || (msg == NULL && msg_len) || sig == NULL)
		return EMBER_EINVAL;
	if (alg_hash(alg, c->pss_hash, &need) == NULL)
		return EMBER_ENOTSUP;
	if (need != c->key_type)
		return EMBER_EINVAL;
	if ((ret = x509_key_load(c, &k)) != 0)
		return ret;
	ret = verify_with(&k, alg, c->pss_hash, c->pss_salt_len, msg, msg_len, sig, sig_len);
	ember_wipe(&k, sizeof(k)); /* public, but the stack is left as found */
	return ret;
}

/* ---- Chains ---- */

const char *ember_x509_reason_name(int reason)
{
	static const char *const names[] = { "ok", "bad encoding", "bad signature", "unknown issuer", "expired",
		"not yet valid", "issuer is not a CA", "path length exceeded", "key usage", "extended key usage",
		"unknown critical extension", "host name mismatch", "weak key", "weak hash", "unsupported algorithm",
		"chain too long" };

	if (reason < 0 || (size_t)reason >= sizeof(names) / sizeof(names[0]))
		return "unknown reason";
	return names[reason];
}

static int same(const uint8_t *a, size_t alen, const uint8_t *b, size_t blen)
{
	return alen == blen && memcmp(a, b, alen) == 0;
}

/* What every certificate of the path (and its anchor) must meet: a reason. */
static int cert_checks(const ember_x509_cert *c, const ember_x509_verify_params *p, x509_key *k)
{
	if (c->unknown_critical)
		return EMBER_X509_UNKNOWN_CRITICAL;
	if (p->now < c->not_before)
		return EMBER_X509_NOT_YET_VALID;
	if (p->now > c->not_after)
		return EMBER_X509_EXPIRED;
	if (x509_key_peek(c, k) != 0)
		return EMBER_X509_BAD_ENCODING;
	if (k->type == EMBER_PKEY_RSA && k->rsa_bits < 2048 && !(p->flags & EMBER_X509_ALLOW_WEAK_RSA))
		return EMBER_X509_WEAK_KEY;
	return EMBER_X509_OK;
}

/*
 * What an issuer must be (RFC 5280 6.1.4 (k), (l), (m), (n)); |below| is the
 * number of non-self-issued intermediates between it and the leaf.
 */
static int issuer_checks(const ember_x509_cert *c, int anchor, int below)
{
	if (c->version == 1 && !anchor)
		return EMBER_X509_NOT_CA;
	if (c->version == 3 && (!c->has_basic_constraints || !c->is_ca))
		return EMBER_X509_NOT_CA;
	if (c->has_key_usage && !(c->key_usage & EMBER_X509_KU_KEY_CERT_SIGN))
		return EMBER_X509_KEY_USAGE;
	if (c->path_len >= 0 && below > c->path_len)
		return EMBER_X509_PATH_LEN;
	return EMBER_X509_OK;
}

/* The signature of |c| by |issuer|: a reason. */
static int sig_check(const ember_x509_cert *c, const ember_x509_cert *issuer, const ember_x509_verify_params *p,
    x509_key *k)
{
	int ret;

	if (c->sig_alg == EMBER_X509_SIG_UNKNOWN)
		return EMBER_X509_UNSUPPORTED_ALG;
	if ((c->sig_alg == EMBER_X509_SIG_RSA_PKCS1_SHA1 || c->sig_alg == EMBER_X509_SIG_MD5_RSA) &&
	    !(p->flags & EMBER_X509_ALLOW_SHA1))
		return EMBER_X509_WEAK_HASH;
	ret = x509_key_load(issuer, k);
	if (ret == EMBER_ENOTSUP)
		return EMBER_X509_UNSUPPORTED_ALG;
	if (ret != 0)
		return EMBER_X509_BAD_ENCODING;
	ret = verify_with(k, c->sig_alg, c->pss_hash, c->pss_salt_len, c->tbs, c->tbs_len, c->sig, c->sig_len);
	if (ret == EMBER_ENOTSUP)
		return EMBER_X509_UNSUPPORTED_ALG;
	return ret == 0 ? EMBER_X509_OK : EMBER_X509_BAD_SIGNATURE;
}

static int verify_chain(const uint8_t *const *chain, const size_t *lens, size_t n, const ember_x509_verify_params *p,
    ember_x509_cert *certs, ember_x509_cert *anchor, x509_key *k)
{
	size_t m, i, j, a;
	int r, below, found_name = 0, sig_reason = EMBER_X509_UNKNOWN_ISSUER, self_anchor = 0;

	for (i = 0; i < n; i++)
		if (chain[i] == NULL || ember_x509_parse(&certs[i], chain[i], lens[i]) != 0)
			return EMBER_X509_BAD_ENCODING;
	/* the path ends at the first certificate that is an anchor itself, else at the last */
	m = n;
	for (i = 0; i < n && !self_anchor; i++)
		for (a = 0; a < p->n_anchors; a++)
			if (p->anchors[a] != NULL && same(chain[i], lens[i], p->anchors[a], p->anchor_lens[a])) {
				m = i + 1;
				self_anchor = 1;
				break;
			}
	for (i = 0; i < m; i++) {
		if ((r = cert_checks(&certs[i], p, k)) != EMBER_X509_OK)
			return r;
		if (i == 0)
			continue;
		/* certs[i] issued certs[i - 1]: it is a CA with room below it */
		for (below = 0, j = 1; j < i; j++)
			below += !same(certs[j].issuer, certs[j].issuer_len, certs[j].subject, certs[j].subject_len);
		if (!same(certs[i - 1].issuer, certs[i - 1].issuer_len, certs[i].subject, certs[i].subject_len))
			return EMBER_X509_UNKNOWN_ISSUER;
		if ((r = issuer_checks(&certs[i], self_anchor && i == m - 1, below)) != EMBER_X509_OK)
			return r;
		if ((r = sig_check(&certs[i - 1], &certs[i], p, k)) != EMBER_X509_OK)
			return r;
	}
	if (!self_anchor) {
		/* the top of the path is issued by an anchor: the first whose name and signature fit */
		const ember_x509_cert *top = &certs[m - 1];
		for (a = 0; a < p->n_anchors; a++) {
			if (p->anchors[a] == NULL || ember_x509_parse(anchor, p->anchors[a], p->anchor_lens[a]) != 0)
				continue; /* an anchor that does not parse trusts nothing */
			if (!same(top->issuer, top->issuer_len, anchor->subject, anchor->subject_len))
				continue;
			found_name = 1;
			r = sig_check(top, anchor, p, k);
			if (r == EMBER_X509_OK)
				break;
			sig_reason = r;
		}
		if (a == p->n_anchors)
			return found_name ? sig_reason : EMBER_X509_UNKNOWN_ISSUER;
		if ((r = cert_checks(anchor, p, k)) != EMBER_X509_OK)
			return r;
		for (below = 0, j = 1; j < m; j++)
			below += !same(certs[j].issuer, certs[j].issuer_len, certs[j].subject, certs[j].subject_len);
		if ((r = issuer_checks(anchor, 1, below)) != EMBER_X509_OK)
			return r;
	}
	/* the leaf, for a TLS server (RFC 5280 4.2.1.3, 4.2.1.12) */
	if (certs[0].has_key_usage && !(certs[0].key_usage & EMBER_X509_KU_DIGITAL_SIGNATURE))
		return EMBER_X509_KEY_USAGE;
	if (certs[0].has_eku && !certs[0].eku_server_auth && !certs[0].eku_any)
		return EMBER_X509_EKU;
	if (p->host != NULL && ember_x509_check_host(&certs[0], p->host) != 0)
		return EMBER_X509_HOST_MISMATCH;
	return EMBER_X509_OK;
}

int ember_x509_verify_chain(const uint8_t *const *chain, const size_t *lens, size_t n,
    const ember_x509_verify_params *p, ember_x509_cert *leaf, int *reason)
{
	ember_x509_cert certs[EMBER_X509_MAX_CHAIN], anchor;
	x509_key k;
	int r;

	if (reason != NULL)
		*reason = EMBER_X509_BAD_ENCODING;
	if (chain == NULL || lens == NULL || p == NULL || n == 0 ||
	    (p->n_anchors && (p->anchors == NULL || p->anchor_lens == NULL)))
		return EMBER_EINVAL;
	if (n > EMBER_X509_MAX_CHAIN) {
		if (reason != NULL)
			*reason = EMBER_X509_CHAIN_TOO_LONG;
		return EMBER_EVERIFY;
	}
	r = verify_chain(chain, lens, n, p, certs, &anchor, &k);
	ember_wipe(&k, sizeof(k));
	if (reason != NULL)
		*reason = r;
	if (r == EMBER_X509_BAD_ENCODING)
		return EMBER_EDECODE;
	if (r != EMBER_X509_OK)
		return EMBER_EVERIFY;
	if (leaf != NULL)
		*leaf = certs[0];
	return 0;
}
