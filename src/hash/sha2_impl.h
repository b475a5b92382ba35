/*
 * sha2_impl.h - what the SHA-2 implementation files share; not installed.
 *
 * The portable files (sha256_ref.c, sha512_ref.c) own the initial values,
 * update and final; an accelerated file supplies a block function with the
 * portable one's signature and a test of the CPU features it needs. The
 * default init (ember_sha256_init ...) asks each accelerated file in
 * registry order.
 */
#ifndef EMBER_SHA2_IMPL_H
#define EMBER_SHA2_IMPL_H

#include "ember/hash.h"

typedef void (*ember_sha256_blocks_fn)(uint32_t *h, const uint8_t *p, size_t nblocks);
typedef void (*ember_sha512_blocks_fn)(uint64_t *h, const uint8_t *p, size_t nblocks);

/* Sets the initial value for |out_len| (32: SHA-256, 28: SHA-224) and installs |blocks|. */
void ember_sha256_start(ember_sha256_ctx *c, unsigned out_len, ember_sha256_blocks_fn blocks);
/* Same for SHA-512 (64), SHA-384 (48), SHA-512/256 (32), SHA-512/224 (28). */
void ember_sha512_start(ember_sha512_ctx *c, unsigned out_len, ember_sha512_blocks_fn blocks);

/* Accelerated block functions: call only when the matching _supported() returns 1. */
int ember_sha256_x86shani_supported(void);
void ember_sha256_x86shani_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
int ember_sha256_armv8_supported(void);
void ember_sha256_armv8_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
int ember_sha256_neon_supported(void);
void ember_sha256_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
int ember_sha512_avx512_supported(void);
void ember_sha512_avx512_blocks(uint64_t *h, const uint8_t *p, size_t nblocks);
int ember_sha512_avx2_supported(void);
void ember_sha512_avx2_blocks(uint64_t *h, const uint8_t *p, size_t nblocks);
int ember_sha512_armv8_supported(void);
void ember_sha512_armv8_blocks(uint64_t *h, const uint8_t *p, size_t nblocks);

/* SHA-1 (FIPS 180-4 too) on 32-bit ARM: the NEON block function for sha1_ref.c's pick-best init. */
int ember_sha1_neon_supported(void);
void ember_sha1_neon_blocks(uint32_t *h, const uint8_t *p, size_t nblocks);
int ember_sha512_neon_supported(void);
void ember_sha512_neon_blocks(uint64_t *h, const uint8_t *p, size_t nblocks);

#endif
