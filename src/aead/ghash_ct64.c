/*
 * ghash_ct64.c - constant-time GHASH (SP 800-38D 6.4) in portable C on
 * 64-bit words, and the composition "ct": the bitsliced aes_ct with it,
 * the default AES-GCM of 64-bit cores without AES and carry-less
 * multiply instructions.
 *
 * No table (a 4-bit table indexed by the hash state leaks through the
 * cache) and no branch: the carry-less products come from ordinary
 * integer multiplications of operands with holes, the idea of BearSSL's
 * ghash_ctmul64 (Thomas Pornin), written afresh here. Keep one bit in
 * four of each operand: x = x0 | x1 | x2 | x3, x_i holding the bits at
 * positions equal to i modulo 4. An integer product x_i * y_j only has
 * terms at positions equal to i + j modulo 4, and at a position p < 64
 * it adds at most p / 4 + 1 <= 16 of them: the count's low bit is the
 * carry-less sum, its carries land on the three positions above (other
 * classes, masked off) and a count of 16, which alone would reach p + 4,
 * only happens from p = 60 on, where p + 4 is past the word. So the low
 * 64 bits of a carry-less product are 16 multiplications and masks. Its
 * high 64 bits are the low ones of the product of the bit-reversed
 * operands, reversed (clmul(rev x, rev y) = rev of clmul(x, y) over 127
 * bits). A 128-bit product is three 64-bit ones (Karatsuba), so six
 * low halves: 96 multiplications a block.
 *
 * The whole is constant-time where the CPU's 64-bit multiplication is
 * (docs/SECURITY.md). Correct on any byte order and word size: blocks are
 * read with ember_ld64be, and 64-bit multiplications are plain C.
 */
#include "gcm_impl.h"

/*
 * Layout of ctx->h.q: H' (below) as [0] low and [1] high 64 bits, [2] =
 * [0] ^ [1]; [3..5] the same three words bit-reversed.
 *
 * Representation: a block read as a big-endian 128-bit integer holds the
 * coefficient of x^i at bit 127 - i (SP 800-38D 6.3). The carry-less
 * product of two such integers, 256 bits wide, holds x * a * b with the
 * coefficient of x^k at bit 255 - k; multiplying by H' = H x^-1 instead
 * of H removes that factor x, so the product folds straight into a * H.
 */

/* Low 64 bits of the carry-less product of x and y (see the top of the file). */
static inline uint64_t clmul_lo(uint64_t x, uint64_t y)
{
	const uint64_t m = 0x1111111111111111ull;
	uint64_t x0 = x & m, x1 = x & (m << 1), x2 = x & (m << 2), x3 = x & (m << 3);
	uint64_t y0 = y & m, y1 = y & (m << 1), y2 = y & (m << 2), y3 = y & (m << 3);
	/* class c gathers the products x_i * y_j with i + j = c modulo 4 */
	uint64_t c0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
	uint64_t c1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
	uint64_t c2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
	uint64_t c3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);

	return (c0 & m) | (c1 & (m << 1)) | (c2 & (m << 2)) | (c3 & (m << 3));
}

static inline uint64_t rev64(uint64_t x)
{
	x = ((x >> 1) & 0x5555555555555555ull) | ((x & 0x5555555555555555ull) << 1);
	x = ((x >> 2) & 0x3333333333333333ull) | ((x & 0x3333333333333333ull) << 2);
	x = ((x >> 4) & 0x0F0F0F0F0F0F0F0Full) | ((x & 0x0F0F0F0F0F0F0F0Full) << 4);
	x = ((x >> 8) & 0x00FF00FF00FF00FFull) | ((x & 0x00FF00FF00FF00FFull) << 8);
	x = ((x >> 16) & 0x0000FFFF0000FFFFull) | ((x & 0x0000FFFF0000FFFFull) << 16);
	return (x >> 32) | (x << 32);
}

/*
 * Folds the 256-bit w3:w2:w1:w0 (x^0 at the top bit of w3) modulo
 * P = x^128 + x^7 + x^2 + x + 1: x^(128 + j) = x^j (x^7 + x^2 + x + 1),
 * i.e. a word's coefficients come back 128 places lower, shifted by 0, 1,
 * 2 and 7 (right shifts here), what falls off the bottom into the next word.
 */
#define FOLD(w3, w2, w1, w0)                                                       \
	do {                                                                       \
		w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);                        \
		w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);                      \
		w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);                        \
		w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);                      \
	} while (0)

/* H' = H x^-1 mod P: a left shift, and x^-1 = x^127 + x^6 + x + 1 added when H's x^0 bit is set. */
static void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint64_t hi = ember_ld64be(h), lo = ember_ld64be(h + 8);
	uint64_t m = 0 - (hi >> 63);
	uint64_t *q = ctx->h.q;

	hi = (hi << 1) | (lo >> 63);
	lo <<= 1;
	hi ^= m & 0xC200000000000000ull;
	lo ^= m & 1;
	q[0] = lo;
	q[1] = hi;
	q[2] = lo ^ hi;
	q[3] = rev64(lo);
	q[4] = rev64(hi);
	q[5] = q[3] ^ q[4];
}

static void ghash(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
	const uint64_t *q = ctx->h.q;
	uint64_t y1 = ember_ld64be(y), y0 = ember_ld64be(y + 8);

	for (; nblocks > 0; nblocks--, in += 16) {
		uint64_t a0, a1, a2, r0, r1, r2, l0, l1, l2, h0, h1, h2, w0, w1, w2, w3;

		y1 ^= ember_ld64be(in);
		y0 ^= ember_ld64be(in + 8);
		a0 = y0;
		a1 = y1;
		a2 = y0 ^ y1;
		r0 = rev64(a0);
		r1 = rev64(a1);
		r2 = r0 ^ r1;
		/* low and high halves of the three Karatsuba products */
		l0 = clmul_lo(a0, q[0]);
		l1 = clmul_lo(a1, q[1]);
		l2 = clmul_lo(a2, q[2]);
		h0 = rev64(clmul_lo(r0, q[3])) >> 1;
		h1 = rev64(clmul_lo(r1, q[4])) >> 1;
		h2 = rev64(clmul_lo(r2, q[5])) >> 1;
		l2 ^= l0 ^ l1;
		h2 ^= h0 ^ h1;
		w0 = l0;
		w1 = h0 ^ l2;
		w2 = l1 ^ h2;
		w3 = h1;
		FOLD(w3, w2, w1, w0);
		y1 = w3;
		y0 = w2;
	}
	ember_st64be(y, y1);
	ember_st64be(y + 8, y0);
}

static int supported(void)
{
	return 1;
}

static const ember_gcm_impl impl = { supported, ember_aes_ct_set_key, ghash_key, ghash, ember_gcm_run_ecb };

EMBER_GCM_DESC(ember_aes_gcm_ct_desc, "ct", EMBER_IMPL_CT, supported, impl)
