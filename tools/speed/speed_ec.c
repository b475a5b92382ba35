/*
 * speed_ec.c - the curve rows of `ember speed` in the "ember" engine:
 * ecdsap256, ecdsap384, ecdhp256, ecdhp384, ecdhx25519, ed25519, each under
 * one backend of the registry (ember_ec_find: x86adx, ref, ref32 ...).
 *
 * What is timed is what openssl 3.0's speed times:
 *   ECDSA    a signature (hedged RFC 6979 k, the library's default) of a
 *            20-byte message taken as the digest (openssl signs 20 bytes of
 *            its buffer with EVP_PKEY_sign), and the verification of one;
 *   ECDH     one shared-secret derivation with a fixed peer key, already
 *            decoded and validated (openssl: EVP_PKEY_derive on a context
 *            whose peer was set once), no key generation;
 *   X25519   the same: one X25519 of the private key and the peer's key;
 *   Ed25519  a signature of a 20-byte message and its verification
 *            (openssl: EVP_DigestSign/EVP_DigestVerify over 20 bytes).
 * Keys are generated once, before timing, from the system's random source
 * (openssl speed generates its keys before timing too); the cost of these
 * operations does not depend on the key.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/bn.h"
#include "ember/ecc.h"
#include "ember/ed25519.h"
#include "ember/util.h"
#include "ember/x25519.h"
#include "speed_ec.h"
#include "speed_keys.h"

enum { EC_ECDSA = 1, EC_ECDH, EC_X25519, EC_ED25519 };

static const struct ec_word {
	const char *word;
	int kind;
	const char *curve; /* the registry's name (ember_ec_find) */
	int ecc;           /* enum ember_ecc_curve for P-256/P-384 */
} ec_words[] = {
	{ "ecdsap256", EC_ECDSA, "p256", EMBER_ECC_P256 },
	{ "ecdsap384", EC_ECDSA, "p384", EMBER_ECC_P384 },
	{ "ecdhp256", EC_ECDH, "p256", EMBER_ECC_P256 },
	{ "ecdhp384", EC_ECDH, "p384", EMBER_ECC_P384 },
	{ "ecdhx25519", EC_X25519, "x25519", 0 },
	{ "ed25519", EC_ED25519, "ed25519", 0 },
};
#define NWORDS (sizeof(ec_words) / sizeof(ec_words[0]))

/* openssl speed's message length for ECDSA and EdDSA */
#define MSG_LEN 20
#define SIG_MAX (EMBER_ECDSA_MAX_SIG_LEN > EMBER_ED25519_SIG_LEN ? EMBER_ECDSA_MAX_SIG_LEN : EMBER_ED25519_SIG_LEN)

struct speed_ec {
	const struct ec_word *w;
	const ember_ec_desc *d;
	ember_ecc_key key, peer;            /* ECDSA: key; ECDH: ours and the peer's */
	ember_ed25519_key ed;
	uint8_t priv[32], pub[32], peer_priv[32], peer_pub[32]; /* X25519 */
	uint8_t msg[MSG_LEN];
	uint8_t sig[SIG_MAX], tmp[SIG_MAX];
	size_t sig_len;
};

static const struct ec_word *find_word(const char *word)
{
	return speed_word_find(ec_words, NWORDS, sizeof(ec_words[0]), word);
}

int speed_ec_known(const char *word)
{
	return find_word(word) != NULL;
}

size_t speed_ec_impls(const char *word, speed_impl *out, size_t max, char *why, size_t why_len)
{
	const struct ec_word *w = find_word(word);
	const ember_ec_desc *def;
	size_t i, n = 0;

	if (w == NULL) {
		snprintf(why, why_len, "%s: not a curve word", word ? word : "(null)");
		return 0;
	}
	def = ember_ec_find(w->curve, NULL);
	for (i = 0; i < ember_ec_count(); i++) {
		const ember_ec_desc *d = ember_ec_at(i);
		if (strcmp(d->name, w->curve) != 0)
			continue;
		if (n < max) {
			out[n].name = d->impl;
			out[n].flags = d->flags;
			out[n].supported = ember_ec_supported(d);
			out[n].preferred = d == def;
		}
		n++;
	}
	if (n == 0)
		snprintf(why, why_len, "%s: no %s backend in this build", word, w->curve);
	return n;
}

const char *speed_ec_impl_name(const speed_ec *k)
{
	return k->d->impl;
}

int speed_ec_sign(speed_ec *k)
{
	uint8_t out[EMBER_ECC_MAX_LEN];

	switch (k->w->kind) {
	case EC_ECDSA:
		return ember_ecdsa_sign(&k->key, NULL, k->msg, MSG_LEN, 0, k->tmp, k->sig_len);
	case EC_ECDH:
		return ember_ecdh_key(&k->key, &k->peer, out, k->key.len);
	case EC_X25519:
		return ember_x25519_with(k->d, out, k->priv, k->peer_pub);
	default:
		return ember_ed25519_sign_with(k->d, &k->ed, k->tmp, k->msg, MSG_LEN);
	}
}

int speed_ec_verify(speed_ec *k)
{
	switch (k->w->kind) {
	case EC_ECDSA:
		return ember_ecdsa_verify(&k->key, k->msg, MSG_LEN, k->sig, k->sig_len);
	case EC_ED25519:
		return ember_ed25519_verify_with(k->d, k->ed.pub, k->msg, MSG_LEN, k->sig, k->sig_len);
	default:
		return EMBER_EINVAL; /* ECDH has one operation */
	}
}

/* The signature of the fixed message, kept for verification. */
static int make_sig(speed_ec *k)
{
	if (k->w->kind == EC_ECDSA)
		return ember_ecdsa_sign(&k->key, NULL, k->msg, MSG_LEN, 0, k->sig, k->sig_len);
	if (k->w->kind == EC_ED25519)
		return ember_ed25519_sign_with(k->d, &k->ed, k->sig, k->msg, MSG_LEN);
	return 0;
}

speed_ec *speed_ec_new(const char *word, const char *impl, char *err, size_t err_len)
{
	const struct ec_word *w = find_word(word);
	speed_ec *k;
	uint8_t seed[EMBER_ED25519_SEED_LEN];
	size_t i;
	int ret = 0;

	if ((k = speed_key_alloc(w, word, "curve word", sizeof(*k), err, err_len)) == NULL)
		return NULL;
	k->w = w;
	k->d = ember_ec_find(w->curve, impl);
	if (k->d == NULL) {
		snprintf(err, err_len, "%s: no %s backend%s%s in this build", word, w->curve, impl ? " " : "", impl ? impl : "");
		goto fail;
	}
	if (!ember_ec_supported(k->d)) {
		snprintf(err, err_len, "%s/%s: not supported by this CPU", word, k->d->impl);
		goto fail;
	}
	for (i = 0; i < MSG_LEN; i++)
		k->msg[i] = (uint8_t)(i + 1);
	switch (w->kind) {
	case EC_ECDSA:
	case EC_ECDH:
		if ((ret = ember_ecc_generate_key(&k->key, w->ecc)) != 0 ||
		    (ret = ember_ecc_key_set_impl(&k->key, k->d)) != 0)
			break;
		k->sig_len = 2 * k->key.len;
		if (w->kind == EC_ECDH)
			ret = ember_ecc_generate_key(&k->peer, w->ecc);
		break;
	case EC_X25519:
		if ((ret = ember_x25519_generate(k->priv, k->pub)) == 0)
			ret = ember_x25519_generate(k->peer_priv, k->peer_pub);
		break;
	default:
		k->sig_len = EMBER_ED25519_SIG_LEN;
		if ((ret = ember_random_bytes(seed, sizeof(seed))) == 0)
			ret = ember_ed25519_keypair_with(k->d, &k->ed, seed);
		ember_wipe(seed, sizeof(seed));
		break;
	}
	if (ret != 0) {
		snprintf(err, err_len, "%s: key generation failed: %s", word, ember_strerror(ret));
		goto fail;
	}
	if ((ret = make_sig(k)) != 0) {
		snprintf(err, err_len, "%s: signing failed: %s", word, ember_strerror(ret));
		goto fail;
	}
	return k;
fail:
	speed_ec_free(k);
	return NULL;
}

static int unhex(uint8_t *out, size_t len, const char *hex)
{
	size_t i;

	if (strlen(hex) != 2 * len)
		return -1;
	for (i = 0; i < len; i++) {
		unsigned v;
		if (sscanf(hex + 2 * i, "%2x", &v) != 1)
			return -1;
		out[i] = (uint8_t)v;
	}
	return 0;
}

/* RFC 7748, 5.2 (the first X25519 vector) and RFC 8032, 7.1 (TEST 1: the empty message) under backend |d|. */
static int known_answer(const speed_ec *k)
{
	uint8_t a[32], b[32], want[64], got[64];
	ember_ed25519_key key;
	int ret;

	if (k->w->kind == EC_X25519) {
		if (unhex(a, 32, "a546e36bf0527c9d3b16154b82465edd62144c0ac1fc5a18506a2244ba449ac4") ||
		    unhex(b, 32, "e6db6867583030db3594c1a424b15f7c726624ec26b3353b10a903a6d0ab1c4c") ||
		    unhex(want, 32, "c3da55379de9c6908e94ea4df28d084f32eccf03491c71f754b4075577a28552"))
			return EMBER_EINTERNAL;
		if ((ret = ember_x25519_with(k->d, got, a, b)) != 0)
			return ret;
		return ember_memeq(got, want, 32) ? 0 : EMBER_EINTERNAL;
	}
	if (k->w->kind == EC_ED25519) {
		if (unhex(a, 32, "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60") ||
		    unhex(b, 32, "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a") ||
		    unhex(want, 64, "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e"
		                    "39701cf9b46bd25bf5f0595bbe24655141438e7a100b"))
			return EMBER_EINTERNAL;
		if ((ret = ember_ed25519_keypair_with(k->d, &key, a)) != 0 ||
		    (ret = ember_ed25519_sign_with(k->d, &key, got, NULL, 0)) != 0)
			return ret;
		ret = ember_memeq(key.pub, b, 32) && ember_memeq(got, want, 64) ? 0 : EMBER_EINTERNAL;
		ember_ed25519_clear(&key);
		if (ret == 0)
			ret = ember_ed25519_verify_with(k->d, b, NULL, 0, want, 64);
		return ret;
	}
	return 0;
}

int speed_ec_selftest(speed_ec *k)
{
	uint8_t x[EMBER_ECC_MAX_LEN], y[EMBER_ECC_MAX_LEN];
	int ret;

	if ((ret = known_answer(k)) != 0)
		return ret;
	switch (k->w->kind) {
	case EC_ECDH: {
		/* both sides agree: ours under this backend, the peer's under the default */
		if ((ret = ember_ecdh_key(&k->key, &k->peer, x, k->key.len)) != 0 ||
		    (ret = ember_ecdh_key(&k->peer, &k->key, y, k->key.len)) != 0)
			return ret;
		return ember_memeq(x, y, k->key.len) ? 0 : EMBER_EINTERNAL;
	}
	case EC_X25519:
		if ((ret = ember_x25519_with(k->d, x, k->priv, k->peer_pub)) != 0 ||
		    (ret = ember_x25519(y, k->peer_priv, k->pub)) != 0)
			return ret;
		return ember_memeq(x, y, 32) ? 0 : EMBER_EINTERNAL;
	default:
		break;
	}
	if ((ret = make_sig(k)) != 0 || (ret = speed_ec_verify(k)) != 0)
		return ret;
	if (k->w->kind == EC_ECDSA) {
		/* the default backend accepts this backend's signature */
		ember_ecc_key q = k->key;
		q.impl = NULL;
		ret = ember_ecdsa_verify(&q, k->msg, MSG_LEN, k->sig, k->sig_len);
		ember_ecc_key_clear(&q);
		if (ret != 0)
			return ret;
	}
	/* a changed message must not verify */
	k->msg[0] ^= 1;
	ret = speed_ec_verify(k);
	k->msg[0] ^= 1;
	if (ret != EMBER_EVERIFY)
		return EMBER_EINTERNAL;
	return speed_ec_verify(k);
}

void speed_ec_free(speed_ec *k)
{
	if (k == NULL)
		return;
	ember_ecc_key_clear(&k->key);
	ember_ecc_key_clear(&k->peer);
	ember_ed25519_clear(&k->ed);
	ember_wipe(k, sizeof(*k));
	free(k);
}
