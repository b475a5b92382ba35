/*
 * aead.c - the generic AEAD layer (include/ember/aead.h): a context keyed
 * through any implementation's descriptor, and the argument checks every
 * AEAD shares, done once here before an implementation is called.
 */
#include "internal.h"
#include "registry.h"
#include "ember/aead.h"

int ember_aead_init(ember_aead_ctx *c, const ember_aead_spec *s, const ember_aead_desc *d, const uint8_t *key,
    size_t key_len)
{
	/* the registry's default per algorithm, cached (registry.h) */
	static const char *const algs[] = { "aes-gcm", "aes-ccm", "chacha20-poly1305" };
	static ember_pick picks[3];
	size_t i;
	int ret;

	if (c == NULL || s == NULL || (key == NULL && key_len != 0))
		return EMBER_EINVAL;
	memset(c, 0, sizeof(*c));
	if (d == NULL) {
		for (i = 0; i < 3 && strcmp(s->alg, algs[i]) != 0; i++)
			;
		d = i < 3 ? ember_aead_pick(&picks[i], s->alg) : ember_aead_find(s->alg, NULL);
		if (d == NULL)
			return EMBER_ENOTSUP;
	}
	if (strcmp(d->name, s->alg) != 0)
		return EMBER_EINVAL;
	if (!ember_aead_supported(d))
		return EMBER_ENOTSUP;
	if (key_len != s->key_len || key_len < d->min_key_len || key_len > d->max_key_len)
		return EMBER_EKEYLEN;
	if (d->ctx_size > sizeof(c->u))
		return EMBER_EINTERNAL;
	if ((ret = d->set_key(c->u.bytes, key, key_len)) != 0) {
		ember_wipe(c, sizeof(*c));
		return ret;
	}
	c->desc = d;
	c->key_len = key_len;
	return 0;
}

/* The checks of aead.h, in its order: buffers, nonce length, tag length. */
static int check(const ember_aead_ctx *c, const void *out, const void *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	const ember_aead_desc *d;

	if (c == NULL || (d = c->desc) == NULL || tag == NULL)
		return EMBER_EINVAL;
	if (((out == NULL || in == NULL) && in_len != 0) || (aad == NULL && aad_len != 0) ||
	    (nonce == NULL && nonce_len != 0))
		return EMBER_EINVAL;
	if (nonce_len < d->min_nonce_len || nonce_len > d->max_nonce_len)
		return EMBER_ENONCE;
	if (tag_len > EMBER_AEAD_MAX_TAG_LEN || ((d->tag_lens >> tag_len) & 1) == 0)
		return EMBER_ETAG;
	return 0;
}

int ember_aead_seal(const ember_aead_ctx *c, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	int ret = check(c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);

	if (ret != 0)
		return ret;
	return c->desc->seal(c->u.bytes, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);
}

int ember_aead_open(const ember_aead_ctx *c, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
    size_t in_len)
{
	int ret = check(c, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);

	if (ret != 0)
		return ret;
	return c->desc->open(c->u.bytes, out, tag, tag_len, nonce, nonce_len, aad, aad_len, in, in_len);
}

void ember_aead_clear(ember_aead_ctx *c)
{
	if (c == NULL)
		return;
	if (c->desc != NULL && c->desc->clear != NULL)
		c->desc->clear(c->u.bytes);
	ember_wipe(c, sizeof(*c));
}
