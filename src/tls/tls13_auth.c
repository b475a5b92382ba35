/*
 * tls13_auth.c - what the handshake asks of the primitives: key shares of
 * the four groups (4.2.8; X25519MLKEM768 as draft-ietf-tls-ecdhe-mlkem)
 * and CertificateVerify's signatures (4.4.3) with the schemes of tls.h.
 * P-256/P-384 shares are uncompressed points only (4.2.8.2) and fully
 * validated; an X25519 share of small order is refused (7.4.2).
 */
#include <string.h>

#include "ember/ecc.h"
#include "ember/hybrid.h"
#include "ember/mldsa.h"
#include "ember/x25519.h"
#include "tls13_hs.h"

static int curve_of(uint16_t group)
{
	return group == EMBER_TLS_GROUP_SECP256R1 ? EMBER_ECC_P256 :
	    group == EMBER_TLS_GROUP_SECP384R1    ? EMBER_ECC_P384 :
	                                            0;
}

size_t tls13_share_len(uint16_t group, int server)
{
	switch (group) {
	case EMBER_TLS_GROUP_X25519:
		return 32;
	case EMBER_TLS_GROUP_SECP256R1:
		return 65;
	case EMBER_TLS_GROUP_SECP384R1:
		return 97;
	case EMBER_TLS_GROUP_X25519MLKEM768:
		return server ? EMBER_X25519MLKEM768_SERVER_SHARE_LEN : EMBER_X25519MLKEM768_CLIENT_SHARE_LEN;
	default:
		return 0;
	}
}

int tls13_share_keygen(ember_tls13_conn *c, uint16_t group, uint8_t *share)
{
	ember_ecc_key k;
	size_t len;
	int ret;

	tls13_share_clear(c);
	switch (group) {
	case EMBER_TLS_GROUP_X25519:
		return ember_x25519_generate(c->kx.x25519, share);
	case EMBER_TLS_GROUP_X25519MLKEM768:
		return ember_x25519mlkem768_keygen(share, c->kx.hybrid);
	default:
		ret = ember_ecc_generate_key(&k, curve_of(group));
		if (!ret)
			ret = ember_ecc_key_public(&k, 0, share, tls13_share_len(group, 0), &len);
		if (!ret) {
			c->kx.ec.curve = k.curve;
			memcpy(c->kx.ec.d, k.d, k.len);
			memcpy(c->kx.ec.q, k.q, 2 * k.len);
		}
		ember_ecc_key_clear(&k);
		return ret;
	}
}

/* ECDH with a validated uncompressed point |peer|; the secret is x (len bytes). */
static int ecdh(const ember_ecc_key *k, const uint8_t *peer, size_t peer_len, uint8_t *ss, size_t *ss_len)
{
	if (peer_len != 1 + 2 * k->len || peer[0] != 4)
		return EMBER_EDECODE;
	*ss_len = k->len;
	return ember_ecdh(k, peer, peer_len, ss, k->len);
}

int tls13_share_respond(uint16_t group, const uint8_t *peer, size_t peer_len, uint8_t *share, uint8_t *ss,
    size_t *ss_len)
{
	uint8_t priv[EMBER_X25519_KEY_LEN];
	ember_ecc_key k;
	size_t len;
	int ret;

	if (peer_len != tls13_share_len(group, 0))
		return EMBER_ELEN;
	switch (group) {
	case EMBER_TLS_GROUP_X25519:
		ret = ember_x25519_generate(priv, share);
		if (!ret)
			ret = ember_x25519(ss, priv, peer);
		ember_wipe(priv, sizeof(priv));
		*ss_len = 32;
		return ret;
	case EMBER_TLS_GROUP_X25519MLKEM768:
		*ss_len = EMBER_X25519MLKEM768_SS_LEN;
		return ember_x25519mlkem768_encaps(share, ss, peer, peer_len);
	default:
		ret = ember_ecc_generate_key(&k, curve_of(group));
		if (!ret)
			ret = ember_ecc_key_public(&k, 0, share, tls13_share_len(group, 1), &len);
		if (!ret)
			ret = ecdh(&k, peer, peer_len, ss, ss_len);
		ember_ecc_key_clear(&k);
		return ret;
	}
}

int tls13_share_finish(ember_tls13_conn *c, const uint8_t *peer, size_t peer_len, uint8_t *ss, size_t *ss_len)
{
	ember_ecc_key k;
	int ret = 0;

	if (peer_len != tls13_share_len(c->group, 1))
		return EMBER_ELEN;
	switch (c->group) {
	case EMBER_TLS_GROUP_X25519:
		*ss_len = 32;
		return ember_x25519(ss, c->kx.x25519, peer);
	case EMBER_TLS_GROUP_X25519MLKEM768:
		*ss_len = EMBER_X25519MLKEM768_SS_LEN;
		return ember_x25519mlkem768_decaps(ss, c->kx.hybrid, peer, peer_len);
	default:
		/* the key tls13_share_keygen made, d and Q both: Q = d G is not computed twice */
		memset(&k, 0, sizeof(k));
		k.curve = c->kx.ec.curve;
		k.len = ember_ecc_curve_len(k.curve);
		k.has_private = 1;
		if (k.len == 0 || k.len > sizeof(c->kx.ec.d))
			ret = EMBER_EINVAL;
		if (!ret) {
			memcpy(k.d, c->kx.ec.d, k.len);
			memcpy(k.q, c->kx.ec.q, 2 * k.len);
			ret = ecdh(&k, peer, peer_len, ss, ss_len);
		}
		ember_ecc_key_clear(&k);
		return ret;
	}
}

void tls13_share_clear(ember_tls13_conn *c)
{
	ember_wipe(&c->kx, sizeof(c->kx));
}

/* ---- CertificateVerify ---- */

static int mldsa_set_of(int type)
{
	return type == EMBER_PKEY_MLDSA44 ? 44 : type == EMBER_PKEY_MLDSA65 ? 65 : type == EMBER_PKEY_MLDSA87 ? 87 : 0;
}

/* 1 when key type |type| (curve |curve| for EC) signs with |scheme|; in TLS 1.2 (|v12|) an ECDSA
   scheme names the hash only, any curve (RFC 5246 7.4.1.4.1: ecdsa_sha256 ...). */
static int fits(int type, int curve, uint16_t scheme, int v12)
{
	switch (scheme) {
	case EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256:
		return type == EMBER_PKEY_EC && (v12 || curve == EMBER_ECC_P256);
	case EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384:
		return type == EMBER_PKEY_EC && (v12 || curve == EMBER_ECC_P384);
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA256:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA384:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA512:
		return type == EMBER_PKEY_RSA;
	case EMBER_TLS_SIG_ED25519:
		return type == EMBER_PKEY_ED25519;
	case EMBER_TLS_SIG_MLDSA44:
		return mldsa_set_of(type) == 44;
	case EMBER_TLS_SIG_MLDSA65:
		return mldsa_set_of(type) == 65;
	case EMBER_TLS_SIG_MLDSA87:
		return mldsa_set_of(type) == 87;
	default:
		return 0;
	}
}

int tls_sig_fits(const ember_pkey *k, uint16_t scheme, int v12)
{
	return fits(k->type, k->type == EMBER_PKEY_EC ? k->u.ec.curve : 0, scheme, v12);
}

uint16_t tls13_sig_pick(const ember_pkey *k, const uint16_t *offered, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!tls_sig_pkcs1(offered[i]) && tls_sig_fits(k, offered[i], 0)) /* 4.2.3: no PKCS#1 in TLS 1.3 */
			return offered[i];
	return 0;
}

size_t tls13_sig_max(const ember_pkey *k)
{
	switch (k->type) {
	case EMBER_PKEY_EC:
		return 2 * k->u.ec.len + 9; /* DER SEQUENCE of two INTEGERs */
	case EMBER_PKEY_RSA:
		return k->u.rsa.pub.len;
	case EMBER_PKEY_ED25519:
		return EMBER_ED25519_SIG_LEN;
	default:
		return EMBER_MLDSA_SIG_LEN(mldsa_set_of(k->type));
	}
}

size_t tls13_cv_content(uint8_t *out, int server, const uint8_t *th, size_t th_len)
{
	static const char sl[] = "TLS 1.3, server CertificateVerify", cl[] = "TLS 1.3, client CertificateVerify";

	memset(out, 0x20, 64);
	memcpy(out + 64, server ? sl : cl, sizeof(sl)); /* with its terminating 0, the separator */
	memcpy(out + 64 + sizeof(sl), th, th_len);
	return 64 + sizeof(sl) + th_len;
}

static const ember_hash_desc *scheme_hash(uint16_t scheme)
{
	switch (scheme) {
	case EMBER_TLS_SIG_ECDSA_SECP256R1_SHA256:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA256:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA256:
		return ember_hash_find("sha256", NULL);
	case EMBER_TLS_SIG_ECDSA_SECP384R1_SHA384:
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA384:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA384:
		return ember_hash_find("sha384", NULL);
	case EMBER_TLS_SIG_RSA_PSS_RSAE_SHA512:
	case EMBER_TLS_SIG_RSA_PKCS1_SHA512:
		return ember_hash_find("sha512", NULL);
	default:
		return NULL;
	}
}

int tls13_sign(ember_pkey *k, uint16_t scheme, int v12, const uint8_t *msg, size_t len, uint8_t *sig, size_t cap,
    size_t *sig_len)
{
	const ember_hash_desc *hd = scheme_hash(scheme);
	uint8_t dg[64], rs[EMBER_ECDSA_MAX_SIG_LEN];
	size_t n;
	int ret;

	if (!fits(k->type, k->type == EMBER_PKEY_EC ? k->u.ec.curve : 0, scheme, v12) || !k->has_private)
		return EMBER_EINVAL;
	if (hd)
		ember_hash(hd, dg, msg, len);
	switch (k->type) {
	case EMBER_PKEY_EC:
		n = 2 * k->u.ec.len;
		ret = ember_ecdsa_sign(&k->u.ec, hd, dg, hd->digest_len, 0, rs, n);
		if (!ret)
			ret = ember_ecdsa_sig_to_der(rs, n, sig, cap, sig_len);
		return ret;
	case EMBER_PKEY_RSA:
		if (cap < k->u.rsa.pub.len)
			return EMBER_ELEN;
		*sig_len = k->u.rsa.pub.len;
		if (tls_sig_pkcs1(scheme))
			return ember_rsa_pkcs1_sign(&k->u.rsa, hd, dg, hd->digest_len, sig, *sig_len);
		return ember_rsa_pss_sign(&k->u.rsa, hd, NULL, NULL, hd->digest_len, dg, hd->digest_len, sig, *sig_len);
	case EMBER_PKEY_ED25519:
		if (cap < EMBER_ED25519_SIG_LEN)
			return EMBER_ELEN;
		*sig_len = EMBER_ED25519_SIG_LEN;
		return ember_ed25519_sign(&k->u.ed25519, sig, msg, len);
	default:
		n = EMBER_MLDSA_SIG_LEN(mldsa_set_of(k->type));
		if (cap < n)
			return EMBER_ELEN;
		*sig_len = n;
		return ember_mldsa_sign(mldsa_set_of(k->type), sig, n, k->u.mldsa.sk,
		    EMBER_MLDSA_SK_LEN(mldsa_set_of(k->type)), msg, len, NULL, 0);
	}
}

int tls13_verify(const uint8_t *spki, size_t spki_len, uint16_t scheme, int v12, const uint8_t *msg, size_t len,
    const uint8_t *sig, size_t sig_len)
{
	const ember_hash_desc *hd = scheme_hash(scheme);
	uint8_t dg[64];
	ember_pkey pk;
	int ret;

	if (ember_pkey_read(&pk, spki, spki_len))
		return EMBER_EINVAL;
	if (!fits(pk.type, pk.type == EMBER_PKEY_EC ? pk.u.ec.curve : 0, scheme, v12)) {
		ember_pkey_clear(&pk);
		return EMBER_EINVAL;
	}
	if (hd)
		ember_hash(hd, dg, msg, len);
	switch (pk.type) {
	case EMBER_PKEY_EC:
		ret = ember_ecdsa_verify_der(&pk.u.ec, dg, hd->digest_len, sig, sig_len);
		break;
	case EMBER_PKEY_RSA:
		if (tls_sig_pkcs1(scheme)) {
			ret = ember_rsa_pkcs1_verify(&pk.u.rsa.pub, hd, dg, hd->digest_len, sig, sig_len);
			break;
		}
		ret = ember_rsa_pss_verify(&pk.u.rsa.pub, hd, NULL, hd->digest_len, dg, hd->digest_len, sig, sig_len);
		break;
	case EMBER_PKEY_ED25519:
		ret = ember_ed25519_verify(pk.u.ed25519.pub, msg, len, sig, sig_len);
		break;
	default:
		ret = ember_mldsa_verify(mldsa_set_of(pk.type), pk.u.mldsa.pk, EMBER_MLDSA_PK_LEN(mldsa_set_of(pk.type)), msg,
		    len, NULL, 0, sig, sig_len);
		break;
	}
	ember_pkey_clear(&pk);
	return ret ? EMBER_EVERIFY : 0;
}
