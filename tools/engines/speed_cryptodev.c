/*
 * speed_cryptodev.c - the "cryptodev" engine of `ember speed`: the kernel's
 * crypto through /dev/crypto, the ioctl interface of the cryptodev-linux
 * module (tools/kengine.c), which OpenSSL's devcrypto engine and many
 * board vendors' SDKs use. One session per row; one CIOCCRYPT per
 * operation (a whole digest, or |size| bytes of a cipher with the IV
 * carried from one operation to the next). The session's driver
 * (CIOCGSESSINFO) is the row's implementation.
 *
 * The work happens in the kernel or on a device: timed by the wall clock.
 */
#include <stdlib.h>
#include <string.h>

#include "ember/cipher.h"
#include "ember/hash.h"
#include "ember/util.h"
#include "kengine.h"
#include "speed.h"

struct speed_task {
	int kind;
	cdev_op c;
	char driver[64];
	size_t block_len, carry;
	int decrypt;
	uint8_t iv[EMBER_MAX_BLOCK_LEN];
	size_t iv_len;
	uint8_t out[EMBER_MAX_DIGEST_LEN];
	size_t out_len;
	int failed;
	char err[160];
};

/* cryptodev's number for a row, or -1. */
static int alg_of(const speed_row *row, const ember_cipher_spec **spec)
{
	*spec = NULL;
	if (row->kind == SPEED_AEAD || row->kind == SPEED_GMAC)
		return -1; /* cryptodev-linux's AEAD interface (CIOCAUTHCRYPT) is not used here */
	if (row->kind == SPEED_HASH || row->kind == SPEED_HMAC) {
		const ember_hash_desc *d = ember_hash_find(row->target, NULL);
		return cdev_hash_alg(d ? d->name : row->target, row->kind == SPEED_HMAC);
	}
	*spec = ember_cipher_spec_find(row->target);
	return *spec ? cdev_cipher_alg((*spec)->alg, (*spec)->mode) : -1;
}

static int c_probe(char *why, size_t why_len)
{
	return cdev_probe(why, why_len);
}

static void c_describe(char *buf, size_t len)
{
	snprintf(buf, len, "/dev/crypto (cryptodev-linux); driver per row from CIOCGSESSINFO");
}

static size_t c_impls(const speed_row *row, speed_impl *out, size_t max, char *why, size_t why_len)
{
	const ember_cipher_spec *s;

	if (alg_of(row, &s) < 0) {
		snprintf(why, why_len, "%s: not offered by /dev/crypto", row->name);
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

static void c_close(speed_task *t)
{
	if (t == NULL)
		return;
	cdev_close(&t->c);
	ember_wipe(t, sizeof(*t));
	free(t);
}

static int c_open(const speed_row *row, const char *impl, int decrypt, speed_task **out, char *err,
    size_t err_len)
{
	const ember_cipher_spec *s;
	speed_task *t;
	speed_kat k;
	char why[200];
	uint8_t got[64], iv[EMBER_MAX_BLOCK_LEN];
	int alg, e, hash = row->kind != SPEED_CIPHER;

	*out = NULL;
	if (impl != NULL && strcmp(impl, "kernel") != 0) {
		snprintf(err, err_len, "%s/%s: this engine has only 'kernel'", row->name, impl);
		return EMBER_ENOTSUP;
	}
	alg = alg_of(row, &s);
	if (alg < 0) {
		snprintf(err, err_len, "%s: not offered by /dev/crypto", row->name);
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
	t->c.fd = -1;
	t->out_len = hash ? k.out_len : 0;
	/* the known answer in its own session, then the timing session */
	if (cdev_open(&t->c, alg, hash, k.key, k.key_len, t->out_len, why, sizeof(why)) != 0)
		goto unsupported;
	memcpy(iv, k.iv, sizeof(iv));
	if (cdev_run(&t->c, 0, k.iv_len ? iv : NULL, got, k.in, k.in_len, why, sizeof(why)) != 0)
		goto failed;
	e = speed_kat_compare("cryptodev", row, &k, got, hash ? k.out_len : k.in_len, err, err_len);
	cdev_close(&t->c);
	if (e != 0) {
		c_close(t);
		return e;
	}
	if (hash) {
		static const char key[] = SPEED_HMAC_KEY;
		e = cdev_open(&t->c, alg, 1, (const uint8_t *)key, row->kind == SPEED_HMAC ? sizeof(key) - 1 : 0, t->out_len,
		    why, sizeof(why));
	} else {
		uint8_t key[EMBER_MAX_KEY_LEN];
		speed_task_key(key, sizeof(key), t->iv, sizeof(t->iv));
		t->iv_len = k.iv_len;
		t->block_len = k.block_len;
		e = cdev_open(&t->c, alg, 0, key, s->key_len, 0, why, sizeof(why));
		ember_wipe(key, sizeof(key));
	}
	if (e != 0)
		goto failed;
	cdev_driver(&t->c, t->driver, sizeof(t->driver));
	*out = t;
	return 0;
unsupported:
	snprintf(err, err_len, "%s: %s", row->name, why);
	c_close(t);
	return EMBER_ENOTSUP;
failed:
	snprintf(err, err_len, "%s: %s", row->name, why);
	c_close(t);
	return EMBER_EVERIFY;
}

static const char *c_impl_name(const speed_task *t)
{
	return t->driver;
}

static void c_run(speed_task *t, uint8_t *buf, size_t size, uint64_t n)
{
	uint64_t i;

	for (i = 0; i < n && !t->failed; i++) {
		if (t->kind != SPEED_CIPHER) {
			t->failed = cdev_run(&t->c, 0, NULL, t->out, buf, size, t->err, sizeof(t->err)) != 0;
		} else {
			size_t len = t->carry + size;
			t->carry = len % t->block_len;
			len -= t->carry;
			if (len > 0)
				t->failed = cdev_run(&t->c, t->decrypt, t->iv_len ? t->iv : NULL, buf, buf, len, t->err,
				                sizeof(t->err)) != 0;
		}
	}
}

static const uint8_t *c_output(const speed_task *t, size_t *len)
{
	if (t->kind == SPEED_CIPHER) {
		*len = 0;
		return NULL;
	}
	*len = t->out_len;
	return t->out;
}

static const char *c_error(const speed_task *t)
{
	return t->failed ? t->err : NULL;
}

const speed_engine speed_engine_cryptodev = {
	"cryptodev", 1, c_probe, c_describe, c_impls, c_open, c_impl_name, c_run, c_output, c_close, c_error,
	NULL, NULL, NULL, NULL, NULL,
	NULL, NULL, NULL, NULL
};
