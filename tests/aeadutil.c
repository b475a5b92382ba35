/*
 * aeadutil.c - see aeadutil.h.
 */
#include <stdlib.h>
#include <string.h>

#include "aeadutil.h"
#include "test.h"

size_t ta_impls(const char *alg, const ember_aead_desc **out)
{
	size_t i, n = 0;

	for (i = 0; i < ember_aead_count() && n < TA_MAX_IMPL; i++) {
		const ember_aead_desc *d = ember_aead_at(i);
		if (strcmp(d->name, alg) == 0 && ember_aead_supported(d))
			out[n++] = d;
	}
	return n;
}

const ember_aead_spec *ta_spec(const char *alg, size_t key_len)
{
	size_t i;

	for (i = 0; i < ember_aead_spec_count(); i++) {
		const ember_aead_spec *s = ember_aead_spec_at(i);
		if (strcmp(s->alg, alg) == 0 && s->key_len == key_len)
			return s;
	}
	return NULL;
}

const char *ta_err(int e)
{
	static char buf[64];

	snprintf(buf, sizeof(buf), "%d (%s)", e, ember_strerror(e));
	return buf;
}

static int all(const uint8_t *p, size_t n, uint8_t v)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (p[i] != v)
			return 0;
	return 1;
}

int ta_generic(const ember_aead_desc *d, const uint8_t *key, size_t key_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *msg, size_t len, const uint8_t *ct,
    const uint8_t *tag, size_t tag_len, int expect, const char *what)
{
	const ember_aead_spec *s = ta_spec(d->name, key_len);
	ember_aead_ctx c;
	uint8_t *out = malloc(len + 1), *buf = malloc(len + 1), t[EMBER_AEAD_MAX_TAG_LEN + 1];
	int ok = 1, e;

	if (!CHECK(s != NULL && out != NULL && buf != NULL, "%s: no spec for a %zu-byte key", what, key_len)) {
		ok = 0;
		goto done;
	}
	e = ember_aead_init(&c, s, d, key, key_len);
	if (!CHECK(e == 0, "%s: %s/%s: init: %s", what, d->name, d->impl, ta_err(e))) {
		ok = 0;
		goto done;
	}
	if (expect == 0) {
		/* seal, separate buffers and in place */
		memset(t, 0xee, sizeof(t));
		e = ember_aead_seal(&c, out, t, tag_len, nonce, nonce_len, aad, aad_len, msg, len);
		ok &= CHECK(e == 0 && memcmp(out, ct, len) == 0 && memcmp(t, tag, tag_len) == 0 && t[tag_len] == 0xee,
		    "%s: %s/%s: seal: %s, ct %s", what, d->name, d->impl, ta_err(e), t_tohex(out, len < 64 ? len : 64));
		memcpy(buf, msg, len);
		e = ember_aead_seal(&c, buf, t, tag_len, nonce, nonce_len, aad, aad_len, buf, len);
		ok &= CHECK(e == 0 && memcmp(buf, ct, len) == 0 && memcmp(t, tag, tag_len) == 0,
		    "%s: %s/%s: seal in place: %s", what, d->name, d->impl, ta_err(e));
		/* open, separate buffers and in place */
		e = ember_aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, ct, len);
		ok &= CHECK(e == 0 && memcmp(out, msg, len) == 0, "%s: %s/%s: open: %s", what, d->name, d->impl,
		    ta_err(e));
		memcpy(buf, ct, len);
		e = ember_aead_open(&c, buf, tag, tag_len, nonce, nonce_len, aad, aad_len, buf, len);
		ok &= CHECK(e == 0 && memcmp(buf, msg, len) == 0, "%s: %s/%s: open in place: %s", what, d->name,
		    d->impl, ta_err(e));
		/* a wrong tag: the last bit flipped */
		memcpy(t, tag, tag_len);
		t[tag_len - 1] ^= 1;
		tag = t;
	}
	if (expect == 0 || expect == EMBER_EVERIFY) {
		memset(out, 0xaa, len + 1);
		e = ember_aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, ct, len);
		ok &= CHECK(e == EMBER_EVERIFY && all(out, len, 0) && out[len] == 0xaa,
		    "%s: %s/%s: open of a wrong tag: %s, out %s", what, d->name, d->impl, ta_err(e),
		    t_tohex(out, len < 32 ? len : 32));
		memcpy(buf, ct, len);
		e = ember_aead_open(&c, buf, tag, tag_len, nonce, nonce_len, aad, aad_len, buf, len);
		ok &= CHECK(e == EMBER_EVERIFY && all(buf, len, 0), "%s: %s/%s: open in place of a wrong tag: %s", what,
		    d->name, d->impl, ta_err(e));
	} else {
		memset(out, 0xaa, len + 1);
		e = ember_aead_seal(&c, out, t, tag_len, nonce, nonce_len, aad, aad_len, msg, len);
		ok &= CHECK(e == expect && all(out, len + 1, 0xaa), "%s: %s/%s: seal: %s, want %d", what, d->name,
		    d->impl, ta_err(e), expect);
		e = ember_aead_open(&c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, ct, len);
		ok &= CHECK(e == expect && all(out, len + 1, 0xaa), "%s: %s/%s: open: %s, want %d", what, d->name,
		    d->impl, ta_err(e), expect);
	}
	ember_aead_clear(&c);
done:
	free(out);
	free(buf);
	return ok;
}

int ta_ossl(const ossl_api *o, const void *cipher, int ccm, int enc, const uint8_t *key, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len,
    uint8_t *tag, size_t tag_len)
{
	void *ctx = o->EVP_CIPHER_CTX_new();
	int ok, n = 0, ret = -1;
	size_t off;

	ok = ctx != NULL && o->EVP_CipherInit_ex(ctx, cipher, NULL, NULL, NULL, enc) == 1;
	ok = ok && o->EVP_CIPHER_CTX_ctrl(ctx, TA_CTRL_AEAD_SET_IVLEN, (int)nonce_len, NULL) == 1;
	/* CCM takes the tag length (and, decrypting, the tag) before the key */
	if (ok && ccm)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, TA_CTRL_AEAD_SET_TAG, (int)tag_len, enc ? NULL : tag) == 1;
	ok = ok && o->EVP_CipherInit_ex(ctx, NULL, NULL, key, nonce, enc) == 1;
	if (ok && ccm)
		ok = o->EVP_CipherUpdate(ctx, NULL, &n, NULL, (int)len) == 1;
	for (off = 0; ok && off < aad_len;) {
		size_t k = ccm ? aad_len : 1 + t_rand_below(aad_len - off);
		ok = o->EVP_CipherUpdate(ctx, NULL, &n, aad + off, (int)k) == 1;
		off += k;
	}
	for (off = 0; ok && off < len;) {
		size_t k = ccm ? len : 1 + t_rand_below(len - off);
		n = 0;
		if (o->EVP_CipherUpdate(ctx, out + off, &n, in + off, (int)k) != 1) {
			/* CCM decryption checks the tag in its one update */
			ret = ccm && !enc ? 1 : -1;
			ok = 0;
			break;
		}
		off += k;
	}
	if (ok && !ccm && !enc)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, TA_CTRL_AEAD_SET_TAG, (int)tag_len, tag) == 1;
	if (ok) {
		if (o->EVP_CipherFinal_ex(ctx, out + len, &n) != 1) {
			ret = enc ? -1 : 1;
			ok = 0;
		}
	}
	if (ok && enc)
		ok = o->EVP_CIPHER_CTX_ctrl(ctx, TA_CTRL_AEAD_GET_TAG, (int)tag_len, tag) == 1;
	if (ok)
		ret = 0;
	if (ctx != NULL)
		o->EVP_CIPHER_CTX_free(ctx);
	return ret;
}
