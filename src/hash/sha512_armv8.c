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

/* FIPS 180-4, 4.2.3 */
static const uint64_t K[80] = {
	0x428a2f98d728ae22ull, 0x7137449123ef65cdull, 0xb5c0fbcfec4d3b2full, 0xe9b5dba58189dbbcull,
	0x3956c25bf348b538ull, 0x59f111f1b605d019ull, 0x923f82a4af194f9bull, 0xab1c5ed5da6d8118ull,
	0xd807aa98a3030242ull, 0x12835b0145706fbeull, 0x243185be4ee4b28cull, 0x550c7dc3d5ffb4e2ull,
	0x72be5d74f27b896full, 0x80deb1fe3b1696b1ull, 0x9bdc06a725c71235ull, 0xc19bf174cf692694ull,
	0xe49b69c19ef14ad2ull, 0xefbe4786384f25e3ull, 0x0fc19dc68b8cd5b5ull, 0x240ca1cc77ac9c65ull,
	0x2de92c6f592b0275ull, 0x4a7484aa6ea6e483ull, 0x5cb0a9dcbd41fbd4ull, 0x76f988da831153b5ull,
	0x983e5152ee66dfabull, 0xa831c66d2db43210ull, 0xb00327c898fb213full, 0xbf597fc7beef0ee4ull,
	0xc6e00bf33da88fc2ull, 0xd5a79147930aa725ull, 0x06ca6351e003826full, 0x142929670a0e6e70ull,
	0x27b70a8546d22ffcull, 0x2e1b21385c26c926ull, 0x4d2c6dfc5ac42aedull, 0x53380d139d95b3dfull,
	0x650a73548baf63deull, 0x766a0abb3c77b2a8ull, 0x81c2c92e47edaee6ull, 0x92722c851482353bull,
	0xa2bfe8a14cf10364ull, 0xa81a664bbc423001ull, 0xc24b8b70d0f89791ull, 0xc76c51a30654be30ull,
	0xd192e819d6ef5218ull, 0xd69906245565a910ull, 0xf40e35855771202aull, 0x106aa07032bbd1b8ull,
	0x19a4c116b8d2d0c8ull, 0x1e376c085141ab53ull, 0x2748774cdf8eeb99ull, 0x34b0bcb5e19b48a8ull,
	0x391c0cb3c5c95a63ull, 0x4ed8aa4ae3418acbull, 0x5b9cca4f7763e373ull, 0x682e6ff3d6b2b8a3ull,
	0x748f82ee5defb2fcull, 0x78a5636f43172f60ull, 0x84c87814a1f0ab72ull, 0x8cc702081a6439ecull,
	0x90befffa23631e28ull, 0xa4506cebde82bde9ull, 0xbef9a3f7b2c67915ull, 0xc67178f2e372532bull,
	0xca273eceea26619cull, 0xd186b8c721c0c207ull, 0xeada7dd6cde0eb1eull, 0xf57d4f7fee6ed178ull,
	0x06f067aa72176fbaull, 0x0a637dc5a2c898a6ull, 0x113f9804bef90daeull, 0x1b710b35131c471bull,
	0x28db77f523047d84ull, 0x32caab7b40c72493ull, 0x3c9ebe0a15c9bebcull, 0x431d67c49c100d4cull,
	0x4cc5d4becb3e42b6ull, 0x597f299cfc657e2aull, 0x5fcb6fab3ad6faecull, 0x6c44198c4a475817ull
};

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
		uint64x2_t wk_ = vaddq_u64(w[(r)&7], vld1q_u64(K + 2 * (r)));      \
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
