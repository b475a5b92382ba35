/*
 * chacha.h - ChaCha20, Poly1305 and the ChaCha20-Poly1305 AEAD (RFC 8439).
 *
 * Every call uses the implementation registry.c picks for this CPU: the
 * ChaCha20 and Poly1305 halves of the default "chacha20-poly1305" AEAD
 * descriptor (ember/aead.h). The others are reached through the AEAD
 * descriptors (ember_aead_find("chacha20-poly1305", "avx2") ...), one per
 * pair of a ChaCha20 and a Poly1305 implementation.
 *
 * All of them are constant-time: no branch, index or loop bound depends on
 * a key, a keystream, a plaintext or a tag.
 */
#ifndef EMBER_CHACHA_H
#define EMBER_CHACHA_H

#include <stddef.h>
#include <stdint.h>

#include "util.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMBER_CHACHA20_KEY_LEN 32
#define EMBER_CHACHA20_NONCE_LEN 12
#define EMBER_CHACHA20_BLOCK_LEN 64
#define EMBER_POLY1305_KEY_LEN 32
#define EMBER_POLY1305_TAG_LEN 16
#define EMBER_CHACHA20_POLY1305_KEY_LEN 32
#define EMBER_CHACHA20_POLY1305_NONCE_LEN 12
#define EMBER_CHACHA20_POLY1305_TAG_LEN 16
/* RFC 8439, 2.8: 2^32 - 1 blocks of 64 bytes after the block that keys Poly1305 */
#define EMBER_CHACHA20_POLY1305_MAX_LEN ((uint64_t)274877906880u) /* 2^38 - 64 */

/*
 * ember_chacha20_xor XORs |len| bytes of the ChaCha20 keystream (RFC 8439,
 * 2.4: 32-bit block counter starting at |counter|, 96-bit nonce) into
 * |in|, writing |out| (the same buffer, or not overlapping). Encryption and
 * decryption are the same call. Returns 0; EMBER_EINVAL for a NULL key or
 * nonce, or a NULL buffer with a non-zero length; EMBER_ELEN when the
 * counter would wrap (counter + ceil(len / 64) > 2^32), before writing.
 */
int ember_chacha20_xor(const uint8_t key[EMBER_CHACHA20_KEY_LEN], const uint8_t nonce[EMBER_CHACHA20_NONCE_LEN],
    uint32_t counter, uint8_t *out, const uint8_t *in, size_t len);

/*
 * Poly1305 (RFC 8439, 2.5) with a 32-byte one-time key r || s. A key must
 * never authenticate two messages. init, update and final are the
 * incremental form of ember_poly1305; final wipes the context.
 */
struct ember_poly1305_impl;
typedef struct ember_poly1305_ctx {
	uint64_t st[12];   /* the implementation's accumulator, r and s */
	uint8_t buf[16];   /* a partial block */
	unsigned used;     /* bytes in buf */
	const struct ember_poly1305_impl *impl;
} ember_poly1305_ctx;

void ember_poly1305_init(ember_poly1305_ctx *c, const uint8_t key[EMBER_POLY1305_KEY_LEN]);
void ember_poly1305_update(ember_poly1305_ctx *c, const void *data, size_t len);
void ember_poly1305_final(ember_poly1305_ctx *c, uint8_t tag[EMBER_POLY1305_TAG_LEN]);
void ember_poly1305(uint8_t tag[EMBER_POLY1305_TAG_LEN], const uint8_t key[EMBER_POLY1305_KEY_LEN],
    const void *data, size_t len);

/*
 * ember_chacha20_poly1305_seal and _open: AEAD_CHACHA20_POLY1305 (RFC 8439,
 * 2.8) in one call, with aead.h's arguments (the 32-byte key in place of
 * the context) and its codes, checked in this order before |out| is
 * touched: EMBER_EINVAL (NULL key, tag, or a NULL buffer with a non-zero
 * length), EMBER_ENONCE (nonce_len != 12), EMBER_ETAG (tag_len != 16),
 * EMBER_ELEN (in_len > 2^38 - 64). open computes the tag over the
 * ciphertext first and decrypts only when it matches (ember_memeq): on
 * EMBER_EVERIFY |out| is not written at all.
 */
int ember_chacha20_poly1305_seal(const uint8_t key[EMBER_CHACHA20_POLY1305_KEY_LEN], uint8_t *out, uint8_t *tag,
    size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len, const uint8_t *in,
    size_t in_len);
int ember_chacha20_poly1305_open(const uint8_t key[EMBER_CHACHA20_POLY1305_KEY_LEN], uint8_t *out,
    const uint8_t *tag, size_t tag_len, const uint8_t *nonce, size_t nonce_len, const uint8_t *aad, size_t aad_len,
    const uint8_t *in, size_t in_len);

#ifdef __cplusplus
}
#endif

#endif
