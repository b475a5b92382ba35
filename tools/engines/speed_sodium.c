/*
 * speed_sodium.c - the "sodium" engine of `ember speed`: libsodium, loaded
 * at run time with dlopen as libcrypto is (ossl.c), so that Ember neither
 * builds nor links against it and the engine reports itself missing where
 * there is none. libsodium.so.23 (1.0.18 and later), or the file named by
 * EMBER_LIBSODIUM (read with secure_getenv: code execution by design, see
 * docs/ENGINES.md).
 *
 * Rows: chacha20-poly1305 (crypto_aead_chacha20poly1305_ietf_*_detached),
 * aes-256-gcm (crypto_aead_aes256gcm_*_detached_afternm on a state keyed
 * once with _beforenm, as the other engines key once; only where
 * crypto_aead_aes256gcm_is_available(): AES-NI and PCLMULQDQ), sha256 and
 * sha512 (crypto_hash_sha256/512, one call per operation); public-key words
 * ed25519 and ecdhx25519 (below). Records are
 * those of speed.h (nonce, AAD, payload in place, tag), checked against the
 * known answers of speed_kat.c first.
 */
/* secure_getenv is a GNU extension (glibc 2.17) */
#define _GNU_SOURCE 1
#include <dlfcn.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ember/aead.h"
#include "ember/bn.h"
#include "ember/ed25519.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "ember/x25519.h"
#include "speed.h"

typedef unsigned long long ull;

static struct sodium_api {
	const char *path, *version;
	int (*chacha_seal)(unsigned char *c, unsigned char *mac, ull *maclen, const unsigned char *m, ull mlen,
	    const unsigned char *ad, ull adlen, const unsigned char *nsec, const unsigned char *npub,
	    const unsigned char *k);
	int (*chacha_open)(unsigned char *m, unsigned char *nsec, const unsigned char *c, ull clen,
	    const unsigned char *mac, const unsigned char *ad, ull adlen, const unsigned char *npub,
	    const unsigned char *k);
	int (*aes_available)(void);
	size_t (*aes_statebytes)(void);
	int (*aes_beforenm)(void *state, const unsigned char *k);
	int (*aes_seal)(unsigned char *c, unsigned char *mac, ull *maclen, const unsigned char *m, ull mlen,
	    const unsigned char *ad, ull adlen, const unsigned char *nsec, const unsigned char *npub, const void *state);
	int (*aes_open)(unsigned char *m, unsigned char *nsec, const unsigned char *c, ull clen, const unsigned char *mac,
	    const unsigned char *ad, ull adlen, const unsigned char *npub, const void *state);
	int (*sha256)(unsigned char *out, const unsigned char *in, ull inlen);
	int (*sha512)(unsigned char *out, const unsigned char *in, ull inlen);
	int (*sign_seed_keypair)(unsigned char *pk, unsigned char *sk, const unsigned char *seed);
	int (*sign_detached)(unsigned char *sig, ull *siglen, const unsigned char *m, ull mlen, const unsigned char *sk);
	int (*sign_verify_detached)(const unsigned char *sig, const unsigned char *m, ull mlen, const unsigned char *pk);
	int (*scalarmult)(unsigned char *q, const unsigned char *n, const unsigned char *p);
	int (*scalarmult_base)(unsigned char *q, const unsigned char *n);
} api;
static int state; /* 0: not tried, 1: loaded, -1: failed */
static char failure[512];

/* As EMBER_LIBCRYPTO (ossl.c): not taken from the environment of a set-user-ID or set-group-ID ember. */
static const char *libsodium_env(void)
{
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 17))
	return secure_getenv("EMBER_LIBSODIUM");
#else
	if (getuid() != geteuid() || getgid() != getegid())
		return NULL;
	return getenv("EMBER_LIBSODIUM");
#endif
}

static int resolve(void *h)
{
	static const struct {
		const char *name;
		size_t off;
	} syms[] = {
#define S(f, n) { #n, offsetof(struct sodium_api, f) }
		S(chacha_seal, crypto_aead_chacha20poly1305_ietf_encrypt_detached),
		S(chacha_open, crypto_aead_chacha20poly1305_ietf_decrypt_detached),
		S(aes_available, crypto_aead_aes256gcm_is_available),
		S(aes_statebytes, crypto_aead_aes256gcm_statebytes),
		S(aes_beforenm, crypto_aead_aes256gcm_beforenm),
		S(aes_seal, crypto_aead_aes256gcm_encrypt_detached_afternm),
		S(aes_open, crypto_aead_aes256gcm_decrypt_detached_afternm),
		S(sha256, crypto_hash_sha256),
		S(sha512, crypto_hash_sha512),
		S(sign_seed_keypair, crypto_sign_seed_keypair),
		S(sign_detached, crypto_sign_detached),
		S(sign_verify_detached, crypto_sign_verify_detached),
		S(scalarmult, crypto_scalarmult),
		S(scalarmult_base, crypto_scalarmult_base),
#undef S
	};
	int (*init)(void);
	const char *(*version)(void);
	size_t i;

	*(void **)(&init) = dlsym(h, "sodium_init");
	*(void **)(&version) = dlsym(h, "sodium_version_string");
	if (init == NULL || version == NULL) {
		snprintf(failure, sizeof(failure), "%s: symbol sodium_init missing: not libsodium", api.path);
		return -1;
	}
	for (i = 0; i < sizeof(syms) / sizeof(syms[0]); i++) {
		void *p = dlsym(h, syms[i].name);
		if (p == NULL) {
			snprintf(failure, sizeof(failure), "%s: symbol %s missing", api.path, syms[i].name);
			return -1;
		}
		memcpy((char *)&api + syms[i].off, &p, sizeof(p));
	}
	if (init() < 0) {
		snprintf(failure, sizeof(failure), "%s: sodium_init failed", api.path);
		return -1;
	}
	api.version = version();
	return 0;
}

/* The loaded API, or NULL with a one-line reason in |err|; loads once. */
static const struct sodium_api *sodium_load(char *err, size_t err_len)
{
	if (state == 0) {
		const char *env = libsodium_env();
		void *h;

		api.path = env != NULL && *env != 0 ? env : "libsodium.so.23";
		h = dlopen(api.path, RTLD_NOW | RTLD_LOCAL);
		state = -1;
		if (h == NULL)
			snprintf(failure, sizeof(failure), "cannot load libsodium (%s%s): %s", env != NULL && *env != 0 ?
			    "EMBER_LIBSODIUM=" : "tried ", api.path, dlerror());
		else if (resolve(h) == 0)
			state = 1;
		else
			dlclose(h);
	}
	if (state == 1)
		return &api;
	if (err != NULL && err_len > 0)
		snprintf(err, err_len, "%s", failure);
	return NULL;
}

/* ---- rows ---- */

enum { SO_CHACHA = 1, SO_AES256GCM, SO_SHA256, SO_SHA512 };

/* The libsodium call behind |row|, or 0 with the reason in |why|. */
static int which(const speed_row *row, char *why, size_t why_len)
{
	const struct sodium_api *s = sodium_load(why, why_len);

	if (s == NULL)
		return 0;
	if (row->kind == SPEED_AEAD && strcmp(row->target, "chacha20-poly1305") == 0)
		return SO_CHACHA;
	if (row->kind == SPEED_AEAD && strcmp(row->target, "aes-256-gcm") == 0) {
		if (s->aes_available())
			return SO_AES256GCM;
		snprintf(why, why_len, "%s: libsodium's AES-256-GCM needs AES-NI and PCLMULQDQ, which this CPU lacks",
		    row->name);
		return 0;
	}
	if (row->kind == SPEED_HASH) {
		const ember_hash_desc *d = ember_hash_find(row->target, NULL);
		const char *name = d ? d->name : row->target;
		if (strcmp(name, "sha256") == 0)
			return SO_SHA256;
		if (strcmp(name, "sha512") == 0)
			return SO_SHA512;
	}
	snprintf(why, why_len, "%s: not in libsodium (it has chacha20-poly1305, aes-256-gcm, sha256, sha512)", row->name);
	return 0;
}

struct speed_task {
	int op, decrypt, failed;
	size_t aad_len;
	void *state;   /* AES-256-GCM: crypto_aead_aes256gcm_state, 16-byte aligned */
	uint8_t key[32], nonce[SPEED_AEAD_NONCE_LEN], aad[SPEED_AEAD_AAD_LEN], tag[SPEED_AEAD_TAG_LEN];
	uint8_t md[64];
	size_t md_len;
	speed_sealed sealed;
	char err[160];
};

static int so_probe(char *why, size_t why_len)
{
	return sodium_load(why, why_len) != NULL ? 0 : -1;
}

static void so_describe(char *buf, size_t len)
{
	const struct sodium_api *s = sodium_load(NULL, 0);

	if (s == NULL)
		snprintf(buf, len, "not loaded");
	else
		snprintf(buf, len, "libsodium %s, %s%s", s->version, s->path,
		    s->aes_available() ? "" : ", no AES-256-GCM on this CPU");
}

static size_t so_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	if (which(row, why, why_len) == 0)
		return 0;
	if (max > 0) {
		out[0].name = "sodium";
		out[0].flags = 0;
		out[0].supported = 1;
		out[0].preferred = 1;
	}
	return 1;
}

/* One record of |t| with key |key| (or the AES state): 0, or -1 (a wrong tag when opening). */
static int record(const speed_task *t, int open, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad,
    size_t aad_len, uint8_t *out, const uint8_t *in, size_t len, uint8_t *tag)
{
	ull maclen = 0;

	if (t->op == SO_CHACHA)
		return open ? api.chacha_open(out, NULL, in, len, tag, aad, aad_len, nonce, key)
		            : api.chacha_seal(out, tag, &maclen, in, len, aad, aad_len, NULL, nonce, key);
	return open ? api.aes_open(out, NULL, in, len, tag, aad, aad_len, nonce, t->state)
	            : api.aes_seal(out, tag, &maclen, in, len, aad, aad_len, NULL, nonce, t->state);
}

static void so_close(speed_task *t)
{
	if (t == NULL)
		return;
	if (t->state != NULL) {
		ember_wipe(t->state, 512);
		free(t->state);
	}
	speed_sealed_free(&t->sealed);
	ember_wipe(t, sizeof(*t));
	free(t);
}

/* Keys the task (the AES state once), the known answer's key first: 0, or -1. */
static int set_key(speed_task *t, const uint8_t *key)
{
	memcpy(t->key, key, 32);
	return t->op == SO_AES256GCM && api.aes_beforenm(t->state, key) != 0 ? -1 : 0;
}

static int so_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err, size_t err_len)
{
	speed_task *t;
	speed_kat k;
	uint8_t got[128], back[128], tag[16], key[32];
	int e, op;

	*out = NULL;
	if (impl != NULL && strcmp(impl, "sodium") != 0) {
		snprintf(err, err_len, "%s/%s: this engine has only 'sodium'", row->name, impl);
		return EMBER_ENOTSUP;
	}
	op = which(row, err, err_len);
	if (op == 0)
		return EMBER_ENOTSUP;
	e = speed_known_answer(row, &k, err, err_len);
	if (e != 0)
		return e;
	t = calloc(1, sizeof(*t));
	if (t == NULL || (op == SO_AES256GCM && posix_memalign(&t->state, 64, api.aes_statebytes() > 512 ?
	                                            api.aes_statebytes() : 512) != 0)) {
		free(t);
		snprintf(err, err_len, "out of memory");
		return EMBER_EINTERNAL;
	}
	t->op = op;
	if (op == SO_SHA256 || op == SO_SHA512) {
		t->md_len = op == SO_SHA256 ? 32 : 64;
		(op == SO_SHA256 ? api.sha256 : api.sha512)(t->md, k.in, k.in_len);
		e = speed_kat_compare("sodium", row, &k, t->md, t->md_len, err, err_len);
	} else if (k.key_len != 32 || k.iv_len != SPEED_AEAD_NONCE_LEN || k.tag_len != SPEED_AEAD_TAG_LEN) {
		snprintf(err, err_len, "%s: the known answer does not fit libsodium's sizes", row->name);
		e = EMBER_ENOTSUP;
	} else if (set_key(t, k.key) != 0 ||
	           record(t, 0, k.key, k.iv, k.aad, k.aad_len, got, k.in, k.in_len, tag) != 0) {
		snprintf(err, err_len, "%s: libsodium refused the known answer", row->name);
		e = EMBER_EVERIFY;
	} else if ((e = speed_kat_compare_aead("sodium", row, &k, got, tag, err, err_len)) == 0) {
		if (record(t, 1, k.key, k.iv, k.aad, k.aad_len, back, got, k.in_len, tag) != 0 ||
		    memcmp(back, k.in, k.in_len) != 0) {
			snprintf(err, err_len, "%s: opening the known answer failed: not timed", row->name);
			e = EMBER_EVERIFY;
		}
		tag[0] ^= 1;
		if (e == 0 && record(t, 1, k.key, k.iv, k.aad, k.aad_len, back, got, k.in_len, tag) == 0) {
			snprintf(err, err_len, "%s: a changed tag was accepted: not timed", row->name);
			e = EMBER_EVERIFY;
		}
		speed_task_key(key, sizeof(key), t->nonce, sizeof(t->nonce));
		if (e == 0 && set_key(t, key) != 0) {
			snprintf(err, err_len, "%s: libsodium cannot be keyed", row->name);
			e = EMBER_EVERIFY;
		}
		ember_wipe(key, sizeof(key));
		speed_aead_aad(t->aad);
		t->aad_len = row->aad_len;
		t->decrypt = decrypt;
	}
	if (e != 0) {
		so_close(t);
		return e;
	}
	*out = t;
	return 0;
}

static const char *so_impl_name(const speed_task *t)
{
	(void)t;
	return "sodium";
}

static void so_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;
	int e = 0;

	if (t->failed)
		return;
	if (t->op == SO_SHA256 || t->op == SO_SHA512) {
		for (i = 0; i < n; i++)
			(t->op == SO_SHA256 ? api.sha256 : api.sha512)(t->md, buf, size);
		return;
	}
	if (!t->decrypt) {
		for (i = 0; i < n && e == 0; i++)
			e = record(t, 0, t->key, t->nonce, t->aad, t->aad_len, buf, buf, size, t->tag);
	} else {
		/* the record sealed once for this size, opened out of place: every tag valid */
		speed_sealed *s = speed_sealed_get(&t->sealed, size);
		if (s == NULL) {
			t->failed = 1;
			snprintf(t->err, sizeof(t->err), "out of memory for a %u-byte record", (unsigned)size);
			return;
		}
		if (s->fresh) {
			memcpy(s->ct, buf, size);
			e = record(t, 0, t->key, t->nonce, t->aad, t->aad_len, s->ct, s->ct, size, s->tag);
		}
		for (i = 0; i < n && e == 0; i++)
			e = record(t, 1, t->key, t->nonce, t->aad, t->aad_len, buf, s->ct, size, s->tag);
	}
	if (e != 0) {
		t->failed = 1;
		snprintf(t->err, sizeof(t->err), "libsodium %s of a %u-byte record failed", t->decrypt ? "open" : "seal",
		    (unsigned)size);
	}
}

static const uint8_t *so_output(const speed_task *t, size_t *len)
{
	if (t->op == SO_SHA256 || t->op == SO_SHA512) {
		*len = t->md_len;
		return t->md;
	}
	*len = SPEED_AEAD_TAG_LEN;
	return t->decrypt ? t->sealed.tag : t->tag;
}

static const char *so_error(const speed_task *t)
{
	return t->failed ? t->err : NULL;
}

/*
 * Public-key words: ed25519 (crypto_sign_detached and
 * crypto_sign_verify_detached of openssl speed's 20 bytes) and ecdhx25519
 * (crypto_scalarmult with a fixed peer key), keys made once before timing.
 */
typedef struct so_pk {
	int ed;                /* 1 ed25519, 0 ecdhx25519 */
	uint8_t sk[64], pk[32], sig[64], tmp[64], msg[20];
	uint8_t priv[32], peer_priv[32], peer_pub[32], pub[32];
} so_pk;

static void so_pk_free(void *k)
{
	if (k != NULL)
		ember_wipe(k, sizeof(so_pk));
	free(k);
}

static void *so_pk_new(const char *word, char *err, size_t err_len)
{
	const struct sodium_api *a = sodium_load(err, err_len);
	so_pk *k;
	uint8_t seed[32];
	ull len;
	size_t i;
	int ok;

	if (a == NULL)
		return NULL;
	if (strcmp(word, "ed25519") != 0 && strcmp(word, "ecdhx25519") != 0) {
		snprintf(err, err_len, "%s: not in libsodium (its curves: ed25519, ecdhx25519)", word);
		return NULL;
	}
	k = calloc(1, sizeof(*k));
	if (k == NULL) {
		snprintf(err, err_len, "%s: out of memory", word);
		return NULL;
	}
	k->ed = word[1] == 'd';
	for (i = 0; i < sizeof(k->msg); i++)
		k->msg[i] = (uint8_t)(i + 1);
	if (k->ed)
		ok = ember_random_bytes(seed, sizeof(seed)) == 0 && a->sign_seed_keypair(k->pk, k->sk, seed) == 0 &&
		     a->sign_detached(k->sig, &len, k->msg, sizeof(k->msg), k->sk) == 0 && len == 64;
	else
		ok = ember_random_bytes(k->priv, 32) == 0 && ember_random_bytes(k->peer_priv, 32) == 0 &&
		     a->scalarmult_base(k->pub, k->priv) == 0 && a->scalarmult_base(k->peer_pub, k->peer_priv) == 0;
	ember_wipe(seed, sizeof(seed));
	if (!ok) {
		snprintf(err, err_len, "%s: libsodium could not make the test keys", word);
		so_pk_free(k);
		return NULL;
	}
	return k;
}

static int so_pk_sign(void *arg)
{
	so_pk *k = arg;
	ull len;

	if (!k->ed)
		return api.scalarmult(k->tmp, k->priv, k->peer_pub) == 0 ? 0 : EMBER_EINTERNAL;
	return api.sign_detached(k->tmp, &len, k->msg, sizeof(k->msg), k->sk) == 0 ? 0 : EMBER_EINTERNAL;
}

static int so_pk_verify(void *arg)
{
	so_pk *k = arg;

	if (!k->ed)
		return EMBER_EINVAL; /* one operation */
	return api.sign_verify_detached(k->sig, k->msg, sizeof(k->msg), k->pk) == 0 ? 0 : EMBER_EVERIFY;
}

/* Ember's answer for the same keys: X25519's shared secret; Ed25519's (deterministic) signature and public key. */
static int so_pk_selftest(void *arg)
{
	so_pk *k = arg;
	uint8_t want[64], got[32];
	int e;

	if (!k->ed) {
		if (api.scalarmult(got, k->priv, k->peer_pub) != 0 || ember_x25519(want, k->peer_priv, k->pub) != 0)
			return EMBER_EINTERNAL;
		return memcmp(got, want, 32) == 0 ? 0 : EMBER_EVERIFY;
	} else {
		ember_ed25519_key key;
		if (ember_ed25519_keypair(&key, k->sk) != 0 || ember_ed25519_sign(&key, want, k->msg, sizeof(k->msg)) != 0)
			return EMBER_EINTERNAL;
		e = memcmp(key.pub, k->pk, 32) == 0 && memcmp(want, k->sig, 64) == 0 ? 0 : EMBER_EVERIFY;
		ember_ed25519_clear(&key);
		if (e == 0)
			e = so_pk_verify(k);
		if (e != 0)
			return e;
		k->msg[0] ^= 1;
		e = so_pk_verify(k) == 0 ? EMBER_EVERIFY : 0;
		k->msg[0] ^= 1;
		return e;
	}
}

const speed_engine speed_engine_sodium = {
	"sodium", 0, so_probe, so_describe, so_impls, so_open, so_impl_name, so_run, so_output, so_close, so_error,
	so_pk_new, so_pk_sign, so_pk_verify, so_pk_selftest, so_pk_free,
	NULL, NULL, NULL, NULL
};
