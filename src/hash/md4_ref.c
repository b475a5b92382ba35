/*
 * md4_ref.c - the MD4 block function, portable C (RFC 1320), and its descriptor;
 * initial value, update and final are md4.c's.
 *
 * Constant-time: no data-dependent branch or index. The 48 steps are
 * unrolled (all constants and rotations immediate).
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/md_impl.h"

/* RFC 1320, 3.4: F is a bitwise select, G the majority, H the parity.
 * G is written as (y & z) + (x & (y ^ z)): the two terms never share a bit,
 * and only the second depends on x, the variable computed by the previous
 * step, so the first is added while that step is still running. */
#define F(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define G(x, y, z) (((y) & (z)) + ((x) & ((y) ^ (z))))
#define H(x, y, z) ((x) ^ (y) ^ (z))

/* a = (a + f(b, c, d) + X[k] + K) <<< s */
#define STEP(f, a, b, c, d, xk, s)                                                 \
	do {                                                                       \
		a += (uint32_t)(xk);                                               \
		a += f(b, c, d);                                                   \
		a = ember_rotl32(a, s);                                            \
	} while (0)

static void md4_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t x[16];

	while (nblocks--) {
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
		int i;

		for (i = 0; i < 16; i++)
			x[i] = ember_ld32le(p + 4 * i);

		/* round 1 */
		STEP(F, a, b, c, d, x[0], 3);
		STEP(F, d, a, b, c, x[1], 7);
		STEP(F, c, d, a, b, x[2], 11);
		STEP(F, b, c, d, a, x[3], 19);
		STEP(F, a, b, c, d, x[4], 3);
		STEP(F, d, a, b, c, x[5], 7);
		STEP(F, c, d, a, b, x[6], 11);
		STEP(F, b, c, d, a, x[7], 19);
		STEP(F, a, b, c, d, x[8], 3);
		STEP(F, d, a, b, c, x[9], 7);
		STEP(F, c, d, a, b, x[10], 11);
		STEP(F, b, c, d, a, x[11], 19);
		STEP(F, a, b, c, d, x[12], 3);
		STEP(F, d, a, b, c, x[13], 7);
		STEP(F, c, d, a, b, x[14], 11);
		STEP(F, b, c, d, a, x[15], 19);
		/* round 2 */
		STEP(G, a, b, c, d, x[0] + 0x5a827999, 3);
		STEP(G, d, a, b, c, x[4] + 0x5a827999, 5);
		STEP(G, c, d, a, b, x[8] + 0x5a827999, 9);
		STEP(G, b, c, d, a, x[12] + 0x5a827999, 13);
		STEP(G, a, b, c, d, x[1] + 0x5a827999, 3);
		STEP(G, d, a, b, c, x[5] + 0x5a827999, 5);
		STEP(G, c, d, a, b, x[9] + 0x5a827999, 9);
		STEP(G, b, c, d, a, x[13] + 0x5a827999, 13);
		STEP(G, a, b, c, d, x[2] + 0x5a827999, 3);
		STEP(G, d, a, b, c, x[6] + 0x5a827999, 5);
		STEP(G, c, d, a, b, x[10] + 0x5a827999, 9);
		STEP(G, b, c, d, a, x[14] + 0x5a827999, 13);
		STEP(G, a, b, c, d, x[3] + 0x5a827999, 3);
		STEP(G, d, a, b, c, x[7] + 0x5a827999, 5);
		STEP(G, c, d, a, b, x[11] + 0x5a827999, 9);
		STEP(G, b, c, d, a, x[15] + 0x5a827999, 13);
		/* round 3 */
		STEP(H, a, b, c, d, x[0] + 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, x[8] + 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, x[4] + 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, x[12] + 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, x[2] + 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, x[10] + 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, x[6] + 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, x[14] + 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, x[1] + 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, x[9] + 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, x[5] + 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, x[13] + 0x6ed9eba1, 15);
		STEP(H, a, b, c, d, x[3] + 0x6ed9eba1, 3);
		STEP(H, d, a, b, c, x[11] + 0x6ed9eba1, 9);
		STEP(H, c, d, a, b, x[7] + 0x6ed9eba1, 11);
		STEP(H, b, c, d, a, x[15] + 0x6ed9eba1, 15);

		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		p += 64;
	}
	ember_wipe(x, sizeof(x));
}

void ember_md4_ref_init(ember_md4_ctx *c)
{
	ember_md4_start(c, md4_blocks);
}

EMBER_HASH_ADAPTERS(md4, ember_md4_ref_init)

const ember_hash_desc ember_md4_ref_desc = {
	"md4", NULL, "ref", EMBER_IMPL_CT, EMBER_MD4_LEN, EMBER_MD4_BLOCK_LEN, sizeof(ember_md4_ctx),
	NULL, d_init, d_update, d_final
};
