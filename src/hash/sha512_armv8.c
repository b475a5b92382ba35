/*
 * sha512_armv8.c - SHA-384, SHA-512, SHA-512/224 and SHA-512/256 block
 * function with the ARMv8.2 SHA-512 instructions (sha512h, sha512h2,
 * sha512su0, sha512su1; FEAT_SHA512), AArch64.
 *
 * Constant-time: straight-line vector code, no data-dependent branch or
 * index. Init, update and final are sha512_ref.c's.
 *
 * On targets other than AArch64 the whole file is empty: the descriptors
 * exist only there and their registry lines carry the same #if.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_AARCH64)
#include <arm_neon.h>

/* gcc and clang spell the feature differently (the SHA-512 intrinsics sit under "sha3"). */
#if defined(__clang__)
#define EMBER_TARGET_SHA512 EMBER_TARGET("sha3")
#else
#define EMBER_TARGET_SHA512 EMBER_TARGET("arch=armv8.2-a+sha3")
#endif

int ember_sha512_armv8_supported(void)
{
	return ember_cpu_has(EMBER_CPU_ARM_SHA512);
}

/*
 * Two rounds 2r, 2r+1 (FIPS 180-4, 6.4.2 step 3). The state lives in five
 * registers whose roles rotate: s0 = (a,b), s1 = (c,d), s2 = (e,f),
 * s3 = (g,h); the new (a,b) lands in s3 and the new (e,f) in s4, so the
 * next call takes (s3, s0, s4, s2, s1).
 */
#define DROUND(r, s0, s1, s2, s3, s4)                                              \
	do {                                                                       \
		uint64x2_t wk_ = vaddq_u64(w[(r)&7], vld1q_u64(ember_sha512_k + 2 * (r))); \
		uint64x2_t fg_ = vextq_u64(s2, s3, 1);                             \
		uint64x2_t de_ = vextq_u64(s1, s2, 1);                             \
		s3 = vaddq_u64(s3, vextq_u64(wk_, wk_, 1));                        \
		s3 = vsha512hq_u64(s3, fg_, de_);                                  \
		s4 = vaddq_u64(s1, s3);                                            \
		s3 = vsha512h2q_u64(s3, s1, s0);                                   \
	} while (0)

/* The next two schedule words in place of w[r & 7] (6.4.2 step 1): W[2r+16], W[2r+17]. */
#define SCHED(r)                                                                   \
	(w[(r)&7] = vsha512su1q_u64(vsha512su0q_u64(w[(r)&7], w[((r) + 1) & 7]),  \
	     w[((r) + 7) & 7], vextq_u64(w[((r) + 4) & 7], w[((r) + 5) & 7], 1)))

/* Five double rounds bring the register roles back to where they started. */
#define DROUND5(r, sched)                                                          \
	do {                                                                       \
		DROUND((r) + 0, s0, s1, s2, s3, s4);                               \
		if (sched)                                                         \
			SCHED((r) + 0);                                            \
		DROUND((r) + 1, s3, s0, s4, s2, s1);                               \
		if (sched)                                                         \
			SCHED((r) + 1);                                            \
		DROUND((r) + 2, s2, s3, s1, s4, s0);                               \
		if (sched)                                                         \
			SCHED((r) + 2);                                            \
		DROUND((r) + 3, s4, s2, s0, s1, s3);                               \
		if (sched)                                                         \
			SCHED((r) + 3);                                            \
		DROUND((r) + 4, s1, s4, s3, s0, s2);                               \
		if (sched)                                                         \
			SCHED((r) + 4);                                            \
	} while (0)

EMBER_TARGET_SHA512
void ember_sha512_armv8_blocks(uint64_t *h, const uint8_t *p, size_t nblocks)
{
	uint64x2_t ab = vld1q_u64(h), cd = vld1q_u64(h + 2), ef = vld1q_u64(h + 4), gh = vld1q_u64(h + 6);

	while (nblocks--) {
		uint64x2_t w[8], s0 = ab, s1 = cd, s2 = ef, s3 = gh, s4;
		int i;

		for (i = 0; i < 8; i++)
			w[i] = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(p + 16 * i)));
		s4 = s0; /* every lane is written before it is read; this keeps compilers quiet */
		/* 40 double rounds; the first 32 also extend the schedule by two words each */
		DROUND5(0, 1);
		DROUND5(5, 1);
		DROUND5(10, 1);
		DROUND5(15, 1);
		DROUND5(20, 1);
		DROUND5(25, 1);
		DROUND((30), s0, s1, s2, s3, s4);
		SCHED(30);
		DROUND((31), s3, s0, s4, s2, s1);
		SCHED(31);
		DROUND((32), s2, s3, s1, s4, s0);
		DROUND((33), s4, s2, s0, s1, s3);
		DROUND((34), s1, s4, s3, s0, s2);
		DROUND5(35, 0);
		ab = vaddq_u64(ab, s0);
		cd = vaddq_u64(cd, s1);
		ef = vaddq_u64(ef, s2);
		gh = vaddq_u64(gh, s3);
		p += 128;
	}
	vst1q_u64(h, ab);
	vst1q_u64(h + 2, cd);
	vst1q_u64(h + 4, ef);
	vst1q_u64(h + 6, gh);
}

EMBER_SHA512_DESCS(armv8)

#endif
