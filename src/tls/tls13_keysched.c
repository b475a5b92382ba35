/*
 * tls13_keysched.c - TLS 1.3 cipher suites, HKDF-Expand-Label,
 * Derive-Secret, the transcript hash and the key schedule (RFC 8446 4.4,
 * 7.1-7.3), over kdf.h's HKDF and mac.h's HMAC.
 */
#include <string.h>

#include "ember/kdf.h"
#include "ember/mac.h"
#include "ember/tls.h"
#include "internal.h"

/* RFC 8446 B.4: the suites without CCM */
static const ember_tls13_suite suites[] = {
	{ EMBER_TLS13_AES_128_GCM_SHA256, "TLS_AES_128_GCM_SHA256", "sha256", "aes-128-gcm", 32, 16 },
	{ EMBER_TLS13_AES_256_GCM_SHA384, "TLS_AES_256_GCM_SHA384", "sha384", "aes-256-gcm", 48, 32 },
	{ EMBER_TLS13_CHACHA20_POLY1305_SHA256, "TLS_CHACHA20_POLY1305_SHA256", "sha256", "chacha20-poly1305", 32,
	    32 },
};
#define NSUITES (sizeof(suites) / sizeof(suites[0]))

const ember_tls13_suite *ember_tls13_suite_at(size_t i)
{
	return i < NSUITES ? &suites[i] : NULL;
}

const ember_tls13_suite *ember_tls13_suite_find(uint16_t id)
{
	size_t i;

	for (i = 0; i < NSUITES; i++)
		if (suites[i].id == id)
			return &suites[i];
	return NULL;
}

const ember_tls13_suite *ember_tls13_suite_by_name(const char *name)
{
	size_t i;

	if (name == NULL)
		return NULL;
	for (i = 0; i < NSUITES; i++)
		if (ember_streq_nocase(suites[i].name, name))
			return &suites[i];
	return NULL;
}

const ember_hash_desc *ember_tls13_suite_hash(const ember_tls13_suite *s)
{
	return s != NULL ? ember_hash_find(s->hash, NULL) : NULL;
}

/* A digest the key schedule can run: HMAC takes it, and its output fits our buffers. */
static int hash_ok(const ember_hash_desc *d)
{
	return d != NULL && !(d->flags & EMBER_HASH_XOF) && d->digest_len > 0 &&
	    d->digest_len <= EMBER_TLS13_MAX_HASH_LEN;
}

/* ---- HKDF-Expand-Label, Derive-Secret (7.1) ---- */

int ember_tls13_hkdf_expand_label(const ember_hash_desc *d, const uint8_t *secret, size_t secret_len,
    const char *label, const uint8_t *context, size_t context_len, uint8_t *out, size_t out_len)
{
	/* struct { uint16 length; opaque label<7..255>; opaque context<0..255>; } HkdfLabel */
	uint8_t info[2 + 1 + 255 + 1 + 255];
	size_t label_len, n = 0;
	int ret;

	if (d == NULL || label == NULL || (context == NULL && context_len != 0) || (secret == NULL && secret_len != 0))
		return EMBER_EINVAL;
	label_len = strlen(label);
	if (label_len > 255 - 6 || context_len > 255 || out_len > 0xffff)
		return EMBER_EINVAL;
	info[n++] = (uint8_t)(out_len >> 8);
	info[n++] = (uint8_t)out_len;
	info[n++] = (uint8_t)(6 + label_len);
	memcpy(info + n, "tls13 ", 6);
	n += 6;
	memcpy(info + n, label, label_len);
	n += label_len;
	info[n++] = (uint8_t)context_len;
	if (context_len != 0)
		memcpy(info + n, context, context_len);
	n += context_len;
	ret = ember_hkdf_expand(d, secret, secret_len, info, n, out, out_len);
	/* the context is a transcript hash or empty: public, but cheap to wipe */
	ember_wipe(info, sizeof(info));
	return ret;
}

int ember_tls13_derive_secret(const ember_hash_desc *d, const uint8_t *secret, const char *label,
    const uint8_t *transcript_hash, uint8_t *out)
{
	uint8_t empty[EMBER_TLS13_MAX_HASH_LEN];

	if (!hash_ok(d) || secret == NULL || out == NULL)
		return EMBER_EINVAL;
	if (transcript_hash == NULL) {
		ember_hash(d, empty, "", 0);
		transcript_hash = empty;
	}
	return ember_tls13_hkdf_expand_label(d, secret, d->digest_len, label, transcript_hash, d->digest_len, out,
	    d->digest_len);
}

/* ---- Transcript hash (4.4.1) ---- */

int ember_tls13_transcript_init(ember_tls13_transcript *t, const ember_hash_desc *d)
{
	if (t == NULL || !hash_ok(d))
		return EMBER_EINVAL;
	if (!ember_hash_supported(d))
		return EMBER_ENOTSUP;
	ember_hash_init(&t->h, d);
	return 0;
}

void ember_tls13_transcript_update(ember_tls13_transcript *t, const void *msg, size_t len)
{
	ember_hash_update(&t->h, msg, len);
}

void ember_tls13_transcript_hash(const ember_tls13_transcript *t, uint8_t *out)
{
	/* digest contexts hold no pointer into themselves: a copy runs on its own (as mac.h's keys) */
	ember_hash_ctx c = t->h;

	ember_hash_final(&c, out);
	ember_wipe(&c, sizeof(c));
}

size_t ember_tls13_transcript_len(const ember_tls13_transcript *t)
{
	return t->h.desc != NULL ? t->h.desc->digest_len : 0;
}

void ember_tls13_transcript_hrr(ember_tls13_transcript *t)
{
	const ember_hash_desc *d = t->h.desc;
	uint8_t msg[4 + EMBER_TLS13_MAX_HASH_LEN];

	/* message_hash: HandshakeType 254, uint24 length HashLen, Hash(ClientHello1) */
	msg[0] = EMBER_TLS13_HS_MESSAGE_HASH;
	msg[1] = 0;
	msg[2] = 0;
	msg[3] = (uint8_t)d->digest_len;
	ember_hash_final(&t->h, msg + 4);
	ember_hash_init(&t->h, d);
	ember_hash_update(&t->h, msg, 4 + d->digest_len);
}

void ember_tls13_transcript_clear(ember_tls13_transcript *t)
{
	ember_wipe(t, sizeof(*t));
}

/* ---- Key schedule (7.1) ---- */

static const struct {
	const char *label;
	int stage;
} secrets[] = {
	{ "ext binder", EMBER_TLS13_STAGE_EARLY },
	{ "res binder", EMBER_TLS13_STAGE_EARLY },
	{ "c e traffic", EMBER_TLS13_STAGE_EARLY },
	{ "e exp master", EMBER_TLS13_STAGE_EARLY },
	{ "c hs traffic", EMBER_TLS13_STAGE_HANDSHAKE },
	{ "s hs traffic", EMBER_TLS13_STAGE_HANDSHAKE },
	{ "c ap traffic", EMBER_TLS13_STAGE_MASTER },
	{ "s ap traffic", EMBER_TLS13_STAGE_MASTER },
	{ "exp master", EMBER_TLS13_STAGE_MASTER },
	{ "res master", EMBER_TLS13_STAGE_MASTER },
};

int ember_tls13_ks_init(ember_tls13_ks *ks, const ember_tls13_suite *s, const ember_hash_desc *hash,
    const uint8_t *psk, size_t psk_len)
{
	uint8_t zeros[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	if (ks == NULL || s == NULL || (psk == NULL && psk_len != 0))
		return EMBER_EINVAL;
	memset(ks, 0, sizeof(*ks));
	if (hash == NULL && (hash = ember_tls13_suite_hash(s)) == NULL)
		return EMBER_ENOTSUP;
	if (!hash_ok(hash) || strcmp(hash->name, s->hash) != 0 || hash->digest_len != s->hash_len)
		return EMBER_EINVAL;
	if (!ember_hash_supported(hash))
		return EMBER_ENOTSUP;
	if (psk == NULL) {
		memset(zeros, 0, sizeof(zeros));
		psk = zeros;
		psk_len = hash->digest_len;
	}
	/* 7.1: Early Secret = HKDF-Extract(salt 0, PSK); an empty salt is HashLen zeros (RFC 5869) */
	if ((ret = ember_hkdf_extract(hash, NULL, 0, psk, psk_len, ks->secret)) != 0) {
		ember_wipe(ks, sizeof(*ks));
		return ret;
	}
	ks->suite = s;
	ks->hash = hash;
	ks->stage = EMBER_TLS13_STAGE_EARLY;
	return 0;
}

/* Secret = HKDF-Extract(Derive-Secret(Secret, "derived", ""), ikm), the step between stages. */
static int next_stage(ember_tls13_ks *ks, const uint8_t *ikm, size_t ikm_len)
{
	uint8_t salt[EMBER_TLS13_MAX_HASH_LEN];
	size_t n = ks->hash->digest_len;
	int ret;

	ret = ember_tls13_derive_secret(ks->hash, ks->secret, "derived", NULL, salt);
	if (ret == 0)
		ret = ember_hkdf_extract(ks->hash, salt, n, ikm, ikm_len, ks->secret);
	ember_wipe(salt, sizeof(salt));
	if (ret != 0) {
		ember_wipe(ks, sizeof(*ks));
		return ret;
	}
	ks->stage++;
	return 0;
}

int ember_tls13_ks_handshake(ember_tls13_ks *ks, const uint8_t *dhe, size_t dhe_len)
{
	if (ks == NULL || ks->stage != EMBER_TLS13_STAGE_EARLY || dhe == NULL || dhe_len == 0)
		return EMBER_EINVAL;
	return next_stage(ks, dhe, dhe_len);
}

int ember_tls13_ks_master(ember_tls13_ks *ks)
{
	uint8_t zeros[EMBER_TLS13_MAX_HASH_LEN];

	if (ks == NULL || ks->stage != EMBER_TLS13_STAGE_HANDSHAKE)
		return EMBER_EINVAL;
	memset(zeros, 0, sizeof(zeros));
	return next_stage(ks, zeros, ks->hash->digest_len);
}

int ember_tls13_ks_derive(const ember_tls13_ks *ks, int which, const uint8_t *transcript_hash, uint8_t *out)
{
	if (ks == NULL || out == NULL || which < 0 || (size_t)which >= sizeof(secrets) / sizeof(secrets[0]) ||
	    ks->stage != secrets[which].stage)
		return EMBER_EINVAL;
	return ember_tls13_derive_secret(ks->hash, ks->secret, secrets[which].label, transcript_hash, out);
}

void ember_tls13_ks_clear(ember_tls13_ks *ks)
{
	if (ks != NULL)
		ember_wipe(ks, sizeof(*ks));
}

/* ---- Traffic keys (7.3), Finished (4.4.4), KeyUpdate (7.2) ---- */

int ember_tls13_traffic_keys(const ember_tls13_suite *s, const ember_hash_desc *d, const uint8_t *secret,
    uint8_t *key, uint8_t *iv)
{
	int ret;

	if (s == NULL || secret == NULL || key == NULL || iv == NULL)
		return EMBER_EINVAL;
	if (d == NULL && (d = ember_tls13_suite_hash(s)) == NULL)
		return EMBER_ENOTSUP;
	if (!hash_ok(d) || d->digest_len != s->hash_len)
		return EMBER_EINVAL;
	ret = ember_tls13_hkdf_expand_label(d, secret, d->digest_len, "key", NULL, 0, key, s->key_len);
	if (ret == 0)
		ret = ember_tls13_hkdf_expand_label(d, secret, d->digest_len, "iv", NULL, 0, iv, EMBER_TLS13_IV_LEN);
	if (ret != 0) {
		ember_wipe(key, s->key_len);
		ember_wipe(iv, EMBER_TLS13_IV_LEN);
	}
	return ret;
}

int ember_tls13_finished_key(const ember_hash_desc *d, const uint8_t *base_key, uint8_t *out)
{
	if (!hash_ok(d) || base_key == NULL || out == NULL)
		return EMBER_EINVAL;
	return ember_tls13_hkdf_expand_label(d, base_key, d->digest_len, "finished", NULL, 0, out, d->digest_len);
}

int ember_tls13_finished(const ember_hash_desc *d, const uint8_t *base_key, const uint8_t *transcript_hash,
    uint8_t *verify_data)
{
	uint8_t fk[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	if (transcript_hash == NULL || verify_data == NULL)
		return EMBER_EINVAL;
	ret = ember_tls13_finished_key(d, base_key, fk);
	if (ret == 0)
		ret = ember_hmac(d, verify_data, fk, d->digest_len, transcript_hash, d->digest_len);
	ember_wipe(fk, sizeof(fk));
	return ret;
}

int ember_tls13_finished_verify(const ember_hash_desc *d, const uint8_t *base_key,
    const uint8_t *transcript_hash, const uint8_t *verify_data, size_t verify_data_len)
{
	uint8_t mine[EMBER_TLS13_MAX_HASH_LEN];
	int ret, same;

	if (verify_data == NULL)
		return EMBER_EINVAL;
	if ((ret = ember_tls13_finished(d, base_key, transcript_hash, mine)) != 0)
		return ret;
	/* the length is public (the Finished message's); the bytes are compared in constant time */
	same = verify_data_len == d->digest_len && ember_memeq(mine, verify_data, d->digest_len);
	EMBER_DECLASSIFY(&same, sizeof(same)); /* the verdict is the peer's to see (decrypt_error or not) */
	ret = same ? 0 : EMBER_EVERIFY;
	ember_wipe(mine, sizeof(mine));
	return ret;
}

int ember_tls13_next_traffic_secret(const ember_hash_desc *d, const uint8_t *secret, uint8_t *out)
{
	uint8_t next[EMBER_TLS13_MAX_HASH_LEN];
	int ret;

	if (!hash_ok(d) || secret == NULL || out == NULL)
		return EMBER_EINVAL;
	ret = ember_tls13_hkdf_expand_label(d, secret, d->digest_len, "traffic upd", NULL, 0, next, d->digest_len);
	if (ret == 0)
		memcpy(out, next, d->digest_len);
	ember_wipe(next, sizeof(next));
	return ret;
}
