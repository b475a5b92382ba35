/*
 * sha256_neon.c - SHA-224 and SHA-256 block function for 32-bit ARM with
 * NEON (ARMv7-A, e.g. Cortex-A9): the message schedule four words at a
 * time on NEON, the rounds on the integer core, as OpenSSL's armv4 code.
 *
 * A round has no parallelism NEON could use, but the schedule does: NEON
 * computes W + K sixteen words ahead into a small stack ring while the core
 * runs the rounds, which then cost one load for W + K instead of the
 * schedule's loads, shifts and adds.
 *
 * Constant-time: no data-dependent branch or index. Init, update and
 * final are sha256_ref.c's.
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
#define SHA256_NEON 1
#endif

#if defined(SHA256_NEON)
#include <arm_neon.h>

/* clang gets here only with NEON enabled for the whole file, and knows no "fpu=neon" */
#if defined(__clang__)
#define NEON_TARGET
#else
#define NEON_TARGET EMBER_TARGET("fpu=neon")
#endif

/* FIPS 180-4, 4.2.2 */
static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
	0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
	0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
	0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
	0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
	0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
	0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

/* FIPS 180-4, 4.1.2, in sha256_ref.c's shapes (see there why). */
#define CH(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define S0(x) ember_rotr32((x) ^ ember_rotr32((x) ^ ember_rotr32(x, 9), 11), 2)
#define S1(x) ember_rotr32((x) ^ ember_rotr32((x) ^ ember_rotr32(x, 14), 5), 6)

/* sigma0 on four words, sigma1 on two (W[t+2] needs the W[t] being computed) */
#define ROTRQ(x, n) vsliq_n_u32(vshrq_n_u32(x, n), x, 32 - (n))
#define ROTRD(x, n) vsli_n_u32(vshr_n_u32(x, n), x, 32 - (n))
#define s0q(x) veorq_u32(veorq_u32(ROTRQ(x, 7), ROTRQ(x, 18)), vshrq_n_u32(x, 3))
#define s1d(x) veor_u32(veor_u32(ROTRD(x, 17), ROTRD(x, 19)), vshr_n_u32(x, 10))

/*
 * FIPS 180-4, 6.2.2 step 1 for W[t .. t+3], t = kt + 16 + slot, x0..x3
 * holding W[t-16 .. t-1]: x0 becomes W[t .. t+3] and W + K goes to the ring
 * slot rounds t-16 .. t-13 have just read. K is read with memcpy rather
 * than vld1q_u32: gcc then ties up fewer core registers with addresses
 * (measured: 0.2 instructions per byte fewer).
 */
#define SCHED(kt, x0, x1, x2, x3, slot)                                            \
	do {                                                                       \
		uint32x4_t k_;                                                     \
		uint32x4_t s_ = vaddq_u32(vaddq_u32(x0, vextq_u32(x2, x3, 1)),     \
		    s0q(vextq_u32(x0, x1, 1)));                                    \
		uint32x2_t lo_ = vadd_u32(vget_low_u32(s_), s1d(vget_high_u32(x3))); \
		uint32x2_t hi_ = vadd_u32(vget_high_u32(s_), s1d(lo_));            \
		x0 = vcombine_u32(lo_, hi_);                                       \
		memcpy(&k_, k + (kt) + 16 + (slot), 16);                           \
		vst1q_u32(wk + (slot), vaddq_u32(x0, k_));                         \
	} while (0)

/* FIPS 180-4, 6.2.2 step 3, renamed instead of shifted (sha256_ref.c's RND). */
#define RND(a, b, c, d, e, f, g, h, i)                                             \
	do {                                                                       \
		uint32_t ab_;                                                      \
		h += wk[i];                                                        \
		h += S1(e) + CH(e, f, g);                                          \
		d += h;                                                            \
		ab_ = (a) ^ (b);                                                   \
		h += S0(a) + ((ab_ & bc) ^ (b));                                   \
		bc = ab_;                                                          \
	} while (0)

#define RND4(i, a, b, c, d, e, f, g, h)                                            \
	do {                                                                       \
		RND(a, b, c, d, e, f, g, h, (i) + 0);                              \
		RND(h, a, b, c, d, e, f, g, (i) + 1);                              \
		RND(g, h, a, b, c, d, e, f, (i) + 2);                              \
		RND(f, g, h, a, b, c, d, e, (i) + 3);                              \
	} while (0)

/* Rounds kt .. kt+15 from the ring; S extends the schedule after each four. */
#define PASS(S, kt)                                                                \
	do {                                                                       \
		RND4(0, a, b, c, d, e, f, g, hh);                                  \
		S(kt, x0, x1, x2, x3, 0);                                          \
		RND4(4, e, f, g, hh, a, b, c, d);                                  \
		S(kt, x1, x2, x3, x0, 4);                                          \
		RND4(8, a, b, c, d, e, f, g, hh);                                  \
		S(kt, x2, x3, x0, x1, 8);                                          \
		RND4(12, e, f, g, hh, a, b, c, d);                                 \
		S(kt, x3, x0, x1, x2, 12);                                         \
	} while (0)
#define NOSCHED(kt, x0, x1, x2, x3, slot) ((void)0)

int ember_sha256_neon_supported(void)
{
	return ember_cpu_has(EMBER_CPU_NEON);
}

NEON_TARGET
void ember_sha256_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	uint32_t wk[16];

	while (nblocks--) {
		uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
		uint32_t e = h[4], f = h[5], g = h[6], hh = h[7];
		uint32_t bc = b ^ c;
		uint32x4_t x0, x1, x2, x3;
		const uint32_t *k = K;

		/* K is constant: without this gcc hoists its loads out of the block loop and spills them */
		__asm__("" : "+r"(k));
		/* the message is big-endian: reverse the bytes of each word */
		x0 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p)));
		x1 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 16)));
		x2 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 32)));
		x3 = vreinterpretq_u32_u8(vrev32q_u8(vld1q_u8(p + 48)));
		vst1q_u32(wk, vaddq_u32(x0, vld1q_u32(k)));
		vst1q_u32(wk + 4, vaddq_u32(x1, vld1q_u32(k + 4)));
		vst1q_u32(wk + 8, vaddq_u32(x2, vld1q_u32(k + 8)));
		vst1q_u32(wk + 12, vaddq_u32(x3, vld1q_u32(k + 12)));
		PASS(SCHED, 0);
		PASS(SCHED, 16);
		PASS(SCHED, 32);
		PASS(NOSCHED, 48);
		/*
		 * gcc would keep the eight words loaded from h at the top in
		 * registers (or spill them) for these adds; a fresh pointer
		 * makes it load them again here, where they are needed.
		 */
		__asm__("" : "+r"(h));
		h[0] += a;
		h[1] += b;
		h[2] += c;
		h[3] += d;
		h[4] += e;
		h[5] += f;
		h[6] += g;
		h[7] += hh;
		p += 64;
	}
	ember_wipe(wk, sizeof(wk));
}

#else /* !SHA256_NEON: clang without -mfpu=neon */

int ember_sha256_neon_supported(void)
{
	return 0;
}

void ember_sha256_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks)
{
	ember_sha256_ref_blocks(h, p, nblocks);
}

#endif

static void d_init256(void *c) { ember_sha256_start((ember_sha256_ctx *)c, 32, ember_sha256_neon_blocks); }
static void d_init224(void *c) { ember_sha256_start((ember_sha256_ctx *)c, 28, ember_sha256_neon_blocks); }
static void d_update(void *c, const void *p, size_t n) { ember_sha256_update((ember_sha256_ctx *)c, p, n); }
/* SHA-224's final is SHA-256's; the context carries out_len */
static void d_final(void *c, uint8_t *out) { ember_sha256_final((ember_sha256_ctx *)c, out); }

const ember_hash_desc ember_sha256_neon_desc = {
	"sha256", "sha2-256", "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, 32, 64, sizeof(ember_sha256_ctx),
	ember_sha256_neon_supported, d_init256, d_update, d_final
};

const ember_hash_desc ember_sha224_neon_desc = {
	"sha224", "sha2-224", "neon", EMBER_IMPL_CT | EMBER_IMPL_HW, 28, 64, sizeof(ember_sha256_ctx),
	ember_sha256_neon_supported, d_init224, d_update, d_final
};

#endif
