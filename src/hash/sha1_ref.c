/*
 * sha1_ref.c - the SHA-1 block function, portable C (FIPS 180-4, 6.1.2),
 * and its descriptor.
 *
 * Constant-time: no data-dependent branch or index. The 80 steps are
 * unrolled with the message schedule in a 16-word ring, so the state
 * never moves between variables. Initial value, update and final are
 * sha1.c's, shared by every implementation.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/* FIPS 180-4, 4.1.1. Ch with one operation fewer; Maj as a sum of two
 * terms that never share a bit, so the adds can be scheduled freely. */
#define CH(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define PAR(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) + ((z) & ((x) ^ (y))))

/* FIPS 180-4, 6.1.2 step 1: W[t] = ROTL1(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16]) */
#define L(t) (w[t] = ember_ld32be(p + 4 * (t)))
#define LA(t) (w[t] = ember_ld32be_aligned(p + 4 * (t)))

/* FIPS 180-4, 6.1.2 steps 1 and 3 for t = 0..15, reading the block with LD. */
#define STEPS_0_15(LD)                                                             \
	do {                                                                       \
		STEP(CH, 0x5a827999, a, b, c, d, e, LD(0));                        \
		STEP(CH, 0x5a827999, e, a, b, c, d, LD(1));                        \
		STEP(CH, 0x5a827999, d, e, a, b, c, LD(2));                        \
		STEP(CH, 0x5a827999, c, d, e, a, b, LD(3));                        \
		STEP(CH, 0x5a827999, b, c, d, e, a, LD(4));                        \
		STEP(CH, 0x5a827999, a, b, c, d, e, LD(5));                        \
		STEP(CH, 0x5a827999, e, a, b, c, d, LD(6));                        \
		STEP(CH, 0x5a827999, d, e, a, b, c, LD(7));                        \
		STEP(CH, 0x5a827999, c, d, e, a, b, LD(8));                        \
		STEP(CH, 0x5a827999, b, c, d, e, a, LD(9));                        \
		STEP(CH, 0x5a827999, a, b, c, d, e, LD(10));                       \
		STEP(CH, 0x5a827999, e, a, b, c, d, LD(11));                       \
		STEP(CH, 0x5a827999, d, e, a, b, c, LD(12));                       \
		STEP(CH, 0x5a827999, c, d, e, a, b, LD(13));                       \
		STEP(CH, 0x5a827999, b, c, d, e, a, LD(14));                       \
		STEP(CH, 0x5a827999, a, b, c, d, e, LD(15));                       \
	} while (0)
#define W(t)                                                                       \
	(w[(t)&15] = ember_rotl32(w[((t)-3) & 15] ^ w[((t)-8) & 15] ^ w[((t)-14) & 15] ^ w[(t)&15], 1))

/* FIPS 180-4, 6.1.2 step 3 with the variables renamed instead of shifted:
 * e += ROTL5(a) + f(b, c, d) + K + W[t]; b = ROTL30(b). ROTL5(a) is added
 * last: a is the value the previous step has just computed, and this order
 * keeps fewer values live (MIPS32r2: 0.14 instructions per byte fewer). */
#define STEP(f, k, a, b, c, d, e, wt)                                              \
	do {                                                                       \
		e += (uint32_t)(k) + (wt);                                         \
		e += f(b, c, d);                                                   \
		b = ember_rotl32(b, 30);                                           \
		e += ember_rotl32(a, 5);                                           \
	} while (0)

void ember_sha1_ref_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t w[16], h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4];

	/* the chaining value in locals, written back once: in h[] gcc keeps a stack copy as well */
	while (nblocks--) {
		uint32_t a = h0, b = h1, c = h2, d = h3, e = h4;

		/* steps 0-19; an aligned block is read with whole-word loads */
		if (((uintptr_t)p & 3) == 0)
			STEPS_0_15(LA);
		else
			STEPS_0_15(L);
		STEP(CH, 0x5a827999, e, a, b, c, d, W(16));
		STEP(CH, 0x5a827999, d, e, a, b, c, W(17));
		STEP(CH, 0x5a827999, c, d, e, a, b, W(18));
		STEP(CH, 0x5a827999, b, c, d, e, a, W(19));
		/* steps 20-39 */
		STEP(PAR, 0x6ed9eba1, a, b, c, d, e, W(20));
		STEP(PAR, 0x6ed9eba1, e, a, b, c, d, W(21));
		STEP(PAR, 0x6ed9eba1, d, e, a, b, c, W(22));
		STEP(PAR, 0x6ed9eba1, c, d, e, a, b, W(23));
		STEP(PAR, 0x6ed9eba1, b, c, d, e, a, W(24));
		STEP(PAR, 0x6ed9eba1, a, b, c, d, e, W(25));
		STEP(PAR, 0x6ed9eba1, e, a, b, c, d, W(26));
		STEP(PAR, 0x6ed9eba1, d, e, a, b, c, W(27));
		STEP(PAR, 0x6ed9eba1, c, d, e, a, b, W(28));
		STEP(PAR, 0x6ed9eba1, b, c, d, e, a, W(29));
		STEP(PAR, 0x6ed9eba1, a, b, c, d, e, W(30));
		STEP(PAR, 0x6ed9eba1, e, a, b, c, d, W(31));
		STEP(PAR, 0x6ed9eba1, d, e, a, b, c, W(32));
		STEP(PAR, 0x6ed9eba1, c, d, e, a, b, W(33));
		STEP(PAR, 0x6ed9eba1, b, c, d, e, a, W(34));
		STEP(PAR, 0x6ed9eba1, a, b, c, d, e, W(35));
		STEP(PAR, 0x6ed9eba1, e, a, b, c, d, W(36));
		STEP(PAR, 0x6ed9eba1, d, e, a, b, c, W(37));
		STEP(PAR, 0x6ed9eba1, c, d, e, a, b, W(38));
		STEP(PAR, 0x6ed9eba1, b, c, d, e, a, W(39));
		/* steps 40-59 */
		STEP(MAJ, 0x8f1bbcdc, a, b, c, d, e, W(40));
		STEP(MAJ, 0x8f1bbcdc, e, a, b, c, d, W(41));
		STEP(MAJ, 0x8f1bbcdc, d, e, a, b, c, W(42));
		STEP(MAJ, 0x8f1bbcdc, c, d, e, a, b, W(43));
		STEP(MAJ, 0x8f1bbcdc, b, c, d, e, a, W(44));
		STEP(MAJ, 0x8f1bbcdc, a, b, c, d, e, W(45));
		STEP(MAJ, 0x8f1bbcdc, e, a, b, c, d, W(46));
		STEP(MAJ, 0x8f1bbcdc, d, e, a, b, c, W(47));
		STEP(MAJ, 0x8f1bbcdc, c, d, e, a, b, W(48));
		STEP(MAJ, 0x8f1bbcdc, b, c, d, e, a, W(49));
		STEP(MAJ, 0x8f1bbcdc, a, b, c, d, e, W(50));
		STEP(MAJ, 0x8f1bbcdc, e, a, b, c, d, W(51));
		STEP(MAJ, 0x8f1bbcdc, d, e, a, b, c, W(52));
		STEP(MAJ, 0x8f1bbcdc, c, d, e, a, b, W(53));
		STEP(MAJ, 0x8f1bbcdc, b, c, d, e, a, W(54));
		STEP(MAJ, 0x8f1bbcdc, a, b, c, d, e, W(55));
		STEP(MAJ, 0x8f1bbcdc, e, a, b, c, d, W(56));
		STEP(MAJ, 0x8f1bbcdc, d, e, a, b, c, W(57));
		STEP(MAJ, 0x8f1bbcdc, c, d, e, a, b, W(58));
		STEP(MAJ, 0x8f1bbcdc, b, c, d, e, a, W(59));
		/* steps 60-79 */
		STEP(PAR, 0xca62c1d6, a, b, c, d, e, W(60));
		STEP(PAR, 0xca62c1d6, e, a, b, c, d, W(61));
		STEP(PAR, 0xca62c1d6, d, e, a, b, c, W(62));
		STEP(PAR, 0xca62c1d6, c, d, e, a, b, W(63));
		STEP(PAR, 0xca62c1d6, b, c, d, e, a, W(64));
		STEP(PAR, 0xca62c1d6, a, b, c, d, e, W(65));
		STEP(PAR, 0xca62c1d6, e, a, b, c, d, W(66));
		STEP(PAR, 0xca62c1d6, d, e, a, b, c, W(67));
		STEP(PAR, 0xca62c1d6, c, d, e, a, b, W(68));
		STEP(PAR, 0xca62c1d6, b, c, d, e, a, W(69));
		STEP(PAR, 0xca62c1d6, a, b, c, d, e, W(70));
		STEP(PAR, 0xca62c1d6, e, a, b, c, d, W(71));
		STEP(PAR, 0xca62c1d6, d, e, a, b, c, W(72));
		STEP(PAR, 0xca62c1d6, c, d, e, a, b, W(73));
		STEP(PAR, 0xca62c1d6, b, c, d, e, a, W(74));
		STEP(PAR, 0xca62c1d6, a, b, c, d, e, W(75));
		STEP(PAR, 0xca62c1d6, e, a, b, c, d, W(76));
		STEP(PAR, 0xca62c1d6, d, e, a, b, c, W(77));
		STEP(PAR, 0xca62c1d6, c, d, e, a, b, W(78));
		STEP(PAR, 0xca62c1d6, b, c, d, e, a, W(79));

		h0 += a;
		h1 += b;
		h2 += c;
		h3 += d;
		h4 += e;
		p += 64;
	}
	h[0] = h0;
	h[1] = h1;
	h[2] = h2;
	h[3] = h3;
	h[4] = h4;
	ember_wipe(w, sizeof(w));
}

void ember_sha1_ref_init(ember_sha1_ctx *c)
{
	ember_sha1_start(c, ember_sha1_ref_blocks);
}

EMBER_HASH_ADAPTERS(sha1, ember_sha1_ref_init)

const ember_hash_desc ember_sha1_ref_desc = {
	"sha1", NULL, "ref", EMBER_IMPL_CT, EMBER_SHA1_LEN, EMBER_SHA1_BLOCK_LEN, sizeof(ember_sha1_ctx),
	NULL, d_init, d_update, d_final
};
