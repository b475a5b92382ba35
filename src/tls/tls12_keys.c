/*
 * tls12_keys.c - TLS 1.2's suites and key derivation (RFC 5246 5, 6.3,
 * 7.4.7.1, 7.4.9, 8.1; RFC 7627 4): the PRF over HMAC, the RSA pre-master
 * secret, the master secret with or without the extended master secret,
 * the key block, Finished.
 */
#include <string.h>

#include "ember/bn.h"
#include "ember/mac.h"
#include "ember/rsa.h"
#include "ember/tls12.h"
#include "internal.h"

/* The engine's order of preference: ECDSA before RSA (cheaper for a device to sign), GCM before
   ChaCha20 (the default when AES runs in hardware), AES-128 first; the legacy suite last. */
static const ember_tls12_suite suites[] = {
	{ EMBER_TLS12_ECDHE_ECDSA_AES_128_GCM_SHA256, "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
	    "ECDHE-ECDSA-AES128-GCM-SHA256", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_ECDSA, EMBER_TLS12_BULK_AES_GCM,
	    "sha256", "aes-128-gcm", 16, 4, 0, 0 },
	{ EMBER_TLS12_ECDHE_ECDSA_AES_256_GCM_SHA384, "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
	    "ECDHE-ECDSA-AES256-GCM-SHA384", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_ECDSA, EMBER_TLS12_BULK_AES_GCM,
	    "sha384", "aes-256-gcm", 32, 4, 0, 0 },
	{ EMBER_TLS12_ECDHE_ECDSA_CHACHA20_POLY1305, "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
	    "ECDHE-ECDSA-CHACHA20-POLY1305", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_ECDSA,
	    EMBER_TLS12_BULK_CHACHA20_POLY1305, "sha256", "chacha20-poly1305", 32, 12, 0, 0 },
	{ EMBER_TLS12_ECDHE_RSA_AES_128_GCM_SHA256, "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
	    "ECDHE-RSA-AES128-GCM-SHA256", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_RSA, EMBER_TLS12_BULK_AES_GCM,
	    "sha256", "aes-128-gcm", 16, 4, 0, 0 },
	{ EMBER_TLS12_ECDHE_RSA_AES_256_GCM_SHA384, "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
	    "ECDHE-RSA-AES256-GCM-SHA384", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_RSA, EMBER_TLS12_BULK_AES_GCM,
	    "sha384", "aes-256-gcm", 32, 4, 0, 0 },
	{ EMBER_TLS12_ECDHE_RSA_CHACHA20_POLY1305, "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256",
	    "ECDHE-RSA-CHACHA20-POLY1305", EMBER_TLS12_KX_ECDHE, EMBER_TLS12_AUTH_RSA,
	    EMBER_TLS12_BULK_CHACHA20_POLY1305, "sha256", "chacha20-poly1305", 32, 12, 0, 0 },
	{ EMBER_TLS12_RSA_AES_128_CBC_SHA, "TLS_RSA_WITH_AES_128_CBC_SHA", "AES128-SHA", EMBER_TLS12_KX_RSA,
	    EMBER_TLS12_AUTH_RSA, EMBER_TLS12_BULK_AES_CBC_SHA, "sha256", NULL, 16, 0, 20, 1 },
};

#define NSUITES (sizeof(suites) / sizeof(suites[0]))

const ember_tls12_suite *ember_tls12_suite_find(uint16_t id)
{
	size_t i;

	for (i = 0; i < NSUITES; i++)
		if (suites[i].id == id)
			return &suites[i];
	return NULL;
}

const ember_tls12_suite *ember_tls12_suite_by_name(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NSUITES; i++)
		if (ember_streq_nocase(suites[i].name, name) || ember_streq_nocase(suites[i].ossl_name, name))
			return &suites[i];
	return NULL;
}

const ember_tls12_suite *ember_tls12_suite_at(size_t i)
{
	return i < NSUITES ? &suites[i] : NULL;
}

const ember_hash_desc *ember_tls12_suite_hash(const ember_tls12_suite *s)
{
	return s != NULL ? ember_hash_find(s->hash, NULL) : NULL;
}

/* ---- The PRF (5) ---- */

/* label || seed1 || seed2 (an empty part is not passed on: it may be NULL) */
static void absorb(ember_hmac_ctx *c, const char *label, size_t label_len, const uint8_t *s1, size_t n1,
    const uint8_t *s2, size_t n2)
{
	if (label_len)
		ember_hmac_update(c, label, label_len);
	if (n1)
		ember_hmac_update(c, s1, n1);
	if (n2)
		ember_hmac_update(c, s2, n2);
}

int ember_tls12_prf(const ember_hash_desc *d, const uint8_t *secret, size_t secret_len, const char *label,
    const uint8_t *seed1, size_t seed1_len, const uint8_t *seed2, size_t seed2_len, uint8_t *out,
    size_t out_len)
{
	ember_hmac_key k;
	ember_hmac_ctx c;
	uint8_t a[EMBER_MAX_DIGEST_LEN], block[EMBER_MAX_DIGEST_LEN];
	size_t label_len, hlen, take;
	int ret;

	if (d == NULL || label == NULL || (secret == NULL && secret_len) || (seed1 == NULL && seed1_len) ||
	    (seed2 == NULL && seed2_len) || (out == NULL && out_len))
		return EMBER_EINVAL;
	if ((ret = ember_hmac_key_init(&k, d, secret, secret_len)) != 0)
		return ret;
	label_len = strlen(label);
	hlen = d->digest_len;
	/* A(1) = HMAC(secret, label || seed) */
	ember_hmac_init(&c, &k);
	absorb(&c, label, label_len, seed1, seed1_len, seed2, seed2_len);
	ember_hmac_final(&c, a);
	while (out_len) {
		/* HMAC(secret, A(i) || label || seed), then A(i + 1) = HMAC(secret, A(i)) */
		ember_hmac_init(&c, &k);
		ember_hmac_update(&c, a, hlen);
		absorb(&c, label, label_len, seed1, seed1_len, seed2, seed2_len);
		ember_hmac_final(&c, block);
		take = out_len < hlen ? out_len : hlen;
		memcpy(out, block, take);
		out += take;
		out_len -= take;
		if (out_len) {
			ember_hmac_init(&c, &k);
			ember_hmac_update(&c, a, hlen);
			ember_hmac_final(&c, a);
		}
	}
	ember_wipe(a, sizeof(a));
	ember_wipe(block, sizeof(block));
	ember_hmac_key_clear(&k);
	return 0;
}

/* ---- Master secret (8.1; RFC 7627 4), key block (6.3), Finished (7.4.9) ---- */

int ember_tls12_master_secret(const ember_hash_desc *d, const uint8_t *pms, size_t pms_len,
    const uint8_t *session_hash, size_t hash_len, const uint8_t client_random[EMBER_TLS12_RANDOM_LEN],
    const uint8_t server_random[EMBER_TLS12_RANDOM_LEN], uint8_t master[EMBER_TLS12_MASTER_LEN])
{
	if (master == NULL || pms == NULL)
		return EMBER_EINVAL;
	if (session_hash != NULL)
		return ember_tls12_prf(d, pms, pms_len, "extended master secret", session_hash, hash_len, NULL, 0,
		    master, EMBER_TLS12_MASTER_LEN);
	if (client_random == NULL || server_random == NULL)
		return EMBER_EINVAL;
	return ember_tls12_prf(d, pms, pms_len, "master secret", client_random, EMBER_TLS12_RANDOM_LEN, server_random,
	    EMBER_TLS12_RANDOM_LEN, master, EMBER_TLS12_MASTER_LEN);
}

int ember_tls12_key_block(const ember_tls12_suite *s, const ember_hash_desc *d,
    const uint8_t master[EMBER_TLS12_MASTER_LEN], const uint8_t client_random[EMBER_TLS12_RANDOM_LEN],
    const uint8_t server_random[EMBER_TLS12_RANDOM_LEN], ember_tls12_keys *k)
{
	uint8_t block[2 * (EMBER_TLS12_MAX_MAC_KEY + EMBER_TLS12_MAX_KEY + EMBER_TLS12_MAX_FIXED_IV)];
	size_t m, kl, il, o = 0;
	int ret;

	if (s == NULL || master == NULL || client_random == NULL || server_random == NULL || k == NULL)
		return EMBER_EINVAL;
	m = s->mac_key_len;
	kl = s->key_len;
	il = s->fixed_iv_len;
	if (m > EMBER_TLS12_MAX_MAC_KEY || kl > EMBER_TLS12_MAX_KEY || il > EMBER_TLS12_MAX_FIXED_IV)
		return EMBER_EINTERNAL;
	memset(k, 0, sizeof(*k));
	ret = ember_tls12_prf(d, master, EMBER_TLS12_MASTER_LEN, "key expansion", server_random,
	    EMBER_TLS12_RANDOM_LEN, client_random, EMBER_TLS12_RANDOM_LEN, block, 2 * (m + kl + il));
	if (ret == 0) {
		memcpy(k->client_mac, block + o, m);
		o += m;
		memcpy(k->server_mac, block + o, m);
		o += m;
		memcpy(k->client_key, block + o, kl);
		o += kl;
		memcpy(k->server_key, block + o, kl);
		o += kl;
		memcpy(k->client_iv, block + o, il);
		o += il;
		memcpy(k->server_iv, block + o, il);
	}
	ember_wipe(block, sizeof(block));
	return ret;
}

int ember_tls12_finished(const ember_hash_desc *d, const uint8_t master[EMBER_TLS12_MASTER_LEN], int server,
    const uint8_t *transcript_hash, uint8_t out[EMBER_TLS12_VERIFY_LEN])
{
	if (d == NULL || master == NULL || transcript_hash == NULL || out == NULL)
		return EMBER_EINVAL;
	return ember_tls12_prf(d, master, EMBER_TLS12_MASTER_LEN, server ? "server finished" : "client finished",
	    transcript_hash, d->digest_len, NULL, 0, out, EMBER_TLS12_VERIFY_LEN);
}

/* ---- RSA key transport (7.4.7.1) ---- */

/* 0xff when a == b, else 0 (bytes) */
static uint8_t byte_eq(uint8_t a, uint8_t b)
{
	uint32_t x = (uint32_t)(a ^ b);

	return (uint8_t)((x - 1u) >> 8);
}

int ember_tls12_rsa_premaster(struct ember_rsa_private_key *k, const uint8_t *enc, size_t enc_len,
    uint16_t client_version, uint8_t pms[EMBER_TLS12_MASTER_LEN])
{
	uint8_t em[EMBER_MAX_RSA_BITS / 8], rnd[EMBER_TLS12_MASTER_LEN];
	size_t len, i, sep;
	uint8_t good, m;
	int ret;

	if (k == NULL || enc == NULL || pms == NULL)
		return EMBER_EINVAL;
	len = k->pub.len;
	if (enc_len != len || len > sizeof(em) || len < EMBER_TLS12_MASTER_LEN + 11)
		return EMBER_EDECODE;
	/* the substitute first, whatever comes: the time must not depend on the block */
	if (ember_random_bytes(rnd, sizeof(rnd)) != 0)
		return EMBER_ERANDOM;
	rnd[0] = (uint8_t)(client_version >> 8);
	rnd[1] = (uint8_t)client_version;
	ret = ember_rsa_private_op(k, em, enc, len);
	if (ret == EMBER_EINTERNAL) {
		ember_wipe(rnd, sizeof(rnd));
		return ret;
	}
	/* a value at or above n (public) fails the same way as a bad block: 0xff mask off */
	good = (uint8_t)(ret == 0 ? 0xff : 0);
	if (ret != 0)
		memset(em, 0, len);
	/* 00 02 PS (non-zero, at least 8 bytes) 00 M, M exactly 48 bytes starting with client_version */
	sep = len - EMBER_TLS12_MASTER_LEN - 1;
	good &= byte_eq(em[0], 0) & byte_eq(em[1], 2) & byte_eq(em[sep], 0);
	for (i = 2; i < sep; i++)
		good &= (uint8_t)~byte_eq(em[i], 0);
	good &= byte_eq(em[sep + 1], (uint8_t)(client_version >> 8)) & byte_eq(em[sep + 2], (uint8_t)client_version);
	for (i = 0; i < EMBER_TLS12_MASTER_LEN; i++) {
		m = em[sep + 1 + i];
		pms[i] = (uint8_t)((m & good) | (rnd[i] & (uint8_t)~good));
	}
	ember_wipe(em, sizeof(em));
	ember_wipe(rnd, sizeof(rnd));
	ember_wipe(&good, sizeof(good));
	return 0;
}
