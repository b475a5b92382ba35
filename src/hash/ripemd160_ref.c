/*
 * ripemd160_ref.c - RIPEMD-160, portable C (Dobbertin, Bosselaers, Preneel,
 * "RIPEMD-160: A Strengthened Version of RIPEMD", FSE 1996; ISO/IEC 10118-3).
 *
 * Constant-time: no data-dependent branch or index. Both lines are
 * unrolled and interleaved step by step, so a superscalar core (or the
 * compiler's scheduler) overlaps two independent dependency chains.
 */
#include "internal.h"
#include "ember/hash.h"

/* The five boolean functions; the left line uses f1..f5 in rounds 1..5,
 * the right line f5..f1. f2 and f4 are selects written with one op fewer. */
#define F1(x, y, z) ((x) ^ (y) ^ (z))
#define F2(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define F3(x, y, z) (((x) | ~(y)) ^ (z))
#define F4(x, y, z) ((((x) ^ (y)) & (z)) ^ (y))
#define F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* A := ROL_s(A + f(B, C, D) + X[r] + K) + E; C := ROL_10(C); the five
 * variables are renamed from step to step instead of shifted. */
#define STEP(f, a, b, c, d, e, xk, s)                                              \
	do {                                                                       \
		a += (uint32_t)(xk);                                               \
		a += f(b, c, d);                                                   \
		a = ember_rotl32(a, s) + e;                                        \
		c = ember_rotl32(c, 10);                                           \
	} while (0)

static void ripemd160_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t x[16];

	while (nblocks--) {
		uint32_t al = h[0], bl = h[1], cl = h[2], dl = h[3], el = h[4];
		uint32_t ar = al, br = bl, cr = cl, dr = dl, er = el;
		uint32_t t;
		int i;

		for (i = 0; i < 16; i++)
			x[i] = ember_ld32le(p + 4 * i);

		/* round 1 */
		STEP(F1, al, bl, cl, dl, el, x[0], 11);
		STEP(F5, ar, br, cr, dr, er, x[5] + 0x50a28be6, 8);
		STEP(F1, el, al, bl, cl, dl, x[1], 14);
		STEP(F5, er, ar, br, cr, dr, x[14] + 0x50a28be6, 9);
		STEP(F1, dl, el, al, bl, cl, x[2], 15);
		STEP(F5, dr, er, ar, br, cr, x[7] + 0x50a28be6, 9);
		STEP(F1, cl, dl, el, al, bl, x[3], 12);
		STEP(F5, cr, dr, er, ar, br, x[0] + 0x50a28be6, 11);
		STEP(F1, bl, cl, dl, el, al, x[4], 5);
		STEP(F5, br, cr, dr, er, ar, x[9] + 0x50a28be6, 13);
		STEP(F1, al, bl, cl, dl, el, x[5], 8);
		STEP(F5, ar, br, cr, dr, er, x[2] + 0x50a28be6, 15);
		STEP(F1, el, al, bl, cl, dl, x[6], 7);
		STEP(F5, er, ar, br, cr, dr, x[11] + 0x50a28be6, 15);
		STEP(F1, dl, el, al, bl, cl, x[7], 9);
		STEP(F5, dr, er, ar, br, cr, x[4] + 0x50a28be6, 5);
		STEP(F1, cl, dl, el, al, bl, x[8], 11);
		STEP(F5, cr, dr, er, ar, br, x[13] + 0x50a28be6, 7);
		STEP(F1, bl, cl, dl, el, al, x[9], 13);
		STEP(F5, br, cr, dr, er, ar, x[6] + 0x50a28be6, 7);
		STEP(F1, al, bl, cl, dl, el, x[10], 14);
		STEP(F5, ar, br, cr, dr, er, x[15] + 0x50a28be6, 8);
		STEP(F1, el, al, bl, cl, dl, x[11], 15);
		STEP(F5, er, ar, br, cr, dr, x[8] + 0x50a28be6, 11);
		STEP(F1, dl, el, al, bl, cl, x[12], 6);
		STEP(F5, dr, er, ar, br, cr, x[1] + 0x50a28be6, 14);
		STEP(F1, cl, dl, el, al, bl, x[13], 7);
		STEP(F5, cr, dr, er, ar, br, x[10] + 0x50a28be6, 14);
		STEP(F1, bl, cl, dl, el, al, x[14], 9);
		STEP(F5, br, cr, dr, er, ar, x[3] + 0x50a28be6, 12);
		STEP(F1, al, bl, cl, dl, el, x[15], 8);
		STEP(F5, ar, br, cr, dr, er, x[12] + 0x50a28be6, 6);
		/* round 2 */
		STEP(F2, el, al, bl, cl, dl, x[7] + 0x5a827999, 7);
		STEP(F4, er, ar, br, cr, dr, x[6] + 0x5c4dd124, 9);
		STEP(F2, dl, el, al, bl, cl, x[4] + 0x5a827999, 6);
		STEP(F4, dr, er, ar, br, cr, x[11] + 0x5c4dd124, 13);
		STEP(F2, cl, dl, el, al, bl, x[13] + 0x5a827999, 8);
		STEP(F4, cr, dr, er, ar, br, x[3] + 0x5c4dd124, 15);
		STEP(F2, bl, cl, dl, el, al, x[1] + 0x5a827999, 13);
		STEP(F4, br, cr, dr, er, ar, x[7] + 0x5c4dd124, 7);
		STEP(F2, al, bl, cl, dl, el, x[10] + 0x5a827999, 11);
		STEP(F4, ar, br, cr, dr, er, x[0] + 0x5c4dd124, 12);
		STEP(F2, el, al, bl, cl, dl, x[6] + 0x5a827999, 9);
		STEP(F4, er, ar, br, cr, dr, x[13] + 0x5c4dd124, 8);
		STEP(F2, dl, el, al, bl, cl, x[15] + 0x5a827999, 7);
		STEP(F4, dr, er, ar, br, cr, x[5] + 0x5c4dd124, 9);
		STEP(F2, cl, dl, el, al, bl, x[3] + 0x5a827999, 15);
		STEP(F4, cr, dr, er, ar, br, x[10] + 0x5c4dd124, 11);
		STEP(F2, bl, cl, dl, el, al, x[12] + 0x5a827999, 7);
		STEP(F4, br, cr, dr, er, ar, x[14] + 0x5c4dd124, 7);
		STEP(F2, al, bl, cl, dl, el, x[0] + 0x5a827999, 12);
		STEP(F4, ar, br, cr, dr, er, x[15] + 0x5c4dd124, 7);
		STEP(F2, el, al, bl, cl, dl, x[9] + 0x5a827999, 15);
		STEP(F4, er, ar, br, cr, dr, x[8] + 0x5c4dd124, 12);
		STEP(F2, dl, el, al, bl, cl, x[5] + 0x5a827999, 9);
		STEP(F4, dr, er, ar, br, cr, x[12] + 0x5c4dd124, 7);
		STEP(F2, cl, dl, el, al, bl, x[2] + 0x5a827999, 11);
		STEP(F4, cr, dr, er, ar, br, x[4] + 0x5c4dd124, 6);
		STEP(F2, bl, cl, dl, el, al, x[14] + 0x5a827999, 7);
		STEP(F4, br, cr, dr, er, ar, x[9] + 0x5c4dd124, 15);
		STEP(F2, al, bl, cl, dl, el, x[11] + 0x5a827999, 13);
		STEP(F4, ar, br, cr, dr, er, x[1] + 0x5c4dd124, 13);
		STEP(F2, el, al, bl, cl, dl, x[8] + 0x5a827999, 12);
		STEP(F4, er, ar, br, cr, dr, x[2] + 0x5c4dd124, 11);
		/* round 3 */
		STEP(F3, dl, el, al, bl, cl, x[3] + 0x6ed9eba1, 11);
		STEP(F3, dr, er, ar, br, cr, x[15] + 0x6d703ef3, 9);
		STEP(F3, cl, dl, el, al, bl, x[10] + 0x6ed9eba1, 13);
		STEP(F3, cr, dr, er, ar, br, x[5] + 0x6d703ef3, 7);
		STEP(F3, bl, cl, dl, el, al, x[14] + 0x6ed9eba1, 6);
		STEP(F3, br, cr, dr, er, ar, x[1] + 0x6d703ef3, 15);
		STEP(F3, al, bl, cl, dl, el, x[4] + 0x6ed9eba1, 7);
		STEP(F3, ar, br, cr, dr, er, x[3] + 0x6d703ef3, 11);
		STEP(F3, el, al, bl, cl, dl, x[9] + 0x6ed9eba1, 14);
		STEP(F3, er, ar, br, cr, dr, x[7] + 0x6d703ef3, 8);
		STEP(F3, dl, el, al, bl, cl, x[15] + 0x6ed9eba1, 9);
		STEP(F3, dr, er, ar, br, cr, x[14] + 0x6d703ef3, 6);
		STEP(F3, cl, dl, el, al, bl, x[8] + 0x6ed9eba1, 13);
		STEP(F3, cr, dr, er, ar, br, x[6] + 0x6d703ef3, 6);
		STEP(F3, bl, cl, dl, el, al, x[1] + 0x6ed9eba1, 15);
		STEP(F3, br, cr, dr, er, ar, x[9] + 0x6d703ef3, 14);
		STEP(F3, al, bl, cl, dl, el, x[2] + 0x6ed9eba1, 14);
		STEP(F3, ar, br, cr, dr, er, x[11] + 0x6d703ef3, 12);
		STEP(F3, el, al, bl, cl, dl, x[7] + 0x6ed9eba1, 8);
		STEP(F3, er, ar, br, cr, dr, x[8] + 0x6d703ef3, 13);
		STEP(F3, dl, el, al, bl, cl, x[0] + 0x6ed9eba1, 13);
		STEP(F3, dr, er, ar, br, cr, x[12] + 0x6d703ef3, 5);
		STEP(F3, cl, dl, el, al, bl, x[6] + 0x6ed9eba1, 6);
		STEP(F3, cr, dr, er, ar, br, x[2] + 0x6d703ef3, 14);
		STEP(F3, bl, cl, dl, el, al, x[13] + 0x6ed9eba1, 5);
		STEP(F3, br, cr, dr, er, ar, x[10] + 0x6d703ef3, 13);
		STEP(F3, al, bl, cl, dl, el, x[11] + 0x6ed9eba1, 12);
		STEP(F3, ar, br, cr, dr, er, x[0] + 0x6d703ef3, 13);
		STEP(F3, el, al, bl, cl, dl, x[5] + 0x6ed9eba1, 7);
		STEP(F3, er, ar, br, cr, dr, x[4] + 0x6d703ef3, 7);
		STEP(F3, dl, el, al, bl, cl, x[12] + 0x6ed9eba1, 5);
		STEP(F3, dr, er, ar, br, cr, x[13] + 0x6d703ef3, 5);
		/* round 4 */
		STEP(F4, cl, dl, el, al, bl, x[1] + 0x8f1bbcdc, 11);
		STEP(F2, cr, dr, er, ar, br, x[8] + 0x7a6d76e9, 15);
		STEP(F4, bl, cl, dl, el, al, x[9] + 0x8f1bbcdc, 12);
		STEP(F2, br, cr, dr, er, ar, x[6] + 0x7a6d76e9, 5);
		STEP(F4, al, bl, cl, dl, el, x[11] + 0x8f1bbcdc, 14);
		STEP(F2, ar, br, cr, dr, er, x[4] + 0x7a6d76e9, 8);
		STEP(F4, el, al, bl, cl, dl, x[10] + 0x8f1bbcdc, 15);
		STEP(F2, er, ar, br, cr, dr, x[1] + 0x7a6d76e9, 11);
		STEP(F4, dl, el, al, bl, cl, x[0] + 0x8f1bbcdc, 14);
		STEP(F2, dr, er, ar, br, cr, x[3] + 0x7a6d76e9, 14);
		STEP(F4, cl, dl, el, al, bl, x[8] + 0x8f1bbcdc, 15);
		STEP(F2, cr, dr, er, ar, br, x[11] + 0x7a6d76e9, 14);
		STEP(F4, bl, cl, dl, el, al, x[12] + 0x8f1bbcdc, 9);
		STEP(F2, br, cr, dr, er, ar, x[15] + 0x7a6d76e9, 6);
		STEP(F4, al, bl, cl, dl, el, x[4] + 0x8f1bbcdc, 8);
		STEP(F2, ar, br, cr, dr, er, x[0] + 0x7a6d76e9, 14);
		STEP(F4, el, al, bl, cl, dl, x[13] + 0x8f1bbcdc, 9);
		STEP(F2, er, ar, br, cr, dr, x[5] + 0x7a6d76e9, 6);
		STEP(F4, dl, el, al, bl, cl, x[3] + 0x8f1bbcdc, 14);
		STEP(F2, dr, er, ar, br, cr, x[12] + 0x7a6d76e9, 9);
		STEP(F4, cl, dl, el, al, bl, x[7] + 0x8f1bbcdc, 5);
		STEP(F2, cr, dr, er, ar, br, x[2] + 0x7a6d76e9, 12);
		STEP(F4, bl, cl, dl, el, al, x[15] + 0x8f1bbcdc, 6);
		STEP(F2, br, cr, dr, er, ar, x[13] + 0x7a6d76e9, 9);
		STEP(F4, al, bl, cl, dl, el, x[14] + 0x8f1bbcdc, 8);
		STEP(F2, ar, br, cr, dr, er, x[9] + 0x7a6d76e9, 12);
		STEP(F4, el, al, bl, cl, dl, x[5] + 0x8f1bbcdc, 6);
		STEP(F2, er, ar, br, cr, dr, x[7] + 0x7a6d76e9, 5);
		STEP(F4, dl, el, al, bl, cl, x[6] + 0x8f1bbcdc, 5);
		STEP(F2, dr, er, ar, br, cr, x[10] + 0x7a6d76e9, 15);
		STEP(F4, cl, dl, el, al, bl, x[2] + 0x8f1bbcdc, 12);
		STEP(F2, cr, dr, er, ar, br, x[14] + 0x7a6d76e9, 8);
		/* round 5 */
		STEP(F5, bl, cl, dl, el, al, x[4] + 0xa953fd4e, 9);
		STEP(F1, br, cr, dr, er, ar, x[12], 8);
		STEP(F5, al, bl, cl, dl, el, x[0] + 0xa953fd4e, 15);
		STEP(F1, ar, br, cr, dr, er, x[15], 5);
		STEP(F5, el, al, bl, cl, dl, x[5] + 0xa953fd4e, 5);
		STEP(F1, er, ar, br, cr, dr, x[10], 12);
		STEP(F5, dl, el, al, bl, cl, x[9] + 0xa953fd4e, 11);
		STEP(F1, dr, er, ar, br, cr, x[4], 9);
		STEP(F5, cl, dl, el, al, bl, x[7] + 0xa953fd4e, 6);
		STEP(F1, cr, dr, er, ar, br, x[1], 12);
		STEP(F5, bl, cl, dl, el, al, x[12] + 0xa953fd4e, 8);
		STEP(F1, br, cr, dr, er, ar, x[5], 5);
		STEP(F5, al, bl, cl, dl, el, x[2] + 0xa953fd4e, 13);
		STEP(F1, ar, br, cr, dr, er, x[8], 14);
		STEP(F5, el, al, bl, cl, dl, x[10] + 0xa953fd4e, 12);
		STEP(F1, er, ar, br, cr, dr, x[7], 6);
		STEP(F5, dl, el, al, bl, cl, x[14] + 0xa953fd4e, 5);
		STEP(F1, dr, er, ar, br, cr, x[6], 8);
		STEP(F5, cl, dl, el, al, bl, x[1] + 0xa953fd4e, 12);
		STEP(F1, cr, dr, er, ar, br, x[2], 13);
		STEP(F5, bl, cl, dl, el, al, x[3] + 0xa953fd4e, 13);
		STEP(F1, br, cr, dr, er, ar, x[13], 6);
		STEP(F5, al, bl, cl, dl, el, x[8] + 0xa953fd4e, 14);
		STEP(F1, ar, br, cr, dr, er, x[14], 5);
		STEP(F5, el, al, bl, cl, dl, x[11] + 0xa953fd4e, 11);
		STEP(F1, er, ar, br, cr, dr, x[0], 15);
		STEP(F5, dl, el, al, bl, cl, x[6] + 0xa953fd4e, 8);
		STEP(F1, dr, er, ar, br, cr, x[3], 13);
		STEP(F5, cl, dl, el, al, bl, x[15] + 0xa953fd4e, 5);
		STEP(F1, cr, dr, er, ar, br, x[9], 11);
		STEP(F5, bl, cl, dl, el, al, x[13] + 0xa953fd4e, 6);
		STEP(F1, br, cr, dr, er, ar, x[11], 11);

		/* combine the two lines */
		t = h[1] + cl + dr;
		h[1] = h[2] + dl + er;
		h[2] = h[3] + el + ar;
		h[3] = h[4] + al + br;
		h[4] = h[0] + bl + cr;
		h[0] = t;
		p += 64;
	}
	ember_wipe(x, sizeof(x));
}

void ember_ripemd160_ref_init(ember_ripemd160_ctx *c)
{
	c->h[0] = 0x67452301;
	c->h[1] = 0xefcdab89;
	c->h[2] = 0x98badcfe;
	c->h[3] = 0x10325476;
	c->h[4] = 0xc3d2e1f0;
	c->count = 0;
	c->blocks = ripemd160_blocks;
}

void ember_ripemd160_init(ember_ripemd160_ctx *c)
{
	ember_ripemd160_ref_init(c);
}

void ember_ripemd160_update(ember_ripemd160_ctx *c, const void *data, size_t len)
{
	EMBER_MD_UPDATE(c, 64, data, len);
}

/* MD4-style padding: the bit length goes in little-endian. */
void ember_ripemd160_final(ember_ripemd160_ctx *c, uint8_t out[EMBER_RIPEMD160_LEN])
{
	unsigned i;

	EMBER_MD64_PAD(c, 0);
	for (i = 0; i < 5; i++)
		ember_st32le(out + 4 * i, c->h[i]);
	ember_wipe(c, sizeof(*c));
}

EMBER_HASH_ONESHOT(ripemd160, EMBER_RIPEMD160_LEN)

EMBER_HASH_ADAPTERS(ripemd160, ember_ripemd160_ref_init)

const ember_hash_desc ember_ripemd160_ref_desc = {
	"ripemd160", "rmd160 ripemd", "ref", EMBER_IMPL_CT, EMBER_RIPEMD160_LEN,
	EMBER_RIPEMD160_BLOCK_LEN, sizeof(ember_ripemd160_ctx), NULL, d_init, d_update, d_final
};
