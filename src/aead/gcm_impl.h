/*
 * gcm_impl.h - what the AES-GCM compositions share (not installed).
 *
 * A composition pairs one AES implementation (src/cipher/aes_*.c) with
 * one GHASH implementation and is one ember_gcm_impl plus one AEAD
 * descriptor, defined in the GHASH file:
 *
 *   "aes-gcm"/  AES            GHASH                          file
 *   vaes        avx512 (VAES)  VPCLMULQDQ, in the AES rounds  gcm_vaes.c
 *   x86ni       x86ni          PCLMULQDQ, in the AES rounds   ghash_pclmul.c
 *   armv8       armv8          PMULL, in the AES rounds       ghash_pmull.c
 *   neon        neon (ARMv7)   VMULL.P8                       ghash_neon.c
 *   ct          ct             ct64 (64-bit multiplies)       ghash_ct64.c
 *   ct32        ct32           ct32 (32-bit multiplies)       ghash_ct32.c
 *
 * The last three run GCTR through the AES implementation's ECB slot
 * (ember_gcm_run_ecb); the first three have their own loops on the AES
 * implementation's key schedule (aes_impl.h's layout).
 *
 * gcm.c holds the rest: argument checks, J0, the length block, the tag,
 * the generic driver that runs GCTR through the AES implementation's ECB
 * slot (the portable compositions), the public calls and the descriptor
 * slots other than set_key.
 *
 * Representation: gcm.c hands GHASH state and blocks around as 16 bytes
 * in the specification's order (block byte 0 holds the coefficients of
 * x^0..x^7, most significant bit first); how an implementation holds H
 * and its powers in ctx->h is its own business.
 */
#ifndef EMBER_GCM_IMPL_H
#define EMBER_GCM_IMPL_H

#include "internal.h"
#include "ember/aead.h"
#include "ember/cipher.h"
#include "cipher/aes_impl.h"

/* GCM tag lengths of the generic layer: 12..16 bytes (8 and 4 only through the per-algorithm calls). */
#define EMBER_GCM_TAG_LENS ((1u << 12) | (1u << 13) | (1u << 14) | (1u << 15) | (1u << 16))
/* The 2^36 - 32 bytes of SP 800-38D 5.2.1.1 (2^39 - 256 bits). */
#define EMBER_GCM_MAX_MSG ((((uint64_t)1) << 36) - 32)

typedef struct ember_gcm_impl {
	int (*supported)(void);
	/* the AES implementation's public setter (ember_aes_x86ni_set_key ...) */
	int (*aes_set_key)(ember_aes_ctx *aes, const uint8_t *key, size_t key_len);
	/* ctx->h from H = E(K, 0^128), in the specification's byte order */
	void (*ghash_key)(ember_aes_gcm_ctx *ctx, const uint8_t h[16]);
	/* y = (...((y ^ b_0) H ^ b_1) H ...) H over |nblocks| whole blocks */
	void (*ghash)(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *in, size_t nblocks);
	/*
	 * One whole message, arguments already checked: writes |len| bytes to
	 * |out| (|out| == |in| allowed) and the full 16-byte tag. |open| = 1:
	 * |in| is the ciphertext (hashed before |out| overwrites it).
	 */
	void (*run)(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
	    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len);
} ember_gcm_impl;

/* ---- gcm.c's helpers for the implementations ---- */

/* J0 (SP 800-38D 7.1 step 2): IV || 0^31 || 1 for a 12-byte IV, else GHASH of the padded IV and its length. */
void ember_gcm_j0(const ember_aes_gcm_ctx *ctx, uint8_t j0[16], const uint8_t *iv, size_t iv_len);
/* y over |len| bytes, the last partial block padded with zeros. */
void ember_gcm_ghash_pad(const ember_aes_gcm_ctx *ctx, uint8_t y[16], const uint8_t *p, size_t len);
/* The final block: len(A) || len(C), in bits, 64 bits each, big-endian. */
void ember_gcm_len_block(uint8_t b[16], size_t aad_len, size_t len);
/* Increments the low 32 bits of a counter block (inc32 of SP 800-38D 6.2), without a branch. */
static inline void ember_gcm_inc32(uint8_t *ctr)
{
	ember_st32be(ctr + 12, ember_ld32be(ctr + 12) + 1);
}
/*
 * The generic run: GCTR through ctx->aes's ECB slot on counter blocks
 * built here (inc32, so the counter wraps inside its 32 bits as the
 * specification says, whatever the AES implementation's own CTR does)
 * and GHASH through ctx->impl->ghash. The portable compositions use it.
 */
void ember_gcm_run_ecb(const ember_aes_gcm_ctx *ctx, int open, uint8_t tag[16], const uint8_t *iv, size_t iv_len,
    const uint8_t *aad, size_t aad_len, uint8_t *out, const uint8_t *in, size_t len);

/* Keys |ctx| with composition |g|: 0, EMBER_EINVAL, EMBER_EKEYLEN or EMBER_ENOTSUP. */
int ember_gcm_set_key(ember_aes_gcm_ctx *ctx, const ember_gcm_impl *g, const uint8_t *key, size_t key_len);

/* The descriptor slots every composition shares (over ember_aes_gcm_seal/open/clear). */
int ember_gcm_d_seal(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_gcm_d_open(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
void ember_gcm_d_clear(void *ctx);

/*
 * EMBER_GCM_DESC defines the descriptor |var| of composition |impl| (an
 * ember_gcm_impl of the file, whose supported() is |supported_f|) and its
 * set_key adapter <var>_set_key; no semicolon after it.
 */
#define EMBER_GCM_DESC(var, tag, flags, supported_f, impl)                                           \
	static int var##_set_key(void *c, const uint8_t *key, size_t key_len)                      \
	{                                                                                          \
		return ember_gcm_set_key((ember_aes_gcm_ctx *)c, &(impl), key, key_len);           \
	}                                                                                          \
	const ember_aead_desc var = { "aes-gcm", tag, flags, 16, 32, 1, EMBER_AEAD_MAX_NONCE_LEN,   \
		EMBER_GCM_IV_LEN, EMBER_GCM_TAG_LENS, EMBER_GCM_TAG_LEN, sizeof(ember_aes_gcm_ctx), \
		supported_f, var##_set_key, ember_gcm_d_seal, ember_gcm_d_open, ember_gcm_d_clear };

/* supported() of a composition this architecture cannot run. */
int ember_gcm_never(void);

#endif
