/*
 * ghash_ct32.c - constant-time GHASH (SP 800-38D 6.4) in portable C on
 * 32-bit words, and the composition "ct32": the bitsliced aes_ct32 with
 * it, the default AES-GCM of 32-bit cores without AES instructions.
 *
 * The technique of ghash_ct64.c (carry-less products from integer
 * multiplications of operands with one bit in four kept), on 32-bit
 * multiplications, as BearSSL's ghash_ctmul32 does, written afresh: at a
 * position p < 32 a product x_i * y_j adds at most p / 4 + 1 <= 8 terms,
 * so the count never carries four places up, and the low 32 bits of a
 * carry-less 32 x 32 product are 16 multiplications and masks; the high
 * 32 come from the bit-reversed operands. A 128-bit product is Karatsuba
 * twice over (128 -> three 64 -> nine 32-bit products), 18 low halves:
 * 288 32-bit multiplications a block, no 64-bit multiplication, which a
 * 32-bit core would pay three times over.
 *
 * Constant-time where the CPU's 32-bit multiplication is (docs/SECURITY.md).
 */
#include "gcm_impl.h"

/*
 * Layout of ctx->h.w: the nine Karatsuba operands of H' = H x^-1 (see
 * ghash_ct64.c for why H x^-1) in [0..8], their bit reversals in [9..17].
 * The nine, for a 128-bit a = a3:a2:a1:a0 (32-bit words, a3 high), are
 * those of each 64-bit half (lo, hi, lo ^ hi) and of the half sum
 * (a1:a0) ^ (a3:a2): a0, a1, a0^a1, a2, a3, a2^a3, a0^a2, a1^a3, and the
 * XOR of all four.
 */

static inline uint32_t clmul32_lo(uint32_t x, uint32_t y)
{
	const uint32_t m = 0x11111111u;
	uint32_t x0 = x & m, x1 = x & (m << 1), x2 = x & (m << 2), x3 = x & (m << 3);
	uint32_t y0 = y & m, y1 = y & (m << 1), y2 = y & (m << 2), y3 = y & (m << 3);
	uint32_t c0 = (x0 * y0) ^ (x1 * y3) ^ (x2 * y2) ^ (x3 * y1);
	uint32_t c1 = (x0 * y1) ^ (x1 * y0) ^ (x2 * y3) ^ (x3 * y2);
	uint32_t c2 = (x0 * y2) ^ (x1 * y1) ^ (x2 * y0) ^ (x3 * y3);
	uint32_t c3 = (x0 * y3) ^ (x1 * y2) ^ (x2 * y1) ^ (x3 * y0);

	return (c0 & m) | (c1 & (m << 1)) | (c2 & (m << 2)) | (c3 & (m << 3));
}

static inline uint32_t rev32(uint32_t x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
	x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
	return (x >> 16) | (x << 16);
}

/* The nine Karatsuba operands of a3:a2:a1:a0 (see above). */
static inline void operands(uint32_t *k, uint32_t a0, uint32_t a1, uint32_t a2, uint32_t a3)
{
	k[0] = a0;
	k[1] = a1;
	k[2] = a0 ^ a1;
	k[3] = a2;
	k[4] = a3;
	k[5] = a2 ^ a3;
	k[6] = a0 ^ a2;
	k[7] = a1 ^ a3;
	k[8] = k[6] ^ k[7];
}

/* H' = H x^-1 mod P, as in ghash_ct64.c, in 32-bit words. */
static void ghash_key(ember_aes_gcm_ctx *ctx, const uint8_t h[16])
{
	uint32_t a3 = ember_ld32be(h), a2 = ember_ld32be(h + 4), a1 = ember_ld32be(h + 8), a0 = ember_ld32be(h + 12);
	uint32_t m = 0 - (a3 >> 31), *w = ctx->h.w;
	unsigned i;

	a3 = (a3 << 1) | (a2 >> 31);
	a2 = (a2 << 1) | (a1 >> 31);
	a1 = (a1 << 1) | (a0 >> 31);
	a0 <<= 1;
	a3 ^= m & 0xC2000000u;
	a0 ^= m & 1;
	operands(w, a0, a1, a2, a3);
	for (i = 0; i < 9; i++)
		w[9 + i] = rev32(w[i]);
}

/* Carry-less 64 x 64 -> 128 from three full 32 x 32 products p[0..2] (lo, hi, middle), each hi:lo in a uint64_t. */
static inline void karatsuba64(uint64_t *r1, uint64_t *r0, const uint64_t *p)
{
	uint64_t mid = p[2] ^ p[0] ^ p[1];

	*r0 = p[0] ^ (mid << 32);
	*r1 = p[1] ^ (mid >> 32);
}

static void ghash(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks)
{
	const uint32_t *hk = ctx->h.w;
	uint32_t y3 = ember_ld32be(y), y2 = ember_ld32be(y + 4), y1 = ember_ld32be(y + 8), y0 = ember_ld32be(y + 12);

	for (; nblocks > 0; nblocks--, in += 16) {
		uint32_t k[9];
		uint64_t p[9], l1, l0, h1, h0, m1, m0, w0, w1, w2, w3;
		unsigned i;

		y3 ^= ember_ld32be(in);
		y2 ^= ember_ld32be(in + 4);
		y1 ^= ember_ld32be(in + 8);
		y0 ^= ember_ld32be(in + 12);
		operands(k, y0, y1, y2, y3);
		for (i = 0; i < 9; i++) {
			uint32_t lo = clmul32_lo(k[i], hk[i]);
			uint32_t hi = rev32(clmul32_lo(rev32(k[i]), hk[9 + i])) >> 1;
			p[i] = (uint64_t)hi << 32 | lo;
		}
		/* the three 64 x 64 products: low halves, high halves, half sums */
		karatsuba64(&l1, &l0, p);
		karatsuba64(&h1, &h0, p + 3);
		karatsuba64(&m1, &m0, p + 6);
		m0 ^= l0 ^ h0;
		m1 ^= l1 ^ h1;
		w0 = l0;
		w1 = l1 ^ m0;
		w2 = h0 ^ m1;
		w3 = h1;
		/* modulo P, as ghash_ct64.c's FOLD */
		w1 ^= (w0 << 63) ^ (w0 << 62) ^ (w0 << 57);
		w2 ^= w0 ^ (w0 >> 1) ^ (w0 >> 2) ^ (w0 >> 7);
		w2 ^= (w1 << 63) ^ (w1 << 62) ^ (w1 << 57);
		w3 ^= w1 ^ (w1 >> 1) ^ (w1 >> 2) ^ (w1 >> 7);
		y3 = (uint32_t)(w3 >> 32);
		y2 = (uint32_t)w3;
		y1 = (uint32_t)(w2 >> 32);
		y0 = (uint32_t)w2;
	}
	ember_st32be(y, y3);
	ember_st32be(y + 4, y2);
	ember_st32be(y + 8, y1);
	ember_st32be(y + 12, y0);
}

static int supported(void)
{
	return 1;
}

static const ember_gcm_impl impl = { supported, ember_aes_ct32_set_key, ghash_key, ghash, ember_gcm_run_ecb };

EMBER_GCM_DESC(ember_aes_gcm_ct32_desc, "ct32", EMBER_IMPL_CT, supported, impl)
