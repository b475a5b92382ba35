/*
 * gcm.c - AES-GCM and GMAC (NIST SP 800-38D): what every composition of
 * an AES and a GHASH implementation shares (gcm_impl.h): the argument
 * checks of aead.h, J0, the length block, the tag and its constant-time
 * check, the generic GCTR driver over an AES implementation's ECB slot,
 * the public calls and the descriptor slots.
 *
 * Which composition keys a context is the registry's decision
 * (registry_list.h, "AES-GCM"): ember_aes_gcm_set_key asks it.
 */
#include "gcm_impl.h"
#include "registry.h"

int ember_gcm_never(void)
{
	return 0;
}

void ember_gcm_len_block(uint8_t b[16], size_t aad_len, size_t len)
{
	/* both below 2^61 bytes (checked), so the bit counts fit in 64 bits */
	ember_st64be(b, (uint64_t)aad_len << 3);
	ember_st64be(b + 8, (uint64_t)len << 3);
}

void ember_gcm_ghash_pad(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *p, size_t len)
{
	uint8_t last[16];
	size_t whole = len / 16, rest = len % 16;

	if (whole > 0)
		ctx->impl->ghash(ctx, y, p, whole);
	if (rest > 0) {
		memset(last, 0, sizeof(last));
		memcpy(last, p + 16 * whole, rest);
		ctx->impl->ghash(ctx, y, last, 1);
		ember_wipe(last, sizeof(last));
	}
}

/* SP 800-38D 7.1, step 2. */
void ember_gcm_j0(const ember_aes_gcm_ctx *ctx, uint8_t j0[16], const uint8_t *iv, size_t iv_len)
{
	uint8_t lb[16];

	if (iv_len == 12) {
		memcpy(j0, iv, 12);
		ember_st32be(j0 + 12, 1);
		return;
	}
	memset(j0, 0, 16);
	ember_gcm_ghash_pad(ctx, j0, iv, iv_len);
	ember_gcm_len_block(lb, 0, iv_len);
	ctx->impl->ghash(ctx, j0, lb, 1);
}

/* Keystream blocks per call of the AES implementation's ECB slot (a multiple of every lane count). */
#define CHUNK_BLOCKS 16

/*
 * SP 800-38D 7.1 steps 3-6 (and 7.2 for open) for the compositions
 * without a fused path: counter blocks are written here with inc32 and
 * encrypted through the ECB slot, so a counter's low 32 bits wrap as the
 * specification says (a 128-bit CTR would carry into the IV part after
 * a J0 hashed from a non-96-bit IV). Nothing branches on data or on J0.
 */
void ember_gcm_run_ecb(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len)
{
	const ember_block_desc *aes = ctx->aes.impl;
	uint8_t j0[16], ek0[16], y[16], cb[16], ks[16 * CHUNK_BLOCKS];
	size_t total = len, i;

	ember_gcm_j0(ctx, j0, iv, iv_len);
	aes->encrypt(&ctx->aes, ek0, j0, 1);
	memset(y, 0, sizeof(y));
	ember_gcm_ghash_pad(ctx, y, aad, aad_len);
	memcpy(cb, j0, 16);
	while (len > 0) {
		size_t n = len < sizeof(ks) ? len : sizeof(ks), nb = (n + 15) / 16;
		for (i = 0; i < nb; i++) {
			ember_gcm_inc32(cb);
			memcpy(ks + 16 * i, cb, 16);
		}
		aes->encrypt(&ctx->aes, ks, ks, nb);
		/* only the last chunk may be short of whole blocks */
		if (open)
			ember_gcm_ghash_pad(ctx, y, in, n);
		for (i = 0; i + 8 <= n; i += 8)
			ember_st64le(out + i, ember_ld64le(in + i) ^ ember_ld64le(ks + i));
		for (; i < n; i++)
			out[i] = in[i] ^ ks[i];
		if (!open)
			ember_gcm_ghash_pad(ctx, y, out, n);
		in += n;
		out += n;
		len -= n;
	}
	ember_gcm_len_block(cb, aad_len, total);
	ctx->impl->ghash(ctx, y, cb, 1);
	for (i = 0; i < 16; i++)
		tag[i] = y[i] ^ ek0[i];
	ember_wipe(ks, sizeof(ks));
	ember_wipe(ek0, sizeof(ek0));
	ember_wipe(y, sizeof(y));
	ember_wipe(j0, sizeof(j0));
	ember_wipe(cb, sizeof(cb));
}

int ember_gcm_set_key(ember_aes_gcm_ctx *ctx, const ember_gcm_impl *g, const uint8_t *key, size_t key_len)
{
	uint8_t h[16];
	int err;

	if (ctx == NULL || (key == NULL && key_len != 0))
		return EMBER_EINVAL;
	if (ember_aes_rounds(key_len) == 0)
		return EMBER_EKEYLEN;
	if (!g->supported())
		return EMBER_ENOTSUP;
	ember_wipe(ctx, sizeof(*ctx));
	err = g->aes_set_key(&ctx->aes, key, key_len);
	if (err != 0) {
		ember_wipe(ctx, sizeof(*ctx));
		return err;
	}
	/* SP 800-38D 6.4: H = CIPH_K(0^128) */
	memset(h, 0, sizeof(h));
	ctx->aes.impl->encrypt(&ctx->aes, h, h, 1);
	g->ghash_key(ctx, h);
	ember_wipe(h, sizeof(h));
	ctx->impl = g;
	ctx->flags = 0;
	return 0;
}

int ember_aes_gcm_set_key(ember_aes_gcm_ctx *ctx, const uint8_t *key, size_t key_len)
{
	/* the composition registry.c picks for this CPU */
	static ember_pick pick;
	const ember_aead_desc *d = ember_aead_pick(&pick, "aes-gcm");

	if (ctx == NULL)
		return EMBER_EINVAL;
	if (d == NULL)
		return EMBER_ENOTSUP;
	return d->set_key(ctx, key, key_len);
}

int ember_aes_gcm_allow_short_tags(ember_aes_gcm_ctx *ctx, int allow)
{
	if (ctx == NULL || ctx->impl == NULL)
		return EMBER_EINVAL;
	ctx->flags = allow ? 1u : 0u;
	return 0;
}

/* aead.h's checks, in its order: buffers, IV length, tag length, lengths. */
static int check(const ember_aes_gcm_ctx *ctx, const void *out, const void *tag, size_t tag_len,
    const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	if (ctx == NULL || ctx->impl == NULL || tag == NULL)
		return EMBER_EINVAL;
	if (((out == NULL || in == NULL) && in_len != 0) || (aad == NULL && aad_len != 0) ||
	    (iv == NULL && iv_len != 0))
		return EMBER_EINVAL;
	/* SP 800-38D 5.2.1.1: 1 <= len(IV) <= 2^64 - 1 bits (a 32-bit size_t cannot pass it) */
	if (iv_len == 0)
		return EMBER_ENONCE;
#if SIZE_MAX > 0xffffffffu
	if ((uint64_t)iv_len >= ((uint64_t)1 << 61))
		return EMBER_ENONCE;
#endif
	/* 5.2.1.2 and appendix C */
	if (!(tag_len >= 12 && tag_len <= 16) && !(ctx->flags == 1 && (tag_len == 8 || tag_len == 4)))
		return EMBER_ETAG;
	/* 5.2.1.1: len(P) <= 2^39 - 256 bits, len(A) <= 2^64 - 1 bits */
#if SIZE_MAX > 0xffffffffu
	if ((uint64_t)in_len > EMBER_GCM_MAX_MSG || (uint64_t)aad_len >= ((uint64_t)1 << 61))
		return EMBER_ELEN;
#else
	(void)in_len;
	(void)aad_len;
#endif
	return 0;
}

int ember_aes_gcm_seal(const ember_aes_gcm_ctx *ctx, uint8_t *out, uint8_t *tag, size_t tag_len,
    const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t full[16];
	int ret = check(ctx, out, tag, tag_len, iv, iv_len, aad, aad_len, in, in_len);

	if (ret != 0)
		return ret;
	ctx->impl->run(ctx, 0, full, iv, iv_len, aad, aad_len, out, in, in_len);
	memcpy(tag, full, tag_len);
	ember_wipe(full, sizeof(full));
	return 0;
}

int ember_aes_gcm_open(const ember_aes_gcm_ctx *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len,
    const uint8_t *iv, size_t iv_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	uint8_t full[16], want[16];
	int ret = check(ctx, out, tag, tag_len, iv, iv_len, aad, aad_len, in, in_len), ok;

	if (ret != 0)
		return ret;
	memcpy(want, tag, tag_len); /* before |out| is written, should the caller's tag sit there */
	ctx->impl->run(ctx, 1, full, iv, iv_len, aad, aad_len, out, in, in_len);
	ok = ember_memeq(full, want, tag_len);
	ember_wipe(full, sizeof(full));
	/* whether the tag matched is the answer, public by design */
	EMBER_DECLASSIFY(&ok, sizeof(ok));
	if (!ok) {
		if (in_len > 0)
			ember_wipe(out, in_len);
		return EMBER_EVERIFY;
	}
	return 0;
}

int ember_aes_gmac(const ember_aes_gcm_ctx *ctx, uint8_t *tag, size_t tag_len, const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len)
{
	return ember_aes_gcm_seal(ctx, NULL, tag, tag_len, iv, iv_len, aad, aad_len, NULL, 0);
}

int ember_aes_gmac_verify(const ember_aes_gcm_ctx *ctx, const uint8_t *tag, size_t tag_len, const uint8_t *iv,
    size_t iv_len, const uint8_t *aad, size_t aad_len)
{
	return ember_aes_gcm_open(ctx, NULL, tag, tag_len, iv, iv_len, aad, aad_len, NULL, 0);
}

void ember_aes_gcm_clear(ember_aes_gcm_ctx *ctx)
{
	if (ctx != NULL)
		ember_wipe(ctx, sizeof(*ctx));
}

/* ---- descriptor slots (the generic layer has checked the arguments against the descriptor) ---- */

int ember_gcm_d_seal(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return ember_aes_gcm_seal((const ember_aes_gcm_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len,
	    in, in_len);
}

int ember_gcm_d_open(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len)
{
	return ember_aes_gcm_open((const ember_aes_gcm_ctx *)ctx, out, tag, tag_len, nonce, nonce_len, aad, aad_len,
	    in, in_len);
}

void ember_gcm_d_clear(void *ctx)
{
	ember_aes_gcm_clear((ember_aes_gcm_ctx *)ctx);
}
