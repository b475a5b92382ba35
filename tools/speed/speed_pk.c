/*
 * speed_pk.c - the public-key rows of `ember speed`: rsa512 ... rsa4096 and
 * dsa512 ... dsa2048, with the fixed keys of testkeys.h or the user's own
 * key file (-key FILE).
 *
 * As `openssl speed`: an RSA "sign" is a PKCS#1 v1.5 type 1 signature of
 * 36 bytes without DigestInfo (what RSA_sign does for md5+sha1), "verify"
 * checks it; a DSA "sign" signs a 20-byte digest (k from RFC 6979 with
 * HMAC-SHA-256), "verify" checks that signature.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ember/keys.h"
#include "speed_pk.h"
#include "speed_keys.h"
#include "testkeys.h"
#include "tool.h"

/*
 * DSA known answers: SHA-256 of Ember's deterministic (RFC 6979) signature
 * of the fixed digest, each checked with `openssl pkeyutl -verify` when
 * recorded.
 */
#define DSA512_KAT "6c423d020c4794152e712dcdc74f2267ad5390ff27e4f9ca718d6f831f7e4de3"
#define DSA1024_KAT "19c6f3ef3a85f570d5fbcc4417c373c789c3ec77f1c286aee907f2bfce7defcb"
#define DSA2048_KAT "3fdbc9d8cbd24518ccfa1eedb39b0de53412a65145a70e55709b48ef1e30f9bf"

static const struct word {
	const char *word;
	unsigned bits;
	int type;
	const char *pem;
	const char *kat; /* SHA-256 of the signature of the fixed digest (RSA: made by OpenSSL) */
} words[] = {
	{ "rsa512", 512, EMBER_PKEY_RSA, testkey_rsa512,
	    "9f13f060c8b7b5c374eb1a799f95779ed70d8e805ee975acf2c07cd80475ef78" },
	{ "rsa1024", 1024, EMBER_PKEY_RSA, testkey_rsa1024,
	    "e31086bf0420051326f9b939944f5b3b2eae89755f38630bc022a1ccdc55872f" },
	{ "rsa2048", 2048, EMBER_PKEY_RSA, testkey_rsa2048,
	    "9fb5fea2cc38f1c1ee4b33e519dc9a01639b1a52d7ec307ad6de9f5dd9f38b7f" },
	{ "rsa3072", 3072, EMBER_PKEY_RSA, testkey_rsa3072,
	    "9f9f96918bbbf581435dcf1b195ed51b690d298ea6df1f1861056175b3e49aa2" },
	{ "rsa4096", 4096, EMBER_PKEY_RSA, testkey_rsa4096,
	    "e8d554edbeba8112adeee81e01d8faa637691be74e73f2db8be6a764e0efcbd9" },
	{ "dsa512", 512, EMBER_PKEY_DSA, testkey_dsa512, DSA512_KAT },
	{ "dsa1024", 1024, EMBER_PKEY_DSA, testkey_dsa1024, DSA1024_KAT },
	{ "dsa2048", 2048, EMBER_PKEY_DSA, testkey_dsa2048, DSA2048_KAT },
};

#define NWORDS (sizeof(words) / sizeof(words[0]))

struct speed_pk {
	const struct word *w;
	int builtin;
	ember_pkey key;
	ember_rsa_public_key pub;
	const ember_hash_desc *hd; /* DSA: RFC 6979's HMAC digest */
	uint8_t digest[36];
	size_t digest_len;
	uint8_t sig[EMBER_RSA_MAX_LEN];
	size_t sig_len;
};

static const struct word *find_word(const char *word)
{
	return speed_word_find(words, NWORDS, sizeof(words[0]), word);
}

int speed_pk_known(const char *word)
{
	return find_word(word) != NULL;
}

const char *speed_pk_pem(const char *word)
{
	const struct word *w = find_word(word);
	return w ? w->pem : NULL;
}

unsigned speed_pk_bits(const char *word)
{
	const struct word *w = find_word(word);
	return w ? w->bits : 0;
}

/* Reads a whole (small) file; NULL with a reason in err. */
static uint8_t *read_small(const char *path, size_t *len, char *err, size_t err_len)
{
	FILE *f = fopen(path, "rb");
	uint8_t *buf;
	size_t cap = 65536, n;

	if (f == NULL) {
		snprintf(err, err_len, "cannot open key file %s", path);
		return NULL;
	}
	buf = malloc(cap + 1);
	n = buf ? fread(buf, 1, cap + 1, f) : 0;
	fclose(f);
	if (buf == NULL || n > cap) {
		snprintf(err, err_len, "%s: key file too large", path);
		free(buf);
		return NULL;
	}
	*len = n;
	return buf;
}

speed_pk *speed_pk_new(const char *word, const char *keyfile, char *err, size_t err_len)
{
	const struct word *w = find_word(word);
	speed_pk *k;
	const uint8_t *src;
	uint8_t *file = NULL;
	size_t len, i;
	int ret;

	if ((k = speed_key_alloc(w, word, "public-key algorithm", sizeof(*k), err, err_len)) == NULL)
		return NULL;
	k->w = w;
	k->builtin = keyfile == NULL;
	if (keyfile != NULL) {
		if ((file = read_small(keyfile, &len, err, err_len)) == NULL) {
			free(k);
			return NULL;
		}
		src = file;
	} else {
		src = (const uint8_t *)w->pem;
		len = strlen(w->pem);
	}
	ret = ember_pkey_read(&k->key, src, len);
	free(file);
	if (ret != 0) {
		snprintf(err, err_len, "%s: cannot read key %s: %s", word, keyfile ? keyfile : "(built-in)",
		    ember_strerror(ret));
		goto fail;
	}
	if (k->key.type != w->type || !k->key.has_private) {
		snprintf(err, err_len, "%s: %s is not a%s private key", word, keyfile ? keyfile : "built-in key",
		    w->type == EMBER_PKEY_RSA ? "n RSA" : " DSA");
		goto fail;
	}
	if (ember_pkey_bits(&k->key) != w->bits) {
		snprintf(err, err_len, "%s: %s is a %u-bit key", word, keyfile ? keyfile : "built-in key",
		    ember_pkey_bits(&k->key));
		goto fail;
	}
	for (i = 0; i < sizeof(k->digest); i++)
		k->digest[i] = (uint8_t)(i + 1);
	if (w->type == EMBER_PKEY_RSA) {
		ember_rsa_public_from_private(&k->pub, &k->key.u.rsa);
		k->digest_len = 36;
		k->sig_len = k->pub.len;
	} else {
		k->hd = ember_hash_find("sha256", NULL);
		k->digest_len = 20;
		k->sig_len = 2 * k->key.u.dsa.qlen;
		if (k->hd == NULL) {
			snprintf(err, err_len, "%s: sha256 is not in this build", word);
			goto fail;
		}
	}
	if ((ret = speed_pk_sign(k)) != 0) {
		snprintf(err, err_len, "%s: signing failed: %s", word, ember_strerror(ret));
		goto fail;
	}
	return k;
fail:
	speed_pk_free(k);
	return NULL;
}

int speed_pk_sign(speed_pk *k)
{
	if (k->w->type == EMBER_PKEY_RSA)
		return ember_rsa_pkcs1_sign(&k->key.u.rsa, NULL, k->digest, k->digest_len, k->sig, k->sig_len);
	return ember_dsa_sign(&k->key.u.dsa, k->hd, k->digest, k->digest_len, k->sig, k->sig_len);
}

int speed_pk_verify(speed_pk *k)
{
	if (k->w->type == EMBER_PKEY_RSA)
		return ember_rsa_pkcs1_verify(&k->pub, NULL, k->digest, k->digest_len, k->sig, k->sig_len);
	return ember_dsa_verify(&k->key.u.dsa, k->digest, k->digest_len, k->sig, k->sig_len);
}

int speed_pk_selftest(speed_pk *k)
{
	int ret;

	if ((ret = speed_pk_sign(k)) != 0 || (ret = speed_pk_verify(k)) != 0)
		return ret;
	/* a changed digest must not verify */
	k->digest[0] ^= 1;
	ret = speed_pk_verify(k);
	k->digest[0] ^= 1;
	if (ret != EMBER_EVERIFY)
		return EMBER_EINTERNAL;
	if (k->builtin) {
		/* both schemes are deterministic: the signature of the fixed digest is known */
		uint8_t h[32];
		char hex[65];
		size_t i;
		ember_hash(ember_hash_find("sha256", NULL), h, k->sig, k->sig_len);
		for (i = 0; i < 32; i++)
			snprintf(hex + 2 * i, 3, "%02x", h[i]);
		if (strcmp(hex, k->w->kat) != 0)
			return EMBER_EINTERNAL;
	}
	return speed_pk_verify(k);
}

void speed_pk_free(speed_pk *k)
{
	if (k == NULL)
		return;
	ember_pkey_clear(&k->key);
	ember_wipe(k, sizeof(*k));
	free(k);
}
