/*
 * aes.c - the per-algorithm AES calls (FIPS 197): dispatch to whichever
 * implementation keyed the context, and the key expansion they share.
 * The implementations are aes_x86ni.c, aes_vaes.c, aes_armv8.c (hardware),
 * aes_neon.c (32-bit ARM NEON, S-box lookups in registers), aes_ct32.c
 * (bitsliced in 32-bit words, the default on other 32-bit cores),
 * aes_ct.c (bitsliced in 64-bit words, the default on 64-bit cores) and aes_tab.c (T-tables, not
 * constant-time, never the default).
 */
#include "aes_impl.h"
#include "registry.h"

/* FIPS 197 5.2: KeyExpansion, with the words held little-endian. */
void ember_aes_expand(uint32_t *w, const uint8_t *key, size_t key_len, uint32_t (*subword)(uint32_t))
{
	unsigned nk = (unsigned)(key_len / 4), nr = ember_aes_rounds(key_len), i;
	uint32_t rcon = 1;

	for (i = 0; i < nk; i++)
		w[i] = ember_ld32le(key + 4 * i);
	for (i = nk; i < 4 * (nr + 1); i++) {
		uint32_t t = w[i - 1];
		if (i % nk == 0) {
			/* RotWord is a right rotation of the little-endian word. */
			t = subword(ember_rotr32(t, 8)) ^ rcon;
			rcon = (rcon << 1) ^ (0x11b & (0u - (rcon >> 7)));
		} else if (nk > 6 && i % nk == 4) {
			t = subword(t);
		}
		w[i] = w[i - nk] ^ t;
	}
}

int ember_aes_set_key(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len)
{
	/* the implementation registry.c picks for this CPU */
	static ember_pick pick;
	const ember_block_desc *d = ember_block_pick(&pick, "aes");

	if (d == NULL)
		return EMBER_ENOTSUP;
	return d->set_key(ctx, key, key_len, 0);
}

int ember_aes_ecb_encrypt(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	if (ctx->impl == NULL)
		return EMBER_EINVAL;
	if (len % 16 != 0)
		return EMBER_ELEN;
	ctx->impl->encrypt(ctx, out, in, len / 16);
	return 0;
}

int ember_aes_ecb_decrypt(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t len)
{
	if (ctx->impl == NULL)
		return EMBER_EINVAL;
	if (len % 16 != 0)
		return EMBER_ELEN;
	ctx->impl->decrypt(ctx, out, in, len / 16);
	return 0;
}

int ember_aes_cbc_encrypt(const ember_aes_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
			  size_t len)
{
	if (ctx->impl == NULL)
		return EMBER_EINVAL;
	if (len % 16 != 0)
		return EMBER_ELEN;
	ctx->impl->cbc_encrypt(ctx, iv, out, in, len / 16);
	return 0;
}

int ember_aes_cbc_decrypt(const ember_aes_ctx *ctx, uint8_t iv[16], uint8_t *out, const uint8_t *in,
			  size_t len)
{
	if (ctx->impl == NULL)
		return EMBER_EINVAL;
	if (len % 16 != 0)
		return EMBER_ELEN;
	ctx->impl->cbc_decrypt(ctx, iv, out, in, len / 16);
	return 0;
}

void ember_aes_ctr(const ember_aes_ctx *ctx, uint8_t ctr[16], uint8_t *out, const uint8_t *in, size_t len)
{
	if (ctx->impl != NULL)
		ctx->impl->ctr(ctx, ctr, out, in, len);
}

void ember_aes_clear(ember_aes_ctx *ctx)
{
	ember_wipe(ctx, sizeof(*ctx));
}

void ember_aes_never_ecb(const void *c, uint8_t *out, const uint8_t *in, size_t n)
{
	(void)c;
	(void)out;
	(void)in;
	(void)n;
}

void ember_aes_never_cbc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n)
{
	(void)c;
	(void)iv;
	(void)out;
	(void)in;
	(void)n;
}

void ember_aes_never_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	(void)c;
	(void)cb;
	(void)out;
	(void)in;
	(void)len;
}
