/*
 * poly1305.c - Poly1305 (RFC 8439, 2.5): what every implementation shares,
 * the incremental calls and their buffering. An implementation
 * (poly1305_<impl>.c) supplies init, whole blocks and finish; the calls
 * without an implementation use the Poly1305 half of the registry's
 * default chacha20-poly1305 descriptor.
 */
#include "aead/chacha20_impl.h"

typedef char st_fits[sizeof(((ember_poly1305_ctx *)0)->st) >= EMBER_POLY1305_ST_WORDS * sizeof(uint64_t) ? 1 : -1];

void ember_poly1305_start(ember_poly1305_ctx *c, const ember_poly1305_impl *impl, const uint8_t key[32])
{
	c->impl = impl;
	c->used = 0;
	impl->init(c->st, key);
}

void ember_poly1305_init(ember_poly1305_ctx *c, const uint8_t key[EMBER_POLY1305_KEY_LEN])
{
	static const uint8_t zero[32];
	ember_chacha20_poly1305_ctx d;

	/* only the pair is wanted: the ChaCha20 key is not used */
	ember_chacha20_poly1305_default(&d, zero);
	ember_poly1305_start(c, d.poly, key);
}

void ember_poly1305_update(ember_poly1305_ctx *c, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;

	if (c->used != 0) {
		size_t take = 16 - c->used;
		if (take > len)
			take = len;
		memcpy(c->buf + c->used, p, take);
		c->used += (unsigned)take;
		p += take;
		len -= take;
		if (c->used < 16)
			return;
		c->impl->blocks(c->st, c->buf, 1, 1);
		c->used = 0;
	}
	if (len >= 16) {
		c->impl->blocks(c->st, p, len / 16, 1);
		p += len & ~(size_t)15;
		len &= 15;
	}
	if (len != 0) {
		memcpy(c->buf, p, len);
		c->used = (unsigned)len;
	}
}

void ember_poly1305_final(ember_poly1305_ctx *c, uint8_t tag[EMBER_POLY1305_TAG_LEN])
{
	/* RFC 8439, 2.5: the last partial block gets a 0x01 byte after it, and no 2^128 */
	if (c->used != 0) {
		c->buf[c->used] = 1;
		memset(c->buf + c->used + 1, 0, 15 - c->used);
		c->impl->blocks(c->st, c->buf, 1, 0);
	}
	c->impl->finish(c->st, tag);
	ember_wipe(c, sizeof(*c));
}

void ember_poly1305(uint8_t tag[EMBER_POLY1305_TAG_LEN], const uint8_t key[EMBER_POLY1305_KEY_LEN],
    const void *data, size_t len)
{
	ember_poly1305_ctx c;

	ember_poly1305_init(&c, key);
	ember_poly1305_update(&c, data, len);
	ember_poly1305_final(&c, tag);
}
