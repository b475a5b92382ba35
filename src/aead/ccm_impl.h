/*
 * ccm_impl.h - what the AES-CCM implementations share (not installed).
 *
 * A CCM implementation is an AES implementation (its block descriptor)
 * and, optionally, its own loop over the payload: ccm.c formats B0 and
 * the AAD (CBC-MAC through the AES descriptor's slots), finishes the tag
 * and checks it; the payload is either ccm.c's two passes through the
 * block slots (CBC-MAC, then CTR, or the reverse to open) or the
 * implementation's one loop (ccm_x86ni.c: CBC-MAC and CTR stitched).
 */
#ifndef EMBER_CCM_IMPL_H
#define EMBER_CCM_IMPL_H

#include "internal.h"
#include "ember/aead.h"
#include "ember/cipher.h"
#include "cipher/aes_impl.h"

/* tags of 4, 6, 8, 10, 12, 14, 16 bytes (SP 800-38C A.1) */
#define EMBER_CCM_TAG_LENS 0x15550u

typedef struct ember_ccm_impl {
	const ember_block_desc *aes;
	/*
	 * NULL, or the payload in one pass: the CBC-MAC value |x| (after B0
	 * and the AAD) continued over the plaintext, zero-padded, and CTR
	 * from counter block |ctr| (Ctr_1) over |len| > 0 bytes, |out| == |in|
	 * allowed. |open|: |in| is the ciphertext. The counter never carries
	 * out of its q bytes (ccm.c's length check).
	 */
	void (*payload)(const ember_aes_ctx *aes, int open, uint8_t x[16], const uint8_t ctr[16], uint8_t *out,
	    const uint8_t *in, size_t len);
} ember_ccm_impl;

int ember_ccm_set_key(ember_aes_ccm_ctx *ctx, const ember_ccm_impl *m, const uint8_t *key, size_t key_len);
int ember_ccm_d_seal(const void *ctx, uint8_t *out, uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
int ember_ccm_d_open(const void *ctx, uint8_t *out, const uint8_t *tag, size_t tag_len, const uint8_t *nonce,
    size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in, size_t in_len);
void ember_ccm_d_clear(void *ctx);

/*
 * The descriptor ember_aes_ccm_<x>_desc of CCM over AES implementation
 * ember_aes_<x>_desc, with flags |fl| and payload loop |pay| (NULL: ccm.c's).
 */
#define EMBER_CCM_DESC(x, fl, pay)                                                                       \
	static const ember_ccm_impl ccm_##x = { &ember_aes_##x##_desc, pay };                           \
	static int sup_##x(void)                                                                         \
	{                                                                                                \
		return ember_aes_##x##_desc.supported == NULL || ember_aes_##x##_desc.supported();       \
	}                                                                                                \
	static int set_##x(void *c, const uint8_t *key, size_t key_len)                                \
	{                                                                                                \
		return ember_ccm_set_key((ember_aes_ccm_ctx *)c, &ccm_##x, key, key_len);                \
	}                                                                                                \
	const ember_aead_desc ember_aes_ccm_##x##_desc = { "aes-ccm", #x, fl, 16, 32, 7, 13,             \
		EMBER_CCM_NONCE_LEN, EMBER_CCM_TAG_LENS, EMBER_CCM_TAG_LEN, sizeof(ember_aes_ccm_ctx),   \
		sup_##x, set_##x, ember_ccm_d_seal, ember_ccm_d_open, ember_ccm_d_clear };

#endif
