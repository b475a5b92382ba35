/*
 * chacha20_impl.h - what the ChaCha20 and Poly1305 implementation files
 * provide, and the context of the chacha20-poly1305 AEAD descriptors that
 * pairs one of each (chacha20_poly1305.c); not installed.
 *
 * A ChaCha20 implementation (chacha20_<impl>.c) is one ember_chacha20_impl:
 * its xor writes in ^ keystream for any length, several blocks per step. A
 * Poly1305 implementation (poly1305_<impl>.c) is one ember_poly1305_impl:
 * init, whole 16-byte blocks, finish. Both are defined on every target;
 * off their architecture supported() returns 0 and the functions are never
 * called. Neither names the other or the registry: the pairs are the AEAD
 * descriptors, and the registry's order of those decides the defaults.
 */
#ifndef EMBER_AEAD_CHACHA20_IMPL_H
#define EMBER_AEAD_CHACHA20_IMPL_H

#include "internal.h"
#include "ember/chacha.h"

/* RFC 8439, 2.3: "expand 32-byte k" */
#define EMBER_CHACHA_C0 0x61707865u
#define EMBER_CHACHA_C1 0x3320646eu
#define EMBER_CHACHA_C2 0x79622d32u
#define EMBER_CHACHA_C3 0x6b206574u

/*
 * xor: |len| bytes of in ^ keystream to |out| (in place, or not
 * overlapping), blocks counter, counter + 1 ... under the eight key words
 * and three nonce words (little-endian loads of the RFC's bytes). The
 * caller has checked that the counter does not wrap: counter +
 * ceil(len / 64) <= 2^32. Keystream left on the stack is wiped.
 */
typedef struct ember_chacha20_impl {
	const char *impl;       /* "ref", "sse2", "avx2", "avx512", "neon" */
	int (*supported)(void); /* NULL: always */
	void (*xor)(const uint32_t key[8], const uint32_t nonce[3], uint32_t counter, uint8_t *out,
	    const uint8_t *in, size_t len);
} ember_chacha20_impl;

/*
 * init: r (clamped) and s from the 32-byte one-time key, accumulator 0, in
 * st (at most EMBER_POLY1305_ST_WORDS words). blocks: |nblocks| 16-byte
 * blocks, each with 2^128 added (pad_bit 1: whole message blocks) or not
 * (pad_bit 0: the last, partial block, whose 0x01 byte the caller wrote).
 * finish: (h mod 2^130 - 5) + s mod 2^128 as 16 bytes; st is then spent.
 */
#define EMBER_POLY1305_ST_WORDS 12
typedef struct ember_poly1305_impl {
	const char *impl;       /* "ref64" (radix 2^44), "ref32" (radix 2^26), "avx512ifma", "neon" */
	int (*supported)(void); /* NULL: always */
	void (*init)(uint64_t *st, const uint8_t key[32]);
	void (*blocks)(uint64_t *st, const uint8_t *p, size_t nblocks, unsigned pad_bit);
	void (*finish)(uint64_t *st, uint8_t tag[16]);
} ember_poly1305_impl;

extern const ember_chacha20_impl ember_chacha20_ref, ember_chacha20_sse2, ember_chacha20_avx2,
    ember_chacha20_avx512, ember_chacha20_neon;
extern const ember_poly1305_impl ember_poly1305_ref32, ember_poly1305_ref64, ember_poly1305_avx512ifma,
    ember_poly1305_neon;

/* The keyed context of every chacha20-poly1305 descriptor: the key and the pair. */
typedef struct ember_chacha20_poly1305_ctx {
	uint32_t key[8];
	const ember_chacha20_impl *chacha;
	const ember_poly1305_impl *poly;
} ember_chacha20_poly1305_ctx;

/*
 * ember_chacha20_poly1305_default keys |c| through the registry's default
 * chacha20-poly1305 descriptor (chacha20_poly1305.c): the one place the
 * ChaCha20 and Poly1305 calls learn which implementations to use.
 */
void ember_chacha20_poly1305_default(ember_chacha20_poly1305_ctx *c, const uint8_t key[32]);

/*
 * Seal's first EMBER_CHACHA20_POLY1305_HEAD bytes of message are encrypted
 * in the ChaCha20 call that makes the Poly1305 key (block 0), the rest from
 * block 1 + HEAD / 64 on (chacha20_poly1305.c).
 */
#define EMBER_CHACHA20_POLY1305_HEAD 960

#if defined(EMBER_X86) && defined(__x86_64__)
/*
 * The avx512ifma pair's seal core (chacha20_poly1305_avx512ifma.c), for a
 * message of len > EMBER_CHACHA20_POLY1305_HEAD bytes whose first HEAD
 * bytes of ciphertext are already in |out|: encrypts the rest from |in|,
 * and runs Poly1305 (|st|, radix 2^44 as poly1305_avx512ifma.c keeps it,
 * after the AAD) over the whole groups of eight blocks of |out|. Returns
 * the ciphertext bytes Poly1305 has taken (a multiple of 16); the caller
 * finishes the rest with the avx512ifma blocks function.
 */
size_t ember_chacha20_poly1305_avx512ifma_stitch(const uint32_t key[8], const uint32_t nonce[3], uint64_t *st,
    uint8_t *out, const uint8_t *in, size_t len);
#endif

/* Poly1305 with implementation |impl| (poly1305.c; the tests use it per implementation). */
void ember_poly1305_start(ember_poly1305_ctx *c, const ember_poly1305_impl *impl, const uint8_t key[32]);

static inline void ember_chacha20_load(uint32_t *w, const uint8_t *p, size_t n)
{
	size_t i;
	for (i = 0; i < n; i++)
		w[i] = ember_ld32le(p + 4 * i);
}

/*
 * out = in ^ ks for n bytes (a step shorter than an implementation's
 * whole one), eight bytes at a time: memcpy is a plain load or store where
 * the target allows unaligned ones, and byte accesses elsewhere.
 */
static inline void ember_chacha20_xor_bytes(uint8_t *out, const uint8_t *in, const uint8_t *ks, size_t n)
{
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		uint64_t a, b;
		memcpy(&a, in + i, 8);
		memcpy(&b, ks + i, 8);
		a ^= b;
		memcpy(out + i, &a, 8);
	}
	for (; i < n; i++)
		out[i] = (uint8_t)(in[i] ^ ks[i]);
}

#endif
