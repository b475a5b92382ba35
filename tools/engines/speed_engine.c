/*
 * speed_engine.c - the "ember" engine of `ember speed`: digests, HMAC,
 * ciphers, AEADs and GMAC, reached only through the registry
 * (ember_hash_at/find, ember_block_at/find, ember_cipher_spec_find,
 * ember_aead_at/find), so that every registered implementation is
 * benchmarked without an edit here.
 *
 * Each task is checked against its row's known answer (speed_kat.c) before
 * it is timed, in both directions for ciphers and AEADs; an algorithm with
 * no published answer is compared with what Ember's default implementation
 * computes, so every implementation agrees with the others.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "speed.h"
#include "tls_engines.h"
#include "speed_ec.h"
#include "speed_pk.h"

struct speed_task {
	int kind;
	const ember_hash_desc *hd;
	speed_hmac hmac;
	const ember_block_desc *bd;
	const ember_cipher_spec *spec;
	ember_cipher_ctx cc;
	size_t carry; /* bytes of a partial block held back, as EVP buffers them */
	uint8_t md[EMBER_MAX_DIGEST_LEN];
	/* AEAD and GMAC rows */
	const ember_aead_desc *ad;
	ember_aead_ctx ac;
	size_t aad_len;
	int decrypt, failed;
	uint8_t nonce[SPEED_AEAD_NONCE_LEN], aad[SPEED_AEAD_AAD_LEN], tag[SPEED_AEAD_TAG_LEN];
	speed_sealed sealed;
	char err[160];
};

static int name_match(const char *want, const char *name, const char *aliases)
{
	const char *p;

	if (strcasecmp(want, name) == 0)
		return 1;
	for (p = aliases; p && *p;) {
		size_t n = strcspn(p, " ");
		if (n == strlen(want) && strncasecmp(p, want, n) == 0)
			return 1;
		p += n;
		while (*p == ' ')
			p++;
	}
	return 0;
}

/* The AEAD spec of a row: the GMAC row is AES-128-GCM's. */
static const ember_aead_spec *aead_spec(const speed_row *row)
{
	return ember_aead_spec_find(row->kind == SPEED_GMAC ? "aes-128-gcm" : row->target);
}

static void put_impl(speed_impl *out, size_t n, size_t max, const char *name, unsigned flags, int supported,
    int preferred)
{
	if (n < max) {
		out[n].name = name;
		out[n].flags = flags;
		out[n].supported = supported;
		out[n].preferred = preferred;
	}
}

static size_t e_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	size_t i, n = 0;

	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		const ember_hash_desc *best = ember_hash_find(row->target, NULL);
		for (i = 0; i < ember_hash_count(); i++) {
			const ember_hash_desc *d = ember_hash_at(i);
			if (!name_match(row->target, d->name, d->aliases))
				continue;
			if (row->kind == SPEED_HMAC && (d->flags & EMBER_HASH_XOF)) {
				/* not a row at all: HMAC refuses an extendable-output function, as OpenSSL */
				snprintf(why, why_len, "%s: HMAC refuses an extendable-output function (%s), as OpenSSL does",
				    row->name, d->name);
				return 0;
			}
			put_impl(out, n++, max, d->impl, d->flags, ember_hash_supported(d), d == best);
		}
	} else if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		/* every composition: for GCM, an AES and a GHASH implementation each */
		const ember_aead_spec *s = aead_spec(row);
		const ember_aead_desc *best = s ? ember_aead_find(s->name, NULL) : NULL;
		for (i = 0; s != NULL && i < ember_aead_count(); i++) {
			const ember_aead_desc *d = ember_aead_at(i);
			if (strcmp(d->name, s->alg) == 0)
				put_impl(out, n++, max, d->impl, d->flags, ember_aead_supported(d), d == best);
		}
	} else {
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		const ember_block_desc *best = s ? ember_block_find(s->alg, NULL) : NULL;
		for (i = 0; s != NULL && i < ember_block_count(); i++) {
			const ember_block_desc *d = ember_block_at(i);
			if (strcmp(d->name, s->alg) == 0)
				put_impl(out, n++, max, d->impl, d->flags, ember_block_supported(d), d == best);
		}
	}
	if (n == 0)
		snprintf(why, why_len, "%s: not in this build", row->name);
	return n;
}

/* ---- the checks before timing ---- */

static int check_hmac(const speed_row *row, const ember_hash_desc *d, char *err, size_t err_len)
{
	uint8_t got[EMBER_MAX_DIGEST_LEN];
	speed_hmac h;
	speed_kat k;
	int e = speed_known_answer(row, &k, err, err_len);

	if (e != 0)
		return e;
	if (speed_hmac_init(&h, d, k.key, k.key_len) != 0) {
		snprintf(err, err_len, "%s: this digest cannot be used for HMAC here", row->name);
		return EMBER_ENOTSUP;
	}
	speed_hmac_mac(&h, got, k.in, k.in_len);
	speed_hmac_clear(&h);
	if (d->digest_len == k.out_len && memcmp(got, k.out, k.out_len) == 0)
		return 0;
	snprintf(err, err_len, "hmac(%s)/%s: wrong answer for RFC 2202/4231 test case 2: not timed", d->name, d->impl);
	return EMBER_EVERIFY;
}

/* Encrypts or decrypts |len| bytes with a fresh context. */
static int cipher_once(const ember_block_desc *d, const ember_cipher_spec *s, const speed_kat *k, int decrypt,
    uint8_t *out, const uint8_t *in, size_t len)
{
	ember_cipher_ctx c;
	int err;

	err = ember_cipher_init(&c, d, s->mode, k->key, k->key_len, s->param, k->iv, decrypt);
	if (err == 0)
		err = ember_cipher_update(&c, out, in, len);
	ember_cipher_clear(&c);
	return err;
}

static int check_cipher(const speed_row *row, const ember_block_desc *d, const ember_cipher_spec *s, char *err,
    size_t err_len)
{
	uint8_t got[128];
	speed_kat k;
	int e = speed_known_answer(row, &k, err, err_len);

	if (e != 0)
		return e;
	if (cipher_once(d, s, &k, 0, got, k.in, k.in_len) != 0 || k.out_len != k.in_len ||
	    memcmp(got, k.out, k.out_len) != 0)
		goto bad;
	if (s->mode != EMBER_MODE_STREAM && s->mode != EMBER_MODE_CTR &&
	    (cipher_once(d, s, &k, 1, got, k.out, k.out_len) != 0 || memcmp(got, k.in, k.in_len) != 0))
		goto bad;
	return 0;
bad:
	snprintf(err, err_len, "%s/%s: wrong answer for a known-answer test (%s): not timed", row->name, d->impl, s->name);
	return EMBER_EVERIFY;
}

/* Seals the known answer, compares ciphertext and tag, opens it back, and refuses a changed tag. */
static int check_aead(const speed_row *row, const ember_aead_desc *d, const ember_aead_spec *s, char *err,
    size_t err_len)
{
	uint8_t got[128], back[128], tag[16];
	ember_aead_ctx c;
	speed_kat k;
	int e = speed_known_answer(row, &k, err, err_len);

	if (e != 0)
		return e;
	if (ember_aead_init(&c, s, d, k.key, k.key_len) != 0) {
		snprintf(err, err_len, "%s/%s: cannot be keyed", row->name, d->impl);
		return EMBER_ENOTSUP;
	}
	e = ember_aead_seal(&c, got, tag, k.tag_len, k.iv, k.iv_len, k.aad, k.aad_len, k.in, k.in_len);
	if (e == 0)
		e = speed_kat_compare_aead("ember", row, &k, got, tag, err, err_len);
	if (e == 0 && ember_aead_open(&c, back, tag, k.tag_len, k.iv, k.iv_len, k.aad, k.aad_len, got, k.in_len) != 0)
		e = EMBER_EVERIFY;
	if (e == 0 && memcmp(back, k.in, k.in_len) != 0)
		e = EMBER_EVERIFY;
	tag[0] ^= 1;
	if (e == 0 && ember_aead_open(&c, back, tag, k.tag_len, k.iv, k.iv_len, k.aad, k.aad_len, got, k.in_len) !=
	                  EMBER_EVERIFY)
		e = EMBER_EVERIFY;
	ember_aead_clear(&c);
	if (e != 0 && strstr(err, "not timed") == NULL)
		snprintf(err, err_len, "%s/%s: wrong answer for a known-answer test (open): not timed", row->name, d->impl);
	return e;
}

/* ---- tasks ---- */

static int open_aead(speed_task *t, const speed_row *row, const char *impl, int decrypt, char *err, size_t err_len)
{
	const ember_aead_spec *s = aead_spec(row);
	uint8_t key[EMBER_AEAD_MAX_KEY_LEN];
	int e;

	t->ad = s ? ember_aead_find(s->name, impl) : NULL;
	if (t->ad == NULL) {
		snprintf(err, err_len, "%s%s%s: not supported here", row->name, impl ? "/" : "", impl ? impl : "");
		return EMBER_ENOTSUP;
	}
	e = check_aead(row, t->ad, s, err, err_len);
	if (e != 0)
		return e;
	speed_task_key(key, s->key_len, t->nonce, sizeof(t->nonce));
	e = ember_aead_init(&t->ac, s, t->ad, key, s->key_len);
	ember_wipe(key, sizeof(key));
	if (e != 0) {
		snprintf(err, err_len, "%s/%s: cannot be keyed", row->name, t->ad->impl);
		return EMBER_ENOTSUP;
	}
	speed_aead_aad(t->aad);
	t->aad_len = row->kind == SPEED_AEAD ? row->aad_len : 0;
	t->decrypt = decrypt && row->kind == SPEED_AEAD;
	return 0;
}

static int e_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err,
    size_t err_len)
{
	speed_task *t;
	int e;

	*out = NULL;
	t = calloc(1, sizeof(*t));
	if (t == NULL) {
		snprintf(err, err_len, "out of memory");
		return EMBER_EINTERNAL;
	}
	t->kind = row->kind;
	if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		e = open_aead(t, row, impl, decrypt, err, err_len);
	} else if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		t->hd = ember_hash_find(row->target, impl);
		if (t->hd == NULL || (row->kind == SPEED_HMAC && (t->hd->flags & EMBER_HASH_XOF))) {
			snprintf(err, err_len, "%s%s%s: not supported here", row->name, impl ? "/" : "", impl ? impl : "");
			free(t);
			return EMBER_ENOTSUP;
		}
		e = speed_check_hash(t->hd, err, err_len);
		if (e == 0 && row->kind == SPEED_HMAC) {
			/* openssl speed's HMAC key is 16 bytes ("This is a key..."), shorter than the block */
			static const char key[] = SPEED_HMAC_KEY;
			e = check_hmac(row, t->hd, err, err_len);
			if (e == 0 && speed_hmac_init(&t->hmac, t->hd, (const uint8_t *)key, sizeof(key) - 1) != 0) {
				snprintf(err, err_len, "%s: this digest cannot be used for HMAC here", row->name);
				e = EMBER_ENOTSUP;
			}
		}
	} else {
		uint8_t key[EMBER_MAX_KEY_LEN], iv[EMBER_MAX_BLOCK_LEN];

		t->spec = ember_cipher_spec_find(row->target);
		t->bd = t->spec ? ember_block_find(t->spec->alg, impl) : NULL;
		if (t->bd == NULL) {
			snprintf(err, err_len, "%s%s%s: not supported here", row->name, impl ? "/" : "", impl ? impl : "");
			free(t);
			return EMBER_ENOTSUP;
		}
		e = check_cipher(row, t->bd, t->spec, err, err_len);
		speed_task_key(key, sizeof(key), iv, sizeof(iv));
		if (e == 0 && ember_cipher_init(&t->cc, t->bd, t->spec->mode, key, t->spec->key_len, t->spec->param,
		                  iv, decrypt) != 0) {
			snprintf(err, err_len, "%s/%s: cannot be keyed", row->name, t->bd->impl);
			e = EMBER_ENOTSUP;
		}
		ember_wipe(key, sizeof(key));
	}
	if (e != 0) {
		ember_cipher_clear(&t->cc);
		ember_aead_clear(&t->ac);
		free(t);
		return e;
	}
	*out = t;
	return 0;
}

static const char *e_impl_name(const speed_task *t)
{
	return t->hd ? t->hd->impl : t->ad ? t->ad->impl : t->bd->impl;
}

/*
 * AEAD records: seal in place (nonce, AAD, payload, tag), or with -decrypt
 * open, out of place, the record sealed once for this size, so that every
 * operation decrypts and checks a valid tag.
 */
static void run_aead(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;
	int e = 0;

	if (t->failed)
		return;
	if (t->kind == SPEED_GMAC) {
		for (i = 0; i < n && e == 0; i++)
			e = ember_aead_seal(&t->ac, NULL, t->tag, SPEED_AEAD_TAG_LEN, t->nonce, sizeof(t->nonce), buf, size,
			    NULL, 0);
	} else if (!t->decrypt) {
		for (i = 0; i < n && e == 0; i++)
			e = ember_aead_seal(&t->ac, buf, t->tag, SPEED_AEAD_TAG_LEN, t->nonce, sizeof(t->nonce), t->aad,
			    t->aad_len, buf, size);
	} else {
		speed_sealed *s = speed_sealed_get(&t->sealed, size);
		if (s == NULL) {
			t->failed = 1;
			snprintf(t->err, sizeof(t->err), "out of memory for a %u-byte record", (unsigned)size);
			return;
		}
		if (s->fresh) {
			memcpy(s->ct, buf, size);
			e = ember_aead_seal(&t->ac, s->ct, s->tag, SPEED_AEAD_TAG_LEN, t->nonce, sizeof(t->nonce), t->aad,
			    t->aad_len, s->ct, size);
		}
		for (i = 0; i < n && e == 0; i++)
			e = ember_aead_open(&t->ac, buf, s->tag, SPEED_AEAD_TAG_LEN, t->nonce, sizeof(t->nonce), t->aad,
			    t->aad_len, s->ct, size);
	}
	if (e != 0) {
		t->failed = 1;
		snprintf(t->err, sizeof(t->err), "%s of a %u-byte record failed (%s)",
		    t->decrypt ? "open" : "seal", (unsigned)size, ember_strerror(e));
	}
}

static void e_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;

	switch (t->kind) {
	case SPEED_HASH:
		/* as openssl speed: one EVP_Digest (init, update, final) per operation */
		for (i = 0; i < n; i++)
			ember_hash(t->hd, t->md, buf, size);
		break;
	case SPEED_HMAC:
		for (i = 0; i < n; i++)
			speed_hmac_mac(&t->hmac, t->md, buf, size);
		break;
	case SPEED_AEAD:
	case SPEED_GMAC:
		run_aead(t, buf, size, n);
		break;
	default: {
		/* In place, chaining across operations, as openssl's EVP_CipherUpdate.
		 * Sizes that are not a block multiple carry the rest to the next
		 * operation as EVP's buffer does, so the bytes counted are the bytes
		 * processed. */
		size_t bl = t->bd->block_len;
		for (i = 0; i < n; i++) {
			size_t len = t->carry + size;
			t->carry = len % bl;
			(void)ember_cipher_update(&t->cc, buf, buf, len - t->carry);
		}
		break;
	}
	}
}

static const uint8_t *e_output(const speed_task *t, size_t *len)
{
	if (t->kind == SPEED_AEAD || t->kind == SPEED_GMAC) {
		/* the tag of the last record (sealed or opened) */
		*len = SPEED_AEAD_TAG_LEN;
		return t->decrypt ? t->sealed.tag : t->tag;
	}
	if (t->kind == SPEED_CIPHER) {
		*len = 0;
		return NULL;
	}
	*len = t->hd->digest_len;
	return t->md;
}

static void e_close(speed_task *t)
{
	if (t == NULL)
		return;
	speed_hmac_clear(&t->hmac);
	ember_cipher_clear(&t->cc);
	ember_aead_clear(&t->ac);
	speed_sealed_free(&t->sealed);
	free(t);
}

static const char *e_error(const speed_task *t)
{
	return t->failed ? t->err : NULL;
}

/* Ember's public-key words: rsa and dsa through speed_pk.h, the curves through speed_ec.h. */
struct e_pk {
	speed_pk *pk;
	speed_ec *ec;
};

/* "word" or, for a curve word, "word/impl" (speed.h). */
static void *e_pk_new(const char *word, char *err, size_t err_len)
{
	struct e_pk *k = calloc(1, sizeof(*k));
	const char *slash = strchr(word, '/');
	char w[32];

	if (k == NULL) {
		snprintf(err, err_len, "%s: out of memory", word);
		return NULL;
	}
	snprintf(w, sizeof(w), "%.*s", slash ? (int)(slash - word) : (int)strlen(word), word);
	if (speed_ec_known(w))
		k->ec = speed_ec_new(w, slash ? slash + 1 : NULL, err, err_len);
	else if (slash != NULL)
		snprintf(err, err_len, "%s: no named implementations", w);
	else
		k->pk = speed_pk_new(word, NULL, err, err_len);
	if (k->ec == NULL && k->pk == NULL) {
		free(k);
		return NULL;
	}
	return k;
}

static int e_pk_sign(void *arg)
{
	struct e_pk *k = arg;
	return k->ec ? speed_ec_sign(k->ec) : speed_pk_sign(k->pk);
}

static int e_pk_verify(void *arg)
{
	struct e_pk *k = arg;
	return k->ec ? speed_ec_verify(k->ec) : speed_pk_verify(k->pk);
}

static int e_pk_selftest(void *arg)
{
	struct e_pk *k = arg;
	return k->ec ? speed_ec_selftest(k->ec) : speed_pk_selftest(k->pk);
}

static void e_pk_free(void *arg)
{
	struct e_pk *k = arg;

	if (k == NULL)
		return;
	speed_ec_free(k->ec);
	speed_pk_free(k->pk);
	free(k);
}

const speed_engine speed_engine_ember = {
	"ember", 0, NULL, NULL, e_impls, e_open, e_impl_name, e_run, e_output, e_close, e_error,
	e_pk_new, e_pk_sign, e_pk_verify, e_pk_selftest, e_pk_free,
	tls_ember_new, tls_ember_run, tls_ember_sides, tls_ember_free
};
