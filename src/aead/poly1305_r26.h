/*
 * poly1305_r26.h - Poly1305 (RFC 8439, 2.5) in radix 2^26, the scalar code
 * that poly1305_ref32.c is and poly1305_neon.c uses for its key, its
 * short inputs, the odd block past its last vector step, the powers of r
 * and the final reduction: five limbs of 26 bits in 32-bit words,
 * twenty-five 32x32->64-bit products a block (as poly1305-donna-32).
 *
 * The state (EMBER_POLY1305_ST_WORDS words, one 32-bit value per word):
 * h0..h4, r0..r4, then s as two 64-bit words. r26_blocks takes h limbs a
 * little over 2^26 (as it leaves them: h0 and h1 after the partial carry).
 *
 * Constant-time: products, additions, shifts and masks; the final
 * reduction selects with a mask, not a branch. It relies on the
 * multiplier taking the same time for every operand (docs/SECURITY.md).
 * Static functions: one copy per including file, no include guard.
 */

#define M26 0x3ffffffu

/* st (one 32-bit value per word): h0..h4, r0..r4, then s as two 64-bit words */
static inline void r26_init(uint64_t *st, const uint8_t key[32])
{
	int i;

	for (i = 0; i < 5; i++)
		st[i] = 0;
	/* r &= 0x0ffffffc0ffffffc0ffffffc0fffffff (RFC 8439, 2.5), in 26-bit limbs */
	st[5] = ember_ld32le(key + 0) & 0x3ffffff;
	st[6] = (ember_ld32le(key + 3) >> 2) & 0x3ffff03;
	st[7] = (ember_ld32le(key + 6) >> 4) & 0x3ffc0ff;
	st[8] = (ember_ld32le(key + 9) >> 6) & 0x3f03fff;
	st[9] = (ember_ld32le(key + 12) >> 8) & 0x00fffff;
	st[10] = ember_ld64le(key + 16);
	st[11] = ember_ld64le(key + 24);
}

#define MUL26(a, b) ((uint64_t)(a) * (b))

/* RFC 8439, 2.5: h = (h + block) * r mod 2^130 - 5, per block */
static inline void r26_blocks(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit)
{
	const uint32_t hibit = (uint32_t)pad_bit << 24;
	const uint32_t r0 = (uint32_t)st[5], r1 = (uint32_t)st[6], r2 = (uint32_t)st[7];
	const uint32_t r3 = (uint32_t)st[8], r4 = (uint32_t)st[9];
	/* 2^130 = 5 mod p: the products past 2^130 fold back times 5 */
	const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5;
	uint32_t h0 = (uint32_t)st[0], h1 = (uint32_t)st[1], h2 = (uint32_t)st[2];
	uint32_t h3 = (uint32_t)st[3], h4 = (uint32_t)st[4];

	while (nblocks--) {
		uint64_t d0, d1, d2, d3, d4;
		uint32_t c;

		h0 += ember_ld32le(p + 0) & M26;
		h1 += (ember_ld32le(p + 3) >> 2) & M26;
		h2 += (ember_ld32le(p + 6) >> 4) & M26;
		h3 += (ember_ld32le(p + 9) >> 6) & M26;
		h4 += (ember_ld32le(p + 12) >> 8) | hibit;

		d0 = MUL26(h0, r0) + MUL26(h1, s4) + MUL26(h2, s3) + MUL26(h3, s2) + MUL26(h4, s1);
		d1 = MUL26(h0, r1) + MUL26(h1, r0) + MUL26(h2, s4) + MUL26(h3, s3) + MUL26(h4, s2);
		d2 = MUL26(h0, r2) + MUL26(h1, r1) + MUL26(h2, r0) + MUL26(h3, s4) + MUL26(h4, s3);
		d3 = MUL26(h0, r3) + MUL26(h1, r2) + MUL26(h2, r1) + MUL26(h3, r0) + MUL26(h4, s4);
		d4 = MUL26(h0, r4) + MUL26(h1, r3) + MUL26(h2, r2) + MUL26(h3, r1) + MUL26(h4, r0);

		/* partial carries: each limb back under 2^26, but h0 and h1 a little over */
		c = (uint32_t)(d0 >> 26);
		h0 = (uint32_t)d0 & M26;
		d1 += c;
		c = (uint32_t)(d1 >> 26);
		h1 = (uint32_t)d1 & M26;
		d2 += c;
		c = (uint32_t)(d2 >> 26);
		h2 = (uint32_t)d2 & M26;
		d3 += c;
		c = (uint32_t)(d3 >> 26);
		h3 = (uint32_t)d3 & M26;
		d4 += c;
		c = (uint32_t)(d4 >> 26);
		h4 = (uint32_t)d4 & M26;
		h0 += c * 5;
		c = h0 >> 26;
		h0 &= M26;
		h1 += c;
		p += 16;
	}
	st[0] = h0;
	st[1] = h1;
	st[2] = h2;
	st[3] = h3;
	st[4] = h4;
}

static inline void r26_finish(uint64_t *st, uint8_t tag[16])
{
	uint32_t h0 = (uint32_t)st[0], h1 = (uint32_t)st[1], h2 = (uint32_t)st[2];
	uint32_t h3 = (uint32_t)st[3], h4 = (uint32_t)st[4];
	uint32_t g0, g1, g2, g3, g4, c, mask;
	uint64_t f;
	int i;

	/* full carry, twice: the first pass can leave h1 at 2^26, the second cannot */
	for (i = 0; i < 2; i++) {
		c = h1 >> 26;
		h1 &= M26;
		h2 += c;
		c = h2 >> 26;
		h2 &= M26;
		h3 += c;
		c = h3 >> 26;
		h3 &= M26;
		h4 += c;
		c = h4 >> 26;
		h4 &= M26;
		h0 += c * 5;
		c = h0 >> 26;
		h0 &= M26;
		h1 += c;
	}

	/* g = h + 5 - 2^130: when it does not borrow, h >= p and h - p is the answer */
	g0 = h0 + 5;
	c = g0 >> 26;
	g0 &= M26;
	g1 = h1 + c;
	c = g1 >> 26;
	g1 &= M26;
	g2 = h2 + c;
	c = g2 >> 26;
	g2 &= M26;
	g3 = h3 + c;
	c = g3 >> 26;
	g3 &= M26;
	g4 = h4 + c - (1u << 26);
	mask = (g4 >> 31) - 1; /* all ones when g4 did not go negative */
	h0 = (h0 & ~mask) | (g0 & mask);
	h1 = (h1 & ~mask) | (g1 & mask);
	h2 = (h2 & ~mask) | (g2 & mask);
	h3 = (h3 & ~mask) | (g3 & mask);
	h4 = (h4 & ~mask) | (g4 & mask);

	/* h as four 32-bit words, + s mod 2^128 */
	h0 = h0 | (h1 << 26);
	h1 = (h1 >> 6) | (h2 << 20);
	h2 = (h2 >> 12) | (h3 << 14);
	h3 = (h3 >> 18) | (h4 << 8);
	f = (uint64_t)h0 + (uint32_t)st[10];
	ember_st32le(tag + 0, (uint32_t)f);
	f = (uint64_t)h1 + (uint32_t)(st[10] >> 32) + (f >> 32);
	ember_st32le(tag + 4, (uint32_t)f);
	f = (uint64_t)h2 + (uint32_t)st[11] + (f >> 32);
	ember_st32le(tag + 8, (uint32_t)f);
	f = (uint64_t)h3 + (uint32_t)(st[11] >> 32) + (f >> 32);
	ember_st32le(tag + 12, (uint32_t)f);
	ember_wipe(st, 12 * sizeof(uint64_t));
}

/*
 * h = h * r mod 2^130 - 5 on limbs (the blocks' product and partial
 * carries, without a message): the powers of r that poly1305_neon.c
 * multiplies its lanes by. Limbs in under 2^27, out under 2^26 but for h1,
 * under 2^26 + 2^10.
 */
static inline void r26_mul(uint32_t h[5], const uint32_t r[5])
{
	const uint32_t s1 = r[1] * 5, s2 = r[2] * 5, s3 = r[3] * 5, s4 = r[4] * 5;
	uint64_t d0, d1, d2, d3, d4;

	d0 = MUL26(h[0], r[0]) + MUL26(h[1], s4) + MUL26(h[2], s3) + MUL26(h[3], s2) + MUL26(h[4], s1);
	d1 = MUL26(h[0], r[1]) + MUL26(h[1], r[0]) + MUL26(h[2], s4) + MUL26(h[3], s3) + MUL26(h[4], s2);
	d2 = MUL26(h[0], r[2]) + MUL26(h[1], r[1]) + MUL26(h[2], r[0]) + MUL26(h[3], s4) + MUL26(h[4], s3);
	d3 = MUL26(h[0], r[3]) + MUL26(h[1], r[2]) + MUL26(h[2], r[1]) + MUL26(h[3], r[0]) + MUL26(h[4], s4);
	d4 = MUL26(h[0], r[4]) + MUL26(h[1], r[3]) + MUL26(h[2], r[2]) + MUL26(h[3], r[1]) + MUL26(h[4], r[0]);
	d1 += d0 >> 26;
	d2 += d1 >> 26;
	d3 += d2 >> 26;
	d4 += d3 >> 26;
	d0 = (d0 & M26) + (d4 >> 26) * 5;
	h[0] = (uint32_t)d0 & M26;
	h[1] = ((uint32_t)d1 & M26) + (uint32_t)(d0 >> 26);
	h[2] = (uint32_t)d2 & M26;
	h[3] = (uint32_t)d3 & M26;
	h[4] = (uint32_t)d4 & M26;
}
