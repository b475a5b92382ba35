/*
 * sha2_impl.h - what the SHA-1 and SHA-2 implementation files share with
 * the algorithm files sha1.c, sha256.c and sha512.c; not installed.
 *
 * sha1.c, sha256.c and sha512.c own the constants, initial values, update
 * and final. An implementation file (sha256_x86shani.c ...) supplies a block
 * function with this signature and installs it with ember_<alg>_start; the
 * default init (ember_sha256_init ...) is the one registry.c picks. No
 * implementation file names another.
 */
#ifndef EMBER_SHA2_IMPL_H
#define EMBER_SHA2_IMPL_H

#include "internal.h"
#include "ember/hash.h"

/* The round constants K of FIPS 180-4 (4.2.2, 4.2.3), 64-byte aligned: in sha256.c and sha512.c */
extern EMBER_HIDDEN const uint32_t ember_sha256_k[64] EMBER_ALIGN(64);
extern EMBER_HIDDEN const uint64_t ember_sha512_k[80] EMBER_ALIGN(64);

typedef void (*ember_sha256_blocks_fn)(uint32_t *h, const uint8_t *p, size_t nblocks);
typedef void (*ember_sha512_blocks_fn)(uint64_t *h, const uint8_t *p, size_t nblocks);

typedef void (*ember_sha1_blocks_fn)(uint32_t *h, const uint8_t *p, size_t nblocks);

/* Sets SHA-1's initial value (sha1.c) and installs |blocks|. */
void ember_sha1_start(ember_sha1_ctx *c, ember_sha1_blocks_fn blocks);
/* Sets the initial value for |out_len| (32: SHA-256, 28: SHA-224) and installs |blocks|. */
void ember_sha256_start(ember_sha256_ctx *c, unsigned out_len, ember_sha256_blocks_fn blocks);
/* Same for SHA-512 (64), SHA-384 (48), SHA-512/256 (32), SHA-512/224 (28). */
void ember_sha512_start(ember_sha512_ctx *c, unsigned out_len, ember_sha512_blocks_fn blocks);

/*
 * The x86-64 SHA-512 block functions hash runs shorter than this one block
 * at a time (each block's schedule overlapped with its own rounds) and
 * longer runs in pairs (two blocks' schedules in one register, overlapped
 * with the previous pair's rounds): the pair path's start-up (a schedule
 * with no rounds to hide it, the last pair's unused schedule, the wipe of
 * two pair schedules) costs more than it saves on short runs.
 */
#ifndef EMBER_SHA512X_PAIR_MIN
#define EMBER_SHA512X_PAIR_MIN 5
#endif

/*
 * K[2j], K[2j + 1] in both 128-bit lanes of a __m256i: the schedules of
 * the x86-64 block functions, two blocks a register.
 */
#define EMBER_SHA512X_KK(j) \
	_mm256_broadcastsi128_si256(_mm_load_si128((const __m128i *)(const void *)(ember_sha512_k + 2 * (j))))

/*
 * The scalar SHA-512 round of the x86-64 block functions (sha512_avx2.c,
 * sha512_avx512.c; FIPS 180-4, 6.4.2 step 3), arranged for latency: the
 * rounds of one block are a serial chain, and e is on it. New e = d + T1
 * with T1 = h + W + K + Ch(e, f, g) + Sigma1(e); d + h + W + K does not
 * depend on e and is summed first, then Ch (two operations after e) and
 * Sigma1 (three), so new e is ready four operations after e.
 *
 * New a = T1 + Sigma0(a) + Maj is computed as new e - d + Sigma0(a) + Maj:
 * T1 is never formed on its own (summing it apart from d + T1 costs three
 * adds; this costs one subtraction, done a round early). The terms that
 * wait only on a are added before new e, Sigma0 last, so new a is ready
 * four operations after a as well. (A round with T1 summed once and
 * d += T1, five operations after e and after a, has three operations
 * fewer and is 10 % slower on a Raptor Cove core.)
 *
 * Maj(a, b, c) = (a & (b ^ c)) + (b & c) (the two terms have no bit in
 * common): b ^ c and (b & c) - d come from the previous round (as its
 * a ^ b and (a & b) - c), so the new a needs one AND of a, then
 * Sigma0(a). |bc| holds b ^ c, |ab| receives a ^ b; the caller declares
 * bc##_q and ab##_q for the matching (b & c) - d and (a & b) - c, and the
 * next round takes both pairs swapped. |wkt| is W[t] + K[t].
 *
 * The compiler would reassociate these sums into its own order;
 * EMBER_SHA512X_PIN (an empty asm that claims to change its operand) keeps
 * the order above.
 */
#define EMBER_SHA512X_CH(x, y, z) (((x) & ((y) ^ (z))) ^ (z))
#define EMBER_SHA512X_S0(x) (ember_rotr64(x, 28) ^ ember_rotr64(x, 34) ^ ember_rotr64(x, 39))
#define EMBER_SHA512X_S1(x) (ember_rotr64(x, 14) ^ ember_rotr64(x, 18) ^ ember_rotr64(x, 41))
#define EMBER_SHA512X_PIN(x) __asm__("" : "+r"(x))
#define EMBER_SHA512X_ROUND(a, b, c, d, e, f, g, h, wkt, ab, bc)                   \
	do {                                                                       \
		uint64_t ch_ = EMBER_SHA512X_CH(e, f, g), s1_ = EMBER_SHA512X_S1(e); \
		uint64_t q_ = bc##_q;                                              \
		(h) += (wkt);                                                      \
		(d) += (h);                                                        \
		EMBER_SHA512X_PIN(d);                                              \
		(d) += ch_;                                                        \
		EMBER_SHA512X_PIN(d);                                              \
		(d) += s1_;                                                        \
		EMBER_SHA512X_PIN(d);                                              \
		ab##_q = ((a) & (b)) - (c);                                        \
		q_ += (a) & (bc);                                                  \
		EMBER_SHA512X_PIN(q_);                                             \
		(ab) = (a) ^ (b);                                                  \
		q_ += (d);                                                         \
		EMBER_SHA512X_PIN(q_);                                             \
		(h) = q_ + EMBER_SHA512X_S0(a);                                    \
	} while (0)

/*
 * EMBER_SHA512_DESCS(tag) defines the descriptors ember_sha512_<tag>_desc,
 * ember_sha384_<tag>_desc, ember_sha512_224_<tag>_desc and
 * ember_sha512_256_<tag>_desc of an accelerated SHA-512 block function
 * ember_sha512_<tag>_blocks with its ember_sha512_<tag>_supported check:
 * the four differ only in output length and initial value
 * (ember_sha512_start), and share update and final.
 */
#define EMBER_SHA512_DESCS(tag)                                                              \
	static void d_init512(void *c) { ember_sha512_start((ember_sha512_ctx *)c, 64, ember_sha512_##tag##_blocks); } \
	static void d_init384(void *c) { ember_sha512_start((ember_sha512_ctx *)c, 48, ember_sha512_##tag##_blocks); } \
	static void d_init224(void *c) { ember_sha512_start((ember_sha512_ctx *)c, 28, ember_sha512_##tag##_blocks); } \
	static void d_init256(void *c) { ember_sha512_start((ember_sha512_ctx *)c, 32, ember_sha512_##tag##_blocks); } \
	static void d_update(void *c, const void *p, size_t n) { ember_sha512_update((ember_sha512_ctx *)c, p, n); } \
	static void d_final(void *c, uint8_t *out) { ember_sha512_final((ember_sha512_ctx *)c, out); }   \
	const ember_hash_desc ember_sha512_##tag##_desc = { "sha512", "sha2-512", #tag,                  \
		EMBER_IMPL_CT | EMBER_IMPL_HW, 64, 128, sizeof(ember_sha512_ctx),                          \
		ember_sha512_##tag##_supported, d_init512, d_update, d_final };                             \
	const ember_hash_desc ember_sha384_##tag##_desc = { "sha384", "sha2-384", #tag,                  \
		EMBER_IMPL_CT | EMBER_IMPL_HW, 48, 128, sizeof(ember_sha512_ctx),                          \
		ember_sha512_##tag##_supported, d_init384, d_update, d_final };                             \
	const ember_hash_desc ember_sha512_224_##tag##_desc = { "sha512-224", "sha512/224 sha2-512/224", \
		#tag, EMBER_IMPL_CT | EMBER_IMPL_HW, 28, 128, sizeof(ember_sha512_ctx),                    \
		ember_sha512_##tag##_supported, d_init224, d_update, d_final };                             \
	const ember_hash_desc ember_sha512_256_##tag##_desc = { "sha512-256", "sha512/256 sha2-512/256", \
		#tag, EMBER_IMPL_CT | EMBER_IMPL_HW, 32, 128, sizeof(ember_sha512_ctx),                    \
		ember_sha512_##tag##_supported, d_init256, d_update, d_final };

#endif
