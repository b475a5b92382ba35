/*
 * sha1_neon.c - SHA-1 block function for 32-bit ARM with NEON (ARMv7-A,
 * e.g. Cortex-A9): the message schedule four words at a time on NEON, the
 * steps on the integer core, as OpenSSL's armv4 code.
 *
 * NEON computes W + K sixteen words ahead into a small stack ring, so a
 * step costs one load for W + K. The steps also keep the ROTL30 of
 * FIPS 180-4 6.1.2 pending: the variable that would be rotated is stored
 * as is and every later use rotates it as an operand (ARM rotates one
 * operand of an add, and, eor for free), which spares the rotate
 * instruction of each step.
 *
 * Constant-time: no data-dependent branch or index. Init, update and
 * final are sha1.c's.
 *
 * The descriptor exists on 32-bit ARM only (its registry line carries the
 * same #if); elsewhere this file is empty. gcc compiles the NEON code for
 * any ARMv7 flags (target attribute "fpu=neon"); clang only when the file
 * is built with NEON enabled (-mfpu=neon), and otherwise supported()
 * returns 0 and the block function is the portable one.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_ARM32)

#if defined(__ARM_NEON) || (defined(__GNUC__) && !defined(__clang__))
#define SHA1_NEON 1
#endif

#if defined(SHA1_NEON)
#include <arm_neon.h>

/* clang gets here only with NEON enabled for the whole file, and knows no "fpu=neon" */
#if defined(__clang__)
#define NEON_TARGET
#else
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#endif

/*
 * FIPS 180-4, 4.1.1, for b as is and c, d stored unrotated (their value
 * is ROTR2 of what the variable holds): ROTR2 distributes over xor, and,
 * so it is applied once, as an operand. Maj as a sum of two terms that
 * never share a bit.
 */
#define R2(x) ember_rotr32(x, 2)
#define CH(b, c, d) ((R2((c) ^ (d)) & (b)) ^ R2(d))
#define PAR(b, c, d) ((b) ^ R2((c) ^ (d)))
#define MAJ(b, c, d) (((b)&R2((c) ^ (d))) + R2((c) & (d)))

/*
 * FIPS 180-4, 6.1.2 step 3 with the variables renamed instead of shifted:
 * e (stored unrotated) += ROTL5(a) + f(b, c, d) + K + W[t]; b is left
 * unrotated, as the step's ROTL30 is ROTR2.
 */
#define STEP(f, a, b, c, d, e, i)                                                  \
	do {                                                                       \
		e = R2(e) + wk[i];                                                 \
		e += ember_rotl32(a, 5) + f(b, c, d);                              \
	} while (0)

#define ROTLQ(x, n) vsliq_n_u32(vshrq_n_u32(x, 32 - (n)), x, n)

/*
 * FIPS 180-4, 6.1.2 step 1 for W[t .. t+3], x0..x3 holding W[t-16 .. t-1]:
 * W[t+3] needs W[t], so lane 3 is first computed with 0 in its place and
 * then gets ROTL1(W[t]) = ROTL2(lane 0 before its ROTL1) xored in. x0
 * becomes W[t .. t+3] and W + K goes to the ring slot steps t-16 .. t-13
 * have just read.
 */
#define SCHED(x0, x1, x2, x3, k, slot)                                             \
	do {                                                                       \
		uint32x4_t t_ = veorq_u32(veorq_u32(x0, vextq_u32(x0, x1, 2)),     \
		    veorq_u32(x2, vextq_u32(x3, zero, 1)));                        \
		uint32x4_t f_ = vextq_u32(zero, t_, 1);                            \
		x0 = veorq_u32(ROTLQ(t_, 1), ROTLQ(f_, 2));                        \
		vst1q_u32(wk + (slot), vaddq_u32(x0, k));                          \
	} while (0)

int ember_sha1_neon_supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

NEON_TARGET
void ember_sha1_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
	const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
	const uint32x4_t zero = vdupq_n_u32(0);
	uint32_t wk[16];

	while (nblocks--) {
		/* c, d, e start as ROTL2 of their value: every step reads them as ROTR2 */
		uint32_t a = h[0], b = h[1], c = ember_rotl32(h[2], 2);
		uint32_t d = ember_rotl32(h[3], 2), e = ember_rotl32(h[4], 2);
		uint32x4_t x0, x1, x2, x3;

		/* the message is big-endian: reverse the bytes of each word */
		x0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		x1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		x2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		x3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
		vst1q_u32(wk, vaddq_u32(x0, k0));
		vst1q_u32(wk + 4, vaddq_u32(x1, k0));
		vst1q_u32(wk + 8, vaddq_u32(x2, k0));
		vst1q_u32(wk + 12, vaddq_u32(x3, k0));

		/* steps 0-19 */
		STEP(CH, a, b, c, d, e, 0);
		STEP(CH, e, a, b, c, d, 1);
		STEP(CH, d, e, a, b, c, 2);
		STEP(CH, c, d, e, a, b, 3);
		SCHED(x0, x1, x2, x3, k0, 0); /* W[16..19] */
		STEP(CH, b, c, d, e, a, 4);
		STEP(CH, a, b, c, d, e, 5);
		STEP(CH, e, a, b, c, d, 6);
		STEP(CH, d, e, a, b, c, 7);
		SCHED(x1, x2, x3, x0, k1, 4); /* W[20..23] */
		STEP(CH, c, d, e, a, b, 8);
		STEP(CH, b, c, d, e, a, 9);
		STEP(CH, a, b, c, d, e, 10);
		STEP(CH, e, a, b, c, d, 11);
		SCHED(x2, x3, x0, x1, k1, 8); /* W[24..27] */
		STEP(CH, d, e, a, b, c, 12);
		STEP(CH, c, d, e, a, b, 13);
		STEP(CH, b, c, d, e, a, 14);
		STEP(CH, a, b, c, d, e, 15);
		SCHED(x3, x0, x1, x2, k1, 12); /* W[28..31] */
		STEP(CH, e, a, b, c, d, 0);
		STEP(CH, d, e, a, b, c, 1);
		STEP(CH, c, d, e, a, b, 2);
		STEP(CH, b, c, d, e, a, 3);
		SCHED(x0, x1, x2, x3, k1, 0); /* W[32..35] */
		/* steps 20-39 */
		STEP(PAR, a, b, c, d, e, 4);
		STEP(PAR, e, a, b, c, d, 5);
		STEP(PAR, d, e, a, b, c, 6);
		STEP(PAR, c, d, e, a, b, 7);
		SCHED(x1, x2, x3, x0, k1, 4); /* W[36..39] */
		STEP(PAR, b, c, d, e, a, 8);
		STEP(PAR, a, b, c, d, e, 9);
		STEP(PAR, e, a, b, c, d, 10);
		STEP(PAR, d, e, a, b, c, 11);
		SCHED(x2, x3, x0, x1, k2, 8); /* W[40..43] */
		STEP(PAR, c, d, e, a, b, 12);
		STEP(PAR, b, c, d, e, a, 13);
		STEP(PAR, a, b, c, d, e, 14);
		STEP(PAR, e, a, b, c, d, 15);
		SCHED(x3, x0, x1, x2, k2, 12); /* W[44..47] */
		STEP(PAR, d, e, a, b, c, 0);
		STEP(PAR, c, d, e, a, b, 1);
		STEP(PAR, b, c, d, e, a, 2);
		STEP(PAR, a, b, c, d, e, 3);
		SCHED(x0, x1, x2, x3, k2, 0); /* W[48..51] */
		STEP(PAR, e, a, b, c, d, 4);
		STEP(PAR, d, e, a, b, c, 5);
		STEP(PAR, c, d, e, a, b, 6);
		STEP(PAR, b, c, d, e, a, 7);
		SCHED(x1, x2, x3, x0, k2, 4); /* W[52..55] */
		/* steps 40-59 */
		STEP(MAJ, a, b, c, d, e, 8);
		STEP(MAJ, e, a, b, c, d, 9);
		STEP(MAJ, d, e, a, b, c, 10);
		STEP(MAJ, c, d, e, a, b, 11);
		SCHED(x2, x3, x0, x1, k2, 8); /* W[56..59] */
		STEP(MAJ, b, c, d, e, a, 12);
		STEP(MAJ, a, b, c, d, e, 13);
		STEP(MAJ, e, a, b, c, d, 14);
		STEP(MAJ, d, e, a, b, c, 15);
		SCHED(x3, x0, x1, x2, k3, 12); /* W[60..63] */
		STEP(MAJ, c, d, e, a, b, 0);
		STEP(MAJ, b, c, d, e, a, 1);
		STEP(MAJ, a, b, c, d, e, 2);
		STEP(MAJ, e, a, b, c, d, 3);
		SCHED(x0, x1, x2, x3, k3, 0); /* W[64..67] */
		STEP(MAJ, d, e, a, b, c, 4);
		STEP(MAJ, c, d, e, a, b, 5);
		STEP(MAJ, b, c, d, e, a, 6);
		STEP(MAJ, a, b, c, d, e, 7);
		SCHED(x1, x2, x3, x0, k3, 4); /* W[68..71] */
		STEP(MAJ, e, a, b, c, d, 8);
		STEP(MAJ, d, e, a, b, c, 9);
		STEP(MAJ, c, d, e, a, b, 10);
		STEP(MAJ, b, c, d, e, a, 11);
		SCHED(x2, x3, x0, x1, k3, 8); /* W[72..75] */
		/* steps 60-79 */
		STEP(PAR, a, b, c, d, e, 12);
		STEP(PAR, e, a, b, c, d, 13);
		STEP(PAR, d, e, a, b, c, 14);
		STEP(PAR, c, d, e, a, b, 15);
		SCHED(x3, x0, x1, x2, k3, 12); /* W[76..79] */
		STEP(PAR, b, c, d, e, a, 0);
		STEP(PAR, a, b, c, d, e, 1);
		STEP(PAR, e, a, b, c, d, 2);
		STEP(PAR, d, e, a, b, c, 3);
		STEP(PAR, c, d, e, a, b, 4);
		STEP(PAR, b, c, d, e, a, 5);
		STEP(PAR, a, b, c, d, e, 6);
		STEP(PAR, e, a, b, c, d, 7);
		STEP(PAR, d, e, a, b, c, 8);
		STEP(PAR, c, d, e, a, b, 9);
		STEP(PAR, b, c, d, e, a, 10);
		STEP(PAR, a, b, c, d, e, 11);
		STEP(PAR, e, a, b, c, d, 12);
		STEP(PAR, d, e, a, b, c, 13);
		STEP(PAR, c, d, e, a, b, 14);
		STEP(PAR, b, c, d, e, a, 15);

		/* the last step left c, d, e unrotated */
		__asm__("" : "+r"(h)); /* reload h here rather than keep it live (see sha256_neon.c) */
		h[0] += a;
		h[1] += b;
		h[2] += R2(c);
		h[3] += R2(d);
		h[4] += R2(e);
		p += 64;
	}
	ember_wipe(wk, sizeof(wk));
}

#else /* !SHA1_NEON: clang without -mfpu=neon */

int ember_sha1_neon_supported(void)
{
	return 0;
}

#endif

static void neon_init(ember_sha1_ctx *c)
{
#if defined(SHA1_NEON)
	ember_sha1_start(c, ember_sha1_neon_blocks);
#else
	ember_sha1_init(c); /* not reached: the descriptor is never supported here */
#endif
}
EMBER_HASH_ADAPTERS(sha1, neon_init)

const ember_hash_desc ember_sha1_neon_desc = {
	"sha1", NULL, "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, EMBER_SHA1_LEN, EMBER_SHA1_BLOCK_LEN,
	sizeof(ember_sha1_ctx), ember_sha1_neon_supported, d_init, d_update, d_final
};

#endif
