/*
 * sha256_armv8.c - SHA-224 and SHA-256 block function with the ARMv8
 * cryptographic extension (sha256h, sha256h2, sha256su0, sha256su1), AArch64.
 *
 * Constant-time: straight-line vector code, no data-dependent branch or
 * index. Init, update and final are sha256_ref.c's; this file supplies the
 * block function and the inits that install it.
 *
 * On targets other than AArch64 the whole file is empty: the descriptors
 * exist only there and their registry lines carry the same #if.
 */
#include "internal.h"
#include "ember/hash.h"
#include "hash/sha2_impl.h"

#if defined(EMBER_AARCH64)
#include <arm_neon.h>

#if defined(__clang__)
#define EMBER_TARGET_SHA2 EMBER_TARGET("sha2")
#else
#define EMBER_TARGET_SHA2 EMBER_TARGET("+crypto")
#endif

int ember_sha256_armv8_supported(void)
{
	return ember_cpu_has(EMBER_CPU_ARM_SHA2);
}

/* Four rounds on the words in |m| (FIPS 180-4, 6.2.2 step 3, in hardware). */
#define QROUND(i, m)                                                               \
	do {                                                                       \
		uint32x4_t wk_ = vaddq_u32(m, vld1q_u32(ember_sha256_k + 4 * (i))); \
		uint32x4_t abcd_ = abcd;                                           \
		abcd = vsha256hq_u32(abcd, efgh, wk_);                             \
		efgh = vsha256h2q_u32(efgh, abcd_, wk_);                           \
	} while (0)
/* The next four schedule words in place of |m0| (6.2.2 step 1). */
#define SCHED(m0, m1, m2, m3) (m0 = vsha256su1q_u32(vsha256su0q_u32(m0, m1), m2, m3))

EMBER_TARGET_SHA2
void ember_sha256_armv8_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32x4_t abcd = vld1q_u32(h), efgh = vld1q_u32(h + 4);

	while (nblocks--) {
		uint32x4_t abcd0 = abcd, efgh0 = efgh;
		uint32x4_t m0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		uint32x4_t m1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		uint32x4_t m2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		uint32x4_t m3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
		int i;

		for (i = 0; i < 12; i += 4) {
			QROUND(i, m0);
			SCHED(m0, m1, m2, m3);
			QROUND(i + 1, m1);
			SCHED(m1, m2, m3, m0);
			QROUND(i + 2, m2);
			SCHED(m2, m3, m0, m1);
			QROUND(i + 3, m3);
			SCHED(m3, m0, m1, m2);
		}
		QROUND(12, m0);
		QROUND(13, m1);
		QROUND(14, m2);
		QROUND(15, m3);
		abcd = vaddq_u32(abcd, abcd0);
		efgh = vaddq_u32(efgh, efgh0);
		p += 64;
	}
	vst1q_u32(h, abcd);
	vst1q_u32(h + 4, efgh);
}

void ember_sha256_armv8_init(ember_sha256_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA256_LEN, ember_sha256_armv8_blocks);
}

void ember_sha224_armv8_init(ember_sha224_ctx *c)
{
	ember_sha256_start(c, EMBER_SHA224_LEN, ember_sha256_armv8_blocks);
}

/* Descriptor adapters: typed wrappers, no function-pointer casts. */
static void d_init256(void *c) { ember_sha256_armv8_init((ember_sha256_ctx *)c); }
static void d_init224(void *c) { ember_sha224_armv8_init((ember_sha224_ctx *)c); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
static void d_final256(void *c, uint8_t *out) { ember_sha256_final((ember_sha256_ctx *)c, out); }
static void d_final224(void *c, uint8_t *out) { ember_sha224_final((ember_sha224_ctx *)c, out); }

const ember_hash_desc ember_sha256_armv8_desc = {
	"sha256", "sha2-256", "armv8", EMBER_IMPL_CT | EMBER_IMPL_HW, 32, 64, sizeof(ember_sha256_ctx),
	ember_sha256_armv8_supported, d_init256, d_update, d_final256
};

const ember_hash_desc ember_sha224_armv8_desc = {
	"sha224", "sha2-224", "armv8", EMBER_IMPL_CT | EMBER_IMPL_HW, 28, 64, sizeof(ember_sha256_ctx),
	ember_sha256_armv8_supported, d_init224, d_update, d_final224
};

#endif
