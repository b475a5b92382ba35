/*
 * speed_hmac.c - HMAC (RFC 2104) over any digest descriptor, for the
 * hmac(md5) row of `ember speed` and -hmac NAME. The inner and outer
 * contexts are keyed once; each MAC copies them, as openssl speed's
 * HMAC does with its keyed context.
 */
#include <string.h>

#include "ember/util.h"
#include "speed.h"

int speed_hmac_init(speed_hmac *h, const ember_hash_desc *d, const uint8_t *key, size_t key_len)
{
	uint8_t k0[EMBER_MAX_HASH_BLOCK_LEN], pad[EMBER_MAX_HASH_BLOCK_LEN];
	size_t i;

	memset(h, 0, sizeof(*h));
	if (d->block_len > sizeof(k0) || d->digest_len > d->block_len || d->ctx_size > EMBER_HASH_CTX_MAX)
		return EMBER_EINVAL;
	/* RFC 2104, section 2: keys longer than the block are hashed first. */
	memset(k0, 0, sizeof(k0));
	if (key_len > d->block_len)
		ember_hash(d, k0, key, key_len);
	else
		memcpy(k0, key, key_len);
	for (i = 0; i < d->block_len; i++)
		pad[i] = k0[i] ^ 0x36;
	ember_hash_init(&h->inner, d);
	ember_hash_update(&h->inner, pad, d->block_len);
	for (i = 0; i < d->block_len; i++)
		pad[i] = k0[i] ^ 0x5c;
	ember_hash_init(&h->outer, d);
	ember_hash_update(&h->outer, pad, d->block_len);
	h->d = d;
	ember_wipe(k0, sizeof(k0));
	ember_wipe(pad, sizeof(pad));
	return 0;
}

void speed_hmac_mac(const speed_hmac *h, uint8_t *out, const uint8_t *msg, size_t len)
{
	const ember_hash_desc *d = h->d;
	uint8_t ih[EMBER_MAX_DIGEST_LEN];
	ember_hash_ctx c;

	/* Only ctx_size bytes of the keyed state are live: copy just those. */
	c.desc = d;
	memcpy(c.u.bytes, h->inner.u.bytes, d->ctx_size);
	ember_hash_update(&c, msg, len);
	ember_hash_final(&c, ih);
	memcpy(c.u.bytes, h->outer.u.bytes, d->ctx_size);
	ember_hash_update(&c, ih, d->digest_len);
	ember_hash_final(&c, out);
	ember_wipe(ih, sizeof(ih));
}

void speed_hmac_clear(speed_hmac *h)
{
	ember_wipe(h, sizeof(*h));
}
