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

/*
 * The two DES encryptions of a block are independent: run them interleaved,
 * round by round, so that one fills the other's latency.
 */
#define R2(x1, x2, i)                                                              \
	do {                                                                       \
		EMBER_DES_R(sp6, sp8, x1, w1, v1, k1[2 * (i)], k1[2 * (i) + 1]);    \
		EMBER_DES_R(sp6, sp8, x2, w2, v2, k2[2 * (i)], k2[2 * (i) + 1]);    \
	} while (0)

static void des_pair(const uint32_t *k1, const uint32_t *k2, uint32_t x0, uint32_t x1, uint32_t a[2],
    uint32_t b[2])
{
	const uint32_t(*sp6)[4] = ember_des_sp6;
	const uint32_t(*sp8)[256] = ember_des_sp8;
	uint32_t l1 = x0, r1 = x1, l2, r2, w1, v1, w2, v2;

	EMBER_DES_IP(l1, r1);
	l2 = l1;
	r2 = r1;
	w1 = r1 ^ k1[0];
	v1 = r1 ^ k1[1];
	w2 = r2 ^ k2[0];
	v2 = r2 ^ k2[1];
	R2(l1, l2, 1);
	R2(r1, r2, 2);
	R2(l1, l2, 3);
	R2(r1, r2, 4);
	R2(l1, l2, 5);
	R2(r1, r2, 6);
	R2(l1, l2, 7);
	R2(r1, r2, 8);
	R2(l1, l2, 9);
	R2(r1, r2, 10);
	R2(l1, l2, 11);
	R2(r1, r2, 12);
	R2(l1, l2, 13);
	R2(r1, r2, 14);
	R2(l1, l2, 15);
	r1 ^= EMBER_DES_F(sp6, sp8, w1, v1);
	r2 ^= EMBER_DES_F(sp6, sp8, w2, v2);
	/* pre-output R16 L16, then FP */
	EMBER_DES_FP(r1, l1);
	EMBER_DES_FP(r2, l2);
	a[0] = r1;
	a[1] = l1;
	b[0] = r2;
	b[1] = l2;
}

/*
 * ISO/IEC 10118-2, the MDC-2 round: A = E_H(X), B = E_H'(X);
 * H = (X ^ A) with its right half swapped for that of (X ^ B), and
 * H' = (X ^ B) with its right half from (X ^ A).
 */
static void mdc2_blocks(ember_mdc2_ctx *c, const uint8_t *p, size_t nblocks)
{
	uint32_t ks[2][32], a[2], b[2];

	while (nblocks--) {
		uint32_t x0 = ember_ld32be(p), x1 = ember_ld32be(p + 4);

		c->h[0] = (uint8_t)((c->h[0] & 0x9f) | 0x40);
		c->hh[0] = (uint8_t)((c->hh[0] & 0x9f) | 0x20);
		ember_des_key_schedule(ks[0], c->h);
		ember_des_key_schedule(ks[1], c->hh);
		des_pair(ks[0], ks[1], x0, x1, a, b);
		ember_st32be(c->h, x0 ^ a[0]);
		ember_st32be(c->h + 4, x1 ^ b[1]);
		ember_st32be(c->hh, x0 ^ b[0]);
		ember_st32be(c->hh + 4, x1 ^ a[1]);
		p += 8;
	}
	ember_wipe(ks, sizeof(ks));
	ember_wipe(a, sizeof(a));
	ember_wipe(b, sizeof(b));
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

EMBER_HASH_ONESHOT(mdc2, EMBER_MDC2_LEN)

EMBER_HASH_ADAPTERS(mdc2, ember_mdc2_init)

const ember_hash_desc ember_mdc2_tab_desc = {
	"mdc2", NULL, "tab", 0, EMBER_MDC2_LEN, EMBER_MDC2_BLOCK_LEN, sizeof(ember_mdc2_ctx),
	NULL, d_init, d_update, d_final
};
