/*
 * aes_impl.h - what the AES implementations share (not installed).
 *
 * Every implementation keys an ember_aes_ctx and its descriptor slots take
 * that ctx (as void *). Layout of ctx->sk per implementation:
 *   ct     q[8 * (rounds + 1)]: bitsliced round keys, one set for both directions
 *   tab    w[0..4 * (rounds + 1)): encryption words; w[120..]: decryption words
 *          (equivalent inverse cipher, FIPS 197 5.3.5)
 *   x86ni, avx512, armv8
 *          b[0..16 * (rounds + 1)): encryption round keys;
 *          b[480..]: decryption round keys in the order they are used
 *          (equivalent inverse cipher: InvMixColumns applied to the middle ones)
 */
#ifndef EMBER_AES_IMPL_H
#define EMBER_AES_IMPL_H

#include "internal.h"
#include "ember/cipher.h"

#define EMBER_AES_DEC_OFF 480 /* byte offset of the decryption keys in sk.b */
#define EMBER_AES_DEC_WORDS 120 /* word offset of the decryption keys in sk.w */

extern const ember_block_desc ember_aes_ct_desc;
extern const ember_block_desc ember_aes_tab_desc;
extern const ember_block_desc ember_aes_x86ni_desc;
extern const ember_block_desc ember_aes_avx512_desc;
extern const ember_block_desc ember_aes_armv8_desc;

/*
 * Slots for descriptors of implementations this architecture cannot run:
 * supported() returns 0 there, so the registry never calls them.
 */
void ember_aes_never_ecb(const void *c, uint8_t *out, const uint8_t *in, size_t n);
void ember_aes_never_cbc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n);
void ember_aes_never_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len);

/* ember_aes_rounds returns 10, 12 or 14 for a 16-, 24- or 32-byte key, else 0. */
static inline unsigned ember_aes_rounds(size_t key_len)
{
	return key_len == 16 ? 10 : key_len == 24 ? 12 : key_len == 32 ? 14 : 0;
}

/*
 * ember_aes_expand writes the 4 * (rounds + 1) words of the FIPS 197 5.2 key
 * expansion into |w|. Words are little-endian (byte 0 of the key is the low
 * byte of w[0]), the order AES instructions read them from memory.
 * |subword| applies the S-box to each byte of a word; each implementation
 * supplies its own (constant-time where the implementation is).
 */
void ember_aes_expand(uint32_t *w, const uint8_t *key, size_t key_len, uint32_t (*subword)(uint32_t));

/* Increments the 16-byte big-endian counter block |ctr| by one. */
static inline void ember_aes_ctr_inc(uint8_t *ctr)
{
	unsigned i, carry = 1;

	for (i = 16; i-- > 0;) {
		carry += ctr[i];
		ctr[i] = (uint8_t)carry;
		carry >>= 8;
	}
}

#if defined(EMBER_X86)
/*
 * The AES-NI code paths, shared with the VAES implementation (which uses
 * the same key schedule and delegates CBC encryption and short tails).
 */
int ember_aes_x86ni_schedule(ember_aes_ctx *ctx, const uint8_t *key, size_t key_len);
void ember_aes_x86ni_cbc_enc(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
			     size_t nblocks);
void ember_aes_x86ni_cbc_dec(const ember_aes_ctx *ctx, uint8_t *iv, uint8_t *out, const uint8_t *in,
			     size_t nblocks);
void ember_aes_x86ni_ecb_enc(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_aes_x86ni_ecb_dec(const ember_aes_ctx *ctx, uint8_t *out, const uint8_t *in, size_t nblocks);
void ember_aes_x86ni_ctr(const ember_aes_ctx *ctx, uint8_t *ctr, uint8_t *out, const uint8_t *in, size_t len);
#endif

#endif
