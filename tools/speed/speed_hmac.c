/*
 * speed_hmac.c - the hmac(md5) row of `ember speed` and -hmac NAME: the
 * library's HMAC (ember/mac.h). The key is prepared once; each MAC
 * starts from a copy of the keyed states, as openssl speed's HMAC does
 * with its keyed context.
 */
#include "ember/util.h"
#include "speed.h"

int speed_hmac_init(speed_hmac *h, const ember_hash_desc *d, const uint8_t *key, size_t key_len)
{
	int err = ember_hmac_key_init(&h->key, d, key, key_len);

	h->d = err == 0 ? d : NULL;
	return err == EMBER_ENOTSUP ? EMBER_EINVAL : err;
}

void speed_hmac_mac(const speed_hmac *h, uint8_t *out, const uint8_t *msg, size_t len)
{
	ember_hmac_ctx c;

	ember_hmac_init(&c, &h->key);
	ember_hmac_update(&c, msg, len);
	ember_hmac_final(&c, out);
}

void speed_hmac_clear(speed_hmac *h)
{
	ember_hmac_key_clear(&h->key);
	h->d = NULL;
}
