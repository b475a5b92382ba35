/*
 * sha1_armv8.c - SHA-1 with the ARMv8 Cryptography Extension (AArch64).
 *
 * Constant-time (no data-dependent branch or index). Only the block
 * function is here; init, update and final are sha1.c's. The
 * descriptor exists on every architecture; off AArch64 supported()
 * returns 0 and ember_sha1_armv8_init sets up the default implementation.
 *
 * SHA1C/SHA1P/SHA1M each perform four steps of FIPS 180-4, 6.1.2 (Ch,
 * Parity, Maj); SHA1H gives the E of the next four steps (ROTL30 of A);
 * SHA1SU0/SHA1SU1 compute the schedule four words at a time.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

/*
 * gcc declares the SHA intrinsics for any function with the "+crypto" target
 * attribute. clang before 16 declares them only when the whole file is built
 * for the extension (-march=armv8-a+crypto); without it this file compiles to
 * the portable fallback below (supported() returns 0).
 */
#if defined(EMBER_AARCH64) && (!defined(__clang__) || defined(__ARM_FEATURE_CRYPTO) || \
    defined(__ARM_FEATURE_SHA2) || __clang_major__ >= 16)
#define SHA1_ARMV8 1
#endif

#if defined(SHA1_ARMV8)
#include <arm_neon.h>

#if defined(__clang__)
#define SHA1_TARGET EMBER_TARGET("crypto")
#else
#define SHA1_TARGET EMBER_TARGET("+crypto")
#endif

static int supported(void)
{
	return ember_cpu_has(EMBER_CPU_ARM_SHA1);
}

/* Four steps: wk = W + K, e the group's E (in), en the next group's E (out,
 * read before the state changes: en must not be the same variable as e). */
#define GROUP(op, e, en, wk)                                                       \
	do {                                                                       \
		en = vsha1h_u32(vgetq_lane_u32(abcd, 0));                          \
		abcd = op(abcd, e, wk);                                            \
	} while (0)

/* W[4(i+4) ..] from the four groups before it. */
#define SCHED(m0, m1, m2, m3) (m0 = vsha1su1q_u32(vsha1su0q_u32(m0, m1, m2), m3))

SHA1_TARGET
static void sha1_armv8_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	const uint32x4_t k0 = vdupq_n_u32(0x5a827999), k1 = vdupq_n_u32(0x6ed9eba1);
	const uint32x4_t k2 = vdupq_n_u32(0x8f1bbcdc), k3 = vdupq_n_u32(0xca62c1d6);
	uint32x4_t abcd = vld1q_u32(h), abcd_save, m0, m1, m2, m3;
	uint32_t e0 = h[4], ea, eb;

	while (nblocks--) {
		abcd_save = abcd;
		m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));

		/* group i uses m[i % 4]; after it, m[i % 4] becomes group i + 4 */
		GROUP(vsha1cq_u32, e0, ea, vaddq_u32(m0, k0)); SCHED(m0, m1, m2, m3);  /* 0-3 */
		GROUP(vsha1cq_u32, ea, eb, vaddq_u32(m1, k0)); SCHED(m1, m2, m3, m0);
		GROUP(vsha1cq_u32, eb, ea, vaddq_u32(m2, k0)); SCHED(m2, m3, m0, m1);
		GROUP(vsha1cq_u32, ea, eb, vaddq_u32(m3, k0)); SCHED(m3, m0, m1, m2);
		GROUP(vsha1cq_u32, eb, ea, vaddq_u32(m0, k0)); SCHED(m0, m1, m2, m3);  /* 16-19 */
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m1, k1)); SCHED(m1, m2, m3, m0);
		GROUP(vsha1pq_u32, eb, ea, vaddq_u32(m2, k1)); SCHED(m2, m3, m0, m1);
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m3, k1)); SCHED(m3, m0, m1, m2);
		GROUP(vsha1pq_u32, eb, ea, vaddq_u32(m0, k1)); SCHED(m0, m1, m2, m3);
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m1, k1)); SCHED(m1, m2, m3, m0);  /* 36-39 */
		GROUP(vsha1mq_u32, eb, ea, vaddq_u32(m2, k2)); SCHED(m2, m3, m0, m1);
		GROUP(vsha1mq_u32, ea, eb, vaddq_u32(m3, k2)); SCHED(m3, m0, m1, m2);
		GROUP(vsha1mq_u32, eb, ea, vaddq_u32(m0, k2)); SCHED(m0, m1, m2, m3);
		GROUP(vsha1mq_u32, ea, eb, vaddq_u32(m1, k2)); SCHED(m1, m2, m3, m0);
		GROUP(vsha1mq_u32, eb, ea, vaddq_u32(m2, k2)); SCHED(m2, m3, m0, m1);  /* 56-59 */
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m3, k3)); SCHED(m3, m0, m1, m2);
		GROUP(vsha1pq_u32, eb, ea, vaddq_u32(m0, k3));
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m1, k3));
		GROUP(vsha1pq_u32, eb, ea, vaddq_u32(m2, k3));
		GROUP(vsha1pq_u32, ea, eb, vaddq_u32(m3, k3));                         /* 76-79 */

		abcd = vaddq_u32(abcd, abcd_save);
		e0 += eb;
		p += 64;
	}
	vst1q_u32(h, abcd);
	h[4] = e0;
}
#undef GROUP
#undef SCHED

void ember_sha1_armv8_init(ember_sha1_ctx *c)
{
	if (supported())
		ember_sha1_start(c, sha1_armv8_blocks);
	else
		ember_sha1_init(c);
}

#else /* !SHA1_ARMV8 */

static int supported(void)
{
	return 0;
}

void ember_sha1_armv8_init(ember_sha1_ctx *c)
{
	ember_sha1_init(c);
}

#endif

EMBER_HASH_ADAPTERS(sha1, ember_sha1_armv8_init)

const ember_hash_desc ember_sha1_armv8_desc = {
	"sha1", NULL, "armv8", EMBER_IMPL_CT | EMBER_IMPL_HW, EMBER_SHA1_LEN, EMBER_SHA1_BLOCK_LEN,
	sizeof(ember_sha1_ctx), supported, d_init, d_update, d_final
};
