/*
 * aes_impl.h - what the AES implementations share (not installed).
 *
 * Every implementation keys an ember_aes_ctx and its descriptor slots take
 * that ctx (as void *). Layout of ctx->sk per implementation:
 *   ct     q[8 * (rounds + 1)]: bitsliced round keys, one set for both directions
 *   ct32   w[8 * (rounds + 1)]: bitsliced round keys (two lanes of 32-bit words,
 *          8 words per round, at most 120 words = 480 bytes), one set for both
 *          directions; fixsliced: round key r is stored with InvShiftRows
 *          applied r mod 4 times and, for r >= 1, the S-box constant 0x63 added
 *   tab    w[0..4 * (rounds + 1)): encryption words; w[120..]: decryption words
 *          (equivalent inverse cipher, FIPS 197 5.3.5)
 *   neon   b[0..16 * (rounds + 1)): encryption round keys, also used (backwards)
 *          to decrypt
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
extern const ember_block_desc ember_aes_ct32_desc;
extern const ember_block_desc ember_aes_tab_desc;
extern const ember_block_desc ember_aes_x86ni_desc;
extern const ember_block_desc ember_aes_avx512_desc;
extern const ember_block_desc ember_aes_armv8_desc;
extern const ember_block_desc ember_aes_neon_desc;

/*
 * Slots for descriptors of implementations this architecture cannot run:
 * supported() returns 0 there, so the registry never calls them.
 */
void ember_aes_never_ecb(const void *c, uint8_t *out, const uint8_t *in, size_t n);
void ember_aes_never_cbc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n);
void ember_aes_never_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len);

/* FIPS 197 5.1.1, Figure 7, and 5.3.2, Figure 14: the S-box and its inverse,
 * as lists from which aes_tab.c and aes_neon.c generate their tables. */
#define SBOX_LIST(X) \
	X(0x63) X(0x7c) X(0x77) X(0x7b) X(0xf2) X(0x6b) X(0x6f) X(0xc5) \
	X(0x30) X(0x01) X(0x67) X(0x2b) X(0xfe) X(0xd7) X(0xab) X(0x76) \
	X(0xca) X(0x82) X(0xc9) X(0x7d) X(0xfa) X(0x59) X(0x47) X(0xf0) \
	X(0xad) X(0xd4) X(0xa2) X(0xaf) X(0x9c) X(0xa4) X(0x72) X(0xc0) \
	X(0xb7) X(0xfd) X(0x93) X(0x26) X(0x36) X(0x3f) X(0xf7) X(0xcc) \
	X(0x34) X(0xa5) X(0xe5) X(0xf1) X(0x71) X(0xd8) X(0x31) X(0x15) \
	X(0x04) X(0xc7) X(0x23) X(0xc3) X(0x18) X(0x96) X(0x05) X(0x9a) \
	X(0x07) X(0x12) X(0x80) X(0xe2) X(0xeb) X(0x27) X(0xb2) X(0x75) \
	X(0x09) X(0x83) X(0x2c) X(0x1a) X(0x1b) X(0x6e) X(0x5a) X(0xa0) \
	X(0x52) X(0x3b) X(0xd6) X(0xb3) X(0x29) X(0xe3) X(0x2f) X(0x84) \
	X(0x53) X(0xd1) X(0x00) X(0xed) X(0x20) X(0xfc) X(0xb1) X(0x5b) \
	X(0x6a) X(0xcb) X(0xbe) X(0x39) X(0x4a) X(0x4c) X(0x58) X(0xcf) \
	X(0xd0) X(0xef) X(0xaa) X(0xfb) X(0x43) X(0x4d) X(0x33) X(0x85) \
	X(0x45) X(0xf9) X(0x02) X(0x7f) X(0x50) X(0x3c) X(0x9f) X(0xa8) \
	X(0x51) X(0xa3) X(0x40) X(0x8f) X(0x92) X(0x9d) X(0x38) X(0xf5) \
	X(0xbc) X(0xb6) X(0xda) X(0x21) X(0x10) X(0xff) X(0xf3) X(0xd2) \
	X(0xcd) X(0x0c) X(0x13) X(0xec) X(0x5f) X(0x97) X(0x44) X(0x17) \
	X(0xc4) X(0xa7) X(0x7e) X(0x3d) X(0x64) X(0x5d) X(0x19) X(0x73) \
	X(0x60) X(0x81) X(0x4f) X(0xdc) X(0x22) X(0x2a) X(0x90) X(0x88) \
	X(0x46) X(0xee) X(0xb8) X(0x14) X(0xde) X(0x5e) X(0x0b) X(0xdb) \
	X(0xe0) X(0x32) X(0x3a) X(0x0a) X(0x49) X(0x06) X(0x24) X(0x5c) \
	X(0xc2) X(0xd3) X(0xac) X(0x62) X(0x91) X(0x95) X(0xe4) X(0x79) \
	X(0xe7) X(0xc8) X(0x37) X(0x6d) X(0x8d) X(0xd5) X(0x4e) X(0xa9) \
	X(0x6c) X(0x56) X(0xf4) X(0xea) X(0x65) X(0x7a) X(0xae) X(0x08) \
	X(0xba) X(0x78) X(0x25) X(0x2e) X(0x1c) X(0xa6) X(0xb4) X(0xc6) \
	X(0xe8) X(0xdd) X(0x74) X(0x1f) X(0x4b) X(0xbd) X(0x8b) X(0x8a) \
	X(0x70) X(0x3e) X(0xb5) X(0x66) X(0x48) X(0x03) X(0xf6) X(0x0e) \
	X(0x61) X(0x35) X(0x57) X(0xb9) X(0x86) X(0xc1) X(0x1d) X(0x9e) \
	X(0xe1) X(0xf8) X(0x98) X(0x11) X(0x69) X(0xd9) X(0x8e) X(0x94) \
	X(0x9b) X(0x1e) X(0x87) X(0xe9) X(0xce) X(0x55) X(0x28) X(0xdf) \
	X(0x8c) X(0xa1) X(0x89) X(0x0d) X(0xbf) X(0xe6) X(0x42) X(0x68) \
	X(0x41) X(0x99) X(0x2d) X(0x0f) X(0xb0) X(0x54) X(0xbb) X(0x16)

#define INV_SBOX_LIST(X) \
	X(0x52) X(0x09) X(0x6a) X(0xd5) X(0x30) X(0x36) X(0xa5) X(0x38) \
	X(0xbf) X(0x40) X(0xa3) X(0x9e) X(0x81) X(0xf3) X(0xd7) X(0xfb) \
	X(0x7c) X(0xe3) X(0x39) X(0x82) X(0x9b) X(0x2f) X(0xff) X(0x87) \
	X(0x34) X(0x8e) X(0x43) X(0x44) X(0xc4) X(0xde) X(0xe9) X(0xcb) \
	X(0x54) X(0x7b) X(0x94) X(0x32) X(0xa6) X(0xc2) X(0x23) X(0x3d) \
	X(0xee) X(0x4c) X(0x95) X(0x0b) X(0x42) X(0xfa) X(0xc3) X(0x4e) \
	X(0x08) X(0x2e) X(0xa1) X(0x66) X(0x28) X(0xd9) X(0x24) X(0xb2) \
	X(0x76) X(0x5b) X(0xa2) X(0x49) X(0x6d) X(0x8b) X(0xd1) X(0x25) \
	X(0x72) X(0xf8) X(0xf6) X(0x64) X(0x86) X(0x68) X(0x98) X(0x16) \
	X(0xd4) X(0xa4) X(0x5c) X(0xcc) X(0x5d) X(0x65) X(0xb6) X(0x92) \
	X(0x6c) X(0x70) X(0x48) X(0x50) X(0xfd) X(0xed) X(0xb9) X(0xda) \
	X(0x5e) X(0x15) X(0x46) X(0x57) X(0xa7) X(0x8d) X(0x9d) X(0x84) \
	X(0x90) X(0xd8) X(0xab) X(0x00) X(0x8c) X(0xbc) X(0xd3) X(0x0a) \
	X(0xf7) X(0xe4) X(0x58) X(0x05) X(0xb8) X(0xb3) X(0x45) X(0x06) \
	X(0xd0) X(0x2c) X(0x1e) X(0x8f) X(0xca) X(0x3f) X(0x0f) X(0x02) \
	X(0xc1) X(0xaf) X(0xbd) X(0x03) X(0x01) X(0x13) X(0x8a) X(0x6b) \
	X(0x3a) X(0x91) X(0x11) X(0x41) X(0x4f) X(0x67) X(0xdc) X(0xea) \
	X(0x97) X(0xf2) X(0xcf) X(0xce) X(0xf0) X(0xb4) X(0xe6) X(0x73) \
	X(0x96) X(0xac) X(0x74) X(0x22) X(0xe7) X(0xad) X(0x35) X(0x85) \
	X(0xe2) X(0xf9) X(0x37) X(0xe8) X(0x1c) X(0x75) X(0xdf) X(0x6e) \
	X(0x47) X(0xf1) X(0x1a) X(0x71) X(0x1d) X(0x29) X(0xc5) X(0x89) \
	X(0x6f) X(0xb7) X(0x62) X(0x0e) X(0xaa) X(0x18) X(0xbe) X(0x1b) \
	X(0xfc) X(0x56) X(0x3e) X(0x4b) X(0xc6) X(0xd2) X(0x79) X(0x20) \
	X(0x9a) X(0xdb) X(0xc0) X(0xfe) X(0x78) X(0xcd) X(0x5a) X(0xf4) \
	X(0x1f) X(0xdd) X(0xa8) X(0x33) X(0x88) X(0x07) X(0xc7) X(0x31) \
	X(0xb1) X(0x12) X(0x10) X(0x59) X(0x27) X(0x80) X(0xec) X(0x5f) \
	X(0x60) X(0x51) X(0x7f) X(0xa9) X(0x19) X(0xb5) X(0x4a) X(0x0d) \
	X(0x2d) X(0xe5) X(0x7a) X(0x9f) X(0x93) X(0xc9) X(0x9c) X(0xef) \
	X(0xa0) X(0xe0) X(0x3b) X(0x4d) X(0xae) X(0x2a) X(0xf5) X(0xb0) \
	X(0xc8) X(0xeb) X(0xbb) X(0x3c) X(0x83) X(0x53) X(0x99) X(0x61) \
	X(0x17) X(0x2b) X(0x04) X(0x7e) X(0xba) X(0x77) X(0xd6) X(0x26) \
	X(0xe1) X(0x69) X(0x14) X(0x63) X(0x55) X(0x21) X(0x0c) X(0x7d)

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

/*
 * The descriptor slots of an AES implementation file: typed adapters over
 * its ECB, CBC and CTR functions (no function-pointer casts).
 * EMBER_AES_ADAPTERS names five functions taking const ember_aes_ctx *
 * and defines d_enc, d_dec, d_cbc_enc, d_cbc_dec and d_ctr over them (a
 * file whose modes already have the slots' types defines those itself,
 * or takes aes_unsupported.h's; no semicolon after it). EMBER_AES_DESC
 * then defines d_set_key over the file's public setter and the descriptor
 * |var| with those slots.
 */
#define EMBER_AES_ADAPTERS(ecb_e, ecb_d, cbc_e, cbc_d, ctr_f)                        \
	static void d_enc(const void *c, uint8_t *out, const uint8_t *in, size_t n)  \
	{                                                                            \
		ecb_e((const ember_aes_ctx *)c, out, in, n);                         \
	}                                                                            \
	static void d_dec(const void *c, uint8_t *out, const uint8_t *in, size_t n)  \
	{                                                                            \
		ecb_d((const ember_aes_ctx *)c, out, in, n);                         \
	}                                                                            \
	static void d_cbc_enc(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) \
	{                                                                            \
		cbc_e((const ember_aes_ctx *)c, iv, out, in, n);                     \
	}                                                                            \
	static void d_cbc_dec(const void *c, uint8_t *iv, uint8_t *out, const uint8_t *in, size_t n) \
	{                                                                            \
		cbc_d((const ember_aes_ctx *)c, iv, out, in, n);                     \
	}                                                                            \
	static void d_ctr(const void *c, uint8_t *cb, uint8_t *out, const uint8_t *in, size_t len) \
	{                                                                            \
		ctr_f((const ember_aes_ctx *)c, cb, out, in, len);                   \
	}

#define EMBER_AES_DESC(var, tag, flags, supported_f, set_key)                       \
	static int d_set_key(void *c, const uint8_t *key, size_t key_len, unsigned param) \
	{                                                                            \
		(void)param;                                                         \
		return set_key((ember_aes_ctx *)c, key, key_len);                    \
	}                                                                            \
	const ember_block_desc var = { "aes", tag, flags, 16, 16, 32, sizeof(ember_aes_ctx), \
		supported_f, d_set_key, d_enc, d_dec, d_cbc_enc, d_cbc_dec, d_ctr, NULL }

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
