/*
 * aes_ct_modes.h - ECB, CBC and CTR and the descriptor of a bitsliced AES
 * (aes_ct.c: 64-bit words, four blocks a call; aes_ct32.c: 32-bit words,
 * two blocks a call, ECB only), written for any word type and lane count.
 * The including file defines, then includes this at its end (everything is
 * #undef'd here):
 *   AES_CT_MODES_WORD    the word type of the eight bit planes
 *   AES_CT_LANES         blocks per core call
 *   AES_CT_LOAD, AES_CT_STORE, AES_CT_ENC, AES_CT_DEC
 *                        its load/store of n <= LANES blocks and its ciphers
 *   AES_CT_KEYS(ctx)     its round keys in ctx->sk
 *   AES_CT_XW, AES_CT_XLD, AES_CT_XST
 *                        the width (8 or 4 bytes) and little-endian load and
 *                        store of the chunks XORed in CBC and CTR
 *   AES_CT_OWN_CBC_CTR   (instead of the three above) the file has its own
 *                        cbc_enc(), cbc_dec() and ctr(), defined before this
 *   AES_CT_SET_KEY, AES_CT_TAG, AES_CT_DESC
 *                        its public setter, impl tag and descriptor name
 */

static void ecb_enc(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	AES_CT_MODES_WORD q[8];

	while (nblocks > 0) {
		size_t n = nblocks < AES_CT_LANES ? nblocks : AES_CT_LANES;
		AES_CT_LOAD(q, in, n);
		AES_CT_ENC(AES_CT_KEYS(ctx), ctx->rounds, q);
		AES_CT_STORE(out, q, n);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	ember_wipe(q, sizeof(q));
}

static void ecb_dec(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	AES_CT_MODES_WORD q[8];

	while (nblocks > 0) {
		size_t n = nblocks < AES_CT_LANES ? nblocks : AES_CT_LANES;
		AES_CT_LOAD(q, in, n);
		AES_CT_DEC(AES_CT_KEYS(ctx), ctx->rounds, q);
		AES_CT_STORE(out, q, n);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	ember_wipe(q, sizeof(q));
}

#ifndef AES_CT_OWN_CBC_CTR
/*
 * CBC encryption is serial: one block in the first lane at a time. The
 * other lanes encrypt zero; the store never writes them out, and q is wiped.
 */
static void cbc_enc(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	AES_CT_MODES_WORD q[8];
	unsigned j;

	for (; nblocks > 0; nblocks--, in += 16, out += 16) {
		for (j = 0; j < 16; j += AES_CT_XW)
			AES_CT_XST(iv + j, AES_CT_XLD(iv + j) ^ AES_CT_XLD(in + j));
		AES_CT_LOAD(q, iv, 1);
		AES_CT_ENC(AES_CT_KEYS(ctx), ctx->rounds, q);
		AES_CT_STORE(iv, q, 1);
		memcpy(out, iv, 16);
	}
	ember_wipe(q, sizeof(q));
}

/* In place allowed: the ciphertext is copied out before |out| is written. */
static void cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t nblocks)
{
	AES_CT_MODES_WORD q[8];
	uint8_t c[16 * AES_CT_LANES], p[16 * AES_CT_LANES];
	size_t j;

	while (nblocks > 0) {
		size_t n = nblocks < AES_CT_LANES ? nblocks : AES_CT_LANES;
		memcpy(c, in, 16 * n);
		AES_CT_LOAD(q, c, n);
		AES_CT_DEC(AES_CT_KEYS(ctx), ctx->rounds, q);
		AES_CT_STORE(p, q, n);
		for (j = 0; j < 16; j += AES_CT_XW)
			AES_CT_XST(out + j, AES_CT_XLD(p + j) ^ AES_CT_XLD(iv + j));
		for (j = 16; j < 16 * n; j += AES_CT_XW)
			AES_CT_XST(out + j, AES_CT_XLD(p + j) ^ AES_CT_XLD(c + j - 16));
		memcpy(iv, c + 16 * (n - 1), 16);
		in += 16 * n;
		out += 16 * n;
		nblocks -= n;
	}
	ember_wipe(q, sizeof(q));
	ember_wipe(p, sizeof(p));
}

/* A partial last block still uses up (increments) its counter, as in every AES implementation here. */
static void ctr(const ember_aes_ctx *ctx, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len)
{
	AES_CT_MODES_WORD q[8];
	uint64_t hi = ember_ld64be(cb), lo = ember_ld64be(cb + 8);
	uint8_t ks[16 * AES_CT_LANES];
	size_t j;

	while (len > 0) {
		size_t n = len < sizeof(ks) ? len : sizeof(ks), nb = (n + 15) / 16;
		for (j = 0; j < nb; j++) {
			ember_st64be(ks + 16 * j, hi);
			ember_st64be(ks + 16 * j + 8, lo);
			lo++;
			hi += 1 ^ ((lo | (0 - lo)) >> 63); /* carry without a branch */
		}
		AES_CT_LOAD(q, ks, nb);
		AES_CT_ENC(AES_CT_KEYS(ctx), ctx->rounds, q);
		AES_CT_STORE(ks, q, nb);
		if (n == sizeof(ks)) {
			for (j = 0; j < sizeof(ks); j += AES_CT_XW)
				AES_CT_XST(out + j, AES_CT_XLD(in + j) ^ AES_CT_XLD(ks + j));
		} else {
			for (j = 0; j < n; j++)
				out[j] = in[j] ^ ks[j];
		}
		in += n;
		out += n;
		len -= n;
	}
	ember_st64be(cb, hi);
	ember_st64be(cb + 8, lo);
	ember_wipe(q, sizeof(q));
	ember_wipe(ks, sizeof(ks));
}

#endif /* AES_CT_OWN_CBC_CTR */

EMBER_AES_ADAPTERS(ecb_enc, ecb_dec, cbc_enc, cbc_dec, ctr)
EMBER_AES_DESC(AES_CT_DESC, AES_CT_TAG, EMBER_IMPL_CT, NULL, AES_CT_SET_KEY);

#undef AES_CT_MODES_WORD
#undef AES_CT_LANES
#undef AES_CT_LOAD
#undef AES_CT_STORE
#undef AES_CT_ENC
#undef AES_CT_DEC
#undef AES_CT_KEYS
#undef AES_CT_XW
#undef AES_CT_XLD
#undef AES_CT_XST
#undef AES_CT_OWN_CBC_CTR
#undef AES_CT_SET_KEY
#undef AES_CT_TAG
#undef AES_CT_DESC
