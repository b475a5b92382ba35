/*
 * mdc2_tab.c - MDC-2 with DES (ISO/IEC 10118-2, hash-function 2), as
 * OpenSSL's mdc2: 128-bit digest, 8-byte blocks, DES from the shared core
 * (src/cipher/des_core.h).
 *
 * NOT constant-time: the DES keys are the chaining values, so S-box lookup
 * indices depend on the (possibly secret) message.
 *
 * Compatibility details follow OpenSSL (crypto/mdc2/mdc2dgst.c): H starts
 * as 52 52 .. 52 and H' as 25 25 .. 25; before each block the first byte
 * of each key is forced to 10xxxxx and 01xxxxx in its top three bits
 * (H[0] = (H[0] & 0x9f) | 0x40, H'[0] = (H'[0] & 0x9f) | 0x20); parity
 * bits do not matter to DES. Padding (c->pad_type, set after init):
 * 1 (default) zero-fills a final partial block and adds nothing to an
 * empty or block-aligned message; 2 appends 0x80 then zeros (ISO/IEC
 * 9797-1 padding method 2), always.
 */
#include "cipher/des_core.h"
#include "ember/hash.h"

/* One DES encryption of the block (l, r) under the schedule ks. */
static inline void des_block(const uint32_t *ks, uint32_t *l, uint32_t *r)
{
	uint32_t a = *l, b = *r;

	EMBER_DES_IP(a, b);
	ember_des_rounds_enc(ks, &a, &b);
	EMBER_DES_FP(b, a);
	*l = b;
	*r = a;
}

/*
 * ISO/IEC 10118-2, 7.2 (MDC-2 round): A = E_H(X), B = E_H'(X);
 * H = (X ^ A) with its right half swapped for that of (X ^ B), and
 * H' = (X ^ B) with its right half from (X ^ A).
 */
static void mdc2_blocks(ember_mdc2_ctx *c, const uint8_t *p, size_t nblocks)
{
	uint32_t ks[32];

	while (nblocks--) {
		uint32_t x0 = ember_ld32be(p), x1 = ember_ld32be(p + 4);
		uint32_t a0 = x0, a1 = x1, b0 = x0, b1 = x1;

		c->h[0] = (uint8_t)((c->h[0] & 0x9f) | 0x40);
		c->hh[0] = (uint8_t)((c->hh[0] & 0x9f) | 0x20);
		ember_des_key_schedule(ks, c->h);
		des_block(ks, &a0, &a1);
		ember_des_key_schedule(ks, c->hh);
		des_block(ks, &b0, &b1);
		ember_st32be(c->h, x0 ^ a0);
		ember_st32be(c->h + 4, x1 ^ b1);
		ember_st32be(c->hh, x0 ^ b0);
		ember_st32be(c->hh + 4, x1 ^ a1);
		p += 8;
	}
	ember_wipe(ks, sizeof(ks));
}

void ember_mdc2_init(ember_mdc2_ctx *c)
{
	memset(c->h, 0x52, sizeof(c->h));
	memset(c->hh, 0x25, sizeof(c->hh));
	c->num = 0;
	c->pad_type = 1;
}

void ember_mdc2_update(ember_mdc2_ctx *c, const void *data, size_t len)
{
	const uint8_t *p = (const uint8_t *)data;

	if (c->num != 0) {
		size_t take = 8 - c->num;
		if (take > len)
			take = len;
		memcpy(c->buf + c->num, p, take);
		c->num += take;
		p += take;
		len -= take;
		if (c->num < 8)
			return;
		mdc2_blocks(c, c->buf, 1);
		c->num = 0;
	}
	if (len >= 8) {
		mdc2_blocks(c, p, len / 8);
		p += len & ~(size_t)7;
		len &= 7;
	}
	if (len != 0) {
		memcpy(c->buf, p, len);
		c->num = len;
	}
}

void ember_mdc2_final(ember_mdc2_ctx *c, uint8_t out[EMBER_MDC2_LEN])
{
	size_t n = c->num;

	if (n > 0 || c->pad_type == 2) {
		if (c->pad_type == 2)
			c->buf[n++] = 0x80;
		memset(c->buf + n, 0, 8 - n);
		mdc2_blocks(c, c->buf, 1);
	}
	memcpy(out, c->h, 8);
	memcpy(out + 8, c->hh, 8);
	ember_wipe(c, sizeof(*c));
}

void ember_mdc2(uint8_t out[EMBER_MDC2_LEN], const void *data, size_t len)
{
	ember_mdc2_ctx c;

	ember_mdc2_init(&c);
	ember_mdc2_update(&c, data, len);
	ember_mdc2_final(&c, out);
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init(void *c) { ember_mdc2_init((ember_mdc2_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_mdc2_update((ember_mdc2_ctx *)c, p, n); }
static void d_final(void *c, uint8_t *out) { ember_mdc2_final((ember_mdc2_ctx *)c, out); }

const ember_hash_desc ember_mdc2_tab_desc = {
	"mdc2", NULL, "tab", 0, EMBER_MDC2_LEN, EMBER_MDC2_BLOCK_LEN, sizeof(ember_mdc2_ctx),
	NULL, d_init, d_update, d_final
};
