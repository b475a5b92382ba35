/*
 * sha512_neon.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 block
 * function with NEON on 32-bit ARM (ARMv7-A, e.g. Cortex-A9).
 *
 * A 32-bit core needs two or three instructions for every 64-bit add,
 * xor or rotate of FIPS 180-4; NEON has 64-bit lanes, so each becomes one
 * instruction: the rounds run on d registers (one 64-bit word each) and
 * the message schedule on q registers, two words at a time.
 *
 * Constant-time: straight-line vector code, no data-dependent branch or
 * index. Init, update and final are sha512_ref.c's.
 *
 * The descriptors exist on 32-bit ARM only (their registry lines carry the
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
#define SHA512_NEON 1
#endif

#if defined(SHA512_NEON)
#include <arm_neon.h>

/* clang gets here only with NEON enabled for the whole file, and knows no "fpu=neon" */
#if defined(__clang__)
#define NEON_TARGET
#else
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#endif

/*
 * gcc treats a uint64x1_t as a plain 64-bit integer: vadd_u64 and veor_u64
 * become adds/adc and eor pairs on core registers, with moves to and from
 * NEON around them, which costs more than it saves. Xors go through the
 * 32-bit lane view (same bits, stays in NEON) and the add is one vadd.i64
 * spelled out; clang keeps uint64x1_t in NEON registers by itself.
 */
#if defined(__clang__)
#define ADD(x, y) vadd_u64(x, y)
#else
NEON_TARGET
static inline uint64x1_t add64(uint64x1_t x, uint64x1_t y)
{
	uint64x1_t r;
	__asm__("vadd.i64 %P0, %P1, %P2" : "=w"(r) : "w"(x), "w"(y));
	return r;
}
#define ADD(x, y) add64(x, y)
#endif
#define XOR(x, y) vreinterpret_u64_u32(veor_u32(vreinterpret_u32_u64(x), vreinterpret_u32_u64(y)))
#define ROTR(x, n) vsli_n_u64(vshr_n_u64(x, n), x, 64 - (n))
#define ROTRQ(x, n) vsliq_n_u64(vshrq_n_u64(x, n), x, 64 - (n))

/* FIPS 180-4, 4.1.3; Ch and Maj are bit selects: Maj(a, b, c) is a where b, c differ, else b. */
#define S0(x) XOR(XOR(ROTR(x, 28), ROTR(x, 34)), ROTR(x, 39))
#define S1(x) XOR(XOR(ROTR(x, 14), ROTR(x, 18)), ROTR(x, 41))
#define CH(x, y, z) vbsl_u64(x, y, z)
#define MAJ(x, y, z) vbsl_u64(XOR(y, z), x, y)
#define s0(x) veorq_u64(veorq_u64(ROTRQ(x, 1), ROTRQ(x, 8)), vshrq_n_u64(x, 7))
#define s1(x) veorq_u64(veorq_u64(ROTRQ(x, 19), ROTRQ(x, 61)), vshrq_n_u64(x, 6))

/* One round, FIPS 180-4 6.4.2 step 3, with the working variables renamed by the caller. */
#define RND(a, b, c, d, e, f, g, h, kw)                                            \
	do {                                                                       \
		h = ADD(ADD(h, kw), ADD(S1(e), CH(e, f, g)));                      \
		d = ADD(d, h);                                                     \
		h = ADD(h, ADD(S0(a), MAJ(a, b, c)));                              \
	} while (0)

/* Rounds t, t+1 of the pass, t = 2i: W + K for both in one q register. */
#define RND2(i, a, b, c, d, e, f, g, h)                                            \
	do {                                                                       \
		uint64x2_t kw_ = vaddq_u64(w[i], vld1q_u64(k + 2 * (i)));          \
		RND(a, b, c, d, e, f, g, h, vget_low_u64(kw_));                    \
		RND(h, a, b, c, d, e, f, g, vget_high_u64(kw_));                   \
	} while (0)

/*
 * FIPS 180-4, 6.4.2 step 1 two words at a time: w[i] (W[t], W[t+1]) becomes
 * W[t+16], W[t+17]. The ring holds W[t .. t+15] as pairs; the pairs that
 * straddle two slots (W[t+1..t+2], W[t+9..t+10]) come from vext.
 */
#define SCHED(i)                                                                   \
	(w[i] = vaddq_u64(vaddq_u64(w[i], s1(w[((i) + 7) & 7])),                   \
	     vaddq_u64(vextq_u64(w[((i) + 4) & 7], w[((i) + 5) & 7], 1),          \
		 s0(vextq_u64(w[i], w[((i) + 1) & 7], 1)))))

#define PASS(S)                                                                    \
	do {                                                                       \
		RND2(0, a, b, c, d, e, f, g, h);                                   \
		S(0);                                                              \
		RND2(1, g, h, a, b, c, d, e, f);                                   \
		S(1);                                                              \
		RND2(2, e, f, g, h, a, b, c, d);                                   \
		S(2);                                                              \
		RND2(3, c, d, e, f, g, h, a, b);                                   \
		S(3);                                                              \
		RND2(4, a, b, c, d, e, f, g, h);                                   \
		S(4);                                                              \
		RND2(5, g, h, a, b, c, d, e, f);                                   \
		S(5);                                                              \
		RND2(6, e, f, g, h, a, b, c, d);                                   \
		S(6);                                                              \
		RND2(7, c, d, e, f, g, h, a, b);                                   \
		S(7);                                                              \
	} while (0)
#define NOSCHED(i) ((void)0)

int ember_sha512_neon_supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

/*
 * FIPS 180-4, 6.4.2: four passes of sixteen rounds that also extend the
 * schedule sixteen words ahead, then the last sixteen rounds.
 */
NEON_TARGET
void ember_sha512_neon_blocks(uint64_t *st, const uint8_t *p, size_t nblocks)
{
	while (nblocks--) {
		uint64x1_t a = vld1_u64(st + 0), b = vld1_u64(st + 1), c = vld1_u64(st + 2), d = vld1_u64(st + 3);
		uint64x1_t e = vld1_u64(st + 4), f = vld1_u64(st + 5), g = vld1_u64(st + 6), h = vld1_u64(st + 7);
		uint64x2_t w[8];
		const uint64_t *k = ember_sha512_k;
		int i;

		/*
		 * K is constant, so gcc hoists its loads out of the block loop and
		 * then spills them; an empty asm makes k look new every block.
		 */
		__asm__("" : "+r"(k));
		/* the message is big-endian: reverse the bytes of each 64-bit word */
		w[0] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p)));
		w[1] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16)));
		w[2] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 32)));
		w[3] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 48)));
		w[4] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 64)));
		w[5] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 80)));
		w[6] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 96)));
		w[7] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 112)));
		for (i = 0; i < 4; i++) {
			PASS(SCHED);
			k += 16;
		}
		PASS(NOSCHED);
		vst1_u64(st + 0, ADD(vld1_u64(st + 0), a));
		vst1_u64(st + 1, ADD(vld1_u64(st + 1), b));
		vst1_u64(st + 2, ADD(vld1_u64(st + 2), c));
		vst1_u64(st + 3, ADD(vld1_u64(st + 3), d));
		vst1_u64(st + 4, ADD(vld1_u64(st + 4), e));
		vst1_u64(st + 5, ADD(vld1_u64(st + 5), f));
		vst1_u64(st + 6, ADD(vld1_u64(st + 6), g));
		vst1_u64(st + 7, ADD(vld1_u64(st + 7), h));
		p += 128;
	}
}

#else /* !SHA512_NEON: clang without -mfpu=neon */

int ember_sha512_neon_supported(void)
{
	return 0;
}

void ember_sha512_neon_blocks(uint64_t *st, const uint8_t *p, size_t nblocks)
{
	ember_sha512_ref_blocks(st, p, nblocks);
}

#endif

EMBER_SHA512_DESCS(neon)

#endif
