/*
 * cipher.c - the generic cipher layer: modes over descriptors, PKCS#7.
 */
#include "internal.h"
#include "ember/cipher.h"

int ember_cipher_init(ember_cipher_ctx *c, const ember_block_desc *d, int mode,
    const uint8_t *key, size_t key_len, unsigned param, const uint8_t *iv, int decrypt)
{
	int err;

	memset(c, 0, sizeof(*c));
	if (d == NULL || d->ctx_size > sizeof(c->ks))
		return EMBER_EINVAL;
	if (!ember_block_supported(d))
		return EMBER_ENOTSUP;
	switch (mode) {
	case EMBER_MODE_ECB:
	case EMBER_MODE_CBC:
		if (d->block_len < 2 || d->encrypt == NULL)
			return EMBER_EINVAL;
		break;
	case EMBER_MODE_CTR:
		if (d->ctr == NULL)
			return EMBER_EINVAL;
		break;
	case EMBER_MODE_STREAM:
		if (d->stream == NULL)
			return EMBER_EINVAL;
		break;
	default:
		return EMBER_EINVAL;
	}
	/* CBC and CTR need the caller's IV: no silent all-zero default */
	if ((mode == EMBER_MODE_CBC || mode == EMBER_MODE_CTR) && iv == NULL)
		return EMBER_EINVAL;
	if (key_len < d->min_key_len || key_len > d->max_key_len)
		return EMBER_EKEYLEN;
	err = d->set_key(c->ks.bytes, key, key_len, param);
	if (err != 0) {
		ember_wipe(c->ks.bytes, d->ctx_size);
		return err;
	}
	c->desc = d;
	c->mode = mode;
	c->decrypt = decrypt;
	if (mode == EMBER_MODE_CBC || mode == EMBER_MODE_CTR)
		memcpy(c->iv, iv, d->block_len);
	return 0;
}

static void cbc_enc_generic(const ember_block_desc *d, const void *ks, uint8_t *iv,
    uint8_t *out, const uint8_t *in, size_t nblocks)
{
	size_t bl = d->block_len, i, j;

	for (i = 0; i < nblocks; i++) {
		for (j = 0; j < bl; j++)
			iv[j] ^= in[i * bl + j];
		d->encrypt(ks, iv, iv, 1);
		memcpy(out + i * bl, iv, bl);
	}
}

static void cbc_dec_generic(const ember_block_desc *d, const void *ks, uint8_t *iv,
    uint8_t *out, const uint8_t *in, size_t nblocks)
{
	size_t bl = d->block_len, i, j;
	uint8_t saved[EMBER_MAX_BLOCK_LEN], tmp[EMBER_MAX_BLOCK_LEN];

	for (i = 0; i < nblocks; i++) {
		memcpy(saved, in + i * bl, bl);
		d->decrypt(ks, tmp, saved, 1);
		for (j = 0; j < bl; j++)
			out[i * bl + j] = tmp[j] ^ iv[j];
		memcpy(iv, saved, bl);
	}
	ember_wipe(tmp, sizeof(tmp));
}

int ember_cipher_update(ember_cipher_ctx *c, uint8_t *out, const uint8_t *in, size_t len)
{
	const ember_block_desc *d = c->desc;
	size_t n;

	if (d == NULL)
		return EMBER_EINVAL;
	if (c->mode == EMBER_MODE_STREAM) {
		d->stream(c->ks.bytes, out, in, len);
		return 0;
	}
	if (c->mode == EMBER_MODE_CTR) {
		d->ctr(c->ks.bytes, c->iv, out, in, len);
		return 0;
	}
	if (len % d->block_len != 0)
		return EMBER_ELEN;
	n = len / d->block_len;
	if (c->mode == EMBER_MODE_ECB) {
		if (c->decrypt)
			d->decrypt(c->ks.bytes, out, in, n);
		else
			d->encrypt(c->ks.bytes, out, in, n);
	} else if (c->decrypt) {
		if (d->cbc_decrypt)
			d->cbc_decrypt(c->ks.bytes, c->iv, out, in, n);
		else
			cbc_dec_generic(d, c->ks.bytes, c->iv, out, in, n);
	} else {
		if (d->cbc_encrypt)
			d->cbc_encrypt(c->ks.bytes, c->iv, out, in, n);
		else
			cbc_enc_generic(d, c->ks.bytes, c->iv, out, in, n);
	}
	return 0;
}

void ember_cipher_clear(ember_cipher_ctx *c)
{
	ember_wipe(c, sizeof(*c));
}

int ember_pkcs7_pad(uint8_t *out, size_t *out_len, const uint8_t *in, size_t in_len, size_t block_len)
{
	size_t pad;

	if (block_len == 0 || block_len > 255)
		return EMBER_EINVAL;
	pad = block_len - in_len % block_len;
	if (out != in)
		memmove(out, in, in_len);
	memset(out + in_len, (int)pad, pad);
	*out_len = in_len + pad;
	return 0;
}

int ember_pkcs7_unpad(size_t *out_len, const uint8_t *in, size_t in_len, size_t block_len)
{
	uint32_t pad, bad = 0, valid;
	size_t i;

	if (block_len == 0 || block_len > 255 || in_len == 0 || in_len % block_len != 0)
		return EMBER_EPAD;
	pad = in[in_len - 1];
	/* bad |= (pad == 0) | (pad > block_len), without branches on pad */
	bad |= ((pad - 1) >> 31) & 1;
	bad |= (((uint32_t)block_len - pad) >> 31) & 1;
	for (i = 1; i <= block_len; i++) {
		/* in_pad: all ones when i <= pad */
		uint32_t in_pad = 0u - ((((uint32_t)pad - (uint32_t)i) >> 31) ^ 1u);
		bad |= in_pad & (uint32_t)(in[in_len - i] ^ pad);
	}
	/*
	 * No branch on the outcome either: valid (all ones) or not is turned
	 * into the length and the return value arithmetically, so the caller's
	 * test of the result is the first branch that depends on the block
	 * (what ctgrind declassifies).
	 */
	valid = ((bad | (0u - bad)) >> 31) ^ 1u;
	*out_len = (in_len - pad) & (0u - (size_t)valid);
	return -(int)(valid ^ 1u) & EMBER_EPAD;
}
