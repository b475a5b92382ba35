/*
 * aes_unsupported.h - the rest of an AES implementation file compiled for
 * an architecture it cannot run on: supported() returns 0, the public
 * setter named AES_UNSUPPORTED_SET_KEY refuses (EMBER_EKEYLEN for a bad key
 * length, else EMBER_ENOTSUP), and the descriptor's slots are aes.c's
 * never-called ones. Define AES_UNSUPPORTED_SET_KEY, include this in the
 * file's #else branch, then define the descriptor as on the supported side.
 * No include guard: one inclusion per implementation file.
 */
static int supported(void)
{
	return 0;
}

int AES_UNSUPPORTED_SET_KEY(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	(void)ctx;
	(void)key;
	return ember_aes_rounds(key_len) == 0 ? EMBER_EKEYLEN : EMBER_ENOTSUP;
}

#define d_enc ember_aes_never_ecb
#define d_dec ember_aes_never_ecb
#define d_cbc_enc ember_aes_never_cbc
#define d_cbc_dec ember_aes_never_cbc
#define d_ctr ember_aes_never_ctr
