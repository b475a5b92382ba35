/*
 * chacha20.c - ChaCha20 (RFC 8439, 2.4): what every implementation shares,
 * the public call. The implementation is the ChaCha20 half of the
 * registry's default chacha20-poly1305 descriptor
 * (ember_chacha20_poly1305_default), so one list decides for the cipher
 * and the AEAD alike.
 */
#include "aead/chacha20_impl.h"

int ember_chacha20_xor(const uint8_t key[EMBER_CHACHA20_KEY_LEN], const uint8_t nonce[EMBER_CHACHA20_NONCE_LEN],
    uint32_t counter, uint8_t *out, const uint8_t *in, size_t len)
{
	ember_chacha20_poly1305_ctx c;
	uint32_t n[3];
	uint64_t blocks = (uint64_t)(len / 64) + (len % 64 != 0);

	if (key == NULL || nonce == NULL || ((out == NULL || in == NULL) && len != 0))
		return EMBER_EINVAL;
	/* RFC 8439, 2.4: the counter is 32 bits and must not wrap (keystream reuse) */
	if ((uint64_t)counter + blocks > ((uint64_t)1 << 32))
		return EMBER_ELEN;
	if (len == 0)
		return 0;
	ember_chacha20_poly1305_default(&c, key);
	ember_chacha20_load(n, nonce, 3);
	c.chacha->xor(c.key, n, counter, out, in, len);
	ember_wipe(&c, sizeof(c));
	return 0;
}
