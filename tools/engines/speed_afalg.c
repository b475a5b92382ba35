/*
 * speed_afalg.c - the "afalg" engine of `ember speed`: the Linux kernel's
 * crypto API through AF_ALG sockets (tools/kengine.c), what `openssl speed
 * -engine afalg` reaches. Digests are "hash" sockets (sha256, hmac(sha1)
 * ...), ciphers "skcipher" sockets (cbc(aes), ecb(des3_ede) ...); the
 * kernel picks the highest-priority driver, which /proc/crypto names, and
 * that name is the row's implementation (aes-generic, or a hardware
 * driver). AEAD rows are "aead" sockets (gcm(aes), ccm(aes),
 * rfc7539(chacha20,poly1305)): one sendmsg of AAD and payload (and the tag
 * to open) per record, the output read back; the ghash row is gcm(aes)
 * over AAD alone. Data is copied to and from the kernel with send and read, which
 * every kernel with AF_ALG accepts; the cost of the copies and system
 * calls is part of what a program using AF_ALG pays, so it is measured.
 *
 * The work happens in the kernel, possibly on another device, so the
 * engine is timed by the wall clock (speed_engine.offloads).
 */
#include <stdlib.h>
#include <string.h>

#include "ember/aead.h"
#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "kengine.h"
#include "speed.h"

struct speed_task {
	int kind;
	afalg_op a;
	char driver[64];
	size_t block_len, carry;
	int started;      /* cipher: direction and IV sent */
	int decrypt;
	uint8_t iv[EMBER_MAX_BLOCK_LEN];
	size_t iv_len;
	uint8_t out[EMBER_MAX_DIGEST_LEN];
	size_t out_len;
	int failed;
	char err[160];
	/* AEAD and GMAC rows: the kernel's IV, the record's AAD and tag */
	uint8_t kiv[16];
	size_t kiv_len, aad_len;
	uint8_t aad[SPEED_AEAD_AAD_LEN], tag[SPEED_AEAD_TAG_LEN];
	speed_sealed sealed;
};

/* The kernel's IV for a nonce: as is, but ccm(aes)'s is the counter block L' || N || 0 (RFC 3610). */
static size_t kernel_iv(const speed_row *row, uint8_t kiv[16], const uint8_t *nonce, size_t nonce_len)
{
	memset(kiv, 0, 16);
	if (row->kind == SPEED_AEAD && strstr(row->target, "ccm") != NULL) {
		kiv[0] = (uint8_t)(14 - nonce_len);
		memcpy(kiv + 1, nonce, nonce_len);
		return 16;
	}
	memcpy(kiv, nonce, nonce_len);
	return nonce_len;
}

/* The kernel's name for a row ("hmac(sha256)", "cbc(aes)"), its key length and digest length. */
static int kname_of(const speed_row *row, char *kname, size_t len, const ember_cipher_spec **spec)
{
	*spec = NULL;
	if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		const ember_aead_spec *a = ember_aead_spec_find(row->kind == SPEED_GMAC ? "aes-128-gcm" : row->target);
		if (a == NULL)
			return -1;
		if (strcmp(a->alg, "aes-gcm") == 0)
			snprintf(kname, len, "gcm(aes)");
		else if (strcmp(a->alg, "aes-ccm") == 0)
			snprintf(kname, len, "ccm(aes)");
		else if (strcmp(a->alg, "chacha20-poly1305") == 0)
			snprintf(kname, len, "rfc7539(chacha20,poly1305)");
		else
			return -1;
		return 0;
	}
	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		const ember_hash_desc *d = ember_hash_find(row->target, NULL);
		const char *h = afalg_hash_name(d ? d->name : row->target);
		if (h == NULL)
			return -1;
		if (row->kind == SPEED_HMAC)
			snprintf(kname, len, "hmac(%s)", h);
		else
			snprintf(kname, len, "%s", h);
		return 0;
	} else {
		const ember_cipher_spec *s = ember_cipher_spec_find(row->target);
		const char *alg = s ? afalg_cipher_alg(s->alg) : NULL;
		const char *mode;

		if (alg == NULL)
			return -1;
		switch (s->mode) {
		case EMBER_MODE_CBC:
			mode = "cbc";
			break;
		case EMBER_MODE_CTR:
			mode = "ctr";
			break;
		default:
			mode = "ecb"; /* ECB, and RC4 ("ecb(arc4)") */
			break;
		}
		snprintf(kname, len, "%s(%s)", mode, alg);
		*spec = s;
		return 0;
	}
}

static int a_probe(char *why, size_t why_len)
{
	return afalg_probe(why, why_len);
}

static void a_describe(char *buf, size_t len)
{
	snprintf(buf, len, "Linux kernel crypto API through AF_ALG sockets; driver per row from /proc/crypto");
}

static size_t a_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	const ember_cipher_spec *s;
	char kname[64];

	if (kname_of(row, kname, sizeof(kname), &s) != 0) {
		snprintf(why, why_len, "%s: not in the kernel's crypto API", row->name);
		return 0;
	}
	if (max > 0) {
		out[0].name = "kernel";
		out[0].flags = 0;
		out[0].supported = 1;
		out[0].preferred = 1;
	}
	return 1;
}

static void a_close(speed_task *t)
{
	if (t == NULL)
		return;
	afalg_close(&t->a);
	speed_sealed_free(&t->sealed);
	ember_wipe(t, sizeof(*t));
	free(t);
}

/* AEAD and GMAC rows: the known answer sealed and opened on its own socket, then the timing socket. */
static int aead_open(speed_task *t, const speed_row *row, const char *kname, speed_kat *k, int decrypt, char *err,
    size_t err_len)
{
	uint8_t got[128], back[128], tag[16], key[EMBER_AEAD_MAX_KEY_LEN], nonce[SPEED_AEAD_NONCE_LEN];
	size_t key_len = speed_aead_key_len(row);
	char why[200];
	int e;

	t->kiv_len = kernel_iv(row, t->kiv, k->iv, k->iv_len);
	if (afalg_open_aead(&t->a, kname, k->key, k->key_len, k->tag_len, why, sizeof(why)) != 0) {
		snprintf(err, err_len, "%s: %s", row->name, why);
		return EMBER_ENOTSUP;
	}
	e = afalg_aead(&t->a, 0, t->kiv, t->kiv_len, k->aad, k->aad_len, k->in_len ? got : NULL, k->in, k->in_len, tag,
	    k->tag_len, why, sizeof(why));
	if (e == 0)
		e = speed_kat_compare_aead("afalg", row, k, got, tag, err, err_len);
	else
		snprintf(err, err_len, "%s: %s", row->name, why);
	if (e == 0 && row->kind == SPEED_AEAD &&
	    (afalg_aead(&t->a, 1, t->kiv, t->kiv_len, k->aad, k->aad_len, back, k->out, k->out_len, k->tag, k->tag_len,
	         why, sizeof(why)) != 0 ||
	        memcmp(back, k->in, k->in_len) != 0)) {
		snprintf(err, err_len, "%s: opening the known answer failed: not timed", row->name);
		e = EMBER_EVERIFY;
	}
	afalg_close(&t->a);
	if (e != 0)
		return EMBER_EVERIFY;
	speed_task_key(key, key_len, nonce, sizeof(nonce));
	t->kiv_len = kernel_iv(row, t->kiv, nonce, sizeof(nonce));
	e = afalg_open_aead(&t->a, kname, key, key_len, SPEED_AEAD_TAG_LEN, why, sizeof(why));
	ember_wipe(key, sizeof(key));
	if (e != 0) {
		snprintf(err, err_len, "%s: %s", row->name, why);
		return EMBER_EVERIFY;
	}
	speed_aead_aad(t->aad);
	t->aad_len = row->kind == SPEED_AEAD ? row->aad_len : 0;
	t->decrypt = decrypt && row->kind == SPEED_AEAD;
	return 0;
}

static void run_aead(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;
	int e = 0;

	if (t->kind == SPEED_GMAC) {
		/* the data is the AAD: the kernel hands it back into buf unchanged */
		for (i = 0; i < n && e == 0; i++)
			e = afalg_aead(&t->a, 0, t->kiv, t->kiv_len, buf, size, NULL, NULL, 0, t->tag, SPEED_AEAD_TAG_LEN, t->err,
			    sizeof(t->err));
	} else if (!t->decrypt) {
		for (i = 0; i < n && e == 0; i++)
			e = afalg_aead(&t->a, 0, t->kiv, t->kiv_len, t->aad, t->aad_len, buf, buf, size, t->tag,
			    SPEED_AEAD_TAG_LEN, t->err, sizeof(t->err));
	} else {
		speed_sealed *s = speed_sealed_get(&t->sealed, size);
		if (s == NULL) {
			snprintf(t->err, sizeof(t->err), "out of memory for a %u-byte record", (unsigned)size);
			t->failed = 1;
			return;
		}
		if (s->fresh) {
			memcpy(s->ct, buf, size);
			e = afalg_aead(&t->a, 0, t->kiv, t->kiv_len, t->aad, t->aad_len, s->ct, s->ct, size, s->tag,
			    SPEED_AEAD_TAG_LEN, t->err, sizeof(t->err));
		}
		for (i = 0; i < n && e == 0; i++)
			e = afalg_aead(&t->a, 1, t->kiv, t->kiv_len, t->aad, t->aad_len, buf, s->ct, size, s->tag,
			    SPEED_AEAD_TAG_LEN, t->err, sizeof(t->err));
	}
	t->failed = e != 0;
}

static int a_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err,
    size_t err_len)
{
	const ember_cipher_spec *s;
	speed_task *t;
	speed_kat k;
	char kname[64], why[200];
	uint8_t got[64];
	int e;

	*out = NULL;
	if (impl != NULL && strcmp(impl, "kernel") != 0) {
		snprintf(err, err_len, "%s/%s: this engine has only 'kernel'", row->name, impl);
		return EMBER_ENOTSUP;
	}
	if (kname_of(row, kname, sizeof(kname), &s) != 0) {
		snprintf(err, err_len, "%s: not in the kernel's crypto API", row->name);
		return EMBER_ENOTSUP;
	}
	e = speed_known_answer(row, &k, err, err_len);
	if (e != 0)
		return e;
	t = calloc(1, sizeof(*t));
	if (t == NULL) {
		snprintf(err, err_len, "out of memory");
		return EMBER_EINTERNAL;
	}
	t->kind = row->kind;
	t->decrypt = decrypt;
	t->a.tfm = t->a.op = -1;
	if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC) {
		e = aead_open(t, row, kname, &k, decrypt, err, err_len);
		if (e != 0) {
			a_close(t);
			return e;
		}
		kcrypto_driver(kname, t->driver, sizeof(t->driver));
		*out = t;
		return 0;
	}
	/* the known answer on its own socket, then the timing socket */
	if (row->kind == SPEED_CIPHER) {
		if (afalg_open(&t->a, kname, 0, k.key, k.key_len, 0, why, sizeof(why)) != 0)
			goto unsupported;
		if (afalg_cipher(&t->a, 0, k.iv, k.iv_len, got, k.in, k.in_len, why, sizeof(why)) != 0)
			goto failed;
		e = speed_kat_compare("afalg", row, &k, got, k.in_len, err, err_len);
	} else {
		t->out_len = k.out_len;
		if (afalg_open(&t->a, kname, 1, k.key, k.key_len, k.out_len, why, sizeof(why)) != 0)
			goto unsupported;
		if (afalg_hash(&t->a, got, k.in, k.in_len, why, sizeof(why)) != 0)
			goto failed;
		e = speed_kat_compare("afalg", row, &k, got, k.out_len, err, err_len);
	}
	afalg_close(&t->a);
	if (e != 0) {
		a_close(t);
		return e;
	}
	if (row->kind == SPEED_CIPHER) {
		uint8_t key[EMBER_MAX_KEY_LEN];
		speed_task_key(key, sizeof(key), t->iv, sizeof(t->iv));
		t->iv_len = k.iv_len;
		t->block_len = k.block_len;
		e = afalg_open(&t->a, kname, 0, key, s->key_len, 0, why, sizeof(why));
		ember_wipe(key, sizeof(key));
	} else {
		static const char key[] = SPEED_HMAC_KEY;
		e = afalg_open(&t->a, kname, 1, (const uint8_t *)key, row->kind == SPEED_HMAC ? sizeof(key) - 1 : 0,
		    t->out_len, why, sizeof(why));
	}
	if (e != 0)
		goto failed;
	kcrypto_driver(kname, t->driver, sizeof(t->driver));
	*out = t;
	return 0;
unsupported:
	/* bind fails with ENOENT when the kernel has no such algorithm */
	snprintf(err, err_len, "%s: %s", row->name, why);
	a_close(t);
	return EMBER_ENOTSUP;
failed:
	snprintf(err, err_len, "%s: %s", row->name, why);
	a_close(t);
	return EMBER_EVERIFY;
}

static const char *a_impl_name(const speed_task *t)
{
	return t->driver;
}

static void a_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;

	if (t->failed)
		return;
	if (t->kind == SPEED_AEAD || t->kind == SPEED_GMAC) {
		run_aead(t, buf, size, n);
		return;
	}
	if (t->kind != SPEED_CIPHER) {
		for (i = 0; i < n && !t->failed; i++)
			t->failed = afalg_hash(&t->a, t->out, buf, size, t->err, sizeof(t->err)) != 0;
		return;
	}
	for (i = 0; i < n && !t->failed; i++) {
		/* whole blocks only, the rest carried to the next operation, as the ember engine */
		size_t len = t->carry + size;
		t->carry = len % t->block_len;
		len -= t->carry;
		if (len == 0)
			continue;
		if (!t->started) {
			t->failed = afalg_cipher(&t->a, t->decrypt, t->iv, t->iv_len, buf, buf, len, t->err, sizeof(t->err)) != 0;
			t->started = 1;
		} else {
			t->failed = afalg_cipher_next(&t->a, buf, buf, len, t->err, sizeof(t->err)) != 0;
		}
	}
}

static const uint8_t *a_output(const speed_task *t, size_t *len)
{
	if (t->kind == SPEED_AEAD || t->kind == SPEED_GMAC) {
		*len = SPEED_AEAD_TAG_LEN;
		return t->decrypt ? t->sealed.tag : t->tag;
	}
	if (t->kind == SPEED_CIPHER) {
		*len = 0;
		return NULL;
	}
	*len = t->out_len;
	return t->out;
}

static const char *a_error(const speed_task *t)
{
	return t->failed ? t->err : NULL;
}

const speed_engine speed_engine_afalg = {
	"afalg", 1, a_probe, a_describe, a_impls, a_open, a_impl_name, a_run, a_output, a_close, a_error,
	NULL, NULL, NULL, NULL, NULL,
	NULL, NULL, NULL, NULL
};
